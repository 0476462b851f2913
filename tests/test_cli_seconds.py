"""Every option that takes seconds reads them alike: a number above 0 up to the command's most, and a bad one
is a one-line message that says what was expected."""
import pytest

from carcnb.cli import main


@pytest.mark.parametrize("argv, most", [
    (["analyse", "missing.toml", "--seconds"], "3600"),
    (["match", "--players", "greedy,random", "--move-seconds"], "600"),
    (["play", "--players", "you,random", "--move-seconds"], "600"),
    (["readings", "missing.toml", "--max-seconds"], "86400"),
])
@pytest.mark.parametrize("given", ["0", "-1", "soon", "1e9", "nan"])
def test_seconds_out_of_range_exit_2_saying_the_most(capsys, argv, most, given):
    assert main([*argv, given]) == 2
    err = capsys.readouterr().err
    assert f"expected a number of seconds above 0 and at most {most}" in err and repr(given) in err


@pytest.mark.parametrize("argv", [
    ["analyse", "missing.toml", "--seconds", "3600"],
    ["match", "--players", "greedy,random", "--sets", "base,moon", "--move-seconds", "600"],
])
def test_the_most_seconds_are_accepted(capsys, argv):
    """The seconds are read; the command then stops at what comes next (a missing file, an unknown set)."""
    assert main(argv) == 2
    assert "seconds above 0" not in capsys.readouterr().err
