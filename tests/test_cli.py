"""The command line (position-format.md): output shapes, exit codes 0 / 1 / 2, messages on stderr."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import position_text

from carcnb.cli import main
from carcnb.engine.rulings import RULINGS
from carcnb.puzzles.grade import grade_file

# Final scoring by hand: red's road D+U is unfinished, 2 tiles -> 2 (plus 1 already scored); D+E is a
# completed city with nobody on it; blue's farmer on E's field touches it -> 3.
SCORED = position_text("0,0 D 0 red@E\n1,0 U 90\n0,1 E 180 blue@NNW", scores={"red": 1})


def _file(tmp_path, text: str, name: str = "p.toml"):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


def _graded(tmp_path, text: str, name: str = "p.toml"):
    """A puzzle file with its grade written, as ``carcnb check`` wants it."""
    path = _file(tmp_path, text, name)
    grade_file(path)
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json_shape_and_numbers(tmp_path, capsys):
    code, out, err = run(capsys, "score", _file(tmp_path, SCORED), "--json")
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert set(result) >= {"scores", "breakdown"}
    assert result["scores"] == {"red": 3, "blue": 3}
    rows = sorted(result["breakdown"], key=lambda r: r["kind"])
    assert len(rows) == 2
    for row in rows:
        assert set(row) >= {"kind", "tiles", "complete", "scorers", "points", "reason"}
    field, road = rows
    assert {k: road[k] for k in ("kind", "tiles", "complete", "scorers", "points", "reason")} == {
        "kind": "road", "tiles": [[0, 0], [1, 0]], "complete": False, "scorers": ["red"], "points": 2,
        "reason": "unfinished"}
    assert (field["kind"], field["tiles"], field["complete"], field["scorers"], field["points"]) == (
        "field", [[0, 1]], False, ["blue"], 3)
    assert "farm" in field["reason"]


def test_score_text(tmp_path, capsys):
    code, out, _ = run(capsys, "score", _file(tmp_path, SCORED))
    assert code == 0
    assert out.splitlines()[-1] == "total: red 3, blue 3"
    assert any(line.startswith("road") and "unfinished" in line for line in out.splitlines())


def test_legal_json_is_sorted_placements(tmp_path, capsys):
    # U beside a lone D: road to road east and west, field to field south (see test_state's perft table)
    code, out, err = run(capsys, "legal", _file(tmp_path, position_text("0,0 D 0", hand="U")), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"placements": [[-1, 0, 90], [-1, 0, 270], [0, -1, 90], [0, -1, 270],
                                              [1, 0, 90], [1, 0, 270]]}


def test_legal_text(tmp_path, capsys):
    code, out, _ = run(capsys, "legal", _file(tmp_path, position_text("0,0 D 0", hand="C")))
    assert code == 0
    assert out.splitlines() == ["0,1 0", "0,1 90", "0,1 180", "0,1 270", "4 legal placements"]


def test_legal_with_no_placement_lists_none(tmp_path, capsys):
    code, out, _ = run(capsys, "legal", _file(tmp_path, position_text("0,0 C 0", hand="U")), "--json")
    assert (code, json.loads(out)) == (0, {"placements": []})


GOOD = position_text("0,0 D 0", hand="U", question={"kind": "count", "answer": 3})
WRONG = position_text("0,0 D 0 red@E\n1,0 U 90", question={"kind": "final", "answer": {"red": 3, "blue": 0}})
RIGHT = position_text("0,0 D 0 red@E\n1,0 U 90", question={"kind": "final", "answer": {"red": 2, "blue": 0}})


def test_check_passing_puzzles_exit_0(tmp_path, capsys):
    a, b = _graded(tmp_path, GOOD, "a.toml"), _graded(tmp_path, RIGHT, "b.toml")
    code, out, err = run(capsys, "check", a, b)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("ok") and a in lines[0]
    assert lines[1].startswith("ok") and b in lines[1]
    assert lines[-1] == "2 passed, 0 failed"


def test_check_a_failing_puzzle_exits_1(tmp_path, capsys):
    _graded(tmp_path, GOOD, "puzzles/a.toml")
    wrong = _file(tmp_path, WRONG, "puzzles/deeper/w.toml")
    code, out, _ = run(capsys, "check", str(tmp_path / "puzzles"))  # directories are searched recursively
    assert code == 1
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert len(failing) == 1 and wrong in failing[0]
    assert "red 3" in failing[0] and "red 2" in failing[0]  # what the file says and what the engine says
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_check_a_broken_file_fails_with_its_reason(tmp_path, capsys):
    bad = _file(tmp_path, GOOD.replace("0,0 D 0", "0,0 Q9 0"), "bad.toml")
    code, out, _ = run(capsys, "check", bad)
    assert code == 1
    assert out.startswith("FAIL") and "unknown tile 'Q9'" in out


def test_rulings_lists_every_ruling(capsys):
    code, out, err = run(capsys, "rulings")
    assert (code, err) == (0, "")
    for rid in RULINGS:
        assert rid + ":" in out
    code, out, _ = run(capsys, "rulings", "--json")
    data = json.loads(out)
    assert [r["id"] for r in data] == list(RULINGS)
    edition = next(r for r in data if r["id"] == "scoring.edition")
    assert edition["default"] == "third" and list(edition["options"]) == ["third", "second"]


@pytest.mark.parametrize("argv, says", [
    (["score", "{tmp}/nope.toml"], "no such file"),
    (["score", "{bad}"], "bad.toml:5: '1,0 Q9 0'"),            # the parse error names file, line, text
    (["score", "{problem}"], "edge-mismatch"),                    # a position that breaks a rule
    (["legal", "{nohand}"], "no tile in hand"),
    (["legal", "{tmp}/nope.toml", "--json"], "no such file"),
    (["check", "{tmp}/nowhere"], "no such file or directory"),
])
def test_bad_input_exits_2_with_a_message_on_stderr(tmp_path, capsys, argv, says):
    files = {"tmp": str(tmp_path),
             "bad": _file(tmp_path, position_text("0,0 D 0\n1,0 Q9 0"), "bad.toml"),
             "problem": _file(tmp_path, position_text("0,0 D 0\n0,1 D 0"), "problem.toml"),
             "nohand": _file(tmp_path, position_text("0,0 D 0"), "nohand.toml")}
    code, out, err = run(capsys, *[a.format(**files) for a in argv])
    assert code == 2
    assert out == ""
    assert says in err


def test_unknown_command_exits_2(capsys):
    code, _, err = run(capsys, "fly")
    assert code == 2 and "fly" in err


def test_legal_after_the_played_tile_says_why_there_is_nothing_to_list(tmp_path, capsys):
    played = _file(tmp_path, position_text("0,0 D 0", hand="U", played=["place 1,0 90", "pass"]))
    code, out, err = run(capsys, "legal", played)
    assert (code, out) == (2, "")
    assert "no placement to list" in err and "place 1,0 90; pass" in err and "the next draw" in err
    assert "Traceback" not in err


def test_legal_names_the_decision_a_mid_turn_position_waits_for(tmp_path, capsys):
    placed = _file(tmp_path, position_text("0,0 D 0", hand="U", played=["place 1,0 90"]))
    code, _, err = run(capsys, "legal", placed)
    assert code == 2 and "red's decision: deploy a follower" in err


class _ClosedPipe:
    """A stdout whose reader has gone away, as after ``| head``."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_output_ends_the_command_quietly(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["rulings"]) == 0
    assert capsys.readouterr().err == ""


