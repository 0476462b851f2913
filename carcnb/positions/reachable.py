"""States of a position the rules cannot reach: a flood line without its tile, a flood that must have spread
and is written as not, a flood tile where no river could be. Each problem says how to fix the file.
"""
from __future__ import annotations

from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position, Problem


def problems(p: Position) -> list[Problem]:
    """States of ``p`` the rules cannot reach, each saying how to fix the file."""
    out = []
    flood = dict(p.flood)
    fl = _flood_tile(p)
    if flood and fl is None and "at" not in flood:  # ``at``: the meteor replaced FL there
        out.append(Problem("flood-without-tile", "flood = { ... } is set but FL is not on the board: put FL where "
                                                 "it replaced a river tile, or remove the flood line"))
    if flood_must_have_spread(p) and flood.get("spread") is False:
        out.append(Problem("flood-not-spread", f"the flood laid by {p.mover} spreads at the start of "
                                               f"{p.mover}'s next turn, before the draw, and {p.mover} is to move "
                                               f"with {p.hand} in hand: write spread = true in flood, or remove "
                                               "hand (the moment before the draw)"))
    if fl is not None and "river" not in p.sets and dict(p.rulings).get("flood.without_river",
                                                                         "redraw") == "redraw":
        out.append(Problem("flood-without-river", f"FL at {fl.x},{fl.y} replaces a river tile, and sets has no "
                                                  "\"river\": add \"river\" to sets, or set rulings "
                                                  "{ \"flood.without_river\" = \"any_tile\" } (FL replaces any "
                                                  "tile but the start)", fl.line))
    return out


def _flood_tile(p: Position):
    return next((t for t in p.board if catalogue()[t.tile].has("flood")), None)


def flood_must_have_spread(p: Position) -> bool:
    """FL is down, laid by the player to move, who holds a drawn tile: the flood spread before that draw."""
    by = dict(p.flood).get("by")
    down = _flood_tile(p) is not None or "at" in dict(p.flood)  # on the board, or where the meteor replaced it
    return by is not None and by == p.mover and p.hand is not None and down
