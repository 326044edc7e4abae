"""Reading and writing whole collections: metadata, bad levels, round trips and file checks.

Covers the .xsb, .sok and .txt layouts the reader understands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import LevelError, read_collection, read_collection_text
from game.core.collection import collection_to_text, write_collection

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


def test_file_over_five_megabytes(tmp_path: Path) -> None:
    path = tmp_path / "huge.xsb"
    path.write_bytes(b";" * (5 * 1024 * 1024 + 1))
    with pytest.raises(LevelError, match="at most 5 MB"):
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
