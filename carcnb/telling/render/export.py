"""Pictures as files: PNG bytes with the pixel-to-board mapping, SVG text, and saving by file suffix.

The board's Axes sit at the top left of the figure and the figure's dpi is the number of pixels per tile,
so a pixel maps to the board linearly (``BoardGeometry``) and an outline of one point is 1/72 of a tile at
any size. A legend goes to the right of the board and a caption under both.

A picture has at most ``MAX_PIXELS`` pixels, whatever the board spans: a larger one is drawn with fewer pixels
per tile and says so (a ``PictureScaled`` warning).
"""
from __future__ import annotations

import io
import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from PIL import Image

from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.positions.model import Position
from carcnb.storage.safewrite import write_file
from carcnb.telling.render import style as st
from carcnb.telling.render.decision import (decision_facts, draw_hand, draw_header, hand_height, hand_width,
                                            header_height, header_width)
from carcnb.telling.render.draw import Extent, as_state, draw_state, resolve_legal, view_extent
from carcnb.telling.render.glyphs import pack, wrap
from carcnb.telling.render.hits import DrawnTile, drawn_tiles, spot_at
from carcnb.telling.render.legend import draw_legend, entries_for, legend_size
from carcnb.telling.render.ports import port_at
from carcnb.telling.render.steps import step_list

MAX_SPAN = 200  # tiles a side: a whole game spans far fewer; more means a typing slip in the coordinates
MAX_PIXELS = 40_000_000  # a picture's pixels: about 200 MB to draw one, 600 MB for a ruling comparison


class PictureScaled(UserWarning):
    """A picture was drawn with fewer pixels per tile than asked: at that size it would be too large."""


def fitted_px(px_per_tile: float, width: float, height: float, panels: int = 1) -> float:
    """The pixels per tile at which ``panels`` boards of ``width`` by ``height`` tiles have at most
    ``MAX_PIXELS`` pixels: ``px_per_tile`` itself when they fit; otherwise fewer, with a ``PictureScaled``
    warning that says why."""
    pixels = panels * width * height * px_per_tile ** 2
    if pixels <= MAX_PIXELS:
        return px_per_tile
    fitted = max(1, math.floor(px_per_tile * math.sqrt(MAX_PIXELS / pixels)))
    warnings.warn(PictureScaled(
        f"drawn at {fitted} pixels per tile, not {px_per_tile:g}: the board spans {width:g} by {height:g} tiles"
        f"{f' in each of {panels} panels' if panels > 1 else ''}, {pixels / 1e6:.0f} million pixels at "
        f"{px_per_tile:g}, and a picture has at most {MAX_PIXELS // 10**6} million; check the tiles' "
        "coordinates, or ask for fewer pixels per tile (--px)"), stacklevel=3)
    return fitted


@dataclass(frozen=True)
class BoardGeometry:
    """How the pixels of a rendered picture map to the board (pixel (0, 0) is the top-left corner).
    ``width`` and ``height`` are the board's part of the picture, ``top`` pixels down (under a decision
    picture's header): a legend, the tile in hand or a caption add pixels to the right of it or below."""

    xmin: float
    xmax: float
    ymin: float
    ymax: float
    width: int
    height: int
    top: int = 0
    picture_width: int = 0  # the whole picture's width (0: the board's)
    tiles: Mapping[Pos, DrawnTile] = field(default_factory=dict, compare=False, repr=False)  # the tiles drawn

    @property
    def px_per_tile(self) -> float:
        return self.width / (self.xmax - self.xmin)

    def to_board(self, px: float, py: float) -> tuple[int, int, float, float] | None:
        """The tile (x, y) under pixel point (px, py) and the fractions (fx, fy) inside it, fy from the
        tile's bottom; ``None`` outside the picture."""
        py -= self.top
        if not (0 <= px < self.width and 0 <= py < self.height):
            return None
        bx = self.xmin + px * (self.xmax - self.xmin) / self.width
        by = self.ymax - py * (self.ymax - self.ymin) / self.height
        tx, ty = math.floor(bx), math.floor(by)
        return (tx, ty, bx - tx, by - ty)

    def to_pixel(self, bx: float, by: float) -> tuple[float, float]:
        """The pixel point of board point (bx, by) in data coordinates (a tile spans [x, x+1])."""
        return ((bx - self.xmin) * self.width / (self.xmax - self.xmin),
                self.top + (self.ymax - by) * self.height / (self.ymax - self.ymin))

    def port_at(self, fx: float, fy: float) -> int:
        """The port nearest to the fractions (fx, fy) of a tile (see ``to_board``)."""
        return port_at(fx, fy)

    def spot(self, px: float, py: float) -> tuple[Pos, int] | None:
        """The tile under pixel point (px, py) and the port a click there means: the feature drawn under it
        (a figure's, where one is drawn), else the nearest port; ``None`` outside the board."""
        hit = self.to_board(px, py)
        if hit is None:
            return None
        x, y, fx, fy = hit
        drawn = self.tiles.get((x, y))
        port = spot_at(drawn, fx, fy) if drawn is not None else None
        return (x, y), port_at(fx, fy) if port is None else port


