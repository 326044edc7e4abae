"""The hostile run: thousands of generated bad inputs through every command and the headless game.

Each case runs ``python -m game ...`` in a fresh sandbox, in its own process group, with a time
limit and a memory limit (as an unprivileged user when started as root, so that permissions
count). A case passes if the command works, or refuses in one line with a non-zero exit, within
the limit, without a traceback, without losing anything, writing only where it was asked, under
1 GB of memory. Run: ``python tools/hostile_run.py [--per-class N] [--seed S] [--jobs J]
[--classes 1,4] [--failures K] [--only CLASS:INDEX] [--python PY]``; it prints counts by class.
As root the cases run as ``nobody``, so ``--python`` must name a venv outside /root.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from io import BufferedReader
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_cases import CLASSES, prepare
from hostile_kit import (
    GIB,
    MARK,
    STORE,
    Case,
    Outcome,
    has_raw_control,
    snapshot,
    split_lines,
)
from hostile_stores import LOCK_HOLDER

MAX_OUTPUT = 16 * 2**20
MEMORY_CAP = 3 * GIB  # address space: far past the 1 GB a case may use, short of the machine's
NOBODY = 65534
LEFT_GRACE = 3.0  # seconds a game's helper processes get to leave after it ends
WARNING = re.compile(r"\b\w+Warning\b|Exception ignored|leaked \w+ objects")


def case_for(seed: int, klass: int, index: int) -> Case:
    """Case ``index`` of class ``klass``: the same for the same seed on every run."""
    rng = random.Random(f"{seed}:{klass}:{index}")
    return CLASSES[klass][1](rng)


def run_case(case: Case, box: Path, user: int | None, python: str) -> Outcome:
    """Build the case's sandbox, run its command and see what it did."""
    for part in ("in", "out", "home", "user"):
        (box / part).mkdir(parents=True)
    case.build(box)
    if user is not None:
        for folder, folders, files in os.walk(box):
            for name in [folder, *(os.path.join(folder, entry) for entry in folders + files)]:
                os.lchown(name, user, user)
    before = snapshot(box)
    holder = _hold_lock(box, case.lock_seconds, user, python) if case.lock_seconds else None
    env: dict[str, str | bytes] = {
        "PATH": "/usr/bin:/bin", "HOME": str(box / "user"), "LANG": "C.UTF-8",
        "XDG_DATA_HOME": str(box / "user/data"), "XDG_CACHE_HOME": str(box / "user/.cache"),
        "SOKOBAN_HOME": str(box / "home"), "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.update(case.env)
    argv = [part.replace("@BOX@", str(box)) if isinstance(part, str) else part
            for part in case.argv]
    started = time.monotonic()
    # prlimit(1) caps the memory (and the file size: a disk that fills up) of the command and of
    # every process it starts; output goes through pipes, which no file size limit touches.
    limits = [f"--as={MEMORY_CAP}"]
    if case.file_size_limit is not None:
        limits.append(f"--fsize={case.file_size_limit}")
    process = subprocess.Popen(
        ["prlimit", *limits, "--", python, "-m", "game", *argv], cwd=box, env=env,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        process_group=0, user=user, group=user, extra_groups=[] if user is not None else None,
    )
    readers = [_Reader(cast(BufferedReader, stream)) for stream in (process.stdout, process.stderr)]
    status, peak, timed_out = _wait(process, case, started)
    seconds = time.monotonic() - started
    left = _left_running(process.pid)
    if holder is not None:
        holder.wait()
    stdout, stderr = (reader.text() for reader in readers)
    after = snapshot(box)
    changed = sorted(path for path in before.keys() | after.keys()
                     if before.get(path) != after.get(path))
    return Outcome(box, status, stdout, stderr, seconds, peak, timed_out, left, changed, before)


class _Reader(threading.Thread):
    """Drains one output pipe of a case (the first MAX_OUTPUT bytes are kept)."""

    def __init__(self, stream: BufferedReader) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.kept: list[bytes] = []
        self.size = 0
        self.start()

    def run(self) -> None:
        while chunk := self.stream.read1(65536):
            if self.size < MAX_OUTPUT:
                self.kept.append(chunk)
                self.size += len(chunk)
        self.stream.close()

    def text(self) -> bytes:
        self.join()
        return b"".join(self.kept)


def _hold_lock(
    box: Path, seconds: float, user: int | None, python: str
) -> subprocess.Popen[bytes]:
    """Another process that takes the store's exclusive lock and keeps it ``seconds``."""
    holder = subprocess.Popen(
        [python, "-c", LOCK_HOLDER, str(box / STORE), str(seconds)],
        stdout=subprocess.PIPE, user=user, group=user,
    )
    assert holder.stdout is not None
    holder.stdout.readline()  # "locked": the lock is held from now on
    return holder


def _wait(process: subprocess.Popen[bytes], case: Case, started: float) -> tuple[int, int, bool]:
    """Exit code, peak resident bytes (the process and the children it waited for), and
    whether the time limit ran out (the whole process group is killed then)."""
    timed_out = killed = False
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        elapsed = time.monotonic() - started
        if case.kill_after is not None and not killed and elapsed >= case.kill_after:
            os.kill(process.pid, signal.SIGKILL)
            killed = True
        if elapsed >= case.time_limit and not timed_out:
            _kill_group(process.pid)
            timed_out = True
        time.sleep(0.01)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_maxrss * 1024, timed_out


def _group(pgid: int) -> list[int]:
    """Live (not zombie) processes of a process group."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields and fields[0] != "Z" and int(fields[2]) == pgid:
            members.append(int(entry))
    return members


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _left_running(pgid: int) -> bool:
    """Whether processes the command started outlive it by more than LEFT_GRACE (then killed)."""
    deadline = time.monotonic() + LEFT_GRACE
    while _group(pgid):
        if time.monotonic() > deadline:
            _kill_group(pgid)
            return True
        time.sleep(0.05)
    return False


def asked_outputs(case: Case, box: Path) -> set[str]:
    """The sandbox paths the command line names as files to write."""
    found = set()
    for option, value in zip(["", *case.argv], case.argv, strict=False):
        if option in ("--out", "--csv", "--screenshot", "export"):
            path = os.fsdecode(value).replace("@BOX@", str(box))
            found.add(os.path.normpath(os.path.relpath(path, box) if os.path.isabs(path)
                                       else path))
    return found


def verdict(case: Case, outcome: Outcome) -> list[str]:
    """Why the case failed; an empty list when it passed."""
    reasons = []
    code = outcome.returncode
    if outcome.timed_out:
        reasons.append("hang")
    elif code < 0 and case.kill_after is None:
        reasons.append("killed by a signal")
    elif code not in (0, 1, 2, 3) and case.kill_after is None:
        reasons.append(f"exit code {code}")
    err = outcome.err
    if "Traceback (most recent call last)" in err or "Fatal Python error" in err:
        reasons.append("traceback")
    elif WARNING.search(err):
        reasons.append("warning")
    if has_raw_control(outcome.stdout) or has_raw_control(outcome.stderr):
        reasons.append("control bytes")
    lines = split_lines(outcome.out) + split_lines(err)
    messages = [line for line in split_lines(err) if not line.startswith("note:")]
    if any(line.startswith(MARK) for line in lines) or (code == 2 and len(messages) != 1):
        reasons.append("message over one line")
    if code not in (0, 1, 3) and not err.strip() and not outcome.timed_out and code > 0:
        reasons.append("silent failure")
    if outcome.peak_bytes > GIB:
        reasons.append("memory")
    if outcome.left_running:
        reasons.append("processes left running")
    asked = asked_outputs(case, outcome.box)
    for path in outcome.changed:
        if path.startswith(case.writable) or path.startswith("user/"):
            continue
        if path not in outcome.before and any(
            allowed.startswith(path + "/") for allowed in case.writable
        ):
            continue  # a folder on the way to a place the command may write
        if path in asked and path not in outcome.before:
            continue  # a file the command was asked to write, where nothing was
        reasons.append("changed an input" if path in outcome.before else "wrote where not asked")
        break
    if case.must_refuse and code == 0:
        reasons.append("empty path taken as absent" if case.klass == 7 else "accepted bad input")
    if case.refuse_within is not None and code != 0 and outcome.seconds > case.refuse_within:
        reasons.append("refused after the work")
    for check in case.checks:
        problem = check(outcome)
        if problem:
            reasons.append(problem)
    return reasons


def _runs_as(user: int, python: str) -> bool:
    """Whether ``user`` can run ``python`` and import the game with it (a venv under /root, or
    a folder he may not enter on its way, fails to start at all)."""
    try:
        return not subprocess.run(
            [python, "-c", "import game.cli"], user=user, group=user, extra_groups=[],
            cwd="/", capture_output=True,
        ).returncode
    except OSError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=1000, help="cases per class (1000)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (2)")
    parser.add_argument("--classes", default="", help="only these classes, such as 1,4")
    parser.add_argument("--failures", type=int, default=3, help="failed cases shown per class")
    parser.add_argument("--only", default="", help="one case, CLASS:INDEX, shown in full")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter (with the game installed) that runs the cases")
    parser.add_argument("--as-root", action="store_true",
                        help="run the cases as root (folder permissions then mean nothing)")
    args = parser.parse_args()
    user = NOBODY if os.geteuid() == 0 and not args.as_root else None
    if user is not None and not _runs_as(user, args.python):
        print(f"hostile run: user {user} cannot run {args.python} with the game; give --python "
              "an interpreter it can run (a venv outside /root), or --as-root", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="hostile-"))
    os.chmod(work, 0o755)
    try:
        prepare(work / "fixtures", args.python)
        if args.only:
            klass, _, index = args.only.partition(":")
            return _show_one(case_for(args.seed, int(klass), int(index)), work, user, args.python)
        chosen = [int(k) for k in args.classes.split(",")] if args.classes else sorted(CLASSES)
        return _run_all(chosen, args, work, user)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _show_one(case: Case, work: Path, user: int | None, python: str) -> int:
    outcome = run_case(case, work / "case", user, python)
    print(f"class {case.klass}: {case.label}\nargv: {case.argv!r}\nexit {outcome.returncode} "
          f"in {outcome.seconds:.2f} s, peak {outcome.peak_bytes / 2**20:.0f} MB")
    print(f"stdout: {outcome.stdout[:2000]!r}\nstderr: {outcome.stderr[:2000]!r}")
    print(f"changed: {outcome.changed}\nverdict: {verdict(case, outcome) or 'pass'}")
    return 0


def _run_all(chosen: list[int], args: argparse.Namespace, work: Path, user: int | None) -> int:
    jobs = [(klass, index) for index in range(args.per_class) for klass in chosen]
    failures: dict[int, list[tuple[int, Case, list[str]]]] = {klass: [] for klass in chosen}
    reasons: dict[int, Counter[str]] = {klass: Counter() for klass in chosen}
    seconds: dict[int, float] = dict.fromkeys(chosen, 0.0)

    def one(job: tuple[int, int]) -> None:
        klass, index = job
        case = case_for(args.seed, klass, index)
        box = work / f"{klass}-{index}"
        begun = time.monotonic()
        try:
            found = verdict(case, run_case(case, box, user, args.python))
        finally:
            shutil.rmtree(box, ignore_errors=True)
            seconds[klass] += time.monotonic() - begun
        if found:
            failures[klass].append((index, case, found))
            reasons[klass].update(set(found))

    started = time.monotonic()
    with ThreadPoolExecutor(args.jobs) as pool:
        for done, _ in enumerate(pool.map(one, jobs), start=1):
            if done % 500 == 0:
                print(f"  ... {done}/{len(jobs)} cases, {time.monotonic() - started:.0f} s",
                      file=sys.stderr, flush=True)
    print(f"hostile run: seed {args.seed}, {args.per_class} cases per class, "
          f"{time.monotonic() - started:.0f} s")
    print(f"{'class':<36} {'cases':>6} {'failed':>7} {'s/case':>7}  reasons")
    total = 0
    for klass in chosen:
        failed = len(failures[klass])
        total += failed
        why = ", ".join(f"{name} {count}" for name, count in reasons[klass].most_common())
        mean = seconds[klass] / max(1, args.per_class)
        print(f"{klass:>2} {CLASSES[klass][0]:<33} {args.per_class:>6} {failed:>7} {mean:>7.2f}  "
              f"{why}")
    print(f"{'all':<36} {args.per_class * len(chosen):>6} {total:>7}")
    for klass in chosen:
        for index, case, found in sorted(failures[klass], key=lambda item: item[0])[
            : args.failures
        ]:
            shown = " ".join(repr(part) if not isinstance(part, str) or not part.isprintable()
                             or not part else part for part in case.argv)
            print(f"  {klass}:{index} {case.label}: {', '.join(found)} | {shown[:160]}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
