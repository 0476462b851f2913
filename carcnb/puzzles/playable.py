"""Whether a puzzle's board could arise in play, and the sets a puzzle uses.

A game starts from its start tile at 0,0, so a board without a tile there never happens; and a position that
names its pile (a last-tile puzzle names an empty one) uses only the sets whose tiles it holds on the board,
in hand, gone or in that pile, so a set it names beyond those is one it does not use. ``carcnb check`` refuses
both; the collection keeps each puzzle in the folder of the sets it uses (``tests/test_collection.py``).
"""
from __future__ import annotations

from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position


def sets_in_use(p: Position) -> set[str]:
    """The sets whose tiles ``p`` holds (``base`` always): on the board, in hand, gone, in the pile it names, or
    every set it names when it leaves the pile to them. The Ferries' crop circle tile is The Ferries'."""
    if p.pile is None:
        return {"base", *p.sets}
    cat = catalogue()
    tiles = [t.tile for t in p.board] + ([p.hand] if p.hand else []) + [*p.gone, *p.pile]
    used = {"base"} | {cat[t].set for t in tiles}
    if "cropcircles" in used and "cropcircles" not in p.sets and "ferries" in p.sets:
        used |= {"ferries"}
    return used


def unplayable(p: Position) -> list[str]:
    """Why the board of ``p`` could not arise in play, each reason saying how to fix it; empty when it could."""
    out = []
    if p.board and not any(t.pos == (0, 0) for t in p.board):
        out.append("no start tile at 0,0: every game starts from its start tile there; move the board so that a "
                   "tile lies at 0,0")
    unused = [s for s in p.sets if s not in sets_in_use(p)]
    if unused:
        out.append(f"sets names {unused[0]!r}, which the position does not use (no tile of it on the board, in hand, "
                   f"gone or in the pile): remove it from sets")
    return out
