"""What the HUD along the top of a level shows, as a view model: its name, counters, scores,
par and best (the clock is apart: it ticks by itself).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HudInfo:
    """What the HUD shows."""

    collection: str
    level_number: int
    level_count: int
    level_title: str
    moves: int
    pushes: int
    # The player's total of every level's best and what this level scores if solved now;
    # None in a test play, which scores nothing (its level is scored once it is saved).
    score: int | None
    level_score: int | None
    best: str
    # The par the level's score is reckoned against, as "moves/pushes" ("" when it has none).
    par: str
    boxes_done: int
    boxes_total: int
    # Reverse play: the counters say pulls and boxes back on their start squares.
    reverse: bool = False


def par_text(moves: int, pushes: int) -> str:
    """A par as the HUD shows it, moves then pushes as BEST shows them; "" for none.

    >>> par_text(230, 97), par_text(0, 0)
    ('230/97', '')
    """
    return f"{moves}/{pushes}" if moves and pushes else ""
