"""Numbered badges set beside the spot they point at, never over each other or over a piece.

A badge (a step's number, or several numbers of one arrow) goes at the nearest free place round its spot,
tried ring by ring, and a leader line joins it to the spot. Pieces and other badges may not be covered;
other spots and arrows are avoided when there is room. Everything is in tiles, so the placement is the
same at any picture size, and tests check it on these boxes without looking at pixels.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from carcnb.telling.render.glyphs import label_size

Point = tuple[float, float]
GAP = 0.03  # the least gap between a badge and what it keeps clear of, in tiles
SPOT = 0.05  # the half-size of the dot at a spot: another badge does not cover it
RINGS = 12  # how many rings of places round a spot are tried, each ``RING_STEP`` further out
RING_STEP = 0.1
DIRECTIONS = 16
PAD = 0.5  # the badge's padding round its text, in em
OFF_TILES = 1.0  # how much further (tiles) a badge goes to sit wholly off the board's tiles


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in tiles."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def inside(self, other: Box) -> bool:
        return other.x0 <= self.x0 and self.x1 <= other.x1 and other.y0 <= self.y0 and self.y1 <= other.y1


def box_of(points: np.ndarray) -> Box:
    """The box round a polygon's vertices."""
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return Box(float(x0), float(y0), float(x1), float(y1))


def spot_box(point: Point, half: float = SPOT) -> Box:
    return Box(point[0] - half, point[1] - half, point[0] + half, point[1] + half)


@dataclass(frozen=True)
class Badge:
    """A label placed for a spot: its text and colour, the spot it points at (``anchor``), and its centre and
    half-size once placed."""

    text: str
    colour: str
    anchor: Point
    centre: Point
    half: tuple[float, float]

    @property
    def box(self) -> Box:
        (cx, cy), (hw, hh) = self.centre, self.half
        return Box(cx - hw, cy - hh, cx + hw, cy + hh)


def badge_half(text: str, em: float) -> tuple[float, float]:
    """Half the width and height of a badge holding ``text`` set ``em`` tiles tall (at least round)."""
    w, h = label_size(text, em)
    hh = h / 2 + PAD * em * 0.6
    return (max(hh, w / 2 + PAD * em * 0.6), hh)


def place_badges(items: Sequence[tuple[str, str, Point]], em: float, pieces: Sequence[Box], bounds: Box,
                 avoid: Sequence[Box] = (), tiles: Sequence[Box] = ()) -> list[Badge]:
    """A badge for each (text, colour, spot) in ``items``, in order, each at the nearest place round its spot
    that covers no piece, no badge placed before it and no spot, and stays inside ``bounds``; places that
    also keep off ``avoid`` (arrows, say) come first when there are any, and a place off the ``tiles`` is
    worth going a little further for (``OFF_TILES``), so that the board shows under the numbers."""
    spots = [spot_box(point) for _, _, point in items]
    placed: list[Badge] = []
    for text, colour, anchor in items:
        half = badge_half(text, em)
        hard = [b.grown(GAP) for b in pieces] + [b.box.grown(GAP) for b in placed] + spots
        centre = _best_place(anchor, half, hard, list(avoid), bounds, tiles)
        placed.append(Badge(text, colour, anchor, centre, half))
    return placed


def covered_area(box: Box, tiles: Sequence[Box]) -> float:
    """How much of ``tiles`` ``box`` covers, in tiles."""
    return sum(max(0.0, min(box.x1, t.x1) - max(box.x0, t.x0)) * max(0.0, min(box.y1, t.y1) - max(box.y0, t.y0))
               for t in tiles)


def _best_place(anchor: Point, half: tuple[float, float], hard: list[Box], soft: list[Box], bounds: Box,
                tiles: Sequence[Box] = ()) -> Point:
    """The free place nearest to ``anchor`` (fewest soft overlaps first, then least of the tiles covered);
    failing any, the one that covers the fewest things."""
    best, best_cost = None, math.inf
    start = math.hypot(*half) + 1.5 * SPOT + GAP
    area = 4 * half[0] * half[1]
    for ring in range(RINGS):
        r = start + ring * RING_STEP
        for k in range(DIRECTIONS):
            a = math.pi / 4 + 2 * math.pi * k / DIRECTIONS  # up and to the right first
            c = (anchor[0] + r * math.cos(a), anchor[1] + r * math.sin(a))
            box = Box(c[0] - half[0], c[1] - half[1], c[0] + half[0], c[1] + half[1])
            cost = r + 2.0 * sum(box.overlaps(s) for s in soft) + OFF_TILES * covered_area(box, tiles) / area
            cost += 100.0 * sum(box.overlaps(h) for h in hard) + (0.0 if box.inside(bounds) else 1000.0)
            if cost < best_cost:
                best, best_cost = c, cost
        if best_cost < start + (ring + 1) * RING_STEP:
            break  # nothing further out can cost less
    return best
