"""Feature space search (FESS, after Shoham and Schaeffer's Festival), forwards: positions are
grouped into cells by features that measure progress, and the search takes turns among them.

Features: how much of the packing plan the boxes have done, how many areas the boxes cut the
floor into (under the base search's plan, more than the floor could hold for each box frozen on
a goal the plan does not yet count on, when such boxes cut off an earlier step: see
:mod:`game.solver.search.frozen_ahead`), and boxes out of plan: in the zone the base search's plan
is about to wall off (:mod:`game.solver.search.oop`) when the search is guided, else on goals the
plan does not count on; a guided search also counts hotspots
(:mod:`game.solver.search.hotspots`). Every child of a position is scored when the position is
made; the advisors (:mod:`game.solver.search.advisors`) choose among them, and their moves weigh
0. A position worse in the features than its parent waits in the parent's cell. The plan
(:mod:`game.solver.search.plans`) comes from the backward base search when asked for and it
retires a box
(:mod:`game.solver.search.base_search`), or from the best position of the meeting search's
backward search (:mod:`game.solver.search.meeting`), whose positions finish any forward search
that meets one, else from the goal order of :mod:`game.solver.search.packing`."""

from __future__ import annotations

from collections.abc import Callable

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.areas import area_parts, areas_after, count_areas
from game.solver.analysis.board import bits_of, flood
from game.solver.analysis.boxpath import pushes_of_moves
from game.solver.analysis.player_area import area_after_push
from game.solver.deadlock.corral import CorralPruner
from game.solver.deadlock.corral_deadlock import CorralDeadlocks
from game.solver.deadlock.subtree import SUBTREE_NODES, SubtreeDeadlocks
from game.solver.result import Limits
from game.solver.search.advisors import Advisors
from game.solver.search.box_moves import Step, box_moves
from game.solver.search.cells import (
    ADVISED,
    NO_MOVE,
    PLAIN,
    Cell,
    CellSearch,
    Child,
    Key,
    Rank,
    pack_squares,
    unpack_squares,
)
from game.solver.search.frozen_ahead import FrozenAhead
from game.solver.search.meeting import MeetingPlan, Perimeter
from game.solver.search.parking import ParkingPlan
from game.solver.search.plans import Aim, base_search, make_plan
from game.solver.search.problem import Outcome, Problem

RANK_SIZE = 5  # packed, areas, boxes out of plan, hotspots, distance (see rank_of)
# How many sets of boxes a search keeps the features of (some 180 bytes each, with the boxes).
FEATURES_KEPT = 250_000


