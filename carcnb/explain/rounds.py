"""A turn's decisions as a strip of small boards, one per decision, each titled with who did what in words:
the crop circle round (the choice, then every player's part) or a lake tile's ferry being laid and moved.
"""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Crop, Deploy, Ferry, Pass, Place, Remove, parse_action
from ..geometry import PORT_NAMES, Pos, pos_text
from ..rules.base import DeployStep
from ..rules.ferries import LayFerryStep, MoveFerryStep
from ..state import GameState
from .figures import Panel, Picture, strip
from .game import Source, state_of


def said(state: GameState, action: Action) -> str:
    """What ``action`` does, in words, said before it is played in ``state``."""
    if isinstance(action, Crop):
        return f"chooses {action.mode}"
    if isinstance(action, Place):
        return f"places {state.hand} at {pos_text((action.x, action.y))}"
    if isinstance(action, Deploy):
        return f"puts a follower on {pos_text(action.pos)}"
    if isinstance(action, Remove):
        return f"takes the follower\non {pos_text(action.pos)} home"
    if isinstance(action, Ferry):
        verb = "lays" if isinstance(state.todo[0], LayFerryStep) else "moves"
        return f"{verb} the ferry on {pos_text(action.pos)}\nto join {PORT_NAMES[action.a]} and {PORT_NAMES[action.b]}"
    if isinstance(action, Pass):
        step = state.todo[0]
        if isinstance(step, DeployStep):
            return "puts no follower down"
        if isinstance(step, MoveFerryStep):
            return f"leaves the ferry on {pos_text(step.pos)}"
        return "passes"
    return str(action)


def _where(action: Action) -> tuple[Pos, ...]:
    """The tile an action names, to mark on its board."""
    if isinstance(action, Place):
        return ((action.x, action.y),)
    pos = getattr(action, "pos", None)
    return (pos,) if pos is not None else ()


def decisions_strip(source: Source, *actions: str, caption: str, start: str = "before", columns: int = 4) -> Picture:
    """The board before ``actions`` (titled ``start``), then one board after each of them, titled
    "2. blue puts a follower on 1,-1" and with the tile it names marked (for a ferry, the road it carries tinted). A decision that names no tile (a
    choice, a pass) changes no board: it is added to the title of the board before. Chance draws are played,
    not shown."""
    state = state_of(source)
    panels = [Panel(state.clone(), start)]
    number = 0
    for text in actions:
        action = parse_action(text)
        if state.is_chance():
            state.apply(action)
            continue
        number += 1
        words = f"{number}. {state.players[state.current_player()]} {said(state, action)}"
        state.apply(action)
        where = _where(action)
        if isinstance(action, Ferry):  # the road the ferry now carries, tinted (a mark would hide the ferry)
            panels.append(Panel(state.clone(), words, highlight=state.board.node_at(action.pos, action.a)))
        elif where:
            panels.append(Panel(state.clone(), words, spots=where))
        else:
            panels[-1] = replace(panels[-1], source=state.clone(), title=f"{panels[-1].title}\n{words}")
    return strip(panels, caption, columns)
