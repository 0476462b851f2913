"""``carcnb score``'s breakdown adds up: the starting scores plus each player's rows equal the totals, with the
rows of a position's ``played`` turn marked ``turn`` and the end-of-game rows ``end``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import position_text

from carcnb.cli import main
from carcnb.positions.consistency import unfinished
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.search.questions import final_score

PUZZLES = sorted((Path(__file__).parent.parent / "puzzles").rglob("*.toml"))

# Red completes a road shared with blue during the played turn: the tie gives both 4; then red's knight on
# D's open city scores 1 at the end.
TIE_IN_TURN = position_text("-1,0 W 0 blue@E\n0,0 D 0 red@N\n1,0 U 90 red@E", scores={"red": 2, "blue": 5},
                            hand="W", played=["place 2,0 0", "pass"])


def score_json(capsys, path) -> dict:
    assert main(["score", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def adds_up(result: dict) -> bool:
    got = dict(result["start"])
    for row in result["breakdown"]:
        for color in row["scorers"]:
            got[color] += row["points"]
    return got == result["scores"]


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_breakdown_adds_up_for_every_puzzle(capsys, path):
    p = load(path)
    if unfinished(p, state_from_position(p)) is not None:  # the middle of a turn is never scored as the game's end
        assert main(["score", str(path), "--json"]) == 2
        assert "stops in the middle of the turn" in capsys.readouterr().err
        return
    result = score_json(capsys, path)
    assert result["start"] == {c: dict(p.scores).get(c, 0) for c in p.players}
    assert {row["when"] for row in result["breakdown"]} <= ({"turn", "end"} if p.played else {"end"})
    assert adds_up(result)


def test_puzzles_with_played_turns_are_among_them():
    assert sum(bool(load(p).played) for p in PUZZLES) >= 5


def test_the_meteor_cloister_turn_row_comes_before_the_end(capsys):
    result = score_json(capsys, Path(__file__).parent.parent / "puzzles/disasters/meteor-cloister-eight.toml")
    assert result["start"] == {"red": 10, "blue": 10}
    rows = [(r["when"], r["kind"], r["scorers"], r["points"]) for r in result["breakdown"]]
    assert rows == [("turn", "cloister", ["red"], 8), ("end", "city", ["blue"], 1)]
    assert result["scores"] == {"red": 18, "blue": 11}


def test_a_tie_in_the_turn_gives_each_scorer_the_points(tmp_path, capsys):
    path = tmp_path / "tie.toml"
    path.write_text(TIE_IN_TURN, encoding="utf-8")
    result = score_json(capsys, path)
    assert [(r["when"], r["scorers"], r["points"]) for r in result["breakdown"]] == [
        ("turn", ["blue", "red"], 4), ("end", ["red"], 1)]
    assert result["scores"] == {"red": 7, "blue": 9}
    assert adds_up(result)


def test_text_shows_start_turn_and_end(tmp_path, capsys):
    path = tmp_path / "tie.toml"
    path.write_text(TIE_IN_TURN, encoding="utf-8")
    assert main(["score", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "start: red 2, blue 5"
    assert lines[1].startswith("this turn (place 2,0 0; pass)")
    assert "road" in lines[2] and "blue, red" in lines[2]
    assert lines[3] == "end of game:"
    assert lines[-1] == "total: red 7, blue 9"


def test_final_score_splits_rows_by_when(tmp_path):
    path = tmp_path / "tie.toml"
    path.write_text(TIE_IN_TURN, encoding="utf-8")
    result = final_score(load(path))
    assert [r.kind for r in result.turn] == ["road"] and [r.kind for r in result.end] == ["city"]
    assert result.rows == result.turn + result.end


def test_a_played_last_turn_is_scored_once_at_the_end(tmp_path, capsys):
    """With pile = [] the played turn ends the game while it is replayed: the end rows come once."""
    path = tmp_path / "last.toml"
    path.write_text(TIE_IN_TURN.replace('hand = "W"', 'hand = "W"\npile = []'), encoding="utf-8")
    result = score_json(capsys, path)
    assert [(r["when"], r["kind"]) for r in result["breakdown"]] == [("turn", "road"), ("end", "city")]
    assert result["scores"] == {"red": 7, "blue": 9}
