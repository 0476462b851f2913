"""Puzzles that share a board: the same position asked twice is one puzzle too many, and two puzzles on one
board served back to back let the second be solved from memory.

``same_position`` is what ``carcnb check`` compares: everything a player sees and plays from (board, tokens,
hand, who moves, pile, played, sets), but not the rulings, the question, the title or the points scored before
(a board told twice with other totals is still one board to study). ``board_of`` is
the board alone (tiles and their tokens), which the quiz and the puzzle browser keep apart in their order.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from carcnb.engine.errors import CarcnbError
from carcnb.positions.model import Position
from carcnb.positions.parse import load

T = TypeVar("T")


def board_of(p: Position) -> frozenset[str]:
    """The tiles of ``p`` with their tokens, in any order of the file's lines."""
    return frozenset(str(t) for t in p.board)


def same_position(p: Position) -> Position:
    """``p`` without what two puzzles on one position may differ in: rulings, question, title and scores."""
    return replace(p, board=tuple(sorted(p.board, key=lambda t: t.pos)), rulings=(), question=None, title=None,
                   scores=())


def duplicates(puzzles: Iterable[Position]) -> list[list[str]]:
    """The paths of the puzzles that share a position, in groups of two or more (in the order given)."""
    groups: dict[Position, list[str]] = {}
    for p in puzzles:
        groups.setdefault(same_position(p), []).append(p.path)
    return [paths for paths in groups.values() if len(paths) > 1]


def duplicate_files(files: Iterable[str | Path]) -> list[list[str]]:
    """``duplicates`` among the files that load (a file that does not is reported by its own check)."""
    loaded = []
    for path in files:
        try:
            loaded.append(load(path))
        except CarcnbError:
            continue
    return duplicates(loaded)


DUPLICATE_FIX = ("keep one, or make one puzzle that asks under each reading of the ruling they differ in "
                 "(under = \"RULING\" in [question], see docs/positions.md)")


def boards_apart(items: Sequence[T], board: Callable[[T], Hashable]) -> list[T]:
    """``items`` in their order, except that an item on the same board as the one before waits until another
    board comes between; when only its own board is left, it goes back to the latest place between two other
    boards (and only when there is none, next to its own)."""
    waiting = list(items)
    out: list[T] = []
    while waiting:
        last = board(out[-1]) if out else None
        i = next((k for k, item in enumerate(waiting) if board(item) != last), None)
        if i is not None:
            out.append(waiting.pop(i))
            continue
        item = waiting.pop(0)
        own = board(item)
        gap = next((k for k in range(len(out) - 1, -1, -1)
                    if board(out[k]) != own and (k == 0 or board(out[k - 1]) != own)), len(out))
        out.insert(gap, item)
    return out
