"""Captioned pictures of boards: one board, or several side by side, each with a short title.

A ``Picture`` shows itself in a notebook (and on the static site) as an HTML ``<figure>``: the image and a
caption in words under it, so that a reader never meets a picture without being told what to look at.
"""
from __future__ import annotations

import base64
import html
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import Pos
from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position, TileLine
from carcnb.telling.explain.game import Source, decision_marks
from carcnb.telling.render import draw_board, legend_png
from carcnb.telling.render.draw import Extent, as_state, resolve_legal, view_extent
from carcnb.telling.render.glyphs import wrap

TILE_INCHES = 0.62  # one tile, in a picture of a board that fits the width
MAX_WIDTH_INCHES = 11.0  # wider rows are drawn with smaller tiles
GAP_INCHES = 0.2  # between boards
LEGEND_PX = 60  # pixels per tile in the legend, shown at that many CSS pixels
DPI = 150  # the PNG's pixels; shown at 100 CSS pixels an inch, so sharp on high-density screens
SHADE = (0.85, 0.2, 0.1, 0.18)
SPOT = (1, 1, 1, 0.4)
SPOT_EDGE = (0.2, 0.2, 0.2, 0.8)
TITLE_PT = 10  # a panel title's font size, in points
TITLE_LINE_INCHES = 0.25  # the room a line of a title takes above its board, its gap to the board included
STRIP_WIDTH_INCHES = 8.5  # a strip at most (850 CSS pixels): shown 600 pixels wide, its titles still read
STRIP_TILE_INCHES = 0.55  # the least tile in a strip: a row with smaller tiles gets fewer boards


def title_lines(title: str, width: float) -> list[str]:
    """A panel's title in lines that fit the panel's ``width`` (inches), with a little room to spare: a line
    is measured from its glyphs' advances, and drawn a hair wider."""
    return wrap(title, 0.95 * width * 72 / TITLE_PT)


def title_height(lines: int) -> float:
    """The room, in inches, that a title of ``lines`` lines takes above its panel (none for no title)."""
    return TITLE_LINE_INCHES * lines


@dataclass(frozen=True)
class Panel:
    """One board in a picture, with what to point at on it."""

    source: Source
    title: str = ""
    highlight: object = None  # a node ((x, y), segment) or a Feature
    legal: object = None  # placements (x, y, rot) to mark, or True for those of the tile in hand
    preview: tuple[str, int, int, int] | None = None
    shade: tuple[Pos, ...] = ()  # positions to tint (a range, an area)
    spots: tuple[Pos, ...] = ()  # positions to mark with a dashed square (where a decision may go)
    extent: Extent | None = None
    coords: bool = True  # column and row numbers along the edges
    differs: tuple = ()  # nodes of features that score differently (outlined in the comparison colour)
    at_end: bool = False  # the board as the final scoring sees it (the earthquake's tokens down)
    preview_fits: bool = True  # False: the preview is struck through (it may not go there)

    def view(self) -> Extent:
        """The part of the board this panel shows: the board and its marks, plus one tile."""
        if self.extent is not None:
            return self.extent
        state = as_state(self.source)
        legal = resolve_legal(state, self.legal)
        extra = [(x, y, 0) for x, y in (*self.shade, *self.spots)]
        return view_extent(state, 1, legal + extra, self.preview)

    def draw(self, ax) -> None:
        extent = self.view()
        draw_board(ax, self.source, highlight=self.highlight, legal=self.legal, preview=self.preview,
                   coords=self.coords, extent=extent, highlight_features=self.differs, at_end=self.at_end,
                   preview_fits=self.preview_fits)
        for x, y in self.shade:
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=SHADE, edgecolor="none", zorder=3.2))
        for x, y in self.spots:
            ax.add_patch(Rectangle((x + 0.06, y + 0.06), 0.88, 0.88, facecolor=SPOT, edgecolor=SPOT_EDGE,
                                   linestyle="--", linewidth=1.5, zorder=3.3))
        if self.title:
            width = ax.get_position().width * ax.figure.get_figwidth()
            ax.set_title("\n".join(title_lines(self.title, width)), fontsize=TITLE_PT)


@dataclass(frozen=True)
class Picture:
    """Boards in a row (or rows of ``columns``), with a caption that says what to look at."""

    panels: tuple[Panel, ...]
    caption: str
    columns: int = 0  # panels per row at most (fewer where tiles would be under STRIP_TILE_INCHES); 0: all in a row

    def __post_init__(self) -> None:
        if not self.panels:
            raise CarcnbError("a picture needs at least one board")
        if not self.caption.strip():
            raise CarcnbError("a picture needs a caption: say in a few words what to look at")

    def figure(self) -> Figure:
        """The matplotlib figure: every panel at the same scale, one tile the same size in each."""
        views = [p.view() for p in self.panels]
        per_row = self.columns or len(self.panels)
        while self.columns and per_row > 1 and _strip_tile(views, per_row) < STRIP_TILE_INCHES:
            per_row -= 1  # a strip keeps its boards large: fewer to a row
        rows = [views[i:i + per_row] for i in range(0, len(views), per_row)]
        widest = max(sum(v[1] - v[0] for v in row) for row in rows)
        tile = _strip_tile(views, per_row) if self.columns else min(TILE_INCHES, MAX_WIDTH_INCHES / widest)
        heights = [max(v[3] - v[2] for v in row) for row in rows]
        gap = GAP_INCHES
        rooms = [title_height(max((len(title_lines(p.title, (v[1] - v[0]) * tile)) if p.title else 0
                                   for p, v in zip(self.panels[i * per_row:], row)), default=0))
                 for i, row in enumerate(rows)]
        width = widest * tile + gap * (per_row - 1)
        height = sum(h * tile + room for h, room in zip(heights, rooms)) + gap * (len(rows) - 1)
        fig = Figure(figsize=(width, height))
        top = height
        for r, row in enumerate(rows):
            left = 0.0
            band = heights[r] * tile
            for c, v in enumerate(row):
                w, h = (v[1] - v[0]) * tile, (v[3] - v[2]) * tile
                box = (left / width, (top - rooms[r] - band + (band - h) / 2) / height, w / width, h / height)
                self.panels[r * per_row + c].draw(fig.add_axes(box))
                left += w + gap
            top -= band + rooms[r] + gap
        return fig

    @cached_property
    def png(self) -> bytes:
        """The picture as PNG bytes (drawn once)."""
        out = io.BytesIO()
        fig = self.figure()
        FigureCanvasAgg(fig)
        fig.savefig(out, format="png", dpi=DPI)
        return out.getvalue()

    def _repr_html_(self) -> str:
        return figure_html(self.png, self.caption, DPI)

    def __repr__(self) -> str:
        return f"Picture({self.caption!r}, {len(self.panels)} board(s))"


