"""The lines of a turn a look-ahead player weighs, and how it judges a position at the end of one.

A line is the mover's consecutive decisions (where the tile goes, then the follower, or each step of a
disaster or a ferry) up to where another player acts or the turn ends: a tile placement is never judged
before its follower decision is taken. Every line is valued by the exact turn search (``search.solve``), the
rest of the turn played by the same search, and judged at the turn's end by ``judge``.

``judge`` is how the game would stand if it ended now (``standing``) plus a value for the followers still in
hand: the standing counts every open feature as if the game ended now, so a player led by it alone puts a
follower on every scrap and runs out of them; a follower in hand is worth points while there are tiles left
to use it on.
"""
from __future__ import annotations

from dataclasses import dataclass

from carcnb.engine.actions import Action
from carcnb.engine.errors import SearchLimitError
from carcnb.engine.state import GameState
from carcnb.players.greedy import turn_then_standing
from carcnb.players.standing import standing
from carcnb.search.solve import Solver, Values, objective

FOLLOWER_POINTS = 3.0  # what a follower in hand is worth while the pile is long
FOLLOWER_HORIZON = 30  # tiles: below this many left in the pile, a follower in hand is worth less and less
OPEN = 0.8  # the share of what is left open that the judgement counts
TENTHS = 10  # judgements are in tenths of a point: the turn search compares whole numbers
NODE_LIMIT = 20_000  # past it (a tornado event on a crowded board) each decision is a line of its own


def judge(state: GameState) -> Values:
    """Each player's worth in tenths of a point: the final score when the game is over, else the standing plus
    the followers in hand (see the module docs)."""
    judged = standing(state)
    if state.over:
        return tuple(TENTHS * s for s in judged)
    per_follower = FOLLOWER_POINTS * min(1.0, state.pile_size() / FOLLOWER_HORIZON)
    return tuple(round(TENTHS * (state.scores[c] + OPEN * (s - state.scores[c]) + per_follower * state.supply(c)))
                 for s, c in zip(judged, state.players))


def judged_turn(state: GameState, gained: Values) -> Values:
    """A finished turn's value for the turn search: the judgement of where it leaves the game."""
    return judge(state)


@dataclass(frozen=True)
class Line:
    """The mover's decisions in order, their worth to the mover by the turn search (``judge`` at the end), and
    the position they reach (``GameState.key``): two lines that reach the same position are one."""

    actions: tuple[Action, ...]
    worth: int
    reached: tuple = ()


def turn_lines(state: GameState, node_limit: int = NODE_LIMIT) -> list[Line]:
    """Every line of the mover from ``state``, best first by the turn search; lines that reach the same
    position are one. When the turn is too big to search, each legal action is a line of one decision,
    judged right after it. The state is left as it was."""
    seat = state.current_player()
    depth = len(state.history)
    try:
        solver = Solver(state, node_limit, leaf=judged_turn)
        out: dict[tuple, Line] = {}
        _walk(state, solver, seat, (), out)
    except SearchLimitError:
        while len(state.history) > depth:
            state.undo()
        out = {}
        for action in state.legal_actions():
            state.apply(action, check=False)
            out[(action,)] = Line((action,), objective(judge(state), seat), state.key())
            state.undo()
    return sorted(out.values(), key=lambda line: -line.worth)


def _walk(state: GameState, solver: Solver, seat: int, line: tuple[Action, ...], out: dict[tuple, Line]) -> None:
    for action in state.legal_actions():
        state.apply(action, check=False)
        if state.current_player() == seat:
            _walk(state, solver, seat, (*line, action), out)
        else:
            key = state.key()  # (``turn_key`` forgets where the tile went once the turn is over)
            if key not in out:
                out[key] = Line((*line, action), objective(solver.value(), seat), key)
        state.undo()


def greedy_line(state: GameState, node_limit: int = NODE_LIMIT) -> tuple[Action, ...]:
    """The line the greedy player plays from ``state`` (this turn's points first, then the standing)."""
    return best_line(state, Solver(state, node_limit, leaf=turn_then_standing))


def best_line(state: GameState, solver: Solver) -> tuple[Action, ...]:
    """The mover's best line by ``solver`` (the first of equally good ones); the state is left as it was, also
    when the search stops at its limit (``SearchLimitError``)."""
    seat = state.current_player()
    depth = len(state.history)
    line: list[Action] = []
    try:
        while state.current_player() == seat:
            choices = solver.choices()
            top = max(objective(v, seat) for _, v in choices)
            action = next(a for a, v in choices if objective(v, seat) == top)
            line.append(action)
            state.apply(action, check=False)
    finally:
        while len(state.history) > depth:
            state.undo()
    return tuple(line)