@dataclass(frozen=True)
class _Layout:
    """Where the parts of a picture go, in pixels: a header across the top (a decision picture's), the board
    under it at the left, the tile in hand (``side``) and the legend to its right, the caption under all."""

    board: tuple[int, int]
    legend: tuple[int, int] | None
    caption: int  # the caption's height
    dpi: float
    header: int = 0
    side: tuple[int, int] | None = None
    least_width: int = 0  # the header's widest piece

    @property
    def size(self) -> tuple[int, int]:
        lw, lh = self.legend or (0, 0)
        sw, sh = self.side or (0, 0)
        width = max(self.board[0] + sw + lw, self.least_width)
        return width, self.header + max(self.board[1], lh, sh) + self.caption

    def box(self, left: int, top: int, width: int, height: int) -> tuple[float, float, float, float]:
        """A rectangle in pixels from the top left, as figure fractions (left, bottom, width, height)."""
        w, h = self.size
        return (left / w, 1 - (top + height) / h, width / w, height / h)

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """The Axes of the board, then the header, the tile in hand and the legend, those there are."""
        out = [self.box(0, self.header, *self.board)]
        if self.header:
            out.append(self.box(0, 0, self.size[0], self.header))
        sw = self.side[0] if self.side else 0
        if self.side is not None:
            out.append(self.box(self.board[0], self.header, *self.side))
        if self.legend is not None:
            out.append(self.box(self.board[0] + sw, self.header, *self.legend))
        return out


class _Canvas:
    """An empty Figure with its Axes laid out, reused between renders of the same layout (making Axes is a
    large part of a render). Artists drawn while it is in use are removed when it is handed back."""

    _pool: dict[_Layout, Figure] = {}
    POOL_SIZE = 4

    def __init__(self, layout: _Layout, extent: Extent):
        self.key = layout
        self.extent = extent
        fig = self._pool.pop(layout, None)
        if fig is None:
            width, height = layout.size
            fig = Figure(figsize=(width / layout.dpi, height / layout.dpi), dpi=layout.dpi,
                         facecolor=st.BACKGROUND)
            for box in layout.boxes():
                fig.add_axes(box)
        self.fig = fig
        axes = list(fig.axes)
        self.ax = axes.pop(0)
        self.header_ax = axes.pop(0) if layout.header else None
        self.side_ax = axes.pop(0) if layout.side is not None else None
        self.legend_ax = axes.pop(0) if layout.legend is not None else None
        self.artists: list = []
        self.tiles: dict[Pos, DrawnTile] = {}

    def __enter__(self) -> _Canvas:
        return self

    def __exit__(self, kind, error, trace) -> None:
        if kind is not None:
            return  # a failed drawing may have left artists behind: let the figure go
        for artist in self.artists:
            artist.remove()
        pool = self._pool
        if len(pool) >= self.POOL_SIZE:
            pool.pop(next(iter(pool)))
        pool[self.key] = self.fig


def _caption_lines(caption: str | None, width: int, font: float) -> list[str]:
    if not caption:
        return []
    return wrap(caption, (width - 2 * CAPTION_PAD * font) / font)


CAPTION_PAD = 0.6  # around the caption, in em
CAPTION_LEADING = 1.3  # line height, in em


