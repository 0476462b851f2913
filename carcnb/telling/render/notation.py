"""Pictures that teach the notation: the thirteen port names on a tile, and a gallery of the tiles of a set,
each with its letter and how many the box holds.

They are drawn with the board's own tile art (``tileart``) and port points (``ports``), so the page that
shows them (``carcnb.telling.notation``) can never disagree with the pictures of the boards.
"""
from __future__ import annotations

import io
import math

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_NAMES
from carcnb.engine.tiles import catalogue
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.draw import tile_paths
from carcnb.telling.render.marks import polys
from carcnb.telling.render.ports import edge_point, port_point
from carcnb.telling.render.tileart import tile_art


def _png(fig: Figure) -> bytes:
    out = io.BytesIO()
    FigureCanvasAgg(fig).print_png(out)
    return out.getvalue()


def ports_png(tile: str = "E", px: int = 360) -> bytes:
    """One tile, large, with a dot where a figure put on each port stands and the port's name across the edge
    from it: the edge centres N E S W, the halves of each edge (NNW, NNE, ENE, ...) and the centre C."""
    margin, side = 0.3, 0.45  # around the tile; left and right, where the names are written out sideways
    fig = Figure(figsize=((1 + 2 * side), (1 + 2 * margin)), dpi=px, facecolor=st.BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-side, 1 + side)
    ax.set_ylim(-margin, 1 + margin)
    ax.set_aspect("equal")
    ax.set_axis_off()
    scale = 1 / (1 + 2 * margin)  # points per tile over 72: the figure is 1 + 2 margin inches wide
    tile_paths(ax, [((0, 0), tile_art(catalogue()[tile], 0))], scale, 1.0, alpha=0.55)
    polys(ax, [sh.rect(0, 0, 1, 1)], "none", st.LABEL, 1.0 * scale)
    points = [port_point(p) for p in range(len(PORT_NAMES))]
    polys(ax, [sh.disc(x, y, 0.022, 16) for x, y in points], st.HIGHLIGHT, st.LABEL, 0.6 * scale, z=3)
    for port, (name, (x, y)) in enumerate(zip(PORT_NAMES, points)):
        if name == "C":
            lx, ly = x, y - 0.08
        else:  # outside the tile, across the edge from the dot, joined to it by a thin line
            ex, ey = edge_point(port)
            out = sh.SIDE_VECTOR[port // 3]
            lx, ly = ex + out[0] * 0.06, ey + out[1] * 0.09
            ax.plot([x, ex + out[0] * 0.04], [y, ey + out[1] * 0.04], color=st.LABEL, linewidth=0.6, zorder=2.5)
        align = {1: "left", -1: "right"}.get(round(out[0]), "center") if name != "C" else "center"
        ax.text(lx, ly, name, ha=align, va="center", fontsize=7, fontweight="bold", color=st.LABEL, zorder=4)
    return _png(fig)


def gallery_png(set_name: str, px: int = 72, columns: int = 8) -> bytes:
    """Every tile of ``set_name`` at rotation 0, each with its letter and how many of it the box holds."""
    tiles = catalogue().of_set(set_name)
    if not tiles:
        raise CarcnbError(f"no tiles in set {set_name!r}: name one of base, river, disasters, ferries, cropcircles")
    columns = min(columns, len(tiles))
    rows = math.ceil(len(tiles) / columns)
    cell_w, cell_h = 1.3, 1.55  # in tiles: the tile and a line under it
    fig = Figure(figsize=(columns * cell_w, rows * cell_h), dpi=px, facecolor=st.BACKGROUND)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, columns * cell_w)
    ax.set_ylim(-rows * cell_h, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    placed = []
    for k, t in enumerate(tiles):
        row, col = divmod(k, columns)
        x, y = col * cell_w + 0.15, -row * cell_h - 1.1
        placed.append(((x, y), tile_art(t, 0)))
        ax.text(x + 0.5, y - 0.08, f"{t.id}  ×{t.count}", ha="center", va="top", fontsize=11, fontweight="bold",
                color=st.CAPTION)
    tile_paths(ax, placed, 1.0, 1.0)  # a tile is an inch: 72 points
    polys(ax, [sh.rect(x, y, x + 1, y + 1) for (x, y), _ in placed], "none", st.GRID, 0.8, z=1.5)
    return _png(fig)