def test_a_closed_pipe_leaves_no_traceback_in_a_real_process():
    import subprocess
    import sys
    child = subprocess.Popen([sys.executable, "-m", "carcnb", "rulings"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    child.stdout.close()  # the reader is gone before the first line is written
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    assert err == ""


def test_render_refuses_a_board_too_wide_to_draw(tmp_path, capsys):
    far = _file(tmp_path, position_text("0,0 D 0\n999999999,0 E 0"))
    code, out, err = run(capsys, "render", far, "-o", str(tmp_path / "far.png"))
    assert (code, out) == (2, "")
    assert "too large to draw" in err and "x -1..1000000001" in err
    assert not (tmp_path / "far.png").exists()


def test_grade_a_count_puzzle_without_a_tile_in_hand_says_so(tmp_path, capsys):
    nohand = _file(tmp_path, position_text("0,0 D 0", question={"kind": "count", "answer": 4}))
    code, out, err = run(capsys, "grade", nohand)
    assert code == 1 and "no tile in hand" in out and "Traceback" not in out + err


class _PipeClosedAfterOneLine:
    """A stdout whose reader reads one line and goes away, as ``| head -1``."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        if self.lines:
            raise BrokenPipeError(32, "Broken pipe")
        self.lines.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_a_closed_output_never_turns_a_verdict_into_success(tmp_path, monkeypatch, capsys):
    wrong = _file(tmp_path, position_text("0,0 D 0\n0,1 E 180", question={"kind": "count", "answer": 99}))
    right = str(Path(__file__).parent.parent / "puzzles" / "base" / "count-crossroads.toml")  # answer = 4
    for argv in (["check", wrong, right], ["check", right], ["quiz", right, "--answer", "4"]):
        monkeypatch.setattr("sys.stdout", _PipeClosedAfterOneLine())
        assert main(argv) == 1, argv  # a failure seen, or what came after the first line never seen
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the output was closed before the end" in err, err


def test_a_closed_pipe_under_check_exits_1_in_a_real_process(tmp_path):
    import subprocess
    import sys
    wrong = _file(tmp_path, position_text("0,0 D 0\n0,1 E 180", question={"kind": "count", "answer": 99}))
    child = subprocess.Popen([sys.executable, "-m", "carcnb", "check", wrong], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    child.stdout.close()
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert "Traceback" not in err
