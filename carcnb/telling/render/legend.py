"""The legend: what each mark on a board picture means, each drawn by the same code as on the board.

A swatch is one tile drawn ``unit`` pixels wide (smaller than a board tile) with its label beside it;
entries run down in columns. ``legend_png`` draws the whole key on its own; a board picture with
``legend=True`` shows beside the board the entries for what it shows (see ``entries_for``).
"""
from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch

from carcnb.engine.features import split_figure
from carcnb.engine.rules.earthquake import hit_cities
from carcnb.engine.state import GameState
from carcnb.engine.tiles import catalogue
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Badge, badge_half
from carcnb.telling.render.draw import legal_marks, tile_paths
from carcnb.telling.render.glyphs import glyphs, merged, text_width
from carcnb.telling.render.marks import (Z_EVENTS, arrow_shape, draw_ferries, draw_figures, draw_flood_cutouts,
                                         draw_meteor_aims, draw_quake_tokens, draw_tornado, polys)
from carcnb.telling.render.pieces import figures, quake_points
from carcnb.telling.render.shading import draw_destroyed, draw_flooded, draw_spent, flooded_features
from carcnb.telling.render.steps import OWN, PATH, REPLY, draw_badges
from carcnb.telling.render.tileart import tile_art

PITCH = 1.3  # row height, in swatches
PAD = 0.3  # around the legend and between a swatch and its label, in swatches
LEGEND_UNIT = 0.8  # a swatch's width in board tiles
LEGEND_UNIT_PX = 48.0  # ... and at least this many pixels

Draw = Callable[[Axes, float, float, float, float], list]  # ax, swatch's bottom-left x, y, scale, em


@dataclass(frozen=True)
class Entry:
    key: str
    label: str
    draw: Draw


def _tile(ax: Axes, tid: str, x: float, y: float, scale: float, rot: int = 0) -> list:
    return tile_paths(ax, [((x, y), tile_art(catalogue()[tid], rot))], scale, 1.0)


def _ground(ax: Axes, x: float, y: float, scale: float) -> list:
    return polys(ax, [sh.rect(x, y, x + 1, y + 1)], st.FIELD, st.GRID, st.THIN * scale, z=1.0)


def _figure(kind: str, lying: bool = False) -> Draw:
    entry = "red" if kind == "follower" else f"red:{kind}"
    return lambda ax, x, y, scale, em: _ground(ax, x, y, scale) + draw_figures(
        ax, [(x + 0.5, y + 0.5, entry, lying)], scale, size=0.45)


def _region(tid: str, seg: int, x: float, y: float) -> list[np.ndarray]:
    return [np.asarray(p) + (x, y) for p in tile_art(catalogue()[tid], 0).regions[seg]]


CITY_TILE = "N"  # a corner city, large enough to shade in a small swatch


def _city_mark(x: float, y: float) -> tuple[float, float]:
    mx, my = tile_art(catalogue()[CITY_TILE], 0).marks[0]
    return (x + mx, y + my)


def _quake(ax, x, y, scale, em) -> list:
    return _tile(ax, CITY_TILE, x, y, scale) + draw_quake_tokens(ax, [_city_mark(x, y)], scale)


def _destroyed(ax, x, y, scale, em) -> list:
    return (_tile(ax, CITY_TILE, x, y, scale) + draw_destroyed(ax, _region(CITY_TILE, 0, x, y), scale)
            + draw_quake_tokens(ax, [_city_mark(x, y)], scale))


def _spent(ax, x, y, scale, em) -> list:
    return (_tile(ax, CITY_TILE, x, y, scale) + draw_spent(ax, _region(CITY_TILE, 0, x, y), scale)
            + draw_quake_tokens(ax, [_city_mark(x, y)], scale))


def _flood(ax, x, y, scale, em) -> list:
    return _tile(ax, "FL", x, y, scale) + draw_flood_cutouts(ax, [(x, y)], scale, size=1)


def _flooded(ax, x, y, scale, em) -> list:
    return _tile(ax, "U", x, y, scale, rot=90) + draw_flooded(
        ax, [np.asarray(p) + (x, y) for p in tile_art(catalogue()["U"], 90).regions[0]], scale)


