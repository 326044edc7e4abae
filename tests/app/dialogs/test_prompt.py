"""The dialogs that ask: a text prompt answers with its text or None, and a refused text is
asked again with the objection until it is edited; yes or no answers after the dialog closes."""

from __future__ import annotations

import pytest

from game.app.dialogs.prompt import Confirmation, ConfirmKey, Prompt, PromptKey, PromptView
from game.app.dialogs.questions import Answer, AskText, AskYesNo
from game.app.dialogs.text_line import CaretTo, LineKey, MoveCaret, TextLineView, Typed
from tests.app.fake_shell import FakeShell


def opened(question: AskText) -> tuple[FakeShell, Prompt, list[Answer]]:
    """A prompt open, and the answers it gave."""
    answers: list[Answer] = []
    shell = FakeShell()
    return shell, Prompt(shell, question, answers.append), answers


def test_a_suggestion_is_replaced_by_typing_and_enter_answers_with_the_text() -> None:
    shell, prompt, answers = opened(AskText("Save the game", "A name.", "level 3", 60))
    assert prompt.view() == PromptView(
        "Save the game", "A name.", TextLineView("level 3", 7, (0, 7), "7/60"), ""
    )
    prompt.handle(Typed("mine"))
    prompt.handle(PromptKey.OK)
    assert answers == ["mine"] and shell.closed


def test_esc_answers_none() -> None:
    shell, prompt, answers = opened(AskText("Open", "A path.", "x"))
    prompt.handle(PromptKey.CANCEL)
    assert answers == [None] and shell.closed


def test_a_text_asked_again_keeps_the_objection_until_it_is_edited() -> None:
    _, prompt, answers = opened(AskText("Save", "A name.", "   ", error="A save needs a name."))
    view = prompt.view()
    assert view.error == "A save needs a name." and view.field.selection == (3, 3)
    prompt.handle(MoveCaret(CaretTo.START))
    assert prompt.view().error == ""
    prompt.handle(LineKey.SELECT_ALL)
    prompt.handle(Typed("fixed"))
    prompt.handle(PromptKey.OK)
    assert answers == ["fixed"]


def test_ctrl_v_pastes_the_shells_clipboard() -> None:
    shell, prompt, _ = opened(AskText("Open", "A path.", "", 1000))
    shell.clipboard.put("/home/me/levels.xsb\n")
    prompt.handle(LineKey.PASTE)
    assert prompt.view().field.text == "/home/me/levels.xsb"


@pytest.mark.parametrize(("key", "expected"), [(ConfirmKey.YES, True), (ConfirmKey.NO, False)])
def test_a_confirmation_closes_then_answers(key: ConfirmKey, expected: bool) -> None:
    shell, answers = FakeShell(), []
    question = AskYesNo("Delete?", "Gone for good.")

    def reply(answer: Answer) -> None:
        answers.append((answer, shell.closed))

    confirmation = Confirmation(shell, question, reply)
    assert confirmation.view() == question
    confirmation.handle(key)
    assert answers == [(expected, True)]
