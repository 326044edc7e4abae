"""The campaign plan: six chapters of rising difficulty, and building the collection from it.

Chapter 1 is the hand-drawn tutorial; each later chapter generates more levels than it needs,
keeps a spread of them (the last chapter its hardest) and lists them by rising rating.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core.chapters import CAPTION_KEY, CHAPTER_KEY, STARS_KEY
from game.core.collection import Collection
from game.core.level import Level
from game.core.notation import replay
from game.core.problems import Problem, refusal
from game.core.wording import counted
from game.levelgen.aimed import Target, aimed_level
from game.levelgen.generate import (
    AUTHOR,
    RATING_KEY,
    SOLUTION_KEY,
    SPEC_KEY,
    GeneratedLevel,
    LevelSpec,
    generate_level,
)
from game.levelgen.names import level_titles
from game.levelgen.rating import Rating, rate
from game.levelgen.symmetry import layout_key
from game.levelgen.tutorial import LESSONS, tutorial_board, tutorial_spec
from game.solver import solve

CAMPAIGN_TITLE = "Sokoban Arcade Campaign"
CAMPAIGN_COMMENT = "Six chapters made by the game's own generator; every level carries a solution."
TUTORIAL_AUTHOR = "Sokoban Arcade (drawn by hand)"
# Seeds tried per level wanted before a chapter gives up.
TRIES_PER_LEVEL = 20


@dataclass(frozen=True)
class Chapter:
    """A chapter: its name, how many levels, and the specs its candidates are made from.

    Candidate ``k`` uses box count ``boxes[k % len]`` and room size ``sizes[k % len]`` (in
    3x3 blocks); ``spare`` candidates per level wanted are made; ``hardest`` keeps the best
    rated instead of a spread.
    """

    number: int
    name: str
    levels: int
    boxes: tuple[int, ...] = ()
    sizes: tuple[tuple[int, int], ...] = ()
    state_limit: int = 20_000
    stages: int = 1
    goal_tries: int = 4
    min_pushes: int = 1
    min_box_changes: int = 0
    goal_cluster: int = 0
    spare: float = 1.5
    hardest: bool = False

    @property
    def label(self) -> str:
        """The ``Chapter:`` value: number and name."""
        return f"{self.number} {self.name}"

    def spec(self, seed: int, index: int) -> LevelSpec:
        wide, high = self.sizes[index % len(self.sizes)]
        return LevelSpec(
            seed=seed,
            boxes=self.boxes[index % len(self.boxes)],
            blocks_wide=wide,
            blocks_high=high,
            goal_tries=self.goal_tries,
            state_limit=self.state_limit,
            min_pushes=self.min_pushes,
            min_box_changes=self.min_box_changes,
            stages=self.stages,
            goal_cluster=self.goal_cluster,
        )


TUTORIAL = Chapter(1, "First Steps", len(LESSONS))
CHAPTERS = (
    TUTORIAL,
    Chapter(2, "Loading Bay", 11, (1, 2, 2), ((2, 2), (3, 2)), 10_000, 1, 4, 6, 0),
    Chapter(3, "Storerooms", 11, (3,), ((3, 2), (2, 3)), 30_000, 1, 4, 12, 4),
    Chapter(4, "Cellars", 11, (4,), ((3, 3), (3, 2)), 50_000, 1, 4, 16, 6),
    Chapter(5, "Deep Vaults", 11, (5,), ((3, 3), (3, 2)), 60_000, 1, 3, 16, 6, 1),
    Chapter(6, "The Labyrinth", 10, (6, 7), ((3, 3), (4, 3)), 60_000, 2, 2, 18, 8, 1, 3.0, True),
)

Report = Callable[[str], None]
# Says why a candidate may not be used (a published layout, too slow for the solver), or None.
Veto = Callable[[GeneratedLevel], Problem | None]


def fast_solver_veto(seconds: float) -> Veto:
    """A veto for levels the game's default solver cannot solve within ``seconds``."""

    def veto(made: GeneratedLevel) -> Problem | None:
        result = solve(made.level, "fast", time_limit=seconds)
        return None if result.solved else refusal(f"the fast solver needs over {seconds:g} s")

    return veto


def remake(spec: str) -> Level:
    """The board a ``Spec:`` line makes (a tutorial board, a campaign spec or a level made to a
    number of stars); ValueError if the spec is bad or makes no level."""
    board = tutorial_board(spec)
    if board is not None:
        return board
    aimed = Target.parse_spec(spec)
    made = aimed_level(*aimed) if aimed else generate_level(LevelSpec.parse(spec))
    if made is None:
        raise ValueError(f"the spec {spec!r} makes no level")
    return made.level