def _strip_tile(views: Sequence[Extent], per_row: int) -> float:
    """The tile size (inches) at which rows of ``per_row`` boards fit ``STRIP_WIDTH_INCHES``, at most
    ``TILE_INCHES``."""
    rows = [views[i:i + per_row] for i in range(0, len(views), per_row)]
    widest = max(sum(v[1] - v[0] for v in row) for row in rows)
    return min(TILE_INCHES, (STRIP_WIDTH_INCHES - GAP_INCHES * (per_row - 1)) / widest)


def figure_html(png: bytes, caption: str, dpi: float) -> str:
    """A PNG and its caption as an HTML figure, the image inline, shown at 100 CSS pixels an inch."""
    width = int(int.from_bytes(png[16:20], "big") * 100 / dpi)  # the PNG's width, from its header
    text = html.escape(caption)
    return (f'<figure class="carcnb-figure" style="margin: 0.6em 0">'
            f'<img src="data:image/png;base64,{base64.b64encode(png).decode()}" alt="{text}" '
            f'style="width: {width}px; max-width: 100%">'
            f'<figcaption style="font-style: italic; margin-top: 0.2em">{text}</figcaption></figure>')


@dataclass(frozen=True)
class Legend:
    """The key to the pictures' marks (drawn by ``carcnb.telling.render``), with a caption."""

    caption: str
    keys: tuple[str, ...] | None = None

    @cached_property
    def png(self) -> bytes:
        return legend_png(px_per_tile=LEGEND_PX, keys=self.keys)

    def _repr_html_(self) -> str:
        return figure_html(self.png, self.caption, LEGEND_PX)


def legend(caption: str, keys: Iterable[str] | None = None) -> Legend:
    """The key to the pictures (every entry, or those named in ``keys``), with a caption."""
    return Legend(caption, tuple(keys) if keys is not None else None)


def picture(source: Source, caption: str, *, highlight: object = None, legal: object = None,
            preview: tuple[str, int, int, int] | None = None, shade: Iterable[Pos] = (),
            spots: Iterable[Pos] = (), extent: Extent | None = None, decisions: bool = False,
            title: str = "", preview_fits: bool = True) -> Picture:
    """A picture of one board with a caption. ``highlight`` tints a feature, ``legal`` marks placements,
    ``shade`` tints positions, ``spots`` marks them with dashed squares, ``decisions`` marks where the
    decision asked now may go; ``preview`` = (tile, x, y, rot) draws a see-through tile, struck through
    when ``preview_fits`` is False. The meteor's aims and the tornado's steps are drawn while they happen."""
    if decisions:
        placements, marked = decision_marks(source)
        legal, spots = placements or legal, (*spots, *marked)
    panel = Panel(source, title, highlight, legal, preview, tuple(shade), tuple(spots), extent,
                  preview_fits=preview_fits)
    return Picture((panel,), caption)


def side_by_side(*pictures: Picture, caption: str, columns: int = 0) -> Picture:
    """Pictures in a row under one caption; each picture's own caption becomes its board's title."""
    panels: list[Panel] = []
    for p in pictures:
        if len(p.panels) != 1:
            raise CarcnbError("side_by_side takes pictures of one board each")
        panels.append(replace(p.panels[0], title=p.panels[0].title or p.caption))
    return Picture(tuple(panels), caption, columns)


def tiles(*ids: str, caption: str, columns: int = 0) -> Picture:
    """Tiles of the catalogue one by one, each titled with its name (turned as it is printed, rotation 0)."""
    known = catalogue()
    for tid in ids:
        if tid not in known:
            raise CarcnbError(f"unknown tile {tid!r} (known: {', '.join(known.tiles)})")
    panels = []
    for tid in ids:
        sets = () if known[tid].set == "base" else (known[tid].set,)
        lone = Position(players=("red", "blue"), board=(TileLine(0, 0, tid, 0),), sets=sets)
        panels.append(Panel(lone, tid, extent=(-0.1, 1.1, -0.1, 1.1), coords=False))
    return Picture(tuple(panels), caption, columns)


def strip(panels: Sequence[Panel], caption: str, columns: int = 4) -> Picture:
    """Small boards in rows of ``columns`` at most, read left to right: the steps of an event. The strip is
    at most ``STRIP_WIDTH_INCHES`` wide, and a row holds fewer boards where its tiles would be smaller than
    ``STRIP_TILE_INCHES``."""
    return Picture(tuple(panels), caption, columns)
