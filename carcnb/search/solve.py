"""Solving a turn's decisions exactly: ``best`` questions for meteor landings, tornado events and ferries.

Every continuation of the current turn is explored until the turn ends (the next draw or the end of the
game). Each player who acts chooses what maximises their own points gained this turn minus the best
opponent's (max^n). Ties are broken by the order of ``legal_actions()``, and reported: the answer is
*unique* only when no other choice of the mover reaches the same value. Positions repeat across orders of
moves, so values are memoised on the state.

Every search has a budget, so that no position makes it run for minutes or take gigabytes: at most
``max_nodes()`` positions (``DEFAULT_MAX_NODES``, or ``--max-nodes`` on the command line through
``search_budget``) and at most ``SEARCH_MEMORY`` bytes more than the process held when it began. Past either,
it raises ``SearchLimitError`` saying what to simplify.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import psutil

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError, SearchLimitError
from carcnb.engine.state import GameState
from carcnb.positions.model import Position
from carcnb.search.gcpause import paused_gc

Values = tuple[int, ...]

DEFAULT_MAX_NODES = 100_000  # a few seconds and about 550 MB on a six-player tornado event (bench_limits)
SEARCH_MEMORY = 600 * 2**20  # bytes a search may add to the process (with the kit itself: under 1 GB)
_MEMORY_EVERY = 1024  # positions between two looks at the process's memory
_max_nodes: ContextVar[int] = ContextVar("max_nodes", default=DEFAULT_MAX_NODES)
SIMPLER = ("simplify the position (fewer followers within reach of the disaster, fewer players, fewer tiles "
           "around the decision)")


def max_nodes() -> int:
    """How many positions a search may visit now (``DEFAULT_MAX_NODES`` unless ``search_budget`` says)."""
    return _max_nodes.get()


@contextmanager
def search_budget(nodes: int) -> Iterator[None]:
    """Let every search inside the block visit up to ``nodes`` positions (``--max-nodes``)."""
    token = _max_nodes.set(nodes)
    try:
        yield
    finally:
        _max_nodes.reset(token)


@contextmanager
def limit_named(path: str) -> Iterator[None]:
    """A search that stops at its limit inside the block says which file it was searching."""
    try:
        yield
    except SearchLimitError as e:
        raise SearchLimitError(f"{path}: {e}") from None


def _memory() -> int:
    return psutil.Process().memory_info().rss


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
    others = gains[:seat] + gains[seat + 1:]
    return gains[seat] - (max(others) if others else 0)


Preference = Callable[[Values, int], int]  # how much the player at a seat likes a turn's gains


class Solver:
    """The values of a turn's positions, memoised; ``node_limit`` lowers the budget's ``max_nodes()``.
    ``prefer`` is what each acting player maximises (default ``objective``): grading measures simpler
    players with other preferences on the same search. ``leaf`` values a state where the turn is over (default:
    the points each player gained this turn); a computer player breaks this turn's ties with it."""

    def __init__(self, state: GameState, node_limit: int | None = None, prefer: Preference = objective,
                 leaf: Callable[[GameState, Values], Values] | None = None):
        self.state = state
        self.prefer = prefer
        self.leaf = leaf
        self.start = tuple(state.scores[c] for c in state.players)
        self.memo: dict[tuple, Values] = {}
        self.nodes = 0
        self.node_limit = max_nodes() if node_limit is None else min(node_limit, max_nodes())
        self.memory_at_start = _memory()

    def value(self, seat: int | None = None) -> Values:
        """The value of the rest of the turn from the current state (``seat``: who acts now, when known)."""
        s = self.state
        if seat is None:  # a search starts here
            with paused_gc():
                return self.value(s.current_player())
        if seat < 0:  # the turn is over: a draw comes next, or the game has ended
            gained = tuple(s.scores[c] - b for c, b in zip(s.players, self.start))
            return gained if self.leaf is None else self.leaf(s, gained)
        key = s.turn_key()
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.node_limit or not self.nodes % _MEMORY_EVERY:
            self._within_budget()
        best: Values | None = None
        top = 0
        for action in s.legal_actions():
            v = self.value(s.apply(action, check=False))
            s.undo()
            if best is None or self.prefer(v, seat) > top:
                best, top = v, self.prefer(v, seat)
        assert best is not None
        self.memo[key] = best
        return best

    def _within_budget(self) -> None:
        if self.nodes > self.node_limit:
            raise SearchLimitError(f"the search stopped after {self.node_limit} positions, its limit: {SIMPLER}, "
                                   f"or raise the limit (--max-nodes N, now {self.node_limit})")
        grown = _memory() - self.memory_at_start
        if grown > SEARCH_MEMORY:
            raise SearchLimitError(f"the search stopped after {self.nodes} positions: it took {grown >> 20} MB, "
                                   f"the most a search may ({SEARCH_MEMORY >> 20} MB): {SIMPLER}; a higher "
                                   "--max-nodes will not help")

    def choices(self) -> list[tuple[Action, Values]]:
        """Every legal action at the current state with the value of its continuation."""
        out = []
        with paused_gc():
            for action in self.state.legal_actions():
                out.append((action, self.value(self.state.apply(action, check=False))))
                self.state.undo()
        return out


def solve(state: GameState, node_limit: int | None = None) -> Solution:
    """The best line for the player to act now (see the module docs for the objective). Raises
    ``SearchLimitError`` when the search needs more than its budget (``node_limit`` lowers it); the state is
    then left as it was."""
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError("nothing to decide: the position is at a draw or the game is over")
    depth = len(state.history)
    try:
        with paused_gc():
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
    when the search needs more than its budget, see ``solve``)."""
    from carcnb.positions.game_io import state_from_position

    state = state_from_position(p)
    with limit_named(p.path):
        solution = solve(state, node_limit)
    if not solution.unique:
        raise CarcnbError(f"{p.path}: the best choice is not unique (one of them: "
                          f"{', '.join(map(str, solution.line))}, value {solution.value})")
    return solution.as_answer()
