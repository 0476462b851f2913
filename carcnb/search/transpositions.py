"""Values found by one search, kept for the searches after it in the same command, under other readings of the
rules too.

``readings`` answers a position once for each combination of the rulings its answer consults; most of each
search does not depend on the ruling that changed. So every value a search finds is kept with the rulings its
search read below the position, and with the whole position (``position_key``: every tile, follower and token,
not only what one turn can change). A later search takes the value when every one of those rulings has the
same option in its game, however it reached the position (another reading may reach it by another way): it
searches again only where a consulted ruling differs.

A table holds the values of the searches with the same rule modules, players, preference, leaf valuation and
starting scores: of positions (``position_key``), of moves from a position (the key and the action), and the
bounds of positions a search cut short (``pruning``). The moves that end a turn are kept apart, in a table of
the searches with any preference (``ends_for``): what a turn's end is worth does not depend on who prefers
what, so grading's simpler players and the answer's search score the end of a turn (the end of the game, on a
last turn) once between them. Tables live in the command's budget (``budget.Budget.transpositions``); a search
without a shared budget keeps none.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcnb.engine.rulings import consulted, history_missing
from carcnb.engine.state import GameState

if TYPE_CHECKING:
    from carcnb.search.solve import Solver

Reads = tuple[dict[str, None], dict[str, None]]  # rulings read, rulings taken on trust (``history_missing``)
Found = tuple[tuple[int, ...], Reads]  # a position's value and what its search read
Table = dict[tuple, list[tuple[tuple[str, ...], dict[tuple[str, ...], object]]]]  # see ``store``


def table_for(solver: Solver) -> Table | None:
    """The table for the searches of ``solver``; None without a shared budget."""
    if not solver.budget.shared:
        return None
    s = solver.state
    context = (solver.prefer, solver.leaf, solver.start, s.game.players, s.game.sets,
               tuple(type(m) for m in s.modules))
    return solver.budget.transpositions.setdefault(context, {})


def ends_for(solver: Solver) -> Table | None:
    """The table of the moves that end a turn, for the searches of ``solver`` whatever their preference; None
    without a shared budget."""
    if not solver.budget.shared:
        return None
    s = solver.state
    context = ("ends", solver.leaf, solver.start, s.game.players, s.game.sets, tuple(type(m) for m in s.modules))
    return solver.budget.transpositions.setdefault(context, {})


def root_of(state: GameState, ids: dict) -> int:
    """What a search's positions share with the state it starts from and ``GameState.turn_key`` leaves out:
    every tile on the board and the pile (within a turn a tile changes only where the turn places one, and
    the pile only at the next draw); as a number of ``ids``."""
    root = ("root", frozenset(state.board.tiles.items()), tuple(tuple(sorted(stage.items())) for stage in state.stages))
    return ids.setdefault(root, len(ids))


def position_key(state: GameState, root: int, turn_key: tuple, ids: dict) -> int:
    """Everything that makes two states met by searches from the state ``root`` the same game situation: the
    root, the ``turn_key`` of the state, and its flooded segments (a reading may flood others); as a number of
    ``ids`` (one per situation the command met: a look-up does not hash the situation again)."""
    return ids.setdefault((root, turn_key, state.board.flood_marks), len(ids))


def shared_parts(pool: dict, key: tuple) -> tuple:
    """``key`` made of the pool's copy of each of its parts: the tiles, followers and tokens of a position are
    most often those of many others, and one copy of each is kept (a search's memory is mostly keys)."""
    return tuple([pool.setdefault(part, part) for part in key])


def shared_reads(pool: dict, rulings: dict[str, None], history: dict[str, None]) -> Reads:
    """The pool's copy of what a search read (a few sets of rulings are read by most positions); never
    changed after."""
    return pool.setdefault((tuple(rulings), tuple(history)), (rulings, history))


def lookup(table: dict, key: tuple, options: dict[str, str]) -> object | None:
    """What is kept for ``key`` under rulings that have the same options in ``options`` as those it was found
    under, on each ruling its search read; None when nothing is."""
    for rids, by_options in table.get(key, ()):
        found = by_options.get(tuple([options[rid] for rid in rids]))
        if found is not None:
            return found
    return None


def store(table: dict, key: tuple, kept: object, rids: Iterable[str], options: dict[str, str], pool: dict) -> None:
    """Keep ``kept`` for ``key``, for games that agree with ``options`` on each of the rulings ``rids``
    (``pool``: see ``shared_parts``). Kept by the rulings read, then by their options: a look-up costs one
    try for each set of rulings read, however many readings were tried."""
    rids = tuple(rids)
    rids = pool.setdefault(rids, rids)
    groups = table.setdefault(key, [])
    chosen = tuple([options[rid] for rid in rids])
    for known, by_options in groups:
        if known is rids:
            by_options[chosen] = kept
            return
    groups.append((rids, {chosen: kept}))


def replay(reads: Reads) -> None:
    """Count what a search read (or what the search that found its values read) as read now."""
    rulings, history = reads
    consulted(rulings)
    for rid in history:
        history_missing(rid)
