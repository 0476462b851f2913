"""Glicko-2 as published, and the order in which puzzles are offered near a rating."""
from __future__ import annotations

import pytest

import itertools
import math

from carcnb.puzzles.rating import LIMITS, Rating, first_try, nearest, puzzle_start, updated


def test_glicko2_gives_the_published_example():
    # Glickman, "Example of the Glicko-2 system": a 1500 player (RD 200) beats a 1400, loses to 1550 and 1700.
    after = updated(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation():
    after = updated(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.deviation == pytest.approx(200.27, abs=0.01)


def test_a_first_try_moves_player_and_puzzle_opposite_ways_and_more_for_a_surprise():
    player = Rating()
    won_easy, easy = first_try(player, puzzle_start(1), True)
    won_hard, hard = first_try(player, puzzle_start(5), True)
    assert 1500 < won_easy.rating < won_hard.rating and hard.rating < 1900 and easy.rating < 1100
    lost, puzzle = first_try(player, puzzle_start(3), False)
    assert lost.rating < 1500 < puzzle.rating


def test_ratings_at_every_limit_move_to_finite_ratings_within_the_limits():
    corners = [Rating(*values) for values in itertools.product(*LIMITS.values())]
    for player, puzzle in itertools.product(corners, repeat=2):
        for solved in (True, False):
            for after in first_try(player, puzzle, solved):
                for name, (low, high) in LIMITS.items():
                    value = getattr(after, name)
                    assert math.isfinite(value) and low <= value <= high, (player, puzzle, solved, after)


@pytest.mark.parametrize("doc, says", [
    ({"rating": 1e300, "deviation": 80, "volatility": 0.06}, "its rating 1e+300 is outside -1000 to 5000"),
    ({"rating": 1500, "deviation": 0, "volatility": 0.06}, "its deviation 0 is outside"),
    ({"rating": 1500, "deviation": 80, "volatility": True}, "its volatility True is not a number"),
    ({"rating": "x" * 100, "deviation": 80, "volatility": 0.06}, "its rating 'xxxxxxxxxxxxxxxxxxx... is not"),
    ([1500, 80, 0.06], "expected a table of rating, deviation, volatility"),
])
def test_a_rating_read_from_a_file_is_refused_outside_the_limits_saying_why(doc, says):
    with pytest.raises(ValueError) as e:
        Rating.from_dict(doc)
    assert says in str(e.value)


def test_puzzles_near_the_rating_come_first_the_easier_on_a_tie():
    ratings = {"a": 1100.0, "b": 1500.0, "c": 1700.0, "d": 1300.0}
    assert nearest("abcd", ratings.get, 1400) == ["d", "b", "a", "c"]
    assert nearest("abcd", ratings.get, 2000) == ["c", "b", "d", "a"]
