"""Every kind of level resumes in a new process: the same board and move history, with undo.

The campaign, a level file, My levels, a random level and a pasted level are each saved
mid-level by one run of the game and continued by the next (tests/scenes/resume_child.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.scenes.resume_child import KINDS, MOVES

ROOT = Path(__file__).resolve().parents[2]


def run(mode: str, home: Path, campaign: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.scenes.resume_child", mode, str(home), str(campaign)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_a_save_of_every_kind_of_level_continues_after_a_restart(tmp_path: Path) -> None:
    campaign = tmp_path / "campaign.xsb"
    campaign.write_text(
        "Title: Campaign\n\n; first\n####\n#@.#\n#$ #\n#  #\n####\n\n"
        "Title: Corridor campaign\n########\n#@  $ .#\n########\n"
    )
    home = tmp_path / "home"
    saved = run("save", home, campaign)
    loaded = run("load", home, campaign)
    for kind in KINDS:
        before, after = saved[kind], loaded[kind]
        assert isinstance(before, dict) and before["lurd"] == MOVES, kind
        assert after == before, kind
        assert loaded[kind + " undone"] == [0, False], kind
    # Continue comes back to the level left last: the pasted one, kept by its text.
    assert loaded["continue"] == saved["pasted"]
