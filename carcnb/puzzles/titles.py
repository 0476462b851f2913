"""Puzzle titles an editor would sign: a mined puzzle's theme, then who decides what ("Don't feed blue's farmer:
red to place K, the last tile of the game"), never the move and never a claim the answer does not bear out; one
title a puzzle in a collection; and the one way a title names the rulings in force ("(ruling tornado.drop =
may)"), which the list adds and no title carries itself."""
from __future__ import annotations

import re
from collections.abc import Iterable

from carcnb.engine.geometry import pos_text
from carcnb.engine.rules.base import PlaceStep
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep
from carcnb.engine.rules.flood import FloodStep
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from carcnb.engine.rulings import RULINGS
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.telling.idea import Idea
from carcnb.telling.wording import tile_name

RULE_PHRASES = {"meteor": "Where the meteor falls", "flood": "Where the flood breaks", "tornado": "The tornado's path",
                "ferry": "Where the ferry goes", "crop circle": "What the crop circle does"}
# A ruling label as titles once wrote it, in any of the old ways: "(ruling drop: may)", "(3rd-edition scoring)",
# "(rulings: what the meteor hits is lost)", "(scoring.edition = second)".
OLD_LABEL = re.compile(r"\s*\((?:rulings?\b[^)]*|[23](?:nd|rd)-edition scoring|[a-z]+\.[a-z_]+ = [\w,]+)\)")


def theme_phrase(idea: Idea) -> str:
    """The theme as a title says it: what to look for, not which piece or which move."""
    opp = idea.opponent
    return {
        "destroy": f"Knock out one of {opp}'s followers",
        "steal": f"Steal from {opp}",
        "share": f"Share with {opp}",
        "deny": f"Hold {opp} back",
        "feed": f"Don't feed {opp}'s farmer",
        "reply": f"Think of {opp}'s reply",
        "long": "Look past the points now",
        "score": "Take the points",
    }.get(idea.theme) or RULE_PHRASES[idea.theme]


def title(idea: Idea, situation: str) -> str:
    """The theme first, then who decides what."""
    return f"{theme_phrase(idea)}: {situation}"


def situation(p: Position) -> str:
    """Who decides what (the second half of a ``best`` puzzle's title, after its theme); never the answer. Over
    the whole game it says how many tiles are left."""
    state = state_from_position(p)
    who = state.players[state.current_player()]
    step = state.todo[0]
    if isinstance(step, PlaceStep):
        what = f"{who} to place {tile_name(state.hand)}"
        if p.pile == ():
            what += ", the last tile of the game"
    elif isinstance(step, MeteorStep):
        what = f"{who} aims the meteor" if step.phase == "aim" else f"{who} may turn the meteor aside"
    elif isinstance(step, FloodStep):
        what = f"{who} chooses where the flood breaks"
    elif isinstance(step, (TornadoMoveStep, TornadoPickStep, TornadoDropStep)):
        what = f"{who} steers the tornado from {pos_text(state.ext['tornado'])}"
    elif isinstance(step, LayFerryStep):
        what = f"{who} lays the ferry at {pos_text(step.pos)}"
    elif isinstance(step, MoveFerryStep):
        what = f"{who} may move the ferry at {pos_text(step.pos)}"
    else:
        what = f"{who} chooses what the crop circle does"
    if p.pile == () and not isinstance(step, PlaceStep):
        what += " on the last turn"
    if p.question is not None and p.question.horizon == "game" and (left := state.pile_size()):
        what += f", {left} tile{'s' * (left != 1)} left"
    return what


def ruling_label(readings: Iterable[tuple[str, str]]) -> str:
    """The rulings in force that a puzzle is about, as one label: "(ruling tornado.drop = may)", "(rulings
    meteor.adjacency = king, tornado.steps = straight)"; empty for none. Ordered as the registry orders them."""
    order = list(RULINGS)
    said = [f"{rid} = {option}" for rid, option in sorted(dict(readings).items(), key=lambda r: order.index(r[0]))]
    if not said:
        return ""
    return f"(ruling{'s' if len(said) > 1 else ''} {', '.join(said)})"


def without_label(text: str) -> str:
    """A title without any ruling label of its own: the list adds the one label, in one format."""
    return OLD_LABEL.sub("", text).strip()


def told_apart(titles: dict[str, str], boards: dict[str, str]) -> dict[str, str]:
    """The titles (by key) made unique: a title that several puzzles share gets what tells their boards apart
    (``boards``: a few words on each, such as its size), then, if that is not enough, a number."""
    out = {key: f"{text}, {boards[key]}" if list(titles.values()).count(text) > 1 else text
           for key, text in titles.items()}
    groups: dict[str, list[str]] = {}
    for key in sorted(out):
        groups.setdefault(out[key], []).append(key)
    for text, keys in groups.items():
        if len(keys) > 1:
            out |= {key: f"{text} ({n})" for n, key in enumerate(keys, 1)}
    return out
