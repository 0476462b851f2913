"""Solving a turn's decisions exactly: ``best`` questions for meteor landings, tornado events and ferries.

Every continuation of the current turn is explored until the turn ends (the next draw or the end of the
game). Each player who acts chooses what maximises their own points gained this turn minus the best
opponent's (max^n). Ties are broken by the order of ``legal_actions()``, and reported: the answer is
*unique* only when no other choice of the mover reaches the same value. Positions repeat across orders of
moves, so values are memoised on the state; within one command they are also kept for the searches that come
after, under other readings of the rules too (``transpositions``).

Every search draws on a budget (``budget``): positions, seconds and memory, shared by all the searches of a
command. Past it, it raises ``SearchLimitError`` saying what to simplify.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError, SearchLimitError
from carcnb.engine.rulings import consulting
from carcnb.engine.state import GameState
from carcnb.positions.model import Position
from carcnb.search.budget import SIMPLER, budget_for_search, limit_named
from carcnb.search.gcpause import paused_gc
from carcnb.search.pruning import Bounds, Cut, child_cut, cut_short
from carcnb.search.transpositions import (Found, lookup, position_key, replay, root_of, shared_parts, shared_reads,
                                          store, table_for, ends_for)

Values = tuple[int, ...]
_NOTHING = ({}, {})  # what a search read where it read nothing


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
    """The values of a turn's positions, memoised; ``node_limit`` caps the positions this search values (those
    that wait for a decision; ``nodes`` counts them) below its budget, which counts every position entered.
    ``prefer`` is what each acting player maximises (default ``objective``): grading measures simpler
    players with other preferences on the same search. ``leaf`` values a state where the turn is over (default:
    the points each player gained this turn); a computer player breaks this turn's ties with it. Gains count
    from ``start`` (by default the scores now)."""

    def __init__(self, state: GameState, node_limit: int | None = None, prefer: Preference = objective,
                 leaf: Callable[[GameState, Values], Values] | None = None, start: Mapping[str, int] | None = None):
        self.state = state
        self.prefer = prefer
        self.leaf = leaf
        scores = state.scores if start is None else start
        self.start = tuple(scores[c] for c in state.players)
        self.memo: dict[tuple, Found] = {}
        self.nodes = 0
        self.budget = budget_for_search()
        self.node_limit = self.budget.positions if node_limit is None else min(node_limit, self.budget.positions)
        self.options = dict.copy(state.game.rulings)  # read without recording: the reads are tracked per position
        self.table = table_for(self)
        self.ends = ends_for(self)
        self.root = None if self.table is None else root_of(state, self.budget.ids)
        self.bounds = Bounds({} if self.table is None else self.table, self.options, self.budget.pool)  # ``pruning``

    def value(self, seat: int | None = None) -> Values:
        """The value of the rest of the turn from the current state (``seat``: who acts now, when known)."""
        seat = self.state.current_player() if seat is None else seat
        if seat < 0:
            return self._turn_over()
        with paused_gc():
            value, reads = self._value(seat)
        replay(reads)
        return value

    def choices(self) -> list[tuple[Action, Values]]:
        """Every legal action at the current state with the value of its continuation."""
        where = self._where()
        out = []
        with paused_gc():
            for action in self.state.legal_actions():
                value, reads = self._after(action, where)
                replay(reads)
                out.append((action, value))
        return out

    def tops(self) -> list[tuple[Action, Values]]:
        """The legal actions at the current state that are best for the player acting there (all of them when
        tied), with their values; the others are searched only until they are seen to be worse."""
        seat = self.state.current_player()
        where = self._where()
        out: list[tuple[Action, Values]] = []
        top = 0
        with paused_gc():
            for action in self.state.legal_actions():
                worse = out and self.prefer is objective  # a later choice matters only if as good
                v, reads = self._after(action, where, child_cut(seat, None, top - 1, len(self.start)) if worse else None)
                replay(reads)
                if type(v) is int or (out and self.prefer(v, seat) < top):
                    continue
                if out and self.prefer(v, seat) == top:
                    out.append((action, v))
                else:
                    out, top = [(action, v)], self.prefer(v, seat)
        return out

    def _turn_over(self) -> Values:
        """The value where the turn is over: a draw comes next, or the game has ended."""
        s = self.state
        gained = tuple(s.scores[c] - b for c, b in zip(s.players, self.start))
        return gained if self.leaf is None else self.leaf(s, gained)

    def _where(self, key: tuple | None = None) -> int | None:
        """The current state's number in the command's table (``transpositions``; ``key``: its turn key, kept);
        None without a table."""
        if self.table is None:
            return None
        key = shared_parts(self.budget.pool, self.state.turn_key()) if key is None else key
        return position_key(self.state, self.root, key, self.budget.ids)

    def _value(self, seat: int, cut: Cut | None = None) -> Found:
        """The value from the current state, where ``seat`` acts, and the rulings its search read; under a
        ``cut`` (see ``pruning``), instead of a value that cannot pass it, the seat whose threshold it fails."""
        s = self.state
        key = s.turn_key()
        found = self.memo.get(key)
        if found is not None:
            return found
        pool = self.budget.pool
        key = shared_parts(pool, key)
        where = self._where(key)
        if cut is not None:
            known = self.bounds.fails(key if where is None else where, seat, cut)
            if known is not None:
                return known
        if where is not None:
            found = lookup(self.table, where, self.options)
            if found is not None:
                self.memo[key] = found
                return found
        self._count()
        best: Values | None = None
        top = first = 0  # the best choice's worth to ``seat`` and its place among the legal actions
        failed: int | None = None  # a seat above whose threshold this position cannot pass
        prune = self.prefer is objective
        with consulting() as own:
            legal = s.legal_actions()
        rulings, history = dict(own.rulings), dict(own.history)  # what this search reads, in that order
        for i, action in self._ordered(legal, where):
            if prune:  # a later choice must be better, an earlier one as good (ties go to the first)
                below = child_cut(seat, cut, None if best is None else top - (i < first), len(self.start))
            else:
                below = None
            v, (read, read_history) = self._after(action, where, below)
            rulings.update(read)
            history.update(read_history)
            if type(v) is int:  # the choice fails a threshold: its own player's (no better), or one above
                if v == seat:
                    continue
                failed = v  # (two players) worth at least -threshold here: this position fails it too
                break
            worth = self.prefer(v, seat)
            if best is not None and (worth < top or worth == top and i > first):
                continue
            best, top, first = v, worth, i
            failed = cut_short(seat, cut, top) if prune else None
            if failed is not None:
                break
        if where is not None and best is not None:
            self.budget.hints[where] = legal[first]
        reads = shared_reads(pool, rulings, history)
        if failed is not None:
            low = -cut[failed] if best is None else max(top, -cut[failed])
            self.bounds.at_least(key if where is None else where, low, reads)
            return failed, reads
        if cut is not None and cut[seat] is not None and (best is None or top <= cut[seat]):
            self.bounds.at_most(key if where is None else where, cut[seat], reads)
            return seat, reads
        assert best is not None
        found = (best, reads)
        self.memo[key] = found
        if where is not None:
            store(self.table, where, found, reads[0], self.options, pool)
        return found

    def _ordered(self, legal: list[Action], where: int | None) -> list[tuple[int, Action]]:
        """The legal actions with their places, the best one an earlier search found here first (a search
        cut short sooner when its best choice comes first; the values are the same in any order)."""
        out = list(enumerate(legal))
        hint = None if where is None else self.budget.hints.get(where)
        if hint is not None and hint in legal:
            i = legal.index(hint)
            out.insert(0, out.pop(i))
        return out

    def _after(self, action: Action, where: int | None, cut: Cut | None = None) -> Found:
        """The value of playing ``action`` now and what finding it read (``where``: the current state's key in
        the tables, which keep what each move leads to: the end of a turn is scored once for every search)."""
        if where is not None:
            found = lookup(self.ends, (where, action), self.options) or lookup(self.table, (where, action),
                                                                                self.options)
            if found is not None:
                return found
        s = self.state
        with consulting() as read:
            after = s.apply(action, check=False)
            self.budget.charge()
            if after < 0:
                v, below = self._turn_over(), _NOTHING
            else:
                v, below = self._value(after, cut)
        s.undo()
        found = (v, shared_reads(self.budget.pool, {**read.rulings, **below[0]}, {**read.history, **below[1]}))
        if where is not None and type(v) is not int:
            store(self.ends if after < 0 else self.table, (where, action), found, found[1][0], self.options,
                  self.budget.pool)
        return found

    def _count(self) -> None:
        """One more position to value; raises ``SearchLimitError`` past this search's cap."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimitError(f"the search stopped after {self.node_limit} positions, its limit: {SIMPLER}, "
                                   f"or raise the limit (--max-nodes N, now {self.node_limit})")


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
        best = solver.tops()
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
