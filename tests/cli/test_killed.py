"""A game killed with SIGKILL while its solver's worker runs leaves nothing on the terminal:
the resource tracker that outlives it cleans up without a warning (issue 27, class 6), and a
worker still starting, whose work never came, ends without a traceback."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import game
from game.__main__ import run

REPO = Path(game.__file__).resolve().parent.parent
# The hint (shift+h) starts the solver's worker and its queues; the wait keeps the game busy.
SCRIPT = "wait 1\nkey return\nwait 5\nkey shift+h\nwait 200000\n"


def test_a_killed_game_leaves_no_warning(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text(SCRIPT)
    env = {**os.environ, "SOKOBAN_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    env.pop("PYTHONWARNINGS", None)
    game_process = subprocess.Popen(
        [sys.executable, "-m", "game", "--headless", "--input", str(script)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
        start_new_session=True,
    )
    time.sleep(3.0)
    assert game_process.poll() is None
    game_process.kill()
    # stderr closes when the last process holding it (the tracker, the worker) has gone.
    _, err = game_process.communicate(timeout=30)
    assert game_process.returncode == -signal.SIGKILL
    assert b"Warning" not in err and b"leaked" not in err, err.decode(errors="replace")


def test_a_worker_whose_parent_was_killed_before_handing_over_its_work_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # In a standalone build freeze_support turns the start into a spawned worker, which first
    # reads its work from the parent's pipe: a parent killed meanwhile closes it half-way.
    def cut_short() -> None:
        raise EOFError("Ran out of input")

    monkeypatch.setattr(multiprocessing, "freeze_support", cut_short)
    assert run() == 1
    assert capsys.readouterr() == ("", "")
