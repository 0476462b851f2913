"""Where the pieces on a board stand in a picture: figures, ferries, earthquake tokens and the tornado, and
the box each takes up, so that numbered badges can keep clear of them (``badges``).
"""
from __future__ import annotations

import numpy as np

from carcnb.engine.board import Placed
from carcnb.engine.features import Node, split_figure
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Box, box_of
from carcnb.telling.render.ports import port_point
from carcnb.telling.render.tileart import tile_art

Point = tuple[float, float]
TORNADO_R = 0.22  # the tornado token's radius, in tiles
QUAKE_R = 0.1  # an earthquake token's radius


def ferry_ends(state: GameState) -> list[tuple[Point, Point, Point]]:
    """Each ferry's lake centre and the two jetties it joins, in board coordinates."""
    ends = []
    for (x, y), (a, b) in state.board.ferries.items():
        placed = state.board.tiles.get((x, y))
        if placed is None:
            continue
        jetties = tile_art(placed.tile, placed.rot).jetties
        ja, jb = (jetties[a] if a < len(jetties) else None), (jetties[b] if b < len(jetties) else None)
        if ja is not None and jb is not None:
            ends.append(((x + 0.5, y + 0.5), (x + ja[0], y + ja[1]), (x + jb[0], y + jb[1])))
    return ends


def quake_points(state: GameState) -> list[Point]:
    """Where each earthquake token lies: one in each city, on the mark of its first segment in range (below
    a pennant). The engine keeps every segment the earthquake reached; a city reached twice has one token."""
    board = state.board
    points = []
    cities = set()
    for (x, y), seg in state.ext.get("quake_cities") or ():
        placed = board.tiles.get((x, y))
        if placed is None or ((x, y), seg) not in board.parent:
            continue
        city = board.find(((x, y), seg))
        if city in cities:
            continue
        cities.add(city)
        marks = tile_art(placed.tile, placed.rot).marks
        mark = marks[seg] if seg < len(marks) else None
        if mark is not None:
            pennant = placed.orient.segments[seg].pennant
            points.append((x + mark[0], y + mark[1] - (0.17 if pennant else 0.0)))
    return points


def standing_point(placed: Placed, seg: int, pos: Pos) -> Point:
    """Where a figure on segment ``seg`` of the tile at ``pos`` stands: at its anchor port, a monk beside its
    cloister (the house shows)."""
    segment = placed.orient.segments[seg]
    if segment.kind == "cloister":
        fx, fy = tile_art(placed.tile, placed.rot).marks[seg]
        return (pos[0] + fx, pos[1] + fy)
    return port_point(segment.anchor, *pos)


def figures_on(state: GameState) -> list[tuple[Node, tuple[float, float, str, bool]]]:
    """Every figure at its segment's anchor port (a farmer lies), with the segment it stands on; several on
    one segment side by side."""
    board = state.board
    out = []
    for (pos, seg_index), entries in sorted(board.followers.items()):
        placed = board.tiles.get(pos)
        if placed is None or seg_index >= len(placed.orient.segments):
            continue
        seg = placed.orient.segments[seg_index]
        cx, cy = standing_point(placed, seg_index, pos)
        for k, entry in enumerate(entries):
            shift = (k - (len(entries) - 1) / 2) * 0.16
            out.append(((pos, seg_index), (cx + shift, cy, entry, seg.kind == "field")))
    return out


def figures(state: GameState) -> list[tuple[float, float, str, bool]]:
    """Every figure at its segment's anchor port (a farmer lies); several on one segment side by side."""
    return [standing for _, standing in figures_on(state)]


def piece_boxes(state: GameState) -> list[Box]:
    """The box of every piece drawn on the board: each figure, each ferry's raft, each earthquake token and
    the tornado token."""
    boxes = [box_of(np.concatenate(sh.figure_shape(split_figure(entry)[1], x, y, st.MEEPLE_SIZE, lying=lying)))
             for x, y, entry, lying in figures(state)]
    boxes += [box_of(np.array([a, b])).grown(0.06) for _, a, b in ferry_ends(state)]
    boxes += [Box(x - QUAKE_R, y - QUAKE_R, x + QUAKE_R, y + QUAKE_R) for x, y in quake_points(state)]
    spot = state.ext.get("tornado")
    if spot is not None:
        cx, cy = spot[0] + 0.5, spot[1] + 0.5
        boxes.append(Box(cx - TORNADO_R, cy - TORNADO_R, cx + TORNADO_R, cy + TORNADO_R))
    return boxes
