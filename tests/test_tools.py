"""The measuring scripts in tools/ still run against the game they measure.

Each is loaded from its file, as ``python tools/NAME.py`` would run it.
"""

from __future__ import annotations

import importlib.util
import sys
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest

from tests.engine.harness import LEVELS_TEXT
from tests.solver.search.test_base_search import UNSOLVABLE

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"tools_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hint_latency_prints_a_row_per_level_and_a_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(LEVELS_TEXT)
    tool = load_tool("hint_latency")
    monkeypatch.setattr(tool, "LOOK_SECONDS", 0.1)
    monkeypatch.setattr(sys, "argv", ["hint_latency.py", str(levels), "--levels", "1,2"])
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:3]] == ["1", "2"]
    assert "-" not in lines[1].split()[1:]  # a hint came both times
    given_up = f"no hint within {tool.GIVE_UP_SECONDS:.0f} s: 0"
    assert lines[-2].startswith("at once: median") and given_up in lines[-2]


def test_plateaus_lists_each_count_packed_where_the_search_first_reached_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text("; three\n########\n#      #\n# $$$  #\n#  @   #\n# ...  #\n########\n")
    tool = load_tool("plateaus")
    for search in tool.SEARCHES:
        monkeypatch.setattr(sys, "argv", ["plateaus.py", str(levels), "1", "--search", search])
        assert tool.main() == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[0] == f"{search} on level 1: solved"
        rows = [[int(field) for field in line.split()[:3]] for line in lines[2:]]
        assert [row[0] for row in rows] == [0, 1, 2]  # the solved position is never expanded
        for (_, first, spent), (_, later, _) in pairwise(rows):
            assert later == first + spent
    unsolvable = tmp_path / "unsolvable.xsb"
    unsolvable.write_text(f"; none\n{UNSOLVABLE}\n")
    for search in tool.SEARCHES:
        monkeypatch.setattr(sys, "argv", ["plateaus.py", str(unsolvable), "1", "--search", search])
        assert tool.main() == 0
        heading = capsys.readouterr().out.splitlines()[0]
        assert heading == f"{search} on level 1: unsolvable: every position reachable was searched"
    monkeypatch.setattr(sys, "argv", ["plateaus.py", str(levels), "1", "--path"])
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    path = lines[lines.index("path:  expansion  cell  weight  move") + 1 :]
    made = [int(line.split()[0]) for line in path]
    assert made[0] == 1 and made == sorted(made)  # the root first, each made after its parent
    assert path[0].split()[-1] == "0" and all("->" in line for line in path[1:])
    monkeypatch.setattr(sys, "argv", ["plateaus.py", str(levels), "1", "--nodes", "1"])
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "fess-base on level 1: stopped: node limit 1 reached"
    assert lines[-1] == "(no expansion: the limit came first)"


def test_search_alone_runs_each_search_and_tells_two_runs_of_one_tree_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(
        "; three\n########\n#      #\n# $$$  #\n#  @   #\n# ...  #\n########\n"
        f"; none\n{UNSOLVABLE}\n"
    )
    tool = load_tool("search_alone")
    searches = ",".join(tool.SEARCHES)
    argv = ["search_alone.py", str(levels), "--levels", "1,2", "--searches", searches, "--tree"]
    monkeypatch.setattr(sys, "argv", argv)
    assert tool.main() == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert [row[:3] for row in rows] == [
        [level, search, outcome]
        for level, outcome in (("1", "solved"), ("2", "unsolvable"))
        for search in tool.SEARCHES
    ]
    assert tool.main() == 0  # again: the same trees
    again = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert [row[3] for row in again] == [row[3] for row in rows]  # nodes
    assert [row[5] for row in again] == [row[5] for row in rows]  # digests
    assert len({row[5] for row in rows}) > 1
    monkeypatch.setattr(sys, "argv", ["search_alone.py", str(levels), "--nodes", "1"])
    assert tool.main() == 0
    stopped = capsys.readouterr().out.splitlines()[1]
    assert stopped.split()[:3] == ["1", "fess-base-far", "stopped"]
    assert stopped.endswith("node limit 1 reached")  # why it stopped
