"""Hostile cases as Python snippets, by mode: what a player loses or meets when the game is used
hard (files it did not make, two programs, saves that cannot be read back, limits, the library).

Each case runs in a fresh Python with its own SOKOBAN_HOME and folder, against the source tree
given (``--tree``, this checkout by default), so that one run can be compared with another
tree's: ``python tools/hostile_snippets.py [--tree DIR] [--only MODE]`` prints each failure and
a table of cases and failures by mode. A case passes when its snippet prints PASS. The cases of
the limits and the solution library are in ``hostile_limits_cases.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_limits_cases import LIMIT_CASES, LIMIT_MODES, Case

MODES = {
    "outputs": "exports and outputs over files the game did not make",
    "two-writers": "two programs writing one file",
    "read-back": "saves that cannot be read back",
    "crashes": "crashes a player reaches alone",
    "tracebacks": "tracebacks, hangs and signals",
    "smaller": "smaller",
    **LIMIT_MODES,
}
# What every snippet may use: a verdict, a level, a command run, an engine.
PRELUDE = '''
import os, sys, subprocess, signal, time, json, sqlite3, unicodedata
from pathlib import Path
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOM = "#######\\n#@ $ .#\\n#######"
def verdict(ok, why=""):
    print("PASS" if ok else f"FAIL {why}"[:300]); sys.exit(0)
def game(*argv, timeout=60, env=None):
    return subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True,
                          timeout=timeout, env={**os.environ, **(env or {})})
def one_line(err):
    return err.count(b"\\n") <= 1 and b"Traceback" not in err
def engine():
    from game.engine.engine import GameEngine
    from game.scenes.catalog import register_scenes
    return register_scenes(GameEngine((800, 600), sound_enabled=False))
'''


def _export_onto(target: str) -> str:
    return f'''
from game.storage.paths import store_path
game("progress", "show")
store = store_path(); before = store.read_bytes()
{target}
r = game("progress", "export", str(t))
verdict(store.read_bytes() == before and r.returncode != 0 and one_line(r.stderr), r.stderr)
'''


CASES = [
    Case("outputs", "export onto the store", _export_onto("t = store")),
    Case("outputs", "export onto the store by ..", _export_onto(
        "t = store.parent / '..' / store.parent.name / store.name")),
    Case("outputs", "export onto a hard link to the store", _export_onto(
        "t = Path('h.json'); os.link(store, t)")),
    Case("outputs", "export onto the store's journal", '''
from game.storage.paths import store_path
game("progress", "show")
t = Path(str(store_path()) + "-journal"); t.write_bytes(b"j")
r = game("progress", "export", str(t))
verdict(t.read_bytes() == b"j" and r.returncode != 0, r.stderr)
'''),
    Case("outputs", "Settings export onto the store", '''
from game.storage.paths import store_path
from game.storage.store import ProgressStore
from game.storage.transfer import export_progress
s, _ = ProgressStore.open(); before = store_path().read_bytes()
try: export_progress(s, store_path())
except Exception: pass
s.close(); verdict(store_path().read_bytes() == before)
'''),
    Case("outputs", "export through a link", '''
Path("victim.txt").write_text("keep"); os.symlink("victim.txt", "x.json")
r = game("progress", "export", "x.json")
verdict(Path("victim.txt").read_text() == "keep" and os.path.islink("x.json"))
'''),
    Case("outputs", "Settings export onto a FIFO", '''
from game.storage.store import ProgressStore
from game.storage.transfer import export_progress
os.mkfifo("p"); s, _ = ProgressStore.open()
try: export_progress(s, Path("p"))
except Exception: pass
import stat; verdict(stat.S_ISFIFO(os.lstat("p").st_mode))
'''),
    Case("outputs", "export over a file an export did not write", '''
Path("thesis.txt").write_text("years")
r = game("progress", "export", "thesis.txt")
verdict(Path("thesis.txt").read_text() == "years")
'''),
    Case("outputs", "screenshot onto the store", '''
from game.storage.paths import store_path
Path("l.xsb").write_text(ROOM + "\\n"); game("progress", "show")
before = store_path().read_bytes()
r = game("play", "l.xsb", "--headless", "--screenshot", str(store_path()))
verdict(store_path().read_bytes() == before)
'''),
    Case("two-writers", "four programs saving into My levels", '''
code = ("import sys; from game.storage import user_levels; from game.core.xsb import parse_level\\n"
        "for i in range(12): user_levels.save_level('My levels', parse_level("
        "'#######\\\\n#@ $ .#\\\\n#######', title=f'{sys.argv[1]} {i}'))")
ps = [subprocess.Popen([sys.executable, "-c", code, str(w)]) for w in range(4)]
[p.wait() for p in ps]
from game.storage import user_levels
verdict(len(user_levels.load("My levels").levels) == 48,
        len(user_levels.load("My levels").levels))
'''),
    Case("read-back", "a collection title of 600 characters", '''
from game.storage.store import ProgressStore
from game.storage.slots import SaveSlots
from game.storage.records import SavedGame
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
s, _ = ProgressStore.open(); lv = parse_level(ROOM)
g = SavedGame.capture(TextLevel(ROOM, TextOrigin.PASTED), "T" * 600, PlayState(lv), Statistics())
SaveSlots(s).save("long", g); s.close()
r = game("progress", "show")
verdict(b"save 'long'" in r.stdout, r.stdout[-200:])
'''),
    Case("read-back", "a record of a 600-character level title exported", '''
from game.storage.store import ProgressStore
from game.core.xsb import parse_level
s, _ = ProgressStore.open()
s.record_attempt("c", parse_level(ROOM, title="T" * 600), moves=1)
s.close(); r = game("progress", "export", "e.json")
verdict(b"1 level record" in r.stdout, r.stdout)
'''),
    Case("read-back", "My levels past 5 MB", '''
from game.storage import user_levels
from game.core.xsb import parse_level
p = user_levels.collection_path("My levels"); p.parent.mkdir(parents=True)
row = "#" + " " * 98 + "#"
f = "\\n".join(["#" * 100, "#@$." + " " * 95 + "#", *[row] * 40, "#" * 100])
parts, size = [], 0
while size < 5 * 2**20 - 1500:
    board = f if size < 5 * 2**20 - 6000 else ROOM
    parts.append(f"; f{len(parts)}\\n{board}\\n\\n")
    size += len(parts[-1])
p.write_text("".join(parts))
wide = "\\n".join(["#" * 60, "#@$." + " " * 55 + "#", *["#" + " " * 58 + "#"] * 40, "#" * 60])
user_levels.save_level("My levels", parse_level(wide, title="w"))
from game.core.collection import read_collection
verdict(not read_collection(p).errors and p.stat().st_size <= 5 * 2**20)
'''),
    Case("read-back", "a damaged save is listed", '''
from game.storage.store import ProgressStore
from game.storage.slots import SaveSlots
s, _ = ProgressStore.open()
s.write(lambda c: c.execute("INSERT INTO slots (name, saved_at, game) VALUES ('bad', 1, '[1')"))
names = [x.name for x in SaveSlots(s).list()]; s.close()
verdict("bad" in names, names)
'''),
    Case("read-back", "progress show counts a damaged save", '''
from game.storage.store import ProgressStore
s, _ = ProgressStore.open()
s.write(lambda c: c.execute("INSERT INTO slots (name, saved_at, game) VALUES ('bad', 1, '[1')"))
s.close(); r = game("progress", "show")
verdict(b"'bad'" in r.stdout, r.stdout)
'''),
    Case("read-back", "progress export counts a damaged save", '''
from game.storage.store import ProgressStore
s, _ = ProgressStore.open()
s.write(lambda c: c.execute("INSERT INTO slots (name, saved_at, game) VALUES ('bad', 1, '[1')"))
s.close(); r = game("progress", "export", "e.json")
verdict(b"'bad'" in r.stderr and one_line(r.stderr), r.stderr)
'''),
    Case("read-back", "a 2 MB pasted level is refused before the save", '''
from game.storage.store import ProgressStore
from game.storage.slots import SaveSlots
from game.storage.records import SavedGame
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
s, _ = ProgressStore.open(); lv = parse_level(ROOM)
g = SavedGame.capture(TextLevel(ROOM + "\\n;" + "x" * 2_000_000, TextOrigin.PASTED), "T",
                      PlayState(lv), Statistics())
said = SaveSlots(s).save("big", g)
verdict(said is not None or [x.name for x in SaveSlots(s).list()] == ["big"], said)
'''),
    *[
        Case("crashes", f"Ctrl+V of {what}", f'''
import pygame
from game.app.screens import MainMenuScreen, PlayScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
e = engine()
e.context.session.open(read_collection_text(ROOM), LevelFile("t.xsb"))
e.open(MainMenuScreen()); e.open(PlayScreen(0)); e.run_frames(1)
e.clipboard.put({text})
for ev in (pygame.KEYDOWN, pygame.KEYUP):
    pygame.event.post(
        pygame.event.Event(ev, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    )
try:
    e.run_frames(2); verdict(True)
except Exception as error:
    verdict(False, repr(error))
''')
        for what, text in (
            ("300 moves", '"rl" * 150'),
            ("a 300-character word", '"x" * 300'),
            ("a path with a NUL", '"/tmp/a\\0b"'),
            ("~nosuchuser", '"~nosuchuser/levels.xsb"'),
        )
    ],
    Case("crashes", "clipboard bytes that are not UTF-8", '''
import pygame
e = engine()
def bad(): raise UnicodeDecodeError("utf-8", b"caf\\xe9", 3, 4, "bad")
pygame.scrap.get_text = bad
try: verdict("caf" in e.clipboard.get())
except Exception as error: verdict(False, repr(error))
'''),
    Case("crashes", "Open level file with a 300-character name", '''
from game.app.session import load_collection_file
from game.core.errors import LevelError
try: load_collection_file("/tmp/" + "a" * 300 + ".xsb"); verdict(False)
except LevelError: verdict(True)
except Exception as error: verdict(False, repr(error))
'''),
    Case("crashes", "Continue of a game whose path is 300 characters", '''
from game.app.session import collection_for
from game.core.level_ref import FileLevel
from game.core.errors import LevelError
try: collection_for(FileLevel("/tmp/" + "a" * 300 + ".xsb", 0)); verdict(False)
except LevelError: verdict(True)
except Exception as error: verdict(False, repr(error))
'''),
    Case("crashes", "Continue of a save whose collection title holds a NUL", '''
from game.app import navigation
from game.app.screens import MainMenuScreen
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage.records import SavedGame
e = engine(); e.open(MainMenuScreen())
g = SavedGame.capture(TextLevel(ROOM, TextOrigin.PASTED, "a\\0b"), "a\\0b",
                      PlayState(parse_level(ROOM)), Statistics())
try: navigation.resume_game(e, g); e.run_frames(2); verdict(True)
except Exception as error: verdict(False, repr(error))
'''),
    Case("crashes", "E on a 100x100 level", '''
from game.app.editor import editing
from game.app.screens import MainMenuScreen
from game.core.xsb import parse_level
rows = ["#" * 100, "#@$" + " " * 95 + ".#", *["#" + " " * 98 + "#"] * 97, "#" * 100]
e = engine(); e.open(MainMenuScreen())
try:
    editing.edit_level(e, parse_level("\\n".join(rows))); e.run_frames(1); verdict(True)
except Exception as error: verdict(False, repr(error))
'''),
    *[
        Case("crashes", f"drawing {what}", f'''
import pygame
e = engine()
from game.ui.text import draw_text, fit_text
try:
    draw_text(pygame.Surface((200, 30)), fit_text({text}, 18, 180), 18, (255, 255, 255), (0, 0))
    verdict(True)
except Exception as error: verdict(False, repr(error))
''')
        for what, text in (("a NUL", '"a\\0b"'), ("a lone surrogate", '"caf\\udce9"'))
    ],
    *[
        Case("tracebacks", f"SOKOBAN_HOME {what}", f'''
r = game("progress", "show", env={{"SOKOBAN_HOME": {home}}})
verdict(r.returncode == 2 and one_line(r.stderr), r.stderr[-300:])
''')
        for what, home in (
            ("~nosuchuser", '"~nosuchuser"'),
            ("with a 300-character name", '"/tmp/" + "a" * 300 + "/h"'),
        )
    ],
    Case("tracebacks", "edit saving under a 300-character SOKOBAN_HOME", '''
Path("s.txt").write_text("key ctrl+s\\n")
r = game("edit", "--new", "5x5", "--headless", "--input", "s.txt",
         env={"SOKOBAN_HOME": "/tmp/" + "b" * 300 + "/h"})
verdict(b"Traceback" not in r.stderr and r.returncode != 0, r.stderr[-300:])
'''),
    Case("tracebacks", "20,000 levels with chapters: which are open", '''
from game.core.collection import read_collection_text
from game.app.context import PlayContext
from game.app import navigation
from game.core.level_ref import LevelFile
entry = "; L{}\\nChapter: {} C\\n#####\\n#@$.#\\n#####\\n\\n"
text = "".join(entry.format(i, i // 100 + 1) for i in range(20000))
ctx = PlayContext.in_memory()
ctx.session.open(read_collection_text(text), LevelFile("x.xsb"))
t = time.perf_counter(); navigation.open_levels(ctx); navigation.open_levels(ctx)
took = time.perf_counter() - t
verdict(took < 8, f"{took:.1f} s")
'''),
    *[
        Case("tracebacks", f"{signame} to a headless game", f'''
Path("s.txt").write_text("wait 1\\nkey return\\n" + "wait 100\\n" * 5000)
p = subprocess.Popen([sys.executable, "-m", "game", "--headless", "--input", "s.txt"],
                     stderr=subprocess.PIPE, start_new_session=True)
time.sleep(3); p.send_signal(signal.{signame}); t = time.monotonic()
try: _, err = p.communicate(timeout=20)
except subprocess.TimeoutExpired: os.killpg(p.pid, 9); verdict(False, "still running")
took = time.monotonic() - t
verdict(p.returncode == {code} and b"Traceback" not in err and took < 3,
        f"rc={{p.returncode}} {{took:.1f}} s {{err[-200:]!r}}")
''')
        for signame, code in (("SIGTERM", 143), ("SIGINT", 130))
    ],
    Case("tracebacks", "Ctrl+C while the program loads", '''
p = subprocess.Popen([sys.executable, "-m", "game", "progress", "show"], stderr=subprocess.PIPE)
time.sleep(0.12); p.send_signal(signal.SIGINT); _, err = p.communicate(timeout=20)
verdict(b"Traceback" not in err, err[-200:])
'''),
    Case("tracebacks", "a million-move history replays", '''
from game.core.notation import replay
from game.core.xsb import parse_level
t = time.perf_counter(); r = replay(parse_level(ROOM), "rl" * 500_000)
took = time.perf_counter() - t
verdict(r.moves == 1_000_000 and took < 5, f"{took:.1f} s")
'''),
    Case("smaller", "generate --out an existing file", '''
Path("old.xsb").write_text("; keep\\n" + ROOM + "\\n")
r = game("generate", "--width", "7", "--height", "7", "--count", "1", "--out", "old.xsb")
verdict(Path("old.xsb").read_text().startswith("; keep"))
'''),
    Case("smaller", "screenshot to a name that is not UTF-8", '''
Path("l.xsb").write_text(ROOM + "\\n")
game("play", "l.xsb", "--headless", "--screenshot", os.fsdecode(b"caf\\xe9.png"))
verdict(b"caf\\xe9.png" in os.listdir(b"."), os.listdir(b"."))
'''),
    Case("smaller", "import into a newer store", '''
from game.storage.paths import store_path
from game.storage.schema import SCHEMA_VERSION
game("progress", "show")
with sqlite3.connect(store_path()) as c: c.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
Path("p.json").write_text('{"format": "sokoban-arcade-progress", "version": 1}')
r = game("progress", "import", "p.json")
verdict(r.returncode == 2 and r.stderr.count(b"\\n") == 1, r.stderr)
'''),
    *[
        Case("smaller", f"collection name {name!r}", f'''
from game.storage import user_levels
from game.core.xsb import parse_level
said = user_levels.save_level({name!r}, parse_level(ROOM, title="one"))
verdict(said is not None, "accepted")
''')
        for name in ("CON", "nul", "end.", "a:b")
    ],
    Case("smaller", "café typed two ways", '''
from game.storage import user_levels
from game.core.xsb import parse_level
user_levels.save_level(unicodedata.normalize("NFD", "café"), parse_level(ROOM, title="a"))
user_levels.save_level("café", parse_level(ROOM, title="b"))
files = list(user_levels.folder().glob("*.xsb"))
verdict(len(files) == 1, files)
'''),
    Case("smaller", "an export with a control character in a save name imports back", '''
from game.storage.store import ProgressStore
from game.storage.slots import SaveSlots
from game.storage.records import SavedGame
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage.codec import encode
s, _ = ProgressStore.open(); lv = parse_level(ROOM)
g = SavedGame.capture(TextLevel(ROOM, TextOrigin.PASTED), "T", PlayState(lv), Statistics())
text = json.dumps(encode(g))
s.write(lambda c: c.execute("INSERT INTO slots (name, saved_at, game) VALUES (?, 1, ?)",
                            ("bell\\x07", text)))
s.close(); game("progress", "export", "e.json"); r = game("progress", "import", "e.json")
verdict(r.returncode == 0, r.stderr)
'''),
    Case("smaller", "a 10,000-character save name in an import", '''
Path("p.json").write_text(json.dumps({"format": "sokoban-arcade-progress", "version": 1,
    "slots": {"x" * 10000: {}}}))
r = game("progress", "import", "p.json")
verdict(max(map(len, r.stderr.splitlines()), default=0) < 400, len(r.stderr))
'''),
    Case("smaller", "a headless editor refusal", '''
Path("s.txt").write_text("key ctrl+s\\n")
r = game("edit", "--new", "5x5", "--headless", "--input", "s.txt")
verdict(r.returncode != 0, r.returncode)
'''),
    Case("smaller", "Level None of Pasted levels", '''
from game.app import navigation
from game.app.screens import MainMenuScreen
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage.records import SavedGame
e = engine(); e.open(MainMenuScreen())
g = SavedGame.capture(TextLevel(ROOM, TextOrigin.PASTED), "Pasted levels",
                      PlayState(parse_level("#####\\n#@$.#\\n#####")), Statistics())
navigation.resume_game(e, g); e.run_frames(1)
text = getattr(getattr(e.top, "screen", None), "text", "")
verdict("None" not in text, text)
'''),
]


def run_case(case: Case, tree: Path) -> str | None:
    """None if the case passes, else what went wrong (one line)."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(tree), "SOKOBAN_HOME": f"{folder}/home",
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        code = PRELUDE + textwrap.dedent(case.code)
        try:
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=folder,
                                  env=env, timeout=180)
        except subprocess.TimeoutExpired:
            return "timed out after 180 s"
    said = done.stdout.decode(errors="replace").strip().splitlines()
    if said and said[-1] == "PASS":
        return None
    if said and said[-1].startswith("FAIL"):
        return said[-1]
    tail = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no verdict"]
    return f"stopped: {tail[0][:200]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--only", choices=list(MODES))
    args = parser.parse_args()
    cases = [case for case in (*CASES, *LIMIT_CASES) if args.only in (None, case.mode)]
    total, failed = Counter[str](), Counter[str]()
    for case in cases:
        problem = run_case(case, args.tree.resolve())
        total[case.mode] += 1
        if problem is not None:
            failed[case.mode] += 1
            print(f"FAIL mode {case.mode} {case.name}: {problem}")
    print(f"\n{'mode':<14} {'cases':>5} {'failed':>6}  what")
    for mode in MODES:
        if total[mode]:
            print(f"{mode:<14} {total[mode]:>5} {failed[mode]:>6}  {MODES[mode]}")
    print(f"{'all':<14} {sum(total.values()):>5} {sum(failed.values()):>6}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
