"""The one JSON codec: every stored dataclass round-trips, and bad values are one-line refusals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

import pytest

from game.core.level import Level
from game.core.level_ref import CampaignLevel
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage.codec import Identifier, Limit, decode, encode, json_key
from game.storage.jsondata import DataError, decode_json, encode_json
from game.storage.records import (
    CAMPAIGN_ID,
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    SavedGame,
    Solution,
    SolvedEvent,
)
from tests.conftest import SMALL_SOLUTION


@dataclass(frozen=True)
class Sample:
    name: Identifier
    count: Annotated[int, Limit(10)] = 0
    ratio: float | None = None
    tags: tuple[str, ...] = ()
    renamed: bool = field(default=False, metadata=json_key("flag"))
    hidden: int = field(default=0, metadata=json_key(None))


def _round_trip(value: object) -> object:
    return decode(type(value), decode_json(encode_json(encode(value))), "test")


def test_every_stored_value_round_trips(level: Level) -> None:
    solution = Solution.from_lurd(SMALL_SOLUTION)
    statistics = Statistics(steps=3, elapsed=2.5, hints_used=4, par_moves=7)
    state = PlayState(level)
    values: list[object] = [
        solution,
        LevelRecord(CAMPAIGN_ID, "f", "T", True, solution, solution, 967, 2, 1.5, par_moves=3),
        SolvedEvent(1.0, CAMPAIGN_ID, "f", "T", 33, 8, 967),
        CollectionInfo("title:T", "T", "/t.xsb", ("a", "b"), 5.0),
        CampaignProgress(3, 2000),
        SavedGame.capture(CampaignLevel(0), "Campaign", state, statistics),
    ]
    for value in values:
        assert _round_trip(value) == value


def test_json_keys_defaults_and_unknown_keys() -> None:
    assert encode(Sample("n", renamed=True, hidden=4)) == {
        "name": "n",
        "count": 0,
        "ratio": None,
        "tags": [],
        "flag": True,
    }
    read = decode(Sample, {"name": "n", "flag": True, "hidden": 9, "later": [1]}, "s")
    assert read == Sample("n", renamed=True)  # hidden is never read, unknown keys are ignored


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "s: expected an object, found a list"),
        ({}, "s.name: missing"),
        ({"name": "  "}, "s.name: must not be empty"),
        ({"name": "n", "count": 11}, "s.count: must be a number from 0 to 10"),
        ({"name": "n", "count": True}, "s.count: expected a whole number, found true/false"),
        ({"name": "n", "count": 1.5}, "s.count: expected a whole number, found a number"),
        ({"name": "n", "ratio": "x"}, "s.ratio: expected a number, found text"),
        ({"name": "n", "tags": "ab"}, "s.tags: expected a list, found text"),
        ({"name": "n", "tags": [1]}, "s.tags[0]: expected text, found a number"),
        ({"name": "n", "flag": None}, "s.flag: expected true or false, found null"),
        ({"name": "\ud800"}, "s.name: holds a lone surrogate"),
    ],
)
def test_bad_values_are_named_in_one_line(data: object, message: str) -> None:
    with pytest.raises(DataError) as raised:
        decode(Sample, data, "s")
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_a_solution_must_match_its_counts() -> None:
    with pytest.raises(DataError, match="do not match the LURD"):
        decode(Solution, {"lurd": "RR", "moves": 2, "pushes": 1}, "s")
    assert decode(Solution, {"lurd": "R R", "moves": 2, "pushes": 2}, "s").lurd == "RR"


def test_statistics_saved_with_the_totals_of_earlier_versions_still_load() -> None:
    older = {
        "steps": 3, "hints_used": 1, "current_score": 967, "levels_solved": 2,
        "total_steps": 40, "total_pushes": 9, "total_time": 61.5, "total_hints": 4,
        "solved_titles": ["Campaign, Level 1"],
    }
    assert decode(Statistics, older, "test") == Statistics(steps=3, hints_used=1)