class FeatureSearch(CellSearch[int]):
    """One FESS run over a problem; ``run`` returns the outcome (after PhaseOver, call it
    again to go on)."""

    name = "fess"

    def __init__(
        self,
        problem: Problem,
        limits: Limits,
        macros: bool = True,
        box_moves: bool = False,
        base_plan: bool = False,
        guided: bool = True,
        farthest: bool = False,
        aim: Aim = Aim.PACKING,
        meeting_share: float | None = None,
    ) -> None:
        """``guided``: a base-planned search also counts hotspots and the plan's out-of-plan
        zones, with their advisors and the explorer, and visits a cell first when it finds it
        (Festival's); without them it solves other levels (XSokoban 39, 87), and with them
        others still (36, 72, 75). ``farthest``: of children equal in every feature, the one
        whose boxes are farthest from the goals comes first (Festival's), not the nearest.
        ``aim``: MEETING, the plan is the best position of a backward search keeping every
        box (:mod:`game.solver.search.meeting`), and a child among its positions is finished
        by its way home; GOALS, Festival's HF search towards the goals, as the meeting search
        goes towards its backward position: the goals are the plan's squares to fill in any
        order, counted, with hotspots and the tie-break, as the meeting search counts its own,
        every move weighing 0 (no backward search: it starts at once). ``meeting_share``: the
        meeting search's backward search's share of the limit (None: the share when alone)."""
        super().__init__(limits, RANK_SIZE)
        self.problem = problem
        # Moves: one box to any square it can reach (Festival's), or single pushes.
        self.box_moves = box_moves
        if box_moves:
            planned = "fess-base" if guided else "fess-base-plain"
            self.name = planned if base_plan else "fess-boxes"
        # The last tie-break, the boxes' distance to the goals, counts against a child when
        # the search prefers them far: boxes pushed towards the goals before the plan asks for
        # them crowd the ways in (XSokoban 28's near pocket jams; farthest first solves it).
        self.distance_sign = -1 if farthest else 1
        # Per square, its pushes to the nearest goal; the meeting search's, to the nearest
        # square of its plan (see meeting_plan), once the plan is made.
        self.nearest = problem.analysis.nearest
        if farthest:
            self.name += "-far"
        self.aim = aim
        self.meeting_share = meeting_share
        if aim is Aim.MEETING:
            self.name = "fess-meet"
            if not problem.perimeter:
                problem.perimeter.append(Perimeter(problem, limits))
        elif aim is Aim.GOALS:
            self.name = "fess-hf"
        # The plain twins plan with Festival's rule for retiring (another room or FAR steps),
        # the guided searches with FAR steps alone (see docs/solver.md, 2026-12-05).
        self.base = base_search(problem, limits, rooms=not guided) if base_plan else None
        # Only a base-planned search is guided (when asked): the others solve other levels
        # without it (XSokoban 14 and 89 were lost with hotspots everywhere).
        self.guided = base_plan and guided
        self.hotspots: Callable[[int, int | None], int] = (
            problem.hotspots.count if self.guided else _no_hotspots
        )
        self.advisors: Advisors | None = None  # with the plan, once it is made
        # Boxes frozen on goals ahead of the base search's plan that cut off a step before
        # theirs (see frozen_ahead.py): each adds more areas than the floor could hold, so such
        # a position comes after every one of its packing without them. On XSokoban 50 the
        # connectivity advisor's opening moves froze (7, 1) early, and the search waited at 10
        # of 29 steps for thousands of expansions; so counted, the guided far search solves it
        # in 54 nodes. Counted against packing instead, it solved 50 alike but took XSokoban 74
        # from 4,159 to 7,571 nodes. Every box frozen ahead counted so, not only those that cut
        # a step off, Aruba8 10 took every base-planned search 18,000-37,000 nodes (600-1,200
        # now) and 37 was out of reach with Festival's own plan (solved in 2,087 nodes so).
        self.frozen_ahead: FrozenAhead | None = None
        self.frozen_cost = problem.floor.bit_count() + 1
        # Corrals grown by their pockets (Festival's) in the plain far twin alone: there they
        # took XSokoban 28 from a miss at 40 s to 76 nodes; in the guided searches and the
        # plain near twin they lost Sasquatch 16 and 40 (docs/solver.md, forty-first session).
        self.corrals = CorralPruner(
            problem.floor,
            problem.live,
            problem.goals,
            problem.width,
            problem.offsets,
            pockets=base_plan and not guided and farthest,
        )
        self.corral_deadlocks = CorralDeadlocks(problem)
        self.live_for_tunnels = problem.live if macros else 0
        self.used_macros = False
        self.solution: list[Push] | None = None
        self.new_cells_first = self.guided
        # The digging visits take in turn the cells of the front of packing and boxes out of
        # plan: on XSokoban 74 the best cell was a trap at 14 packed for 8,000 expansions while
        # the solution's path went on at 0-9 packed, taking boxes out of plan.
        self.front_feature = 2
        # Per set of boxes, its features but the estimate: none depends on where the player
        # stands (the areas count his own), and about half the children of a search share
        # their boxes with one made before, the player elsewhere (XSokoban 74: 54%, 16: 37%).
        self.features: dict[int, tuple[int, int, int, int]] = {}
        self.boxes: list[int] = []  # per node, its boxes
        self.subtrees = SubtreeDeadlocks(problem)
        # Whether the advisors choose the children that weigh 0 (not in girl mode, which
        # orders by worth alone: see girl.py).
        self.advised_moves = True
        # Whether the advisors' moves weigh less than the others. The meeting and HF searches
        # weigh every move 0, as Festival's HF search does for three quarters of its time (its
        # weighted_search off): in a cell the best-ranked child comes first however deep its
        # path. Alone at 30 s on Aruba10's 21 hardest levels the meeting search solved 16 of
        # them so, not 8.
        self.weighted = aim is Aim.PACKING

    def ready(self) -> Advisors:
        """The advisors and their plan, made at the first call (the base search's plan under
        its budget; it may stop for a slice and go on at the next call)."""
        if self.advisors is None:
            plan = make_plan(self.problem, self.limits, self.base, self.aim, self.meeting_share)
            opener = isinstance(plan, ParkingPlan)
            self.advisors = Advisors(self.problem, plan, opener, zones=self.guided)
            if isinstance(plan, MeetingPlan) and self.advised_moves:  # not the girl mode's
                self.hotspots = plan.hotspots
                self.nearest = plan.nearest
            if isinstance(plan, ParkingPlan):
                self.frozen_ahead = FrozenAhead(self.problem, plan)
        return self.advisors

    def start(self) -> None:
        """Put the start position in the tree."""
        self.limits.tick()
        self.ready()
        problem = self.problem
        boxes = problem.start_boxes
        region = problem.region(boxes, problem.start_player)
        nearest = self.nearest
        distance = sum(nearest[square] for square in bits_of(boxes))
        rank = self.rank_of(boxes, region, self.distance_sign * distance)
        key = (boxes, (region & -region).bit_length())
        self.seen.add(key)
        perimeter = problem.perimeter[0] if problem.perimeter else None
        if perimeter is not None and key in perimeter.met:
            self.solution = perimeter.pushes_home(key)  # the backward search got here
            return
        node = self.add(-1, NO_MOVE, 0, rank[:3])
        self.boxes.append(boxes)
        self.offer(node, self.expand(node, boxes, region, rank))

    def run(self) -> Outcome:
        """Search until solved or exhausted; after PhaseOver, call again to go on."""
        self.ready()
        if not self.seen:
            self.start()
        while self.solution is None:
            picked = self.next_child()
            if picked is None:
                return Outcome(None, self.used_macros)
            node, child = picked
            self.seen.add(child.key)
            cell = self.cell_of(child.rank, node)
            made = self.add(node, child.move, child.weight, cell)
            self.boxes.append(child.boxes)
            self.offer(made, self.expand(made, child.boxes, child.region, child.rank))
            for above in self.reached(made, SUBTREE_NODES):
                self._learn_under(above)
        return Outcome(self.solution, self.used_macros)

    def _learn_under(self, node: int) -> None:
        """Check ``node``'s position for a subtree deadlock (see
        :mod:`game.solver.deadlock.subtree`); when one is found, drop every node holding its
        pattern."""
        pattern = self.subtrees.learn(self.boxes[node], self._player(node))
        if pattern:
            area, boxes = self.problem.learned.areas[pattern], self.boxes
            self.drop(
                node,
                lambda other: not pattern & ~boxes[other] and bool(area >> self._player(other) & 1),
            )

    def _player(self, node: int) -> int:
        """A square of the player's area at ``node``."""
        via = self.via[node]
        return self.problem.start_player if via == NO_MOVE else unpack_squares(via)[2]

    def cell_of(self, rank: Rank, parent: int) -> Cell:
        """The cell of a child of ``parent`` ranked ``rank``: its features, but a step back
        in them does not open a cell of its own: the child waits in its parent's, the best
        its path has reached."""
        cell = rank[:3]
        return self.cell[parent] if _worse(cell, self.cell[parent]) else cell

    def rank_of(self, boxes: int, region: int, estimate: int) -> Rank:
        """A position's rank: boxes packed by the plan (negated), areas, boxes out of plan,
        hotspots (boxes in another box's way) and the sum of the boxes' distances to their
        nearest goals (negated when the search prefers them far; the meeting and HF searches'
        to the nearest squares of their plan)."""
        known = self.features.get(boxes)
        if known is None:
            problem = self.problem
            areas = count_areas(problem.floor & ~boxes, region, problem.width, problem.poll)
            known = self._worked_out(boxes, areas)
        return (*known, estimate)

    def _worked_out(
        self,
        boxes: int,
        areas: int,
        progress: tuple[int, int] | None = None,
        parent: int | None = None,
    ) -> tuple[int, int, int, int]:
        """The features of a set of boxes but the estimate, kept for the next time;
        ``progress``: the plan's progress for them, when known; ``parent``: the boxes they
        are one move from, when known."""
        advisors = self.ready()
        packed, placed = advisors.plan.progress(boxes) if progress is None else progress
        if advisors.out_of_plan is not None:
            oop = advisors.out_of_plan.count(boxes, packed)
        else:
            oop = (boxes & self.problem.goals & ~placed).bit_count()
        if self.frozen_ahead is not None:
            areas += self.frozen_cost * self.frozen_ahead.count(boxes, placed)
        known = (-packed, areas, oop, self.hotspots(boxes, parent))
        if len(self.features) < FEATURES_KEPT:
            self.features[boxes] = known
        return known

    def expand(self, node: int, boxes: int, region: int, rank: Rank) -> list[Child[int]]:
        """Every move from the node as a scored child, the advised ones at weight 0;
        records the solution when a child is solved."""
        problem = self.problem
        width, poll = problem.width, problem.poll
        # The areas of the free squares, the player's first: the corral rules look at the
        # others, and the children's areas are worked out from them.
        parts = area_parts(problem.floor & ~boxes, region, width, poll)
        corrals = parts[1:]
        if self.corral_deadlocks.is_deadlock(boxes, region, corrals):
            return []
        only = self.corrals.restrict(boxes, region, corrals)
        if self.box_moves:
            steps = box_moves(problem, boxes, region, only)
        else:
            steps = self._pushes(boxes, region, only)
            if only is None or any(only):
                path = self.ready().packing_path(boxes, region)
                if path is not None:
                    pushes, after, stand = path
                    steps.append((pushes, after, problem.region(after, stand)))
        nearest = self.nearest
        sign = self.distance_sign
        seen = self.seen
        # Each child's weight before the advisors choose: unweighted (the meeting and HF
        # searches), every move weighs what an advised one does; the girl mode's all weigh PLAIN.
        advising = self.advised_moves and self.weighted
        weight = ADVISED if self.advised_moves and not self.weighted else PLAIN
        plan = self.ready().plan
        watched = plan.watched
        # The plan's progress here, for the children whose move touches none of its squares.
        progress: tuple[int, int] | None = None
        perimeter = problem.perimeter[0] if problem.perimeter else None
        keys: set[tuple[int, int]] = set()
        children: list[Child[int]] = []
        for pushes, after, area in steps:
            key = (after, (area & -area).bit_length())
            if key in seen or key in keys:
                continue
            keys.add(key)
            if after == problem.goals or (perimeter is not None and key in perimeter.met):
                self.solution = self._pushes_to(node)
                self.solution.extend(pushes)
                if perimeter is not None and after != problem.goals:
                    self.solution.extend(perimeter.pushes_home(key))
                return []
            source = (boxes & ~after).bit_length() - 1
            target = (after & ~boxes).bit_length() - 1
            estimate = rank[4] + sign * (nearest[target] - nearest[source])
            known = self.features.get(after)
            if known is None:
                # Some 0.1 ms a child: the root of an open room with many boxes has tens of
                # thousands, seconds past a limit without a look at the clock.
                poll()
                areas = areas_after(parts, source, target, area, width, poll)
                if source >= 0 and (watched >> source | watched >> target) & 1:
                    known = self._worked_out(after, areas, parent=boxes)
                else:
                    if progress is None:
                        progress = plan.progress(boxes)
                    known = self._worked_out(after, areas, progress, boxes)
            if source < 0:
                source = target = pushes[0].box  # it came back: packed as its square twice
            move = pack_squares(source, target, key[1] - 1)
            children.append(Child(weight, (*known, estimate), key, after, area, move))
        if advising:
            for index in self.ready().advised(children, rank, boxes, region):
                children[index] = children[index]._replace(weight=ADVISED)
        return children

    def pack_move(self, node: int, child: Child[int]) -> int:
        """A move as the box's square before and after and the lowest square of the player's
        area after (packed in ``expand``): its pushes are found again, for the solution's
        moves only."""
        return child.move

    def child_key(self, node: int, move: int) -> Key:
        source, target, stand, _ = unpack_squares(move)
        return self.boxes[node] ^ (1 << source) ^ (1 << target), stand + 1

    def region_of(self, key: Key) -> int:
        boxes, stand = key
        return flood(1 << stand - 1, self.problem.floor & ~boxes, self.problem.width)

    def _pushes_to(self, node: int) -> list[Push]:
        """The pushes of the moves from the root to ``node``: for each, the fewest that take
        its box where it went, the player ending in the area it names."""
        problem = self.problem
        moves = (unpack_squares(move)[:3] for move in self.path(node))
        return pushes_of_moves(problem.analysis, problem.start_boxes, problem.start_player, moves)

    def _pushes(self, boxes: int, region: int, only: list[int] | None) -> list[Step]:
        """Every single push as a move, a push into a tunnel taken on to its end."""
        problem = self.problem
        live = self.live_for_tunnels
        floor, width = problem.floor, problem.width
        steps: list[Step] = []
        for box, direction, after in problem.pushes(boxes, region, only):
            after, target, count = problem.through_tunnel(box, direction, after, live)
            if count > 1:
                self.used_macros = True
                if not problem.allowed(box, target, after):
                    continue
            stand = target - problem.offsets[direction]
            push = Push(box, DIRECTIONS[direction], count)
            moved = area_after_push(region, stand, target, floor & ~after, width)
            steps.append(((push,), after, moved))
        return steps


def _no_hotspots(_boxes: int, _parent: int | None = None) -> int:
    return 0


def _worse(cell: Cell, than: Cell) -> bool:
    """Whether ``cell`` is worse than ``than`` in some feature and better in none."""
    return cell != than and all(a >= b for a, b in zip(cell, than, strict=True))
