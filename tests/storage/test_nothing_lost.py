"""Nothing the player made is lost (issue 36): an export never replaces what the game did not
write (the store, a link, a pipe, a device, another file), and two programs saving into one
collection both keep their levels."""

from __future__ import annotations

import multiprocessing
import os
import stat
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest

from game.cli import main
from game.core.files import file_lock, replace_file
from game.core.level import Level
from game.core.xsb import parse_level
from game.storage import user_levels
from game.storage.paths import store_path
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress

ROOM = "#######\n#@ $ .#\n#######"


def _store_bytes() -> bytes:
    return store_path().read_bytes()


def test_an_export_onto_the_store_itself_is_refused_and_the_store_kept(
    store: ProgressStore, level: Level
) -> None:
    store.set_setting("volume", 0.3)
    before = _store_bytes()
    for target in (store_path(), store_path().parent / ".." / store_path().parent.name /
                   store_path().name, Path(f"{store_path()}-journal"), Path(f"{store_path()}-wal")):
        with pytest.raises(TransferError, match="progress store"):
            export_progress(store, target)
    assert _store_bytes() == before
    assert store.settings()["volume"] == 0.3


def test_progress_export_to_the_path_progress_where_prints_is_refused(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["progress", "where"]) == 0
    where = capsys.readouterr().out.strip()
    assert main(["progress", "export", where]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "progress store" in err
    opened, message = ProgressStore.open()
    assert message is None  # not set aside as unreadable
    opened.close()


def test_a_hard_link_to_the_store_is_refused(store: ProgressStore, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere.json"
    os.link(store_path(), other)
    with pytest.raises(TransferError, match="progress store"):
        export_progress(store, other)


@pytest.mark.parametrize("kind", ["link", "dangling link", "fifo", "other file", "folder"])
def test_an_export_never_replaces_what_an_export_did_not_write(
    store: ProgressStore, tmp_path: Path, kind: str
) -> None:
    victim = tmp_path / "thesis.txt"
    victim.write_text("years of work")
    target = tmp_path / "export.json"
    if kind == "link":
        target.symlink_to(victim)
    elif kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        target = victim
    mode = os.lstat(target).st_mode
    with pytest.raises(TransferError) as refused:
        export_progress(store, target)
    assert "\n" not in str(refused.value)
    assert os.lstat(target).st_mode == mode
    assert victim.read_text() == "years of work"
    assert not (tmp_path / "nowhere").exists()


def test_an_earlier_export_is_replaced(store: ProgressStore, tmp_path: Path) -> None:
    target = tmp_path / "export.json"
    export_progress(store, target)
    store.set_setting("volume", 0.25)
    export_progress(store, target)
    assert '"volume":0.25' in target.read_text()


def test_the_settings_screen_goes_through_the_same_check(
    store: ProgressStore, tmp_path: Path
) -> None:
    # Settings calls export_progress with the typed path; a FIFO typed there once became a file.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(TransferError, match="pipe"):
        export_progress(store, fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_replace_file_never_writes_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (tmp_path / "link").symlink_to(victim)
    with pytest.raises(OSError, match="link"):
        replace_file(tmp_path / "link", "new")
    assert victim.read_text() == "keep" and (tmp_path / "link").is_symlink()


def _save_many(home: str, writer: int, count: int) -> None:
    os.environ["SOKOBAN_HOME"] = home
    for index in range(count):
        level = parse_level(ROOM, title=f"w{writer} level {index}")
        assert user_levels.save_level(user_levels.DEFAULT_COLLECTION, level) is None


def test_two_programs_saving_into_my_levels_at_once_keep_every_level(home: Path) -> None:
    context = multiprocessing.get_context("spawn")
    writers = [
        context.Process(target=_save_many, args=(str(home), writer, 15)) for writer in range(4)
    ]
    for process in writers:
        process.start()
    for process in writers:
        process.join()
        assert process.exitcode == 0
    saved = user_levels.load(user_levels.DEFAULT_COLLECTION)
    assert len(saved.levels) == 60


def test_a_save_made_while_another_program_holds_the_lock_keeps_its_level(home: Path) -> None:
    # The other program read the file (one level) and is about to write: this save must wait
    # for it and then merge into what it wrote, not into what was there before.
    assert user_levels.save_level("Mine", parse_level(ROOM, title="first")) is None
    path = user_levels.collection_path("Mine")
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_and_add, args=(str(home), str(path), ready, release))
    holder.start()
    assert ready.wait(30)
    saver = context.Process(target=_save_one, args=(str(home), "third"))
    saver.start()
    release.set()
    holder.join()
    saver.join()
    titles = sorted(level.title for level in user_levels.load("Mine").levels)
    assert titles == ["first", "second", "third"]


def _hold_and_add(home: str, path: str, ready: Event, release: Event) -> None:
    os.environ["SOKOBAN_HOME"] = home
    with file_lock(Path(path)):
        ready.set()
        release.wait(30)
        collection = user_levels.load("Mine")
        collection.levels.append(parse_level(ROOM, title="second"))
        from game.core.collection import collection_to_text

        replace_file(Path(path), collection_to_text(collection) + "\n")


def _save_one(home: str, title: str) -> None:
    os.environ["SOKOBAN_HOME"] = home
    assert user_levels.save_level("Mine", parse_level(ROOM, title=title)) is None


def test_a_save_that_would_pass_what_the_game_reads_back_is_refused(home: Path) -> None:
    # My levels just under the 5 MB the game reads: one wide level of comment more is too much.
    path = user_levels.collection_path(user_levels.DEFAULT_COLLECTION)
    path.parent.mkdir(parents=True)
    row = "#" + " " * 98 + "#"
    filler = "\n".join(["#" * 100, "#@$." + " " * 95 + "#", *[row] * 40, "#" * 100])
    entries: list[str] = []
    size = 0
    while size + len(filler) + 20 < 5 * 2**20 - 1500:
        entries.append(f"; f{len(entries)}\n{filler}\n\n")
        size += len(entries[-1])
    while size < 5 * 2**20 - 1500:  # small levels to come within a wide level of the limit
        entries.append(f"; s{len(entries)}\n{ROOM}\n\n")
        size += len(entries[-1])
    path.write_text("".join(entries))
    assert len(user_levels.load(user_levels.DEFAULT_COLLECTION).levels) == len(entries)
    wide = "\n".join(["#" * 60, "#@$." + " " * 55 + "#", *["#" + " " * 58 + "#"] * 40, "#" * 60])
    before = path.read_bytes()
    problem = user_levels.save_level(user_levels.DEFAULT_COLLECTION, parse_level(wide, title="w"))
    assert problem is not None and "5 MB" in problem.text and "\n" not in problem.text
    assert path.read_bytes() == before
