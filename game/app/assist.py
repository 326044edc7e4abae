"""The solver's help during play: background solving, hints, whole solutions and deadlock warnings.

Pure logic driven by the play scene each tick; it talks to the solver service and never waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from game.app.solver_service import Job, SolverUpdate, player_workers
from game.core.direction import Direction
from game.core.level import Level
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.wording import counted
from game.solver.plan import Hint, Push, PushPlan, pushes_of
from game.solver.result import SolveStatus
from game.solver.warning import DeadlockWarning, DeadlockWatch

# Wait this many ticks after a change before asking the solver, so a burst of moves costs one solve.
SETTLE_TICKS = 12
BACKGROUND_TIME_LIMIT = 30.0
# Each think-ahead that runs out of time halves the next one's budget, down to this; a level
# too hard for the solver should not keep a core busy for half a minute after every push.
MIN_BACKGROUND_TIME_LIMIT = 2.0
HINT_TIME_LIMIT = 30.0
SOLVE_TIME_LIMIT = 120.0
RESCUE_TIME_LIMIT = 20.0
AUTOPLAY_SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)  # steps a second


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


class Phase(Enum):
    """What the solver is doing for the player right now."""

    IDLE = "idle"
    THINKING = "thinking"  # a search runs; the player may wait for it
    READY = "ready"  # a plan for the current position is known
    UNSOLVABLE = "unsolvable"
    GAVE_UP = "gave up"  # the search hit its limit without an answer


@dataclass(frozen=True)
class Progress:
    nodes: int
    seconds: float


def _position_key(state: PlayState) -> frozenset[int]:
    # Walking never changes what can be solved, so the boxes alone identify a position.
    return state.box_squares()


class SolverAssist:
    """Keeps a solution for the current position ready, and turns it into hints and steps."""

    def __init__(
        self,
        solver: SolverPort,
        statistics: Statistics,
        level: Level,
        method: str = "fast",
        solve_method: str = "fast",
    ) -> None:
        self.solver = solver
        self.method = method
        # Shift+S may ask another method (the settings' choice, such as an SMT planner).
        self.solve_method = solve_method
        self.statistics = statistics
        self.deadlocks = DeadlockWatch(level.board)
        self.phase = Phase.IDLE
        self.plan: PushPlan | None = None
        self.progress: Progress | None = None
        self.message = ""
        self.warning: DeadlockWarning | None = None
        self.hint: Hint | None = None
        self.wants_hint = False
        self.solution: list[Direction] = []  # a whole solution being stepped through
        self.solution_index = 0
        self.autoplay = False
        self.autoplay_speed = 2  # index into AUTOPLAY_SPEEDS
        self._autoplay_wait = 0.0
        self.wants_solution = False
        self._settle = 0
        self._request: int | None = None
        self._request_key: frozenset[int] | None = None
        self._plan_key: frozenset[int] | None = None
        self._request_position: Level | None = None
        self._request_job = Job.SOLVE
        self._request_limit = 0.0
        self.undos_needed: int | None = None
        self.background_limit = BACKGROUND_TIME_LIMIT
        self.focused = True
        self.request_method = method

    # -- what the play scene reports -------------------------------------------------------
    def after_change(self, state: PlayState, pushed: Push | None) -> None:
        """Call after every move, undo, redo or restart; ``pushed`` is the push just made."""
        self.hint = None
        self.warning = None
        if pushed is not None:
            target = pushed.box + pushed.direction.dx + pushed.direction.dy * state.board.width
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
            self.phase = Phase.UNSOLVABLE
            self.message = self.warning.message

    def step_taken_by_player(self) -> None:
        """A move the player made himself ends stepping and autoplay through a solution."""
        self.solution = []
        self.solution_index = 0
        self.autoplay = False

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
        if self.hint is None and (self._request is None or self._request_limit < HINT_TIME_LIMIT):
            self._submit(state, Job.SOLVE, HINT_TIME_LIMIT)
        return None

    def ask_solution(self, state: PlayState) -> str | None:
        """Find a whole solution from here, to step through or autoplay; on a lost position
        the answer at once, as for a hint."""
        if self.phase is Phase.UNSOLVABLE:
            return self._answer_lost_position()
        self.wants_solution = True
        # The plan thought ahead serves only when it came from the method the player chose.
        if self.plan is not None and self.solve_method == self.method:
            self._offer_solution(state)
        elif (
            self._request is None
            or self._request_limit < SOLVE_TIME_LIMIT
            or self.request_method != self.solve_method
        ):
            self._submit(state, Job.SOLVE, SOLVE_TIME_LIMIT)
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
            self.phase = Phase.IDLE
        elif focused and self.plan is None and self._request is None:
            self._restart_background(state)

    def cancel(self) -> None:
        """Esc while thinking: stop the search the player was waiting for."""
        self.solver.cancel()
        self.wants_hint = self.wants_solution = False
        self.phase = Phase.IDLE
        self.progress = None
        self.message = "Stopped thinking"
        self._request = None
        self._request_key = None

    def next_solution_step(self) -> Direction | None:
        """The next move of the solution being stepped through, if any."""
        if self.solution_index >= len(self.solution):
            return None
        direction = self.solution[self.solution_index]
        self.solution_index += 1
        self.statistics.solver_used = True
        return direction

    def solution_step_back(self) -> bool:
        """Step back through the solution (the scene undoes the move); False at its start."""
        if self.solution_index == 0:
            return False
        self.solution_index -= 1
        return True

    def toggle_autoplay(self) -> None:
        self.autoplay = not self.autoplay and self.solution_index < len(self.solution)
        self._autoplay_wait = 0.0

    def change_speed(self, faster: bool) -> None:
        step = 1 if faster else -1
        self.autoplay_speed = max(0, min(len(AUTOPLAY_SPEEDS) - 1, self.autoplay_speed + step))

    @property
    def steps_per_second(self) -> float:
        return AUTOPLAY_SPEEDS[self.autoplay_speed]

    @property
    def in_solution(self) -> bool:
        return bool(self.solution)

    def close(self) -> None:
        """Leaving the level: nothing of this search is wanted any more."""
        self.solver.cancel()
        self._request = None

    # -- each tick -------------------------------------------------------------------------
    def tick(self, state: PlayState, seconds: float) -> bool:
        """Poll the solver; True when autoplay wants the next solution step made now."""
        if self._settle > 0 and self.focused:
            self._settle -= 1
            if self._settle == 0:
                self._submit(state, Job.SOLVE, self.background_limit)
        for update in self.solver.poll():
            if update.request_id == self._request:
                self._receive(update, state)
        if not self.autoplay:
            return False
        if self.solution_index >= len(self.solution):
            self.autoplay = False
            return False
        self._autoplay_wait -= seconds
        if self._autoplay_wait > 0:
            return False
        self._autoplay_wait = 1.0 / self.steps_per_second
        return True

    # -- inside ------------------------------------------------------------------------------
    def _restart_background(self, state: PlayState) -> None:
        self.undos_needed = None
        if state.is_solved or not self.solver.think_ahead:
            self.phase = Phase.IDLE
            self._request_key = None
            return
        self._settle = SETTLE_TICKS
        # Walking keeps the boxes, so it must not put the pending search off again.
        self._request_key = _position_key(state)
        self.phase = Phase.THINKING
        self.progress = None
        self.message = ""

    def _submit(self, state: PlayState, job: Job, time_limit: float) -> None:
        self._settle = 0
        position = state.position()
        if job is Job.RESCUE:
            position = state.level
        # A search the player waits for gets every core but one; thinking ahead keeps to one,
        # so the game stays smooth.
        asked = self.wants_hint or self.wants_solution
        method = self.solve_method if self.wants_solution and job is Job.SOLVE else self.method
        self._request = self.solver.submit(
            position, job=job, method=method, time_limit=time_limit, history=state.lurd(),
            workers=player_workers() if asked else 1,
        )
        self.request_method = method
        self._request_job = job
        self._request_limit = time_limit
        self._request_key = _position_key(state)
        self._request_position = state.position()
        self.phase = Phase.THINKING
        self.progress = None

    def _receive(self, update: SolverUpdate, state: PlayState) -> None:
        if not update.done:
            self.progress = Progress(update.nodes, update.seconds)
            return
        self._request = None
        # Only a search the player waits for may say that it failed; thinking ahead is silent.
        asked = self.wants_hint or self.wants_solution
        if update.rescue is not None:
            self.undos_needed = update.rescue.undos
            self.phase = Phase.UNSOLVABLE
            self.message = self._unsolvable_message()
            return
        result = update.result
        if update.error or result is None:
            self._gave_up(asked, update.error or "The solver gave no answer")
            return
        if result.status is SolveStatus.SOLVED and self._request_position is not None:
            if self._request_key != _position_key(state):
                return  # the boxes moved since; a fresh request follows
            self.plan = PushPlan(pushes_of(self._request_position, result.lurd))
            self._plan_key = self._request_key
            self.background_limit = BACKGROUND_TIME_LIMIT
            self.phase = Phase.READY
            self.message = ""
            self._offer_hint(state)
            if self.wants_solution:
                self._offer_solution(state)
        elif result.status is SolveStatus.UNSOLVABLE:
            self.phase = Phase.UNSOLVABLE
            self.message = "This position cannot be solved any more"
            if state.moves:
                self._submit(state, Job.RESCUE, RESCUE_TIME_LIMIT)
                self.phase = Phase.UNSOLVABLE
        elif result.status is SolveStatus.CANCELLED:
            self.phase = Phase.IDLE
        else:
            if not asked:
                self.background_limit = max(MIN_BACKGROUND_TIME_LIMIT, self.background_limit / 2)
            self._gave_up(asked, "The solver found no solution in time")

    def _gave_up(self, asked: bool, message: str) -> None:
        self.wants_hint = self.wants_solution = False
        self.phase = Phase.GAVE_UP if asked else Phase.IDLE
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
        self.statistics.record_hint()

    def _offer_solution(self, state: PlayState) -> None:
        """Turn the plan into the full list of moves from where the player stands."""
        moves = self.plan.moves_from(state.position()) if self.plan is not None else None
        if moves is None:
            self.plan = None
            return
        self.solution = moves
        self.solution_index = 0
        self.wants_solution = False
        self.message = f"Solution: {len(moves)} moves. N steps, B steps back, Space autoplays"
