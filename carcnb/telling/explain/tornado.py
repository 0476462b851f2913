"""The tornado's event step by step: a strip of small boards, one per decision, each titled with what it did
(the account's words) and what the tornado carries."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from carcnb.engine.actions import Action, Drop, Pick, TornadoStep, parse_action
from carcnb.engine.features import split_figure
from carcnb.engine.geometry import pos_text
from carcnb.engine.state import GameState
from carcnb.telling.account import Entry, carried_named, told
from carcnb.telling.explain.figures import Panel, Picture, strip
from carcnb.telling.explain.game import Source, state_of
from carcnb.telling.explain.rounds import title
from carcnb.telling.render.draw import board_extent

EVENT = (TornadoStep, Pick, Drop)
STRIP_MARGIN = 0.5  # tiles of room round a strip's boards: enough for the coordinates, small boards read larger
Choose = Callable[[list[Action]], Action]


def first(legal: list[Action]) -> Action:
    """The first decision offered (the engine's order)."""
    return legal[0]


def in_event(state: GameState) -> bool:
    """Whether the tornado's event asks for a decision now."""
    legal = state.legal_actions()
    return state.current_player() >= 0 and bool(legal) and isinstance(legal[0], EVENT)


def finish_event(state: GameState, choose: Choose = first) -> list[str]:
    """Play the rest of the event in ``state``, each decision made by ``choose``; the actions, in order."""
    seen = []
    while in_event(state):
        action = choose(state.legal_actions())
        seen.append(str(action))
        state.apply(action)
    return seen


def carried(state: GameState) -> str:
    """What the tornado carries now, in words."""
    entry = state.ext.get("tornado_carry")
    if entry is None:
        return "carries nothing"
    color, kind = split_figure(entry)
    return f"carries {color}'s {kind}"


def event_strip(source: Source, *actions: str, choose: Choose = first, caption: str, columns: int = 4) -> Picture:
    """The tornado's event as a strip: ``actions`` played (the tornado tile's placement and any decisions of
    the event you choose), the rest of the event chosen by ``choose``; one board per decision, the first
    where the tornado starts."""
    state = state_of(source)
    panels: list[Panel] = []
    entries: list[Entry] = []
    decisions = 0

    def apply(action: Action) -> None:
        nonlocal decisions
        entries.append(told(state, action))
        said = "; ".join(carried_named(entries)[-1].lines())  # a step may also pick a figure up and set one down
        if isinstance(action, EVENT):
            decisions += 1
            number = decisions
            tail = "" if isinstance(action, Drop) else f"\n{carried(state)}"
            panels.append(Panel(state.clone(), title(number, said) + tail))
        elif in_event(state) and not panels:
            panels.append(Panel(state.clone(), f"start at {pos_text(state.ext['tornado'])}\n{carried(state)}"))

    for text in actions:
        apply(parse_action(text))
    while in_event(state):
        apply(choose(state.legal_actions()))
    path = {pos for panel in panels for pos in panel.source.ext.get("tornado_path") or ()}
    extent = board_extent(state, STRIP_MARGIN, path)  # the tiles and the tornado's path: one view for all
    return strip([replace(panel, extent=extent) for panel in panels], caption, columns)
