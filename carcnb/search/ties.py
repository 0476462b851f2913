"""Every equally good line of a ``best`` question: a reading under which two choices reach the same value has
an answer all the same, the lines between which the mover may choose. (A puzzle still needs a single best
line: ``solve.best_answer`` and ``carcnb check`` refuse a tie.)"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError, SearchLimitError
from carcnb.engine.state import GameState
from carcnb.search.gcpause import paused_gc
from carcnb.search.lines import choice
from carcnb.search.solve import Solver, objective

T = TypeVar("T")


def best_lines(state: GameState, node_limit: int | None = None, most: int | None = None,
               solver: Solver | None = None) -> tuple[list[tuple[Action, ...]], int]:
    """The mover's best lines of consecutive decisions from ``state`` (at most ``most`` of them, in the order
    of ``legal_actions()``) and their value, as ``solve`` counts it. With a ``node_limit``, raises
    ``SearchLimitError`` when the search needs more positions; the state is left as it was either way.
    ``solver`` (on ``state``) is the search to use, when its values serve after (``played_out``)."""
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError("nothing to decide: the position is at a draw or the game is over")
    solver = solver or Solver(state, node_limit)
    depth = len(state.history)
    try:
        with paused_gc():
            value = objective(solver.tops()[0][1], seat)
            return _lines(state, seat, solver, most), value
    except SearchLimitError:
        while len(state.history) > depth:
            state.undo()
        raise


def _lines(state: GameState, seat: int, solver: Solver, most: int | None) -> list[tuple[Action, ...]]:
    """The best lines from here while ``seat`` acts (one empty line once another player acts)."""
    if state.current_player() != seat:
        return [()]
    out: list[tuple[Action, ...]] = []
    for action, _ in solver.tops():
        state.apply(action, check=False)
        out += [(action, *rest) for rest in _lines(state, seat, solver, most and most - len(out))]
        state.undo()
        if most is not None and len(out) >= most:
            return out[:most]
    return out


def played_out(state: GameState, line: tuple[Action, ...], solver: Solver, look: Callable[[GameState], T]) -> T:
    """What ``look`` sees once ``line`` and the rest of the turn are played as ``solver`` plays them (every
    player choosing the first best action); the state is left as it was."""
    depth = len(state.history)
    try:
        for action in line:
            state.apply(action, check=False)
        while (seat := state.current_player()) >= 0:
            state.apply(choice(solver, seat), check=False)
        return look(state)
    finally:
        while len(state.history) > depth:
            state.undo()