def build_campaign(seed: int, report: Report, veto: Veto | None = None) -> Collection:
    """All chapters, each listed by rising rating; candidate ``k`` of chapter ``c`` uses the
    seed ``seed * 100000 + c * 1000 + k``, so the whole campaign follows from ``seed``."""
    entries: list[tuple[Chapter, Level, str, Rating, str]] = list(_tutorial_entries())
    seen = {layout_key(level) for _, level, _, _, _ in entries}
    above = 0  # the median rating of the chapter before, so chapters rise
    for chapter in CHAPTERS[1:]:
        pool: list[GeneratedLevel] = []
        wanted = round(chapter.levels * chapter.spare)
        for index in range(chapter.levels * TRIES_PER_LEVEL):
            if len(pool) >= wanted:
                break
            spec = chapter.spec(seed * 100_000 + chapter.number * 1000 + index, index)
            made = generate_level(spec)
            if made is None or (layout := layout_key(made.level)) in seen:
                continue
            refused = veto(made) if veto else None
            if refused is not None:
                report(f"chapter {chapter.number}: seed {spec.seed} refused: {refused.text}")
                continue
            seen.add(layout)
            pool.append(made)
            report(
                f"chapter {chapter.number}: {len(pool)}/{wanted} "
                f"({counted(spec.boxes, 'box', 'boxes')}, "
                f"rating {made.rating.value}, {counted(made.rating.stars, 'star')})"
            )
        kept = chapter_levels(pool, chapter, above)
        above = kept[len(kept) // 2].rating.value if kept else above
        for made in kept:
            entries.append((chapter, made.level, made.solution, made.rating, made.spec))
    titles = level_titles(len(entries) - len(LESSONS), seed)
    levels = []
    for number, (chapter, level, lurd, rating, remade_by) in enumerate(entries):
        title = LESSONS[number].title if number < len(LESSONS) else titles[number - len(LESSONS)]
        levels.append(_entry(chapter, level, lurd, rating, remade_by, title, number))
    return Collection(CAMPAIGN_TITLE, AUTHOR, CAMPAIGN_COMMENT, levels)


def rerate(collection: Collection) -> Collection:
    """The campaign with every level's ``Rating:`` and ``Stars:`` measured again from its
    stored solution, and each chapter after the tutorial listed by rising rating again (a
    level keeps its title, board and solution, so a player's records stay with it)."""
    rated: list[tuple[int, int, Level]] = []
    for position, level in enumerate(collection.levels):
        extra = dict(level.extra)
        rating = rate(level, extra[SOLUTION_KEY])
        values = {RATING_KEY: str(rating.value), STARS_KEY: str(rating.stars)}
        lines = tuple((key, values.get(key, value)) for key, value in level.extra)
        chapter = int(extra[CHAPTER_KEY].split()[0])
        order = position if chapter == TUTORIAL.number else rating.value
        rated.append((chapter, order, replace(level, extra=lines)))
    rated.sort(key=lambda entry: entry[:2])
    levels = [level for _, _, level in rated]
    return Collection(collection.title, collection.author, collection.comment, levels)


def _tutorial_entries() -> list[tuple[Chapter, Level, str, Rating, str]]:
    entries = []
    for number in range(1, len(LESSONS) + 1):
        spec = tutorial_spec(number)
        level = remake(spec)
        lurd = solve(level, "astar", time_limit=None).lurd
        entries.append((TUTORIAL, level, lurd, rate(level, lurd), spec))
    return entries


def chapter_levels(
    pool: list[GeneratedLevel], chapter: Chapter, above: int = 0
) -> list[GeneratedLevel]:
    """The chapter's levels by rising rating: its hardest, or evenly spread over those rated
    at least ``above`` (the levels the chapter needs, hardest first, if too few are)."""
    ranked = sorted(pool, key=lambda made: made.rating.value)
    count = min(chapter.levels, len(ranked))
    harder = [made for made in ranked if made.rating.value >= above]
    ranked = harder if len(harder) >= count else ranked[len(ranked) - count :]
    if chapter.hardest or count == len(ranked):
        return ranked[len(ranked) - count :]
    step = (len(ranked) - 1) / max(1, count - 1)
    return [ranked[round(index * step)] for index in range(count)]


def _entry(
    chapter: Chapter, level: Level, lurd: str, rating: Rating, spec: str, title: str, index: int
) -> Level:
    """The level with its title and the key lines the game reads."""
    extra = [(CHAPTER_KEY, chapter.label)]
    if chapter is TUTORIAL:
        extra.append((CAPTION_KEY, LESSONS[index].caption))
    extra += [
        (RATING_KEY, str(rating.value)),
        (STARS_KEY, str(rating.stars)),
        (SPEC_KEY, spec),
        (SOLUTION_KEY, lurd),
    ]
    author = TUTORIAL_AUTHOR if chapter is TUTORIAL else AUTHOR
    entry = Level(level.board, level.boxes, level.player, title, author, "", tuple(extra))
    if not replay(entry, lurd).solved:
        raise ValueError(f"the solution of {title} does not solve it")
    return entry
