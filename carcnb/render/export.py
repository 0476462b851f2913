"""Pictures as files: PNG bytes with the pixel-to-board mapping, SVG text, and saving by file suffix.

The Axes fill the whole figure and the figure's dpi is the number of pixels per tile, so a pixel maps to
the board linearly (``BoardGeometry``) and an outline of one point is 1/72 of a tile at any size.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure

from ..errors import CarcnbError
from ..position import Position
from ..state import GameState
from .draw import Extent, as_state, draw_state, resolve_legal, view_extent
from .ports import port_at

MAX_SPAN = 200  # tiles a side: a whole game spans far fewer; more means a typing slip in the coordinates


@dataclass(frozen=True)
class BoardGeometry:
    """How the pixels of a rendered picture map to the board (pixel (0, 0) is the top-left corner)."""

    xmin: float
    xmax: float
    ymin: float
    ymax: float
    width: int
    height: int

    @property
    def px_per_tile(self) -> float:
        return self.width / (self.xmax - self.xmin)

    def to_board(self, px: float, py: float) -> tuple[int, int, float, float] | None:
        """The tile (x, y) under pixel point (px, py) and the fractions (fx, fy) inside it, fy from the
        tile's bottom; ``None`` outside the picture."""
        if not (0 <= px < self.width and 0 <= py < self.height):
            return None
        bx = self.xmin + px * (self.xmax - self.xmin) / self.width
        by = self.ymax - py * (self.ymax - self.ymin) / self.height
        tx, ty = math.floor(bx), math.floor(by)
        return (tx, ty, bx - tx, by - ty)

    def to_pixel(self, bx: float, by: float) -> tuple[float, float]:
        """The pixel point of board point (bx, by) in data coordinates (a tile spans [x, x+1])."""
        return ((bx - self.xmin) * self.width / (self.xmax - self.xmin),
                (self.ymax - by) * self.height / (self.ymax - self.ymin))

    def port_at(self, fx: float, fy: float) -> int:
        """The port nearest to the fractions (fx, fy) of a tile (see ``to_board``)."""
        return port_at(fx, fy)


class _Canvas:
    """An empty Figure whose Axes fill it, reused between renders of the same size (making Axes is a
    large part of a render). Artists drawn while it is in use are removed when it is handed back."""

    _pool: dict[tuple[int, int, float], Figure] = {}
    POOL_SIZE = 4

    def __init__(self, width: int, height: int, dpi: float, extent: Extent):
        self.key = (width, height, dpi)
        self.extent = extent
        fig = self._pool.pop(self.key, None)
        if fig is None:
            fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
            fig.add_axes((0, 0, 1, 1))
        self.fig = fig
        self.ax = fig.axes[0]
        self.artists: list = []

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


def _draw(source: Position | GameState, px_per_tile: float, margin: float, extent: Extent | None,
          draw_opts: dict) -> _Canvas:
    """A canvas with ``source`` drawn on it; use it in a ``with`` block."""
    state, tokens = as_state(source)
    legal = resolve_legal(state, draw_opts.pop("legal", None))
    if extent is None:
        extent = view_extent(state, margin, legal, draw_opts.get("preview"))
    x0, x1, y0, y1 = extent
    if not (x1 > x0 and y1 > y0):
        raise CarcnbError(f"empty extent {extent!r}: need xmin < xmax and ymin < ymax")
    if max(x1 - x0, y1 - y0) > MAX_SPAN:
        raise CarcnbError(f"the picture would span {x1 - x0} by {y1 - y0} tiles (x {x0}..{x1}, y {y0}..{y1}): "
                          f"too large to draw (at most {MAX_SPAN} a side); check the tiles' coordinates")
    width, height = max(1, round((x1 - x0) * px_per_tile)), max(1, round((y1 - y0) * px_per_tile))
    canvas = _Canvas(width, height, float(px_per_tile), extent)
    canvas.artists = draw_state(canvas.ax, state, tokens, legal=legal, extent=extent, **draw_opts)
    return canvas


def render_png(source: Position | GameState, *, px_per_tile: int = 80, margin: int = 1,
               extent: Extent | None = None, **draw_opts) -> tuple[bytes, BoardGeometry]:
    """A PNG picture and the mapping from its pixels to the board. ``extent`` = (xmin, xmax, ymin, ymax)
    in tiles fixes the view; by default it is the board plus ``margin`` tiles. ``draw_opts`` go to
    ``draw_board`` (highlight, coords, legal, preview)."""
    with _draw(source, px_per_tile, margin, extent, draw_opts) as canvas:
        agg = FigureCanvasAgg(canvas.fig)
        agg.draw()
        width, height = agg.get_width_height()
        data = _encode_png(agg)
        return data, BoardGeometry(*canvas.extent, width, height)


def _encode_png(agg: FigureCanvasAgg) -> bytes:
    """PNG bytes of the drawn canvas: Pillow at its fastest deflate level (board pictures are large flat
    areas, which compress well even so)."""
    buffer = io.BytesIO()
    Image.frombuffer("RGBA", agg.get_width_height(), agg.buffer_rgba(), "raw", "RGBA", 0, 1).save(
        buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def png_bytes(source: Position | GameState, **opts) -> bytes:
    """The PNG picture alone (what notebooks show)."""
    return render_png(source, **opts)[0]


def svg_text(source: Position | GameState, *, px_per_tile: int = 80, margin: int = 1,
             extent: Extent | None = None, **draw_opts) -> str:
    """An SVG picture of the same layout as ``render_png``."""
    with _draw(source, px_per_tile, margin, extent, draw_opts) as canvas:
        out = io.StringIO()
        FigureCanvasSVG(canvas.fig).print_svg(out, metadata={"Date": None})
        return out.getvalue()


def save_picture(source: Position | GameState, path: str | Path, **opts) -> None:
    """Write a picture to ``path``: PNG or SVG by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".png":
        path.write_bytes(png_bytes(source, **opts))
    elif suffix == ".svg":
        path.write_text(svg_text(source, **opts), encoding="utf-8")
    else:
        raise CarcnbError(f"cannot write a picture as {suffix or 'a file without suffix'!r} "
                          f"({str(path)!r}): use .png or .svg")
