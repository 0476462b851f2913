"""The solver: its memo never mixes up two different situations, and its values are those of an exhaustive
search without a memo."""
from __future__ import annotations

import pytest
from conftest import play_random

from carcnb.engine.actions import Place
from carcnb.engine.state import GameState
from carcnb.search.solve import Solver, objective


def exhaustive(state: GameState) -> tuple[int, ...]:
    """The max^n value of the rest of the turn, searched without any memo."""
    seat = state.current_player()
    if seat < 0:
        return tuple(state.scores[c] for c in state.players)
    best = None
    for action in state.legal_actions():
        state.apply(action, check=False)
        v = exhaustive(state)
        state.undo()
        if best is None or objective(v, seat) > objective(best, seat):
            best = v
    return best


def check_choices(state: GameState) -> int:
    """Every choice's value from one shared solver equals the exhaustive value of that choice."""
    start = tuple(state.scores[c] for c in state.players)
    choices = Solver(state).choices()
    for action, value in choices:
        state.apply(action, check=False)
        expected = tuple(v - s for v, s in zip(exhaustive(state), start))
        state.undo()
        assert value == expected, (str(action), value, expected)
    return len(choices)


@pytest.mark.parametrize("sets", [(), ("ferries",), ("river", "disasters")])
def test_memo_tells_apart_every_placement_and_rotation(sets):
    """At placement decisions of random games (with the pile emptied, so final scoring counts too) the solver's
    memoised value of each placement equals an exhaustive search's."""
    checked = 0

    def on_step(state: GameState, action) -> None:
        nonlocal checked
        legal = state.legal_actions() if state.current_player() >= 0 else []
        if not legal or not isinstance(legal[0], Place) or len(state.history) % 37:
            return
        if state.hand_tile.has("tornado"):
            return  # a tornado event searched without a memo takes minutes; test_tornado.py solves them
        checked += check_choices(state)
        stages = [dict(s) for s in state.stages]
        for s in state.stages:
            s.clear()
        checked += check_choices(state)
        for s, kept in zip(state.stages, stages):
            s.update(kept)

    for seed in range(1):
        play_random(seed, sets=sets, on_step=on_step)
    assert checked > 60
