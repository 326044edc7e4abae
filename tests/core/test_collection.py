"""Reading and writing whole collections: metadata, bad levels, round trips and file checks.

Covers the .xsb, .sok and .txt layouts the reader understands.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core import LevelError, read_collection, read_collection_text
from game.core.collection import (
    MAX_FILE_BYTES,
    collection_to_text,
    write_collection,
)

YASC_STYLE = """\
Title: Test Set
Author: Someone
A header comment.

; First
#####
#@$.#
#####

Second one
######
#@$ .#
######
Author: Another
Comment: short and sweet
Difficulty: 2
"""

SOK_STYLE = """\
#####
#@$.#
#####
Title: Alpha
Author: A
Comment:
line one
line two
Comment-End:

#######
#@ $ .#
#######
Title: Beta
"""


def test_titles_authors_and_comments() -> None:
    collection = read_collection_text(YASC_STYLE)
    assert collection.title == "Test Set"
    assert collection.author == "Someone"
    assert collection.comment == "A header comment."
    assert [level.title for level in collection.levels] == ["First", "Second one"]
    second = collection.levels[1]
    assert second.author == "Another"
    assert second.comment == "short and sweet"
    assert second.extra == (("Difficulty", "2"),)
    assert not collection.errors


def test_sok_style_metadata_after_the_board() -> None:
    collection = read_collection_text(SOK_STYLE)
    assert [level.title for level in collection.levels] == ["Alpha", "Beta"]
    assert collection.levels[0].comment == "line one\nline two"
    assert collection.levels[0].author == "A"


def test_bad_levels_are_reported_and_good_ones_load() -> None:
    text = "; good\n#####\n#@$.#\n#####\n\n; bad\n#####\n#@$ #\n#####\n\n; also good\n4#|#@$.#|5#\n"
    collection = read_collection_text(text)
    assert [level.title for level in collection.levels] == ["good", "also good"]
    assert len(collection.errors) == 1
    assert collection.errors[0].title == "bad"
    assert collection.errors[0].line is None or collection.errors[0].line >= 6


def test_find_by_number_and_title() -> None:
    collection = read_collection_text(YASC_STYLE)
    assert collection.find("2").title == "Second one"
    assert collection.find("second ONE").title == "Second one"
    with pytest.raises(LevelError, match="does not exist"):
        collection.find("3")
    with pytest.raises(LevelError, match="no level is titled"):
        collection.find("Third")


@pytest.mark.parametrize("text", [YASC_STYLE, SOK_STYLE])
def test_round_trip_keeps_levels_and_metadata(text: str, tmp_path: Path) -> None:
    original = read_collection_text(text)
    path = tmp_path / "out.xsb"
    write_collection(original, path)
    again = read_collection_text(path.read_text(encoding="utf-8"))
    assert again.title == original.title
    assert again.author == original.author
    assert again.comment == original.comment
    assert again.levels == original.levels
    assert collection_to_text(again) == collection_to_text(original)


def test_dialect_collection_converts_to_standard() -> None:
    text = "; seed level\n######\n#@O.X#\n#..G.#\n######\n"
    collection = read_collection_text(text)
    assert "$" in collection_to_text(collection)
    assert "O" not in collection.levels[0].to_xsb()


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="cannot read"):
        read_collection(tmp_path / "nothing.xsb")


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "image.xsb"
    path.write_bytes(b"\x89PNG\x00\x00\x01")
    with pytest.raises(LevelError, match="not a text file"):
        read_collection(path)



def test_file_without_levels(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("just words\n", encoding="utf-8")
    with pytest.raises(LevelError, match="holds no level"):
        read_collection(path)


def test_title_defaults_to_file_name(tmp_path: Path) -> None:
    path = tmp_path / "my_levels.sok"
    path.write_text("#####\n#@$.#\n#####\n", encoding="utf-8")
    assert read_collection(path).title == "my_levels"


@pytest.mark.parametrize("selector", ["²", "٣", "1²", "9" * 5000, "0"])
def test_odd_level_numbers_are_one_line_errors(selector: str) -> None:
    collection = read_collection_text(YASC_STYLE)
    with pytest.raises(LevelError) as caught:
        collection.find(selector)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_level_numbers_may_have_leading_zeros() -> None:
    collection = read_collection_text(YASC_STYLE)
    assert collection.find("002").title == "Second one"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX feature")
def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "levels.xsb"
    os.mkfifo(fifo)  # with no writer, opening it for reading would wait forever
    with pytest.raises(LevelError, match="is a pipe, not a level file"):
        read_collection(fifo)


def test_folders_and_devices_are_refused(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="is a folder"):
        read_collection(tmp_path)
    if Path("/dev/zero").exists():  # endless: reading it whole would fill the memory
        with pytest.raises(LevelError, match="is a device"):
            read_collection("/dev/zero")


def test_a_file_past_the_cap_is_refused_whatever_its_size_says(tmp_path: Path) -> None:
    path = tmp_path / "big.xsb"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(LevelError, match="larger than 5 MB"):
        read_collection(path)
    path.write_bytes(b";" * MAX_FILE_BYTES)
    with pytest.raises(LevelError, match="holds no level"):
        read_collection(path)


def test_a_file_name_with_a_newline_stays_on_one_line(tmp_path: Path) -> None:
    with pytest.raises(LevelError) as caught:
        read_collection(tmp_path / "two\nlines.xsb")
    assert "\n" not in str(caught.value)
    assert "two\\nlines.xsb" in str(caught.value)


def test_semicolon_remarks_stay_comments() -> None:
    text = ";#####\n; by me\n; Walls\n#####\n#@$.#\n#####\n"
    (level,) = read_collection_text(text).levels
    assert (level.title, level.comment) == ("Walls", "#####\nby me")
    again = read_collection_text(collection_to_text(read_collection_text(text)))
    assert again.levels == [level]


def test_comment_blocks_hold_drawings_and_blank_lines() -> None:
    comment = "A sketch:\n\n#####\n#@$.#\n#####\n  indented"
    text = f"; One\n#####\n#@$.#\n#####\nComment:\n{comment}\nComment-End:\n"
    (level,) = read_collection_text(text).levels
    assert level.comment == comment
    written = collection_to_text(read_collection_text(text))
    assert read_collection_text(written).levels == [level]


def test_lines_that_bound_a_block_survive_inside_a_comment() -> None:
    text = "; Comment-End:\n; Comment:\n; One\n#####\n#@$.#\n#####\n"
    (level,) = read_collection_text(text).levels
    assert level.comment == "Comment-End:\nComment:"
    assert read_collection_text(collection_to_text(read_collection_text(text))).levels == [level]


def test_odd_titles_header_keys_and_trailing_text_are_kept() -> None:
    text = (
        "Title: Set\nDate: 2024\n\nTitle: ;starts with a semicolon\n#####\n#@$.#\n#####\n\n"
        "; the end\n"
    )
    collection = read_collection_text(text)
    assert collection.extra == (("Date", "2024"),)
    (level,) = collection.levels
    assert (level.title, level.comment) == (";starts with a semicolon", "the end")
    again = read_collection_text(collection_to_text(collection))
    assert again.extra == collection.extra and again.levels == collection.levels


def test_a_colon_makes_a_key_line_never_a_board_row() -> None:
    text = "#####\n#@$.#\n#####\nSolution: " + "#" * 40 + "\n"
    (level,) = read_collection_text(text).levels
    assert level.extra == (("Solution", "#" * 40),)


def test_writing_never_follows_a_planted_temporary_name(tmp_path: Path) -> None:
    target = tmp_path / "victim.txt"
    target.write_text("keep me", encoding="utf-8")
    out = tmp_path / "out.xsb"
    try:
        (tmp_path / "out.xsb.tmp").symlink_to(target)
    except OSError:
        pytest.skip("no symbolic links here")
    write_collection(read_collection_text(YASC_STYLE), out)
    assert target.read_text(encoding="utf-8") == "keep me"
    assert read_collection(out).title == "Test Set"
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["out.xsb", "out.xsb.tmp", "victim.txt"]
