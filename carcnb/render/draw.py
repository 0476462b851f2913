"""Draw a board into a given matplotlib Axes: tiles, ferries, tokens, followers, highlights and marks.

Tiles come from the per-orientation cache in ``tileart`` and are merged into one compound path per drawing
style, so a board of a hundred tiles is a few dozen artists. Nothing here touches pyplot.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.patches import PathPatch
from matplotlib.path import Path

from ..errors import CarcnbError
from ..features import Feature, Node, split_figure
from ..geometry import ROTATIONS, Pos, neighbour
from ..position import Position, QuakeToken, TornadoToken
from ..state import GameState
from ..tiles import catalogue
from . import shapes as sh
from . import style as st
from .masks import RES, segment_mask
from .ports import port_point
from .tileart import Style, TileArt, tile_art

Extent = tuple[float, float, float, float]
Placement = tuple[int, int, int]

Z_TILES = 1.0  # tile layers take 1.0 .. 1.4
Z_TOKENS = 2.0
Z_HIGHLIGHT = 2.5
Z_LEGAL = 3.0
Z_PREVIEW = 3.5
Z_FOLLOWERS = 4.0
Z_LABELS = 5.0


def as_state(source: Position | GameState) -> tuple[GameState, dict]:
    """The game state to draw and the rule-module tokens it carries (``state.ext``).

    A position with rule problems still converts. Tokens a position file records that no rule module put
    in ``ext`` (the flood cut-out, the tornado, earthquake tokens: when their set is not enabled) are read
    from the position itself.
    """
    if isinstance(source, GameState):
        return source, dict(source.ext)
    if isinstance(source, Position):
        from ..game_io import state_from_position

        state = state_from_position(source, allow_problems=True)
        tokens = dict(state.ext)
        if "flood_spread" not in tokens and dict(source.flood).get("spread"):
            tokens["flood_spread"] = True
        if "tornado" not in tokens:
            spot = next((t.pos for t in source.board for k in t.tokens if isinstance(k, TornadoToken)), None)
            if spot is not None:
                tokens["tornado"] = spot
        if "quake_cities" not in tokens:
            nodes = [state.board.node_at(t.pos, k.port) for t in source.board for k in t.tokens
                     if isinstance(k, QuakeToken)]
            if any(nodes):
                tokens["quake_cities"] = tuple(n for n in nodes if n is not None)
        return state, tokens
    raise CarcnbError(f"cannot draw {type(source).__name__!r}: expected a Position or a GameState")


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
        from ..actions import Place

        return sorted((a.x, a.y, a.rot) for a in state.legal_actions() if isinstance(a, Place))
    return [tuple(p) for p in legal or ()]


def draw_board(ax: Axes, source: Position | GameState, *, highlight: Node | Feature | None = None,
               coords: bool = False, legal: Iterable[Placement] | bool | None = None,
               preview: tuple[str, int, int, int] | None = None, preview_fits: bool = True,
               extent: Extent | None = None) -> list:
    """Draw ``source`` into ``ax`` and return the artists.

    ``highlight`` outlines and tints a feature (given as a node or a Feature); ``legal`` marks placements
    (``True``: those of the tile in hand); ``preview`` = (tile, x, y, rot) draws a see-through tile, struck
    through in red when ``preview_fits`` is False (it may not go there at that rotation);
    ``coords`` labels columns and rows; ``extent`` = (xmin, xmax, ymin, ymax) fixes the view (default: the
    board plus one tile).
    """
    state, tokens = as_state(source)
    return draw_state(ax, state, tokens, highlight=highlight, coords=coords, legal=legal, preview=preview,
                      preview_fits=preview_fits, extent=extent)


def draw_state(ax: Axes, state: GameState, tokens: dict, *, highlight: Node | Feature | None = None,
               coords: bool = False, legal: Iterable[Placement] | bool | None = None,
               preview: tuple[str, int, int, int] | None = None, preview_fits: bool = True,
               extent: Extent | None = None) -> list:
    """``draw_board`` for a state already converted, with its tokens (see ``as_state``)."""
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
    board = state.board
    placed = [(pos, tile_art(p.tile, p.rot)) for pos, p in board.tiles.items()]
    artists = _tile_paths(ax, placed, scale, Z_TILES)
    artists += _ferries(ax, state, scale)
    artists += _tokens(ax, state, tokens, scale)
    if highlight is not None:
        artists += _highlight(ax, state, highlight, scale)
        ax.set_xlim(x0, x1)  # images change the limits
        ax.set_ylim(y0, y1)
    if legal:
        artists += _legal(ax, legal, scale)
    if preview is not None:
        artists += _preview(ax, preview, scale, preview_fits)
    artists += _followers(ax, state, scale)
    if coords:
        artists += _coords(ax, extent, scale)
    return artists


def _points_per_tile(ax: Axes) -> float:
    """How many points one tile spans in this Axes as it is now laid out (aspect equal)."""
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    per_x = box.width * fig_w * 72.0 / max(abs(x1 - x0), 1e-9)
    per_y = box.height * fig_h * 72.0 / max(abs(y1 - y0), 1e-9)
    return min(per_x, per_y)


def _tile_paths(ax: Axes, placed: list[tuple[Pos, TileArt]], scale: float, z: float,
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


def _polys(ax: Axes, verts: list, faces, edges="none", widths=0.0, z: float = Z_TOKENS, alpha=None,
           **kw) -> list:
    if not verts:
        return []
    coll = PolyCollection(verts, facecolors=faces, edgecolors=edges, linewidths=widths, zorder=z, alpha=alpha,
                          **kw)
    ax.add_collection(coll, autolim=False)
    return [coll]


# ----- state drawn over the tiles --------------------------------------------------------------------------
def _ferries(ax: Axes, state: GameState, scale: float) -> list:
    verts = []
    for (x, y), (a, b) in state.board.ferries.items():
        placed = state.board.tiles.get((x, y))
        if placed is None:
            continue
        jetties = tile_art(placed.tile, placed.rot).jetties
        ja, jb = (jetties[a] if a < len(jetties) else None), (jetties[b] if b < len(jetties) else None)
        if ja is None or jb is None:
            continue
        p, q = np.array(ja), np.array(jb)
        inset = (q - p) * 0.06
        verts.append(sh.band(sh.line(p + inset, q - inset), 0.035) + (x, y))
    return _polys(ax, verts, st.FERRY, st.JETTY, 0.9 * scale, z=Z_TILES + 0.45)


def _tokens(ax: Axes, state: GameState, tokens: dict, scale: float) -> list:
    """Rule-module tokens from ``state.ext``; each is drawn only when present."""
    board = state.board
    artists: list = []
    if tokens.get("flood_spread"):
        at = tokens.get("flood_at")
        centres = [at] if at is not None else [pos for pos, p in board.tiles.items() if p.tile.has("flood")]
        cuts = [sh.rect(x - 1, y - 1, x + 2, y + 2) for x, y in centres]
        artists += _polys(ax, cuts, to_rgba(st.FLOOD_CUT, 0.22), st.FLOOD_CUT, 2.0 * scale, linestyles="--")
    discs, cracks = [], []
    for node in tokens.get("quake_cities") or ():
        (x, y), seg = node
        placed = board.tiles.get((x, y))
        if placed is None:
            continue
        marks = tile_art(placed.tile, placed.rot).marks
        mark = marks[seg] if seg < len(marks) else None
        if mark is None:
            continue
        pennant = placed.orient.segments[seg].pennant
        cx, cy = x + mark[0], y + mark[1] - (0.17 if pennant else 0.0)
        discs.append(sh.disc(cx, cy, 0.1, 28))
        cracks.append(sh.band(sh.zigzag(cx, cy, 0.15), 0.014))
    artists += _polys(ax, discs, st.QUAKE, st.FOLLOWER_EDGE, 1.0 * scale)
    artists += _polys(ax, cracks, st.ICON_BACK)
    path = tokens.get("tornado_path")
    if path:
        pts = np.array([(x + 0.5, y + 0.5) for x, y in path], dtype=float)
        if len(pts) > 1:
            artists += _polys(ax, [sh.band(pts, 0.025)], to_rgba(st.TORNADO, 0.75))
        artists += _polys(ax, [sh.disc(px, py, 0.05, 16) for px, py in pts], to_rgba(st.TORNADO, 0.85))
    spot = tokens.get("tornado")
    if spot is not None:
        cx, cy = spot[0] + 0.5, spot[1] + 0.5
        artists += _polys(ax, [sh.disc(cx, cy, 0.2, 36)], to_rgba(st.ICON_BACK, 0.92), st.TORNADO,
                          1.4 * scale)
        artists += _polys(ax, [sh.band(sh.spiral(cx, cy, 0.34), 0.02)], st.TORNADO)
    return artists


def _followers(ax: Axes, state: GameState, scale: float) -> list:
    """Every figure at its segment's anchor port: a standing meeple (a farmer lies on its side), a taller
    and slimmer builder, a pig; several on one segment stand side by side."""
    board = state.board
    verts, faces = [], []
    for (pos, seg_index), entries in sorted(board.followers.items()):
        placed = board.tiles.get(pos)
        if placed is None or seg_index >= len(placed.orient.segments):
            continue
        seg = placed.orient.segments[seg_index]
        cx, cy = port_point(seg.anchor, *pos)
        for k, entry in enumerate(entries):
            color, kind = split_figure(entry)
            shift = (k - (len(entries) - 1) / 2) * 0.16
            for poly in sh.figure_shape(kind, cx + shift, cy, st.MEEPLE_SIZE, lying=seg.kind == "field"):
                verts.append(poly)
                faces.append(st.PLAYER.get(color, st.PLAYER["gray"]))
    return _polys(ax, verts, faces, st.FOLLOWER_EDGE, 1.0 * scale, z=Z_FOLLOWERS, joinstyle="round")


# ----- highlight, legal marks, preview, labels -------------------------------------------------------------
def _feature_nodes(state: GameState, highlight: Node | Feature) -> tuple[Node, ...]:
    if isinstance(highlight, Feature):
        return highlight.nodes
    pos, seg = highlight
    node = ((int(pos[0]), int(pos[1])), int(seg))
    if node not in state.board.parent:
        raise CarcnbError(f"cannot highlight {highlight!r}: no tile at {node[0][0]},{node[0][1]} has a "
                          f"segment {node[1]}")
    return state.board.feature(node).nodes


def _highlight(ax: Axes, state: GameState, highlight: Node | Feature, scale: float) -> list:
    """Tint the feature's segments and outline the tiles it spans."""
    by_tile: dict[Pos, set[int]] = {}
    for pos, seg in _feature_nodes(state, highlight):
        by_tile.setdefault(pos, set()).add(seg)
    artists = []
    tint = np.zeros((RES, RES, 4))
    tint[..., :3] = st.HIGHLIGHT_TINT
    for (x, y), segs in sorted(by_tile.items()):
        placed = state.board.tiles.get((x, y))
        if placed is None:
            continue
        image = tint.copy()
        image[..., 3] = segment_mask(placed.tile, placed.rot, frozenset(segs)) * 0.55
        artists.append(ax.imshow(image, extent=(x, x + 1, y, y + 1), origin="upper", zorder=Z_HIGHLIGHT,
                                 interpolation="bilinear"))
    tiles = set(by_tile)
    corners = (((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (0, 0)), ((0, 0), (0, 1)))
    segments = [[(x + a[0], y + a[1]), (x + b[0], y + b[1])] for (x, y) in sorted(tiles)
                for side, (a, b) in enumerate(corners) if neighbour((x, y), side) not in tiles]
    lines = LineCollection(segments, colors=st.HIGHLIGHT, linewidths=3.0 * scale, zorder=Z_HIGHLIGHT + 0.1,
                           capstyle="round")
    ax.add_collection(lines, autolim=False)
    artists.append(lines)
    return artists


def _legal(ax: Axes, legal: list[Placement], scale: float) -> list:
    """A see-through square on every legal spot and a small arrow per legal rotation (pointing to where
    the tile's own north edge would face)."""
    spots = sorted({(x, y) for x, y, _ in legal})
    squares = [sh.rect(x + 0.05, y + 0.05, x + 0.95, y + 0.95) for x, y in spots]
    artists = _polys(ax, squares, to_rgba(st.LEGAL, 0.38), to_rgba(st.LEGAL_EDGE, 0.7), 1.0 * scale,
                     z=Z_LEGAL, linestyles="--")
    arrow = np.array([[-0.07, -0.04], [0.07, -0.04], [0.0, 0.05]])
    arrows = []
    for x, y, rot in legal:
        q = rot // 90
        tip = sh.turn(arrow + (0.5, 0.84), q)
        arrows.append(tip + (x, y))
    artists += _polys(ax, arrows, to_rgba(st.LEGAL_EDGE, 0.8), "none", 0.0, z=Z_LEGAL + 0.1)
    return artists


def _preview(ax: Axes, preview: tuple[str, int, int, int], scale: float, fits: bool = True) -> list:
    """The tile that a click would put: see-through with a dashed frame; when it does not fit there, paler,
    framed in red and struck through."""
    tid, x, y, rot = preview
    if tid not in catalogue() or rot not in ROTATIONS:
        raise CarcnbError(f"cannot preview {preview!r}: expected (tile id, x, y, rotation 0/90/180/270)")
    art = tile_art(catalogue()[tid], rot)
    artists = _tile_paths(ax, [((x, y), art)], scale, Z_PREVIEW, alpha=0.6 if fits else 0.4)
    frame = st.LEGAL_EDGE if fits else st.MISFIT
    artists += _polys(ax, [sh.rect(x, y, x + 1, y + 1)], "none", frame, (1.5 if fits else 3.0) * scale,
                      z=Z_PREVIEW + 0.45, linestyles="--" if fits else "-")
    if not fits:
        cross = [sh.band(np.array([(x + 0.1, y + 0.1), (x + 0.9, y + 0.9)]), 0.03),
                 sh.band(np.array([(x + 0.1, y + 0.9), (x + 0.9, y + 0.1)]), 0.03)]
        artists += _polys(ax, cross, to_rgba(st.MISFIT, 0.8), z=Z_PREVIEW + 0.4)
    return artists


def _coords(ax: Axes, extent: Extent, scale: float) -> list:
    """Column numbers along the bottom and row numbers along the left edge of the view."""
    x0, x1, y0, y1 = extent
    size = 11.0 * scale
    box = {"boxstyle": "round,pad=0.15", "facecolor": (1, 1, 1, 0.7), "edgecolor": "none"}
    artists = []
    for cx in range(int(np.ceil(x0)), int(np.floor(x1))):
        artists.append(ax.text(cx + 0.5, y0 + 0.04, str(cx), ha="center", va="bottom", fontsize=size,
                               color=st.LABEL, zorder=Z_LABELS, bbox=box))
    for cy in range(int(np.ceil(y0)), int(np.floor(y1))):
        artists.append(ax.text(x0 + 0.04, cy + 0.5, str(cy), ha="left", va="center", fontsize=size,
                               color=st.LABEL, zorder=Z_LABELS, bbox=box))
    return artists
