"""The progress store: migrations, every record type, the session, damaged and newer stores."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.core.direction import Direction
from game.core.level import Level
from game.core.level_ref import CampaignLevel
from game.core.notation import MAX_MOVES, replay, replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics, level_score
from game.core.xsb import parse_level
from game.storage.codec import MAX_COUNT
from game.storage.paths import APP_NAME, STORE_FILE_NAME, data_dir, store_path
from game.storage.records import CAMPAIGN_ID, SavedGame, collection_id_for
from game.storage.rows import put_setting
from game.storage.saved import MAX_HISTORY
from game.storage.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from game.storage.store import ProgressStore
from tests.conftest import SMALL_SOLUTION

CORRIDOR = """\
#######
#     #
# @$ .#
#     #
#######
"""
SHORT = "RR"
DETOUR = "RdrruLdlluRR"


@pytest.fixture
def corridor() -> Level:
    return parse_level(CORRIDOR, title="Corridor")


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        return {name for (name,) in rows}


# -- where the store lives ------------------------------------------------------------------
def test_sokoban_home_overrides_the_data_folder(home: Path) -> None:
    assert data_dir() == home
    assert store_path() == home / STORE_FILE_NAME


def test_without_override_the_platform_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOKOBAN_HOME")
    assert data_dir().name == APP_NAME


def test_collection_ids_survive_moves() -> None:
    assert collection_id_for("Microban", "/a/microban.xsb") == "title:Microban"
    assert collection_id_for("Microban", "/b/other.txt") == "title:Microban"
    assert collection_id_for("", "/a/mine.xsb") == collection_id_for("", "/b/mine.xsb")
    assert collection_id_for("  ", None) == "untitled"
    assert CAMPAIGN_ID == "campaign"


# -- migrations -----------------------------------------------------------------------------
def test_a_new_store_is_created_with_every_migration(home: Path) -> None:
    store, message = ProgressStore.open()
    assert message is None
    assert store.path == home / STORE_FILE_NAME
    store.close()
    with sqlite3.connect(home / STORE_FILE_NAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    expected = {"level_records", "solved_events", "collections", "campaign", "settings"}
    assert expected | {"session", "slots"} <= _tables(home / STORE_FILE_NAME)


def test_an_empty_file_is_set_aside_as_it_was(tmp_path: Path) -> None:
    # The game makes a store whole before it takes its name: an empty one is damage.
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    store, message = ProgressStore.open(path)
    (aside,) = tmp_path.glob("empty.sqlite3.unreadable-*")
    assert message is not None and "the file is empty" in message and aside.name in message
    assert aside.read_bytes() == b""
    assert store.persistent and store.totals().levels_played == 0
    store.close()


def test_an_old_store_is_migrated_step_by_step(tmp_path: Path, level: Level) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    assert migrate(connection, target=1) == 1
    connection.execute(
        "INSERT INTO level_records (collection_id, fingerprint, solved, attempts) "
        "VALUES ('campaign', ?, 1, 3)",
        (level.fingerprint(),),
    )
    connection.close()
    store, message = ProgressStore.open(path)
    assert message is None
    record = store.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.solved and record.attempts == 3
    store.close()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        indexes = {name for (name,) in check.execute("SELECT name FROM sqlite_schema")}
    assert "solved_events_by_time" in indexes


# -- level records --------------------------------------------------------------------------
def test_an_attempt_creates_a_record(store: ProgressStore, level: Level) -> None:
    assert store.level_record(CAMPAIGN_ID, level) is None
    problem = store.record_attempt(CAMPAIGN_ID, level, moves=7, pushes=2, seconds=12.5, hints=1)
    assert problem is None
    record = store.level_record(CAMPAIGN_ID, level)
    assert record is not None
    assert (record.attempts, record.moves_played, record.pushes_played) == (1, 7, 2)
    assert (record.seconds, record.hints, record.solved, record.title) == (12.5, 1, False, "Small")
    assert record.best_moves is None and record.last_played_at is not None


def test_a_solution_records_the_best_results(store: ProgressStore, corridor: Level) -> None:
    detour = replay(corridor, DETOUR)
    assert detour.solved and (detour.moves, detour.pushes) == (12, 4)
    score = level_score(12)
    outcome = store.record_solution("title:T", corridor, DETOUR, 12, 4, score, seconds=30.0)
    assert outcome.first_solve and outcome.new_best_moves and outcome.new_best_pushes
    outcome = store.record_solution("title:T", corridor, SHORT, 2, 2, level_score(2), hints=1)
    assert not outcome.first_solve
    assert outcome.new_best_moves and outcome.new_best_pushes and outcome.new_best_score
    outcome = store.record_solution("title:T", corridor, DETOUR, 12, 4, score)
    assert not (outcome.new_best_moves or outcome.new_best_pushes or outcome.new_best_score)
    record = store.level_record("title:T", corridor)
    assert record is not None and record.solved
    assert record.best_moves is not None and record.best_moves.lurd == SHORT
    assert record.best_pushes is not None and record.best_pushes.pushes == 2
    assert record.best_score == level_score(2)
    assert (record.attempts, record.hints, record.seconds) == (3, 1, 30.0)
    assert record.moves_played == 26 and record.pushes_played == 10
    assert record.par_moves is None and not record.solver_used


def test_a_solution_is_checked(store: ProgressStore, corridor: Level) -> None:
    with pytest.raises(ValueError, match="not a solution"):
        store.record_solution(CAMPAIGN_ID, corridor, "R", 1, 1, 999)
    with pytest.raises(ValueError, match="2 moves and 2 pushes"):
        store.record_solution(CAMPAIGN_ID, corridor, SHORT, 3, 2, 997)
    with pytest.raises(ValueError, match="not a move"):
        store.record_solution(CAMPAIGN_ID, corridor, "RxR", 3, 2, 997)
    assert store.level_record(CAMPAIGN_ID, corridor) is None


def test_the_solver_sets_par(store: ProgressStore, level: Level, corridor: Level) -> None:
    store.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 0, solver_used=True)
    record = store.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.solver_used
    assert (record.par_moves, record.par_pushes) == (33, 8)
    assert store.set_par(CAMPAIGN_ID, corridor, 2, 2) is None
    assert store.set_par(CAMPAIGN_ID, corridor, 5, 3) is None
    par = store.level_record(CAMPAIGN_ID, corridor)
    assert par is not None and (par.par_moves, par.par_pushes, par.attempts) == (2, 2, 0)


def test_collections_totals_and_history(
    store: ProgressStore, level: Level, corridor: Level
) -> None:
    times = iter([100.0, 200.0, 300.0, 400.0])
    store.clock = lambda: next(times)
    store.remember_collection("title:T", "T", "/levels/t.xsb", [level, corridor])
    store.record_solution("title:T", corridor, DETOUR, 12, 4, 988, seconds=5.0)
    store.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967, seconds=60.0)
    store.record_solution("title:T", corridor, SHORT, 2, 2, 998, seconds=1.0)

    by_collection = {info.collection_id: info for info in store.collections()}
    announced = by_collection["title:T"]
    assert announced.fingerprints == (level.fingerprint(), corridor.fingerprint())
    assert (announced.level_count, announced.solved, announced.title) == (2, 1, "T")
    assert (announced.path, announced.opened_at) == ("/levels/t.xsb", 100.0)
    assert by_collection[CAMPAIGN_ID].level_count == 0
    assert by_collection[CAMPAIGN_ID].played == 1
    assert [info.collection_id for info in store.collections()] == ["title:T", CAMPAIGN_ID]
    assert set(store.collection_records("title:T")) == {corridor.fingerprint()}

    totals = store.totals()
    assert (totals.levels_solved, totals.levels_played, totals.attempts) == (2, 2, 3)
    assert (totals.moves, totals.pushes, totals.seconds) == (47, 14, 66.0)
    assert totals.score == 998 + 967

    history = store.solved_history()
    assert [event.solved_at for event in history] == [200.0, 300.0, 400.0]
    assert [event.total_score for event in history] == [988, 988 + 967, 998 + 967]
    assert history[1].title == "Small"


def test_a_collection_that_lost_a_level_counts_what_is_left(
    store: ProgressStore, level: Level, corridor: Level
) -> None:
    store.record_solution("title:T", corridor, SHORT, 2, 2, 998)
    store.record_solution("title:T", level, SMALL_SOLUTION, 33, 8, 967)
    store.remember_collection("title:T", "T", "t.xsb", [level])
    info = store.collections()[0]
    assert (info.level_count, info.solved, info.played) == (1, 1, 2)


def test_campaign_progress(store: ProgressStore) -> None:
    assert store.campaign().position == 0
    assert store.set_campaign(4, 3500) is None
    campaign = store.campaign()
    assert (campaign.position, campaign.total_score) == (4, 3500)
    with pytest.raises(ValueError):
        store.set_campaign(-1, 0)


def test_settings_are_json_checked_on_read(store: ProgressStore) -> None:
    assert store.get_setting("volume", 0.6) == 0.6
    store.set_setting("volume", 1)
    assert store.get_setting("volume", 0.6) == 1.0
    store.set_setting("speed", "fast")
    store.set_setting("keys", {"undo": ["u", "z"]})
    assert store.get_setting("speed", "normal") == "fast"
    assert store.get_setting("speed", 3) == 3  # wrong type: the default
    assert store.get_setting("keys", {}) == {"undo": ["u", "z"]}
    store.set_setting("fullscreen", True)
    assert store.get_setting("fullscreen", False) is True
    assert store.get_setting("fullscreen", 0) == 0  # a bool is not a number here
    with pytest.raises(ValueError):
        store.set_setting("bad", float("nan"))
    store.write(
        lambda connection: connection.execute(
            "INSERT INTO settings (key, value) VALUES ('broken', '__import__(\"os\")')"
        )
    )
    assert store.get_setting("broken", "safe") == "safe"
    assert store.last_error is not None and "not valid JSON" in store.last_error
    assert "broken" not in store.settings() and store.settings()["speed"] == "fast"


def test_a_bad_row_is_skipped_not_fatal(store: ProgressStore, level: Level) -> None:
    store.record_attempt(CAMPAIGN_ID, level)
    store.write(lambda connection: connection.execute("UPDATE level_records SET attempts = 'many'"))
    assert store.level_record(CAMPAIGN_ID, level) is None
    assert store.last_error is not None and "attempts" in store.last_error
    assert store.record_attempt(CAMPAIGN_ID, level) is None  # replaced by a good row
    record = store.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.attempts == 1


# -- the last session and resuming ----------------------------------------------------------
def test_resume_restores_the_position_with_working_undo(home: Path, level: Level) -> None:
    state = PlayState(level)
    replay_on(state, SMALL_SOLUTION[:6])
    state.restart()  # the saved history is the current move list, after the restart
    replay_on(state, SMALL_SOLUTION[:12])
    statistics = Statistics(steps=12, pushes=3, elapsed=41.5, hints_used=1)
    game = SavedGame.capture(CampaignLevel(2), "Campaign", state, statistics)
    statistics.hints_used = 5  # not in the snapshot

    store, _ = ProgressStore.open()
    assert store.save_session(game) is None
    store.close()

    reopened, message = ProgressStore.open()
    assert message is None
    loaded = reopened.load_session()
    reopened.close()
    assert loaded == game
    assert loaded.level.number == 3
    assert loaded.statistics.elapsed == 41.5 and loaded.statistics.hints_used == 1

    resumed, note = loaded.restore(level)
    assert note is None
    assert resumed.player == state.player and resumed.box_squares() == state.box_squares()
    assert resumed.lurd() == SMALL_SOLUTION[:12] and resumed.push_count == state.push_count
    undone = 0
    while resumed.undo() is not None:
        undone += 1
    assert undone == 12 and not resumed.can_undo
    assert resumed.player == level.player and resumed.box_squares() == level.boxes
    assert resumed.redo() is not None


def test_resume_on_a_changed_level_starts_afresh(level: Level, corridor: Level) -> None:
    state = PlayState(level)
    replay_on(state, SMALL_SOLUTION[:5])
    game = SavedGame.capture(CampaignLevel(0), "Campaign", state, Statistics())
    fresh, note = game.restore(corridor)
    assert fresh.move_count == 0 and note is not None and "changed" in note


def test_a_session_can_be_cleared(store: ProgressStore, level: Level) -> None:
    game = SavedGame.capture(CampaignLevel(0), "", PlayState(level), Statistics())
    store.save_session(game)
    assert store.load_session() is not None
    assert store.clear_session() is None
    assert store.load_session() is None


def test_a_game_whose_clock_passed_the_stored_cap_keeps_being_saved(
    store: ProgressStore, corridor: Level
) -> None:
    # Its elapsed time could not be read back: the session was never saved again, unsaid.
    statistics = Statistics(elapsed=MAX_COUNT + 3600.0)
    game = SavedGame.capture(CampaignLevel(0), "", PlayState(corridor), statistics)
    assert store.save_session(game) is None
    loaded = store.load_session()
    assert loaded is not None and loaded.statistics.elapsed == MAX_COUNT


def test_a_history_past_the_cap_is_refused_by_the_cap_it_is_read_back_with(
    corridor: Level,
) -> None:
    # The save took ten million moves and its reading one: written, then skipped on reading.
    store = ProgressStore.in_memory()
    state = PlayState(corridor)
    assert replay_on(state, "ud" * (MAX_HISTORY // 2), strict_case=False).failed_at is None
    assert store.save_session(SavedGame.capture(CampaignLevel(0), "", state, Statistics())) is None
    assert store.load_session() is not None  # the million fits
    state.step(Direction.UP)
    said = store.save_session(SavedGame.capture(CampaignLevel(0), "", state, Statistics()))
    assert said is not None and "history" in said.text
    assert MAX_HISTORY == MAX_MOVES


def test_visits_that_add_up_past_the_stored_cap_keep_the_record(
    store: ProgressStore, corridor: Level
) -> None:
    # The sum could not be read back: the next visit wrote a fresh record over the old one.
    for _ in range(2):
        assert store.record_attempt("c", corridor, moves=5, seconds=MAX_COUNT * 0.75) is None
    record = store.level_record("c", corridor)
    assert record is not None and record.attempts == 2 and record.seconds == MAX_COUNT


def test_an_unreadable_session_is_not_loaded_and_says_why(store: ProgressStore) -> None:
    store.write(
        lambda connection: connection.execute(
            "INSERT INTO session (id, game) VALUES (1, '{\"history\": 5}')"
        )
    )
    assert store.load_session() is None
    assert store.session_problem is not None and "the last game" in store.session_problem


# -- damaged, foreign, newer and unopenable stores ------------------------------------------
def test_a_file_that_is_not_sqlite_is_moved_aside(home: Path) -> None:
    home.mkdir(parents=True)
    (home / STORE_FILE_NAME).write_bytes(b"this is not a database at all\n" * 200)
    store, message = ProgressStore.open()
    assert message is not None and "moved to" in message and "\n" not in message
    assert store.persistent and store.totals().levels_played == 0
    assert store.set_setting("after", 1) is None
    store.close()
    moved = sorted(home.glob(f"{STORE_FILE_NAME}.unreadable-*"))
    assert len(moved) == 1
    assert moved[0].read_bytes().startswith(b"this is not a database")
    assert moved[0].name in message


def test_a_damaged_database_is_moved_aside(home: Path, level: Level) -> None:
    store, _ = ProgressStore.open()

    def fill(connection: sqlite3.Connection) -> None:  # one transaction: one sync, not 400
        for number in range(400):
            put_setting(connection, f"key-{number}", json.dumps("x" * 200))

    assert store.write(fill)[1] is None
    store.close()
    path = home / STORE_FILE_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page * 2, len(data), page * 3):
        data[start : start + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    reopened, message = ProgressStore.open()
    assert message is not None and "unreadable" in message
    assert reopened.settings() == {}
    reopened.close()
    assert len(list(home.glob(f"{STORE_FILE_NAME}.unreadable-*"))) == 1


def test_another_programs_database_is_moved_aside(home: Path) -> None:
    home.mkdir(parents=True)
    with sqlite3.connect(home / STORE_FILE_NAME) as connection:
        connection.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    store, message = ProgressStore.open()
    assert message is not None and "another program" in message
    store.close()


def test_a_newer_store_is_read_only(home: Path, level: Level) -> None:
    store, _ = ProgressStore.open()
    store.record_attempt(CAMPAIGN_ID, level, moves=3)
    store.set_setting("volume", 0.3)
    store.close()
    path = home / STORE_FILE_NAME
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()

    newer, message = ProgressStore.open()
    assert message is not None and "newer version" in message and newer.read_only
    assert newer.get_setting("volume", 1.0) == 0.3
    assert newer.totals().levels_played == 1
    assert str(newer.record_attempt(CAMPAIGN_ID, level)) == message
    assert str(newer.set_setting("volume", 0.9)) == message
    outcome = newer.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    assert outcome.error == message and not outcome.first_solve
    newer.close()
    assert path.read_bytes() == before


def test_an_unopenable_store_falls_back_to_memory(home: Path, level: Level) -> None:
    (home / STORE_FILE_NAME).mkdir(parents=True)  # a folder where the file should be
    store, message = ProgressStore.open()
    assert message is not None and "will not be saved" in message
    assert not store.persistent
    assert store.record_attempt(CAMPAIGN_ID, level) is None
    assert store.totals().attempts == 1
    store.close()


def test_writes_after_close_report_instead_of_raising(home: Path, level: Level) -> None:
    store, _ = ProgressStore.open()
    store.close()
    problem = store.record_attempt(CAMPAIGN_ID, level)
    assert problem is not None and problem.text.startswith("Progress was not saved")
    assert store.totals().attempts == 0
