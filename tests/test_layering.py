"""The layering rules: the import contract (import-linter), pygame only where it belongs, small
modules.

The pygame check runs in a fresh interpreter so that other tests' imports cannot hide a breach.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import game

PACKAGE = Path(game.__file__).parent
PYPROJECT = PACKAGE.parent / "pyproject.toml"


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


def lint_imports(config: Path, root: Path | None = None) -> subprocess.CompletedProcess[str]:
    """import-linter on ``config``, with ``root`` first on the path (a package made up for a
    test), in a fresh process."""
    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as run; run()",
         "--config", str(config), "--no-cache"],
        capture_output=True, text=True, timeout=300, env=env, cwd=root or PYPROJECT.parent,
    )


def test_the_game_keeps_the_import_contract() -> None:
    pytest.importorskip("importlinter", reason="import-linter comes with the dev extra")
    checked = lint_imports(PYPROJECT)
    assert checked.returncode == 0, checked.stdout
    assert "5 kept, 0 broken" in checked.stdout


def _write(root: Path, name: str, text: str = "") -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_contract_catches_wrong_arrows_pygame_cycles_scenes_importing_scenes_or_storage(
    tmp_path: Path,
) -> None:
    pytest.importorskip("importlinter", reason="import-linter comes with the dev extra")
    # The project's own contracts, on a made-up package with one breach of each.
    settings = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    package = tmp_path / "broken"
    for folder in ("", "core/", "solver/", "storage/", "audio/", "levelgen/", "app/", "engine/",
                   "ui/", "scenes/", "cli/"):
        _write(package, f"{folder}__init__.py")
    _write(package, "core/rules.py", "from broken.engine import loop\n")
    _write(package, "app/board.py", "import pygame\n")
    _write(package, "engine/loop.py", "from broken.engine.clock import tick\n")
    _write(package, "engine/clock.py", "def tick() -> None:\n    from broken.engine import loop\n")
    _write(package, "scenes/menu.py", "from broken.scenes.play import PlayScene\n")
    _write(package, "scenes/play.py", "from broken.scenes.base import GameScene\n"
           "from broken.storage.store import open_store\n")
    _write(package, "storage/store.py", "def open_store() -> None:\n    pass\n")
    _write(package, "scenes/base.py", "from broken.ui import theme\n")
    _write(package, "ui/theme.py", "")
    text = json.dumps(settings).replace("game.", "broken.").replace('"game"', '"broken"')
    config = tmp_path / "contracts.toml"
    config.write_text(_as_toml(json.loads(text)), encoding="utf-8")
    checked = lint_imports(config, tmp_path)
    assert checked.returncode == 1
    out = " ".join(checked.stdout.split())
    assert "0 kept, 5 broken" in out
    assert "broken.scenes.play -> broken.storage.store" in out
    assert "broken.core.rules -> broken.engine.loop" in out
    assert "broken.app.board -> pygame" in out
    assert "broken.scenes.menu -> broken.scenes.play" in out
    assert "No cycles are allowed in broken.engine" in out


def _as_toml(settings: dict[str, Any]) -> str:
    """The import-linter settings as a TOML file of their own."""
    contracts = settings.pop("contracts")
    lines = ["[tool.importlinter]"]
    lines.extend(f"{key} = {json.dumps(value)}" for key, value in settings.items())
    for contract in contracts:
        lines.append("[[tool.importlinter.contracts]]")
        lines.extend(f"{key} = {json.dumps(value)}" for key, value in contract.items())
    return "\n".join(lines) + "\n"
