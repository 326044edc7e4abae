"""The solution library as a SOK file, for other Sokoban programs and other homes: export writes
each level with its library's solutions; import replays a file's solutions and files those
that solve their level, through the same check and write as solutions pasted in the game.

The API: :func:`library_collections` and :func:`export_sok` write; :func:`check_sok` (pure work,
cancellable, for a background job) then :func:`file_sok` (one write) import. Every
refusal is a :class:`Problem` worded by :func:`refused_solution`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.app.filing import new_entry
from game.app.library.solutions import Checked, check_imports, shown_entries
from game.app.session import load_collection_file, read_campaign
from game.core import collection as level_files
from game.core.collection import Collection
from game.core.digits import count_of, is_count, shortened
from game.core.errors import LevelError, printable
from game.core.files import replace_file
from game.core.level import Level
from game.core.level_ref import LevelFile
from game.core.problems import Problem, ProblemKind
from game.core.sok import LevelSolutions, SokFile, SokLevel, read_sok, sok_text
from game.core.solution_sections import SolutionSection
from game.core.wording import counted
from game.storage.connection import StoreConnection
from game.storage.identity import CAMPAIGN_ID, records_id
from game.storage.library import SolutionLibrary, all_entries
from game.storage.library_entry import LevelKey, Origin
from game.storage.store import ProgressStore
from game.storage.transfer import data_size

# The key each exported level carries: the collection and place its solutions are filed under,
# so an import into another home files them there again ("title:XSokoban #12"). A file from
# another program has none: its solutions go under the file's own collection, as opening it
# in the game shows it.
LIBRARY_KEY = "Library"
# The title of an export of several collections.
LIBRARY_TITLE = "Solution library"
# The most characters of a level's title in a refusal's line.
SHOWN_TITLE = 40
# What a Library key may name: as long as a stored collection id, a place as a stored number.
_MAX_ID = 500
_MAX_PLACE = 10**9


@dataclass(frozen=True)
class LibraryCollection:
    """A collection whose levels' solutions are exported: its records id and its levels."""

    collection_id: str
    collection: Collection


def library_collections(store: ProgressStore) -> tuple[list[LibraryCollection], list[Problem]]:
    """Every collection the library holds solutions for, read again from its file (the
    campaign from the game's); one whose file cannot be read is a problem, left out.
    Solutions of levels known only by their text have no collection to write and are left
    out."""
    with_solutions = sorted(
        {entry.collection_id for entry in all_entries(store) if entry.place is not None}
    )
    paths = {info.collection_id: info.path for info in store.collections()}
    found: list[LibraryCollection] = []
    problems: list[Problem] = []
    for collection_id in with_solutions:
        try:
            if collection_id == CAMPAIGN_ID:
                collection = read_campaign()
            elif paths.get(collection_id):
                collection = load_collection_file(paths[collection_id])
            else:
                raise LevelError("the game does not know its file")
        except LevelError as error:
            name = printable(collection_id.partition(":")[2] or collection_id)
            problems.append(Problem(ProblemKind.LEFT_OUT, f"{name} is not exported: {error}"))
            continue
        found.append(LibraryCollection(collection_id, collection))
    return found, problems


@dataclass(frozen=True)
class SokExport:
    """What an export wrote: how many levels and solutions."""

    levels: int
    solutions: int

    def describe(self) -> str:
        return (
            f"exported {counted(self.solutions, 'solution')} of "
            f"{counted(self.levels, 'level')}"
        )