def _draw(source: Position | GameState, px_per_tile: float, margin: float, extent: Extent | None, coords: bool,
          caption: str | None, legend: bool, decision: bool, draw_opts: dict) -> _Canvas:
    """A canvas with ``source`` drawn on it; use it in a ``with`` block."""
    state = as_state(source, draw_opts.pop("at_end", False))
    legal = resolve_legal(state, draw_opts.pop("legal", None))
    hand = draw_opts.pop("hand", True)
    if extent is None:
        extent = view_extent(state, margin, legal, draw_opts.get("preview"))
    x0, x1, y0, y1 = extent
    if not (x1 > x0 and y1 > y0):
        raise CarcnbError(f"empty extent {extent!r}: need xmin < xmax and ymin < ymax")
    if max(x1 - x0, y1 - y0) > MAX_SPAN:
        raise CarcnbError(f"the picture would span {x1 - x0} by {y1 - y0} tiles (x {x0}..{x1}, y {y0}..{y1}): "
                          f"too large to draw (at most {MAX_SPAN} a side); check the tiles' coordinates")
    px_per_tile = fitted_px(px_per_tile, x1 - x0, y1 - y0)
    dpi = float(px_per_tile)
    board = (max(1, round((x1 - x0) * px_per_tile)), max(1, round((y1 - y0) * px_per_tile)))
    entries, size = [], None
    if legend:
        entries = entries_for(state, legal=bool(legal), differs=bool(draw_opts.get("highlight_features")),
                              steps=bool(draw_opts.get("steps")))
    if entries:  # a board that shows no mark has no legend
        size = legend_size(entries, px_per_tile, max_height=max(board[1], 6 * px_per_tile))
    font = max(st.CAPTION_PX, 0.16 * px_per_tile)
    facts = decision_facts(state, source.mover if isinstance(source, Position) else None) if decision else None
    side = None
    if facts is not None and facts.hand and hand:
        side = (hand_width(facts, font, px_per_tile), hand_height(font, px_per_tile))
    least = header_width(facts, font) if facts is not None else 0
    width = max(board[0] + (side[0] if side else 0) + (size.width if size else 0), least)
    header = header_height(facts, font, width) if facts is not None else 0
    lines = _caption_lines(caption, width, font)
    lines += pack(step_list(draw_opts.get("steps") or ()), (width - 2 * CAPTION_PAD * font) / font)
    caption_height = math.ceil((len(lines) * CAPTION_LEADING + 2 * CAPTION_PAD) * font) if lines else 0
    layout = _Layout(board, (size.width, size.height) if size else None, caption_height, dpi, header, side, least)
    canvas = _Canvas(layout, extent)
    canvas.artists = draw_state(canvas.ax, state, legal=legal, extent=extent, coords=coords, **draw_opts)
    canvas.tiles = drawn_tiles(state)
    if facts is not None:
        canvas.artists += draw_header(canvas.header_ax, facts, font, layout.size[0], header, dpi)
    if side is not None:
        canvas.artists += draw_hand(canvas.side_ax, facts, font, px_per_tile, *side, dpi)
    if size is not None:
        canvas.artists += draw_legend(canvas.legend_ax, entries, size)
    if lines:
        total_w, total_h = layout.size
        canvas.artists.append(canvas.fig.text(
            CAPTION_PAD * font / total_w, (caption_height - CAPTION_PAD * font) / total_h, "\n".join(lines),
            ha="left", va="top", color=st.CAPTION, fontsize=font * 72 / dpi, fontfamily="DejaVu Sans",
            linespacing=CAPTION_LEADING))
    return canvas


def render_png(source: Position | GameState, *, px_per_tile: int = 80, margin: int = 1,
               extent: Extent | None = None, coords: bool = True, caption: str | None = None,
               legend: bool = False, decision: bool = False, **draw_opts) -> tuple[bytes, BoardGeometry]:
    """A PNG picture and the mapping from its pixels to the board. ``extent`` = (xmin, xmax, ymin, ymax)
    in tiles fixes the view; by default it is the board plus ``margin`` tiles. ``coords`` labels columns
    and rows, ``caption`` is written under the picture (wrapped to its width), ``legend`` puts the key to
    the marks the game can show beside the board. ``decision`` makes it a decision picture: who moves, the
    points, the supplies and the rulings that differ from the defaults over the board, the tile in hand
    beside it (``hand=False`` leaves the tile out, for a view that shows it on its own). ``draw_opts`` go to
    ``draw_board`` (highlight, highlight_features, legal, preview, at_end, steps: a line of more than a
    handful of steps is also listed under the picture)."""
    with _draw(source, px_per_tile, margin, extent, coords, caption, legend, decision, draw_opts) as canvas:
        agg = FigureCanvasAgg(canvas.fig)
        agg.draw()
        data = _encode_png(agg)
        return data, BoardGeometry(*canvas.extent, *canvas.key.board, canvas.key.header, canvas.key.size[0],
                                   tiles=canvas.tiles)


def _encode_png(agg: FigureCanvasAgg) -> bytes:
    """PNG bytes of the drawn canvas: Pillow at its fastest deflate level (board pictures are large flat
    areas, which compress well even so)."""
    buffer = io.BytesIO()
    Image.frombuffer("RGBA", agg.get_width_height(), agg.buffer_rgba(), "raw", "RGBA", 0, 1).save(
        buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def png_bytes(source: Position | GameState, **opts) -> bytes:
    """The PNG picture alone (what notebooks show); ``opts`` as for ``render_png``."""
    return render_png(source, **opts)[0]


def svg_text(source: Position | GameState, *, px_per_tile: int = 80, margin: int = 1,
             extent: Extent | None = None, coords: bool = True, caption: str | None = None,
             legend: bool = False, decision: bool = False, **draw_opts) -> str:
    """An SVG picture of the same layout as ``render_png``."""
    with _draw(source, px_per_tile, margin, extent, coords, caption, legend, decision, draw_opts) as canvas:
        out = io.StringIO()
        FigureCanvasSVG(canvas.fig).print_svg(out, metadata={"Date": None})
        return out.getvalue()


def save_picture(source: Position | GameState, path: str | Path, **opts) -> None:
    """Write a picture to ``path``: PNG or SVG by the file's suffix; ``opts`` as for ``render_png``
    (coords, caption, legend, ...). A picture already there is replaced whole or not at all (a full disk leaves
    it as it was)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".png":
        write_file(path, png_bytes(source, **opts))
    elif suffix == ".svg":
        write_file(path, svg_text(source, **opts))
    else:
        raise CarcnbError(f"cannot write a picture as {suffix or 'a file without suffix'!r} "
                          f"({str(path)!r}): use .png or .svg")
