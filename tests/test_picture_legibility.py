"""Pictures read at a normal size: the coordinate numbers stay clear of the legal-spot marks, a cloister shows
under its monk, and a finished game's picture says that the game is over."""
from __future__ import annotations

from pathlib import Path

from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from carcnb.positions.parse import load
from carcnb.telling.render import draw_board
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
