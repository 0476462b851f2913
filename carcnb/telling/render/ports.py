"""Where the ports of a tile are in the picture, and which port a point of a tile is nearest to.

A tile at ``(x, y)`` covers the square ``[x, x+1] x [y, y+1]`` in data coordinates (one tile is one
unit; x grows east, y grows north). A follower on a port stands at that port's point: the centre for
``C`` (a cloister's monk), 0.14 tiles inside an edge centre, 0.12 tiles inside the middle of an edge half.
The board knows a follower's segment, not the port it was put on: a follower is drawn at the point of
its segment's anchor port (the port that names the segment in notation).
"""
from __future__ import annotations

import numpy as np

from carcnb.engine.geometry import CENTRE, PORT_INDEX
from carcnb.telling.render.shapes import SIDE_VECTOR, edge_centre

EDGE_INSET = 0.14
HALF_INSET = 0.12


def edge_point(port: int) -> np.ndarray:
    """The point on the tile border that an edge port names (an edge centre or the middle of a half)."""
    side, k = divmod(port, 3)
    return edge_centre(side) + (k - 1) * 0.25 * SIDE_VECTOR[(side + 1) % 4]


def _fraction(port: int) -> tuple[float, float]:
    if port == CENTRE:
        return (0.5, 0.5)
    inset = EDGE_INSET if port % 3 == 1 else HALF_INSET
    fx, fy = edge_point(port) - inset * SIDE_VECTOR[port // 3]
    return (round(float(fx), 6), round(float(fy), 6))


PORT_FRACTIONS: tuple[tuple[float, float], ...] = tuple(_fraction(p) for p in range(13))
_POINTS = np.array(PORT_FRACTIONS)


def port_point(port: int | str, x: float = 0, y: float = 0) -> tuple[float, float]:
    """Where a follower on ``port`` (an index or a name such as ``"NNE"``) stands on the tile at (x, y)."""
    p = PORT_INDEX[port] if isinstance(port, str) else port
    fx, fy = PORT_FRACTIONS[p]
    return (x + fx, y + fy)


def port_at(fx: float, fy: float) -> int:
    """The port whose point is nearest to ``(fx, fy)`` inside a tile (fractions, fy from the bottom)."""
    d = (_POINTS[:, 0] - fx) ** 2 + (_POINTS[:, 1] - fy) ** 2
    return int(np.argmin(d))
