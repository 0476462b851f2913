"""Tokens and events drawn over the tiles: figures, ferries, the flood's cut-out, earthquake tokens, the
tornado with its path and what it carries, and the meteor's aims.

Each ``draw_*`` function takes plain coordinates in tile units, so the board (``draw``) and the legend
(``legend``) draw the same things with the same code. ``scale`` is points per tile over 72 (outline widths
are given for a 72-point tile); ``em`` is the height of a number's font, in tiles.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgba

from carcnb.engine.features import split_figure
from carcnb.engine.geometry import Pos
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st

Point = tuple[float, float]
Standing = tuple[float, float, str, bool]  # x, y, the board's entry ("red", "red:pig"), lying (a farmer)

Z_FERRY = 1.45
Z_TOKENS = 2.0
Z_EVENTS = 3.2
Z_FIGURES = 4.0


def polys(ax: Axes, verts: list, faces, edges="none", widths=0.0, z: float = Z_TOKENS, alpha=None,
          **kw) -> list:
    """Filled polygons as one collection (none when ``verts`` is empty)."""
    if not verts:
        return []
    coll = PolyCollection(verts, facecolors=faces, edgecolors=edges, linewidths=widths, zorder=z, alpha=alpha,
                          **kw)
    ax.add_collection(coll, autolim=False)
    return [coll]


def draw_figures(ax: Axes, figures: Sequence[Standing], scale: float, size: float = st.MEEPLE_SIZE,
                 z: float = Z_FIGURES) -> list:
    """Meeples in their player's colour (a farmer lies on its side), builders, pigs."""
    verts, faces = [], []
    for x, y, entry, lying in figures:
        color, kind = split_figure(entry)
        for poly in sh.figure_shape(kind, x, y, size, lying=lying):
            verts.append(poly)
            faces.append(st.PLAYER.get(color, st.PLAYER["gray"]))
    return polys(ax, verts, faces, st.FOLLOWER_EDGE, 1.0 * scale, z=z, joinstyle="round")


def draw_ferries(ax: Axes, ferries: Sequence[tuple[Point, Point, Point]], scale: float) -> list:
    """Each ferry (the lake's centre and the two jetties it joins) as a broad raft across the lake from
    jetty to jetty, and those jetties as bright planks (a jetty no ferry joins keeps its thin dark one)."""
    rafts, planks = [], []
    for centre, a, b in ferries:
        p, q = np.array(a, dtype=float), np.array(b, dtype=float)
        along = (q - p) / max(float(np.linalg.norm(q - p)), 1e-9)
        rafts.append(sh.band(sh.line(p - along * 0.02, q + along * 0.02), 0.055))
        for end in (p, q):
            out = end - np.array(centre, dtype=float)
            out /= max(float(np.linalg.norm(out)), 1e-9)
            side = np.array([-out[1], out[0]])
            planks.append(sh.band(sh.line(end - 0.1 * side, end + 0.1 * side), 0.035))
    artists = polys(ax, rafts, st.FERRY, st.FERRY_EDGE, 1.2 * scale, z=Z_FERRY)
    artists += polys(ax, planks, st.FERRY_JETTY, st.FOLLOWER_EDGE, 0.8 * scale, z=Z_FERRY + 0.01)
    return artists


def draw_flood_cutouts(ax: Axes, centres: Sequence[Pos], scale: float, size: int = 3) -> list:
    """The cut-out of a spread flood (``size`` x ``size`` tiles round FL), see-through with a dashed border."""
    r = (size - 1) / 2
    cuts = [sh.rect(x - r, y - r, x + 1 + r, y + 1 + r) for x, y in centres]
    return polys(ax, cuts, to_rgba(st.FLOOD_CUT, 0.22), st.FLOOD_CUT, 2.0 * scale, linestyles="--")


