"""Draw a board into a given matplotlib Axes: tiles, ferries, tokens, followers, shading, highlights,
coordinates and marks.

Tiles come from the per-orientation cache in ``tileart`` and are merged into one compound path per drawing
style, so a board of a hundred tiles is a few dozen artists. Nothing here touches pyplot.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.patches import PathPatch
from matplotlib.path import Path

from carcnb.engine.errors import CarcnbError
from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import ROTATIONS, Pos, neighbour
from carcnb.engine.state import GameState
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import QuakeToken, TornadoToken
from carcnb.positions.model import Position
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Box
from carcnb.telling.render.coords import draw_coords, label_boxes
from carcnb.telling.render.glyphs import CAP
from carcnb.telling.render.marks import (draw_ferries, draw_figures, draw_flood_cutouts, draw_meteor_aims,
                                         draw_quake_tokens, draw_tornado, polys)
from carcnb.telling.render.masks import RES, segment_mask
from carcnb.telling.render.pieces import ferry_ends, figures, piece_boxes, quake_points
from carcnb.telling.render.shading import draw_shading
from carcnb.telling.render.steps import Step, StepPlan, draw_plan, event_steps, plan_steps
from carcnb.telling.render.tileart import Style, TileArt, tile_art

Extent = tuple[float, float, float, float]
Placement = tuple[int, int, int]
Highlight = Node | Feature

Z_TILES = 1.0  # tile layers take 1.0 .. 1.4
Z_HIGHLIGHT = 2.5
Z_LEGAL = 3.0
Z_PREVIEW = 3.5
LEGAL_GAP = 0.03  # between a legal spot's square and a coordinate label's box, in tiles
LEGAL_ARROW = 0.11  # from a legal square's side to the middle of its rotation arrow


def as_state(source: Position | GameState, at_end: bool = False) -> GameState:
    """The game state to draw: ``source`` itself, or (``at_end``) a copy with the effects before final scoring
    applied, as the final scoring sees the board.

    A position with rule problems still converts. Tokens a position file records that no rule module put in
    ``ext`` (the flood cut-out, the tornado, earthquake tokens: when their set is not enabled) are read from
    the position itself into the new state.
    """
    if isinstance(source, GameState):
        state = source.clone() if at_end else source
    elif isinstance(source, Position):
        from carcnb.positions.game_io import state_from_position

        state = state_from_position(source, allow_problems=True)
        _tokens_of_position(state, source)
    else:
        raise CarcnbError(f"cannot draw {type(source).__name__!r}: expected a Position or a GameState")
    if at_end:
        from carcnb.engine.rules.base import end_effects

        end_effects(state)
    return state


def _tokens_of_position(state: GameState, p: Position) -> None:
    ext = state.ext
    if "flood_spread" not in ext and dict(p.flood).get("spread"):
        state.set_ext("flood_spread", True)
    if "tornado" not in ext:
        spot = next((t.pos for t in p.board for k in t.tokens if isinstance(k, TornadoToken)), None)
        if spot is not None:
            state.set_ext("tornado", spot)
    if "quake_cities" not in ext:
        nodes = [state.board.node_at(t.pos, k.port) for t in p.board for k in t.tokens if isinstance(k, QuakeToken)]
        if any(nodes):
            state.set_ext("quake_cities", tuple(n for n in nodes if n is not None))


def board_extent(state: GameState, margin: float = 1, extra: Iterable[Pos] = ()) -> Extent:
    """The tiles' bounding box (and any extra positions), widened by ``margin`` tiles on every side."""
    spots = list(state.board.tiles) + list(extra)
    if not spots:
        spots = [(0, 0)]
    xs = [p[0] for p in spots]
    ys = [p[1] for p in spots]
    return (min(xs) - margin, max(xs) + 1 + margin, min(ys) - margin, max(ys) + 1 + margin)


def view_extent(state: GameState, margin: float, legal: list[Placement],
                preview: tuple[str, int, int, int] | None) -> Extent:
    """The default view: the board, the marked placements and the preview, plus ``margin`` tiles."""
    spots = [(x, y) for x, y, _ in legal]
    if preview is not None:
        spots.append((preview[1], preview[2]))
    return board_extent(state, margin, spots)


def resolve_legal(state: GameState, legal: Iterable[Placement] | bool | None) -> list[Placement]:
    """The placements to mark: as given, or (``True``) those of the tile in hand."""
    if legal is True:
        from carcnb.engine.actions import Place

        return sorted((a.x, a.y, a.rot) for a in state.legal_actions() if isinstance(a, Place))
    return [tuple(p) for p in legal or ()]


