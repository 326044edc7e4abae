"""A Monte Carlo tree search over room edits and pulls that grows a start toward a rating.

After Kartal, Sohre and Guy (AIIDE 2016): the level is built by simulated reverse play, the tree's
actions are a few room edits and then pulls, and each playout is scored by the rating it reaches.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from game.core.metrics import PushTally, tally_pushes
from game.core.push import IndexedPush
from game.levelgen.bitboard import Masks, flood, lowest, pullable, squares_of
from game.levelgen.effort import push_distances
from game.levelgen.rating import rating_value
from game.levelgen.reorder import fewest_changes_pushes
from game.levelgen.reverse import Cancelled
from game.solver.result import CancelCheck

# The exploration constant of UCT: rewards lie in 0..1.
EXPLORATION = 0.5
# Playout weights of a pull that takes another box, turns the same box, or keeps its line (the
# steer toward box changes and lines), times SIDEWAYS for a pull that takes its box no further
# from the goals: such pulls may make the pulls' own solution longer than the shortest.
OTHER_BOX, TURN, SAME_LINE, SIDEWAYS = 4.0, 2.0, 1.0, 0.25
# Squares offered for walling at each node before the first pull.
EDIT_CHOICES = 4
# Look at the cancel check every this many playout steps.
CANCEL_EVERY = 64
# The first guess of the reordered rating over the pulls' own (see PullTreeSearch.shrink).
FIRST_SHRINK = 0.8

# A pull: (the pulled box's square before it, index of the direction the player steps).
PullMove = tuple[int, int]
# A tree action: a pull, or (square, -1) for walling that square.
Action = tuple[int, int]


@dataclass(frozen=True)
class Aim:
    """What the search aims at: a rating without the effort term (see
    :func:`game.levelgen.rating.rating_value`) in ``low`` .. ``high``; ``pulls`` caps a
    playout, ``edits`` the squares walled before the first pull and ``on_goals`` the boxes
    a start may leave on goals."""

    low: int
    high: int
    pulls: int
    edits: int = 2
    on_goals: int = 0

    def reward(self, plain: float) -> float:
        """1 inside the aim, falling off linearly outside it (0 at no rating or twice ``high``)."""
        if plain < self.low:
            return max(0.0, plain / self.low)
        if plain <= self.high:
            return 1.0
        return max(0.0, 1.0 - (plain - self.high) / self.high)


@dataclass(frozen=True)
class Found:
    """A start the search found: the floor after edits, boxes, player, the pushes that solve
    it (the pulls played backwards, reordered to switch boxes seldom) and their rating
    without the effort term."""

    floor: int
    boxes: int
    player: int
    pushes: tuple[IndexedPush, ...]
    plain: int


class _State:
    """A position in reverse play with the counts of the pulls that led to it."""

    __slots__ = ("area", "boxes", "floor", "last_box", "last_way", "player", "pulls", "tally")

    def __init__(
        self,
        floor: int,
        boxes: int,
        player: int,
        pulls: tuple[PullMove, ...],
        last_box: int,
        last_way: int,
        tally: tuple[int, int, int, int],
    ) -> None:
        self.floor = floor
        self.boxes = boxes
        self.player = player
        self.pulls = pulls
        self.last_box = last_box  # where the last pulled box now stands; -1 before any pull
        self.last_way = last_way
        self.tally = tally  # pulls, box changes, box lines, pushing sessions
        self.area = -1  # the player's region, once asked for

    def region(self, width: int) -> int:
        """The squares the player can walk to (flooded once, then kept)."""
        if self.area < 0:
            self.area = flood(self.player, self.floor & ~self.boxes, width)
        return self.area

    @property
    def plain(self) -> int:
        """The rating without effort of the pulls played forwards, as they are."""
        pulls, changes, lines, sessions = self.tally
        counts = PushTally(pulls, changes, lines, sessions, goal_exits=0)
        return rating_value(counts, 0)

    def pull(self, masks: Masks, move: PullMove) -> _State:
        box, way = move
        offset = masks.offsets[way]
        target = box + offset
        pulls, changes, lines, sessions = self.tally
        started = self.last_box >= 0
        other = started and box != self.last_box
        # Played forwards, this pull's push comes just before the last one's; the player walks
        # between them unless this pull began where the last one left him.
        walked = not started or target != self.player
        tally = (
            pulls + 1,
            changes + other,
            lines + (other or way != self.last_way or not started),
            sessions + walked,
        )
        boxes = self.boxes ^ (1 << box) ^ (1 << target)
        pulls_made = (*self.pulls, move)
        return _State(self.floor, boxes, target + offset, pulls_made, target, way, tally)

    def walled(self, square: int) -> _State:
        return _State(
            self.floor & ~(1 << square),
            self.boxes,
            self.player,
            self.pulls,
            self.last_box,
            self.last_way,
            self.tally,
        )


class _Node:
    __slots__ = ("children", "state", "total", "untried", "visits")

    def __init__(self, state: _State, untried: list[Action]) -> None:
        self.state = state
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.total = 0.0


class PullTreeSearch:
    """Monte Carlo tree search from the solved position (boxes on the goals of ``masks``, the
    player on ``player``) over room edits, then pulls. A pull may not take its box nearer the
    goals, so the pulls played forwards stay close to the fewest pushes. Every position a
    playout passes is a start; the reward of a playout is that of its best start, rated on
    its pushes reordered (:mod:`game.levelgen.reorder`). Deterministic for ``rng``'s seed."""

    def __init__(
        self, masks: Masks, player: int, aim: Aim, rng: random.Random, cancel: CancelCheck | None
    ) -> None:
        self.masks = masks
        self.aim = aim
        self.rng = rng
        self.cancel = cancel
        self.steps = 0
        self.goals = frozenset(squares_of(masks.goals))
        # The masks and push distances of each floor the edits made.
        self._floors: dict[int, tuple[Masks, dict[int, int]]] = {}
        # The reordered rating over the pulls' own, learnt as playouts are rated: it picks
        # which start of a playout to rate.
        self.shrink = FIRST_SHRINK
        self._shrinks: list[float] = []
        root = _State(masks.floor, masks.goals, player, (), -1, -1, (0, 0, 0, 0))
        self.root = _Node(root, self._actions(root))
        self.found: dict[tuple[int, int], Found] = {}
        self.best_reward = 0.0

    def run(self, playouts: int, promise: float = 0.0) -> None:
        """``playouts`` rounds of select, expand, play out and back up; after a quarter of
        them the search gives up if no start has earned a reward of ``promise``."""
        for done in range(playouts):
            if done == playouts // 4 and self.best_reward < promise:
                return
            path = [self.root]
            node = self.root
            while not node.untried and node.children:
                node = self._select(node)
                path.append(node)
            if node.untried:
                action = node.untried.pop(self.rng.randrange(len(node.untried)))
                state = node.state
                child_state = (
                    state.walled(action[0]) if action[1] < 0 else state.pull(self.masks, action)
                )
                child = _Node(child_state, self._actions(child_state))
                node.children.append(child)
                path.append(child)
                node = child
            reward = self._playout(node.state)
            for visited in path:
                visited.visits += 1
                visited.total += reward

    def best(self, count: int) -> list[Found]:
        """Up to ``count`` distinct starts, best reward first, the higher rated among equals."""
        ranked = sorted(
            self.found.values(), key=lambda found: (-self.aim.reward(found.plain), -found.plain)
        )
        return ranked[:count]

    # -- the steps of a round ------------------------------------------------------------------
    def _select(self, node: _Node) -> _Node:
        log_visits = math.log(node.visits)

        def uct(child: _Node) -> float:
            mean = child.total / child.visits
            return mean + EXPLORATION * math.sqrt(log_visits / child.visits)

        return max(node.children, key=uct)

    def _actions(self, state: _State) -> list[Action]:
        actions: list[Action] = [move for move, _ in self._pulls(state)]
        edits_made = (self.masks.floor & ~state.floor).bit_count()
        if not state.pulls and edits_made < self.aim.edits:
            actions += [(square, -1) for square in self._edits(state)]
        return actions

    def _edits(self, state: _State) -> list[int]:
        """A few free floor squares whose walling leaves the floor in one piece."""
        floor = state.floor
        spare = squares_of(floor & ~state.boxes & ~(1 << state.player))
        choices = []
        for square in self.rng.sample(spare, min(len(spare), 3 * EDIT_CHOICES)):
            rest = floor & ~(1 << square)
            if flood(lowest(rest), rest, self.masks.width) == rest:
                choices.append(square)
                if len(choices) == EDIT_CHOICES:
                    break
        return choices

    def _pulls(self, state: _State) -> list[tuple[PullMove, bool]]:
        """Every pull the player can make (he walks to the box's side, then steps back) that
        takes its box no nearer the goals, and whether it takes it further."""
        _, distance = self._floor(state.floor)
        region = state.region(self.masks.width)
        moves = []
        for way, offset in enumerate(self.masks.offsets):
            for box in squares_of(pullable(state.boxes, region, offset)):
                gain = distance.get(box + offset, -1) - distance.get(box, 0)
                if gain >= 0:
                    moves.append(((box, way), gain > 0))
        return moves

    def _floor(self, floor: int) -> tuple[Masks, dict[int, int]]:
        known = self._floors.get(floor)
        if known is None:
            masks = replace(self.masks, floor=floor)
            known = self._floors[floor] = (masks, push_distances(masks))
        return known

    def _playout(self, state: _State) -> float:
        """Random pulls, steered toward box changes and lines, until the aim's length, a dead
        end or a loop; the best start passed is rated and noted, and its reward returned."""
        masks = self.masks
        visited = {self._key(state)}
        chosen = state
        while state.tally[0] < self.aim.pulls:
            self.steps += 1
            if self.cancel is not None and self.steps % CANCEL_EVERY == 0 and self.cancel():
                raise Cancelled
            moves = self._pulls(state)
            if not moves:
                break
            weights = [self._weight(state, move, further) for move, further in moves]
            state = state.pull(masks, self.rng.choices(moves, weights)[0][0])
            key = self._key(state)
            if key in visited:
                break  # a loop: the forward solution would only walk it back
            visited.add(key)
            if self._guess(state) >= self._guess(chosen):
                chosen = state
        return self._rate(chosen)

    def _key(self, state: _State) -> int:
        return self.masks.key(state.boxes, state.region(self.masks.width))

    def _guess(self, state: _State) -> tuple[float, int]:
        """How good a start ``state`` looks before it is rated: its reward at the learnt
        shrink, then its length."""
        if not self._startable(state):
            return (-1.0, 0)
        return (self.aim.reward(state.plain * self.shrink), state.tally[0])

    def _startable(self, state: _State) -> bool:
        on_goals = (state.boxes & self.masks.goals).bit_count()
        return bool(state.pulls) and on_goals <= self.aim.on_goals

    def _weight(self, state: _State, move: PullMove, further: bool) -> float:
        box, way = move
        if state.last_box < 0 or box != state.last_box:
            weight = OTHER_BOX
        else:
            weight = SAME_LINE if way == state.last_way else TURN
        return weight if further else weight * SIDEWAYS

    def _rate(self, state: _State) -> float:
        """The reward of ``state`` as a start (0 if too many boxes stand on goals), rated on
        its pushes reordered; the start is kept in ``found``."""
        if not self._startable(state):
            return 0.0
        masks, _ = self._floor(state.floor)
        # Played forwards a pull is a push the other way (way ^ 2 turns round: L U R D).
        pulled = [(box + masks.offsets[way], way ^ 2) for box, way in reversed(state.pulls)]
        pushes = fewest_changes_pushes(masks, squares_of(state.boxes), state.player, pulled)
        plain = rating_value(tally_pushes(pushes, masks.offsets, self.goals), 0)
        self._shrinks.append(plain / state.plain)
        self.shrink = sum(self._shrinks) / len(self._shrinks)
        key = (state.floor, self._key(state))
        found = Found(state.floor, state.boxes, state.player, tuple(pushes), plain)
        known = self.found.get(key)
        reward = self.aim.reward(plain)
        if known is None or self.aim.reward(known.plain) < reward:
            self.found[key] = found
        self.best_reward = max(self.best_reward, reward)
        return reward
