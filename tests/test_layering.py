"""The layering rules: the import contract, pygame only where it belongs, small modules.

The pygame check runs in a fresh interpreter so that other tests' imports cannot hide a breach.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import game
from tests.test_tools import load_tool

PACKAGE = Path(game.__file__).parent


def _modules(sub: str) -> list[str]:
    """Dotted names of every module under ``game/<sub>``."""
    root = PACKAGE / sub
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def test_core_solver_storage_levelgen_and_the_app_layer_do_not_import_pygame() -> None:
    modules = [
        name
        for package in ("core", "solver", "storage", "levelgen", "app")
        for name in _modules(package)
    ]
    assert modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"


def test_the_game_keeps_the_import_contract() -> None:
    assert load_tool("check_imports").check(PACKAGE) == []


def _write(root: Path, name: str, text: str = "") -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_contract_catches_wrong_arrows_cycles_and_scenes_importing_scenes(
    tmp_path: Path,
) -> None:
    package = tmp_path / "game"
    for folder in ("", "core/", "engine/", "ui/", "scenes/"):
        _write(package, f"{folder}__init__.py")
    _write(package, "core/rules.py", "from game.engine import loop\n")
    _write(package, "core/board.py", "import pygame\n")
    _write(package, "engine/loop.py", "from game.engine.clock import tick\n")
    _write(package, "engine/clock.py", "def tick() -> None:\n    from game.engine import loop\n")
    _write(package, "scenes/menu.py", "from game.scenes.play import PlayScene\n")
    _write(package, "scenes/play.py", "from game.scenes.base import GameScene\n")
    _write(package, "scenes/base.py", "from game.ui import theme\n")
    _write(package, "ui/theme.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
           "    from game.ui import widgets\n")
    _write(package, "ui/widgets.py", "from game.ui import theme\n")
    problems = load_tool("check_imports").check(package)
    assert sorted(problems) == [
        "game.core.board imports pygame (core must not)",
        "game.core.rules (core) imports game.engine.loop (engine)",
        "import cycle: game.engine.clock -> game.engine.loop -> game.engine.clock",
        "scene module game.scenes.menu imports scene module game.scenes.play",
    ]


def test_every_module_is_under_400_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE.parent)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) >= 400
    }
    assert long == {}
