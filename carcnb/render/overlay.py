"""Marks drawn over a finished board picture for a decision being made: the spots a click may choose
(rings), and the figure the tornado carries (a coloured disc beside the token, lettered by kind).

Like ``steps``, they go on the picture's pixels through its ``BoardGeometry``, so any picture can carry
them without drawing the board again.
"""
from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from . import style as st
from .export import BoardGeometry

TARGET = "#7a1fa2"  # a spot a click may choose
RING = 0.11  # the ring's radius, in tiles
CARRIED_AT = (0.78, 0.78)  # where the carried figure sits on the tornado's tile (fractions)
KIND_LETTER = {"follower": "", "builder": "B", "pig": "P"}


def mark_targets(png: bytes, geometry: BoardGeometry, points: Sequence[tuple[float, float]],
                 carried: tuple[tuple[int, int], str, str] | None = None) -> bytes:
    """``png`` with a ring on each board point of ``points`` and, when ``carried`` = (tile, colour, kind),
    the carried figure drawn on that tile."""
    if not points and carried is None:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    draw = ImageDraw.Draw(image)
    px = geometry.px_per_tile
    radius = max(6.0, RING * px)
    width = max(2, round(px / 28))
    for bx, by in points:
        x, y = geometry.to_pixel(bx, by)
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline="white", width=width + 2)
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], outline=TARGET, width=width)
    if carried is not None:
        (tx, ty), color, kind = carried
        x, y = geometry.to_pixel(tx + CARRIED_AT[0], ty + CARRIED_AT[1])
        r = max(7.0, 0.13 * px)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=st.PLAYER.get(color, st.PLAYER["gray"]),
                     outline=st.TORNADO, width=width)
        letter = KIND_LETTER.get(kind, "")
        if letter:
            font = ImageFont.load_default(size=max(9, round(r * 1.2)))
            draw.text((x, y), letter, fill="white", font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()
