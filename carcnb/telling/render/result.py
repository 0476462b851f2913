"""The result picture: the board after a line of actions, with what the line changed marked on it.

The new tiles are outlined, the features that scored are tinted in their scorer's colour with their points
(striped in each scorer's colour, a label each, when several share them: ``scored``), the figures that left
the board are drawn as dashed outlines where they stood with where they went (supply or lost), the figures
the tornado carried as dashed outlines where they stood with an arrow to a ring where they stand now, the
tornado's steps as numbered arrows, a moved ferry's old place is dashed, and the cities the earthquake
destroys are shaded whenever the final scoring applied them. Everything marked comes from the line's account
(``carcnb.telling.account``), so the picture says what the verdict says; ``result_marks`` gives the marks as
data.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure as MplFigure

from carcnb.engine.board import Board
from carcnb.engine.features import Node
from carcnb.engine.geometry import Pos
from carcnb.engine.rules.earthquake import destroyed_cities
from carcnb.engine.state import GameState
from carcnb.telling.account import Account, FerryMoved, FloodPlaced, MeteorLanded, TornadoPicked
from carcnb.telling.events import (Event, FeatureScored, Figure, FollowerLeft, TilePlaced, TornadoDropped,
                                   TornadoMoved, TornadoSetDown)
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Box, box_of
from carcnb.telling.render.draw import Extent, board_extent, draw_board
from carcnb.telling.render.export import fitted_px
from carcnb.telling.render.marks import arrow_shape, polys
from carcnb.telling.render.pieces import standing_point
from carcnb.telling.render.ports import port_point
from carcnb.telling.render.scored import Scored, draw_points, draw_scored
from carcnb.telling.render.steps import PATH, EventStep
from carcnb.telling.render.tileart import tile_art

CAPTION = ("The board after the answer: new tiles outlined, what scored tinted with its points, followers that "
           "left dashed where they stood (to the supply or lost), followers the tornado carried dashed where they "
           "stood with an arrow to where they stand now, the tornado's steps numbered, a moved ferry's old place "
           "dashed")
Z_MARKS = 4.5  # over the figures: the marks of what changed
LABEL_RISE = 0.3  # a scored feature's points go this far (tiles) above its follower's spot
MOVE_GAP = 0.17  # a moved figure's arrow starts and ends this far (tiles) from the figures' centres
# Font sizes: in tiles when tiles are large, never below a size in pixels that reads at a normal zoom
POINTS_EM, POINTS_PX = 0.18, 15.0  # a scored feature's points
TAG_EM, TAG_PX = 0.14, 12.0  # where a figure went ("supply", "lost")


@dataclass(frozen=True)
class Gone:
    """A figure that left the board, where it stood, and where it went: ``supply`` or ``lost``."""

    figure: Figure
    where: str


@dataclass(frozen=True)
class Moved:
    """A figure the tornado picked up and set down elsewhere (a swap, or its owner's drop): where it stood
    before the line, and where it stands now."""

    before: Figure
    now: Figure


@dataclass(frozen=True)
class ResultMarks:
    """What the result picture marks, as data."""

    new_tiles: tuple[Pos, ...]
    scored: tuple[Scored, ...]
    gone: tuple[Gone, ...]
    old_ferries: tuple[tuple[Pos, tuple[int, int]], ...]  # a moved ferry's lake and the ports it joined
    destroyed: tuple[tuple[Node, ...], ...]  # the earthquake's destroyed cities (as the shading draws them)
    moved: tuple[Moved, ...] = ()
    tornado: tuple[EventStep, ...] = ()  # the tornado's steps, numbered from 1 in each event

    @property
    def spots(self) -> list[Pos]:
        """Squares the marks reach beyond the board's tiles (where a figure stood, the tornado's steps)."""
        return [g.figure.pos for g in self.gone] + [m.before.pos for m in self.moved] + [
            s.pos for s in self.tornado]


def result_marks(told: Account) -> ResultMarks:
    """The marks of the line ``told``: from its events and its final state."""
    events = told.events
    board = told.after.board
    new = [e.pos for e in events if isinstance(e, (TilePlaced, MeteorLanded, FloodPlaced))]
    scored = tuple(Scored(e.nodes, e.row.scorers, e.row.points, _label_at(board, e.row.followers), e.row.kind)
                   for e in events if isinstance(e, FeatureScored) and e.nodes
                   and (e.row.points or e.row.kind != "field"))  # a farm worth nothing would tint the land
    gone, moved = _carried(events)
    ferries: dict[Pos, tuple[int, int]] = {}
    for e in events:
        if isinstance(e, FerryMoved):
            ferries.setdefault(e.pos, e.old)  # the ferry's place before the line
    destroyed = tuple(f.nodes for f in destroyed_cities(board))
    tornado = tuple(EventStep(e.step, e.pos, e.start, PATH) for e in events if isinstance(e, TornadoMoved))
    return ResultMarks(tuple(dict.fromkeys(new)), scored, tuple(gone),
                       tuple((pos, old) for pos, old in ferries.items() if board.ferries.get(pos) is not None),
                       destroyed, moved, tornado)


def _spot(f: Figure) -> tuple:
    return (f.color, f.kind, f.pos, f.port)


def _carried(events: tuple[Event, ...]) -> tuple[list[Gone], tuple[Moved, ...]]:
    """The figures that left the board, where they stood before the line, and the figures the tornado set
    down elsewhere, from where to where. The tornado carries one figure at a time: a pick makes the figure it
    carried before the one a swap sets down (or sends home), and a figure moved earlier in the line that is
    picked up again keeps the spot it stood on first."""
    gone: list[Gone] = []
    moved: dict[tuple, Moved] = {}  # by the spot where the figure stands now
    carried: Figure | None = None  # where the carried figure stood before the line
    swapped: Figure | None = None  # the one the last pick takes the place of, until it is set down or sent home
    for e in events:
        if isinstance(e, TornadoPicked):
            earlier = moved.pop(_spot(e.figure), None)
            swapped, carried = carried, (earlier.before if earlier is not None else e.figure)
            continue
        before = None
        if isinstance(e, TornadoSetDown) or (isinstance(e, FollowerLeft) and e.cause == "tornado"
                                             and swapped is not None):
            before, swapped = swapped, None
        elif isinstance(e, TornadoDropped) or (isinstance(e, FollowerLeft) and e.cause == "tornado"):
            before, carried = carried, None
        if isinstance(e, (TornadoSetDown, TornadoDropped)) and before is not None:
            moved[_spot(e.figure)] = Moved(before, e.figure)
        elif isinstance(e, FollowerLeft):
            figure = before if e.cause == "tornado" else e.figure
            if figure is not None:
                gone.append(Gone(figure, e.where))
    return gone, tuple(moved.values())


def result_caption(marks: ResultMarks) -> str:
    """``CAPTION`` for one picture: only what it marks."""
    parts = [("new tiles outlined", marks.new_tiles),
             ("what scored tinted with its points (striped when shared)", marks.scored),
             ("followers that left dashed where they stood (to the supply or lost)", marks.gone),
             ("followers the tornado carried dashed where they stood with an arrow to where they stand now",
              marks.moved),
             ("the tornado's steps numbered", marks.tornado), ("a moved ferry's old place dashed", marks.old_ferries),
             ("the cities the earthquake destroys shaded", marks.destroyed)]
    said = [words for words, marked in parts if marked]
    return "The board after the answer" + (f": {', '.join(said)}" if said else "")


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
    if state.ext.get("tornado_path"):  # an event still in progress: its path is drawn once, from the events
        state = state.clone()
        state.set_ext("tornado_path", None)
    if extent is None:
        extent = board_extent(state, 1, marks.spots)
    artists = draw_board(ax, state, coords=coords, extent=extent, steps=marks.tornado, avoid=_outlines(marks))
    scale = 1.0  # the figure gives one tile an inch: 72 points
    artists += draw_scored(ax, state, marks.scored, scale)
    artists += _new_tiles(ax, marks.new_tiles, scale)
    artists += _old_ferries(ax, state, marks.old_ferries, scale)
    artists += _gone(ax, state.board, marks.gone, scale, font_points(ax, extent, TAG_EM, TAG_PX))
    artists += _moved(ax, marks.moved, scale)
    artists += draw_points(ax, marks.scored, font_points(ax, extent, POINTS_EM, POINTS_PX))
    ax.set_xlim(extent[0], extent[1])
    ax.set_ylim(extent[2], extent[3])
    return artists


def font_points(ax: Axes, extent: Extent, em: float, least_px: float) -> float:
    """A font size in points for ``ax`` showing ``extent``: ``em`` tiles, or ``least_px`` pixels when that is
    larger (a small picture)."""
    points_per_tile = ax.get_position().width * ax.figure.get_figwidth() * 72 / (extent[1] - extent[0])
    return max(em * points_per_tile, least_px * 72 / ax.figure.dpi)


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


def _outline(f: Figure) -> np.ndarray:
    """The outline of a figure that is no longer where it stood: its shape at its old spot."""
    x, y = port_point(f.port, *f.pos)
    return np.concatenate(sh.figure_shape(f.kind, x, y, st.MEEPLE_SIZE, lying=f.feature == "field"))


def _outlines(marks: ResultMarks) -> list[Box]:
    """The boxes of the dashed outlines (figures gone or moved), which the tornado's numbers keep clear of."""
    return [box_of(_outline(f)) for f in [g.figure for g in marks.gone] + [m.before for m in marks.moved]]


