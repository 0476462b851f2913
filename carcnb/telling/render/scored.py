"""What scored, on the result picture: each feature tinted in its scorer's colour with the points it paid.

A feature scored by several players (a tie: each scores the full amount) is striped in the colours of all of
them, its outline dashed in each colour in turn, and each scorer gets a label of its own in its own colour:
its look is shared out as its points are, and no colour stands for "several". Orange is the colour of new
tiles and of a line's moves, so it never tints a score.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba

from carcnb.engine.features import Node
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.telling.render import style as st
from carcnb.telling.render.draw import Z_HIGHLIGHT, tiles_outline
from carcnb.telling.render.masks import RES, segment_mask

ALPHA, FIELD_ALPHA = 0.45, 0.25  # a scored feature's tint (a field's is lighter: fields are large)
STRIPES = 5  # stripes per tile, across its diagonal
LABEL_STEP = 0.42  # between the centres of a shared score's labels, in tiles
DASH = 6.0  # the length of one colour's dash in a shared feature's outline, in points
Z_LABELS = 4.7  # over the marks of what changed

_CENTRES = (np.arange(RES) + 0.5) / RES
_FX, _FY = np.meshgrid(_CENTRES, 1.0 - _CENTRES)  # row 0 is the top of a tile


@dataclass(frozen=True)
class Scored:
    """A feature that scored: its segments, who scored, the points (each scorer's), and where its label
    goes."""

    nodes: tuple[Node, ...]
    scorers: tuple[str, ...]
    points: int
    at: tuple[float, float]
    kind: str

    @property
    def label(self) -> str:
        return f"+{self.points}"

    @property
    def colours(self) -> tuple[str, ...]:
        """The scorers' colours, in the order they are named."""
        return tuple(st.PLAYER.get(c, st.PLAYER["gray"]) for c in self.scorers)

    @property
    def labels(self) -> tuple[tuple[tuple[float, float], str], ...]:
        """One label per scorer, side by side round ``at``: where, and in whose colour."""
        x, y = self.at
        n = len(self.scorers)
        return tuple(((x + (k - (n - 1) / 2) * LABEL_STEP, y), colour) for k, colour in enumerate(self.colours))


def draw_scored(ax: Axes, state: GameState, scored: Sequence[Scored], scale: float) -> list:
    """Each scored feature still on the board tinted (striped when shared) and outlined."""
    artists: list = []
    for s in scored:
        by_tile: dict[Pos, set[int]] = {}
        for pos, seg in s.nodes:
            if pos in state.board.tiles:
                by_tile.setdefault(pos, set()).add(seg)
        if not by_tile:
            continue
        alpha = FIELD_ALPHA if s.kind == "field" else ALPHA
        for (x, y), segs in sorted(by_tile.items()):
            placed = state.board.tiles[(x, y)]
            layer = _stripes(s.colours, x, y)
            layer[..., 3] = segment_mask(placed.tile, placed.rot, frozenset(segs)) * alpha
            artists.append(ax.imshow(layer, extent=(x, x + 1, y, y + 1), origin="upper", zorder=Z_HIGHLIGHT,
                                     interpolation="bilinear"))
        artists += _outline(ax, set(by_tile), s.colours, scale)
    return artists


def draw_points(ax: Axes, scored: Sequence[Scored], fontsize: float = 13) -> list:
    """Each scorer's points on a label in its colour, above the feature's follower (``fontsize`` in points)."""
    return [ax.text(*at, s.label, ha="center", va="center", fontsize=fontsize, fontweight="bold", color="white",
                    zorder=Z_LABELS, bbox={"boxstyle": "round,pad=0.2", "facecolor": colour, "edgecolor": "white"})
            for s in scored for at, colour in s.labels]


def _stripes(colours: Sequence[str], x: int, y: int) -> np.ndarray:
    """A tile's tint: one colour, or diagonal stripes of each in turn, continuous from tile to tile."""
    layer = np.zeros((RES, RES, 4))
    rgb = np.array([to_rgba(c)[:3] for c in colours])
    band = np.floor((x + _FX + y + _FY) * STRIPES).astype(int) % len(colours)
    layer[..., :3] = rgb[band]
    return layer


def _outline(ax: Axes, tiles: set[Pos], colours: Sequence[str], scale: float) -> list:
    """The tiles' outline in one colour, or dashed in each colour in turn."""
    segments = tiles_outline(tiles)
    n = len(colours)
    artists = []
    for k, colour in enumerate(colours):
        style = "solid" if n == 1 else (k * DASH, (DASH, (n - 1) * DASH))
        lines = LineCollection(segments, colors=colour, linewidths=3.0 * scale, zorder=Z_HIGHLIGHT + 0.1,
                               linestyles=[style], capstyle="butt")
        ax.add_collection(lines, autolim=False)
        artists.append(lines)
    return artists
