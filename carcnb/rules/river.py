"""River I: the spring starts, river tiles come first and the lake last; the river flows on, never
turning the same way on two consecutive curves, and carries no follower."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..geometry import Pos, neighbour
from ..tiles import TileType, catalogue
from . import RuleModule

if TYPE_CHECKING:
    from ..state import GameState

_RIVER_CODE = 4


class RiverRules(RuleModule):
    name = "river"

    def start_tile(self, sets: frozenset[str]) -> str | None:
        return "R1"

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        tiles = {t.id: t.count for t in catalogue().of_set("river") if t.id not in ("R1", "R2")}
        return {0: tiles, 1: {"R2": 1}}

    def filter_placements(self, state: GameState, tile: TileType,
                          placements: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        if not tile.is_river:
            return placements
        end = river_end(state)
        if end is None:
            return placements
        end_pos, out_side = end
        target = neighbour(end_pos, out_side)
        last_turn = state.ext.get("river_last_turn")
        keep = []
        for x, y, rot in placements:
            if (x, y) != target:
                continue
            turn = _turn(tile, rot, (out_side + 2) % 4)
            if turn and turn == last_turn:
                continue
            keep.append((x, y, rot))
        return keep

    def after_place(self, state: GameState, pos: Pos) -> list:
        placed = state.board.tiles[pos]
        if not placed.tile.is_river:
            return []
        end = river_end(state, before=pos)
        if end is not None:
            turn = _turn(placed.tile, placed.rot, (end[1] + 2) % 4)
            if turn:
                state.set_ext("river_last_turn", turn)
        return []


def river_sides(tile: TileType, rot: int) -> list[int]:
    codes = tile.orientations[rot // 90].codes
    return [s for s in range(4) if codes[s] == _RIVER_CODE]


def _turn(tile: TileType, rot: int, in_side: int) -> int:
    """+1 for a left turn, -1 for a right turn, 0 for straight (water enters at ``in_side``)."""
    sides = river_sides(tile, rot)
    if len(sides) != 2 or in_side not in sides:
        return 0
    out = sides[0] if sides[1] == in_side else sides[1]
    heading = (in_side + 2) % 4
    if out == heading:
        return 0
    return 1 if out == (heading - 1) % 4 else -1


def river_end(state: GameState, before: Pos | None = None) -> tuple[Pos, int] | None:
    """The river tile whose river edge still faces an empty position, and that side."""
    board = state.board
    for pos, placed in board.tiles.items():
        if pos == before or not placed.tile.is_river:
            continue
        for side in river_sides(placed.tile, placed.rot):
            n = neighbour(pos, side)
            if n not in board.tiles or n == before:
                return pos, side
    return None
