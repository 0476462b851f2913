"""Labels (coordinates, step numbers, the legend's lines) as filled glyph outlines in tile units.

A matplotlib ``Text`` costs one to several milliseconds to lay out and draw at every render; a board's
coordinate labels and step numbers are dozens of them. Their glyph outlines are cached per string and merged
into one compound path, so labelling a board costs next to nothing and the labels scale with the picture
like everything else.
"""
from __future__ import annotations

from functools import cache, lru_cache

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath

FONTS = {True: FontProperties(family="DejaVu Sans", weight="bold"), False: FontProperties(family="DejaVu Sans")}
CAP = 0.73  # the height of a digit, in em


@cache
def _outline(text: str, bold: bool = True) -> tuple[np.ndarray, np.ndarray, float]:
    """Vertices (one em tall, baseline at 0), codes and advance width of ``text``."""
    path = TextPath((0, 0), text, size=1, prop=FONTS[bold])
    verts = np.asarray(path.vertices, dtype=float)
    width = float(verts[:, 0].max()) if len(verts) else 0.0
    return verts, np.asarray(path.codes, dtype=np.uint8), width


def label_size(text: str, em: float) -> tuple[float, float]:
    """Width and height (the digits' height) of ``text`` set ``em`` tiles tall."""
    return _outline(text)[2] * em, CAP * em


def glyphs(text: str, x: float, y: float, em: float, ha: str = "center", va: str = "center", bold: bool = True
           ) -> tuple[np.ndarray, np.ndarray]:
    """The outline of ``text`` set ``em`` tiles tall, aligned at (x, y) like ``Axes.text``'s ha/va (``va``
    centre: the middle of a digit)."""
    verts, codes, width = _outline(text, bold)
    dx = {"left": 0.0, "center": -width / 2, "right": -width}[ha] * em
    dy = {"bottom": 0.0, "center": -CAP / 2, "top": -CAP}[va] * em
    return verts * em + (x + dx, y + dy), codes


def merged(parts: list[tuple[np.ndarray, np.ndarray]]) -> Path | None:
    """One path made of several glyph outlines (``None`` when there are none)."""
    if not parts:
        return None
    return Path(np.concatenate([v for v, _ in parts]), np.concatenate([c for _, c in parts]))


# ----- longer text set with matplotlib's Text: measuring and wrapping ----------------------------------------
TEXT_FONT = FontProperties(family="DejaVu Sans", size=100)


@lru_cache(maxsize=4096)
def text_width(text: str) -> float:
    """The width of ``text`` in DejaVu Sans, in em (multiply by the font size)."""
    from matplotlib.textpath import TextToPath

    width, _, _ = TextToPath().get_text_width_height_descent(text, TEXT_FONT, ismath=False)
    return width / 100.0


def wrap(text: str, em_per_line: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``em_per_line`` em wide (a longer word stands alone);
    line breaks in ``text`` are kept."""
    space = text_width("a b") - text_width("ab")
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line, width = "", 0.0
        for word in paragraph.split():
            w = text_width(word)
            if line and width + space + w > em_per_line:
                lines.append(line)
                line, width = word, w
            else:
                line, width = (f"{line} {word}", width + space + w) if line else (word, w)
        lines.append(line)
    return lines


def pack(items: list[str], em_per_line: float, gap: str = "     ") -> list[str]:
    """Short ``items`` set side by side, ``gap`` between them, in lines at most ``em_per_line`` em wide; an
    item is never broken (a longer one stands alone)."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(lines[-1] + gap + item) <= em_per_line:
            lines[-1] += gap + item
        else:
            lines.append(item)
    return lines
