"""Conversations through several dialogs written as one generator: ask, read the answer, go on.

``name = yield from ask_text(...)`` opens a dialog and resumes with its answer; run_flow starts one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from game.app.dialogs.questions import Answer, AskLeave, AskText, AskYesNo, LeaveChoice, Question
from game.app.screens import ConfirmScreen, EditorLeaveScreen, PromptScreen, Screen
from game.core.problems import Problem

Flow = Generator[Question, Answer, None]
Ask = Generator[Question, Answer, object]


def ask_text(
    title: str, hint: str, text: str = "", max_length: int = 1000, error: str = ""
) -> Generator[Question, Answer, str | None]:
    """The typed text, or None if the player cancelled."""
    answer = yield AskText(title, hint, text, max_length, error)
    return answer if isinstance(answer, str) else None


def ask_checked_text(
    title: str,
    hint: str,
    problem: Callable[[str], Problem | None],
    text: str = "",
    max_length: int = 1000,
) -> Generator[Question, Answer, str | None]:
    """Text that ``problem`` accepts (its objection is shown and the dialog asked again, with
    the text kept), stripped; None if the player cancelled."""
    error = ""
    while True:
        answer = yield from ask_text(title, hint, text, max_length, error)
        if answer is None:
            return None
        found = problem(answer.strip())
        if found is None:
            return answer.strip()
        text, error = answer, found.text


def ask_yes_no(title: str, question: str) -> Generator[Question, Answer, bool]:
    answer = yield AskYesNo(title, question)
    return answer is True


def ask_leave() -> Generator[Question, Answer, LeaveChoice]:
    answer = yield AskLeave()
    return answer if isinstance(answer, LeaveChoice) else LeaveChoice.STAY


def dialog_for(question: Question, reply: Callable[[Answer], None]) -> Screen:
    """The screen that asks ``question`` and calls ``reply`` with the answer once it closes."""
    if isinstance(question, AskText):
        return PromptScreen(question, reply)
    if isinstance(question, AskYesNo):
        return ConfirmScreen(question, reply)
    return EditorLeaveScreen(reply)


def run_flow(open_screen: Callable[[Screen], None], flow: Flow) -> None:
    """Start ``flow``: each question opens its dialog; the dialog's answer resumes the flow.

    Dialogs close before they answer, so a flow may open any screen after a question.
    """

    def advance(answer: Answer) -> None:
        try:
            question = flow.send(answer)
        except StopIteration:
            return
        open_screen(dialog_for(question, advance))

    advance(None)
