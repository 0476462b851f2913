"""Positions that cannot contradict themselves: states the rules cannot reach, completed or refused.

A forum user writes the board as it stands and leaves out what the rules make certain. ``completed`` fills in
what the rules force (the flood has spread once its placer is to move with a drawn tile; a ``played`` action
that names a feature by any of its ports is the legal action on that feature); ``problems`` lists what no
game can reach, each with the fix. ``unfinished`` says when ``played`` stops inside the turn, so that the
position is answered as the middle of that turn and never scored as if the game had ended there.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .actions import parse_action
from .errors import CarcnbError
from .spelling import meant
from .tiles import catalogue

if TYPE_CHECKING:
    from .game_io import Problem
    from .position import Position
    from .state import GameState


def completed(p: Position) -> Position:
    """``p`` with what the rules force written in: the spread of the flood, and each ``played`` action named as
    the engine names it."""
    if _flood_must_have_spread(p) and "spread" not in dict(p.flood):
        p = replace(p, flood=(*p.flood, ("spread", True)))
    if p.played:
        p = replace(p, played=_played_spelled(p))
    return p


def problems(p: Position) -> list[Problem]:
    """States of ``p`` the rules cannot reach, each saying how to fix the file."""
    from .game_io import Problem

    out = []
    flood = dict(p.flood)
    fl = _flood_tile(p)
    if flood and fl is None and "at" not in flood:  # ``at``: the meteor replaced FL there
        out.append(Problem("flood-without-tile", "flood = { ... } is set but FL is not on the board: put FL where "
                                                 "it replaced a river tile, or remove the flood line"))
    if _flood_must_have_spread(p) and flood.get("spread") is False:
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


def unfinished(p: Position, state: GameState) -> str | None:
    """What the turn still waits for when ``p``'s ``played`` actions stop inside it (``state``: ``p`` loaded),
    in words; None when there are none or they end the turn."""
    if not p.played or state.current_player() < 0:
        return None
    from .questions import waiting_for

    return waiting_for(state)


def as_asked(p: Position) -> Position:
    """``p`` with the question it asks: a position without one whose ``played`` actions stop inside the turn
    asks how the turn is best finished (an open ``best`` question), never the final scores."""
    if p.question is not None or not p.played:
        return p
    from .game_io import state_from_position
    from .position import Question

    if unfinished(p, state_from_position(p)) is None:
        return p
    return replace(p, question=Question("best"))


def require_turn_over(p: Position, state: GameState) -> None:
    """Refuse to score ``p`` as the game's end when its ``played`` list stops inside the turn."""
    waits = unfinished(p, state)
    if waits is not None:
        raise CarcnbError(f"{p.path}: played ({'; '.join(p.played)}) stops in the middle of the turn, which waits "
                          f"for {waits}: the game cannot end there. Add the rest of the turn to played, or ask "
                          "[question] kind = \"best\" to have the engine finish it")


def _flood_tile(p: Position):
    return next((t for t in p.board if catalogue()[t.tile].has("flood")), None)


def _flood_must_have_spread(p: Position) -> bool:
    """FL is down, laid by the player to move, who holds a drawn tile: the flood spread before that draw."""
    by = dict(p.flood).get("by")
    down = _flood_tile(p) is not None or "at" in dict(p.flood)  # on the board, or where the meteor replaced it
    return by is not None and by == p.mover and p.hand is not None and down


def _played_spelled(p: Position) -> tuple[str, ...]:
    """``p``'s played actions each written as the legal action it means (``spelling``): a follower on a road
    may be named by any port of that road, as on the board, and a ferry's ends in either order."""
    from .game_io import state_from_position

    try:
        state = state_from_position(replace(p, played=()))
    except CarcnbError:
        return p.played  # a position with problems is loaded as written: its problems say what is wrong
    out = []
    for text in p.played:
        action = meant(state, parse_action(text))
        if action is None:
            return (*out, *p.played[len(out):])  # the replay's own error names it
        out.append(str(action))
        state.apply(action)
    return tuple(out)
