"""Flows: a conversation through several dialogs read as one generator, driven headless.

A fake shell stands in for the engine: it records each dialog opened and answers it.
"""

from __future__ import annotations

from game.app.dialogs.flows import Flow, ask_checked_text, ask_leave, ask_yes_no, run_flow
from game.app.dialogs.questions import Answer, AskText, AskYesNo, LeaveChoice
from game.app.screens import ConfirmScreen, EditorLeaveScreen, PromptScreen, Screen
from game.core.problems import refusal


class Dialogs:
    """Opens nothing: keeps the dialog screens a flow asked for, to be answered by the test."""

    def __init__(self) -> None:
        self.opened: list[Screen] = []

    def open(self, screen: Screen) -> None:
        self.opened.append(screen)

    def answer(self, answer: Answer) -> None:
        last = self.opened[-1]
        assert isinstance(last, PromptScreen | ConfirmScreen | EditorLeaveScreen)
        last.reply(answer)


def test_a_checked_text_is_asked_again_with_the_problem_and_the_text_kept() -> None:
    dialogs, said = Dialogs(), []

    def flow() -> Flow:
        name = yield from ask_checked_text(
            "Save", "a name", lambda text: None if text else refusal("A name, please"), "suggested"
        )
        said.append(name)

    run_flow(dialogs.open, flow())
    first = dialogs.opened[0]
    assert isinstance(first, PromptScreen)
    assert first.question == AskText("Save", "a name", "suggested")
    dialogs.answer("   ")
    again = dialogs.opened[1]
    assert isinstance(again, PromptScreen) and again.question.error == "A name, please"
    assert again.question.text == "   "
    dialogs.answer("  mine ")
    assert said == ["mine"] and len(dialogs.opened) == 2


def test_a_flow_goes_on_after_yes_and_stops_after_no_or_esc() -> None:
    for answer, expected in ((True, ["written"]), (False, []), (None, [])):
        dialogs = Dialogs()
        done: list[str] = []

        def flow(done: list[str] = done) -> Flow:
            if (yield from ask_yes_no("Replace it?", "It exists.")):
                done.append("written")

        run_flow(dialogs.open, flow())
        confirm = dialogs.opened[0]
        assert isinstance(confirm, ConfirmScreen)
        assert confirm.question == AskYesNo("Replace it?", "It exists.")
        dialogs.answer(answer)
        assert done == expected


def test_a_cancelled_text_ends_the_flow_and_leave_defaults_to_stay() -> None:
    dialogs = Dialogs()
    seen: list[str | LeaveChoice | None] = []

    def flow() -> Flow:
        text = yield from ask_checked_text("Title", "hint", lambda text: None)
        seen.append(text)
        choice = yield from ask_leave()
        seen.append(choice)

    run_flow(dialogs.open, flow())
    dialogs.answer(None)
    assert seen == [None]
    assert isinstance(dialogs.opened[-1], EditorLeaveScreen)
    dialogs.answer("not a choice")
    assert seen == [None, LeaveChoice.STAY]
