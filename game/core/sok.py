"""SOK files with solutions: levels, each followed by ``Solution`` sections, as YASC and JSoko
read and write them (the format is described in docs/sok-format.md).

Reading gives every level of the file with the sections under it; writing gives text that reads
back to the same levels and solutions. Nothing here replays a solution: game.app does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.collection import (
    Collection,
    board_lines,
    collection_to_text,
    inside_comment_blocks,
    level_file_text,
    read_collection_text,
)
from game.core.errors import LevelError
from game.core.files import name_text
from game.core.level import Level
from game.core.solution_sections import (
    SolutionSection,
    is_solution_header,
    solution_lines,
    solution_sections,
)


@dataclass(frozen=True)
class SokLevel:
    """A level of the file by its number there (from 1), with the solution sections under it;
    ``level`` is None when its board cannot be read (``problem`` says why)."""

    number: int
    level: Level | None
    problem: LevelError | None
    solutions: tuple[SolutionSection, ...]


@dataclass(frozen=True)
class SokFile:
    """A file's collection (titles, authors, comments), each level with its solutions, and the
    sections that come before any level (they belong to none)."""

    collection: Collection
    levels: tuple[SokLevel, ...]
    stray: tuple[SolutionSection, ...]

    @property
    def solution_count(self) -> int:
        return len(self.stray) + sum(len(level.solutions) for level in self.levels)


def read_sok_text(text: str) -> SokFile:
    """The levels of ``text`` with their solution sections; a section belongs to the last
    board above it.

    >>> sok = read_sok_text("One\\n#####\\n#@$.#\\n#####\\n\\nSolution (moves 2, pushes 1)\\nrR")
    >>> [(item.level.title, [s.moves for s in item.solutions]) for item in sok.levels]
    [('One', ['rR'])]
    """
    collection = read_collection_text(text)
    lines = text.splitlines()
    inside = inside_comment_blocks(lines)
    board = board_lines(lines, inside)
    sections = solution_sections(lines, inside)
    # The number in the file of the board each line lies under (0: above the first board).
    under: list[int] = []
    boards = 0
    for index, is_board in enumerate(board):
        if is_board and (index == 0 or not board[index - 1]):
            boards += 1
        under.append(boards)
    by_number: dict[int, list[SolutionSection]] = {}
    for section in sections:
        by_number.setdefault(under[section.index], []).append(section)
    unreadable = {error.number: error for error in collection.errors}
    readable = {collection.number_of(i): level for i, level in enumerate(collection.levels)}
    levels = [
        SokLevel(
            number,
            readable.get(number),
            unreadable.get(number),
            tuple(by_number.get(number, ())),
        )
        for number in range(1, collection.file_count + 1)
    ]
    return SokFile(collection, tuple(levels), tuple(by_number.get(0, ())))


def read_sok(path: str | Path) -> SokFile:
    """Read a SOK file; LevelError if it is missing, too big or not text. A file with no title
    takes its name's, as a collection file opened in the game does."""
    file = Path(path)
    sok = read_sok_text(level_file_text(file))
    if not sok.collection.title:
        sok.collection.title = name_text(file.stem)
    return sok


@dataclass(frozen=True)
class LevelSolutions:
    """A level to write and the solutions (LURD) written under it."""

    level: Level
    solutions: tuple[str, ...] = ()


def sok_text(collection: Collection, levels: Sequence[LevelSolutions]) -> str:
    """SOK text of ``levels`` under the title, author and comment of ``collection``, each
    level followed by a section for each of its solutions (its header says the moves and
    pushes). A level's own ``Solution`` keys are left out: the file holds the given ones.

    >>> level = read_sok_text("#####\\n#@$.#\\n#####").collection.levels[0]
    >>> print(sok_text(Collection(title="Mine"), [LevelSolutions(level, ("rR",))]))
    Title: Mine
    <BLANKLINE>
    ;
    #####
    #@$.#
    #####
    <BLANKLINE>
    Solution (moves 2, pushes 1)
    rR
    <BLANKLINE>
    """
    written = replace(
        collection,
        levels=[_without_solution_keys(item.level) for item in levels],
        errors=[],
        numbers=[],
    )
    sections = [
        [line for lurd in item.solutions for line in ["", *solution_lines(lurd)]]
        for item in levels
    ]
    return collection_to_text(written, sections)


def _without_solution_keys(level: Level) -> Level:
    extra = tuple((key, value) for key, value in level.extra if not is_solution_header(key))
    return level if extra == level.extra else replace(level, extra=extra)
