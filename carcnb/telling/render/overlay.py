"""Rings drawn over a finished board picture on the spots a click may choose in a decision being made (the
meteor's next landing, the tornado's step, a follower a crop circle adds to or removes).

They go on the picture's pixels through its ``BoardGeometry``, so any picture can carry them without
drawing the board again (numbered steps, which must keep clear of the pieces, are drawn with the board:
``steps``).
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from carcnb.engine.geometry import Pos
from carcnb.telling.render.export import BoardGeometry
from carcnb.telling.render.ports import port_point

TARGET = "#7a1fa2"  # a spot a click may choose
RING = 0.11  # the ring's radius, in tiles


def draw_over(png: bytes, paint: Callable[[ImageDraw.ImageDraw], None]) -> bytes:
    """``png`` with what ``paint`` draws over its pixels."""
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    paint(ImageDraw.Draw(image))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def mark_targets(png: bytes, geometry: BoardGeometry, points: Sequence[tuple[float, float]]) -> bytes:
    """``png`` with a ring (white-edged, to show on any ground) on each board point of ``points``."""
    if not points:
        return png
    px = geometry.px_per_tile
    radius = max(6.0, RING * px)
    width = max(2, round(px / 28))

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for bx, by in points:
            x, y = geometry.to_pixel(bx, by)
            box = [x - radius, y - radius, x + radius, y + radius]
            draw.ellipse(box, outline="white", width=width + 2)
            draw.ellipse(box, outline=TARGET, width=width)

    return draw_over(png, paint)


def ring_targets(png: bytes, geometry: BoardGeometry, targets: Sequence[tuple[Pos, int | None]]) -> bytes:
    """``png`` with a ring on each target a widget's model offers: the port of a tile, or a whole tile (None)."""
    return mark_targets(png, geometry, [port_point(port, *pos) if port is not None else (pos[0] + 0.5, pos[1] + 0.5)
                                        for pos, port in targets])
