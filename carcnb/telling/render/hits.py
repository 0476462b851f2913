"""Which feature a click on a drawn tile means: the feature drawn under the pointer.

A figure is drawn over the tile, so a click on it means the feature it stands on. Elsewhere the answer is
read from the raster of the tile's picture that highlights use (``masks``), made from the shapes the
renderer fills: anywhere in a field's drawn ground is that field, anywhere in a city is that city. Roads and
rivers are thin bands, so a point just beside one (within ``THIN_REACH`` of a tile) means it, and a road
can be hit on a small board. Where roads meet (the middle of a crossing) or on a shape that is no feature
(a lake, a crop circle, a flood), a click means no feature.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.path import Path as Shape

from carcnb.engine.features import split_figure
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.engine.tiles import TileType
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.masks import RES, segment_labels
from carcnb.telling.render.pieces import figures_on
from carcnb.telling.render.tileart import tile_art

THIN_REACH = 0.025  # a point this close to a road or a river (in tiles) means it
_THIN = ("road", "river")


@dataclass(frozen=True)
class DrawnTile:
    """A tile as a picture shows it: its type, its rotation and the figures drawn on it."""

    tile: TileType
    rot: int
    figures: tuple[tuple[int, tuple[np.ndarray, ...]], ...] = ()  # (segment, outlines in tile fractions), top last


def drawn_tiles(state: GameState) -> dict[Pos, DrawnTile]:
    """Every tile of ``state``'s board as its picture shows it."""
    standing: dict[Pos, list] = {}
    for (pos, seg), (x, y, entry, lying) in figures_on(state):
        outlines = sh.figure_shape(split_figure(entry)[1], x - pos[0], y - pos[1], st.MEEPLE_SIZE, lying=lying)
        standing.setdefault(pos, []).append((seg, tuple(outlines)))
    return {pos: DrawnTile(p.tile, p.rot, tuple(standing.get(pos, ()))) for pos, p in state.board.tiles.items()}


def spot_at(drawn: DrawnTile, fx: float, fy: float) -> int | None:
    """The port naming what a click at ``(fx, fy)`` of the tile means: the feature of the figure drawn there,
    else the feature drawn there (its anchor port, as notation names it); None where there is neither."""
    segments = drawn.tile.at(drawn.rot).segments
    for seg, outlines in reversed(drawn.figures):
        if any(Shape(outline).contains_point((fx, fy)) for outline in outlines):
            return segments[seg].anchor
    return feature_port(drawn.tile, drawn.rot, fx, fy)


def feature_at(tile: TileType, rot: int, fx: float, fy: float) -> int | None:
    """The index of the segment drawn at ``(fx, fy)`` (fractions of the tile, fy from the bottom) of ``tile``
    turned ``rot``; None where no feature is drawn or where features of one kind meet."""
    labels = segment_labels(tile, rot)
    segments = tile.at(rot).segments
    row, col = (min(RES - 1, max(0, int(v * RES))) for v in (1.0 - fy, fx))
    seg = int(labels[row, col])
    if seg < 0 or segments[seg].kind == "field":
        near = _thin_near(labels, segments, row, col)
        if near is not None:
            return near
    if seg < 0:
        return None
    if segments[seg].kind in _THIN and _meeting(tile, rot, seg, fx, fy):
        return None
    return seg


def feature_port(tile: TileType, rot: int, fx: float, fy: float) -> int | None:
    """The port naming the feature drawn at ``(fx, fy)`` (its anchor, as notation names it), or None."""
    seg = feature_at(tile, rot, fx, fy)
    return None if seg is None else tile.at(rot).segments[seg].anchor


def _thin_near(labels: np.ndarray, segments, row: int, col: int) -> int | None:
    """The one road or river drawn within ``THIN_REACH`` of the pixel, if exactly one is."""
    reach = round(THIN_REACH * RES)
    window = labels[max(0, row - reach):row + reach + 1, max(0, col - reach):col + reach + 1]
    found = {int(s) for s in np.unique(window) if s >= 0 and segments[s].kind in _THIN}
    return found.pop() if len(found) == 1 else None


def _meeting(tile: TileType, rot: int, seg: int, fx: float, fy: float) -> bool:
    """Whether another segment of ``seg``'s kind is drawn at the point too (roads meeting at a crossing)."""
    art = tile_art(tile, rot)
    segments = tile.at(rot).segments
    return any(other != seg and segments[other].kind == segments[seg].kind
               and any(Shape(poly).contains_point((fx, fy)) for poly in polygons)
               for other, polygons in enumerate(art.regions))
