"""Feature space search (FESS, after Shoham and Schaeffer's Festival): positions are grouped
into cells by features that measure progress, and the search takes turns among the cells.

Features: boxes packed by the packing plan, how many areas the boxes cut the floor into, and
boxes out of plan (on goals filled before their turn). Visits alternate between the next cell
of the cycle and the best cell; a position worse in the features than its parent waits in the
parent's cell. In each cell the search follows the position whose path holds the fewest moves
that no advisor proposed (:mod:`game.solver.advisors`: packing and opening).
"""

from __future__ import annotations

import heapq

from game.solver.advisors import ADVISED, PLAIN, Advisors, Move
from game.solver.analysis import bits_of, flood
from game.solver.box_moves import box_moves
from game.solver.corral import CorralPruner
from game.solver.corral_deadlock import CorralDeadlocks
from game.solver.packing import PackingPlan
from game.solver.push import DIRECTIONS, Push
from game.solver.result import Limits
from game.solver.search import Outcome, Problem, Tree

# A cell: feature values, each the smaller the better (packed boxes are counted negative).
Cell = tuple[int, ...]


class FeatureSearch:
    """One FESS run over a problem; ``run`` returns the outcome."""

    name = "fess"

    def __init__(
        self, problem: Problem, limits: Limits, macros: bool = True, box_moves: bool = False
    ) -> None:
        self.problem = problem
        # Moves: one box to any square it can reach (Festival's), or single pushes.
        self.box_moves = box_moves
        if box_moves:
            self.name = "fess-boxes"
        self.limits = limits
        self.plan = PackingPlan(problem.analysis, problem.start_boxes, problem.start_player)
        self.corrals = CorralPruner(
            problem.floor, problem.live, problem.goals, problem.width, problem.offsets, problem.poll
        )
        self.corral_deadlocks = CorralDeadlocks(problem)
        self.advisors = Advisors(problem, self.plan)
        self.live_for_tunnels = problem.live if macros else 0
        self.used_macros = False
        self.tree = Tree()
        self.boxes: list[int] = []
        # The player's region of each node, kept from when it was added: no flood again.
        self.region: list[int] = []
        self.weight: list[int] = []
        self.moves: list[list[Move] | None] = []
        self.cell: list[Cell] = []  # the cell each node was put in
        self.cursor: list[int] = []
        self.seen: set[tuple[int, int]] = set()
        self.cells: dict[Cell, list[tuple[int, int, int]]] = {}
        self.cycle: list[Cell] = []
        self.turn = 0  # the next cell of the cycle to visit
        # The cells with positions left, best first: every other visit goes to the best one,
        # so the search digs on where it has come furthest while the cycle keeps it broad.
        self.ranked: list[Cell] = []
        self.best_next = False

    def start(self) -> None:
        """Put the start position in the tree."""
        problem = self.problem
        region = problem.region(problem.start_boxes, problem.start_player)
        self._add(problem.start_boxes, region, -1, (), 0)

    def run(self) -> Outcome:
        """Search until solved or exhausted; after PhaseOver, call again to go on."""
        if not self.seen:
            self.start()
        while self.cycle:
            if self.turn >= len(self.cycle):
                self.turn = 0
                for cell in self.cycle:
                    if not self.cells[cell]:
                        del self.cells[cell]
                self.cycle = [cell for cell in self.cycle if cell in self.cells]
                continue
            self.limits.tick()
            self.best_next = not self.best_next
            best = self._best_cell() if self.best_next else None
            if best is None:
                best = self.cycle[self.turn]
                self.turn += 1
            found = self._visit(self.cells[best])
            if found is not None:
                return Outcome(found, self.used_macros)
        return Outcome(None, self.used_macros)

    def _best_cell(self) -> Cell | None:
        """The best cell that still holds positions (dropping the emptied ones from the
        ranking); None when there is none."""
        ranked = self.ranked
        while ranked:
            heap = self.cells.get(ranked[0])
            if heap:
                return ranked[0]
            heapq.heappop(ranked)
        return None

    def _visit(self, heap: list[tuple[int, int, int]]) -> list[Push] | None:
        """Make the cheapest move not yet made from the cell's positions, adding one new
        position to the tree (or none, when every move left leads to known positions)."""
        problem = self.problem
        while heap:
            priority, estimate, node = heapq.heappop(heap)
            moves = self.moves[node]
            if moves is None:
                moves = self.expand(node)
                self.moves[node] = moves
            index = self.cursor[node]
            if index >= len(moves):
                continue
            cost = self.weight[node] + moves[index][0]
            if cost > priority:
                heapq.heappush(heap, (cost, estimate, node))
                continue
            self.cursor[node] = index + 1
            if index + 1 < len(moves):
                following = self.weight[node] + moves[index + 1][0]
                heapq.heappush(heap, (following, estimate, node))
            _, _, pushes, boxes, player = moves[index]
            region = problem.region(boxes, player)
            key = (boxes, (region & -region).bit_length())
            if key in self.seen:
                continue
            if boxes == problem.goals:
                return self.tree.pushes_to(node, pushes)
            self._add(boxes, region, node, pushes, cost)
            return None
        return None

    def _add(
        self,
        boxes: int,
        region: int,
        parent: int,
        pushes: tuple[Push, ...],
        weight: int,
    ) -> None:
        problem = self.problem
        self.seen.add((boxes, (region & -region).bit_length()))
        # Among equal weights, positions with boxes nearer to goals come first.
        nearest = problem.analysis.nearest
        estimate = sum(nearest[square] for square in bits_of(boxes))
        node = self.tree.add((parent, pushes))
        self.boxes.append(boxes)
        self.region.append(region)
        self.weight.append(weight)
        self.moves.append(None)
        self.cursor.append(0)
        cell = self.cell_of(boxes, region)
        if parent >= 0 and _worse(cell, self.cell[parent]):
            # A step back in the features does not open a cell of its own: the position
            # waits in its parent's, the best its path has reached.
            cell = self.cell[parent]
        self.cell.append(cell)
        heap = self.cells.get(cell)
        if heap is None:
            heap = self.cells[cell] = []
            self.cycle.append(cell)
        if not heap:
            heapq.heappush(self.ranked, cell)
        heapq.heappush(heap, (weight, estimate, node))

    def cell_of(self, boxes: int, region: int) -> Cell:
        """The position's cell: boxes packed (negated, so that more comes first), areas and
        boxes out of plan (on goals filled too early: they must leave again)."""
        packed = self.plan.packed_mask(boxes)
        early = boxes & self.problem.goals & ~packed
        return -packed.bit_count(), self._areas(boxes, region), early.bit_count()

    def _areas(self, boxes: int, region: int) -> int:
        """Into how many areas the boxes cut the floor (the player's counts as one)."""
        free = self.problem.floor & ~boxes
        rest = free & ~region
        areas = 1
        width = self.problem.width
        while rest:
            self.problem.poll()
            rest &= ~flood(rest & -rest, free, width)
            areas += 1
        return areas

    def expand(self, node: int) -> list[Move]:
        """Every move from the node, the advised ones first (weight 0)."""
        boxes, region = self.boxes[node], self.region[node]
        if self.corral_deadlocks.is_deadlock(boxes, region):
            return []
        only = self.corrals.restrict(boxes, region)
        if self.box_moves:
            moves = box_moves(self.problem, boxes, region, only)
        else:
            moves = self._pushes(boxes, region, only)
        opening = self.advisors.opening(moves, region)
        if opening is not None:
            moves[opening] = (ADVISED, *moves[opening][1:])
        if only is None or any(only):
            advice = self.advisors.packing(boxes, region)
            if advice is not None:
                moves.append(advice)
        moves.sort(key=_move_order)
        return moves

    def _pushes(self, boxes: int, region: int, only: list[int] | None) -> list[Move]:
        """Every single push as a move, a push into a tunnel taken on to its end."""
        problem = self.problem
        nearest = problem.analysis.nearest
        live = self.live_for_tunnels
        moves: list[Move] = []
        for box, direction, after in problem.pushes(boxes, region, only):
            after, target, count = problem.through_tunnel(box, direction, after, live)
            if count > 1:
                self.used_macros = True
                if not problem.allowed(box, target, after):
                    continue
            progress = nearest[target] - nearest[box]
            stand = target - problem.offsets[direction]
            push = Push(box, DIRECTIONS[direction], count)
            moves.append((PLAIN, progress, (push,), after, stand))
        return moves


def _worse(cell: Cell, than: Cell) -> bool:
    """Whether ``cell`` is worse than ``than`` in some feature and better in none."""
    return cell != than and all(a >= b for a, b in zip(cell, than, strict=True))


def _move_order(move: Move) -> tuple[int, int]:
    return move[0], move[1]
