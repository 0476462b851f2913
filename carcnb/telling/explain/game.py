"""Positions and game states for examples: a ruling set differently, a few actions played, the game ended."""
from __future__ import annotations

from importlib import resources

from carcnb.engine.actions import Place, parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import Pos
from carcnb.engine.rules.base import apply_final
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import parse
from carcnb.telling.render.compare import under  # noqa: F401  (the position with one ruling set otherwise)

Source = Position | GameState


def example_names() -> list[str]:
    """The example positions the notebooks show (``carcnb/data/examples``), by name."""
    folder = resources.files("carcnb").joinpath("data/examples")
    return sorted(f.name.removesuffix(".toml") for f in folder.iterdir() if f.name.endswith(".toml"))


def example(name: str) -> Position:
    """One of the example positions the notebooks show, by name (``"meteor-grid"``)."""
    if name not in example_names():
        raise CarcnbError(f"no example position {name!r} (known: {', '.join(example_names())})")
    text = resources.files("carcnb").joinpath(f"data/examples/{name}.toml").read_text(encoding="utf-8")
    return parse(text, f"carcnb/data/examples/{name}.toml")


def state_of(source: Source) -> GameState:
    """A game state of its own: a position's state, or a copy of a state (the original is never changed)."""
    if isinstance(source, GameState):
        return source.clone()
    if isinstance(source, Position):
        return state_from_position(source)
    raise CarcnbError(f"expected a Position or a GameState, not {type(source).__name__}")


def play(source: Source, *actions: str) -> GameState:
    """The game after ``actions`` in the action notation (``"meteor 1,0"``, ``"pass"``), played from a
    position or from a copy of a state."""
    state = state_of(source)
    for text in actions:
        state.apply(parse_action(text))
    return state


def ended(source: Source) -> tuple[GameState, tuple[ScoreRow, ...]]:
    """The game ended now: the state after the end-of-game effects and final scoring (earthquake tokens
    visible on the board), and the rows final scoring added."""
    state = state_of(source)
    rows = apply_final(state)
    return state, tuple(rows)


def decision_marks(source: Source) -> tuple[list[tuple[int, int, int]], list[Pos]]:
    """Where the decision asked now may go: placements ``(x, y, rot)`` of a tile, and the positions named by
    any other decision (a meteor aim, a flood target, a tornado step, a follower's tile)."""
    state = source if isinstance(source, GameState) else state_of(source)
    if state.current_player() < 0:
        return [], []
    placements, spots = [], []
    for action in state.legal_actions():
        if isinstance(action, Place):
            placements.append((action.x, action.y, action.rot))
        elif getattr(action, "pos", None) is not None and action.pos not in spots:
            spots.append(action.pos)
    return placements, spots


def play_first(source: Source) -> GameState:
    """The game after every decision asked is taken as the first choice offered, up to the next draw or the
    end (a crop circle's round, say, with each player doing the first thing the rules allow)."""
    state = state_of(source)
    while state.current_player() >= 0:
        state.apply(state.legal_actions()[0])
    return state
