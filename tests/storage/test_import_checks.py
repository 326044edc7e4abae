"""Issue 17 class 2: an import believes nothing it cannot replay, and refuses odd numbers.

Solutions are replayed on their levels, unknown levels are kept aside unverified, numbers are
held to what play produces, and every refusal is one line; a property test tries random files.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.level import Level
from game.core.notation import replay
from game.core.statistics import BASE_SCORE
from game.core.xsb import parse_level
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress, import_progress
from tests.conftest import SMALL_SOLUTION

CORRIDOR = "#######\n#     #\n# @$ .#\n#     #\n#######\n"


def _file(tmp_path: Path, document: object, name: str = "p.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _exported(tmp_path: Path, level: Level) -> dict[str, Any]:
    source = ProgressStore.in_memory()
    source.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    export_progress(source, tmp_path / "real.json")
    document: dict[str, Any] = json.loads((tmp_path / "real.json").read_text(encoding="utf-8"))
    return document


def test_a_forged_best_does_not_replace_the_real_one(tmp_path: Path, level: Level) -> None:
    document = _exported(tmp_path, level)
    forged = document["levels"][0]
    forged["best_moves"] = forged["best_pushes"] = {"lurd": "RRRR", "moves": 4, "pushes": 4}
    forged["best_score"] = 999_999_999
    document["solved_history"][0].update(moves=4, pushes=4, score=999_999_999)
    here = ProgressStore.in_memory()
    here.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    import_progress(here, _file(tmp_path, document), campaign=[level])
    record = here.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.best_moves is not None
    assert record.best_moves.moves == 33 and record.best_score == 967
    assert here.totals().score == 967
    assert [event.score for event in here.solved_history()] == [967]


def test_a_forged_solve_on_a_fresh_store_counts_nothing(tmp_path: Path, level: Level) -> None:
    document = _exported(tmp_path, level)
    document["levels"][0]["best_moves"] = {"lurd": "RRRR", "moves": 4, "pushes": 4}
    document["levels"][0]["best_pushes"] = None
    here = ProgressStore.in_memory()
    import_progress(here, _file(tmp_path, document), campaign=[level])
    record = here.level_record(CAMPAIGN_ID, level)
    assert record is not None and not record.solved and record.best_score == 0
    assert here.totals().score == 0 and here.solved_history() == []


def test_a_real_solution_with_an_impossible_score_is_held(tmp_path: Path, level: Level) -> None:
    document = _exported(tmp_path, level)
    document["levels"][0]["best_score"] = 999_999_999
    document["levels"][0]["last_played_at"] = 200_000_000_000.0  # in the year 8307
    document["campaign"] = {"position": 10**9, "total_score": 10**9}
    here = ProgressStore.in_memory()
    here.clock = lambda: 1_800_000_000.0
    import_progress(here, _file(tmp_path, document), campaign=[level])
    record = here.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.best_score == BASE_SCORE
    assert record.last_played_at == 1_800_000_000.0
    campaign = here.campaign()
    assert (campaign.position, campaign.total_score) == (1, BASE_SCORE)


def test_a_level_not_at_hand_is_kept_aside_until_opened(tmp_path: Path, level: Level) -> None:
    corridor = parse_level(CORRIDOR, title="Corridor")
    source = ProgressStore.in_memory()
    source.record_solution("title:C", corridor, "RR", 2, 2, 998)
    export_progress(source, tmp_path / "c.json")
    here = ProgressStore.in_memory()
    summary = import_progress(here, tmp_path / "c.json", campaign=[level])
    assert summary.unverified == 1 and summary.describe().endswith("opened: 1 record.")
    assert here.all_records() == [] and here.totals().score == 0
    assert here.solved_history() == []
    assert here.remember_collection("title:C", "C", "c.xsb", [corridor]) is None
    record = here.level_record("title:C", corridor)
    assert record is not None and record.solved and record.best_score == 998
    assert here.read("SELECT count(*) FROM unverified_records") == [(0,)]


def test_a_collection_file_at_its_path_verifies_its_records(tmp_path: Path) -> None:
    corridor = parse_level(CORRIDOR, title="Corridor")
    (tmp_path / "c.xsb").write_text(CORRIDOR, encoding="utf-8")
    source = ProgressStore.in_memory()
    source.remember_collection("title:C", "C", tmp_path / "c.xsb", [corridor])
    source.record_solution("title:C", corridor, "RR", 2, 2, 998)
    export_progress(source, tmp_path / "c.json")
    here = ProgressStore.in_memory()
    summary = import_progress(here, tmp_path / "c.json")
    assert summary.unverified == 0 and summary.levels_added == 1
    assert here.totals().score == 998


def test_a_path_that_is_not_a_regular_file_is_never_opened(tmp_path: Path) -> None:
    document = {
        "format": "sokoban-arcade-progress",
        "version": 1,
        "collections": [{"collection_id": "title:Z", "title": "Z", "path": "/dev/zero"}],
        "levels": [{"collection_id": "title:Z", "fingerprint": "f", "solved": True}],
    }
    here = ProgressStore.in_memory()
    assert import_progress(here, _file(tmp_path, document)).unverified == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"title": "\\ud800"', "lone surrogate"),
        ('"best_score": 9223372036854775809', "from 0 to"),
        ('"attempts": ' + "9" * 4301, "more than 40 digits"),
        ('"seconds": 1e400', "from 0 to"),
        ('"attempts": -1', "from 0 to"),
    ],
)
def test_odd_numbers_and_text_are_refused_in_one_line(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(
        '{"format": "sokoban-arcade-progress", "version": 1, "levels": '
        '[{"collection_id": "c", "fingerprint": "f", "solved": false, ' + text + "}]}",
        encoding="utf-8",
    )
    with pytest.raises(TransferError) as raised:
        import_progress(ProgressStore.in_memory(), path)
    assert expected in str(raised.value) and "\n" not in str(raised.value)


def test_odd_values_in_settings_and_slot_names_are_refused(tmp_path: Path) -> None:
    for settings_text in ('{"k": 1e999}', '{"\\udc80": 1}', '{"k": ' + "1" * 5000 + "}"):
        path = tmp_path / "s.json"
        path.write_text(
            '{"format": "sokoban-arcade-progress", "version": 1, "settings": '
            + settings_text
            + "}",
            encoding="utf-8",
        )
        with pytest.raises(TransferError) as raised:
            import_progress(ProgressStore.in_memory(), path)
        assert "\n" not in str(raised.value)


# -- random files shaped like an export -----------------------------------------------------
_numbers = st.one_of(
    st.integers(min_value=-5, max_value=50),
    st.integers(min_value=2**62, max_value=2**70),
    st.floats(allow_nan=False),
    st.just(10**100),
)
_texts = st.one_of(st.text(max_size=8), st.sampled_from(["RR", "RRRR", SMALL_SOLUTION, "x"]))
_scalars = st.one_of(st.none(), st.booleans(), _numbers, _texts)
_solutions = st.one_of(
    st.none(),
    st.fixed_dictionaries({"lurd": _texts, "moves": _numbers, "pushes": _numbers}),
    st.builds(lambda: {"lurd": SMALL_SOLUTION, "moves": 33, "pushes": 8}),
)


def _record(fingerprint: str) -> st.SearchStrategy[dict[str, object]]:
    return st.fixed_dictionaries(
        {
            "collection_id": st.sampled_from([CAMPAIGN_ID, "title:X", ""]),
            "fingerprint": st.just(fingerprint),
        },
        optional={
            "solved": st.one_of(st.booleans(), _scalars),
            "best_moves": _solutions,
            "best_pushes": _solutions,
            "best_score": _numbers,
            "attempts": _numbers,
            "seconds": _numbers,
            "moves_played": _numbers,
            "par_moves": st.one_of(st.none(), _numbers),
            "first_solved_at": st.one_of(st.none(), _numbers),
            "title": _texts,
        },
    )


_LEVEL = parse_level("####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n", title="Small")


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    records=st.lists(
        st.one_of(_record(_LEVEL.fingerprint()), _record("other"), _scalars), max_size=4
    ),
    events=st.lists(
        st.fixed_dictionaries(
            {
                "solved_at": _numbers,
                "collection_id": st.just(CAMPAIGN_ID),
                "fingerprint": st.just(_LEVEL.fingerprint()),
                "title": _texts,
                "moves": _numbers,
                "pushes": _numbers,
                "score": _numbers,
            }
        ),
        max_size=3,
    ),
    campaign=st.one_of(
        _scalars, st.fixed_dictionaries({"position": _numbers, "total_score": _numbers})
    ),
    settings_value=_scalars,
)
def test_random_exports_give_one_line_refusals_or_sound_merges(
    tmp_path: Path,
    records: list[object],
    events: list[object],
    campaign: object,
    settings_value: object,
) -> None:
    document = {
        "format": "sokoban-arcade-progress",
        "version": 1,
        "levels": records,
        "solved_history": events,
        "campaign": campaign,
        "settings": {"k": settings_value},
    }
    path = tmp_path / "random.json"
    path.write_text(json.dumps(document), encoding="utf-8")  # inf is written as Infinity
    store = ProgressStore.in_memory()
    try:
        import_progress(store, path, campaign=[_LEVEL])
    except TransferError as error:
        assert "\n" not in str(error) and str(error).startswith("random.json")
        assert store.all_records() == []
        return
    for record in store.all_records():
        assert record.collection_id == CAMPAIGN_ID  # anything else is kept aside
        assert 0 <= record.best_score <= BASE_SCORE
        assert record.solved == (record.best_moves is not None)
        for solution in (record.best_moves, record.best_pushes):
            assert solution is None or replay(_LEVEL, solution.lurd).solved
    totals = store.totals()
    assert totals.score <= BASE_SCORE and math.isfinite(totals.seconds)
    assert store.campaign().position <= 1
    assert all(event.score <= BASE_SCORE for event in store.solved_history())