def draw_board(ax: Axes, source: Position | GameState, *, highlight: Highlight | None = None,
               coords: bool = True, caption: str | None = None, legal: Iterable[Placement] | bool | None = None,
               preview: tuple[str, int, int, int] | None = None, preview_fits: bool = True,
               extent: Extent | None = None, highlight_features: Iterable[Highlight] = (),
               at_end: bool = False, steps: Sequence[Step] = (), avoid: Sequence[Box] = ()) -> list:
    """Draw ``source`` into ``ax`` and return the artists.

    Flooded features and the cities the earthquake destroys are always shaded, and rule-module events in
    progress are marked (the meteor's aims in order, the tornado's path and what it carries).
    ``coords`` labels columns (x) along the bottom and rows (y) along the left; ``caption`` writes a line
    under the Axes; ``highlight`` outlines and tints a feature (a node or a Feature), as the editor does
    under the pointer; ``highlight_features`` marks several in the colour of "scores differently" (see
    ``compare``); ``legal`` marks placements (``True``: those of the tile in hand); ``preview`` = (tile, x,
    y, rot) draws a see-through tile, struck through in red when ``preview_fits`` is False (it may not go
    there at that rotation); ``extent`` = (xmin, xmax, ymin, ymax) fixes the view (default: the
    board plus one tile); ``at_end`` draws the board as the final scoring sees it (the earthquake's tokens
    down); ``steps`` numbers a line of decisions on the board (see ``steps``), their numbers clear of the
    pieces and of the boxes in ``avoid`` (marks drawn over the board afterwards).
    """
    state = as_state(source, at_end)
    artists = draw_state(ax, state, highlight=highlight, coords=coords, legal=legal, preview=preview,
                         preview_fits=preview_fits, extent=extent, highlight_features=highlight_features,
                         steps=steps, avoid=avoid)
    if caption:
        artists.append(ax.text(0.5, -0.01, caption, transform=ax.transAxes, ha="center", va="top",
                               color=st.CAPTION, fontsize=10, wrap=True))
    return artists


def draw_state(ax: Axes, state: GameState, *, highlight: Highlight | None = None, coords: bool = True,
               legal: Iterable[Placement] | bool | None = None, preview: tuple[str, int, int, int] | None = None,
               preview_fits: bool = True, extent: Extent | None = None,
               highlight_features: Iterable[Highlight] = (), steps: Sequence[Step] = (),
               avoid: Sequence[Box] = ()) -> list:
    """``draw_board`` for a state already converted (see ``as_state``), without a caption."""
    legal = resolve_legal(state, legal)
    if extent is None:
        extent = view_extent(state, 1, legal, preview)
    x0, x1, y0, y1 = extent
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.tick_params(left=False, bottom=False, labelleft=False, labelbottom=False)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_facecolor(st.BACKGROUND)  # the axis stays on so that its background is drawn
    scale = _points_per_tile(ax) / 72.0
    px_per_tile = scale * ax.figure.dpi
    board = state.board
    placed = [(pos, tile_art(p.tile, p.rot)) for pos, p in board.tiles.items()]
    artists = tile_paths(ax, placed, scale, Z_TILES)
    artists += draw_ferries(ax, ferry_ends(state), scale)
    artists += draw_shading(ax, board, scale)
    artists += _tokens(ax, state, scale)
    lit = [(highlight, st.HIGHLIGHT, st.HIGHLIGHT_TINT, 0.55)] if highlight is not None else []
    lit += [(h, st.DIFFERS, st.DIFFERS_TINT, 0.4) for h in highlight_features]
    for feature, edge, tint, alpha in lit:
        artists += highlight_feature(ax, state, feature, scale, edge, tint, alpha)
    if lit:
        ax.set_xlim(x0, x1)  # images change the limits
        ax.set_ylim(y0, y1)
    em = _em(st.LABEL_EM, st.LABEL_PX, px_per_tile)
    if legal:
        artists += _legal(ax, legal, scale, label_boxes(extent, em) if coords else ())
    if preview is not None:
        artists += _preview(ax, preview, scale, preview_fits)
    artists += draw_figures(ax, figures(state), scale)
    plan = step_plan(state, steps, extent, coords, px_per_tile, avoid)
    artists += draw_plan(ax, plan, scale)
    if coords:
        artists += draw_coords(ax, extent, em)
    return artists


