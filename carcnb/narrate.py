"""A turn and a score breakdown told in words, from what the engine did.

The miner writes a puzzle's ``explanation`` with these; each sentence comes from an action or a score row,
so the prose can never disagree with the engine.
"""
from __future__ import annotations

from .actions import (Action, Crop, Deploy, Discard, Drop, Ferry, Flood, Meteor, Pass, Pick, Place, Remove,
                      TornadoStep)
from .geometry import PORT_NAMES, pos_text
from .rules.base import DeployStep
from .rules.cropcircles import CropActStep
from .rules.ferries import LayFerryStep, MoveFerryStep
from .rules.meteor import MeteorStep
from .scoring import ScoreRow
from .state import GameState
from .wording import tile_name

_FIGURE = {"city": "a knight", "road": "a thief", "field": "a farmer", "cloister": "a monk"}
_PASS = {DeployStep: "deploy nothing", MeteorStep: "leave the meteor where it is",
         MoveFerryStep: "leave the ferry where it is", CropActStep: "add nothing"}  # by the step passed


def action_text(state: GameState, action: Action) -> str:
    """What ``action`` does in ``state`` (before it is applied), as a phrase: "place K at 1,2 turned 90°"."""
    step = state.todo[0] if state.todo else None
    if isinstance(action, Place):
        turned = f" turned {action.rot}°" if action.rot else ""
        return f"place {tile_name(state.hand)} at {pos_text(action.pos)}{turned}"
    if isinstance(action, Deploy):
        kind = state.board.segment(state.board.node_at(action.pos, action.port)).kind
        verb = "add" if isinstance(step, CropActStep) else "deploy"
        return f"{verb} {_FIGURE.get(kind, 'a follower')} on the {kind} at {pos_text(action.pos)} " \
               f"({PORT_NAMES[action.port]})"
    if isinstance(action, Remove):
        kind = state.board.segment(state.board.node_at(action.pos, action.port)).kind
        return f"take back the follower on the {kind} at {pos_text(action.pos)}"
    if isinstance(action, Pass):
        return _PASS.get(type(step), f"pass ({step.describe() if step else 'nothing to do'})")
    if isinstance(action, Meteor):
        chosen = state.ext.get("meteor_chosen", ())
        return f"{'move' if chosen else 'aim'} the meteor {'to' if chosen else 'at'} {pos_text(action.pos)}"
    if isinstance(action, TornadoStep):
        return f"move the tornado to {pos_text(action.pos)}"
    if isinstance(action, Flood):
        return f"let the flood replace the river tile at {pos_text(action.pos)}"
    if isinstance(action, Ferry):
        verb = "lay" if isinstance(step, LayFerryStep) else "move"
        return f"{verb} the ferry at {pos_text(action.pos)} to join {PORT_NAMES[action.a]} and {PORT_NAMES[action.b]}"
    if isinstance(action, Crop):
        if action.mode == "add":
            return "choose add at the crop circle (each player may add a follower)"
        return "choose remove at the crop circle (each player takes a follower back)"
    if isinstance(action, Pick):
        return f"have the tornado pick up {action.color}'s follower at {pos_text(action.pos)}"
    if isinstance(action, Drop):
        return f"put the carried follower back at {pos_text(action.pos)} ({PORT_NAMES[action.port]})"
    if isinstance(action, Discard):
        return "discard the tile"
    return str(action)


def row_text(row: ScoreRow) -> str:
    """One score row as a sentence: the feature, whether it is complete, who scores what, and why."""
    at = pos_text(row.tiles[0])
    size = f"{len(row.tiles)} tile{'s' * (len(row.tiles) != 1)}"
    if row.kind == "field":
        what = f"the field at {at} ({row.reason})"
    elif row.kind == "cloister":
        what = f"the cloister at {at} ({row.reason})"
    else:
        what = f"the {row.kind} at {at} ({size}, {row.reason})"
    notes = f" [{'; '.join(row.notes)}]" if row.notes else ""
    if not row.scorers:
        return f"{what}: nobody scores{notes}"
    who = row.scorers[0] if len(row.scorers) == 1 else " and ".join(row.scorers) + " each"
    return f"{what}: {who} {row.points}{notes}"


def rows_text(rows: tuple[ScoreRow, ...] | list[ScoreRow]) -> list[str]:
    """The rows as a list, one ``- `` line each."""
    return [f"- {row_text(r)}" for r in rows]