def _moved(ax: Axes, moved: tuple[Moved, ...], scale: float) -> list:
    """Each figure the tornado carried: a dashed outline in its colour where it stood, a dashed ring round
    it where it stands now (which is all there is when it was put back where it stood), and an arrow
    between them."""
    artists: list = []
    for m in moved:
        before, now = m.before, m.now
        colour = st.PLAYER.get(before.color, st.PLAYER["gray"])
        x, y = port_point(before.port, *before.pos)
        tail, head = np.array((x, y)), np.array(port_point(now.port, *now.pos))
        artists += polys(ax, [sh.disc(*head, MOVE_GAP + 0.03, 40)], "none", colour, 2.0 * scale, z=Z_MARKS,
                         linestyles="--")
        length = float(np.linalg.norm(head - tail))
        if length <= 2 * MOVE_GAP:
            continue
        artists += polys(ax, [_outline(before)], [to_rgba("white", 0.5)], colour, 2.0 * scale, z=Z_MARKS,
                         linestyles="--")
        along = (head - tail) / length  # from the outline's edge to the ring
        artists += polys(ax, [arrow_shape(tail + along * MOVE_GAP, head - along * (MOVE_GAP + 0.03))],
                         [to_rgba(colour, 0.85)], "white", 0.8 * scale, z=Z_MARKS + 0.05)
    return artists


def result_png(told: Account, *, px_per_tile: int = 80, coords: bool = True) -> bytes:
    """The result picture of the line ``told`` as PNG bytes (one tile ``px_per_tile`` pixels)."""
    marks = result_marks(told)
    extent = board_extent(told.after, 1, marks.spots)
    px_per_tile = fitted_px(px_per_tile, extent[1] - extent[0], extent[3] - extent[2])
    fig = MplFigure(figsize=(extent[1] - extent[0], extent[3] - extent[2]), dpi=px_per_tile,
                    facecolor=st.BACKGROUND)
    FigureCanvasAgg(fig)
    draw_result(fig.add_axes((0, 0, 1, 1)), told, coords=coords, extent=extent, marks=marks)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=px_per_tile, facecolor=st.BACKGROUND)
    return out.getvalue()