def draw_quake_tokens(ax: Axes, points: Sequence[Point], scale: float) -> list:
    """An earthquake token (a disc with a crack) at each point."""
    discs = [sh.disc(x, y, 0.1, 28) for x, y in points]
    cracks = [sh.band(sh.zigzag(x, y, 0.15), 0.014) for x, y in points]
    return polys(ax, discs, st.QUAKE, st.FOLLOWER_EDGE, 1.0 * scale) + polys(ax, cracks, st.ICON_BACK)


def draw_tornado(ax: Axes, spot: Point, carried: str | None, scale: float) -> list:
    """The tornado token centred on ``spot``; the figure it carries rides on it."""
    cx, cy = spot
    artists = polys(ax, [sh.disc(cx, cy, 0.22, 36)], to_rgba(st.ICON_BACK, 0.95), st.TORNADO, 1.6 * scale,
                    z=Z_EVENTS + 0.2)
    artists += polys(ax, [sh.band(sh.spiral(cx, cy, 0.38), 0.02)], to_rgba(st.TORNADO, 0.55 if carried else 1.0),
                     z=Z_EVENTS + 0.21)
    if carried:
        artists += draw_figures(ax, [(cx, cy, carried, False)], scale, size=0.26, z=Z_EVENTS + 0.22)
    return artists


def arrow_shape(p: np.ndarray, q: np.ndarray, half: float = 0.028, head: float = 0.12) -> np.ndarray:
    """A straight arrow from ``p`` to ``q`` (its head ends at ``q``)."""
    along = (q - p) / max(float(np.linalg.norm(q - p)), 1e-9)
    across = np.array([-along[1], along[0]])
    neck = q - along * head
    return np.array([p + across * half, neck + across * half, neck + across * 2.6 * half, q,
                     neck - across * 2.6 * half, neck - across * half, p - across * half])


def path_arrows(path: Sequence[Pos]) -> list[tuple[np.ndarray, np.ndarray]]:
    """From tile centre to tile centre along ``path``, each arrow shifted to its right so that a step back
    along the same edge does not hide the step forth; (tail, head) per step."""
    out = []
    for (ax_, ay), (bx, by) in zip(path, path[1:]):
        p, q = np.array([ax_ + 0.5, ay + 0.5]), np.array([bx + 0.5, by + 0.5])
        along = (q - p) / max(float(np.linalg.norm(q - p)), 1e-9)
        right = np.array([along[1], -along[0]]) * 0.12
        out.append((p + along * 0.2 + right, q - along * 0.24 + right))
    return out


def draw_meteor_aims(ax: Axes, aims: Sequence[Pos], scale: float) -> list:
    """The tiles chosen so far for the meteor's landing, the last one (where it lands if nobody moves it)
    ringed boldly, the moves between them dashed; their numbers are badges (``steps``)."""
    if not aims:
        return []
    centres = [np.array([x + 0.5, y + 0.5]) for x, y in aims]
    last = centres[-1]
    artists = polys(ax, [sh.disc(c[0], c[1], 0.34, 40) for c in centres[:-1]], "none", st.METEOR_AIM,
                    0.035 * 72 * scale, z=Z_EVENTS)
    artists += polys(ax, [sh.disc(last[0], last[1], 0.35, 40)], "none", st.METEOR_AIM, 0.06 * 72 * scale,
                     z=Z_EVENTS)
    ticks = [sh.band(sh.line(last + d * 0.24, last + d * 0.47), 0.024)
             for d in (np.array(v, dtype=float) for v in ((0, 1), (1, 0), (0, -1), (-1, 0)))]
    artists += polys(ax, ticks, st.METEOR_AIM, z=Z_EVENTS)
    moves = [sh.band(sh.line(p + (q - p) * 0.3, q - (q - p) * 0.3), 0.018) for p, q in zip(centres, centres[1:])]
    return artists + polys(ax, moves, to_rgba(st.METEOR_AIM, 0.8), z=Z_EVENTS)
