"""River I: the spring starts, river tiles come first and the lake last; the river flows on, never
turning the same way on two consecutive curves, and carries no follower."""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.geometry import Pos, neighbour, pos_text
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.tiles import TileType, catalogue

if TYPE_CHECKING:
    from carcnb.engine.board import Board, Placements
    from carcnb.engine.state import GameState

class RiverRules(RuleModule):
    name = "river"

    def start_tile(self, sets: frozenset[str]) -> str | None:
        return "R1"

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        tiles = {t.id: t.count for t in catalogue().of_set("river") if t.id not in ("R1", "R2")}
        return {0: tiles, 1: {"R2": 1}}

    def placement_refusal(self, state: GameState, tile: TileType, pos: Pos) -> str | None:
        course = river_course(state.board)
        if not tile.is_river or not course or course[-1][1] is None:
            return None
        target = neighbour(course[-1][0], course[-1][1])
        if pos != target:
            return f"a river tile goes on from the river's open end, at {pos_text(target)}"
        return "the river would bend the same way twice in a row, or turn back on itself"

    def limits_placements(self, state: GameState, tile: TileType) -> bool:
        return tile.is_river

    def filter_placements(self, state: GameState, tile: TileType, placements: list[Placements]) -> list[Placements]:
        if not tile.is_river:
            return placements
        course = river_course(state.board)
        if not course:
            return placements
        end_pos, out_side, last_turn = course[-1][0], course[-1][1], last_bend(course)
        if out_side is None:
            return []
        target = neighbour(end_pos, out_side)
        keep = []
        for x, y, rots in placements:
            if (x, y) != target:
                continue
            turns = {rot: bend(tile, rot, (out_side + 2) % 4) for rot in rots}
            allowed = tuple(rot for rot, turn in turns.items() if turn is not None and not (turn and turn == last_turn))
            if allowed:
                keep.append((x, y, allowed))
        return keep


def river_sides(tile: TileType, rot: int) -> tuple[int, ...]:
    return tile.orientations[rot // 90].river_sides


def bend(tile: TileType, rot: int, in_side: int) -> int | None:
    """+1 for a left turn, -1 for a right turn, 0 straight or a river end; None if water cannot enter at
    ``in_side``."""
    sides = river_sides(tile, rot)
    if in_side not in sides:
        return None
    if len(sides) != 2:
        return 0
    out = sides[0] if sides[1] == in_side else sides[1]
    heading = (in_side + 2) % 4
    if out == heading:
        return 0
    return 1 if out == (heading - 1) % 4 else -1


def river_course(board: Board) -> list[tuple[Pos, int | None, int]]:
    """The river from the spring: each tile with the side the water leaves by (None at the lake) and the
    bend it makes there. Empty when no spring is on the board."""
    spring = next((p for p, t in board.tiles.items() if t.tile.has("spring")), None)
    if spring is None:
        return []
    placed = board.tiles[spring]
    out = river_sides(placed.tile, placed.rot)
    course: list[tuple[Pos, int | None, int]] = [(spring, out[0] if out else None, 0)]
    seen = {spring}
    while course[-1][1] is not None:
        nxt = neighbour(course[-1][0], course[-1][1])
        placed = board.tiles.get(nxt)
        if placed is None or nxt in seen or not placed.tile.is_river:
            break
        seen.add(nxt)
        in_side = (course[-1][1] + 2) % 4
        sides = [s for s in river_sides(placed.tile, placed.rot) if s != in_side]
        course.append((nxt, sides[0] if sides else None, bend(placed.tile, placed.rot, in_side) or 0))
    return course


def last_bend(course: list[tuple[Pos, int | None, int]]) -> int:
    """The direction of the last curve the river made (0 if it has not bent yet)."""
    return next((b for _, _, b in reversed(course) if b), 0)
