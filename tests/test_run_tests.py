"""``make test``'s runner: the browser tests and the puzzles' check run beside the unit tests, and a failure
of any part fails the whole run, with each part's output shown."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parents[1] / "tools" / "run_tests.py"


@pytest.fixture
def runner():
    spec = importlib.util.spec_from_file_location("run_tests", RUNNER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _command(text: str, code: int) -> list[str]:
    return [sys.executable, "-c", f"print({text!r}); raise SystemExit({code})"]


def _parts(runner, monkeypatch, unit: int, browser: int, check: int, notebooks: int) -> None:
    monkeypatch.setattr(runner, "UNIT", _command("unit ran", unit))
    monkeypatch.setattr(runner, "streams", lambda: [
        [("e2e", "Browser", _command("browser ran", browser), runner._passed)],
        [("check", "Check", _command("check ran", check), int),
         ("notebooks", "Notebooks", _command("notebooks ran", notebooks), runner._passed)]])


@pytest.mark.parametrize("codes, expected", [((0, 0, 0, 0), 0), ((0, 5, 0, 5), 0), ((1, 0, 0, 0), 1),
                                             ((0, 2, 0, 0), 2), ((0, 0, 1, 0), 1), ((0, 5, 3, 0), 3),
                                             ((0, 0, 0, 4), 4)])
def test_any_failing_part_fails_the_run(runner, monkeypatch, capfd, codes, expected):
    _parts(runner, monkeypatch, *codes)
    assert runner.main() == expected
    out = capfd.readouterr().out
    for said in ("unit ran", "browser ran", "check ran", "notebooks ran"):  # every part's output is shown
        assert said in out
    assert re.search(r"The unit tests took \d+ s\.", out)  # and how long each part took
    for title in ("Browser", "Check", "Notebooks"):
        assert re.search(rf"{title} \(run beside the unit tests, \d+ s\):", out), out


def test_the_notebooks_run_beside_the_unit_tests_once(runner):
    parts = [cmd for stream in runner.streams() for _, _, cmd, _ in stream]
    assert "notebooks" in runner.NOTEBOOKS and "notebooks" not in runner.UNIT and runner.NOTEBOOKS in parts
    assert "tests" in runner.UNIT and runner.BROWSER in parts and runner.CHECK in parts
    browser_files = {Path(a).name for a in runner.BROWSER if a.endswith(".py")}
    assert browser_files == {p.name for p in RUNNER.parents[1].joinpath("tests").glob("test_e2e_*.py")} != set()


def test_every_part_keeps_compiled_bytecode_and_a_data_folder_of_its_own(runner, monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # a machine that says not to keep it
    env = runner._env(tmp_path / "unit")
    assert "PYTHONDONTWRITEBYTECODE" not in env  # else each of the tests' processes compiles the package again
    assert env["CARCNB_DATA_DIR"] == str(tmp_path / "unit") and (tmp_path / "unit").is_dir()