def export_text(
    store: StoreConnection,
    sources: Sequence[LibraryCollection],
    every_level: bool,
    cancelled: Callable[[], bool] = lambda: False,
) -> tuple[str, SokExport] | None:
    """The SOK text of ``sources`` with every solution of their library that solves its level
    as it is now; levels without one are written only with ``every_level``. One collection
    gives the file its title, author and comment. None when ``cancelled`` (asked between
    levels)."""
    library = SolutionLibrary(store)
    written: list[LevelSolutions] = []
    for source in sources:
        collection = source.collection
        for index, level in enumerate(collection.levels):
            if cancelled():
                return None
            place = collection.number_of(index)
            key = LevelKey(source.collection_id, level.fingerprint(), place)
            lurds = tuple(
                item.entry.lurd for item in shown_entries(library, key, level) if item.fits
            )
            if lurds or every_level:
                written.append(LevelSolutions(_tagged(level, key), lurds))
    header = sources[0].collection if len(sources) == 1 else Collection(title=LIBRARY_TITLE)
    solutions = sum(len(item.solutions) for item in written)
    return sok_text(header, written), SokExport(len(written), solutions)


def export_sok(
    store: StoreConnection,
    sources: Sequence[LibraryCollection],
    target: Path,
    every_level: bool = True,
    cancelled: Callable[[], bool] = lambda: False,
) -> SokExport | Problem:
    """Write :func:`export_text` to ``target`` atomically; a problem if it cannot be (or
    ``cancelled`` said stop before the file was written)."""
    made = export_text(store, sources, every_level, cancelled)
    if made is None or cancelled():
        return Problem(ProblemKind.NOT_SAVED, "Nothing was exported: it was stopped")
    text, exported = made
    data = (text + "\n").encode("utf-8")
    if len(data) > level_files.MAX_FILE_BYTES:
        # Its import reads it as a level file: what export writes, import must take.
        return Problem(
            ProblemKind.NOT_SAVED,
            f"Nothing was exported: the SOK file takes {data_size(len(data))}, more than the "
            f"{data_size(level_files.MAX_FILE_BYTES)} a level file may hold "
            "(export one collection at a time)",
        )
    try:
        replace_file(target, data)
    except OSError as error:
        reason = error.strerror or str(error)
        return Problem(
            ProblemKind.NOT_SAVED, f"Nothing was exported: {printable(target.name)}: {reason}"
        )
    return exported


def _tagged(level: Level, key: LevelKey) -> Level:
    """``level`` with the Library key of ``key`` in place of any it had."""
    extra = tuple(item for item in level.extra if item[0] != LIBRARY_KEY)
    return replace(level, extra=(*extra, (LIBRARY_KEY, f"{key.collection_id} #{key.place}")))


def _filed_under(item: SokLevel, level: Level, file_id: str) -> LevelKey:
    """Where the solutions of ``level`` (level ``item.number`` of a file whose collection is
    ``file_id``) are filed: the place its Library key names, else its place in the file."""
    given = dict(level.extra).get(LIBRARY_KEY, "")
    collection_id, _, place = given.rpartition(" #")
    if collection_id.strip() and len(collection_id) <= _MAX_ID and is_count(place):
        number = count_of(place, _MAX_PLACE)
        if 0 < number < _MAX_PLACE:
            return LevelKey(collection_id, level.fingerprint(), number)
    return LevelKey(file_id, level.fingerprint(), item.number)


# -- importing -----------------------------------------------------------------------------
def refused_solution(where: str, section: SolutionSection, reason: str) -> Refusal:
    """A solution of a file that is not filed, in one line: which level, which line, why."""
    text = f"{where}, solution at line {section.line}: {reason}"
    return section.line, Problem(ProblemKind.SOLUTION_REFUSED, text)


def _level_name(item: SokLevel) -> str:
    title = item.level.title if item.level is not None else ""
    if not title and item.problem is not None:
        title = item.problem.title or ""
    shown = f' "{printable(shortened(title, SHOWN_TITLE))}"' if title else ""
    return f"level {item.number}{shown}"


@dataclass(frozen=True)
class LevelImport:
    """The solutions of one level of a file after their replay, and where they go."""

    where: str
    key: LevelKey
    sections: tuple[SolutionSection, ...]
    checked: tuple[Checked, ...]


# A refusal and the line of its solution's header, by which refusals are told in file order.
Refusal = tuple[int, Problem]