def _tornado(ax, x, y, scale, em) -> list:
    tail, head = np.array([x + 0.05, y + 0.18]), np.array([x + 0.62, y + 0.18])
    number = Badge("1", PATH, (x + 0.3, y + 0.18), (x + 0.16, y + 0.5), badge_half("1", em))
    return (_ground(ax, x, y, scale) + polys(ax, [arrow_shape(tail, head)], PATH, st.ICON_BACK, 0.9 * scale, z=Z_EVENTS)
            + draw_badges(ax, [number], scale, em) + draw_tornado(ax, (x + 0.62, y + 0.62), "blue", scale))


def _steps(ax, x, y, scale, em) -> list:
    badges = [Badge("1", OWN, (x + 0.3, y + 0.3), (x + 0.28, y + 0.66), badge_half("1", em)),
              Badge("2", REPLY, (x + 0.72, y + 0.3), (x + 0.72, y + 0.66), badge_half("2", em))]
    return _ground(ax, x, y, scale) + draw_badges(ax, badges, scale, em)


def _meteor(ax, x, y, scale, em) -> list:
    number = Badge("1", st.METEOR_AIM, (x + 0.5, y + 0.5), (x + 0.76, y + 0.76), badge_half("1", em))
    aim = _tile(ax, "U", x, y, scale, rot=90) + draw_meteor_aims(ax, [(x, y)], scale)
    return aim + draw_badges(ax, [number], scale, em)


def _ferry(ax, x, y, scale, em) -> list:
    west, east = (tile_art(catalogue()["FB"], 0).jetties[i] for i in (2, 0))
    return _tile(ax, "FB", x, y, scale) + draw_ferries(
        ax, [((x + 0.5, y + 0.5), (x + west[0], y + west[1]), (x + east[0], y + east[1]))], scale)


def _crop(ax, x, y, scale, em) -> list:
    return _tile(ax, "CR1", x, y, scale)


def _legal(ax, x, y, scale, em) -> list:
    return legal_marks(ax, [(x, y)], [(x, y, 0)], scale)


def _differs(ax, x, y, scale, em) -> list:
    tint = polys(ax, _region(CITY_TILE, 0, x, y), to_rgba(st.DIFFERS_TINT, 0.55), z=2.5)
    frame = polys(ax, [sh.rect(x, y, x + 1, y + 1)], "none", st.DIFFERS, 3.0 * scale, z=2.6)
    return _tile(ax, CITY_TILE, x, y, scale) + tint + frame


ENTRIES: tuple[Entry, ...] = (
    Entry("follower", "follower (knight, thief, monk)", _figure("follower")),
    Entry("farmer", "farmer: lies in its field", _figure("follower", lying=True)),
    Entry("builder", "builder", _figure("builder")),
    Entry("pig", "pig", _figure("pig")),
    # a table of the key's entries, one row a mark: the rows share a shape and draw different marks
    Entry("legal", "legal spot; arrow: where the tile's north goes", _legal),
    Entry("differs", "scores differently under another reading", _differs),
    Entry("quake", "earthquake token", _quake),
    Entry("destroyed", "unfinished city the earthquake destroys: scores 0", _destroyed),
    Entry("spent", "finished city the earthquake destroys: feeds no farmer", _spent),
    Entry("flood", "flood and its cut-out (3 x 3 once spread)", _flood),
    Entry("flooded", "flooded: can never be completed", _flooded),
    Entry("tornado", "tornado: its steps in order, what it carries", _tornado),
    Entry("meteor", "meteor's aims in order (it lands on the last)", _meteor),
    Entry("ferry", "ferry: the two jetties it joins", _ferry),
    Entry("crop", "crop circle: club roads, shield cities, pitchfork fields", _crop),
    Entry("steps", "a line's moves in order: yours orange, replies purple", _steps),
)
BY_KEY = {e.key: e for e in ENTRIES}


