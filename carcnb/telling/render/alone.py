"""Tiles drawn alone, one picture each, as the editor's palette shows them. Drawing a picture costs far more
than the tile in it, so the tiles are drawn together in one picture, a tile's width apart, and cut out of it:
each cut is the picture of that tile drawn on its own."""
from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from carcnb.positions.model import Position, TileLine
from carcnb.telling.render.export import render_png

COLUMNS = 10  # tiles a row of the shared picture


def tile_pictures(tiles: Sequence[tuple[str, int]], px: int) -> dict[tuple[str, int], bytes]:
    """A PNG picture of each tile (its id and rotation) alone, ``px`` pixels a side."""
    if not tiles:
        return {}
    rows = -(-len(tiles) // COLUMNS)
    columns = min(len(tiles), COLUMNS)
    board = tuple(TileLine(2 * (i % COLUMNS), -2 * (i // COLUMNS), tid, rot) for i, (tid, rot) in enumerate(tiles))
    extent = (0, 2 * columns - 1, -2 * (rows - 1), 1)
    png, _ = render_png(Position(players=("red", "blue"), board=board), px_per_tile=px, extent=extent, coords=False)
    out = {}
    with Image.open(io.BytesIO(png)) as whole:
        for i, tile in enumerate(tiles):
            left, top = 2 * (i % COLUMNS) * px, 2 * (i // COLUMNS) * px
            buffer = io.BytesIO()
            whole.crop((left, top, left + px, top + px)).save(buffer, "PNG", compress_level=1)
            out[tile] = buffer.getvalue()
    return out
