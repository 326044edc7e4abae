"""The level complete screen as a model: the results of the level just solved, what they mean,
and the ways on (the next level, again, its solutions, another random level, back).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app import navigation
from game.app.dialogs.menu import Choice, MenuCommand, MenuModel, MenuView
from game.app.level_result import LevelResult
from game.app.notice import Tone
from game.app.screens import LevelSelectScreen, RandomLevelScreen, SolutionsScreen
from game.app.shell import Shell
from game.core.wording import format_time


@dataclass(frozen=True)
class LevelCompleteView:
    """The heading, the level's name, the rows of results, the note and the menu; ``replayed``
    is a solution shown, not solved; ``back`` names where Esc goes."""

    replayed: bool
    title: str
    rows: tuple[tuple[str, str], ...]
    note: str
    note_tone: Tone
    menu: MenuView
    has_next: bool
    back: str


class LevelComplete:
    """Congratulations and the results of the level just solved."""

    def __init__(self, shell: Shell, result: LevelResult) -> None:
        self.shell = shell
        self.result = result
        context = shell.context
        following = result.level_index + 1
        session = context.session
        self.has_next = following < session.level_count and navigation.level_is_open(
            context, following
        )
        self.last = following >= session.level_count
        # A test play goes back to the editor it came from, a random level to the generator,
        # not to a list of their one level.
        self.test_play = session.is_test_play
        self.random = session.is_random
        self.back_label = (
            "Back to the editor"
            if self.test_play
            else "Back to the generator" if self.random else "Back to the levels"
        )
        choices = [Choice("Play again", self.again), Choice(self.back_label, self.back)]
        if not self.test_play:  # a test play's store lasts only as long as the test play
            solutions = SolutionsScreen(result.level_index)
            choices.insert(1, Choice("Solutions", lambda: shell.open(solutions)))
        if self.has_next:
            choices.insert(0, Choice("Next level", self._next))
        if self.random:
            choices.insert(0, Choice("Make another", self._another))
        self.menu = MenuModel(choices)
        if not self.has_next and not self.random:
            # The last level: the natural way on is back to the list.
            self.menu.select(len(choices) - 1)

    def handle(self, command: MenuCommand) -> None:
        self.menu.handle(command)

    def again(self) -> None:
        navigation.restart_in_place(self.shell, self.result.level_index)

    def back(self) -> None:
        navigation.leave_level(self.shell)
        back_where_started = self.test_play or self.random
        if not back_where_started and not isinstance(self.shell.top_screen(), LevelSelectScreen):
            self.shell.open(LevelSelectScreen())

    def _another(self) -> None:
        navigation.leave_level(self.shell)
        self.shell.replace(RandomLevelScreen(another=True))

    def _next(self) -> None:
        navigation.restart_in_place(self.shell, self.result.level_index + 1)

    def view(self) -> LevelCompleteView:
        note, tone = self._note()
        return LevelCompleteView(
            self.result.shown,
            self.result.title,
            self._rows(),
            note,
            tone,
            self.menu.view(),
            self.has_next,
            self.back_label,
        )

    def _rows(self) -> tuple[tuple[str, str], ...]:
        result = self.result
        rows = [
            ("Moves", str(result.moves)),
            ("Pushes", str(result.pushes)),
            ("Time", format_time(result.seconds)),
        ]
        if self.test_play:
            return tuple(rows)  # a test play scores nothing; the saved level is, when played
        if result.par_moves and result.par_pushes:
            rows.append(("Par (moves/pushes)", f"{result.par_moves}/{result.par_pushes}"))
        rows.append(("This level", score_text(result)))
        rows.append(("Total score, all levels", f"{result.total_score:,}"))
        return tuple(rows)

    def _note(self) -> tuple[str, Tone]:
        """What the results mean (a new best, a replay, a test play) and where the collection
        ends; or the save's problem."""
        if self.result.save_problem is not None:
            return self.result.save_problem, Tone.DANGER
        note = "New best for this level!" if self.result.new_record else ""
        if self.result.shown:
            note = "A replay scores nothing: solve it yourself to count it."
        elif self.test_play:
            note = "A test play is not scored: save the level, then play it."
        if not self.has_next and not self.test_play and not self.random:
            ending = (
                "That was the last level of the collection."
                if self.last
                else "Next chapter: solve 70% of this one."
            )
            note = (note + "  " if note else "") + ending
        return note, Tone.GUIDE


def score_text(result: LevelResult) -> str:
    """The score row: none for a replay, and a run that scored less says the best stays."""
    if result.shown:
        return "none (shown)"
    if result.score < result.best_score:
        return f"+{result.score:,}, best stays {result.best_score:,}"
    return f"+{result.score:,}"
