"""Shift+H in reverse play, as the play screen asks it: the next pull from the plan at hand, or
else a search in the solver's worker through the job driver (the loop never waits for it).

The plan and the hint it gives are game.app.reverse_hint's; this is the asking and the answer told.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.app.assist import SolverAssist
from game.app.assist_machine import HINT_TIME_LIMIT
from game.app.context import PlayContext
from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import Job, JobState, Purpose
from game.app.jobs.solver_service import Solved, SolveRequest, player_workers
from game.app.notice import Tone
from game.app.play_controller import PlayController
from game.app.reverse_hint import TAKEN, PullHint, PullHints
from game.app.shell import Shell
from game.core.level import Level
from game.core.problems import Problem
from game.core.reverse_play import ReverseGame


class PullHintSearch:
    """The pull hints of ``level``, played by ``controller`` in ``context``, searched for with
    ``assist``'s solver and method."""

    def __init__(
        self,
        shell: Shell,
        level: Level,
        context: PlayContext,
        controller: PlayController,
        assist: SolverAssist,
    ) -> None:
        self.shell = shell
        self.context = context
        self.controller = controller
        self.assist = assist
        # Shift+H in reverse play: the next pull, from the solver's plan of the level.
        self.pulls = PullHints(level)
        self._taken = False  # whether another's search took the solver from it

    @property
    def searching(self) -> bool:
        return self.shell.jobs.busy(self, Purpose.PULL_HINT)

    def stop(self) -> None:
        self.shell.jobs.cancel(self, Purpose.PULL_HINT)

    def ask(self) -> None:
        """Shift+H while pulling: the next pull from the plan at hand, else ask the solver (in
        its worker, through the job driver: the loop never waits for it)."""
        game = self.controller.reverse.game
        if game is None:
            return
        answer = self.pulls.ask(game)
        if answer is not None:
            self._show(answer)
            return
        self._taken = False
        self._search(game)

    def _search(self, game: ReverseGame) -> None:
        assist = self.assist
        target, boxes = self.pulls.search_level(game), game.box_squares()

        def start() -> Job[Solved]:
            request = SolveRequest(target, assist.method, HINT_TIME_LIMIT, player_workers())
            return assist.solver.start(Purpose.PULL_HINT, boxes, request)

        self.shell.jobs.start(self, Purpose.PULL_HINT, boxes, start)

    def _show(self, answer: PullHint | Problem) -> None:
        game = self.controller.reverse.game
        if isinstance(answer, Problem):
            self.controller.notify(answer.text, Tone.WARNING)
            return
        if game is not None and self.pulls.charge(game):
            self.context.statistics.record_hint()
        if answer.place:
            self.controller.notify(
                "Put the player down beside the marked box (click the square), then pull",
                Tone.INFO,
                answer.hint.target,
            )

    def subject_now(self, purpose: Purpose) -> Hashable:
        """A pull's hint is for the reverse game's boxes as they are (None out of it)."""
        game = self.controller.reverse.game
        return game.box_squares() if self.controller.reverse.active and game else None

    def job_ended(self, ended: Ended) -> None:
        game = self.controller.reverse.game
        if game is None:
            return
        if ended.state is JobState.CANCELLED:
            # The forward game's think-ahead took the solver (it asks once, when the level
            # opens, and waits for a change of the forward game to ask again): ask once more.
            if not self._taken:
                self._taken = True
                self._search(game)
            else:
                self.controller.notify(TAKEN, Tone.WARNING)
            return
        if ended.problem is not None:
            self._show(ended.problem)
            return
        self._show(self.pulls.answered(game, ended.answer))
