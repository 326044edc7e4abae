"""Hostile cases of the stated limits and the solution library, as snippets for
``hostile_snippets.py``: saves at a cap, names that keep as one, paths and titles past a limit,
reverse play, the library at size, export sizes, byte-order marks, import checks, the optimizer's
output, scripted keys.

Each snippet prints PASS or FAIL with why; see ``hostile_snippets.py`` for what it may use.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    mode: str
    name: str
    code: str


LIMIT_MODES = {
    "cap": "a game at a stored cap keeps being saved, or says why",
    "names": "save names that keep as one both survive export and import",
    "home-path": "a data folder whose path is too long: one line, no traceback",
    "long-title": "a collection of a very long title: export carries its levels",
    "reverse": "reverse play on levels it cannot start on: said, no crash",
    "filing": "filing many solutions is linear",
    "large-library": "a level with a large library starts, shows and exports at once",
    "export-size": "what export writes, import takes, or export refuses first",
    "bom": "a byte-order mark where text enters loses nothing",
    "import-checks": "progress import checks solutions as the game does",
    "optimize-case": "every output of optimize passes verify",
    "script-keys": "scripted Shift keys in the level select",
}

# A session or slot of ROOM with ``moves`` moves and ``elapsed`` seconds, saved through the API.
_SAVE = '''
from game.storage.store import ProgressStore
from game.storage.slots import SaveSlots
from game.storage.records import SavedGame
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.notation import replay_on
from game.core.xsb import parse_level
from game.core.direction import Direction
def made(moves, elapsed=0.0):
    state = PlayState(parse_level(ROOM))
    replay_on(state, ("rl" * moves)[:min(moves, 1_000_000)])
    for count in range(1_000_000, moves):
        state.step(Direction.LEFT if count % 2 else Direction.RIGHT)
    return SavedGame.capture(TextLevel(ROOM, TextOrigin.PASTED), "T", state,
                             Statistics(elapsed=elapsed))
'''

# A progress file of ``solutions`` for the room of a collection file at hand or not.
_LIBRARY = '''
from game.core.collection import read_collection
Path("room.xsb").write_text("#######\\n#     #\\n#  @$.#\\n#     #\\n#######\\n")
LEVEL = read_collection("room.xsb").levels[0]
def library(lurds, at_hand=False, name="p.json", number=1):
    entries = [{"collection_id": "file:room.xsb", "fingerprint": LEVEL.fingerprint(),
                "lurd": lurd, "origin": "imported", "number": number + i, "place": 1,
                "added_at": 1.0} for i, lurd in enumerate(lurds)]
    collections = [{"collection_id": "file:room.xsb", "title": "", "levels": [LEVEL.fingerprint()],
                    "path": str(Path("room.xsb").resolve())}] if at_hand else []
    Path(name).write_text(json.dumps({"format": "sokoban-arcade-progress", "version": 1,
                                      "collections": collections, "solutions": entries}))
    return name
def dithered(count):
    import itertools
    pairs = itertools.product(("ud", "du", "lr"), repeat=11)
    return ["".join(next(pairs)) + "R" for _ in range(count)]
'''


def _long_home(parts: int) -> str:
    return f'"/tmp/" + "/".join(["d" * 200] * {parts})'


LIMIT_CASES = [
    Case("cap", "a save whose clock passed 1e12 s is saved again", _SAVE + '''
s, _ = ProgressStore.open()
said = s.save_session(made(3, 1e12 + 60)); back = s.load_session(); s.close()
verdict(said is None and back is not None, said)
'''),
    Case("cap", "a named save whose clock passed 1e12 s is saved", _SAVE + '''
s, _ = ProgressStore.open()
said = SaveSlots(s).save("old", made(3, 2e12)); s.close()
verdict(said is None, said)
'''),
    Case("cap", "Continue of a million moves, one more: the game says why not saved", _SAVE + r'''
s, _ = ProgressStore.open(); assert s.save_session(made(1_000_000)) is None; s.close()
Path("c.txt").write_text("key return\nwait 30\nkey right\nwait 10\nkey escape\nwait 10\n")
r = game("--headless", "--input", "c.txt")
verdict(b"cannot be kept" in r.stderr and b"Traceback" not in r.stderr, r.stderr[-300:])
'''),
    Case("cap", "a record's seconds past the cap keep the record", '''
from game.storage.store import ProgressStore
from game.core.xsb import parse_level
s, _ = ProgressStore.open(); lv = parse_level(ROOM)
for _ in range(3): s.record_attempt("c", lv, moves=1, seconds=6e11)
r = s.level_record("c", lv); s.close()
verdict(r is not None and r.attempts == 3, r)
'''),
    Case("names", "NFC and NFD save names both survive export and import", _SAVE + '''
from game.storage.codec import encode
from game.storage.jsondata import encode_json
s, _ = ProgressStore.open()
for i, name in enumerate(("café", unicodedata.normalize("NFD", "café"))):
    g = made(i + 1)
    s.write(lambda c, n=name, g=g: c.execute(
        "INSERT INTO slots (name, saved_at, game) VALUES (?, ?, ?)",
        (n, g.saved_at, encode_json(encode(g)))))
s.close(); game("progress", "export", "e.json")
os.environ["SOKOBAN_HOME"] += "2"
r = game("progress", "import", "e.json")
s, _ = ProgressStore.open(); listed = [x.moves for x in SaveSlots(s).list()]; s.close()
verdict(sorted(listed) == [1, 2], (listed, r.stderr))
'''),
    Case("names", "a decomposed save name in the store loads", _SAVE + '''
from game.storage.codec import encode
from game.storage.jsondata import encode_json
s, _ = ProgressStore.open(); name = unicodedata.normalize("NFD", "café"); g = made(2)
s.write(lambda c: c.execute("INSERT INTO slots (name, saved_at, game) VALUES (?, ?, ?)",
                            (name, g.saved_at, encode_json(encode(g)))))
back = SaveSlots(s).load(SaveSlots(s).list()[0].name); s.close()
verdict(back is not None and len(back.history) == 2)
'''),
    Case("names", "two 60-character names alike for 40 both survive import", _SAVE + '''
from game.storage.codec import encode
g = encode(made(1))
Path("p.json").write_text(json.dumps({"format": "sokoban-arcade-progress", "version": 1,
    "slots": {"x" * 50 + "a": g, "x" * 50 + "b": g}}))
r = game("progress", "import", "p.json")
s, _ = ProgressStore.open(); n = len(SaveSlots(s).list()); s.close()
verdict(n == 2, (n, r.stderr))
'''),
    *[
        Case("home-path", f"editor save under a {what} SOKOBAN_HOME", f'''
Path("r.xsb").write_text(ROOM + "\\n"); Path("s.txt").write_text("key ctrl+s\\nwait 5\\n")
r = game("edit", "r.xsb", "--headless", "--input", "s.txt", env={{"SOKOBAN_HOME": {home}}})
verdict(r.returncode != 0 and one_line(r.stderr) and len(r.stderr) < 400, r.stderr[-300:])
''')
        for what, home in (("5,000-character", _long_home(25)), ("4,024-character", _long_home(20)))
    ],
    Case("home-path", "progress show under a 5,000-character SOKOBAN_HOME", f'''
r = game("progress", "show", env={{"SOKOBAN_HOME": {_long_home(25)}}})
verdict(r.returncode == 2 and one_line(r.stderr) and len(r.stderr) < 400, len(r.stderr))
'''),
    Case("home-path", "the game under a 5,000-character SOKOBAN_HOME", f'''
Path("s.txt").write_text("wait 5\\n")
r = game("--headless", "--input", "s.txt", env={{"SOKOBAN_HOME": {_long_home(25)}}})
verdict(r.returncode == 2 and one_line(r.stderr) and len(r.stderr) < 400, len(r.stderr))
'''),
    *[
        Case("long-title", f"a solved level of a {length:,}-character title is exported", f'''
from game.storage.store import ProgressStore
from game.storage.identity import records_id
from game.core.level_ref import LevelFile
from game.core.xsb import parse_level
title = "T" * {length}; lv = parse_level(ROOM)
Path("t.xsb").write_text("; " + title + "\\n" + ROOM + "\\n")
s, _ = ProgressStore.open(); cid = records_id(LevelFile(str(Path("t.xsb").resolve())), title)
s.remember_collection(cid, title, Path("t.xsb").resolve(), [lv])
s.record_solution(cid, lv, "rRR", 3, 2, 900); s.close()
r = game("progress", "export", "e.json")
d = json.loads(Path("e.json").read_text())
os.environ["SOKOBAN_HOME"] += "2"; game("progress", "import", "e.json")
s, _ = ProgressStore.open(); back = s.all_records(); s.close()
verdict(len(d["levels"]) == 1 and len(d["solved_history"]) == 1 and len(back) == 1,
        (r.stdout, r.stderr))
''')
        for length in (600, 5000)
    ],
    *[
        Case("reverse", f"F8 on {what}, headless", f'''
Path("l.xsb").write_text({level!r}); Path("s.txt").write_text("key f8\\nkey tab\\nwait 5\\n")
r = game("play", "l.xsb", "--headless", "--input", "s.txt")
verdict(b"Traceback" not in r.stderr and r.returncode in (0, 1), r.stderr[-300:])
''')
        for what, level in (
            ("a walled-off area of goals only", "########\n#+*#$  #\n########\n"),
            ("a player on his only goal", "#####\n#+#$#\n#####\n"),
            ("a corridor (it starts)", "#######\n#@ $ .#\n#######\n"),
        )
    ],
    Case("reverse", "F8 on a walled-off area of goals only says why", '''
from game.app.screens import MainMenuScreen, PlayScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine.input_script import InputScript, parse_script
from game.cli.scripted import run_until_still
e = engine()
e.context.session.open(read_collection_text("########\\n#+*#$  #\\n########"), LevelFile("l.xsb"))
e.open_stack([MainMenuScreen(), PlayScreen(0)])
script = InputScript(parse_script("key f8\\n")); e.add_input_source(script)
try: run_until_still(e, script, None)
except Exception as error: verdict(False, repr(error))
notice = e.top.model.controller.notice
verdict(notice is not None and "reverse" in notice.text.lower(), notice)
'''),
    Case("filing", "progress import of 20,000 solutions (level away) within 30 s", _LIBRARY + '''
t = time.perf_counter(); r = game("progress", "import", library(dithered(20000)), timeout=170)
took = time.perf_counter() - t
verdict(r.returncode == 0 and b"20,000" in r.stdout and took < 30, f"{took:.1f} s {r.stdout}")
'''),
    Case("filing", "a second import of 10,000 more into 10,000 within 30 s", _LIBRARY + '''
both = dithered(20000)
game("progress", "import", library(both[:10000]), timeout=170)
t = time.perf_counter(); r = game("progress", "import", library(both[10000:]), timeout=170)
took = time.perf_counter() - t
verdict(r.returncode == 0 and took < 30, f"{took:.1f} s {r.stdout}")
'''),
    Case("large-library", "a level with 20,000 entries starts within 10 s", _LIBRARY + '''
game("progress", "import", library(dithered(20000), at_hand=True), timeout=170)
t = time.perf_counter(); r = game("play", "room.xsb", "--headless", "--replay", "R", timeout=170)
took = time.perf_counter() - t
verdict(r.returncode == 0 and took < 10, f"{took:.1f} s {r.stderr[-200:]}")
'''),
    Case("large-library", "20,000 entries imported away: the level starts in 10 s", _LIBRARY + '''
game("progress", "import", library(dithered(20000)), timeout=170)
t = time.perf_counter(); r = game("play", "room.xsb", "--headless", "--replay", "R", timeout=170)
took = time.perf_counter() - t
verdict(r.returncode == 0 and took < 10, f"{took:.1f} s {r.stderr[-200:]}")
'''),
    Case("large-library", "20,000 entries: export and its import carry them all", _LIBRARY + '''
game("progress", "import", library(dithered(20000)), timeout=170)
r = game("progress", "export", "e.json", timeout=170)
os.environ["SOKOBAN_HOME"] += "2"; i = game("progress", "import", "e.json", timeout=170)
verdict(len(json.loads(Path("e.json").read_text())["solutions"]) == 20000
        and b"20,000" in i.stdout, (r.stderr, i.stdout))
'''),
    Case("export-size", "an export past the import's limit is refused first", '''
from game.storage import transfer
from game.storage.store import ProgressStore
from game.core.xsb import parse_level
s, _ = ProgressStore.open(); s.record_attempt("c", parse_level(ROOM), moves=1)
transfer.MAX_FILE_BYTES = 300
try: transfer.export_progress(s, Path("e.json")); refused = None
except transfer.TransferError as error: refused = str(error)
verdict(refused is not None and not Path("e.json").exists() and "\\n" not in refused, refused)
'''),
    Case("export-size", "a SOK export past its import's limit is refused first", _LIBRARY + '''
from game.core import collection as level_files
from game.storage.store import ProgressStore
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LibraryEntry, Origin
from game.storage.identity import collection_id_for
from game.core.metrics import measure
s, _ = ProgressStore.open(); cid = collection_id_for("", "room.xsb")
s.remember_collection(cid, "", Path("room.xsb").resolve(), [LEVEL])
SolutionLibrary(s).add(LibraryEntry(cid, LEVEL.fingerprint(), "R", Origin.PLAYER, place=1)
                       .measured(measure(LEVEL, "R"))); s.close()
level_files.MAX_FILE_BYTES = 40
from game.cli import main
code = main(["solutions", "export", "out.sok"])
verdict(code == 2 and not Path("out.sok").exists(), code)
'''),
    Case("export-size", "a file just under the limit imports", '''
from game.storage.transfer import MAX_FILE_BYTES
head = '{"format":"sokoban-arcade-progress","version":1,"settings":{"pad":"'
Path("p.json").write_text(head + "x" * (MAX_FILE_BYTES - len(head) - 3) + '"}}')
r = game("progress", "import", "p.json", timeout=170)
verdict(r.returncode == 0, r.stderr[-200:])
'''),
    Case("bom", "a progress file with a byte-order mark imports", '''
Path("p.json").write_bytes('{"format": "sokoban-arcade-progress", "version": 1}'
                           .encode("utf-8-sig"))
r = game("progress", "import", "p.json")
verdict(r.returncode == 0, r.stderr)
'''),
    Case("bom", "an input script with a byte-order mark", '''
Path("l.xsb").write_text(ROOM + "\\n")
Path("s.txt").write_bytes("key right\\nkey right\\nkey right\\n".encode("utf-8-sig"))
r = game("play", "l.xsb", "--headless", "--input", "s.txt")
verdict(r.returncode == 0 and b"solved=true" in r.stdout, r.stdout + r.stderr)
'''),
    Case("bom", "a solutions file with a byte-order mark keeps its first", '''
from game.app.library.solutions import file_solution_texts
Path("s.txt").write_bytes("Solution: rrR\\nSolution: 3r\\n".encode("utf-8-sig"))
found = file_solution_texts("s.txt")
verdict(found == ["rrR", "3r"], found)
'''),
    Case("bom", "clipboard text with a byte-order mark", '''
e = engine(); e.clipboard.put("\\ufeffSolution: rrR")
verdict(e.clipboard.get() == "Solution: rrR", repr(e.clipboard.get()))
'''),
    *[
        Case("import-checks", f"progress import of {lurd!r}, level away", _LIBRARY + f'''
r = game("progress", "import", library([{lurd!r}]))
e = game("progress", "export", "e.json")
kept = json.loads(Path("e.json").read_text())["solutions"]
verdict((r.returncode == 2 and one_line(r.stderr)) or len(kept) == 1, (r.stderr, len(kept)))
''')
        for lurd in ("150000r", "50000r50001l", "100001u")
    ],
    Case("import-checks", "lowercase pushes, level at hand: kept, in true case", _LIBRARY + '''
r = game("progress", "import", library(["r", "udr"], at_hand=True))
game("progress", "export", "e.json")
kept = sorted(x["lurd"] for x in json.loads(Path("e.json").read_text())["solutions"])
verdict(kept == ["R", "udR"], (kept, r.stdout))
'''),
    Case("import-checks", "a solution that does not solve its level is counted", _LIBRARY + '''
r = game("progress", "import", library(["u", "R"], at_hand=True))
verdict(r.returncode == 0 and b"1 solution" in r.stdout and b"Left out" in r.stdout, r.stdout)
'''),
    *[
        Case("optimize-case", f"optimize {how} with lowercase pushes passes verify", _LIBRARY + f'''
from game.storage.store import ProgressStore
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LibraryEntry, Origin
if {how!r} == "--from-library":
    s, _ = ProgressStore.open()
    SolutionLibrary(s).add(LibraryEntry("file:room.xsb", LEVEL.fingerprint(), "r",
                                        Origin.IMPORTED, place=1)); s.close()
    args = ["--from-library"]
else:
    args = ["--solution", "r"]
r = game("optimize", "room.xsb", "--metric", "pushes", "--time-limit", "5", *args)
out = r.stdout.decode().strip()
v = game("verify", "room.xsb", "--solution", out or "x")
verdict(r.returncode == 0 and v.returncode == 0, (out, v.stdout))
''')
        for how in ("--solution", "--from-library")
    ],
    Case("script-keys", "key shift+s in the level select opens Solutions", '''
from game.app.screens import LevelSelectScreen, MainMenuScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine.input_script import InputScript, parse_script
from game.cli.scripted import run_until_still
e = engine()
e.context.session.open(read_collection_text(ROOM), LevelFile("l.xsb"))
e.open_stack([MainMenuScreen(), LevelSelectScreen()])
script = InputScript(parse_script("key shift+s\\n")); e.add_input_source(script)
run_until_still(e, script, None)
verdict(type(e.top).__name__ == "SolutionsScene", type(e.top).__name__)
'''),
]
