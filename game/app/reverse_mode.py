"""Reverse play in a level being played: the reverse game beside the forward one, its pulls,
placement, dead-square warnings, the join of the two games and the solution it turns into.

The play controller hands it the commands of reverse play; it answers through a small host.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from game.app.notice import Notice, Tone
from game.app.play_commands import Click, Command, PlayAction, Pull, ReverseOrder
from game.core.direction import Direction
from game.core.level import Level
from game.core.metrics import measure, solves
from game.core.paths import walk_path
from game.core.play import Move, PlayState
from game.core.reverse_play import (
    ReverseAction,
    ReverseGame,
    ReversePlayError,
    moves_to_solved,
)
from game.core.wording import counted
from game.solver.search.pulls import pull_dead_squares
from game.solver.warning import DeadlockWarning

MEETING = "The forward and reverse games meet: Ctrl+J joins them into a solution"


class ReverseHost(Protocol):
    """What reverse play needs of the play controller."""

    state: PlayState
    walk: deque[Direction]
    notice: Notice | None

    def notify(self, text: str, tone: Tone, square: int | None = None) -> None: ...

    def sound(self, name: str) -> None: ...

    def slide(
        self, player: tuple[int, int], box: tuple[int, int] | None, quick: bool
    ) -> None: ...


class ReverseMode:
    """The reverse game of one level, made the first time the player switches to it."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.active = False
        self.pull_always = False
        self.game: ReverseGame | None = None
        self.dead: frozenset[int] = frozenset()
        self.warning: DeadlockWarning | None = None
        # The moves that take the forward game to the solved position through the reverse
        # one, while the two meet (the same boxes, the player able to walk between them).
        self.join_moves: str | None = None
        # Whether the forward game was finished through reverse play (the library says so).
        self.solved_here = False

    # -- orders ----------------------------------------------------------------------------
    def shown(self, forward: PlayState) -> PlayState | ReverseGame:
        """The game on the board: the forward one, or the reverse one in reverse play."""
        return self.game if self.active and self.game is not None else forward

    def run(self, command: Command, walking: bool, host: ReverseHost) -> None:
        """One command of reverse play, or the switch into it."""
        if command is ReverseOrder.SWITCH:
            self._switch(host)
            return
        if command is ReverseOrder.JOIN:
            self._join(host)
            return
        game = self.game
        if not self.active or game is None:
            host.notify("That is for reverse play: F8 switches to it", Tone.WARNING)
            return
        if command is ReverseOrder.PULL_ALWAYS:
            self.pull_always = not self.pull_always
            said = "pulls the box behind him" if self.pull_always else "pulls only with Shift"
            host.notify(f"A step away from a box {said} (G toggles)", Tone.INFO)
        elif command is ReverseOrder.NEXT_AREA:
            self._next_area(game, host)
        elif isinstance(command, Pull):
            self._step(game, command.direction, True, walking, host)
        elif isinstance(command, Direction):
            self._step(game, command, self.pull_always and not walking, walking, host)
        elif isinstance(command, Click):
            self._click(game, command.square, host)
        elif command in (PlayAction.UNDO, PlayAction.REDO, PlayAction.RESTART):
            self._history(game, command, host)
        else:
            host.notify("That is for forward play: F8 switches back to it", Tone.WARNING)
            return
        self._after_change(game, host)

    def _switch(self, host: ReverseHost) -> None:
        if self.game is None:
            try:
                self.game = ReverseGame(self.level)
            except ReversePlayError as error:
                host.notify(error.problem.text, Tone.WARNING)
                return
            self.dead = pull_dead_squares(self.level.board, self.level.boxes, self.level.player)
        self.active = not self.active
        if self.active:
            where = "click or Tab puts the player down" if self.game.can_place else "go on pulling"
            host.notify(f"Reverse play: pull the boxes home; {where}", Tone.INFO)
        else:
            host.notify("Forward play (F8: back to reverse play)", Tone.INFO)
        self.check_meeting(host.state, host)

    def _next_area(self, game: ReverseGame, host: ReverseHost) -> None:
        if not game.can_place:
            host.notify("The player is put down before the first pull only", Tone.WARNING)
            return
        square = game.next_area_square()
        if square is None:
            host.notify("He can already walk to every free square", Tone.INFO)
            return
        game.place(square)
        host.sound("step")

    def _click(self, game: ReverseGame, square: int, host: ReverseHost) -> None:
        if square < 0:
            return
        if game.can_place:
            if game.place(square) or square == game.player:
                host.sound("step")
            else:
                host.notify("The player cannot stand there", Tone.WARNING, square)
            return
        path = walk_path(game.board, game.boxes, game.player, square)
        if path is None:
            host.notify("The player cannot get there", Tone.DANGER, square)
            host.sound("blocked")
            return
        host.walk.extend(path)

    def _step(
        self, game: ReverseGame, direction: Direction, pull: bool, quick: bool, host: ReverseHost
    ) -> None:
        result = game.step(direction, pull)
        if result.move is None:
            host.sound("blocked")
            host.walk.clear()
            return
        self._slide(game, result.move, True, quick, host)
        host.sound("push" if result.move.pushed else "step")

    def _history(self, game: ReverseGame, command: PlayAction, host: ReverseHost) -> None:
        action: ReverseAction | None = None
        if command is PlayAction.UNDO:
            action = game.undo()
        elif command is PlayAction.REDO:
            action = game.redo()
        elif game.restart():
            host.notify("Restarted: undo brings the moves back", Tone.INFO)
        if isinstance(action, Move):
            self._slide(game, action, command is PlayAction.REDO, True, host)
        if action is not None:
            host.sound("undo")

    def _slide(
        self, game: ReverseGame, move: Move, forward: bool, quick: bool, host: ReverseHost
    ) -> None:
        """Slide the player, and the box he pulls, between the squares of ``move``."""
        offset = game.board.offset(move.direction)
        now = game.player
        if forward:
            player, box = (now - offset, now), (now - 2 * offset, now - offset)
        else:
            player, box = (now + offset, now), (now, now - offset)
        host.slide(player, box if move.pushed else None, quick)

    # -- the games meeting -------------------------------------------------------------------
    def _after_change(self, game: ReverseGame, host: ReverseHost) -> None:
        dead_boxes = frozenset(game.boxes.frozen() & self.dead)
        self.warning = None
        if dead_boxes:
            self.warning = DeadlockWarning(
                dead_boxes,
                "Deadlock: this box can never be pulled back to a start square (undo: U)",
            )
        at_start = game.starts, game.level.player
        lurd = moves_to_solved(game, *at_start) if game.pull_count else None
        if lurd is not None:
            self._finish(host, lurd, from_start=True)
            return
        self.check_meeting(host.state, host)

    def check_meeting(self, forward: PlayState, host: ReverseHost) -> None:
        """Offer the join when the two games have just come to meet."""
        game = self.game
        before = self.join_moves
        self.join_moves = None
        if game is not None and game.pull_count and forward.moves:
            self.join_moves = moves_to_solved(game, forward.box_squares(), forward.player)
        if self.join_moves is not None and before is None:
            host.notify(MEETING, Tone.GOOD)
        elif self.join_moves is None and host.notice is not None and host.notice.text == MEETING:
            host.notice = None  # they no longer meet: the offer goes

    def _join(self, host: ReverseHost) -> None:
        if self.join_moves is None:
            host.notify(
                "Nothing to join: the forward and reverse games must have the same boxes",
                Tone.WARNING,
            )
            return
        self._finish(host, self.join_moves, from_start=False)

    def _finish(self, host: ReverseHost, moves: str, from_start: bool) -> None:
        """Play the forward solution into the forward game, which then finishes the level as
        any solve does; refused, with nothing changed, if it does not replay."""
        state = host.state
        before = "" if from_start else state.lurd()
        level = state.level
        if not solves(level, before + moves):
            host.notify("The joined moves do not solve the level: nothing changed", Tone.DANGER)
            return
        if from_start:
            state.restart()
        for _ in state.play_letters(moves):
            pass
        self.active = False
        self.join_moves = None
        self.solved_here = True
        made = measure(level, state.lurd())
        host.notify(
            f"Solved through reverse play: {counted(made.moves, 'move')}, "
            f"{counted(made.pushes, 'push', 'pushes')}",
            Tone.GOOD,
        )

    # -- what is shown -----------------------------------------------------------------------
    def status(self) -> str:
        """The line under the board in reverse play."""
        game = self.game
        if game is None:
            return ""
        if self.warning is not None:
            return self.warning.message
        if self.join_moves is not None:
            return "The games meet: Ctrl+J joins them into a solution"
        if game.can_place:
            return "Put the player down: click a square, Tab for the next area; Shift pulls"
        pulling = "every step away from a box pulls it" if self.pull_always else "Shift pulls"
        return f"Reverse play: bring each box to its start; {pulling} (G)"

