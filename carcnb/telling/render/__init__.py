"""Pictures of boards with matplotlib: draw into a given Axes, or export PNG/SVG.

Every picture has column and row numbers (``coords=False`` hides them), shades flooded features and the
cities the earthquake destroys, and marks the meteor's aims and the tornado's steps while they happen, each
number on a badge beside its spot (``steps``, ``badges``). ``caption=`` writes a line under it,
``legend=True`` puts the key beside it (``legend_png()`` draws the key alone), ``decision=True`` makes it a
decision picture (who moves, points, supplies, rulings, the tile in hand: ``decision``), ``steps=`` numbers a
line of decisions on it, and ``compare_png(position, ruling)`` shows a position under each option of a
ruling side by side. ``notation`` draws the pictures of the notation page.
A picture too large to draw at the pixels per tile asked is drawn smaller, with a ``PictureScaled`` warning.

The engine never imports this package: importing it registers ``png_bytes`` as the drawer of
``engine.display``, through which ``Position._repr_png_`` and ``GameState._repr_png_`` draw.
A tile at (x, y) covers the square [x, x+1] x [y, y+1] in data coordinates; see ``ports`` for where
followers stand.
"""
from __future__ import annotations

from carcnb.engine import display
from carcnb.telling.render.compare import Panel, compare_png, ruling_panels
from carcnb.telling.render.draw import draw_board
from carcnb.telling.render.export import BoardGeometry, PictureScaled, png_bytes, render_png, save_picture, svg_text
from carcnb.telling.render.legend import legend_png
from carcnb.telling.render.ports import port_at, port_point

display.register(png_bytes)

__all__ = ["BoardGeometry", "Panel", "PictureScaled", "compare_png", "draw_board", "legend_png", "png_bytes",
           "port_at", "port_point", "render_png", "ruling_panels", "save_picture", "svg_text"]
