"""Pictures read at a normal size: the coordinate numbers stay clear of the legal-spot marks, a cloister shows
under its monk, and a finished game's picture says that the game is over."""
from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox
from PIL import Image

from carcnb.engine.geometry import ROTATIONS
from carcnb.engine.state import Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.positions.parse import load
from carcnb.telling.render import draw_board, render_png, style
from carcnb.telling.render.coords import Z_LABELS
from carcnb.telling.render.draw import Z_LEGAL

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def _boxes(artists: list, z: float) -> list[Bbox]:
    """The extents (in tiles) of every polygon drawn at depth ``z``."""
    return [path.get_extents() for a in artists if isinstance(a, PolyCollection) and a.get_zorder() == z
            for path in a.get_paths()]


def test_legal_spot_marks_stay_off_the_coordinate_numbers():
    """The widgets show the board with one tile round it, so legal spots lie on the view's edge, under the
    column and row numbers: their squares and arrows keep clear of the numbers' boxes."""
    fig = Figure(figsize=(6, 4), dpi=80)
    extent = (-2, 4, -1, 3)
    artists = draw_board(fig.add_axes((0, 0, 1, 1)), load(PUZZLES / "base/last-tile-three-cities-one-gap.toml"),
                         legal=True, extent=extent)
    marks = _boxes(artists, Z_LEGAL) + _boxes(artists, Z_LEGAL + 0.1)
    labels = _boxes(artists, Z_LABELS)
    assert any(m.x0 < extent[0] + 1 for m in marks) and any(m.y0 < extent[2] + 1 for m in marks)
    assert len(labels) == (extent[1] - extent[0]) + (extent[3] - extent[2])
    for mark in marks:
        for label in labels:
            assert not mark.overlaps(label), f"a legal mark at {mark.bounds} covers a number at {label.bounds}"


def _alone(tid: str, rot: int, monk: bool) -> GameState:
    state = GameState(Game(players=("red", "blue")), empty=True)
    state.board.put((0, 0), catalogue()[tid], rot)
    if monk:
        state.board.add_follower(((0, 0), state.board.tiles[(0, 0)].orient.cloister), "red")
    return state


def _house_pixels(png: bytes) -> int:
    """How many pixels of a picture show a cloister's walls or roof."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    colours = [np.array([round(255 * c) for c in to_rgb(colour)]) for colour in (style.CLOISTER_WALL,
                                                                              style.CLOISTER_ROOF)]
    return int(sum((np.abs(rgb - c).max(axis=2) <= 6).sum() for c in colours))


@pytest.mark.parametrize("tid", [t for t in catalogue().ids() if catalogue()[t].at(0).cloister >= 0])
def test_a_cloister_shows_under_its_monk(tid):
    """A monk stands beside the house, on no road or river: at every rotation, most of the house shows."""
    for rot in ROTATIONS:
        shown = [_house_pixels(render_png(_alone(tid, rot, monk), px_per_tile=80, margin=0, coords=False)[0])
                 for monk in (False, True)]
        assert shown[1] >= 0.85 * shown[0], f"{tid} turned {rot}: the monk hides {1 - shown[1] / shown[0]:.0%}"
