"""Killing the game while it saves never loses an earlier save nor damages the store.

A child process saves in a tight loop and prints a counter after each commit; it is killed
with SIGKILL at random moments, and after every kill the store must open clean and hold at
least everything the child reported as committed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import game
from game.core.xsb import parse_level
from game.storage.records import CAMPAIGN_ID
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from tests.conftest import SMALL_LEVEL

KILLS = 20
REPO = Path(game.__file__).resolve().parent.parent

# Each round: a level attempt, a named save and the counter, each its own transaction.
CHILD = """
import sys
from pathlib import Path
from game.core.notation import replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage.records import CAMPAIGN_ID, SavedGame
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from game.core.level_ref import CampaignLevel

store, message = ProgressStore.open(Path(sys.argv[1]))
if message is not None:
    print("message", message, flush=True)
    sys.exit(1)
slots = SaveSlots(store)
level = parse_level(sys.argv[2])
state = PlayState(level)
replay_on(state, "dlUrrrd")
counter = store.get_setting("counter", 0)
print("ready", counter, flush=True)
while True:
    counter += 1
    store.record_attempt(CAMPAIGN_ID, level, moves=counter, seconds=1.0)
    game = SavedGame.capture(CampaignLevel(counter), "C", state, Statistics(steps=counter))
    if slots.save(f"save-{counter}", game) is not None:
        sys.exit(2)
    if store.set_setting("counter", counter) is not None:
        sys.exit(3)
    print(counter, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_while_saving_never_loses_a_commit(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    level = parse_level(SMALL_LEVEL)
    chance = random.Random(20261122)
    environment = {**os.environ, "SOKOBAN_HOME": str(tmp_path), "PYTHONPATH": str(REPO)}
    committed = 0
    for round_number in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), SMALL_LEVEL],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=REPO,
        )
        assert child.stdout is not None
        first = child.stdout.readline().split()
        assert first[:1] == ["ready"], (first, child.stderr.read() if child.stderr else "")
        assert int(first[1]) >= committed
        time.sleep(chance.uniform(0.01, 0.25))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, f"round {round_number}: child ended itself"
        printed = [int(line) for line in rest.split()]
        if printed:
            committed = printed[-1]

        store, message = ProgressStore.open(path)
        assert message is None, f"round {round_number}: {message}"
        assert store.read("PRAGMA integrity_check") == [("ok",)]
        counter = store.get_setting("counter", 0)
        assert counter >= committed, f"round {round_number}: lost commits after {counter}"
        slots = SaveSlots(store)
        assert len(slots.list()) >= counter
        last = slots.load(f"save-{counter}") if counter else None
        assert counter == 0 or (last is not None and last.statistics.steps == counter)
        record = store.level_record(CAMPAIGN_ID, level)
        assert counter == 0 or (record is not None and record.attempts >= counter)
        store.close()
    assert committed > 0
