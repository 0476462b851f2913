"""Matches: the seats rotate a game, a tie for first counts half to each, the win rate has a 95% interval, and
``carcnb match`` prints it or says what was expected."""
from __future__ import annotations

import json

import pytest

from carcnb.cli import main
from carcnb.players.match import Budget, GameResult, MatchSpec, play_match, seating, standings, wilson

SPEC = MatchSpec(sets=frozenset({"base"}), players=("greedy", "random"), seed=0, budget=Budget(iterations=10))


def test_the_seats_rotate_a_game():
    assert [seating(SPEC, n) for n in range(3)] == [(0, 1), (1, 0), (0, 1)]
    three = MatchSpec(sets=frozenset({"base"}), players=("mcts", "greedy", "random"))
    assert [seating(three, n) for n in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_a_tie_for_first_counts_half_and_margins_are_over_the_best_other():
    results = [GameResult(0, ("greedy", "random"), (50, 40)),  # greedy in seat 1 wins by 10
               GameResult(1, ("random", "greedy"), (60, 60))]  # a tie
    greedy, rand = standings(SPEC, results)
    assert (greedy.wins, rand.wins) == (1.5, 0.5)
    assert (greedy.mean_score, greedy.mean_margin) == (55.0, 5.0)
    assert rand.mean_margin == -5.0


def test_the_win_rate_interval_is_wilsons():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)


def test_a_match_plays_each_game_from_its_own_seed_whatever_the_workers():
    one = play_match(SPEC, 2, workers=1)
    two = play_match(SPEC, 2, workers=2)
    assert one == two
    assert [r.seats for r in one] == [("greedy", "random"), ("random", "greedy")]


def test_the_command_prints_each_player(capsys):
    assert main(["match", "--players", "greedy,random", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "win rate (95%)" in out and "mean margin" in out


def test_the_command_writes_json(capsys):
    assert main(["match", "--players", "greedy,random", "--games", "1", "--move-iterations", "5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["budget"]["iterations"] == 5
    assert [p["player"] for p in doc["players"]] == ["greedy", "random"]
    assert set(doc["players"][0]) >= {"wins", "win_rate", "win_rate_95", "mean_score", "mean_margin"}


@pytest.mark.parametrize("args, says", [
    (["--players", "greedy,bogus"], "expected 2 to 6 players from random, greedy, mcts"),
    (["--players", "greedy"], "expected 2 to 6 players"),
    (["--players", "greedy,random", "--sets", "base,moon"], "unknown set 'moon'"),
    (["--players", "greedy,random", "--rulings", "tornado.steps"], "expected ID=OPTION pairs"),
    (["--players", "greedy,random", "--rulings", "tornado.steps=sideways"], "has no option 'sideways'"),
])
def test_bad_input_is_one_line_that_says_what_was_expected(args, says, capsys):
    assert main(["match", *args, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
