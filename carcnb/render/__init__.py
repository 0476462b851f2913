"""Pictures of boards with matplotlib: draw into a given Axes, or export PNG/SVG.

The engine never imports this package; ``Position._repr_png_`` and the ``render`` command import it lazily.
A tile at (x, y) covers the square [x, x+1] x [y, y+1] in data coordinates; see ``ports`` for where
followers stand.
"""
from __future__ import annotations

from .draw import draw_board
from .export import BoardGeometry, png_bytes, render_png, save_picture, svg_text
from .ports import port_at, port_point

__all__ = ["BoardGeometry", "draw_board", "png_bytes", "port_at", "port_point", "render_png", "save_picture",
           "svg_text"]