def step_plan(state: GameState, steps: Sequence[Step], extent: Extent, coords: bool, px_per_tile: float,
              avoid: Sequence[Box] = ()) -> StepPlan:
    """Where the numbered steps go in a picture of ``state``: the tornado's path and the meteor's aims while
    their event is played, then ``steps`` (a line of decisions), their badges clear of the pieces, of the
    boxes in ``avoid`` and of the coordinate labels."""
    em = _em(st.NUMBER_EM, st.NUMBER_PX, px_per_tile)
    x0, x1, y0, y1 = extent
    label = 2.2 * _em(st.LABEL_EM, st.LABEL_PX, px_per_tile) if coords else 0.0
    bounds = Box(x0 + label, y0 + label, x1, y1)
    events = event_steps(state.ext.get("tornado_path") or (), state.ext.get("meteor_chosen") or ())
    tiles = [Box(x, y, x + 1, y + 1) for x, y in state.board.tiles]
    return plan_steps(events + list(steps), em, piece_boxes(state) + list(avoid), bounds, tiles)


def _em(tiles: float, least_px: float, px_per_tile: float) -> float:
    """A font size in tiles: ``tiles``, or more when that would make a digit less than ``least_px`` tall."""
    return max(tiles, least_px / (CAP * max(px_per_tile, 1e-9)))


def _points_per_tile(ax: Axes) -> float:
    """How many points one tile spans in this Axes as it is now laid out (aspect equal)."""
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    per_x = box.width * fig_w * 72.0 / max(abs(x1 - x0), 1e-9)
    per_y = box.height * fig_h * 72.0 / max(abs(y1 - y0), 1e-9)
    return min(per_x, per_y)


def tile_paths(ax: Axes, placed: list[tuple[Pos, TileArt]], scale: float, z: float,
                alpha: float = 1.0) -> list:
    """All ``placed`` tiles as one compound path per drawing style (a few dozen artists for any board)."""
    groups: dict[Style, tuple[list, list]] = {}
    for (x, y), art in placed:
        offset = np.array([x, y], dtype=float)
        for style, verts, codes in art.paths:
            vs, cs = groups.setdefault(style, ([], []))
            vs.append(verts + offset)
            cs.append(codes)
    artists = []
    for style in sorted(groups, key=lambda k: k[0]):
        level, face, edge, lw = style
        vs, cs = groups[style]
        patch = PathPatch(Path(np.concatenate(vs), np.concatenate(cs)), facecolor=face, edgecolor=edge,
                          linewidth=lw * scale, alpha=alpha if alpha < 1 else None, zorder=z + level / 100,
                          joinstyle="round")
        ax.add_artist(patch)  # add_patch would walk every vertex to update data limits
        artists.append(patch)
    return artists


# ----- state drawn over the tiles --------------------------------------------------------------------------
def _tokens(ax: Axes, state: GameState, scale: float) -> list:
    """Rule-module tokens and events from ``state.ext``; each is drawn only when present."""
    board = state.board
    ext = state.ext
    artists: list = []
    if ext.get("flood_spread"):
        at = ext.get("flood_at")
        artists += draw_flood_cutouts(ax, [at] if at is not None else
                                      [pos for pos, p in board.tiles.items() if p.tile.has("flood")], scale)
    artists += draw_quake_tokens(ax, quake_points(state), scale)
    spot = ext.get("tornado")
    if spot is not None:
        artists += draw_tornado(ax, (spot[0] + 0.5, spot[1] + 0.5), ext.get("tornado_carry"), scale)
    artists += draw_meteor_aims(ax, ext.get("meteor_chosen") or (), scale)
    return artists


# ----- highlight, legal marks, preview, labels -------------------------------------------------------------
def _feature_nodes(state: GameState, highlight: Highlight) -> tuple[Node, ...]:
    if isinstance(highlight, Feature):
        return highlight.nodes
    pos, seg = highlight
    node = ((int(pos[0]), int(pos[1])), int(seg))
    if node not in state.board.parent:
        raise CarcnbError(f"cannot highlight {highlight!r}: no tile at {node[0][0]},{node[0][1]} has a "
                          f"segment {node[1]}")
    return state.board.feature(node).nodes


def highlight_feature(ax: Axes, state: GameState, highlight: Highlight, scale: float, edge: str, tint, alpha: float
               ) -> list:
    """Tint the feature's segments and outline the tiles it spans."""
    by_tile: dict[Pos, set[int]] = {}
    for pos, seg in _feature_nodes(state, highlight):
        by_tile.setdefault(pos, set()).add(seg)
    artists = []
    image = np.zeros((RES, RES, 4))
    image[..., :3] = to_rgba(tint)[:3]
    for (x, y), segs in sorted(by_tile.items()):
        placed = state.board.tiles.get((x, y))
        if placed is None:
            continue
        layer = image.copy()
        layer[..., 3] = segment_mask(placed.tile, placed.rot, frozenset(segs)) * alpha
        artists.append(ax.imshow(layer, extent=(x, x + 1, y, y + 1), origin="upper", zorder=Z_HIGHLIGHT,
                                 interpolation="bilinear"))
    lines = LineCollection(tiles_outline(set(by_tile)), colors=edge, linewidths=3.0 * scale,
                           zorder=Z_HIGHLIGHT + 0.1, capstyle="round")
    ax.add_collection(lines, autolim=False)
    artists.append(lines)
    return artists


