"""Values found by one search, kept for the searches after it in the same command, under other readings of the
rules too.

``readings`` answers a position once for each combination of the rulings its answer consults; most of each
search does not depend on the ruling that changed. So every value a search finds is kept with the rulings its
search read below the position, and with the whole position (``position_key``: every tile, follower and token,
not only what one turn can change). A later search takes the value when every one of those rulings has the
same option in its game, however it reached the position: it searches again only where a consulted ruling
differs.

A table holds the values of the searches with the same rule modules, players, preference, leaf valuation and
starting scores. Tables live in the command's budget (``budget.Budget.transpositions``); a search without a
shared budget keeps none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.rulings import consulted, history_missing
from carcnb.engine.state import PICTURE_ONLY, GameState

if TYPE_CHECKING:
    from carcnb.search.solve import Solver

Reads = tuple[dict[str, None], dict[str, None]]  # rulings read, rulings taken on trust (``history_missing``)
Found = tuple[tuple[int, ...], Reads]  # a position's value and what its search read
Table = dict[tuple, list[tuple[tuple[tuple[str, str], ...], Found]]]


def table_for(solver: Solver) -> Table | None:
    """The table for the searches of ``solver``; None without a shared budget."""
    if not solver.budget.shared:
        return None
    s = solver.state
    context = (solver.prefer, solver.leaf, solver.start, s.game.players, s.game.sets,
               tuple(type(m) for m in s.modules))
    return solver.budget.transpositions.setdefault(context, {})


def position_key(state: GameState, pool: dict) -> tuple:
    """Everything that makes two states the same game situation (``GameState.key``) except what is kept only
    for pictures (the tornado's path), its parts shared through ``pool``."""
    key = state.key()
    if not PICTURE_ONLY.isdisjoint(state.ext):
        key = key[:-1] + (tuple(sorted((k, v) for k, v in state.ext.items() if k not in PICTURE_ONLY)),)
    return shared_parts(pool, key)


def shared_parts(pool: dict, key: tuple) -> tuple:
    """``key`` made of the pool's copy of each of its parts: the tiles, followers and tokens of a position are
    most often those of many others, and one copy of each is kept (a search's memory is mostly keys)."""
    return tuple([pool.setdefault(part, part) for part in key])


def shared_reads(pool: dict, rulings: dict[str, None], history: dict[str, None]) -> Reads:
    """The pool's copy of what a search read (a few sets of rulings are read by most positions); never
    changed after."""
    return pool.setdefault((tuple(rulings), tuple(history)), (rulings, history))


def lookup(table: Table, key: tuple, options: dict[str, str]) -> Found | None:
    """The value kept for position ``key`` whose rulings all have the same options in ``options``."""
    for needs, found in table.get(key, ()):
        if all(options[rid] == option for rid, option in needs):
            return found
    return None


def store(table: Table, key: tuple, found: Found, options: dict[str, str], pool: dict) -> None:
    """Keep ``found`` for position ``key``, for games that agree with ``options`` on every ruling its search
    read (``pool``: see ``shared_parts``)."""
    needs = tuple((rid, options[rid]) for rid in found[1][0])
    table.setdefault(key, []).append((pool.setdefault(needs, needs), found))


def replay(reads: Reads) -> None:
    """Count what a search read (or what the search that found its values read) as read now."""
    rulings, history = reads
    consulted(rulings)
    for rid in history:
        history_missing(rid)
