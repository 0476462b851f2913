"""Which segment each point of a tile picture belongs to, as a small raster (for highlights and clicks).

Cities, roads, rivers and cloisters cover their shapes; a field is what its edge halves reach without
crossing another shape, found by growing every field from its halves at once.
"""
from __future__ import annotations

from functools import cache

import numpy as np
from matplotlib.path import Path

from carcnb.engine.tiles import TileType
from carcnb.telling.render.ports import edge_point
from carcnb.telling.render.shapes import SIDE_VECTOR
from carcnb.telling.render.tileart import tile_art

RES = 96
NONE = -1
BLOCKED = -2

_CENTRES = (np.arange(RES) + 0.5) / RES
_FX, _FY = np.meshgrid(_CENTRES, 1.0 - _CENTRES)  # row 0 is the top of the tile
_POINTS = np.column_stack((_FX.ravel(), _FY.ravel()))
_ORDER = {"river": 0, "road": 1, "cloister": 2, "city": 3}


def _pixel(fx: float, fy: float) -> tuple[int, int]:
    col = min(RES - 1, max(0, int(fx * RES)))
    row = min(RES - 1, max(0, int((1.0 - fy) * RES)))
    return row, col


@cache
def segment_labels(tile: TileType, rot: int) -> np.ndarray:
    """A ``RES x RES`` array (row 0 at the top) of segment indices; -1 for no segment, -2 for a lake etc.

    Tile pictures turn with the tile, so a turned tile's raster is the unturned one turned clockwise.
    """
    if rot:
        return np.rot90(segment_labels(tile, 0), k=-(rot // 90)).copy()
    art = tile_art(tile, rot)
    o = tile.at(rot)
    labels = np.full(RES * RES, NONE, dtype=np.int16)
    covered = sorted((i for i, s in enumerate(o.segments) if s.kind != "field"),
                     key=lambda i: _ORDER[o.segments[i].kind])
    for i in covered:
        for poly in art.regions[i]:
            labels[Path(poly).contains_points(_POINTS)] = i
    for poly in art.barriers:  # a lake or a crop circle is drawn over the road ends that reach it
        labels[Path(poly).contains_points(_POINTS)] = BLOCKED
    labels = labels.reshape(RES, RES)
    _grow_fields(labels, o)
    return labels


def _grow_fields(labels: np.ndarray, o) -> None:
    """Label the uncovered pixels with the field that reaches them first from its edge halves."""
    free = labels == NONE
    field = np.full((RES + 2, RES + 2), NONE, dtype=np.int16)  # one pixel of padding all round
    for i, seg in enumerate(o.segments):
        if seg.kind != "field":
            continue
        for port in seg.edge_ports:
            row, col = _pixel(*(edge_point(port) - SIDE_VECTOR[port // 3] * (0.5 / RES)))
            if free[row, col]:
                field[row + 1, col + 1] = i
    inner = field[1:-1, 1:-1]
    while True:
        reach = np.maximum(np.maximum(field[:-2, 1:-1], field[2:, 1:-1]),
                           np.maximum(field[1:-1, :-2], field[1:-1, 2:]))
        take = free & (inner == NONE) & (reach != NONE)
        if not take.any():
            break
        inner[take] = reach[take]
    labels[free] = inner[free]


def segment_mask(tile: TileType, rot: int, segments: frozenset[int]) -> np.ndarray:
    """Boolean raster of the pixels that belong to any of ``segments``."""
    labels = segment_labels(tile, rot)
    return np.isin(labels, list(segments))
