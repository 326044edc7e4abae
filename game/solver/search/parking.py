"""The parking plan: the backward search's pulls read forwards, as squares to fill in order, some
of them parking squares a box only waits on until a later step takes it on.

Each step names a square and where its box comes from: a box that stood there from the start of
the plan, a box from the start's boxes (one the backward search retired), or the box parked on an
earlier step's square. A step's box is needed "until" the first later step that takes it away.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.solver.analysis.board import bits_of

# The box stands there when the plan starts (the backward search left it there), or goes there
# first when that search ended home (see _started).
INIT = -2
OUTSIDE = -1  # a box from the start's boxes, whichever one
NEVER = 1 << 30  # the "until" of a box that stays to the end
# How many sets of boxes on the plan's squares the progress is kept for (some 250 bytes each):
# it depends on those boxes only, and a search meets the same ones again and again (on
# XSokoban 69, 10 and 39, 69%, 92% and 99.9% of the asks in 15 s of `fast`).
PROGRESS_KEPT = 100_000


class ParkingPlan:
    """The steps of the plan (``sources``, ``squares``, ``until``) and how much of it a
    position has done: the length of its filled prefix."""

    def __init__(
        self, left: int, pulls: Sequence[tuple[int, int, bool]], home: bool = False
    ) -> None:
        """``left``: the boxes the backward search had not retired where it stopped;
        ``pulls``: its moves from the solved position on, (from, to, retired) each; ``home``:
        it stopped with those boxes on their start squares (see ``_started``)."""
        steps = [(INIT, square) for square in bits_of(left)]
        for source, target, retired in reversed(pulls):
            steps.append((OUTSIDE if retired else target, source))
        steps = _merged(steps)
        if home:
            steps = _started(steps)
        until = _until(steps)
        # The plan's start boxes that stand still to the end come first (the order among the
        # start boxes is free: they are all there at once).
        inits = [i for i in range(len(steps)) if steps[i][0] == INIT]
        inits.sort(key=lambda i: until[i] < NEVER)
        rest = [i for i in range(len(steps)) if steps[i][0] != INIT]
        ordered = [steps[i] for i in inits + rest]
        self.sources = [source for source, _ in ordered]
        self.squares = [square for _, square in ordered]
        self.until = _until(ordered)
        self.starts = sum(1 for source in self.sources if source == INIT)
        # The squares whose box must be there from the start to the end.
        self.fixed = 0
        for index in range(self.starts):
            if self.until[index] == NEVER:
                self.fixed |= 1 << self.squares[index]
        self.retired = sum(1 for source in self.sources if source == OUTSIDE)
        self.watched = 0  # the plan's squares: progress looks at no other
        for square in self.squares:
            self.watched |= 1 << square
        self._progress: dict[int, tuple[int, int]] = {}

    def __len__(self) -> int:
        return len(self.squares)

    def progress(self, boxes: int) -> tuple[int, int]:
        """The plan's filled prefix: its length (steps whose box is there, or has already been
        taken on by a step within the prefix), and the boxes it counts on."""
        on_plan = boxes & self.watched
        known = self._progress.get(on_plan)
        if known is None:
            if len(self._progress) >= PROGRESS_KEPT:
                self._progress.clear()
            known = self._progress[on_plan] = self._worked_out(on_plan)
        return known

    def _worked_out(self, boxes: int) -> tuple[int, int]:
        fixed = self.fixed
        if boxes & fixed != fixed:
            held = boxes & fixed
            return held.bit_count(), held
        squares, until = self.squares, self.until
        filled = self._filled(boxes)
        placed = 0
        missing = 0
        for index in range(filled):
            if until[index] >= filled:
                if boxes >> squares[index] & 1:
                    placed |= 1 << squares[index]
                else:
                    missing += 1  # a box the plan started with, gone before its time
        return filled - missing, placed

    def next_squares(self, boxes: int) -> list[int]:
        """The squares to fill next: the missing boxes of the plan's start, or else the
        square of the first step not done."""
        fixed = self.fixed
        if boxes & fixed != fixed:
            return list(bits_of(fixed & ~boxes))
        filled = self._filled(boxes)
        return [self.squares[filled]] if filled < len(self.squares) else []

    def _filled(self, boxes: int) -> int:
        """The length of the filled prefix, the plan's start boxes all there: the steps
        whose box is there or taken on by a later step within the prefix."""
        squares, until = self.squares, self.until
        filled = len(squares)
        for index in range(filled - 1, self.starts - 1, -1):
            if not boxes >> squares[index] & 1 and until[index] >= filled:
                filled = index
        return filled


def _merged(steps: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The steps with a box that goes on at once (a to b, then b to c) as one step (a to c),
    and steps that end where they began left out."""
    steps = list(steps)
    changed = True
    while changed:
        changed = False
        index = 0
        while index < len(steps):
            source, square = steps[index]
            if source == square:
                del steps[index]
                changed = True
                continue
            if (
                source != INIT
                and index + 1 < len(steps)
                and steps[index + 1][0] == square
            ):
                steps[index] = (source, steps[index + 1][1])
                del steps[index + 1]
                changed = True
                continue
            index += 1
    return steps


def _started(steps: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The steps of a plan whose backward search ended with its boxes home, each box it left
    starting the plan on the parking square its first step takes it to (that step left out,
    and the box need not be there: it only counts as missing until it is taken on).

    That step was the backward search's last pull of the box, the one that brought it home:
    no step of the forward search's order, but as the plan's first one nothing after it
    counted until the box had been pushed off its start square, say one square aside
    (XSokoban 90: (2, 17) to (2, 16), taken on at step 11; `fast` 10.8 -> 4.3 s). Festival's
    plan starts at its backward search's best position, seldom home. A plan cut short by the
    budget starts where the search stood, and nothing is left out: XSokoban 69's, cut at 1,796
    nodes, took `fast` 34 s, not 17, with its boxes' first steps left out too."""
    steps = list(steps)
    starts = [index for index, (source, _) in enumerate(steps) if source == INIT]
    for index in starts:  # they come first: deleting later steps leaves them where they are
        until = _until(steps)  # afresh: a step left out moves the ones after it
        later = until[index]
        if later == NEVER:
            continue
        parked = steps[later][1]
        # Only onto a parking square, one a later step takes the box on from (a box pushed
        # from its start to its goal is a step of the order), and not one an earlier step
        # fills: two boxes on it.
        if until[later] != NEVER and all(other != parked for _, other in steps[:later]):
            steps[index] = (INIT, parked)
            del steps[later]
    return steps


def _until(steps: list[tuple[int, int]]) -> list[int]:
    """For each step, the first later step that takes its box away (NEVER if none does)."""
    until = [NEVER] * len(steps)
    for index, (_, square) in enumerate(steps):
        for later in range(index + 1, len(steps)):
            if steps[later][0] == square:
                until[index] = later
                break
    return until
