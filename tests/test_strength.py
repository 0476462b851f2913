"""Playing strength kept on fixed seeds with a small budget (the measured figures are `make strength`'s): the
look-ahead, playing a handful of futures a decision, beats the greedy player in whole base games from either
seat; greedy beats random (tests/test_players.py)."""
from __future__ import annotations

import pytest

from carcnb.engine.state import Game, GameState
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.match import play_game
from carcnb.players.mcts import MctsPlayer

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

FUTURES = 6  # a decision's futures over all its candidates: about a quarter of a second


@pytest.mark.parametrize("seed, seat", [(2, 0), (0, 1)])
def test_the_look_ahead_beats_greedy_in_a_seeded_base_game(seed, seat):
    players = [GreedyPlayer(), GreedyPlayer()]
    players[seat] = MctsPlayer(seed, iterations=FUTURES)
    end = play_game(GameState(Game(), seed=seed), players)
    mine, theirs = (end.scores[c] for c in (end.players[seat], end.players[1 - seat]))
    assert mine > theirs
