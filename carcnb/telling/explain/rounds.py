"""A turn's decisions as a strip of small boards, one per decision, each titled with who did what in words
(the account's words): the crop circle round (the choice, then every player's part) or a lake tile's ferry
being laid and moved.
"""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.actions import Action, Ferry, Place, parse_action
from carcnb.engine.geometry import Pos
from carcnb.telling.account import told
from carcnb.telling.explain.figures import Panel, Picture, strip
from carcnb.telling.explain.game import Source, state_of


def title(number: int, said: str) -> str:
    """``2. blue puts a thief on the road at 1,-1 (S)`` (the picture wraps it to its board's width)."""
    return f"{number}. {said}"


def _where(action: Action) -> tuple[Pos, ...]:
    """The tile an action names, to mark on its board."""
    if isinstance(action, Place):
        return ((action.x, action.y),)
    pos = getattr(action, "pos", None)
    return (pos,) if pos is not None else ()


def decisions_strip(source: Source, *actions: str, caption: str, start: str = "before", columns: int = 4) -> Picture:
    """The board before ``actions`` (titled ``start``), then one board after each of them, titled with its
    number and what it did ("2. blue puts a thief on the road at 1,-1 (S)") and with the tile it names
    marked (for a ferry, the road it carries tinted). A decision that names no tile (a choice, a pass)
    changes no board: it is added to the title of the board before. Chance draws are played, not shown."""
    state = state_of(source)
    panels = [Panel(state.clone(), start)]
    number = 0
    for text in actions:
        action = parse_action(text)
        if state.is_chance():
            state.apply(action)
            continue
        number += 1
        words = title(number, told(state, action).said)
        where = _where(action)
        if isinstance(action, Ferry):  # the road the ferry now carries, tinted (a mark would hide the ferry)
            panels.append(Panel(state.clone(), words, highlight=state.board.node_at(action.pos, action.a)))
        elif where:
            panels.append(Panel(state.clone(), words, spots=where))
        else:
            panels[-1] = replace(panels[-1], source=state.clone(), title=f"{panels[-1].title}\n{words}")
    return strip(panels, caption, columns)
