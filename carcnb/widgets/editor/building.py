"""Free edit, the editor's edit mode: building a position by hand with the palette and the tools, each change
undoable; the position's problems list says what the board breaks.

A part of ``EditorModel`` (a mixin) kept apart so the model reads as its state and what it shows. The edits
themselves are pure functions of a position (``edits``, ``figures``); here a click becomes one of them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from carcnb.engine.geometry import PORT_NAMES, Pos, pos_text
from carcnb.engine.tiles import catalogue
from carcnb.widgets.editor import edits, figures
from carcnb.widgets.editor.modes import EDIT
from carcnb.widgets.editor.spots import figure_port

if TYPE_CHECKING:
    from collections.abc import Callable

    from carcnb.positions.model import Position


class BuildingMixin:
    """``EditorModel``'s free edit: a click or a command changes the position, with undo."""

    # kept by EditorModel
    position: Position
    origin: Position
    mode: str
    status: str
    tool: str
    tile: str | None
    color: str
    figure: str
    _ferry_from: tuple[Pos, int] | None
    _undo: list[Position]
    _redo_pos: list[Position]
    _cache: dict[str, object]
    problems: Callable[[], list[str]]
    _notify: Callable[..., None]
    _place_rotation: Callable[[str], int]

    def _edit_hint(self) -> str:
        return {"tile": "click to put the palette tile (r turns it)", "remove": "click a tile to remove it",
                "follower": f"click a feature to put or take a {self.color} {self.figure}",
                "ferry": "click the two road ends of a lake tile to lay its ferry",
                "quake": "click a city to put or take an earthquake token",
                "tornado": "click a tile to put the tornado there (click it again to take it off)"}[self.tool]

    def _commit(self, p: Position, message: str) -> bool:
        self._undo.append(self.position)
        self._redo_pos.clear()
        self.position = p
        self._cache.clear()
        found = self.problems()
        self.status = message + (f"; {len(found)} problem(s): {found[0]}" + (" …" if len(found) > 1 else "")
                                 if found else "; no problems")
        self._notify(changed=True)
        return True

    def _relabel(self, message: str, **changes: object) -> bool:
        """Change what is said of the position rather than its board (its title, its question): in free edit an
        edit that can be undone, in play the game's starting position, so that the game goes on."""
        if self.mode == EDIT:
            return self._commit(replace(self.position, **changes), message)
        self.origin = replace(self.origin, **changes)
        self.status = message
        self._notify(changed=True)
        return True

    def _edit_click(self, pos: Pos, port: int | None) -> bool:
        p = self.position
        line = p.tile_at(pos)
        try:
            if self.tool == "tile":
                if self.tile is None:
                    raise edits.EditError("choose a tile in the palette first")
                rot = self._place_rotation(self.tile)
                return self._commit(edits.put_tile(p, pos, self.tile, rot),
                                    f"{'replaced ' + line.tile + ' by' if line else 'put'} {self.tile} "
                                    f"at {pos_text(pos)} rotation {rot}")
            if line is None:
                raise edits.EditError(f"no tile at {pos_text(pos)}")
            if self.tool == "remove":
                return self._commit(edits.remove_tile(p, pos), f"removed {line.tile} from {pos_text(pos)}")
            if self.tool == "tornado":
                q, put = figures.toggle_tornado(p, pos)
                return self._commit(q, f"tornado {'on' if put else 'taken off'} {pos_text(pos)}")
            if port is None:
                raise edits.EditError("click a feature of the tile")
            if self.tool == "follower":
                port = figure_port(line.tile, line.rot, port)
                q, added = edits.toggle_follower(p, pos, port, self.color, self.figure)
                return self._commit(q, f"{'put' if added else 'took'} a {self.color} {self.figure} "
                                       f"{'on' if added else 'from'} {pos_text(pos)}")
            if self.tool == "quake":
                q, added = figures.toggle_quake(p, pos, port)
                return self._commit(q, f"earthquake token {'put in' if added else 'taken from'} "
                                       f"{PORT_NAMES[port]} of {pos_text(pos)}")
            return self._ferry_click(pos, port, line.tile)
        except edits.EditError as e:
            self.status = str(e)
            self._notify()
            return False

    def _ferry_click(self, pos: Pos, port: int, tid: str) -> bool:
        if not catalogue()[tid].has("ferry_lake"):
            raise edits.EditError(f"{tid} at {pos_text(pos)} is not a lake tile: ferries go on lake tiles")
        end = edits.jetty(port)
        first = self._ferry_from
        if first is None or first[0] != pos or first[1] == end:
            self._ferry_from = (pos, end)
            self.status = f"ferry on {pos_text(pos)} from {PORT_NAMES[end]}: click the other end"
            self._notify()
            return False
        self._ferry_from = None
        q = edits.set_ferry(self.position, pos, first[1], end)
        return self._commit(q, f"ferry on {pos_text(pos)} joins {PORT_NAMES[first[1]]} and {PORT_NAMES[end]}")

    def set_hand(self, tid: str | None) -> bool:
        """Free edit: the tile in hand (None: none)."""
        return self._edit(lambda p: edits.set_hand(p, tid), f"hand: {tid or 'none'}")

    def set_to_move(self, color: str) -> bool:
        """Free edit: whose turn it is."""
        return self._edit(lambda p: edits.set_to_move(p, color), f"{color} to move")

    def set_score(self, color: str, points: int) -> bool:
        """Free edit: the points ``color`` has already scored."""
        return self._edit(lambda p: edits.set_score(p, color, points), f"{color} has {points} points")

    def clear_board(self) -> bool:
        """Free edit: take every tile off, with the tile in hand and the title (undo brings them back)."""
        return self._edit(edits.clear_board, f"board cleared ({len(self.position.board)} tiles taken off, "
                                             "the hand and the title with them)")

    def _edit(self, change: Callable[[Position], Position], message: str) -> bool:
        if self.mode != EDIT:
            self.status = "switch to free edit to change the position"
            self._notify()
            return False
        try:
            return self._commit(change(self.position), message)
        except edits.EditError as e:
            self.status = str(e)
            self._notify()
            return False
