"""A line of decisions drawn over a picture: a numbered disc where each step acts, joined in order.

The picture is drawn first (``render_png``); the steps go on top of its pixels through the picture's
``BoardGeometry``, so any picture of the board can carry a line (the answer of a puzzle, a game's turn).
The player's own steps are one colour and the other players' replies another.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import ImageDraw, ImageFont

from ..geometry import Pos
from . import style as st
from .export import BoardGeometry
from .overlay import draw_over
from .ports import port_point

OWN = st.HIGHLIGHT
REPLY = "#6a3fb5"
DISC = 0.17  # the disc's radius, in tiles
SHIFT = 0.2  # a second step at the same point moves this far (tiles) to stay readable


class Step(Protocol):
    """One decision of a line: its number, the tile it acts on (None: nowhere on the board, as ``pass``),
    the ports it names there (none: the whole tile), and whether the player took it (False: another
    player's reply)."""

    number: int
    pos: Pos | None
    ports: tuple[int, ...]
    own: bool


def step_point(step: Step) -> tuple[float, float]:
    """Where a step's disc goes: the middle of the ports it names, or the tile's centre."""
    x, y = step.pos
    if not step.ports:
        return (x + 0.5, y + 0.5)
    xs, ys = zip(*(port_point(p, x, y) for p in step.ports))
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def mark_steps(png: bytes, geometry: BoardGeometry, steps: Sequence[Step]) -> bytes:
    """``png`` with the steps that act on the board drawn over it, numbered, with lines between them."""
    placed = _spread([s for s in steps if s.pos is not None])
    if not placed:
        return png
    px = geometry.px_per_tile
    radius = max(8.0, DISC * px)
    font = ImageFont.load_default(size=max(10, round(radius * 1.25)))
    points = [geometry.to_pixel(*point) for _, point in placed]

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for (a, b), (step, _) in zip(zip(points, points[1:]), placed[1:]):
            draw.line([a, b], fill=OWN if step.own else REPLY, width=max(2, round(px / 24)))
        for (x, y), (step, _) in zip(points, placed):
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=OWN if step.own else REPLY,
                         outline=st.LABEL, width=max(1, round(px / 60)))
            draw.text((x, y), str(step.number), fill="white", font=font, anchor="mm")

    return draw_over(png, paint)


def _spread(steps: list[Step]) -> list[tuple[Step, tuple[float, float]]]:
    """Each step with the point its disc goes at: steps at a point already used move aside."""
    seen: dict[tuple[float, float], int] = {}
    out = []
    for s in steps:
        x, y = point = step_point(s)
        k = seen.get(point, 0)
        seen[point] = k + 1
        out.append((s, (x + SHIFT * k, y - SHIFT * k)))
    return out
