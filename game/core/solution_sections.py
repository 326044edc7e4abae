"""Solution sections of a level file in the SOK form: a ``Solution`` line and the moves under it.

Found here for both readers: the collection reader skips them, game.core.sok hands them out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.notation import push_count

# "Solution", "Solution (moves 230, pushes 97)", "Solution/Pushes", "Solution: lurd"; not
# "Solutions are welcome" or "Solutionless".
_HEADER = re.compile(r"solution(?![a-z0-9_])", re.IGNORECASE)
_MOVE_CHARACTERS = frozenset("lurdLURD0123456789")
# A line of moves may hold a few typing mistakes (one, or a fifth of a long line: refused when
# it is replayed, with the place of the first); a line mostly of other characters is text,
# such as the next level's title.
_MOST_NOT_MOVES = 0.2


@dataclass(frozen=True)
class SolutionSection:
    """One solution in a file: where its header is (0-based line index), the header as written,
    and its moves as written (run lengths and blanks kept: parse_lurd reads them)."""

    index: int
    header: str
    moves: str
    moves_count: int  # how many lines after the header hold its moves

    @property
    def line(self) -> int:
        """The header's line number, from 1, as an editor shows it."""
        return self.index + 1

    @property
    def keyed(self) -> bool:
        """A ``Solution: ...`` key line, whose moves begin on the header's own line."""
        return _is_key(self.header)

    def moves_lines(self, keep_key: bool = False) -> range:
        """The indexes of the section's lines; with ``keep_key`` a key header is left out."""
        start = self.index + 1 if keep_key and self.keyed else self.index
        return range(start, self.index + 1 + self.moves_count)


def _is_key(header: str) -> bool:
    return header[len("solution") :].lstrip().startswith(":")


def is_solution_header(line: str) -> bool:
    """A line that opens a solution section.

    >>> [is_solution_header(t) for t in ("Solution (moves 3, pushes 1)", "Solutions: none")]
    [True, False]
    """
    return _HEADER.match(line.strip()) is not None


def is_moves_line(line: str) -> bool:
    """A line of moves under a header: no board (no ``#``), no key (no ``:``), mostly LURD.

    >>> [is_moves_line(t) for t in ("3r uL dR", "rrx", "Level 12", "Date: 2024")]
    [True, True, False, False]
    """
    text = "".join(line.split())
    if not text or "#" in text or ":" in text:
        return False
    others = sum(character not in _MOVE_CHARACTERS for character in text)
    return others <= max(1, _MOST_NOT_MOVES * len(text))


def solution_sections(lines: list[str], inside_comments: list[bool]) -> list[SolutionSection]:
    """Every solution section of ``lines`` in order; a header inside a comment block
    (``inside_comments``) is part of the comment, not a solution."""
    sections = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if inside_comments[index] or not is_solution_header(line):
            index += 1
            continue
        header = line.strip()
        parts = [header.partition(":")[2]] if _is_key(header) else []
        end = index + 1
        while end < len(lines) and not inside_comments[end] and is_moves_line(lines[end]):
            parts.append(lines[end])
            end += 1
        sections.append(SolutionSection(index, header, "".join(parts), end - index - 1))
        index = end
    return sections


def solution_lines(lurd: str, width: int = 70) -> list[str]:
    """A solution as a file writes it: a header with its moves and pushes, then its moves in
    lines of ``width``.

    >>> solution_lines("rrUUdl", width=4)
    ['Solution (moves 6, pushes 2)', 'rrUU', 'dl']
    """
    pushes = push_count(lurd)
    header = f"Solution (moves {len(lurd)}, pushes {pushes})"
    return [header, *(lurd[start : start + width] for start in range(0, len(lurd), width))]
