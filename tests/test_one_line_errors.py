"""Bad input is said in one line, whatever the command and whatever is wrong: a mistyped option, a value out of
range, a position that breaks the rules in several ways, an answer that spells nothing, a hunt that cannot be."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import position_text

from carcnb.cli import command_names, main

PUZZLE = str(Path(__file__).parent.parent / "puzzles" / "base" / "road-tie.toml")


def _said(capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, f"carcnb {' '.join(argv)}: exit {code}"
    assert err.count("\n") == 1 and err.endswith("\n"), f"carcnb {' '.join(argv)} said:\n{err}"
    return err


@pytest.mark.parametrize("name", command_names())
def test_a_mistyped_option_of_any_command_is_one_line_that_points_at_its_help(capsys, name):
    err = _said(capsys, [name, "--no-such-option"])
    assert err.startswith(f"carcnb {name}: ") and err.endswith(f" (see carcnb {name} -h)\n")


@pytest.mark.parametrize("argv, said", [
    (["mine", "--sets", "base", "--kind", "best", "--count", "0", "--seed", "1", "-o", "x"], "expected a number >= 1"),
    (["render", PUZZLE], "required: -o/--output"),
    (["render", PUZZLE, "-o", "x.png", "--px", "5"], "between 16 and 400"),
    (["score"], "required: file"),
    (["score", PUZZLE, "--json", "--no-such-option"], "unrecognized arguments: --no-such-option"),
    (["nosuch"], "invalid choice: 'nosuch'"),
    (["quiz", PUZZLE, "--answer", "blah blah"], "cannot read 'blah blah': expected every player's total"),
    (["mine", "--sets", "moon", "--kind", "best", "--count", "1", "--seed", "1", "-o", "{tmp}"], "unknown set 'moon'"),
    (["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "1", "--only", "dragon", "-o", "{tmp}"],
     "unknown decision 'dragon'"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_bad_values_are_one_line(tmp_path, capsys, argv, said):
    assert said in _said(capsys, [a.format(tmp=tmp_path / "mined") for a in argv])


@pytest.mark.parametrize("name", ["score", "solve", "readings", "post", "analyse"])
def test_a_position_with_several_problems_lists_them_on_one_line(tmp_path, capsys, name):
    path = tmp_path / "broken.toml"
    path.write_text(position_text("0,0 D 0 red@C\n0,1 D 0\n5,5 E 0"), encoding="utf-8")
    err = _said(capsys, [name, str(path), *(["-o", str(tmp_path / "post")] if name == "post" else [])])
    assert f"{path}: position has problems: " in err
    assert "disconnected" in err and "edge-mismatch" in err and "no-feature" in err