def entries_for(state: GameState, legal: bool = False, differs: bool = False, steps: bool = False) -> list[Entry]:
    """The entries for what a picture of ``state`` shows: the figures on its board, the rule marks drawn on
    it (earthquake tokens, destroyed cities, the flood, flooded features, the tornado, the meteor's aims,
    ferries, crop circles, on the board or in hand), and legal spots, differing features or a line's steps
    when the picture marks them. A mark the board does not show has no entry."""
    board, ext = state.board, state.ext
    standing = figures(state)
    kinds = {split_figure(entry)[1] for _, _, entry, _ in standing}
    plain = [lying for _, _, entry, lying in standing if split_figure(entry)[1] == "follower"]
    tiles = [p.tile for p in board.tiles.values()] + ([state.hand_tile] if state.hand else [])
    hit = hit_cities(board)
    shown = {
        "follower": not all(plain), "farmer": any(plain), "builder": "builder" in kinds, "pig": "pig" in kinds,
        "legal": legal, "differs": differs, "quake": bool(quake_points(state)),
        "destroyed": any(not f.complete for f in hit), "spent": any(f.complete for f in hit),
        "flood": any(t.has("flood") for t in tiles) or bool(ext.get("flood_spread")),
        "flooded": bool(flooded_features(board.features())),
        "tornado": any(t.has("tornado") for t in tiles) or bool(ext.get("tornado") or ext.get("tornado_path")),
        "meteor": bool(ext.get("meteor_chosen")), "ferry": bool(board.ferries),
        "crop": any(t.has("crop_circle") for t in tiles), "steps": steps,
    }
    return [e for e in ENTRIES if shown[e.key]]


@dataclass(frozen=True)
class LegendSize:
    """How a legend is laid out: swatch size and font in pixels, columns, and its size in pixels."""

    unit: float
    font: float
    rows: int
    columns: int
    column_width: float  # in swatches

    @property
    def width(self) -> int:
        return math.ceil((self.columns * self.column_width + PAD) * self.unit)

    @property
    def height(self) -> int:
        return math.ceil((self.rows * PITCH + 2 * PAD - (PITCH - 1)) * self.unit)


def legend_size(entries: Sequence[Entry], px_per_tile: float, max_height: float | None = None,
                columns: int | None = None) -> LegendSize:
    """The layout of ``entries``: one column, or as many as keep it within ``max_height`` pixels."""
    unit = max(LEGEND_UNIT_PX, LEGEND_UNIT * px_per_tile)
    font = max(st.CAPTION_PX, 0.16 * px_per_tile) * 0.92
    label = max((text_width(e.label) for e in entries), default=0.0) * font / unit
    n = max(len(entries), 1)
    if columns is None:
        fit = max(1, int(((max_height or math.inf) / unit - 2 * PAD + (PITCH - 1)) // PITCH))
        columns = math.ceil(n / fit)
    rows = math.ceil(n / columns)
    return LegendSize(unit, font, rows, columns, 1 + PAD + label + PAD)


def draw_legend(ax: Axes, entries: Sequence[Entry], size: LegendSize) -> list:
    """Draw the entries into ``ax`` (which spans ``size.width`` x ``size.height`` pixels) and return the
    artists."""
    w, h = size.width / size.unit, size.height / size.unit
    ax.set_xlim(0, w)
    ax.set_ylim(-h, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    scale = size.unit / ax.figure.dpi
    em = max(st.NUMBER_EM, st.NUMBER_PX / (0.73 * size.unit))
    artists: list = []
    labels = []
    for k, entry in enumerate(entries):
        col, row = divmod(k, size.rows)
        x = PAD + col * size.column_width
        y = -PAD - row * PITCH - 1
        artists += entry.draw(ax, x, y, scale, em)
        labels.append(glyphs(entry.label, x + 1 + PAD, y + 0.5, size.font / size.unit, "left", "center", bold=False))
    path = merged(labels)
    if path is not None:
        artists.append(ax.add_artist(PathPatch(path, facecolor=st.CAPTION, edgecolor="none", zorder=5)))
    return artists


def legend_png(*, px_per_tile: int = 80, keys: Sequence[str] | None = None, columns: int = 2) -> bytes:
    """The legend on its own, as PNG: every entry (or those named in ``keys``) in ``columns`` columns."""
    from carcnb.engine.errors import CarcnbError

    unknown = [k for k in keys or () if k not in BY_KEY]
    if unknown:
        raise CarcnbError(f"unknown legend entries {unknown}: known are {', '.join(BY_KEY)}")
    entries = [BY_KEY[k] for k in keys] if keys is not None else list(ENTRIES)
    size = legend_size(entries, px_per_tile, columns=columns)
    fig = Figure(figsize=(size.width / px_per_tile, size.height / px_per_tile), dpi=px_per_tile,
                 facecolor=st.BACKGROUND)
    draw_legend(fig.add_axes((0, 0, 1, 1)), entries, size)
    agg = FigureCanvasAgg(fig)
    agg.draw()
    buffer = io.BytesIO()
    agg.print_png(buffer)
    return buffer.getvalue()
