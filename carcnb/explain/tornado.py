"""The tornado's event step by step: a strip of small boards, one per decision, each saying what it carries."""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, Drop, Pick, TornadoStep, parse_action
from ..features import split_figure
from ..geometry import pos_text
from ..state import GameState
from .figures import Panel, Picture, strip
from .game import Source, state_of

EVENT = (TornadoStep, Pick, Drop)
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


def _title(state: GameState, mover: str, action: Action, steps: int) -> str:
    if isinstance(action, TornadoStep):
        return f"{steps}. {mover} steps to {pos_text(action.pos)}\n{carried(state)}"
    if isinstance(action, Pick):
        return f"{mover} picks {action.color}'s figure\n{carried(state)}"
    return f"{mover} puts the follower down\nat {pos_text(action.pos)}"


def event_strip(source: Source, *actions: str, choose: Choose = first, caption: str, columns: int = 4) -> Picture:
    """The tornado's event as a strip: ``actions`` played (the tornado tile's placement and any decisions of
    the event you choose), the rest of the event chosen by ``choose``; one board per decision, the first
    where the tornado starts."""
    state = state_of(source)
    panels: list[Panel] = []
    steps = 0

    def record(action: Action | None, mover: str) -> None:
        nonlocal steps
        if action is None:
            panels.append(Panel(state.clone(), f"start at {pos_text(state.ext['tornado'])}\n{carried(state)}"))
            return
        steps += isinstance(action, TornadoStep)
        panels.append(Panel(state.clone(), _title(state, mover, action, steps)))

    def apply(action: Action) -> None:
        mover = state.players[state.current_player()] if state.current_player() >= 0 else ""
        state.apply(action)
        if isinstance(action, EVENT):
            record(action, mover)
        elif in_event(state) and not panels:
            record(None, mover)

    for text in actions:
        apply(parse_action(text))
    while in_event(state):
        apply(choose(state.legal_actions()))
    return strip(panels, caption, columns)
