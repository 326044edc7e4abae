"""The solver's help during play: background solving, hints, whole solutions and deadlock warnings.

Requests go one way, from the play screen through here to the solver service as jobs; answers
come back as typed plans. What it decides is the reducer of game.app.assist_machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.app.assist_machine import (
    Asked,
    Cancelled,
    Changed,
    ChargeHint,
    Event,
    Found,
    GaveUp,
    Help,
    HintShown,
    Lost,
    NothingFound,
    Paused,
    Phase,
    Recalled,
    Settled,
    SolutionShown,
    Status,
    Want,
    Wanted,
    gave_up_message,
    lost_message,
    reduce,
    status_line,
)
from game.app.jobs import Job, JobState, Progress, Purpose
from game.app.solution_steps import SolutionSteps
from game.app.solver_service import SolverPort, SolverUpdate, Work, player_workers
from game.core.direction import Direction
from game.core.level import Level
from game.core.metrics import played_pushes
from game.core.play import PlayState
from game.core.problems import Problem, ProblemKind
from game.solver.plan import Hint, Push, PushPlan
from game.solver.result import SolveStatus
from game.solver.smt import SMT_METHODS
from game.solver.warning import DeadlockWarning, DeadlockWatch

__all__ = ["Phase", "Progress", "SolverAssist", "SolverPort", "Status"]

# Wait this many ticks after a change before asking the solver, so a burst of moves costs one solve.
SETTLE_TICKS = 12
# As long as the solver's own benchmark gives a level: any XSokoban level it solves in a
# minute gives its hint (the search runs off the loop; Esc or a move cancels it).
HINT_TIME_LIMIT = 60.0
# The think-ahead has the hint's budget, so a hint asked for while it runs waits for it
# instead of starting over with a longer one.
BACKGROUND_TIME_LIMIT = HINT_TIME_LIMIT
# Each think-ahead that runs out of time halves the next one's budget, down to this; a level
# too hard for the solver should not keep a core busy for a minute after every push.
MIN_BACKGROUND_TIME_LIMIT = 2.0
SOLVE_TIME_LIMIT = 120.0
RESCUE_TIME_LIMIT = 20.0


@dataclass(frozen=True)
class _Request:
    """A search sent to the service: its job (for which boxes, why), how long, how."""

    job: Job[SolverUpdate]
    time_limit: float
    method: str


def _position_key(state: PlayState) -> frozenset[int]:
    # Walking never changes what can be solved, so the boxes alone identify a position.
    return state.box_squares()


class SolverAssist:
    """Keeps a solution for the current position ready, and turns it into hints and steps.

    What it decides (the phase, what the player waits for, the status line, the hints charged)
    is :class:`Help`, moved only by :meth:`_fire` through the reducer; what it holds beside is
    the world the reducer reads about: the plan, the job, the deadlock watch, the steps.
    """

    def __init__(
        self, solver: SolverPort, level: Level, method: str = "fast", solve_method: str = "fast"
    ) -> None:
        self.solver = solver
        self.level = level
        self.method = method
        # Shift+S may ask another method (the settings' choice, such as an SMT planner).
        self.solve_method = solve_method
        self.help = Help()
        self.steps = SolutionSteps()
        self.deadlocks = DeadlockWatch(level.board)
        self.plan: PushPlan | None = None
        self.progress: Progress | None = None
        self.warning: DeadlockWarning | None = None
        self.hint: Hint | None = None
        self.background_limit = BACKGROUND_TIME_LIMIT
        self.focused = True
        self.request_method = method
        # Hints charged and not yet taken by the play controller (the score's one writer).
        self._charges = 0
        # Told of each whole solution offered and where it starts (for the library).
        self.on_solution: Callable[[PlayState, list[Direction]], object] | None = None
        self._settle = 0
        self._request: _Request | None = None
        # The boxes the last search was for, and the boxes the plan is for.
        self._request_key: frozenset[int] | None = None
        self._plan_key: frozenset[int] | None = None
        # The boxes the help last spoke of: what it says belongs to them.
        self._seen_key: frozenset[int] | None = None
        # A solution of the level from its start known before any search (the library's).
        self._known: tuple[Push, ...] = ()

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
    def job(self) -> Job[SolverUpdate] | None:
        """The search running for this level, if any."""
        return self._request.job if self._request is not None else None

    def _fire(self, event: Event) -> bool:
        """Move the help by ``event``; False if the reducer ignored it."""
        before = self.help
        self.help, effects = reduce(before, event)
        for effect in effects:
            if isinstance(effect, ChargeHint):
                self._charges += 1
        return self.help is not before

    def take_charges(self) -> int:
        """The hints charged since the last call (each distinct hint at a position once)."""
        charges, self._charges = self._charges, 0
        return charges

    # -- what the play controller reports ---------------------------------------------------
    def after_change(self, state: PlayState, pushed: Push | None) -> None:
        """Call after every move, undo, redo or restart; ``pushed`` is the push just made."""
        self.hint = None
        self.warning = None
        if pushed is not None:
            target = state.board.step(pushed.box, pushed.direction)
            self.warning = self.deadlocks.after_push(state.box_squares(), pushed.box, target)
        key = _position_key(state)
        if key != self._seen_key:
            # What was said of the last position (lost, no solution found) is not said of
            # this one: a restart, an undo or a paste starts from what is known of it.
            self._seen_key = key
            self._fire(Changed())
        if self.plan is not None and key != self._plan_key:
            if pushed is not None and self.plan.follow(pushed):
                self._plan_key = key  # the player made the planned push
            else:
                self.plan = None
        if self.plan is not None and len(self.plan) == 0:
            self.plan = None
        if self.plan is None and self._known and key == self.level.boxes:
            self.plan, self._plan_key = PushPlan(self._known), key
        if self.plan is not None:
            self._fire(Recalled())
        elif key != self._request_key:
            self._restart_background(state)
        if self.warning is not None:
            self._fire(Lost(self.warning.message))

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
        """H: show the next push now if known, else think and show it when found.

        On a position known to be lost it answers at once (the problem: undo first), costs
        nothing and leaves nothing waiting to pop up later.
        """
        if self.phase is Phase.UNSOLVABLE:
            return Problem(ProblemKind.NO_WAY_ON, count=self.help.undos)
        self._fire(Wanted(Want.HINT))
        self._offer_hint(state)
        request = self._request
        # The think-ahead runs at the lowest priority, which a process cannot raise again: a
        # hint asked while it runs starts over at the player's priority, or a busy machine
        # starves it (XSokoban 14 after a 2 s look, a busy loop beside: no hint in 65 s).
        if self.hint is None and (
            request is None
            or request.time_limit < HINT_TIME_LIMIT
            or not request.job.purpose.shown
        ):
            self._ask(state, HINT_TIME_LIMIT)
        return None

    def ask_solution(self, state: PlayState) -> Problem | None:
        """Find a whole solution from here, to step through or autoplay; on a lost position
        the answer at once, as for a hint."""
        if self.phase is Phase.UNSOLVABLE:
            return Problem(ProblemKind.NO_WAY_ON, count=self.help.undos)
        self._fire(Wanted(Want.SOLUTION))
        request = self._request
        # The plan thought ahead serves only when it came from the method the player chose.
        if self.plan is not None and self.solve_method == self.method:
            self._offer_solution(state)
        elif (
            request is None
            or request.time_limit < SOLVE_TIME_LIMIT
            or request.method != self.solve_method
        ):
            self._ask(state, SOLVE_TIME_LIMIT)
        return None

    def set_focus(self, focused: bool, state: PlayState) -> None:
        """The window lost or got the focus: thinking ahead waits while nobody looks."""
        if focused == self.focused:
            return
        self.focused = focused
        if not focused and not self.help.waiting and self._request is not None:
            self._request.job.cancel()
            self._request = None
            self._request_key = None
            self._fire(Paused())
        elif focused and self.plan is None and self._request is None:
            self._restart_background(state)

    def cancel(self) -> None:
        """Esc while thinking: stop the search the player was waiting for."""
        if self._request is not None:
            self._request.job.cancel()
        self._fire(Cancelled("Stopped thinking"))
        self.progress = None
        self._request = None
        self._request_key = None

    def close(self) -> None:
        """Leaving the level: nothing of this search is wanted any more."""
        if self._request is not None:
            self._request.job.cancel()
        self._request = None

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
        """Read the search's job; True when autoplay wants the next solution step made now."""
        if self._settle > 0 and self.focused:
            self._settle -= 1
            if self._settle == 0:
                self._settled(state)
        request = self._request
        if request is not None:
            progress = request.job.progress
            if progress.nodes or progress.seconds:
                self.progress = progress
            if not request.job.running:
                self._request = None
                self._receive(request.job, state)
        return self.steps.due(seconds)

    # -- what the status line says ---------------------------------------------------------
    def status(self) -> Status | None:
        """The one line of the solver's help, and its tone; None when there is nothing to say."""
        return status_line(
            self.help,
            self.progress,
            planning=self.request_method in SMT_METHODS,
            steps=self.steps,
            hint=self.hint,
            warning=self.warning.message if self.warning is not None else None,
        )

    # -- inside ------------------------------------------------------------------------------
    def _restart_background(self, state: PlayState) -> None:
        self.progress = None
        if state.is_solved or not self.solver.think_ahead:
            self._request_key = None
            self._fire(Paused())
            return
        self._settle = SETTLE_TICKS
        # Walking keeps the boxes, so it must not put the pending search off again.
        self._request_key = _position_key(state)
        self._fire(Changed())

    def _settled(self, state: PlayState) -> None:
        """The moves stopped: think ahead, or on a position seen lost count the undos."""
        if self.phase is Phase.UNSOLVABLE:
            if state.moves:
                self._submit(state, Purpose.RESCUE, RESCUE_TIME_LIMIT, self.method)
            return
        if self._fire(Settled()):
            self._submit(state, Purpose.THINK_AHEAD, self.background_limit, self.method)

    def _ask(self, state: PlayState, time_limit: float) -> None:
        """A search the player waits for: every core but one, the method he chose to solve."""
        self._fire(Asked())
        method = self.solve_method if self.wants_solution else self.method
        purpose = Purpose.SOLUTION if self.wants_solution else Purpose.HINT
        self._submit(state, purpose, time_limit, method, player_workers())

    def _submit(
        self, state: PlayState, purpose: Purpose, time_limit: float, method: str, workers: int = 1
    ) -> None:
        self._settle = 0
        # A rescue replays the history from the start; a solve starts where the player is.
        rescue = purpose is Purpose.RESCUE
        position = state.level if rescue else state.position()
        key = _position_key(state)
        job = self.solver.start(
            purpose, key, position, work=Work.RESCUE if rescue else Work.SOLVE, method=method,
            time_limit=time_limit, history=state.lurd(), workers=workers,
        )
        self._request = _Request(job, time_limit, method)
        self._request_key = key
        self.request_method = method
        self.progress = None

    def _receive(self, job: Job[SolverUpdate], state: PlayState) -> None:
        key = _position_key(state)
        if job.state is JobState.CANCELLED:
            # Another screen's search took the solver: think again at the next change.
            self._request_key = None
            self._fire(Cancelled())
            return
        if job.stale(key):
            return  # the boxes moved since: a fresh request follows
        update = job.result
        if update is not None and update.rescue is not None:
            self._fire(Lost(lost_message(update.rescue.undos), update.rescue.undos))
            return
        result = update.result if update is not None else None
        if update is None or update.error or result is None:
            error = update.error if update is not None else job.error
            self._gave_up(error or "The solver gave no answer")
        elif result.status is SolveStatus.SOLVED:
            found = list(update.plan)
            self.plan, self._plan_key = PushPlan(found), key
            if not self._known:  # a whole solution from the start now: kept for a restart
                self._known = (*played_pushes(self.level, state.lurd()), *found)
            self.background_limit = BACKGROUND_TIME_LIMIT
            self._fire(Found())
            self._offer_hint(state)
            if self.wants_solution:
                self._offer_solution(state)
        elif result.status is SolveStatus.UNSOLVABLE:
            self._fire(Lost(lost_message(None)))
            if state.moves:
                self._submit(state, Purpose.RESCUE, RESCUE_TIME_LIMIT, self.method)
        elif result.status is SolveStatus.CANCELLED:
            self._fire(Cancelled())
        else:
            if not self.help.waiting:
                self.background_limit = max(MIN_BACKGROUND_TIME_LIMIT, self.background_limit / 2)
            self._gave_up(gave_up_message(result.status))

    def _gave_up(self, message: str) -> None:
        # Only a search the player waits for may say that it failed; thinking ahead is silent.
        self._fire(GaveUp(message) if self.help.waiting else NothingFound())

    def _offer_hint(self, state: PlayState) -> None:
        if not self.wants_hint or self.plan is None:
            return
        hint = self.plan.hint(state.board, state.box_squares(), state.player)
        if hint is None:
            self.plan = None
            return
        if self._fire(HintShown(_position_key(state), hint.push)):
            self.hint = hint

    def _offer_solution(self, state: PlayState) -> None:
        """Turn the plan into the full list of moves from where the player stands."""
        moves = self.plan.moves_from(state.position()) if self.plan is not None else None
        if moves is None:
            self.plan = None
            return
        if self._fire(SolutionShown(len(moves))):
            self.steps.start(moves)
            if self.on_solution is not None:
                self.on_solution(state, moves)
