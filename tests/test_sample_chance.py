"""A draw from the pile by the state's own generator, or by one a player or a game passes, which leaves the
state's generator as it was."""
import random

from carcnb.engine.state import Game, GameState


def test_a_passed_generator_draws_alone_and_leaves_the_states_untouched():
    state = GameState(Game(players=("red", "blue"), sets=frozenset({"base"})), seed=3)
    before = state.rng.getstate()
    first = state.sample_chance(random.Random(7))
    assert state.rng.getstate() == before
    assert state.sample_chance(random.Random(7)) == first
    assert first.tile in state.pile_stage()

