"""Hostile cases of class 11, the rest: convert replacing a file named in another path form,
outputs said written that are missing, bench taking input it should refuse, odd numbers.

Each generator takes a seeded ``random.Random`` and returns one case (see hostile_kit.Case).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from hostile_file_cases import levels_file
from hostile_kit import (
    LEVEL3,
    LEVELS,
    Argv,
    Case,
    Check,
    command_name,
    pick,
    put,
    written_if_worked,
)

# --levels values bench must refuse: digits of other scripts, and ranges that are not ranges.
NOT_LEVELS = ("١-٣", "٣", "２", "0x1", "1-", "3-1")

# -- class 11: the rest ---------------------------------------------------------------------
def others(rng: random.Random) -> Case:
    kind = rng.choice(("convert form", "convert form", "bench input", "numbers"))
    if kind == "convert form":
        return _convert_form(rng)
    if kind == "bench input":
        form = rng.choice(("csv is input", "csv is compare", "compare is levels", "levels",
                           "compare rows"))
        levels = rng.choice((*NOT_LEVELS, " 1 - 3 ", "1,1", "1-3"))
        argv: list[str | bytes] = ["bench", LEVELS, "--time-limit", "1"]
        refuse = form in ("csv is input", "csv is compare", "compare is levels")
        if form == "csv is input":
            argv += ["--levels", "3", "--csv", LEVELS]
        elif form == "csv is compare":
            argv += ["--levels", "3", "--compare", "in/old.csv", "--csv", "in/old.csv"]
        elif form == "compare is levels":
            argv += ["--levels", "3", "--compare", LEVELS]
        elif form == "levels":
            argv += ["--levels", levels]
            refuse = levels in NOT_LEVELS
        else:
            argv += ["--levels", "3", "--compare", "in/rows.csv"]
        rows = rng.choice(("index,title,status\n0,x,solved\n", "index,title,status\n٣,x,solved\n",
                           "index\n" + "9" * 5000 + "\n", "index,title,status\n3,x,solved\n" * 3))

        def build_bench(box: Path) -> None:
            levels_file(box)
            put(box, "in/old.csv", "index,title,status,method,nodes,seconds,moves,pushes\n"
                                   "3,Tiny,solved,fess,1,0.01,1,1\n")
            put(box, "in/rows.csv", rows)

        return Case(11, f"bench: {form}", argv, build_bench, writable=("home",),
                    must_refuse=refuse)
    numbers = pick(
        rng,
        ["play", *LEVEL3, "--headless", "--frames", rng.choice(("1000000000", "0", "-1", " 5"))],
        ["edit", "--new", rng.choice(("64x64", "65x3", "٣x٣", "3x3x3", "0x0", "3X3")),
         "--headless", "--input", "in/s.txt"],
        ["verify", *LEVEL3, "--solution", rng.choice(("99999999R", "R" * 30000, "3(R)"))],
        ["bench", LEVELS, "--levels", "3", "--jobs", rng.choice(("٢", "10" * 3000, "0"))],
        ["solve", *LEVEL3, "--time-limit", rng.choice(("１", "1e-300", "0x10", "1_0"))],
    )
    # Digits of other scripts are not numbers here: only ASCII digits count.
    refuse = any(isinstance(part, str) and part in ("٢", "１", "٣x٣") for part in numbers)

    def build(box: Path) -> None:
        levels_file(box)
        put(box, "in/s.txt", "wait 1\n")

    return Case(11, f"{command_name(numbers)}: numbers", numbers, build, writable=("home",),
                time_limit=15, must_refuse=refuse)


def _convert_form(rng: random.Random) -> Case:
    """convert --out naming an existing file (or link) in one of many path forms."""
    form = rng.choice(("plain", "dot", "double slash", "dot dot", "absolute", "link to file",
                       "dangling link", "linked folder", "link to input", "hard link to input"))
    force = rng.random() < 0.3
    out = {"plain": "out/x.xsb", "dot": "./out/x.xsb", "double slash": "out//x.xsb",
           "dot dot": "out/../out/x.xsb", "absolute": "ABS/out/x.xsb", "link to file": "out/l.xsb",
           "dangling link": "out/d.xsb", "linked folder": "lnk/x.xsb", "link to input": "out/i.xsb",
           "hard link to input": "out/h.xsb"}[form]
    argv: Argv = ["convert", LEVELS, "--out", out] + (["--force"] if force else [])

    def build(box: Path) -> None:
        levels_file(box)
        put(box, "out/x.xsb", "; keep me\n#####\n#@$.#\n#####\n")
        os.symlink("x.xsb", box / "out/l.xsb")
        os.symlink("gone.xsb", box / "out/d.xsb")
        os.symlink("out", box / "lnk")
        os.symlink("../in/levels.xsb", box / "out/i.xsb")
        os.link(box / LEVELS, box / "out/h.xsb")

    writable = ("out/x.xsb", "out/l.xsb", "out/d.xsb") if force else ()
    checks: tuple[Check, ...] = (written_if_worked(out.replace("ABS/", "")),)
    case = Case(11, f"convert --out {form}{' --force' if force else ''}", argv, build,
                writable=writable, checks=checks)
    if form == "absolute":
        case.argv = ["convert", LEVELS, "--out", "@BOX@/out/x.xsb"] + (
            ["--force"] if force else [])
    return case
