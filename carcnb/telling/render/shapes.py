"""Geometry primitives in tile units: curves, bands, discs, icons and the meeple, as vertex arrays.

Everything the renderer draws is a filled polygon in data coordinates, so a picture scales with the
view: a road is a band of fixed width in tiles, not a line of fixed width in points.
"""
from __future__ import annotations

import numpy as np
from matplotlib.path import Path

Poly = np.ndarray  # (n, 2) vertices of a closed polygon, or of a polyline before ``band``

CENTRE = np.array([0.5, 0.5])
# Unit vectors towards the sides N E S W (x east, y north).
SIDE_VECTOR = (np.array([0.0, 1.0]), np.array([1.0, 0.0]), np.array([0.0, -1.0]), np.array([-1.0, 0.0]))


def edge_centre(side: int) -> np.ndarray:
    """The midpoint of a tile side."""
    return CENTRE + 0.5 * SIDE_VECTOR[side]


def cubic(p0, p1, p2, p3, n: int = 24) -> np.ndarray:
    """Points along a cubic Bezier curve, both ends included."""
    t = np.linspace(0.0, 1.0, n)[:, None]
    p0, p1, p2, p3 = (np.asarray(p, dtype=float) for p in (p0, p1, p2, p3))
    return ((1 - t) ** 3) * p0 + 3 * t * (1 - t) ** 2 * p1 + 3 * t ** 2 * (1 - t) * p2 + t ** 3 * p3


def line(p0, p1, n: int = 2) -> np.ndarray:
    return np.linspace(np.asarray(p0, dtype=float), np.asarray(p1, dtype=float), n)


def disc(cx: float, cy: float, r: float, n: int = 32, ry: float | None = None) -> Poly:
    """A circle (or an axis-aligned ellipse with ``ry``) as a polygon."""
    a = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
    return np.column_stack((cx + r * np.cos(a), cy + (r if ry is None else ry) * np.sin(a)))


def rect(x0: float, y0: float, x1: float, y1: float) -> Poly:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=float)


def band(path: np.ndarray, half: float) -> Poly:
    """The outline of a polyline stroked ``2*half`` wide, with mitred joints and flat ends."""
    path = np.asarray(path, dtype=float)
    d = np.diff(path, axis=0)
    d /= np.linalg.norm(d, axis=1)[:, None]
    seg_normal = np.column_stack((-d[:, 1], d[:, 0]))
    normals = np.empty_like(path)
    normals[0], normals[-1] = seg_normal[0], seg_normal[-1]
    if len(path) > 2:
        m = seg_normal[:-1] + seg_normal[1:]
        m /= np.maximum(np.linalg.norm(m, axis=1), 1e-9)[:, None]
        cos = np.clip(np.einsum("ij,ij->i", m, seg_normal[1:]), 0.35, 1.0)
        normals[1:-1] = m / cos[:, None]
    return np.concatenate((path + half * normals, (path - half * normals)[::-1]))


def turn(points: np.ndarray, quarters: int) -> np.ndarray:
    """Points turned clockwise about the tile centre by ``quarters`` quarter turns."""
    p = np.asarray(points, dtype=float) - 0.5
    for _ in range(quarters % 4):
        p = np.column_stack((p[:, 1], -p[:, 0]))
    return p + 0.5


def turn_point(point, quarters: int) -> tuple[float, float]:
    x, y = turn(np.array([point]), quarters)[0]
    return (float(x), float(y))


def place(shape: np.ndarray, cx: float, cy: float, size: float, angle: float = 0.0) -> np.ndarray:
    """A unit shape (centred on the origin) scaled, turned ``angle`` degrees anticlockwise and moved."""
    a = np.radians(angle)
    c, s = np.cos(a), np.sin(a)
    rot = np.array([[c, s], [-s, c]])
    return shape @ rot * size + np.array([cx, cy])


def _meeple_outline() -> np.ndarray:
    """A follower seen from the front: head, arms, legs; one unit tall, centred on the origin."""
    right = [(0.0, -0.3), (0.1, -0.5), (0.42, -0.5), (0.2, -0.04), (0.42, -0.06), (0.5, 0.02),
             (0.44, 0.13), (0.14, 0.15)]
    head = np.radians(np.linspace(-58, 238, 16))
    head_pts = np.column_stack((0.17 * np.cos(head), 0.31 + 0.17 * np.sin(head)))
    left = [(-x, y) for x, y in reversed(right[1:])]
    return np.concatenate((np.array(right), head_pts, np.array(left)))


MEEPLE = _meeple_outline()


def meeple(cx: float, cy: float, size: float, lying: bool = False) -> Poly:
    """A follower standing (or, for a farmer, lying on its side) at ``(cx, cy)``."""
    return place(MEEPLE, cx, cy, size, 90.0 if lying else 0.0)


