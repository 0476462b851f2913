"""The miner: the same seed writes the same files, and every file it writes passes check."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from carcnb.cli import main
from carcnb.errors import CarcnbError
from carcnb import mine as mine_module
from carcnb.mine import mine
from carcnb.grade import search
from carcnb.position import load


def _mine_in_a_fresh_process(out, hash_seed: str, *argv: str) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    subprocess.run([sys.executable, "-m", "carcnb", "mine", *argv, "-o", str(out)], check=True, env=env,
                   capture_output=True)
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_the_same_seed_writes_the_same_files_byte_for_byte(tmp_path):
    argv = ("--sets", "base", "--kind", "best", "--count", "2", "--seed", "11")
    first = _mine_in_a_fresh_process(tmp_path / "a", "1", *argv)  # string hashing differs between the runs
    second = _mine_in_a_fresh_process(tmp_path / "b", "2", *argv)
    assert len(first) == 2 and first == second


@pytest.mark.parametrize("argv", [
    ("--sets", "base", "--kind", "best", "--count", "2", "--seed", "3"),
    ("--sets", "river,disasters", "--kind", "final", "--count", "2", "--seed", "1"),
    ("--sets", "ferries", "--kind", "best", "--count", "1", "--seed", "5", "--only", "ferry"),
    ("--sets", "base", "--kind", "best", "--count", "1", "--seed", "2", "--last-tile"),
], ids=["placement", "final", "ferry", "last-tile"])
def test_every_mined_file_passes_check_and_is_graded(tmp_path, capsys, argv):
    assert main(["mine", *argv, "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    files = sorted(tmp_path.glob("*.toml"))
    assert len(files) == int(argv[argv.index("--count") + 1])
    assert "positions examined" in out and "positions/s" in out
    assert main(["check", str(tmp_path)]) == 0, capsys.readouterr().out
    for path in files:
        p = load(path)
        assert p.title and p.question.explanation and p.question.difficulty and p.question.topics
        assert path.read_text(encoding="utf-8").startswith("# mined: carcnb mine")
        if p.question.kind == "best":
            if "--only" not in argv:  # a placement puzzle: the title never says where the tile goes
                assert p.hand and not p.played
                assert dict(p.question.answer)["line"][0].split()[1] not in p.title
        if "--last-tile" in argv:
            assert p.pile == () and "last tile" in p.title and "last-tile" in p.question.topics


def test_a_best_puzzle_is_kept_only_with_the_margin_asked():
    strict = mine([], "best", 2, 3, min_margin=6)
    assert len(strict) == 2
    for m in strict:
        found = search(m.position)
        assert found.margin >= 6
        assert f"reaches {found.value - found.margin}." in m.position.question.explanation


def test_mining_refuses_to_overwrite_and_explains_bad_options(tmp_path, capsys):
    assert main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "3", "-o",
                 str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "3", "-o",
                 str(tmp_path)]) == 2
    assert "already there from seed 3" in capsys.readouterr().err
    assert main(["mine", "--sets", "moon", "--kind", "best", "--count", "1", "--seed", "3", "-o",
                 str(tmp_path / "x")]) == 2
    assert "unknown set 'moon'" in capsys.readouterr().err
    assert main(["mine", "--sets", "base", "--kind", "best", "--count", "0", "--seed", "3", "-o", "x"]) == 2
    assert "expected a number >= 1" in capsys.readouterr().err
    with pytest.raises(CarcnbError, match="unknown decision 'dragon'"):
        mine([], "best", 1, 1, only=["dragon"])


def test_a_hunt_that_falls_short_says_so_and_exits_1(tmp_path, capsys):
    code = main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "1", "--min-margin",
                 "500", "--games", "1", "-o", str(tmp_path)])
    assert code == 1
    assert "found 0 of 1 puzzles" in capsys.readouterr().err


def test_a_position_that_asks_nothing_is_no_candidate():
    # Pruning a mid-turn position can take away the decision it was about (a ferry no longer first on a road):
    # such a position is skipped, not an error.
    from carcnb.mine import _solved
    from conftest import position_from_text

    assert _solved(position_from_text("0,0 D 0\n1,0 U 90"), 3, placement=False) is None


def test_ctrl_c_keeps_the_puzzles_written_so_far_and_says_how_many(tmp_path, capsys, monkeypatch):
    real, yielded = mine_module._game, []

    def stopped_after_two(*args):  # Ctrl-C as the hunt goes on after its second puzzle
        for item in real(*args):
            yield item
            yielded.append(item)
            if len(yielded) == 2:
                raise KeyboardInterrupt

    monkeypatch.setattr(mine_module, "_game", stopped_after_two)
    try:
        code = main(["mine", "--sets", "base", "--kind", "best", "--count", "5", "--seed", "3", "-o", str(tmp_path)])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C went through carcnb mine as a traceback")
    out, err = capsys.readouterr()
    assert code == 130 and "Traceback" not in err
    assert f"stopped: the 2 puzzles found so far are kept in {tmp_path}" in err
    files = sorted(tmp_path.glob("*.toml"))
    assert len(files) == 2 and all(f"wrote {f}" in out for f in files)
    assert all(load(f).question.difficulty is not None for f in files)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f.name for f in files]  # no temporary file left


def test_an_output_folder_that_cannot_be_made_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine", encoding="utf-8")
    monkeypatch.setattr("carcnb.cli.mine.mine", lambda *a, **k: pytest.fail("mined before checking -o"))
    for out in (blocker, blocker / "mined"):
        assert main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "3", "-o", str(out)]) == 2
        assert f"{blocker} is a file, not a folder" in capsys.readouterr().err
    assert blocker.read_text(encoding="utf-8") == "mine"