@dataclass(frozen=True)
class CheckedSok:
    """A file's solutions replayed: those of each level, and those refused before any replay
    (no level above them, a board that cannot be read); or why the file cannot be read."""

    levels: tuple[LevelImport, ...] = ()
    refused: tuple[Refusal, ...] = ()
    problem: Problem | None = None


def check_sok(
    path: Path,
    cancelled: Callable[[], bool] = lambda: False,
    progress: Callable[[str], None] = lambda line: None,
) -> CheckedSok:
    """Read the SOK file at ``path`` and replay each solution on its level (pure work: it may
    run off the game loop); ``cancelled`` stops it between two solutions, and what was not
    replayed then is neither filed nor refused."""
    try:
        sok = read_sok(path)
    except LevelError as error:
        return CheckedSok(problem=Problem(ProblemKind.SOLUTION_REFUSED, str(error)))
    if sok.solution_count == 0:
        reason = "holds no level" if not sok.levels else "has no Solution sections"
        return CheckedSok(
            problem=Problem(ProblemKind.SOLUTION_REFUSED, f"{printable(path.name)} {reason}")
        )
    return _checked(sok, records_id(LevelFile(str(path)), sok.collection.title), cancelled,
                    progress)


def _checked(
    sok: SokFile,
    file_id: str,
    cancelled: Callable[[], bool],
    progress: Callable[[str], None],
) -> CheckedSok:
    refused = [refused_solution("before any level", s, "no level is above it") for s in sok.stray]
    levels: list[LevelImport] = []
    for item in sok.levels:
        if not item.solutions:
            continue
        if cancelled():
            break
        where = _level_name(item)
        if item.level is None:
            reason = f"its level cannot be read: {item.problem.reason if item.problem else ''}"
            refused.extend(refused_solution(where, s, reason) for s in item.solutions)
            continue
        progress(f"Replaying the solutions of {where}... (Esc stops)")
        texts = [section.moves for section in item.solutions]
        checked = check_imports(item.level, texts, cancelled)
        levels.append(
            LevelImport(
                where,
                _filed_under(item, item.level, file_id),
                item.solutions,
                tuple(checked),
            )
        )
    return CheckedSok(tuple(levels), tuple(refused))


@dataclass(frozen=True)
class SokImported:
    """What an import did: solutions added, solutions already kept, each refusal, and a write
    that failed."""

    added: int = 0
    known: int = 0
    refused: tuple[Problem, ...] = ()
    problem: Problem | None = None

    def describe(self) -> str:
        """One line: the counts."""
        parts = [f"imported {counted(self.added, 'solution')}"]
        if self.known:
            parts.append(f"{counted(self.known, 'solution')} already kept")
        if self.refused:
            parts.append(f"{counted(len(self.refused), 'solution')} refused")
        return ", ".join(parts)


def file_sok(library: SolutionLibrary, checked: CheckedSok, when: float) -> SokImported:
    """File every replayed solution that solves its level as an imported entry, all in one
    write (entries made as the game makes pasted ones); the rest are refusals."""
    if checked.problem is not None:
        return SokImported(problem=checked.problem)
    refused = list(checked.refused)
    entries = []
    for item in checked.levels:
        # A cancelled check replayed only the first of a level's sections.
        for found, section in zip(item.checked, item.sections, strict=False):
            if found.metrics is None:
                refused.append(refused_solution(item.where, section, found.refused))
            else:
                entries.append(new_entry(item.key, found.lurd, found.metrics, Origin.IMPORTED,
                                         when))
    results, error = library.add_all(entries)
    if error is not None:
        problem = Problem(ProblemKind.NOT_SAVED, f"Nothing imported: {error}")
        return SokImported(refused=_in_file_order(refused), problem=problem)
    added = sum(result.new for result in results)
    return SokImported(added, len(results) - added, _in_file_order(refused))


def _in_file_order(refused: list[Refusal]) -> tuple[Problem, ...]:
    return tuple(problem for _, problem in sorted(refused, key=lambda item: item[0]))
