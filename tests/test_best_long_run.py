"""A ``best`` answer a strong player agrees with: mid-game, it must still be best when what the turn leaves
open is valued (the end-of-game scoring applied after the turn), and ``carcnb check`` refuses one that is not."""
from __future__ import annotations

from dataclasses import replace

from carcnb.cli import main
from carcnb.positions.game_io import problems, state_from_position
from carcnb.positions.parse import load
from carcnb.puzzles.collection import puzzle_root
from carcnb.puzzles.grade import grade_file
from carcnb.search.openvalue import holds_when_open_valued, open_valued_loss
from carcnb.search.questions import reading_of

# Red's meteor is headed for 1,1; blue may turn it to 0,1, which completes blue's 3-tile city (6 now), or let
# it land, which keeps blue's 6-tile city with two pennants open (worth 8 at the end).
GREEDY = '''format = "carcnb/1"
title = "Blue may turn red's meteor aside"
sets = ["disasters"]
players = ["red", "blue"]
to_move = "red"
hand = "MT"
played = ["meteor 1,1"]

board = """
-1,3 E 180 blue@S
-2,2 K 90
-1,2 R 270
-2,1 V 270
-1,1 O 90
0,1 C 0
1,1 L 270
0,0 D 0
"""

[question]
kind = "best"
answer = { line = ["meteor 0,1"], value = 6 }
'''


def _greedy(tmp_path):
    path = tmp_path / "greedy.toml"
    path.write_text(GREEDY, encoding="utf-8")
    grade_file(path)
    return str(path)


def test_cashing_a_small_city_now_loses_to_keeping_a_big_one(tmp_path):
    p = load(_greedy(tmp_path))
    assert not holds_when_open_valued(p)
    assert "pass (8) beats meteor 0,1 (6)" in open_valued_loss(p)


def test_check_refuses_a_greedy_mid_game_answer(tmp_path, capsys):
    code = main(["check", _greedy(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL" in out and "pass (8) beats meteor 0,1 (6)" in out


def test_an_answer_that_is_best_in_the_long_run_holds():
    assert holds_when_open_valued(load(puzzle_root() / "disasters" / "meteor-point-beside.toml"))


def test_a_last_turn_already_counts_the_end_of_the_game():
    p = reading_of(load(puzzle_root() / "disasters" / "earthquake-timing-last-tile.toml"), "on_place")
    assert p.pile == ()
    assert open_valued_loss(p) is None


def _settled(p) -> list[str]:
    """The followers of ``p`` standing on a completed road or city: a board no game can reach (a completed
    feature is scored and its followers go home at once)."""
    board = state_from_position(replace(p, played=())).board
    return [f"{node} on a completed {board.feature(node).kind}" for node in board.followers
            if board.feature(node).kind in ("road", "city") and board.feature(node).complete]


def test_the_ferry_steal_starts_from_a_board_a_game_can_reach():
    p = load(puzzle_root() / "ferries" / "steal-by-moving.toml")
    assert problems(p) == [] and _settled(p) == []
