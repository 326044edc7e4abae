"""What a test sees of processes through /proc: a process's children, whether one still runs,
and that none of a killed parent's children outlives it (Linux; tests skip elsewhere)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state, parent, ...); [] once the
    process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def children_of(pid: int) -> list[int]:
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields and int(fields[1]) == pid:
                children.append(int(entry.name))
    return children


def alive(pid: int) -> bool:
    """Running and not a zombie (an orphan's zombie waits for whoever reaps it)."""
    fields = _stat(pid)
    return bool(fields) and fields[0] != "Z"


def niceness(pid: int) -> int | None:
    """The process's nice value (field 19 of /proc/PID/stat); None once it is gone."""
    fields = _stat(pid)
    return int(fields[16]) if fields else None


def thread_niceness(pid: int) -> list[int]:
    """The nice value of each thread of the process (Linux keeps one a thread)."""
    values = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        values.append(int(fields[16]))
    return values


def children_outliving_a_kill(script: str, *args: str) -> list[int]:
    """Run ``script`` with ``args`` in a new Python until it prints ``ready``, kill it, and
    return its children still running 10 s later (the promise is a second; margin for a
    busy box). It must have had children when it said ready."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    parent = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, text=True, env=env
    )
    children: list[int] = []
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline().strip() == "ready"
        children = children_of(parent.pid)
        assert children
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        return [pid for pid in children if alive(pid)]
    finally:
        parent.kill()
        for pid in children:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
