"""Reading single levels: standard XSB, run-length rows, seed dialects, validation, normalisation.

Each validation rule of the level reader has a case here.
"""

from __future__ import annotations

import pytest

from game.core import Dialect, LevelError, Tile, parse_level
from tests.conftest import SMALL_LEVEL


def test_standard_level_is_read() -> None:
    level = parse_level(SMALL_LEVEL)
    assert (level.width, level.height) == (6, 7)
    assert len(level.boxes) == 2
    assert len(level.board.goals) == 2
    assert level.board.coords(level.player) == (2, 3)
    assert level.to_xsb() == SMALL_LEVEL.rstrip("\n")


def test_dash_and_underscore_are_floor() -> None:
    level = parse_level("######\n#@-$.#\n#_####\n###")
    assert level.board.tile(level.board.index(2, 1)) is Tile.FLOOR
    assert level.board.tile(level.board.index(1, 2)) is Tile.FLOOR


def test_run_length_rows() -> None:
    level = parse_level("5#|#@$.#|5#")
    assert level.to_xsb() == "#####\n#@$.#\n#####"
    assert parse_level("#####\n#@2 #\n#$. #\n5#").to_xsb() == "#####\n#@  #\n#$. #\n#####"


def test_run_length_without_character_is_an_error() -> None:
    with pytest.raises(LevelError, match="repeats nothing"):
        parse_level("#####\n#@$.#\n####5")


def test_seed_000_dialect_with_o_and_q() -> None:
    text = "######\n#@O .#\n#  Q #\n######"
    level = parse_level(text)
    assert level.to_xsb() == "######\n#@$ .#\n#  * #\n######"
    assert parse_level(text, Dialect.OQ) == level


def test_seed_001_dialect_with_x_and_g() -> None:
    text = "######\n#@O.X#\n#..G.#\n######"
    level = parse_level(text)
    assert level.to_xsb() == "######\n#@$ .#\n#  * #\n######"
    assert parse_level(text, Dialect.XG) == level


def test_explicit_dialect_rejects_other_characters() -> None:
    with pytest.raises(LevelError, match="unknown character 'X'"):
        parse_level("######\n#@O.X#\n######", Dialect.OQ)


def test_normalisation_marks_outside_and_trims() -> None:
    text = "\n\n      #####\n      #@$.#\n      #####\n\n"
    level = parse_level(text)
    assert (level.width, level.height) == (5, 3)
    padded = parse_level("  ####\n###  #\n#@$ .#\n######")
    assert padded.board.tile(0) is Tile.OUTSIDE
    assert padded.board.tile(padded.board.index(3, 1)) is Tile.FLOOR


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#####\n# $.#\n#####", "no player"),
        ("#####\n#@$.#\n#@$.#\n#####", "2 players"),
        ("####\n#@.#\n####", "no boxes"),
        ("#####\n#@$ #\n#####", "1 box but 0 goals"),
        ("#####\n#@$..#\n######", "1 box but 2 goals"),
        ("#####\n#@$. \n#####", "not closed"),
        ("#####\n#@$.#\n# ###", "not closed"),
        ("#####\n#@*##\n#####", "already solved"),
        ("", "empty"),
    ],
)
def test_validation_errors(text: str, message: str) -> None:
    with pytest.raises(LevelError, match=message):
        parse_level(text)


def test_unknown_character_has_line_and_column() -> None:
    with pytest.raises(LevelError) as caught:
        parse_level("#####\n#@$.#\n# % #\n#####", first_line=10)
    assert caught.value.line == 12
    assert caught.value.column == 3
    assert "line 12, column 3" in str(caught.value)


def test_open_level_reports_where() -> None:
    with pytest.raises(LevelError) as caught:
        parse_level("#####\n#@$.#\n#  \n#####")
    assert caught.value.line == 3


def test_too_large_board() -> None:
    row = "#" * 101
    with pytest.raises(LevelError, match="101x3"):
        parse_level(f"{row}\n#@$.{' ' * 96}#\n{row}")
    wide = "#" * 100
    level = parse_level(f"{wide}\n#@$.{' ' * 95}#\n{wide}")
    assert level.width == 100


def test_huge_run_length_is_refused_before_expanding() -> None:
    with pytest.raises(LevelError, match="longer than a row"):
        parse_level("99999999#")


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("9" * 5000 + "#", "longer than a row"),  # past Python's 4,300-digit conversion limit
        ("#@$." + "9" * 5000, "repeats nothing"),
        ("#²$.#", "unknown character '²'"),  # a superscript digit is not a run length
        ("#٣$.#", "unknown character '٣'"),  # nor is an Arabic-Indic three
    ],
)
def test_odd_digits_in_rows_are_one_line_errors(row: str, message: str) -> None:
    with pytest.raises(LevelError, match=message) as caught:
        parse_level(f"#####\n{row}\n#####")
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200
