"""SOK files with solutions: sections found under their level, written and read back the same."""

from __future__ import annotations

from pathlib import Path

from game.core.collection import Collection, read_collection_text
from game.core.sok import LevelSolutions, read_sok, read_sok_text, sok_text
from game.core.xsb import parse_level
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

ONE = "#####\n#@$.#\n#####"

FILE = f"""Title: Two levels
Author: Someone

Small
{SMALL_LEVEL}Author: David W. Skinner

Solution (moves 33, pushes 8)
{SMALL_SOLUTION[:20]}
{SMALL_SOLUTION[20:]}

Solution/Pushes
{SMALL_SOLUTION}

One
{ONE}
Comment:
Solution in a comment is a comment
Comment-End:
Solution: R
"""


def test_each_section_belongs_to_the_board_above_it() -> None:
    sok = read_sok_text(FILE)
    small, one = sok.levels
    assert [s.moves for s in small.solutions] == [SMALL_SOLUTION, SMALL_SOLUTION]
    assert [s.line for s in small.solutions] == [14, 18]
    assert [s.moves.strip() for s in one.solutions] == ["R"]
    assert sok.stray == () and sok.solution_count == 3


def test_a_level_s_text_never_holds_its_solutions() -> None:
    small, one = read_collection_text(FILE).levels
    assert (small.title, small.author, small.comment) == ("Small", "David W. Skinner", "")
    assert one.title == "One"
    # The comment block keeps its line; the key line stays a key (a file's published par).
    assert one.comment == "Solution in a comment is a comment"
    assert dict(one.extra) == {"Solution": "R"}


def test_writing_then_reading_gives_the_same_levels_and_solutions() -> None:
    small, one = (parse_level(SMALL_LEVEL, title="Small"), parse_level(ONE, title="One"))
    levels = [LevelSolutions(small, (SMALL_SOLUTION, SMALL_SOLUTION.lower())), LevelSolutions(one)]
    text = sok_text(Collection(title="Mine", author="Me"), levels)
    assert "Solution (moves 33, pushes 8)\n" in text and "Solution (moves 33, pushes 0)" in text
    back = read_sok_text(text)
    assert (back.collection.title, back.collection.author) == ("Mine", "Me")
    assert [item.level for item in back.levels] == [small, one]
    assert [[s.moves for s in item.solutions] for item in back.levels] == [
        [SMALL_SOLUTION, SMALL_SOLUTION.lower()],
        [],
    ]


def test_a_level_s_own_solution_key_is_not_written_twice() -> None:
    level = read_collection_text(f"{ONE}\nSolution: R").levels[0]
    text = sok_text(Collection(), [LevelSolutions(level, ("R",))])
    assert text.count("Solution") == 1


def test_a_section_above_every_board_belongs_to_none() -> None:
    sok = read_sok_text(f"Solution\nrrR\n\n{ONE}\n")
    assert [s.moves for s in sok.stray] == ["rrR"] and sok.levels[0].solutions == ()


def test_an_unreadable_board_keeps_its_number_and_its_sections(tmp_path: Path) -> None:
    sok = read_sok_text(f"{ONE}\n\n#####\n#@$.\n#####\n\nSolution\nR\n\n{ONE}\nSolution\nR\n")
    assert [(item.number, item.level is None) for item in sok.levels] == [
        (1, False),
        (2, True),
        (3, False),
    ]
    assert sok.levels[1].problem is not None and len(sok.levels[1].solutions) == 1


def test_a_file_with_a_bom_and_crlf_reads_as_the_plain_one(tmp_path: Path) -> None:
    path = tmp_path / "windows.sok"
    path.write_bytes(b"\xef\xbb\xbf" + FILE.replace("\n", "\r\n").encode())
    plain = read_sok_text(FILE)
    read = read_sok(path)
    assert read.collection.title == "Two levels"
    assert [[s.moves for s in item.solutions] for item in read.levels] == [
        [s.moves for s in item.solutions] for item in plain.levels
    ]


def test_a_file_without_a_title_takes_its_name(tmp_path: Path) -> None:
    path = tmp_path / "named.sok"
    path.write_text(f"{ONE}\n\nSolution\nR\n")
    assert read_sok(path).collection.title == "named"
