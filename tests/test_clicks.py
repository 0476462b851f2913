"""A click on the board means the feature drawn under the pointer: anywhere inside a city, a road, a field or a
cloister as the picture shows it, on every tile at every rotation, and on a figure the feature it stands on."""
from __future__ import annotations

import io

import numpy as np
import pytest
from conftest import position_from_text, state_from_text
from matplotlib.colors import to_rgb
from PIL import Image

from carcnb.engine.geometry import PORT_INDEX, ROTATIONS
from carcnb.engine.state import Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.telling.render import render_png, style
from carcnb.telling.render.hits import feature_at
from carcnb.telling.render.ports import edge_point
from carcnb.telling.render.shapes import SIDE_VECTOR
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.board_view import BoardView
from carcnb.widgets.editor.modes import PLAY

PX = 96  # pixels per tile of the pictures read here
COLUMNS = 8
KIND_COLOURS = {"field": (style.FIELD,), "city": (style.CITY,), "road": (style.ROAD,), "river": (style.RIVER,),
                "cloister": (style.CLOISTER_WALL, style.CLOISTER_ROOF)}
DEPTH = 2  # an inner point lies this many pixels inside its feature's colour, at least


def _spot(i: int) -> tuple[int, int]:
    """Where the i-th tile goes: rows of ``COLUMNS``, a free square between tiles (a flood shades the road
    that runs into it)."""
    return 2 * (i % COLUMNS), -2 * (i // COLUMNS)


def _all_tiles(rot: int) -> GameState:
    """Every catalogue tile turned ``rot``, each alone, put down without rule checks."""
    state = GameState(Game(players=("red", "blue")), empty=True)
    for i, tid in enumerate(catalogue().ids()):
        state.board.put(_spot(i), catalogue()[tid], rot)
    return state


@pytest.fixture(scope="module", params=ROTATIONS)
def drawn(request):
    """The picture of every tile at one rotation: (rotation, pixels, geometry)."""
    png, geometry = render_png(_all_tiles(request.param), px_per_tile=PX, margin=0, coords=False)
    return request.param, np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int), geometry


def _coloured(tile_px: np.ndarray, colours: tuple[str, ...]) -> np.ndarray:
    want = [np.array([round(255 * c) for c in to_rgb(colour)]) for colour in colours]
    return np.logical_or.reduce([np.abs(tile_px - w).max(axis=2) <= 6 for w in want])


def _spread(seeds: np.ndarray, within: np.ndarray) -> np.ndarray:
    reached = seeds & within
    while True:
        grown = reached.copy()
        grown[1:] |= reached[:-1]
        grown[:-1] |= reached[1:]
        grown[:, 1:] |= reached[:, :-1]
        grown[:, :-1] |= reached[:, 1:]
        grown &= within
        if (grown == reached).all():
            return reached
        reached = grown


def _depth(area: np.ndarray) -> np.ndarray:
    """How many erosions each pixel of ``area`` survives (its distance inside, in pixels)."""
    depth = np.zeros(area.shape, dtype=int)
    inner = area.copy()
    while inner.any():
        depth += inner
        shrunk = inner.copy()
        shrunk[1:] &= inner[:-1]
        shrunk[:-1] &= inner[1:]
        shrunk[:, 1:] &= inner[:, :-1]
        shrunk[:, :-1] &= inner[:, 1:]
        shrunk[0], shrunk[-1], shrunk[:, 0], shrunk[:, -1] = False, False, False, False
        inner = shrunk
    return depth


def _pixel(fx: float, fy: float) -> tuple[int, int]:
    return min(PX - 1, int((1 - fy) * PX)), min(PX - 1, int(fx * PX))


