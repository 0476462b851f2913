"""The result picture: the board after a line of actions, with what the line changed marked on it.

The new tiles are outlined, the features that scored are tinted in their scorer's colour with their points,
the figures that left the board are drawn as dashed outlines where they stood with where they went (supply
or lost), a moved ferry's old place is dashed, and the cities the earthquake destroys are shaded whenever
the final scoring applied them. Everything marked comes from the line's account (``carcnb.telling.account``), so the
picture says what the verdict says; ``result_marks`` gives the marks as data.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure as MplFigure

from carcnb.engine.board import Board
from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import Pos
from carcnb.engine.rules.earthquake import destroyed_cities
from carcnb.engine.state import GameState
from carcnb.telling.account import Account, FerryMoved, FloodPlaced, MeteorLanded, TornadoPicked
from carcnb.telling.events import FeatureScored, Figure, FollowerLeft, TilePlaced
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.draw import Extent, board_extent, draw_board, highlight_feature
from carcnb.telling.render.export import fitted_px
from carcnb.telling.render.marks import polys
from carcnb.telling.render.pieces import standing_point
from carcnb.telling.render.ports import port_point
from carcnb.telling.render.tileart import tile_art

CAPTION = ("The board after the answer: new tiles outlined, what scored tinted with its points, followers that "
           "left dashed where they stood (to the supply or lost), a moved ferry's old place dashed")
Z_MARKS = 4.5  # over the figures: the marks of what changed
SEVERAL = "#ff8c00"  # the tint of a feature scored by several players
ALPHA, FIELD_ALPHA = 0.45, 0.25  # a scored feature's tint (a field's is lighter: fields are large)
LABEL_RISE = 0.3  # a scored feature's points go this far (tiles) above its follower's spot
# Font sizes: in tiles when tiles are large, never below a size in pixels that reads at a normal zoom
POINTS_EM, POINTS_PX = 0.18, 15.0  # a scored feature's points
TAG_EM, TAG_PX = 0.14, 12.0  # where a figure went ("supply", "lost")


@dataclass(frozen=True)
class Scored:
    """A feature that scored: its segments, who scored, the points, and where its label goes."""

    nodes: tuple[Node, ...]
    scorers: tuple[str, ...]
    points: int
    at: tuple[float, float]
    kind: str

    @property
    def label(self) -> str:
        return f"+{self.points}"


@dataclass(frozen=True)
class Gone:
    """A figure that left the board, where it stood, and where it went: ``supply`` or ``lost``."""

    figure: Figure
    where: str


@dataclass(frozen=True)
class ResultMarks:
    """What the result picture marks, as data."""

    new_tiles: tuple[Pos, ...]
    scored: tuple[Scored, ...]
    gone: tuple[Gone, ...]
    old_ferries: tuple[tuple[Pos, tuple[int, int]], ...]  # a moved ferry's lake and the ports it joined
    destroyed: tuple[tuple[Node, ...], ...]  # the earthquake's destroyed cities (as the shading draws them)


def result_marks(told: Account) -> ResultMarks:
    """The marks of the line ``told``: from its events and its final state."""
    events = told.events
    board = told.after.board
    new = [e.pos for e in events if isinstance(e, (TilePlaced, MeteorLanded, FloodPlaced))]
    scored = tuple(Scored(e.nodes, e.row.scorers, e.row.points, _label_at(board, e.row.followers), e.row.kind)
                   for e in events if isinstance(e, FeatureScored) and e.nodes
                   and (e.row.points or e.row.kind != "field"))  # a farm worth nothing would tint the land
    gone = []
    picked: dict[tuple[str, str], Figure] = {}  # the last figure the tornado picked up, by colour and kind
    for e in events:
        if isinstance(e, TornadoPicked):
            picked[e.figure.color, e.figure.kind] = e.figure
        elif isinstance(e, FollowerLeft):
            figure = picked.get((e.figure.color, e.figure.kind)) if e.cause == "tornado" else e.figure
            if figure is not None:
                gone.append(Gone(figure, e.where))
    moved: dict[Pos, tuple[int, int]] = {}
    for e in events:
        if isinstance(e, FerryMoved):
            moved.setdefault(e.pos, e.old)  # the ferry's place before the line
    destroyed = tuple(f.nodes for f in destroyed_cities(board))
    return ResultMarks(tuple(dict.fromkeys(new)), scored, tuple(gone),
                       tuple((pos, old) for pos, old in moved.items() if board.ferries.get(pos) is not None),
                       destroyed)


def _label_at(board: Board, followers: tuple[tuple[str, Pos, int], ...]) -> tuple[float, float]:
    """Where a scored feature's points go: above its first follower's spot (the tile's centre when that tile
    is gone)."""
    _, pos, seg = followers[0]
    placed = board.tiles.get(pos)
    if placed is None or seg >= len(placed.orient.segments):
        return (pos[0] + 0.5, pos[1] + 0.5)
    x, y = standing_point(placed, seg, pos)
    return (x, y + LABEL_RISE)


def draw_result(ax: Axes, told: Account, *, coords: bool = True, extent: Extent | None = None,
                marks: ResultMarks | None = None) -> list:
    """Draw the board after the line ``told`` into ``ax``, with what it changed marked (``marks``: those of
    ``result_marks``, when worked out already)."""
    marks = marks or result_marks(told)
    state = told.after
    if extent is None:
        extent = board_extent(state, 1, [g.figure.pos for g in marks.gone])
    artists = draw_board(ax, state, coords=coords, extent=extent)
    scale = 1.0  # the figure gives one tile an inch: 72 points
    for s in marks.scored:
        tint = _tint(s)
        nodes = tuple(n for n in s.nodes if n[0] in state.board.tiles)
        if nodes:
            artists += highlight_feature(ax, state, Feature(s.kind, nodes, True, False, 0, ()), scale, tint,
                                         to_rgba(tint)[:3], FIELD_ALPHA if s.kind == "field" else ALPHA)
    artists += _new_tiles(ax, marks.new_tiles, scale)
    artists += _old_ferries(ax, state, marks.old_ferries, scale)
    artists += _gone(ax, state.board, marks.gone, scale, font_points(ax, extent, TAG_EM, TAG_PX))
    points = font_points(ax, extent, POINTS_EM, POINTS_PX)
    for s in marks.scored:
        artists.append(ax.text(*s.at, s.label, ha="center", va="center", fontsize=points, fontweight="bold",
                               color="white", zorder=Z_MARKS + 0.2,
                               bbox={"boxstyle": "round,pad=0.2", "facecolor": _tint(s), "edgecolor": "white"}))
    ax.set_xlim(extent[0], extent[1])
    ax.set_ylim(extent[2], extent[3])
    return artists


def font_points(ax: Axes, extent: Extent, em: float, least_px: float) -> float:
    """A font size in points for ``ax`` showing ``extent``: ``em`` tiles, or ``least_px`` pixels when that is
    larger (a small picture)."""
    points_per_tile = ax.get_position().width * ax.figure.get_figwidth() * 72 / (extent[1] - extent[0])
    return max(em * points_per_tile, least_px * 72 / ax.figure.dpi)


def _tint(s: Scored) -> str:
    """A scored feature's colour: its scorer's, or one for several scorers."""
    return st.PLAYER.get(s.scorers[0], SEVERAL) if len(s.scorers) == 1 else SEVERAL


def _new_tiles(ax: Axes, tiles: tuple[Pos, ...], scale: float) -> list:
    frames = [sh.rect(x + 0.03, y + 0.03, x + 0.97, y + 0.97) for x, y in tiles]
    return polys(ax, frames, "none", st.HIGHLIGHT, 3.0 * scale, z=Z_MARKS)


def _old_ferries(ax: Axes, state: GameState, moved: tuple[tuple[Pos, tuple[int, int]], ...], scale: float) -> list:
    """Where a moved ferry lay: a dashed line between the jetties it joined."""
    lines = []
    for (x, y), ports in moved:
        placed = state.board.tiles[(x, y)]
        jetties = tile_art(placed.tile, placed.rot).jetties
        ends = [jetties[placed.orient.port_segment[p]] for p in ports]
        if None not in ends:
            lines.append([(x + ends[0][0], y + ends[0][1]), (x + ends[1][0], y + ends[1][1])])
    if not lines:
        return []
    collection = LineCollection(lines, colors=st.FERRY_JETTY, linewidths=3.0 * scale, linestyles=(0, (2, 1.5)),
                                zorder=Z_MARKS)
    ax.add_collection(collection, autolim=False)
    return [collection]


def _gone(ax: Axes, board: Board, gone: tuple[Gone, ...], scale: float, font: float) -> list:
    """Each figure that left: a dashed outline in its colour where it stood, and where it went."""
    artists: list = []
    for g in gone:
        f = g.figure
        placed = board.tiles.get(f.pos)
        seg = placed.orient.port_segment[f.port] if placed is not None else -1
        x, y = standing_point(placed, seg, f.pos) if seg >= 0 else port_point(f.port, *f.pos)
        colour = st.PLAYER.get(f.color, st.PLAYER["gray"])
        shapes = sh.figure_shape(f.kind, x, y, st.MEEPLE_SIZE, lying=f.feature == "field")
        artists += polys(ax, shapes, [to_rgba("white", 0.5)], colour, 2.0 * scale, z=Z_MARKS, linestyles="--")
        artists.append(ax.text(x, y - 0.2, g.where, ha="center", va="top", fontsize=font, color=st.LABEL,
                               zorder=Z_MARKS + 0.1,
                               bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": colour}))
    return artists


def result_png(told: Account, *, px_per_tile: int = 80, coords: bool = True) -> bytes:
    """The result picture of the line ``told`` as PNG bytes (one tile ``px_per_tile`` pixels)."""
    marks = result_marks(told)
    extent = board_extent(told.after, 1, [g.figure.pos for g in marks.gone])
    px_per_tile = fitted_px(px_per_tile, extent[1] - extent[0], extent[3] - extent[2])
    fig = MplFigure(figsize=(extent[1] - extent[0], extent[3] - extent[2]), dpi=px_per_tile,
                    facecolor=st.BACKGROUND)
    FigureCanvasAgg(fig)
    draw_result(fig.add_axes((0, 0, 1, 1)), told, coords=coords, extent=extent, marks=marks)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=px_per_tile, facecolor=st.BACKGROUND)
    return out.getvalue()
