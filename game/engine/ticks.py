"""The fixed logic tick and the account of the ticks a frame owes for the time that passed.

Time comes in as seconds per frame and goes out as whole ticks, with capped catch-up after a stall.
"""

from __future__ import annotations

TICK_RATE = 60
TICK_SECONDS = 1.0 / TICK_RATE
# After a stall (a dragged window, a slow disk) run at most this many ticks in one frame and
# drop the rest, rather than spiral into ever longer frames.
MAX_CATCH_UP_TICKS = 5
MAX_FRAME_SECONDS = 0.25
# While nothing moves the loop rests (game.engine.rest), waking to run the ticks it owes (a
# clock on screen, the solver's answers); those idle ticks are cheap, so all are run.
MAX_REST_SECONDS = 2.0
# Floating point leaves 1/60 + 1/60 - 2/60 a hair off zero; ticks should not slip for that.
_TICK_TOLERANCE = 1e-9


class TickAccount:
    """The time not yet ticked away (the accumulator) and the ticks dropped after stalls."""

    def __init__(self) -> None:
        self.dropped = 0
        self._accumulator = 0.0

    def owe(self, elapsed: float, rested: bool) -> int:
        """How many fixed ticks ``elapsed`` seconds owe, taken from the accumulator, with
        capped catch-up after a stall (the rest dropped)."""
        longest = MAX_REST_SECONDS if rested else MAX_FRAME_SECONDS
        self._accumulator += min(max(elapsed, 0.0), longest)
        catch_up = int(MAX_REST_SECONDS / TICK_SECONDS) if rested else MAX_CATCH_UP_TICKS
        owed = int((self._accumulator + _TICK_TOLERANCE) / TICK_SECONDS)
        if owed > catch_up:
            self.dropped += owed - catch_up
            owed = catch_up
            self._accumulator = 0.0
        else:
            self._accumulator = max(self._accumulator - owed * TICK_SECONDS, 0.0)
        return owed

    @property
    def fraction(self) -> float:
        """How far into the next tick the time is, 0 to 1: drawing interpolates by it."""
        return min(1.0, self._accumulator / TICK_SECONDS)