def pig(cx: float, cy: float, size: float) -> list[Poly]:
    """A pig seen from the side: body, head with snout, legs."""
    body = disc(cx, cy, 0.42 * size, 24, ry=0.27 * size)
    head = disc(cx + 0.42 * size, cy + 0.1 * size, 0.17 * size, 16)
    snout = rect(cx + 0.5 * size, cy + 0.02 * size, cx + 0.66 * size, cy + 0.16 * size)
    legs = [rect(cx + dx * size, cy - 0.42 * size, cx + (dx + 0.1) * size, cy - 0.15 * size) for dx in (-0.3, 0.15)]
    return [body, head, snout, *legs]


def figure_shape(kind: str, cx: float, cy: float, size: float, lying: bool = False) -> list[Poly]:
    """The polygons of a figure of ``kind``: a pig, a builder (taller and slimmer), else a follower."""
    if kind == "pig":
        return pig(cx, cy, size)
    if kind == "builder":
        return [place(MEEPLE * (0.75, 1.2), cx, cy, size)]
    return [meeple(cx, cy, size, lying)]


def shield(cx: float, cy: float, size: float) -> Poly:
    """A heraldic shield (pennant, crop-circle city symbol), ``size`` tall."""
    side = cubic((0.5, 0.1), (0.5, -0.3), (0.2, -0.42), (0.0, -0.5), 10)
    right = np.concatenate((np.array([[0.5, 0.5]]), side))
    left = right[::-1][1:] * np.array([-1, 1])
    return place(np.concatenate((right, left)), cx, cy, size)


def house(cx: float, cy: float, size: float) -> tuple[Poly, Poly]:
    """A cloister seen from the front: walls and a roof, ``size`` tall."""
    walls = place(np.array([[-0.38, -0.5], [0.38, -0.5], [0.38, 0.08], [-0.38, 0.08]]), cx, cy, size)
    roof = place(np.array([[-0.5, 0.04], [0.5, 0.04], [0.0, 0.5]]), cx, cy, size)
    return walls, roof


def door(cx: float, cy: float, size: float) -> Poly:
    arch = np.radians(np.linspace(0, 180, 9))
    top = np.column_stack((0.1 * np.cos(arch), -0.22 + 0.1 * np.sin(arch)))
    return place(np.concatenate((np.array([[0.1, -0.5]]), top, np.array([[-0.1, -0.5]]))), cx, cy, size)


def zigzag(cx: float, cy: float, size: float) -> np.ndarray:
    """The earthquake crack: a polyline ``size`` wide."""
    pts = np.array([[-0.5, 0.05], [-0.25, 0.3], [-0.05, -0.25], [0.15, 0.25], [0.32, -0.15], [0.5, 0.1]])
    return place(pts, cx, cy, size)


def spiral(cx: float, cy: float, size: float, turns: float = 2.2) -> np.ndarray:
    """The tornado swirl: a polyline spiral ``size`` across."""
    t = np.linspace(0.0, 1.0, 60)
    a = 2 * np.pi * turns * t
    r = 0.08 + 0.42 * t
    return np.column_stack((cx + size * r * np.cos(a), cy + size * r * np.sin(a)))


def club(cx: float, cy: float, size: float) -> list[Poly]:
    """The playing-card club (crop circle for roads): three lobes and a stem."""
    r = 0.2 * size
    lobes = [disc(cx, cy + 0.18 * size, r, 16), disc(cx - 0.2 * size, cy - 0.06 * size, r, 16),
             disc(cx + 0.2 * size, cy - 0.06 * size, r, 16)]
    stem = place(np.array([[-0.06, 0.0], [0.06, 0.0], [0.16, -0.45], [-0.16, -0.45]]), cx, cy, size)
    return lobes + [stem]


def pitchfork(cx: float, cy: float, size: float) -> list[np.ndarray]:
    """The pitchfork (crop circle for fields): a shaft and three tines, as polylines."""
    shaft = place(np.array([[0.0, -0.5], [0.0, 0.1]]), cx, cy, size)
    bar = place(np.array([[-0.25, 0.1], [0.25, 0.1]]), cx, cy, size)
    tines = [place(np.array([[x, 0.1], [x, 0.5]]), cx, cy, size) for x in (-0.25, 0.0, 0.25)]
    return [shaft, bar, *tines]


def anticlockwise(poly) -> Poly:
    """The polygon with anticlockwise vertex order, so that overlapping parts of a compound path (filled
    by the non-zero rule) add up instead of cancelling."""
    poly = np.asarray(poly, dtype=float)
    x, y = poly[:, 0], poly[:, 1]
    area = np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))
    return poly if area >= 0 else poly[::-1].copy()


def compound(polys: list[Poly]) -> tuple[np.ndarray, np.ndarray]:
    """Vertices and codes of one path made of closed polygons."""
    verts, codes = [], []
    for poly in polys:
        n = len(poly)
        verts.append(np.concatenate((poly, poly[:1])))
        c = np.full(n + 1, Path.LINETO, dtype=np.uint8)
        c[0], c[-1] = Path.MOVETO, Path.CLOSEPOLY
        codes.append(c)
    return np.concatenate(verts), np.concatenate(codes)