def tiles_outline(tiles: set[Pos]) -> list[list[tuple[float, float]]]:
    """The outline of a group of tiles, as line segments: every tile edge that no other tile of the group
    shares."""
    corners = (((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0)), ((0, 0), (0, 1)))
    return [[(x + a[0], y + a[1]), (x + b[0], y + b[1])] for (x, y) in sorted(tiles)
            for side, (a, b) in enumerate(corners) if neighbour((x, y), side) not in tiles]


def _legal(ax: Axes, legal: list[Placement], scale: float, clear: Sequence[Box] = ()) -> list:
    """A see-through square on every legal spot and a small arrow per legal rotation (pointing to where
    the tile's own north edge would face), clear of the coordinate labels ``clear``."""
    spots = sorted({(x, y) for x, y, _ in legal})
    return legal_marks(ax, spots, legal, scale, clear)


def legal_square(x: int, y: int, clear: Sequence[Box] = ()) -> Box:
    """The square marking legal spot (x, y): the tile inset a little, and pulled in from its left or bottom
    side where a coordinate label's box (one of ``clear``) would lie under it."""
    square = Box(x + 0.05, y + 0.05, x + 0.95, y + 0.95)
    for label in clear:
        if label.overlaps(square):
            left, bottom = label.x1 + LEGAL_GAP - square.x0, label.y1 + LEGAL_GAP - square.y0
            square = Box(square.x0 + left, square.y0, square.x1, square.y1) if left < bottom else \
                Box(square.x0, square.y0 + bottom, square.x1, square.y1)
    return square


def legal_marks(ax: Axes, spots: list[Pos], legal: list[Placement], scale: float, clear: Sequence[Box] = ()
                ) -> list:
    squares = {spot: legal_square(*spot, clear) for spot in spots}
    artists = polys(ax, [sh.rect(b.x0, b.y0, b.x1, b.y1) for b in squares.values()], to_rgba(st.LEGAL, 0.38),
                    to_rgba(st.LEGAL_EDGE, 0.7), 1.0 * scale, z=Z_LEGAL, linestyles="--")
    arrow = np.array([[-0.07, -0.04], [0.07, -0.04], [0.0, 0.05]])
    arrows = []
    for x, y, rot in legal:
        b = squares[x, y]
        cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
        inside = ((cx, b.y1 - LEGAL_ARROW), (b.x1 - LEGAL_ARROW, cy), (cx, b.y0 + LEGAL_ARROW),
                  (b.x0 + LEGAL_ARROW, cy))[rot // 90]  # by the side the tile's north edge would face
        arrows.append(sh.turn(arrow + 0.5, rot // 90) - 0.5 + inside)  # turned about its own middle
    artists += polys(ax, arrows, to_rgba(st.LEGAL_EDGE, 0.8), "none", 0.0, z=Z_LEGAL + 0.1)
    return artists


def _preview(ax: Axes, preview: tuple[str, int, int, int], scale: float, fits: bool = True) -> list:
    """The tile that a click would put: see-through with a dashed frame; when it does not fit there, paler,
    framed in red and struck through."""
    tid, x, y, rot = preview
    if tid not in catalogue() or rot not in ROTATIONS:
        raise CarcnbError(f"cannot preview {preview!r}: expected (tile id, x, y, rotation 0/90/180/270)")
    art = tile_art(catalogue()[tid], rot)
    artists = tile_paths(ax, [((x, y), art)], scale, Z_PREVIEW, alpha=0.6 if fits else 0.4)
    frame = st.LEGAL_EDGE if fits else st.MISFIT
    artists += polys(ax, [sh.rect(x, y, x + 1, y + 1)], "none", frame, (1.5 if fits else 3.0) * scale,
                     z=Z_PREVIEW + 0.45, linestyles="--" if fits else "-")
    if not fits:
        cross = [sh.band(np.array([(x + 0.1, y + 0.1), (x + 0.9, y + 0.9)]), 0.03),
                 sh.band(np.array([(x + 0.1, y + 0.9), (x + 0.9, y + 0.1)]), 0.03)]
        artists += polys(ax, cross, to_rgba(st.MISFIT, 0.8), z=Z_PREVIEW + 0.4)
    return artists
