"""The solver's whole solution being stepped through or autoplayed, a move at a time.

The assist fills it; the play controller takes its steps and undoes them going back.
"""

from __future__ import annotations

from game.core.direction import Direction

AUTOPLAY_SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)  # steps a second


class SolutionSteps:
    """The moves of a solution, how far the player is along them, and autoplay."""

    def __init__(self) -> None:
        self.moves: list[Direction] = []
        self.index = 0
        self.name = ""  # whose solution it is, for the status line
        self.autoplay = False
        self.speed = 2  # index into AUTOPLAY_SPEEDS
        self._wait = 0.0

    @property
    def active(self) -> bool:
        return bool(self.moves)

    @property
    def steps_per_second(self) -> float:
        return AUTOPLAY_SPEEDS[self.speed]

    def start(self, moves: list[Direction], name: str = "Solver's solution") -> None:
        """Step through ``moves`` from the start; ``name`` says whose (a library entry's)."""
        self.moves, self.index, self.name = moves, 0, name

    def clear(self) -> None:
        """A move the player made himself ends the solution and its autoplay."""
        self.moves, self.index, self.autoplay = [], 0, False

    def next_step(self) -> Direction | None:
        if self.index >= len(self.moves):
            return None
        self.index += 1
        return self.moves[self.index - 1]

    def step_back(self) -> bool:
        """One step back (the controller undoes the move); False at the start."""
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def toggle_autoplay(self) -> None:
        self.autoplay = not self.autoplay and self.index < len(self.moves)
        self._wait = 0.0

    def change_speed(self, faster: bool) -> None:
        self.speed = max(0, min(len(AUTOPLAY_SPEEDS) - 1, self.speed + (1 if faster else -1)))

    def due(self, seconds: float) -> bool:
        """``seconds`` went by: True when autoplay wants the next step made now."""
        if not self.autoplay:
            return False
        if self.index >= len(self.moves):
            self.autoplay = False
            return False
        self._wait -= seconds
        if self._wait > 0:
            return False
        self._wait = 1.0 / self.steps_per_second
        return True
