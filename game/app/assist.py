"""The solver's help during play: background solving, hints, whole solutions and deadlock warnings.

Requests go one way, from the play screen through here to the solver service; answers come back
as typed plans. The phases and their transitions are the state machine of game.app.assist_machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.app.assist_machine import AssistMachine, Event, Phase
from game.app.solution_steps import SolutionSteps
from game.app.solver_service import Job, SolverUpdate, player_workers
from game.core.direction import Direction
from game.core.level import Level
from game.core.play import PlayState
from game.core.wording import counted
from game.solver.plan import Hint, Push, PushPlan
from game.solver.result import SolveStatus
from game.solver.warning import DeadlockWarning, DeadlockWatch

__all__ = ["Phase", "Progress", "SolverAssist", "SolverPort"]

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


class SolverPort(Protocol):
    """What the assist needs of the solver service (a fake stands in for it in tests)."""

    think_ahead: bool  # solve in the background after each change, before anyone asks

    def submit(
        self,
        level: Level,
        job: Job = ...,
        method: str = ...,
        time_limit: float = ...,
        history: str = ...,
        workers: int = ...,
    ) -> int: ...

    def cancel(self) -> None: ...

    def poll(self) -> list[SolverUpdate]: ...


@dataclass(frozen=True)
class Progress:
    nodes: int
    seconds: float


@dataclass(frozen=True)
class _Request:
    """A search sent to the service: for which boxes, from which position, how long, how."""

    request_id: int
    job: Job
    key: frozenset[int]
    time_limit: float
    method: str


def _position_key(state: PlayState) -> frozenset[int]:
    # Walking never changes what can be solved, so the boxes alone identify a position.
    return state.box_squares()


class SolverAssist:
    """Keeps a solution for the current position ready, and turns it into hints and steps."""

    def __init__(
        self, solver: SolverPort, level: Level, method: str = "fast", solve_method: str = "fast"
    ) -> None:
        self.solver = solver
        self.method = method
        # Shift+S may ask another method (the settings' choice, such as an SMT planner).
        self.solve_method = solve_method
        self.machine = AssistMachine()
        self.steps = SolutionSteps()
        self.deadlocks = DeadlockWatch(level.board)
        self.plan: PushPlan | None = None
        self.progress: Progress | None = None
        self.message = ""
        self.warning: DeadlockWarning | None = None
        self.hint: Hint | None = None
        self.wants_hint = False
        self.wants_solution = False
        self.undos_needed: int | None = None
        self.background_limit = BACKGROUND_TIME_LIMIT
        self.focused = True
        self.request_method = method
        # Told of each whole solution offered, from the position it starts at (the library
        # keeps the solver's solutions).
        self.on_solution: Callable[[PlayState, list[Direction]], object] | None = None
        self._settle = 0
        self._request: _Request | None = None
        # The boxes the last search was for, and the boxes the plan is for.
        self._request_key: frozenset[int] | None = None
        self._plan_key: frozenset[int] | None = None

    @property
    def phase(self) -> Phase:
        return self.machine.phase

    # -- what the play controller reports ---------------------------------------------------
    def after_change(self, state: PlayState, pushed: Push | None) -> None:
        """Call after every move, undo, redo or restart; ``pushed`` is the push just made."""
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
        if self.plan is None and key != self._request_key:
            self._restart_background(state)
        if self.warning is not None:
            self.machine.fire(Event.LOST)
            self.message = self.warning.message

    def step_taken_by_player(self) -> None:
        """A move the player made himself ends stepping and autoplay through a solution."""
        self.steps.clear()

    # -- what the player asks --------------------------------------------------------------
    def ask_hint(self, state: PlayState) -> str | None:
        """H: show the next push now if known, else think and show it when found.

        On a position known to be lost it answers at once (returns "undo first"), costs
        nothing and leaves nothing waiting to pop up later.
        """
        if self.phase is Phase.UNSOLVABLE:
            return self._answer_lost_position()
        self.wants_hint = True
        self._offer_hint(state)
        request = self._request
        if self.hint is None and (request is None or request.time_limit < HINT_TIME_LIMIT):
            self._ask(state, HINT_TIME_LIMIT)
        return None

    def ask_solution(self, state: PlayState) -> str | None:
        """Find a whole solution from here, to step through or autoplay; on a lost position
        the answer at once, as for a hint."""
        if self.phase is Phase.UNSOLVABLE:
            return self._answer_lost_position()
        self.wants_solution = True
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

    def _answer_lost_position(self) -> str:
        self.wants_hint = self.wants_solution = False
        if self.undos_needed is None:
            return "No way on from here: undo first"
        return f"No way on from here: undo {counted(self.undos_needed, 'move')} first"

    def set_focus(self, focused: bool, state: PlayState) -> None:
        """The window lost or got the focus: thinking ahead waits while nobody looks."""
        if focused == self.focused:
            return
        self.focused = focused
        waiting = self.wants_hint or self.wants_solution
        if not focused and not waiting and self._request is not None:
            self.solver.cancel()
            self._request = None
            self._request_key = None
            self.machine.fire(Event.PAUSED)
        elif focused and self.plan is None and self._request is None:
            self._restart_background(state)

    def cancel(self) -> None:
        """Esc while thinking: stop the search the player was waiting for."""
        self.solver.cancel()
        self.wants_hint = self.wants_solution = False
        self.machine.fire(Event.CANCELLED)
        self.progress = None
        self.message = "Stopped thinking"
        self._request = None
        self._request_key = None

    def close(self) -> None:
        """Leaving the level: nothing of this search is wanted any more."""
        self.solver.cancel()
        self._request = None

    # -- the solution, a step at a time ---------------------------------------------------
    def play_solution(self, moves: list[Direction], name: str = "Solution") -> None:
        """Offer ``moves`` from where the player stands, to step through or autoplay."""
        self.steps.start(moves)
        self.message = (
            f"{name}: {counted(len(moves), 'move')}. N steps, B steps back, Space autoplays"
        )

    @property
    def in_solution(self) -> bool:
        return self.steps.active

    def next_solution_step(self) -> Direction | None:
        return self.steps.next_step()

    def solution_step_back(self) -> bool:
        return self.steps.step_back()

    # -- each tick -------------------------------------------------------------------------
    def tick(self, state: PlayState, seconds: float) -> bool:
        """Poll the solver; True when autoplay wants the next solution step made now."""
        if self._settle > 0 and self.focused:
            self._settle -= 1
            if self._settle == 0:
                self._settled(state)
        for update in self.solver.poll():
            request = self._request
            if request is not None and update.request_id == request.request_id:
                self._receive(update, request, state)
        return self.steps.due(seconds)

    # -- inside ------------------------------------------------------------------------------
    def _restart_background(self, state: PlayState) -> None:
        self.undos_needed = None
        self.progress = None
        self.message = ""
        if state.is_solved or not self.solver.think_ahead:
            self._request_key = None
            self.machine.fire(Event.PAUSED)
            return
        self._settle = SETTLE_TICKS
        # Walking keeps the boxes, so it must not put the pending search off again.
        self._request_key = _position_key(state)
        self.machine.fire(Event.CHANGED)

    def _settled(self, state: PlayState) -> None:
        """The moves stopped: think ahead, or on a position seen lost count the undos."""
        if self.phase is Phase.UNSOLVABLE:
            if state.moves:
                self._submit(state, Job.RESCUE, RESCUE_TIME_LIMIT, self.method)
            return
        self.machine.fire(Event.SETTLED)
        self._submit(state, Job.SOLVE, self.background_limit, self.method)

    def _ask(self, state: PlayState, time_limit: float) -> None:
        """A search the player waits for: every core but one, the method he chose to solve."""
        self.machine.fire(Event.ASKED)
        method = self.solve_method if self.wants_solution else self.method
        self._submit(state, Job.SOLVE, time_limit, method, player_workers())

    def _submit(
        self, state: PlayState, job: Job, time_limit: float, method: str, workers: int = 1
    ) -> None:
        self._settle = 0
        # A rescue replays the history from the start; a solve starts where the player is.
        position = state.level if job is Job.RESCUE else state.position()
        key = _position_key(state)
        request_id = self.solver.submit(
            position, job=job, method=method, time_limit=time_limit, history=state.lurd(),
            workers=workers,
        )
        self._request = _Request(request_id, job, key, time_limit, method)
        self._request_key = key
        self.request_method = method
        self.progress = None

    def _receive(self, update: SolverUpdate, request: _Request, state: PlayState) -> None:
        if not update.done:
            self.progress = Progress(update.nodes, update.seconds)
            return
        self._request = None
        if request.key != _position_key(state):
            return  # the boxes moved since: a fresh request follows
        # Only a search the player waits for may say that it failed; thinking ahead is silent.
        asked = self.wants_hint or self.wants_solution
        if update.rescue is not None:
            self.undos_needed = update.rescue.undos
            self.machine.fire(Event.LOST)
            self.message = self._unsolvable_message()
            return
        result = update.result
        if update.error or result is None:
            self._gave_up(asked, update.error or "The solver gave no answer")
        elif result.status is SolveStatus.SOLVED:
            self.plan = PushPlan([planned.push for planned in update.plan])
            self._plan_key = request.key
            self.background_limit = BACKGROUND_TIME_LIMIT
            self.machine.fire(Event.FOUND)
            self.message = ""
            self._offer_hint(state)
            if self.wants_solution:
                self._offer_solution(state)
        elif result.status is SolveStatus.UNSOLVABLE:
            self.machine.fire(Event.LOST)
            self.message = "This position cannot be solved any more"
            if state.moves:
                self._submit(state, Job.RESCUE, RESCUE_TIME_LIMIT, self.method)
        elif result.status is SolveStatus.CANCELLED:
            self.machine.fire(Event.CANCELLED)
        else:
            if not asked:
                self.background_limit = max(MIN_BACKGROUND_TIME_LIMIT, self.background_limit / 2)
            self._gave_up(asked, "The solver found no solution in time")

    def _gave_up(self, asked: bool, message: str) -> None:
        self.wants_hint = self.wants_solution = False
        self.machine.fire(Event.GAVE_UP if asked else Event.GAVE_UP_QUIETLY)
        if asked or self.phase is not Phase.UNSOLVABLE:
            self.message = message if asked else ""

    def _unsolvable_message(self) -> str:
        if self.undos_needed is None:
            return "This position cannot be solved any more"
        undos = counted(self.undos_needed, "move")
        return f"This position cannot be solved: undo {undos} to recover"

    def _offer_hint(self, state: PlayState) -> None:
        if not self.wants_hint or self.plan is None:
            return
        hint = self.plan.hint(state.board, state.box_squares(), state.player)
        if hint is None:
            self.plan = None
            return
        self.hint = hint
        self.wants_hint = False

    def _offer_solution(self, state: PlayState) -> None:
        """Turn the plan into the full list of moves from where the player stands."""
        moves = self.plan.moves_from(state.position()) if self.plan is not None else None
        if moves is None:
            self.plan = None
            return
        self.play_solution(moves)
        self.wants_solution = False
        if self.on_solution is not None:
            self.on_solution(state, moves)
