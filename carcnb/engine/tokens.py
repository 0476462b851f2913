"""The marks a board line of a position file carries besides its tile: followers and other figures, ferries,
earthquake and flood marks, the tornado. The rule modules write and read them to save a game exactly.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from carcnb.engine.geometry import PORT_NAMES, Pos


@dataclass(frozen=True)
class FollowerToken:
    color: str
    port: int
    kind: str = "follower"  # other figures (builder, pig) are written COLOR:KIND@PORT

    def __str__(self) -> str:
        who = self.color if self.kind == "follower" else f"{self.color}:{self.kind}"
        return f"{who}@{PORT_NAMES[self.port]}"


@dataclass(frozen=True)
class FerryToken:
    a: int
    b: int

    def __str__(self) -> str:
        return f"ferry:{PORT_NAMES[self.a]}-{PORT_NAMES[self.b]}"


@dataclass(frozen=True)
class QuakeToken:
    """An earthquake token in the city that holds ``port`` on this tile."""

    port: int

    def __str__(self) -> str:
        return f"quake@{PORT_NAMES[self.port]}"


@dataclass(frozen=True)
class FloodedToken:
    """A flood mark on the segment that holds ``port`` on this tile: its feature can never be completed."""

    port: int

    def __str__(self) -> str:
        return f"flooded@{PORT_NAMES[self.port]}"


@dataclass(frozen=True)
class TornadoToken:
    def __str__(self) -> str:
        return "tornado"


Token = FollowerToken | FerryToken | QuakeToken | FloodedToken | TornadoToken


def xy(v: object) -> Pos | None:
    """An "X,Y" string as a position (None when it is not one)."""
    m = re.fullmatch(r"(-?[0-9]{1,9}),(-?[0-9]{1,9})", v) if isinstance(v, str) else None
    return (int(m.group(1)), int(m.group(2))) if m else None
