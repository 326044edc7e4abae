"""Counts and their nouns: one helper makes every "1 box", "2 boxes" the game and CLI print.

A scan of the sources finds counts put beside a plural by hand, the way "1 boxes" was made.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.collection import read_collection_text
from game.core.errors import LevelError
from game.core.wording import counted

SOURCES = Path(__file__).resolve().parents[2] / "game"
# A count followed by a plural noun in an f-string, "level(s)", or a plural chosen by an if.
HAND_MADE = re.compile(
    r"\{[^{}]+\} (levels|moves|pushes|boxes|goals|stars|players|saves|records|solves|"
    r"settings|steps|positions|hints|undos|chapters|solutions)\b(?!=)"
    r"|[a-z]\(s\)(?! if| for|\)|:)"  # level(s), not a call such as neighbours(s)
    r"|[\"']s[\"'] if"
    r"|== 1 else f?[\"']"
)


@pytest.mark.parametrize(
    ("count", "noun", "plural", "text"),
    [
        (1, "star", None, "1 star"),
        (0, "goal", None, "0 goals"),
        (1, "box", "boxes", "1 box"),
        (61, "level", None, "61 levels"),
        (1234, "move", None, "1,234 moves"),
    ],
)
def test_counted_picks_the_noun_form(count: int, noun: str, plural: str | None, text: str) -> None:
    assert counted(count, noun, plural) == text


def test_no_count_is_put_beside_a_plural_by_hand() -> None:
    found = [
        f"{path.relative_to(SOURCES.parent)}:{number}: {line.strip()}"
        for path in sorted(SOURCES.rglob("*.py"))
        if path.name != "wording.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HAND_MADE.search(line)
    ]
    assert found == []


def test_a_level_number_past_the_end_says_how_many_levels_there_are() -> None:
    collection = read_collection_text("#####\n#@$.#\n#####\n")
    with pytest.raises(LevelError, match=r"the file has 1 level$"):
        collection.find("2")
