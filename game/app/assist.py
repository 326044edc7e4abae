"""The solver's help during play: background solving, hints, whole solutions and deadlock warnings.

What it decides is the pure reducer of game.app.assist_machine; this class tells it what happens
(moves, requests, the searches' answers) and runs the effects it returns: searches through a job
driver of its own, hints charged and shown, solutions stepped through.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from game.app.assist_events import (
    CancelSearch,
    ChargeHint,
    Effect,
    Event,
    FocusChanged,
    Found,
    HintAsked,
    Moved,
    NoAnswer,
    Position,
    Refuse,
    Rescued,
    Search,
    ShowHint,
    ShowSolution,
    SolutionAsked,
    StartSearch,
    Stopped,
    Taken,
    Unsolvable,
)
from game.app.assist_machine import (
    Help,
    Phase,
    Status,
    Want,
    gave_up_message,
    reduce,
    status_line,
)
from game.app.jobs.job_driver import Ended, JobDriver
from game.app.jobs.jobs import JobState, Progress, Purpose
from game.app.jobs.solver_service import (
    RescueRequest,
    Solved,
    SolveRequest,
    SolverPort,
    player_workers,
)
from game.app.solution_steps import SolutionSteps
from game.core.direction import Direction
from game.core.level import Level
from game.core.metrics import played_pushes
from game.core.play import PlayState
from game.core.problems import Problem, ProblemKind
from game.solver.plan import Hint, Push, PushPlan
from game.solver.rescue import RescueResult
from game.solver.result import SolveStatus
from game.solver.smt import SMT_METHODS
from game.solver.warning import DeadlockWarning, DeadlockWatch

__all__ = ["Phase", "Progress", "SolverAssist", "SolverPort", "Status"]


@dataclass(frozen=True)
class _Offer:
    """What the plan gives at the position of an event: the hint, and the moves of the whole
    solution from where the player stands (None: it gives none)."""

    hint: Hint | None = None
    moves: list[Direction] | None = None


_NO_OFFER = _Offer()


def _position_key(state: PlayState) -> frozenset[int]:
    # Walking never changes what can be solved, so the boxes alone identify a position.
    return state.box_squares()


class SolverAssist:
    """Keeps a solution for the current position ready, and turns it into hints and steps.

    What it decides is :class:`Help`, moved only by :meth:`_fire` through the reducer; what it
    holds beside is the world the reducer is told about: the plan, the deadlock watch, the
    steps, the hint shown. Its searches run through a job driver of its own, ticked with the
    play screen: they settle and are answered only while the level is on screen, so a screen
    over it (the Solutions screen, a dialog) keeps the solver to itself.
    """

    def __init__(
        self, solver: SolverPort, level: Level, method: str = "fast", solve_method: str = "fast"
    ) -> None:
        self.solver = solver
        self.level = level
        self.method = method
        # Shift+S may ask another method (the settings' choice, such as an SMT planner).
        self.solve_method = solve_method
        self.jobs = JobDriver()
        self.help = Help()
        self.steps = SolutionSteps()
        self.deadlocks = DeadlockWatch(level.board)
        self.plan: PushPlan | None = None
        self.progress: Progress | None = None
        self.warning: DeadlockWarning | None = None
        self.hint: Hint | None = None
        # Hints charged and not yet taken by the play controller (the score's one writer).
        self._charges = 0
        # Told of each whole solution offered and where it starts (for the library).
        self.on_solution: Callable[[PlayState, list[Direction]], object] | None = None
        # The boxes the plan is for.
        self._plan_key: frozenset[int] | None = None
        # A solution of the level from its start known before any search (the library's).
        self._known: tuple[Push, ...] = ()
        # The position of the latest change, request or tick: the effects act on it, and a
        # search's answer is read against it.
        self._state: PlayState | None = None

    @property
    def phase(self) -> Phase:
        return self.help.phase

    @property
    def message(self) -> str:
        return self.help.message

    @property
    def undos_needed(self) -> int | None:
        return self.help.undos

    @property
    def wants_hint(self) -> bool:
        return self.help.want is Want.HINT

    @property
    def wants_solution(self) -> bool:
        return self.help.want is Want.SOLUTION

    @property
    def work(self) -> Purpose | None:
        """The search the player waits for, while it settles or runs (None: none)."""
        search = self.help.search
        if search is None or not self.help.waiting or not self.jobs.busy(self):
            return None
        return search.purpose

    def take_charges(self) -> int:
        """The hints charged since the last call (each distinct hint at a position once)."""
        charges, self._charges = self._charges, 0
        return charges

    # -- what the play controller reports ---------------------------------------------------
    def after_change(self, state: PlayState, pushed: Push | None) -> None:
        """Call after every move, undo, redo or restart; ``pushed`` is the push just made."""
        self._state = state
        self.hint = None
        self.warning = None
        if pushed is not None:
            target = state.board.step(pushed.box, pushed.direction)
            self.warning = self.deadlocks.after_push(state.box_squares(), pushed.box, target)
        key = _position_key(state)
        if self.plan is not None and key != self._plan_key:
            if pushed is not None and self.plan.follow(pushed):
                self._plan_key = key  # the player made the planned push
            else:
                self.plan = None
        if self.plan is not None and len(self.plan) == 0:
            self.plan = None
        if self.plan is None and self._known and key == self.level.boxes:
            self.plan, self._plan_key = PushPlan(self._known), key
        deadlock = self.warning.message if self.warning is not None else None
        self._fire(Moved(self._position(state, deadlock), self.method))

    def know_solution(self, lurd: str) -> None:
        """A solution from the level's start, known already (so is the solver's first): at
        the start and along it hints and the whole solution come from it with no search."""
        try:
            self._known = tuple(played_pushes(self.level, lurd))
        except ValueError:
            self._known = ()

    def step_taken_by_player(self) -> None:
        """A move the player made himself ends stepping and autoplay through a solution."""
        self.steps.clear()

    # -- what the player asks --------------------------------------------------------------
    def ask_hint(self, state: PlayState) -> Problem | None:
        """H: show the next push now if known, else think and show it when found. On a
        position known to be lost, the problem: undo first."""
        self._state = state
        offer = _Offer(hint=self._hint(state))
        push = offer.hint.push if offer.hint is not None else None
        asked = HintAsked(_position_key(state), push, self.method)
        return self._refused(self._fire(asked, offer))

    def ask_solution(self, state: PlayState) -> Problem | None:
        """Find a whole solution from here, to step through or autoplay; on a lost position
        the problem at once, as for a hint."""
        self._state = state
        # The plan thought ahead serves only when it came from the method the player chose.
        serves = self.plan is not None and self.solve_method == self.method
        offer = _Offer(moves=self._moves(state) if serves else None)
        moves = len(offer.moves) if offer.moves is not None else None
        asked = SolutionAsked(_position_key(state), moves, self.solve_method)
        return self._refused(self._fire(asked, offer))

    def set_focus(self, focused: bool, state: PlayState) -> None:
        """The window lost or got the focus: thinking ahead waits while nobody looks."""
        self._state = state
        self._fire(FocusChanged(focused, self._position(state), self.method))

    def cancel(self) -> None:
        """Esc while thinking: stop the search the player was waiting for."""
        self._fire(Stopped())

    def close(self) -> None:
        """Leaving the level: nothing of this search is wanted any more."""
        self.jobs.cancel(self)

    # -- the solution, a step at a time ---------------------------------------------------
    @property
    def in_solution(self) -> bool:
        return self.steps.active

    def next_solution_step(self) -> Direction | None:
        return self.steps.next_step()

    def solution_step_back(self) -> bool:
        return self.steps.step_back()

    # -- each tick -------------------------------------------------------------------------
    def tick(self, state: PlayState, seconds: float) -> bool:
        """Run the searches' settling and answers; True when autoplay wants the next solution
        step made now."""
        self._state = state
        self.jobs.tick()
        search = self.help.search
        progress = self.jobs.progress(self, search.purpose) if search is not None else None
        if progress is not None and (progress.nodes or progress.seconds):
            self.progress = progress
        return self.steps.due(seconds)

    # -- what the status line says ---------------------------------------------------------
    def status(self) -> Status | None:
        """The one line of the solver's help, and its tone; None when there is nothing to say."""
        search = self.help.search
        return status_line(
            self.help,
            self.progress,
            planning=search is not None and search.method in SMT_METHODS,
            steps=self.steps,
            hint=self.hint,
            warning=self.warning.message if self.warning is not None else None,
        )

    # -- the job driver's side ---------------------------------------------------------------
    def subject_now(self, purpose: Purpose) -> frozenset[int] | None:
        return self.help.seen

    def job_ended(self, ended: Ended) -> None:
        state = self._state
        if state is None:
            return
        answer = ended.answer
        result = answer.result if isinstance(answer, Solved) else None
        if ended.state is JobState.CANCELLED or (
            result is not None and result.status is SolveStatus.CANCELLED
        ):
            self._fire(Taken())
        elif isinstance(answer, RescueResult):
            self._fire(Rescued(answer.kept))
        elif not isinstance(answer, Solved) or result is None:
            error = ended.problem.text if ended.problem is not None else ""
            self._fire(NoAnswer(error or "The solver gave no answer"))
        elif result.status is SolveStatus.SOLVED:
            found = list(answer.plan)
            self.plan, self._plan_key = PushPlan(found), _position_key(state)
            if not self._known:  # a whole solution from the start now: kept for a restart
                self._known = (*played_pushes(self.level, state.lurd()), *found)
            # Only what the player waits for is worked out (the moves replay the whole plan).
            want = self.help.want
            offer = _Offer(
                self._hint(state) if want is Want.HINT else None,
                self._moves(state) if want is Want.SOLUTION else None,
            )
            push = offer.hint.push if offer.hint is not None else None
            moves = len(offer.moves) if offer.moves is not None else None
            self._fire(Found(push, moves), offer)
        elif result.status is SolveStatus.UNSOLVABLE:
            self._fire(Unsolvable(moved=bool(state.moves)))
        else:
            self._fire(NoAnswer(gave_up_message(result.status), out_of_time=True))

    # -- running the reducer's effects ---------------------------------------------------------
    def _fire(self, event: Event, offer: _Offer = _NO_OFFER) -> tuple[Effect, ...]:
        """Move the help by ``event`` and run the effects it asks for; ``offer`` is what the
        plan gave at this position, for the effects that show it."""
        self.help, effects = reduce(self.help, event)
        state = self._state
        for effect in effects:
            if isinstance(effect, StartSearch) and state is not None:
                self._start(effect.search, effect.settle, state)
            elif isinstance(effect, CancelSearch):
                self.jobs.cancel(self)
                self.progress = None
            elif isinstance(effect, ChargeHint):
                self._charges += 1
            elif isinstance(effect, ShowHint):
                self.hint = offer.hint
            elif isinstance(effect, ShowSolution) and offer.moves is not None and state is not None:
                self.steps.start(offer.moves)
                if self.on_solution is not None:
                    self.on_solution(state, offer.moves)
        return effects

    def _refused(self, effects: tuple[Effect, ...]) -> Problem | None:
        if any(isinstance(effect, Refuse) for effect in effects):
            return Problem(ProblemKind.NO_WAY_ON, count=self.help.undos)
        return None

    def _start(self, search: Search, settle: int, state: PlayState) -> None:
        """Run ``search`` in place of any search before it (the solver runs one at a time):
        a rescue replays the history from the start, a solve starts where the player is."""
        # A search the player waits for: every core but the one the game keeps.
        workers = player_workers() if search.purpose.shown else 1
        request: RescueRequest | SolveRequest
        if search.purpose is Purpose.RESCUE:
            request = RescueRequest(state.level, state.lurd(), search.time_limit, workers)
        else:
            request = SolveRequest(state.position(), search.method, search.time_limit, workers)
        start = functools.partial(self.solver.start, search.purpose, search.boxes, request)
        self.jobs.cancel(self)
        self.jobs.start(self, search.purpose, search.boxes, start, settle)
        self.progress = None

    # -- what the plan gives -------------------------------------------------------------------
    def _position(self, state: PlayState, deadlock: str | None = None) -> Position:
        return Position(
            _position_key(state),
            planned=self.plan is not None,
            solved=state.is_solved,
            moved=bool(state.moves),
            think_ahead=self.solver.think_ahead,
            deadlock=deadlock,
            steps=len(state.moves),
        )

    def _hint(self, state: PlayState) -> Hint | None:
        """The plan's next push from here, with the walk to it (a plan that gives none is
        dropped)."""
        if self.plan is None:
            return None
        hint = self.plan.hint(state.board, state.box_squares(), state.player)
        if hint is None:
            self.plan = None
        return hint

    def _moves(self, state: PlayState) -> list[Direction] | None:
        """The plan's moves from where the player stands (a plan that gives none is dropped)."""
        moves = self.plan.moves_from(state.position()) if self.plan is not None else None
        if moves is None:
            self.plan = None
        return moves
