"""The column and row numbers along the bottom and the left edge of a board picture, and the room they take.

Each number sits on a pale box so that it reads over a tile too; marks that must stay readable (the squares
on legal spots) keep clear of the boxes (``label_boxes``).
"""
from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import PathPatch

from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Box
from carcnb.telling.render.glyphs import glyphs, label_size, merged
from carcnb.telling.render.marks import polys

Z_LABELS = 5.0
Extent = tuple[float, float, float, float]


def _labels(extent: Extent, em: float) -> list[tuple[str, float, float, str, str]]:
    x0, x1, y0, y1 = extent
    pad = 0.2 * em
    labels = [(str(cx), cx + 0.5, y0 + pad, "center", "bottom") for cx in range(int(np.ceil(x0)), int(np.floor(x1)))]
    labels += [(str(cy), x0 + pad, cy + 0.5, "left", "center") for cy in range(int(np.ceil(y0)), int(np.floor(y1)))]
    return labels


def label_boxes(extent: Extent, em: float) -> list[Box]:
    """The pale box of every number of a view of ``extent`` with numbers ``em`` tiles tall, in tiles."""
    pad = 0.2 * em
    boxes = []
    for text, x, y, ha, va in _labels(extent, em):
        w, h = label_size(text, em)
        left = x - (w / 2 if ha == "center" else 0)
        bottom = y - (h / 2 if va == "center" else 0)
        boxes.append(Box(left - pad, bottom - pad, left + w + pad, bottom + h + pad))
    return boxes


def draw_coords(ax: Axes, extent: Extent, em: float) -> list:
    """Column numbers (x) along the bottom and row numbers (y) along the left edge of the view."""
    labels = _labels(extent, em)
    if not labels:
        return []
    patch = PathPatch(merged([glyphs(text, x, y, em, ha, va) for text, x, y, ha, va in labels]),
                      facecolor=st.LABEL, edgecolor="none", zorder=Z_LABELS + 0.01)
    ax.add_artist(patch)
    boxes = [sh.rect(b.x0, b.y0, b.x1, b.y1) for b in label_boxes(extent, em)]
    return polys(ax, boxes, [st.LABEL_BOX], z=Z_LABELS) + [patch]
