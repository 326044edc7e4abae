"""The campaign plan: tiers of rising box counts and room sizes, and building the collection.

Each tier generates a few more levels than it needs and keeps the best, easiest first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.collection import Collection
from game.levelgen.generate import AUTHOR, GeneratedLevel, LevelSpec, generate_level
from game.levelgen.names import level_titles

CAMPAIGN_TITLE = "Sokoban Arcade Campaign"
CAMPAIGN_COMMENT = "Generated levels in rising difficulty; every one carries a checked solution."
# Seeds tried per level wanted before a tier gives up (rooms can fail to take enough boxes).
TRIES_PER_LEVEL = 12


@dataclass(frozen=True)
class Tier:
    """A band of the campaign: how many levels, how many boxes, in which room sizes."""

    boxes: int
    sizes: tuple[tuple[int, int], ...]  # room sizes in 3x3 blocks, used in turn
    share: int  # levels in a 40-level campaign
    state_limit: int
    goal_tries: int
    min_pushes: int
    min_box_changes: int
    deep: int = 0
    max_boxes_on_goals: int = 0
    solver_nodes: int = 20_000
    spare: float = 1.0  # extra candidates, as a fraction of the levels, so the best are kept

    def spec(self, seed: int, index: int) -> LevelSpec:
        wide, high = self.sizes[index % len(self.sizes)]
        return LevelSpec(
            seed=seed,
            boxes=self.boxes,
            blocks_wide=wide,
            blocks_high=high,
            goal_tries=self.goal_tries,
            state_limit=self.state_limit,
            min_pushes=self.min_pushes,
            min_box_changes=self.min_box_changes,
            max_boxes_on_goals=self.max_boxes_on_goals,
            deep=self.deep,
            solver_nodes=self.solver_nodes,
        )


# Up to four boxes the breadth-first search is cheap and exact, so many candidates are made;
# beyond, a score-first search and the solver cost seconds a level, so fewer spares.
TIERS = (
    Tier(1, ((2, 2),), 3, 5_000, 4, 5, 0),
    Tier(2, ((2, 2), (3, 2)), 5, 10_000, 4, 8, 2, spare=1.5),
    Tier(3, ((3, 2), (2, 3)), 7, 30_000, 4, 12, 4, spare=1.5),
    Tier(4, ((3, 3), (3, 2)), 8, 50_000, 4, 16, 6, spare=1.5),
    Tier(5, ((3, 3),), 7, 20_000, 2, 18, 7, deep=1, spare=0.5),
    Tier(6, ((4, 3), (3, 3)), 6, 20_000, 2, 18, 8, deep=1, solver_nodes=30_000, spare=0.34),
    Tier(7, ((4, 3), (3, 3)), 4, 20_000, 2, 20, 8, deep=1, solver_nodes=50_000, spare=0.34),
)


def tier_counts(count: int) -> list[int]:
    """Levels per tier for a campaign of ``count``, in proportion to the shares."""
    total = sum(tier.share for tier in TIERS)
    counts = [tier.share * count // total for tier in TIERS]
    for index in sorted(range(len(TIERS)), key=lambda i: -TIERS[i].share):
        if sum(counts) >= count:
            break
        counts[index] += 1
    return counts


def build_campaign(
    count: int, seed: int, report: Callable[[str], None] | None = None
) -> Collection:
    """``count`` levels, tier by tier, each tier sorted from its easiest kept level up.

    Candidate ``k`` of tier ``t`` uses the seed ``seed * 100000 + t * 1000 + k``, so the
    whole campaign follows from ``seed``.
    """
    chosen: list[GeneratedLevel] = []
    seen: set[str] = set()
    for number, (tier, wanted) in enumerate(zip(TIERS, tier_counts(count), strict=True)):
        if wanted == 0:
            continue
        pool: list[GeneratedLevel] = []
        target = wanted + int(wanted * tier.spare + 0.5)
        for index in range(wanted * TRIES_PER_LEVEL):
            if len(pool) >= target:
                break
            made = generate_level(tier.spec(seed * 100_000 + number * 1000 + index, index))
            if made is None or made.level.fingerprint() in seen:
                continue
            seen.add(made.level.fingerprint())
            pool.append(made)
            if report:
                report(f"{tier.boxes} boxes: {len(pool)}/{target} (score {made.counts.score})")
        pool.sort(key=lambda made: made.counts.score, reverse=True)
        chosen.extend(sorted(pool[:wanted], key=lambda made: made.counts.score))
    titles = level_titles(len(chosen), seed)
    levels = [replace(made.level, title=title) for made, title in zip(chosen, titles, strict=True)]
    return Collection(CAMPAIGN_TITLE, AUTHOR, CAMPAIGN_COMMENT, levels)
