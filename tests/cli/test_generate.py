"""``generate``: the levels and the count it reports, the same file for any ``--jobs``, a progress
bar, ``--out`` refused in one line before any work, and no worker left when it is stopped.

Small one- and two-star requests, so each run takes a second or two; the runs that are stopped
on purpose ask for hard levels, which keep the workers busy.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from game.cli import generate
from game.core.collection import read_collection
from game.levelgen.batch import BatchProgress, Request, generate_levels
from tests.cli.command import run
from tests.processes import HAS_PROC, alive, children_of

SMALL = ("--width", "8", "--height", "8", "--boxes", "2", "--difficulty", "2", "--seed", "4")
HARD = ("--width", "14", "--height", "11", "--boxes", "7", "--difficulty", "5", "--count", "50")


def test_the_levels_are_written_and_counted_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new.xsb"
    code, said, err = run(capsys, "generate", *SMALL, "--count", "3", "--out", str(out))
    assert code == 0 and said == f"wrote 3 levels to {out}\n"
    written = read_collection(out).levels
    request = Request(width=8, height=8, boxes=2, count=3, difficulty=2, seed=4)
    assert [level.to_xsb() for level in written] == [
        level.to_xsb() for level in generate_levels(request)
    ]
    # Not a terminal: a plain line at the start and one for each level made.
    assert err.splitlines() == [
        f"generate: {made}/3 levels made, {made} of up to 12 tried" for made in range(4)
    ]
    # An existing file is replaced only with --force, as convert does.
    code, said, err = run(capsys, "generate", *SMALL, "--count", "1", "--out", str(out))
    assert code == 2 and said == "" and "add --force" in err and err.count("\n") == 1
    assert len(read_collection(out).levels) == 3
    code, said, _ = run(
        capsys, "generate", *SMALL, "--count", "1", "--out", str(out), "--force"
    )
    assert code == 0 and said == f"wrote 1 level to {out}\n"


def test_any_number_of_jobs_writes_the_same_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("generate", "--width", "11", "--height", "8", "--boxes", "3", "--difficulty", "3")
    for jobs in ("1", "2", "3"):
        code, _, _ = run(capsys, *args, "--count", "4", "--jobs", jobs, "--out",
                         str(tmp_path / f"{jobs}.xsb"))
        assert code == 0
    one = (tmp_path / "1.xsb").read_bytes()
    assert one == (tmp_path / "2.xsb").read_bytes() == (tmp_path / "3.xsb").read_bytes()
    code, _, err = run(capsys, *args, "--jobs", "0", "--out", str(tmp_path / "x.xsb"))
    assert code == 2 and err == "generate: jobs must be 1 to 256, not 0\n"


def test_a_seed_writes_the_same_file_in_any_process(tmp_path: Path) -> None:
    # Separate processes with different string hashes: nothing may hang on a set's order.
    for hashes in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hashes}
        command = [sys.executable, "-m", "game", "generate", "--width", "11", "--height", "8",
                   "--boxes", "3", "--difficulty", "3", "--seed", "8", "--count", "2",
                   "--out", str(tmp_path / f"{hashes}.xsb")]
        subprocess.run(command, env=environment, check=True, capture_output=True, timeout=120)
    assert (tmp_path / "1.xsb").read_bytes() == (tmp_path / "2.xsb").read_bytes()


def test_on_a_terminal_the_bar_is_one_line_drawn_again() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    bar = generate.ProgressBar(stream)
    bar.show(BatchProgress(0, 4, 0, 16))
    bar.show(BatchProgress(1, 4, 1, 16, share=0.5))
    bar.show(BatchProgress(4, 4, 5, 16))
    assert "\n" not in stream.getvalue() and stream.getvalue().count("\r") == 3
    assert "[" + "#" * generate.BAR_WIDTH + "]" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("4/4 levels made, 5 of up to 16 tried\n")


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any generating fails the test: a bad --out must be refused before the work starts."""

    def refuse(*_: object, **__: object) -> list[object]:
        raise AssertionError("generate started work for a bad --out")

    monkeypatch.setattr(generate, "generate_levels", refuse)


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("", "--out needs a file name"),
        ("{tmp}", "names a folder"),
        ("/", "names a folder"),
        ("..", "names a folder"),
        ("{tmp}/sub/", "names a folder"),
        ("/proc/self/levels.xsb", "is in a system folder"),
        ("/dev/levels.xsb", "is in a system folder"),
        ("/dev/null", "is in a system folder"),
        ("{tmp}/missing/levels.xsb", "the folder {tmp}/missing does not exist"),
        ("{tmp}/fifo", "exists and is not a regular file"),
        ("{tmp}/" + "n" * 300 + ".xsb", "longer than"),
        ("{tmp}/" + "d/" * 3000 + "x.xsb", "cannot write there: the path is too long"),
    ],
)
def test_a_bad_out_is_refused_in_one_line_before_any_work(
    out: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_work: None
) -> None:
    (tmp_path / "sub").mkdir()
    os.mkfifo(tmp_path / "fifo")
    out = out.format(tmp=tmp_path)
    code, said, err = run(capsys, "generate", *SMALL, "--out", out)
    assert code == 2 and said == ""
    assert err.count("\n") == 1 and err.startswith("generate: ")
    assert message.format(tmp=tmp_path) in err


def test_a_folder_that_takes_no_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    no_work: None,
) -> None:
    def read_only(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "TemporaryFile", read_only)
    code, _, err = run(capsys, "generate", *SMALL, "--out", str(tmp_path / "a.xsb"))
    assert code == 2 and err.endswith("cannot write there: Permission denied\n")
    assert err.count("\n") == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_work: None
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    code, _, err = run(capsys, "generate", *SMALL, "--out", str(locked / "a.xsb"))
    assert code == 2 and "cannot write there" in err and err.count("\n") == 1


def test_a_path_with_a_newline_is_shown_escaped_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_work: None
) -> None:
    out = str(tmp_path / "two\nlines" / "a.xsb")
    code, _, err = run(capsys, "generate", *SMALL, "--out", out)
    assert code == 2 and err.count("\n") == 1 and "two\\nlines" in err


def _busy_generate(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """A ``generate --jobs 2`` run on hard levels, once both its workers are up."""
    command = [sys.executable, "-m", "game", "generate", *HARD, "--jobs", "2", "--out",
               str(tmp_path / "never.xsb")]
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=environment)
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
        workers = {pid for pid in children_of(process.pid) if alive(pid)}
    assert len(workers) == 2, "the workers did not start"
    return process, workers


def _gone_soon(pids: set[int], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(alive(pid) for pid in pids)


@pytest.mark.skipif(not HAS_PROC, reason="needs /proc to see processes")
def test_a_killed_generate_leaves_no_worker_behind(tmp_path: Path) -> None:
    process, workers = _busy_generate(tmp_path)
    process.kill()
    process.wait(10)
    assert _gone_soon(workers), "workers outlived a killed generate"


@pytest.mark.skipif(not HAS_PROC, reason="needs /proc to see processes")
def test_ctrl_c_stops_generate_in_one_line_and_its_workers_with_it(tmp_path: Path) -> None:
    process, workers = _busy_generate(tmp_path)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=10)
    assert process.returncode == 130
    assert err.splitlines()[-1] == "interrupted" and "Traceback" not in err
    assert _gone_soon(workers)
    assert not (tmp_path / "never.xsb").exists()
