"""Features shaded for what the rules did to them: flooded (they never complete) and cities the earthquake
destroys (every city with a token in it). The engine says which: the board's ``flooded`` mark, which the
flood module sets, and the earthquake module's ``hit_cities``; nothing here re-derives a rule.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import to_rgba
from matplotlib.patches import PathPatch
from matplotlib.path import Path

from carcnb.engine.board import Board
from carcnb.engine.features import Feature, Node
from carcnb.engine.rules.earthquake import hit_cities
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.tileart import tile_art

Z_SHADING = 1.8
SHADED_KINDS = ("road", "city", "cloister")  # fields never complete anyway; rivers are nobody's


def flooded_features(features: list[Feature]) -> list[Feature]:
    """Roads, cities and cloisters the flood stops: they can never be completed."""
    return [f for f in features if f.flooded and f.kind in SHADED_KINDS]


def feature_polygons(board: Board, nodes: Iterable[Node]) -> list[np.ndarray]:
    """The drawn shapes of these segments in board coordinates (a disc round a cloister's building)."""
    out = []
    for pos, seg in nodes:
        placed = board.tiles.get(pos)
        if placed is None:
            continue
        if placed.orient.segments[seg].kind == "cloister":
            out.append(sh.disc(pos[0] + 0.5, pos[1] + 0.5, 0.3, 32))
            continue
        regions = tile_art(placed.tile, placed.rot).regions
        out += [np.asarray(poly) + pos for poly in regions[seg]] if seg < len(regions) else []
    return out


def hatch(ax: Axes, polygons: list[np.ndarray], tint, colour: str, pattern: str, scale: float,
          z: float = Z_SHADING) -> list:
    """The polygons tinted, outlined and hatched (a hatch stays readable on a thin road)."""
    if not polygons:
        return []
    verts, codes = sh.compound([sh.anticlockwise(p) for p in polygons])
    patch = PathPatch(Path(verts, codes), facecolor=to_rgba(tint, 0.7), edgecolor=colour, hatch=pattern,
                      linewidth=1.6 * scale, zorder=z, joinstyle="round")
    patch.set_hatch_linewidth(1.3 * scale)
    ax.add_artist(patch)
    return [patch]


def draw_flooded(ax: Axes, polygons: list[np.ndarray], scale: float) -> list:
    """Blue, hatched one way: water over a feature that can never be completed."""
    return hatch(ax, polygons, st.FLOODED_TINT, st.FLOODED, "////", scale)


def draw_destroyed(ax: Axes, polygons: list[np.ndarray], scale: float) -> list:
    """Dark, cross-hatched: rubble of a city the earthquake destroys."""
    return hatch(ax, polygons, st.DESTROYED_TINT, st.DESTROYED, "xx", scale)


def draw_spent(ax: Axes, polygons: list[np.ndarray], scale: float) -> list:
    """Pale, hatched one way: a finished city the earthquake destroys; it scored, but feeds no farmer."""
    return hatch(ax, polygons, st.SPENT_TINT, st.DESTROYED, "\\\\", scale)


def draw_shading(ax: Axes, board: Board, scale: float) -> list:
    """Shade every flooded feature and every city the earthquake destroys on ``board`` (unfinished ones
    dark, finished ones pale)."""
    features = board.features()
    flooded = [n for f in flooded_features(features) for n in f.nodes]
    hit = hit_cities(board)
    destroyed = [n for f in hit if not f.complete for n in f.nodes]
    spent = [n for f in hit if f.complete for n in f.nodes]
    return (draw_flooded(ax, feature_polygons(board, flooded), scale)
            + draw_destroyed(ax, feature_polygons(board, destroyed), scale)
            + draw_spent(ax, feature_polygons(board, spent), scale))
