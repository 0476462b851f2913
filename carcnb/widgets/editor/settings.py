"""The editor's settings: the mode, the tool and figure, the tile and its rotation, the colour, the pointer;
and the game's rulings and sets, under which a game being played is rebuilt and its actions replayed.

A part of ``EditorModel`` (a mixin) kept apart so the model reads as its state and what it shows; it works
on the model's own attributes, named below.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from carcnb.engine.actions import Draw
from carcnb.engine.errors import CarcnbError
from carcnb.engine.features import FIGURE_KINDS
from carcnb.engine.geometry import Pos, pos_text
from carcnb.engine.rulings import RULINGS, resolve
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import state_from_position
from carcnb.widgets.editor import edits, why
from carcnb.widgets.editor.modes import EDIT, MODES, PLAY, TOOLS
from carcnb.widgets.editor.views import as_it_stands

if TYPE_CHECKING:
    from collections.abc import Callable

    from carcnb.engine.actions import Action
    from carcnb.engine.features import Node
    from carcnb.engine.state import GameState
    from carcnb.positions.model import Position


class SettingsMixin:
    """``EditorModel``'s settings and game settings: commands that change how the editor acts or what game
    it plays, rather than a move or an edit."""

    # kept by EditorModel (each mixin lists what it uses, so the lists overlap)
    state: GameState
    position: Position
    origin: Position
    seed: int | None
    mode: str
    status: str
    rotation: int
    tile: str | None
    tool: str
    figure: str
    color: str
    hover_pos: Pos | None
    hover_port: int | None
    _ferry_from: tuple[Pos, int] | None
    _pending: list[Action]
    _undo: list[Position]
    _redo_pos: list[Position]
    _redo: list[Action]
    value: Position
    preview: tuple[str, int, int, int] | None
    highlight: Node | None
    legal: Callable[[], list[Action]]
    _players: Callable[[], tuple[str, ...]]
    _notify: Callable[..., None]
    _place_rotation: Callable[[str], int]
    _placing: Callable[[], bool]
    _prompt: Callable[[], str]
    _edit_hint: Callable[[], str]
    _commit: Callable[[Position, str], bool]

    def set_mode(self, mode: str) -> bool:
        """Switch between play and free edit; each mode starts its own undo history from the position."""
        if mode not in MODES:
            raise CarcnbError(f"unknown mode {mode!r} (known: {', '.join(MODES)})")
        if mode == self.mode:
            return True
        if mode == EDIT:
            self.position = as_it_stands(self.value)
            self._undo.clear()
            self._redo_pos.clear()
            self._ferry_from = None
            self.mode = EDIT
            self.status = "free edit: " + self._edit_hint()
        else:
            try:
                st = state_from_position(self.position, self.seed, allow_problems=True)
            except CarcnbError as e:
                self.status = f"cannot play from this position: {e}"
                self._notify()
                return False
            self.origin, self.state, self.mode = self.position, st, PLAY
            self._redo.clear()
            self._pending = []
            self.status = "play: " + self._prompt()
        self._notify(changed=True)
        return True

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the tile to place clockwise (negative: anticlockwise)."""
        self.rotation = (self.rotation + 90 * quarter_turns) % 360
        tid = self._current_tile()
        self.status = f"rotation {self.rotation}" + (f" for {tid}" if tid else "")
        if self.mode == PLAY and self._placing() and self.hover_pos is not None:
            reason = why.placement(self.state, self.state.hand_tile, self.hover_pos,
                                   self._place_rotation(self.state.hand))
            self.status += f": {reason}" if reason else f": fits at {pos_text(self.hover_pos)}"
        self._notify()

    def _current_tile(self) -> str | None:
        if self.mode == PLAY and self.state.hand:
            return self.state.hand
        return self.tile

    def select_tile(self, tid: str | None) -> None:
        """Choose a palette tile: the tile to put (edit) or to draw (play, at the draw)."""
        if tid is not None and tid not in catalogue():
            raise CarcnbError(f"unknown tile {tid!r}")
        self.tile = tid
        self.status = f"{tid} chosen" if tid else "no tile chosen"
        if self.mode == PLAY and tid and self.state.is_chance() and Draw(tid) not in self.legal():
            self.status += f": {tid} cannot be drawn now (none left in the pile being drawn from)"
        self._notify()

    def set_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            raise CarcnbError(f"unknown tool {tool!r} (known: {', '.join(TOOLS)})")
        self.tool = tool
        self._ferry_from = None
        self.status = f"tool: {tool}: " + self._edit_hint()
        self._notify()

    def set_figure(self, kind: str) -> None:
        """The kind of figure the follower tool puts: follower, builder or pig."""
        if kind not in FIGURE_KINDS:
            raise CarcnbError(f"unknown figure {kind!r} (known: {', '.join(FIGURE_KINDS)})")
        self.figure = kind
        self.status = f"figure: {kind}: " + self._edit_hint()
        self._notify()

    def set_color(self, color: str) -> None:
        if color not in self._players():
            raise CarcnbError(f"colour {color!r} is not a player ({', '.join(self._players())})")
        self.color = color
        self._notify()

    def hover(self, pos: Pos | None, port: int | None = None) -> bool:
        """The pointer is over ``pos`` (None: off the board); True when the picture must change."""
        before = (self.preview, self.highlight)
        self.hover_pos, self.hover_port = pos, port
        return (self.preview, self.highlight) != before

    # ----- game settings: rebuild and replay ----------------------------------------------------------------
    def set_ruling(self, rid: str, option: str) -> bool:
        """Play under another ruling: in play the game is rebuilt with it and its actions replayed."""
        resolve({rid: option})
        default = RULINGS[rid].default
        return self._reconfigure(lambda p: edits.set_ruling(p, rid, option, default), f"{rid} = {option}")

    def set_sets(self, sets: tuple[str, ...]) -> bool:
        return self._reconfigure(lambda p: edits.set_sets(p, sets), f"sets: {', '.join(sets) or 'base'}")

    def _reconfigure(self, change: Callable[[Position], Position], message: str) -> bool:
        if self.mode == EDIT:
            return self._commit(change(self.position), message)
        origin = change(self.origin)
        actions = list(self.state.history)  # includes the origin's own played actions
        try:
            st = state_from_position(replace(origin, played=()), self.seed, allow_problems=True)
        except CarcnbError as e:
            self.status = f"cannot rebuild the game: {e}"
            self._notify()
            return False
        done = 0
        for a in actions:
            if a not in st.legal_actions():
                break
            st.apply(a)
            done += 1
        self.origin, self.state = origin, st
        self._redo.clear()
        self._pending = []
        replay = (f"replayed all {done} actions" if done == len(actions) else
                  f"replayed {done} of {len(actions)} actions: {actions[done]} is not legal under it")
        self.status = f"{message}: {replay}. {self._prompt()}"
        self._notify(changed=True)
        return True
