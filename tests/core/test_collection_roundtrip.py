"""Collections survive a write and a read: no level gained or lost, comments and titles kept.

Random files are built from boards, free-text comments, key lines and comment blocks; what
the reader makes of one must come back unchanged from the text the writer gives for it.
"""

from __future__ import annotations

import re

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core.collection import Collection, collection_to_text, read_collection_text
from tests.conftest import SMALL_LEVEL

BOARDS = (
    "#####\n#@$.#\n#####",
    SMALL_LEVEL.rstrip("\n"),
    "######\n#@$$.#\n#  . #\n######",
    "4#|#@$.#|4#",  # run-length rows
)
# The characters that confuse a reader: board marks, key colons, comment semicolons.
PIECES = st.sampled_from(
    ["#", "#####", "@", "$", ".", "*", " ", ":", ";", "-", "Title:", "Comment:", "Comment-End:",
     "Author:", "by me", "x", "O", "X", "é", "²", "\t"]
)
TEXT = st.lists(PIECES, max_size=6).map("".join)
LINE = st.one_of(
    TEXT,
    TEXT.map(lambda text: ";" + text),
    TEXT.map(lambda text: "; " + text),
    st.sampled_from(["", ";", ";#####", "; by me", "Comment:", "Comment-End:", "-----"]),
    st.tuples(st.sampled_from(["Title", "Author", "Comment", "Difficulty", "Solution"]), TEXT)
    .map(lambda pair: f"{pair[0]}: {pair[1]}"),
)
BLOCK = st.lists(st.one_of(LINE, st.sampled_from(BOARDS)), max_size=4).map(
    lambda lines: "\n".join(["Comment:", *lines, "Comment-End:"])
)
CHUNK = st.one_of(LINE, LINE, BLOCK, st.sampled_from(BOARDS))
FILES = st.lists(CHUNK, max_size=14).map("\n".join)
# "Comment:" alone opens a block and "Comment-End:" closes one: they cannot be inside one.
BLOCK_MARK = re.compile(r"\s*(comment\s*:\s*$|comment-end\s*:)", re.IGNORECASE)


def _described(collection: Collection) -> tuple[object, ...]:
    levels = tuple(
        (level.rows(), level.title, level.author, level.comment, level.extra)
        for level in collection.levels
    )
    return collection.title, collection.author, collection.comment, collection.extra, levels


@settings(max_examples=300, deadline=None)
@given(FILES)
def test_what_is_read_is_written_and_read_back_the_same(text: str) -> None:
    first = read_collection_text(text)
    assume(not first.errors)
    written = collection_to_text(first)
    again = read_collection_text(written)
    assert again.errors == []
    assert _described(again) == _described(first)
    assert collection_to_text(again) == written


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(BOARDS), min_size=1, max_size=5),
    st.lists(TEXT, max_size=4),
    st.lists(LINE, max_size=4),
)
def test_boards_between_comments_are_neither_gained_nor_lost(
    boards: list[str], remarks: list[str], block: list[str]
) -> None:
    # Free-text remarks such as ";#####" and "; by me" before each level, and a comment
    # block after it holding anything but the lines that bound a block.
    assume(not any(BLOCK_MARK.match(line) for line in block))
    parts: list[str] = []
    for index, board in enumerate(boards):
        parts.extend(f";{remark}" for remark in remarks)
        parts.extend([f"; level {index}", board, "Comment:", *block, "Comment-End:"])
    collection = read_collection_text("\n".join(parts))
    assert not collection.errors
    titles = [level.title for level in collection.levels]
    assert titles == [f"level {index}" for index in range(len(boards))]
    again = read_collection_text(collection_to_text(collection))
    assert _described(again) == _described(collection)
