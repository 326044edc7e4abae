"""Build the game as a folder that runs with no Python installed: dist/sokoban/sokoban[.exe].

Run: ``pip install ".[build]"`` then ``python tools/build_standalone.py [--onefile]
[--without-optional]``, on the system the build is for (PyInstaller does not cross-build).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from game.cli.scripted import TRACKER_WARNING
from game.solver.smt.backend import MODULE, available

REPOSITORY = Path(__file__).resolve().parents[1]
NAME = "sokoban"
ONEFILE_NAME = f"{NAME}-onefile"
# The optional solvers a build carries when they are installed where it is built
# (game.solver.smt.backend.MODULE): the package PyInstaller collects whole (each loads a native
# library), and the module the game imports by name when a method needs it, which PyInstaller
# cannot see.
# Modules the game never imports that would otherwise come along with the standard library.
NOT_NEEDED = ("tkinter", "unittest", "pydoc", "doctest", "lib2to3")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=REPOSITORY / "dist",
                        help="where the build goes (default: dist/)")
    parser.add_argument("--onefile", action="store_true",
                        help=f"also a single executable file, dist/{ONEFILE_NAME} (it unpacks "
                        "itself at each start; killed, it leaves the game running)")
    parser.add_argument("--without-optional", action="store_true",
                        help="leave z3 and python-sat out even where they are installed")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print('PyInstaller is not installed here: pip install ".[build]"', file=sys.stderr)
        return 2
    started = time.monotonic()
    work = REPOSITORY / "build" / "standalone"
    site = stage_package(work / "site")
    carried = [] if args.without_optional else [
        package for package in MODULE if available(package)
    ]
    pyinstaller(site, work, args.dist, carried, onefile=False)
    if args.onefile:
        pyinstaller(site, work, args.dist, carried, onefile=True)
        print(f"built {args.dist / executable(ONEFILE_NAME)}")
    program = args.dist / NAME / executable(NAME)
    version = subprocess.run([program, "--version"], capture_output=True, text=True, check=True)
    size = sum(path.stat().st_size for path in (args.dist / NAME).rglob("*") if path.is_file())
    print(f"built {program} in {time.monotonic() - started:.0f} s: {size / 2**20:.0f} MiB, "
          f"{version.stdout.strip()}")
    return 0


def stage_package(site: Path) -> Path:
    """The game installed from this checkout into ``site`` as its wheel lays it out (the
    campaign and assets inside the package, pyproject.toml saying what goes in), without its
    dependencies, which come from the Python running this script."""
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
         "--target", str(site), str(REPOSITORY)],
        check=True,
    )
    return site


def pyinstaller(site: Path, work: Path, dist: Path, carried: list[str], onefile: bool) -> None:
    """Run PyInstaller on the game's entry point as ``site`` holds it."""
    layout = "onefile" if onefile else "onedir"
    argv = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        f"--{layout}", "--name", ONEFILE_NAME if onefile else NAME,
        "--distpath", str(dist),
        "--workpath", str(work / layout),
        "--specpath", str(work),
        # The subcommands are imported by name (game.cli.SUBCOMMAND_MODULES), and the campaign
        # and assets are read as package resources: PyInstaller follows neither by itself.
        "--collect-submodules", "game",
        "--collect-data", "game",
        # A built program reads no PYTHONWARNINGS, through which the game quiets the resource
        # tracker after a kill (game.cli.scripted.quiet_resource_tracker); the same filter is
        # built in, for each of its processes.
        "--python-option", f"W {TRACKER_WARNING}",
    ]
    for package in carried:
        argv += ["--collect-all", package, "--hidden-import", MODULE[package]]
    for package in [*NOT_NEEDED, *(set(MODULE) - set(carried))]:
        argv += ["--exclude-module", package]
    argv.append(str(site / "game" / "__main__.py"))
    # The staged package first on the path of PyInstaller and of the helpers it starts: the
    # collect options are read before its own --paths apply, and would find an editable
    # install of the checkout instead, where levels/ and assets/ are not inside game/.
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    quiet = {"PYTHONPATH": path, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run(argv, check=True, cwd=work.parent, env={**os.environ, **quiet})


def executable(name: str) -> str:
    return f"{name}.exe" if sys.platform == "win32" else name


if __name__ == "__main__":
    sys.exit(main())
