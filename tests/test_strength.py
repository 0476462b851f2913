"""Playing strength kept on fixed seeds with a small budget (the measured figures are `make strength`'s): the
tree search, thinking 100 iterations a decision, beats the greedy player in a whole base game; greedy beats
random (tests/test_players.py)."""
from __future__ import annotations

from carcnb.engine.state import Game, GameState
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.match import play_game
from carcnb.players.mcts import MctsPlayer


def test_the_tree_search_beats_greedy_in_a_seeded_base_game():
    end = play_game(GameState(Game(), seed=0), [MctsPlayer(0, iterations=100), GreedyPlayer()])
    assert end.scores["red"] > end.scores["blue"]
