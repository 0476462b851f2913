"""The board picture as a widget: draws a model's ``Picture`` and turns clicks, pointer moves and keys on it
into board positions and ports for the model. Shared by every widget with a board to click on.

The board is a PNG in an ``ipywidgets.Image``; ``ipyevents`` reports clicks, pointer moves and keys with
image pixel coordinates, which the renderer's ``BoardGeometry`` turns into a board position and the port of the
feature drawn under the pointer.
The picture is drawn again only when the picture key changes (an action, or what the pointer previews or
highlights); the pictures of one game state are kept, so moving the pointer back is instant.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import ipywidgets as w
from ipyevents import Event

from carcnb.engine.geometry import PORT_NAMES, Pos
from carcnb.telling.render.export import BoardGeometry
from carcnb.telling.render.steps import Step
from carcnb.widgets.editor.board_map import BoardMap
from carcnb.widgets.editor.views import Picture

PICTURES_KEPT = 48  # pointer previews of one game state, drawn once each
MIN_PX_PER_TILE = 32  # below this a follower is hard to hit: a wide board scrolls instead


def tile_pixels(extent: tuple[float, float, float, float], px_per_tile: int, max_width: int) -> int:
    """The size of a tile in the picture: ``px_per_tile``, smaller when the board is wider than
    ``max_width``, never below ``MIN_PX_PER_TILE``."""
    columns = extent[1] - extent[0]
    return max(MIN_PX_PER_TILE, min(px_per_tile, int(max_width // columns)))


class ClickableBoard(Protocol):
    def picture(self) -> Picture: ...

    def hover(self, pos: Pos | None, port: int | None = None) -> bool: ...

    def click(self, pos: Pos, port: int | None = None) -> bool: ...


class BoardView:
    """A board picture (``image``), a label naming the tile and port under the pointer (``pointer``) and the
    picture's mapping written in the page (``map``, to put in the view beside them).
    ``keys`` maps a key (as the browser names it) to a command; ``steps`` gives numbered steps to draw over
    the picture (an answer line); ``overlay`` draws more over a finished picture (png, geometry -> png)."""

    def __init__(self, model: ClickableBoard, *, px_per_tile: int = 80, max_width: int = 960,
                 keys: dict[str, Callable[[], object]] | None = None,
                 steps: Callable[[], Sequence[Step]] | None = None,
                 overlay: Callable[[bytes, BoardGeometry], bytes] | None = None):
        self.model = model
        self.px_per_tile = px_per_tile
        self.max_width = max_width
        self.keys = keys or {}
        self.steps = steps
        self.overlay = overlay
        self.geometry = None  # the pixel-to-board mapping of the picture shown (``BoardGeometry``)
        self._picture_key: tuple | None = None
        self._pictures: dict[tuple, tuple] = {}  # picture key -> (png, geometry), for the current game
        self.image = w.Image(format="png", layout=w.Layout(height="auto", align_self="flex-start"))
        self.image.add_class("carcnb-board")
        self.map = BoardMap()
        self.image.add_class(self.map.target)
        self.pointer = w.Label()
        self.pointer.add_class("carcnb-pointer")
        self._clicks = Event(source=self.image, watched_events=["click", "keydown", "mouseleave"])
        self._clicks.on_dom_event(self.handle_event)
        self._moves = Event(source=self.image, watched_events=["mousemove"], wait=100,
                            throttle_or_debounce="throttle")
        self._moves.on_dom_event(self.handle_event)

    @property
    def events(self) -> tuple[Event, ...]:
        """The ipyevents listeners on the picture (to close with it)."""
        return (self._clicks, self._moves)

    def handle_event(self, event: dict) -> None:
        """An ipyevents event on the picture (also callable directly, as the tests do)."""
        m = self.model
        kind = event.get("type")
        if kind == "keydown":
            self.press(event.get("key"))
            return
        if kind == "mouseleave":
            self.pointer.value = ""
            if m.hover(None):
                self.draw()
            return
        at = self.locate(event)
        if kind == "click":
            if at is None:
                m.hover(None)
            else:
                m.click(*at)
        elif kind == "mousemove":
            if m.hover(*(at or (None, None))):
                self.draw()
        # named after the picture is shown: once the page shows the name, it shows the picture too
        self.pointer.value = f"{at[0][0]},{at[0][1]} {PORT_NAMES[at[1]]}" if at else ""

    def press(self, key: str | None) -> None:
        """A key typed on the board, or anywhere in the widget but a text field (see ``KeyGuard``)."""
        command = self.keys.get(key)
        if command is not None:
            command()

    def locate(self, event: dict) -> tuple[Pos, int] | None:
        """The tile under the event's pixel and the port naming the feature drawn there (see
        ``BoardGeometry.spot``), or None off the board."""
        g = self.geometry
        if g is None or "dataX" not in event or "dataY" not in event:
            return None
        return g.spot(event["dataX"], event["dataY"])

    def draw(self) -> None:
        """Show the model's picture, drawing it only when its key changed."""
        from carcnb.telling.render import render_png

        pic = self.model.picture()
        if pic.key == self._picture_key:
            return
        if pic.key[:2] != (self._picture_key or (None, None))[:2]:
            self._pictures.clear()  # the game changed: earlier pictures are stale
        if pic.key not in self._pictures:
            px = tile_pixels(pic.extent, self.px_per_tile, self.max_width)
            if len(self._pictures) >= PICTURES_KEPT:
                self._pictures.pop(next(iter(self._pictures)))
            png, geometry = render_png(pic.source, px_per_tile=px, extent=pic.extent, legal=pic.legal,
                                       preview=pic.preview, preview_fits=pic.preview_fits,
                                       highlight=pic.highlight, coords=True, decision=pic.decision, hand=False,
                                       steps=self.steps() if self.steps is not None else ())
            if self.overlay is not None:
                png = self.overlay(png, geometry)
            self._pictures[pic.key] = (png, geometry)
        png, self.geometry = self._pictures[pic.key]
        self.image.value = png
        self.image.layout.width = f"{self.geometry.picture_width or self.geometry.width}px"
        self.map.show(self.geometry)
        self._picture_key = pic.key
