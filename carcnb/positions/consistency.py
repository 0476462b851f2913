"""Positions that cannot contradict themselves: states the rules cannot reach, completed or refused.

A forum user writes the board as it stands and leaves out what the rules make certain. ``completed`` fills in
what the rules force (the flood has spread once its placer is to move with a drawn tile; a ``played`` action
that names a feature by any of its ports is the legal action on that feature); ``reachable.problems`` lists what no
game can reach, each with the fix. ``unfinished`` says when ``played`` stops inside the turn, so that the
position is answered as the middle of that turn and never scored as if the game had ended there.
"""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.actions import parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import GameState, waiting_for
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position, Question
from carcnb.positions.reachable import flood_must_have_spread
from carcnb.positions.spelling import meant


def completed(p: Position) -> Position:
    """``p`` with what the rules force written in: the spread of the flood, and each ``played`` action named as
    the engine names it."""
    if flood_must_have_spread(p) and "spread" not in dict(p.flood):
        p = replace(p, flood=(*p.flood, ("spread", True)))
    if p.played:
        p = replace(p, played=_played_spelled(p))
    return p


def unfinished(p: Position, state: GameState) -> str | None:
    """What the turn still waits for when ``p``'s ``played`` actions stop inside it (``state``: ``p`` loaded),
    in words; None when there are none or they end the turn."""
    if not p.played or state.current_player() < 0:
        return None
    return waiting_for(state)


def as_asked(p: Position) -> Position:
    """``p`` with the question it asks: a position without one whose ``played`` actions stop inside the turn
    asks how the turn is best finished (an open ``best`` question), never the final scores."""
    if p.question is not None or not p.played:
        return p
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


def _played_spelled(p: Position) -> tuple[str, ...]:
    """``p``'s played actions each written as the legal action it means (``spelling``): a follower on a road
    may be named by any port of that road, as on the board, and a ferry's ends in either order."""
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
