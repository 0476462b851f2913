"""Solving a turn's decisions exactly: ``best`` questions for meteor landings, tornado events and ferries.

Every continuation of the current turn is explored until the turn ends (the next draw or the end of the
game). Each player who acts chooses what maximises their own points gained this turn minus the best
opponent's (max^n). Ties are broken by the order of ``legal_actions()``, and reported: the answer is
*unique* only when no other choice of the mover reaches the same value. Positions repeat across orders of
moves, so values are memoised on the state.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .errors import CarcnbError, SearchLimitError
from .position import Position
from .state import GameState

Values = tuple[int, ...]


@dataclass(frozen=True)
class Solution:
    """The mover's best line of consecutive decisions, its value, and whether it is the only best one."""

    mover: str
    line: tuple[Action, ...]
    value: int
    unique: bool
    gains: dict[str, int]
    nodes: int

    def as_answer(self) -> tuple:
        return (("line", [str(a) for a in self.line]), ("value", self.value))


def objective(gains: Values, seat: int) -> int:
    """A player's own gain minus the best opponent's."""
    others = [g for i, g in enumerate(gains) if i != seat]
    return gains[seat] - (max(others) if others else 0)


class Solver:
    def __init__(self, state: GameState, node_limit: int | None = None):
        self.state = state
        self.start = tuple(state.scores[c] for c in state.players)
        self.memo: dict[tuple, Values] = {}
        self.nodes = 0
        self.node_limit = node_limit

    def value(self) -> Values:
        s = self.state
        seat = s.current_player()
        if seat < 0:  # the turn is over: a draw comes next, or the game has ended
            return tuple(s.scores[c] - b for c, b in zip(s.players, self.start))
        key = s.turn_key()
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimitError(f"the search gave up after {self.node_limit} positions (its limit)")
        best: Values | None = None
        for action in s.legal_actions():
            s.apply(action, check=False)
            v = self.value()
            s.undo()
            if best is None or objective(v, seat) > objective(best, seat):
                best = v
        assert best is not None
        self.memo[key] = best
        return best

    def choices(self) -> list[tuple[Action, Values]]:
        """Every legal action at the current state with the value of its continuation."""
        out = []
        for action in self.state.legal_actions():
            self.state.apply(action, check=False)
            out.append((action, self.value()))
            self.state.undo()
        return out


def solve(state: GameState, node_limit: int | None = None) -> Solution:
    """The best line for the player to act now (see the module docs for the objective). With a
    ``node_limit``, raises ``SearchLimitError`` when the search needs more positions (the state is left as
    it was)."""
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError("nothing to decide: the position is at a draw or the game is over")
    depth = len(state.history)
    try:
        return _solve(state, seat, Solver(state, node_limit))
    except SearchLimitError:
        while len(state.history) > depth:
            state.undo()
        raise


def _solve(state: GameState, seat: int, solver: Solver) -> Solution:
    line: list[Action] = []
    unique = True
    played = 0
    while state.current_player() == seat:
        choices = solver.choices()
        top = max(objective(v, seat) for _, v in choices)
        best = [(a, v) for a, v in choices if objective(v, seat) == top]
        unique = unique and len(best) == 1
        action = best[0][0]
        line.append(action)
        state.apply(action, check=False)
        played += 1
    gains = solver.value()
    for _ in range(played):
        state.undo()
    total = solver.value()
    return Solution(state.players[seat], tuple(line), objective(total, seat), unique,
                    dict(zip(state.players, gains)), solver.nodes)


def best_answer(p: Position, node_limit: int | None = None) -> tuple:
    """The answer to a ``best`` question: ``{ line = [...], value = N }``; raises when it is not unique (or
    when the search needs more than ``node_limit`` positions)."""
    from .game_io import state_from_position

    state = state_from_position(p)
    solution = solve(state, node_limit)
    if not solution.unique:
        raise CarcnbError(f"{p.path}: the best choice is not unique (one of them: "
                          f"{', '.join(map(str, solution.line))}, value {solution.value})")
    return solution.as_answer()
