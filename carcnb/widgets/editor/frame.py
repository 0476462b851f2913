"""The part of the board the editor shows: the board and a margin, steady while the pointer is on it.

A tile put at the edge of the view would make the picture re-frame under the cursor, and the next click
would land on another square than the one under the pointer. So while the pointer is on the board the view
only grows, at the sides the board outgrew and by more than the margin (a few more tiles at that edge need no re-frame); when the
pointer leaves, the view fits the board again.
"""
from __future__ import annotations

from collections.abc import Iterable

from carcnb.engine.geometry import Pos

Extent = tuple[int, int, int, int]  # (xmin, xmax, ymin, ymax) in tiles
MARGIN = 1  # empty tiles shown around the board: every spot a tile may go (in play) is inside
GROW = 2  # the margin a view grows by while the pointer is on the board


def around(spots: Iterable[Pos], margin: int) -> Extent:
    """The bounding box of ``spots`` (or of 0,0 when there are none) widened by ``margin`` tiles."""
    spots = list(spots) or [(0, 0)]
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return (min(xs) - margin, max(xs) + 1 + margin, min(ys) - margin, max(ys) + 1 + margin)


def contains(outer: Extent, inner: Extent) -> bool:
    return outer[0] <= inner[0] and inner[1] <= outer[1] and outer[2] <= inner[2] and inner[3] <= outer[3]


class Frame:
    """The view's extent, kept from one picture to the next."""

    def __init__(self) -> None:
        self.extent: Extent | None = None

    def fit(self, spots: Iterable[Pos], steady: bool) -> Extent:
        """The extent for a board on ``spots``; ``steady`` while the pointer is on the board."""
        spots = list(spots)
        need = around(spots, MARGIN)
        current = self.extent
        if current is None or not steady:
            self.extent = need
        elif not contains(current, need):
            grown = around(spots, GROW)  # only the sides the board outgrew move
            lower = tuple(grown[i] if need[i] < current[i] else current[i] for i in (0, 2))
            upper = tuple(grown[i] if need[i] > current[i] else current[i] for i in (1, 3))
            self.extent = (lower[0], upper[0], lower[1], upper[1])
        return self.extent
