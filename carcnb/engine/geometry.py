"""Ports, sides and rotations: the coordinate system every other module speaks.

A tile has 13 ports. The 12 edge ports run clockwise from the north-west corner, so a clockwise quarter
turn adds 3 to an edge port's index; ``C`` (the centre) never moves. x grows east, y grows north.
"""
from __future__ import annotations

Pos = tuple[int, int]

PORT_NAMES: tuple[str, ...] = ("NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "C")
PORT_INDEX: dict[str, int] = {name: i for i, name in enumerate(PORT_NAMES)}
CENTRE = 12
EDGE_PORTS = range(12)

SIDE_NAMES: tuple[str, ...] = ("N", "E", "S", "W")
SIDE_DELTA: tuple[Pos, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

# The port on the neighbouring tile that an edge port touches: N<->S, NNE<->SSE, ENE<->WNW, ...
_ACROSS = {"N": "S", "NNE": "SSE", "NNW": "SSW", "E": "W", "ENE": "WNW", "ESE": "WSW"}
ACROSS: tuple[int, ...] = tuple(
    PORT_INDEX[{**_ACROSS, **{v: k for k, v in _ACROSS.items()}}[PORT_NAMES[p]]] for p in EDGE_PORTS
)


def side_of(port: int) -> int:
    """The side (0 N, 1 E, 2 S, 3 W) an edge port lies on."""
    return port // 3


def side_centre(side: int) -> int:
    """The centre port of a side."""
    return 3 * side + 1


def rotate_port(port: int, rot: int) -> int:
    """Where ``port`` lies after turning the tile ``rot`` degrees clockwise."""
    if port == CENTRE:
        return port
    return (port + 3 * (rot // 90)) % 12



def neighbour(pos: Pos, side: int) -> Pos:
    """The position across ``side`` of ``pos``."""
    dx, dy = SIDE_DELTA[side]
    return (pos[0] + dx, pos[1] + dy)


AROUND: tuple[Pos, ...] = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def around(pos: Pos) -> list[Pos]:
    """The 8 positions surrounding ``pos`` (a cloister's neighbourhood)."""
    x, y = pos
    return [(x + dx, y + dy) for dx, dy in AROUND]


def pos_text(pos: Pos) -> str:
    """A position as the notation writes it: ``x,y``."""
    return f"{pos[0]},{pos[1]}"
