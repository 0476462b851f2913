"""Random play: a uniformly random legal action, and whole games played that way (for exploring, for
conformance tests and for benchmarks)."""
from __future__ import annotations

import random
from collections.abc import Callable

from carcnb.engine.actions import Action
from carcnb.engine.state import GameState
from carcnb.engine.steps import CHANCE, TERMINAL


def random_action(state: GameState, rng: random.Random) -> Action:
    """A draw from the state's own seeded pile at a chance node, else a legal action chosen by ``rng``."""
    if state.current_player() == CHANCE:
        return state.sample_chance()
    return rng.choice(state.legal_actions())


def random_playout(state: GameState, rng: random.Random,
                   on_action: Callable[[GameState, Action], None] | None = None, *, undo: bool = True) -> GameState:
    """Play ``state`` to the end with random actions; ``on_action(state, action)`` runs after each one.
    ``undo=False`` plays faster by keeping no record for undo (``GameState.stop_recording``)."""
    if not undo:
        state.stop_recording()
    who = state.current_player()
    while who != TERMINAL:
        action = state.sample_chance() if who == CHANCE else rng.choice(state.legal_actions())
        who = state.apply(action, check=False)
        if on_action is not None:
            on_action(state, action)
            who = state.current_player()  # the callback may have played on
    return state
