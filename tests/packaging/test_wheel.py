"""A real install: the wheel carries the campaign and the assets, and the game finds them.

The wheel is built from a copy of the sources and installed into a fresh virtual environment;
``python -m game list campaign`` then runs from a folder that holds no sources at all.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

from game.core.collection import read_collection

REPOSITORY = Path(__file__).resolve().parents[2]
SOURCES = ("game", "levels", "assets", "pyproject.toml", "README.md")
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
# How setuptools' build commands word a warning about the project's configuration (a data folder
# missing from the packages, a deprecated field): "_Warning: Package 'x' is absent from ...".
SETUPTOOLS_WARNING = "Warning: "


def _run(*argv: str | Path, cwd: Path) -> str:
    """The command's stdout (it must succeed)."""
    done = _finished(argv, cwd)
    return done.stdout


def _finished(argv: tuple[str | Path, ...], cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(part) for part in argv], cwd=cwd, capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def _build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        path = REPOSITORY / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=NOT_SOURCES)
        else:
            shutil.copy2(path, source / name)
    dist = tmp_path / "dist"
    # Verbose, so that setuptools' warnings about the configuration reach the log.
    # (pip passes the build's stderr on as its own.)
    build = _finished(
        (sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", dist, source), tmp_path
    )
    log = build.stdout + build.stderr
    warnings = [line for line in log.splitlines() if SETUPTOOLS_WARNING in line]
    assert not warnings, "\n".join(warnings)
    (wheel,) = dist.glob("sokoban_arcade-*.whl")
    return wheel


def _fresh_environment(tmp_path: Path, wheel: Path) -> Path:
    """A new venv with the wheel installed; its dependencies (pygame-ce, platformdirs) come
    from this interpreter's site-packages, which it reads as a plain folder, so the editable
    install of the checkout is not visible there."""
    home = tmp_path / "venv"
    venv.create(home, with_pip=False)
    python = home / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         "-q", wheel, cwd=tmp_path)
    target = Path(
        _run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
             cwd=tmp_path).strip()
    )
    (target / "shared_dependencies.pth").write_text(
        sysconfig.get_path("purelib") + "\n", encoding="utf-8"
    )
    return python


def test_the_wheel_ships_the_campaign_and_lists_it_from_anywhere(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "game/_levels/campaign.xsb" in names
    assets = [path.relative_to(REPOSITORY / "assets").as_posix()
              for path in (REPOSITORY / "assets").rglob("*.*") if path.suffix != ".py"]
    assert assets and {f"game/_assets/{name}" for name in assets} <= names
    modules = {
        path.relative_to(REPOSITORY).as_posix() for path in (REPOSITORY / "game").rglob("*.py")
    }
    assert modules <= names, f"modules missing from the wheel: {sorted(modules - names)}"

    python = _fresh_environment(tmp_path, wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = _run(python, "-c", "import game; print(game.__file__)", cwd=elsewhere)
    assert Path(where.strip()).is_relative_to(tmp_path / "venv")
    listing = _run(python, "-m", "game", "list", "campaign", cwd=elsewhere).splitlines()
    campaign = read_collection(REPOSITORY / "levels" / "campaign.xsb")
    rows = [line for line in listing[1:] if not line.startswith("Chapter ")]
    assert len(rows) == len(campaign.levels)
    assert campaign.levels[0].title in rows[0]
