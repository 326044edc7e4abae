"""The hostile run's verdict (tools/hostile_run.py): what makes a case fail, judged on made-up
outcomes, and cases that are the same for the same seed.

The run itself takes an hour; these check its judgement in milliseconds.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.test_tools import load_tool


@pytest.fixture(scope="module")
def run() -> ModuleType:
    return load_tool("hostile_run")


def outcome(run: ModuleType, tmp_path: Path, code: int = 0, out: bytes = b"",
            err: bytes = b"", changed: tuple[str, ...] = (),
            before: tuple[str, ...] = ()) -> object:
    kit = run.sys.modules["hostile_kit"]
    return kit.Outcome(tmp_path, code, out, err, 0.5, 50 * 2**20, False, False, list(changed),
                       {path: (0, 0, None) for path in before})


def case(run: ModuleType, argv: list[str], **fields: object) -> object:
    return run.sys.modules["hostile_kit"].Case(1, "test", argv, **fields)


@pytest.mark.parametrize(
    ("printed", "raw"),
    [(b"plain\ttext\n", False), ("é 日本 🙂".encode(), False), (b"\x1b[31mred", True),
     (b"back\x08space", True), (b"\x7f", True), ("\x9b".encode(), True), (b"\x9b", True),
     (b"carriage\rreturn", True)],
)
def test_control_bytes_are_any_c0_del_or_c1_but_tab_and_newline(
    run: ModuleType, printed: bytes, raw: bool
) -> None:
    assert run.has_raw_control(printed) is raw


def test_a_refusal_passes_in_one_line_and_fails_in_two(run: ModuleType, tmp_path: Path) -> None:
    one = outcome(run, tmp_path, 2, err=b"cannot read in/x.xsb: No such file\n")
    two = outcome(run, tmp_path, 2, err=b"cannot read in/x\nZQX.xsb\n")
    assert run.verdict(case(run, ["show"]), one) == []
    assert run.verdict(case(run, ["show"]), two) == ["message over one line"]


def test_a_line_break_that_reached_the_output_fails_even_on_success(
    run: ModuleType, tmp_path: Path
) -> None:
    printed = outcome(run, tmp_path, 0, out=b"; Level\nZQXtail\n")
    assert run.verdict(case(run, ["show"]), printed) == ["message over one line"]


def test_tracebacks_and_warnings_fail(run: ModuleType, tmp_path: Path) -> None:
    traceback = outcome(run, tmp_path, 1, err=b"Traceback (most recent call last):\n  ...\n")
    warning = outcome(run, tmp_path, 0, err=b"UserWarning: resource_tracker: 7 leaked\n")
    assert "traceback" in run.verdict(case(run, ["show"]), traceback)
    assert run.verdict(case(run, ["show"]), warning) == ["warning"]


def test_writes_are_judged_against_what_was_asked(run: ModuleType, tmp_path: Path) -> None:
    convert = case(run, ["convert", "in/levels.xsb", "--out", "out//c.xsb"])
    asked = outcome(run, tmp_path, changed=("out/c.xsb",))
    elsewhere = outcome(run, tmp_path, changed=("out/.c.xsb.tmp",))
    replaced = outcome(run, tmp_path, changed=("out/c.xsb",), before=("out/c.xsb",))
    assert run.verdict(convert, asked) == []
    assert run.verdict(convert, elsewhere) == ["wrote where not asked"]
    assert run.verdict(convert, replaced) == ["changed an input"]


def test_an_empty_path_must_be_refused(run: ModuleType, tmp_path: Path) -> None:
    kit = run.sys.modules["hostile_kit"]
    empty = kit.Case(7, "test", ["bench", "in/levels.xsb", "--csv", ""], must_refuse=True)
    assert run.verdict(empty, outcome(run, tmp_path, 0)) == ["empty path taken as absent"]
    refused = outcome(run, tmp_path, 2, err=b"--csv needs a file name\n")
    assert run.verdict(empty, refused) == []


@pytest.mark.parametrize("klass", [1, 2, 4, 5, 7, 8, 11])
def test_a_seed_makes_the_same_cases(run: ModuleType, klass: int) -> None:
    first = [run.case_for(27, klass, index) for index in range(20)]
    again = [run.case_for(27, klass, index) for index in range(20)]
    assert [(c.label, list(c.argv)) for c in first] == [(c.label, list(c.argv)) for c in again]
    other = [run.case_for(28, klass, index) for index in range(20)]
    assert [list(c.argv) for c in first] != [list(c.argv) for c in other]