def _seeds(segment) -> list[tuple[float, float]]:
    """Points just inside the tile where a segment is drawn: its edges (halves for a field), or the middle."""
    if segment.kind == "cloister":
        return [(0.5, 0.5)]
    if segment.kind == "field":
        return [tuple(edge_point(p) - 0.03 * SIDE_VECTOR[p // 3]) for p in segment.edge_ports]
    return [tuple(edge_point(3 * side + 1) - 0.04 * SIDE_VECTOR[side]) for side in segment.sides]


def _areas(tile_px: np.ndarray, segments) -> list[np.ndarray]:
    """Each segment's drawn area, read from the picture's colours: the pixels of its kind's colour connected
    to its seeds; where one drawn area holds several segments (roads meeting), each keeps the pixels nearest
    its own seeds."""
    rows, cols = np.indices((PX, PX))
    areas, nearest = [], []
    for seg in segments:
        colour = _coloured(tile_px, KIND_COLOURS[seg.kind])
        seeds = np.zeros((PX, PX), dtype=bool)
        for fx, fy in _seeds(seg):
            r, c = _pixel(fx, fy)
            near = np.argwhere(colour[max(0, r - 4):r + 5, max(0, c - 4):c + 5])
            if len(near):
                seeds[max(0, r - 4) + near[0][0], max(0, c - 4) + near[0][1]] = True
        areas.append(_spread(seeds, colour))
        points = [_pixel(*p) for p in _seeds(seg)]
        nearest.append(np.min([(rows - r) ** 2 + (cols - c) ** 2 for r, c in points], axis=0))
    for i, seg in enumerate(segments):
        for j, other in enumerate(segments):
            if i != j and other.kind == seg.kind and (areas[i] & areas[j]).any():
                areas[i] = areas[i] & (nearest[i] < nearest[j])
    return areas


def test_an_inner_point_of_every_drawn_feature_means_that_feature(drawn):
    rot, pixels, geometry = drawn
    missing = []
    for i, tid in enumerate(catalogue().ids()):
        tile = catalogue()[tid]
        segments = tile.at(rot).segments
        x, y = _spot(i)
        left, top = (round(v) for v in geometry.to_pixel(x, y + 1))
        tile_px = pixels[top:top + PX, left:left + PX]
        for seg, area in enumerate(_areas(tile_px, segments)):
            if segments[seg].kind == "river":
                continue  # no figure stands on a river: nothing to click
            depth = _depth(area)
            if depth.max() < DEPTH:
                missing.append(f"{tid} {rot}: {segments[seg].kind} {seg} is not drawn")
                continue
            row, col = np.unravel_index(np.argmax(depth), depth.shape)
            fx, fy = (col + 0.5) / PX, 1 - (row + 0.5) / PX
            assert feature_at(tile, rot, fx, fy) == seg, \
                f"{tid} turned {rot}: a click at ({fx:.2f}, {fy:.2f}), inside its {segments[seg].kind}, means " \
                f"{feature_at(tile, rot, fx, fy)}"
    assert not missing


def test_a_click_on_a_figure_means_the_feature_it_stands_on():
    state = state_from_text("0,0 D 0 red@E", allow_problems=True)  # a thief on the road running west-east
    png, geometry = render_png(state, px_per_tile=PX)
    tile = catalogue()["D"]
    road = feature_at(tile, 0, 0.86, 0.5)
    for fx, fy in ((0.86, 0.6), (0.78, 0.39)):  # the thief's head and a leg, drawn over the fields by the road
        assert feature_at(tile, 0, fx, fy) != road
        assert geometry.spot(*geometry.to_pixel(fx, fy)) == ((0, 0), PORT_INDEX["E"])


def test_a_click_in_the_middle_of_a_field_puts_a_farmer_there():
    """The field of Q turned 180 at 0,1, clicked in its middle, takes the follower just placed."""
    m = EditorModel(position_from_text("0,0 D 0", hand="Q", to_move="red"), mode=PLAY)
    m.rotation = 180
    assert m.click((0, 1)), m.status
    view = BoardView(m)
    view.draw()
    x, y = view.geometry.to_pixel(0.5, 1.85)  # the field's middle, far from every port but N
    view.handle_event({"type": "click", "dataX": x, "dataY": y})
    assert "deploy 0,1 NNW" in m.status, m.status
