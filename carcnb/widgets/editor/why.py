"""Why a placement or a follower is refused: the rule broken, in words a player understands.

The engine answers *which* actions are legal; an editor must also say why a click is not one of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.geometry import PORT_NAMES, SIDE_NAMES, Pos, neighbour, pos_text
from carcnb.engine.rules.base import deploy_targets
from carcnb.engine.rules.river import river_course
from carcnb.engine.tiles import EDGE_KINDS, TileType, catalogue

if TYPE_CHECKING:
    from carcnb.engine.rules.module import RuleModule
    from carcnb.engine.state import GameState
    from carcnb.positions.model import Position



def placement(state: GameState, tile: TileType, pos: Pos, rot: int) -> str | None:
    """None when ``tile`` may go at ``pos`` turned ``rot``; otherwise the reason it may not."""
    board = state.board
    if pos in board.tiles:
        return f"{pos_text(pos)} is occupied by {board.tiles[pos].tile.id}"
    if pos not in board.open:
        return f"{pos_text(pos)} touches no tile: a new tile must share an edge with the board"
    if not board.fits(tile, pos, rot):
        return f"{tile.id} at rotation {rot} does not fit at {pos_text(pos)}: " + "; ".join(mismatches(state, tile, pos, rot))
    places = board.placement_groups(tile)
    for m in state.modules:
        places = m.filter_placements(state, tile, places)
        if not any((x, y) == pos and rot in rots for x, y, rots in places):
            return _module_reason(m, state, tile, pos)
    return None


def mismatches(state: GameState, tile: TileType, pos: Pos, rot: int) -> list[str]:
    """Each edge of ``tile`` (turned ``rot``) that disagrees with its neighbour at ``pos``."""
    board = state.board
    mine = tile.at(rot).edges
    out = []
    for side in range(4):
        n = neighbour(pos, side)
        other = board.tiles.get(n)
        if other is None or not other.tile.has_edges or not tile.has_edges:
            continue
        theirs = other.orient.edges[(side + 2) % 4]
        if mine[side] != theirs:
            out.append(f"its {SIDE_NAMES[side]} edge is {EDGE_KINDS[mine[side]]} but {other.tile.id} at "
                       f"{pos_text(n)} shows {EDGE_KINDS[theirs]}")
    return out


def edges_fit(p: Position, tid: str, pos: Pos, rot: int) -> bool:
    """Whether ``tid`` turned ``rot`` at ``pos`` shows each neighbour in ``p`` the edge it shows back (free
    edit's test: no rule beyond the edges)."""
    cat = catalogue()
    mine = cat[tid].at(rot).edges
    for side in range(4):
        other = p.tile_at(neighbour(pos, side))
        if other is None:
            continue
        theirs = cat[other.tile].at(other.rot).edges[(side + 2) % 4]
        if mine[side] != theirs and "-" not in (mine[side], theirs):
            return False
    return True


def _module_reason(m: RuleModule, state: GameState, tile: TileType, pos: Pos) -> str:
    course = river_course(state.board) if m.name == "river" else []
    if course:
        end, out = course[-1][0], course[-1][1]
        if out is None:
            return "river rule: the river has reached its lake"
        target = neighbour(end, out)
        if pos != target:
            return f"river rule: the river flows on from {pos_text(end)}, so the next river tile goes at {pos_text(target)}"
        return "river rule: the river may not turn the same way on two curves in a row"
    return f"the {m.name} rules do not allow {tile.id} at {pos_text(pos)} here"


def deploy(state: GameState, pos: Pos, port: int | None) -> str:
    """Why the active player cannot put a follower on ``port`` of the tile at ``pos``."""
    board = state.board
    color = state.active
    if state.placed is not None and pos != state.placed:
        return f"followers go on the tile just placed ({pos_text(state.placed)}), or pass"
    if state.supply(color) <= 0:
        return f"{color} has no follower left in supply: pass"
    node = board.node_at(pos, port) if port is not None else None
    if node is None:
        where = PORT_NAMES[port] if port is not None else "there"
        return f"no feature at {where} on {pos_text(pos)}: click a city, road, field or cloister"
    seg = board.segment(node)
    if board.occupied(node):
        owners = sorted({f.color for f in board.feature(node).followers})
        return f"that {seg.kind} is already occupied ({', '.join(owners)})"
    if node not in deploy_targets(state, pos, color):
        return f"no follower may stand on a {seg.kind}"
    return f"no follower may go on that {seg.kind} now"
