"""The Ferries: lake tiles whose roads end at jetties, a ferry joining two of them, and ferries moved when a
placed tile extends a road that runs through one.

The turn with a lake tile: place, deploy (on a road, one jetty's segment), lay the new ferry (always), move
ferries, score. A ferry may be moved when it is the first ferry met along a road walked away from the placed
tile through one of its road edges; each ferry moves at most once a turn. Which ferries may move is fixed once
the new ferry lies (a move only changes its own lake, and every walk stops at the first lake it reaches), so
the moves are offered one ferry at a time, in the order the placed tile's edges are walked (N, E, S, W):
the order of independent moves changes nothing, and a line of decisions names each ferry once.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Ferry, Pass
from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import Pos, neighbour, side_centre
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.steps import Step
from carcnb.engine.tiles import catalogue

if TYPE_CHECKING:
    from carcnb.engine.board import Board
    from carcnb.engine.state import GameState

DONE = "ferries.done"  # lakes whose ferry was offered for a move this turn (moved or left), in order
MOVES = "ferries.moves"  # (lake, old pair, new pair) of each ferry moved this turn
MOVED_NOTE = "completed by a ferry move"
NO_ROADS = (-2, -2, -2, -2)  # ``Orientation.road_exits`` of a tile without roads


class FerriesRules(RuleModule):
    name = "ferries"

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {t.id: t.count for t in catalogue().of_set("ferries")}}

    def after_deploy(self, state: GameState) -> list[Step]:
        pos = state.placed
        board = state.board
        if pos is None or pos not in board.tiles:
            return []
        placed = board.tiles[pos]
        if placed.tile.has("ferry_lake"):
            return [LayFerryStep(pos), _FERRY_MOVES]
        has_roads = placed.orient.road_exits != NO_ROADS  # only a road from the placed tile moves a ferry
        return [_FERRY_MOVES] if board.ferries and has_roads else []

    def after_score(self, state: GameState) -> list[Step]:
        ext = state.ext
        if DONE in ext or MOVES in ext:
            for key in (DONE, MOVES):
                state.set_ext(key, None)
        return []

    def notes(self, board: Board, feature: Feature) -> list[str]:
        """Where a road meets lakes, and whether a ferry move of this turn completed it."""
        if feature.kind != "road":
            return []
        passes, ends = set(), set()
        for pos, seg in feature.nodes:
            if board.tiles[pos].tile.has("ferry_lake"):
                (passes if seg in board.ferries.get(pos, ()) else ends).add(pos)
        out = ([f"passes a ferry at {x},{y}" for x, y in sorted(passes)]
               + [f"ends at a lake at {x},{y}" for x, y in sorted(ends)])
        if feature.complete and _moved_through(board, feature):
            out.append(MOVED_NOTE)
        return out


def _moved_through(board: Board, feature: Feature) -> bool:
    """Whether the road runs through a jetty that a ferry move of this turn joined or freed."""
    moves = board.ext.get(MOVES, ())
    return any((pos, seg) in feature.nodes for pos, old, new in moves for seg in (*old, *new))


# ----- jetties and ferries -----------------------------------------------------------------------------------
def jetties(board: Board, pos: Pos) -> list[tuple[int, int]]:
    """The jetties of the lake tile at ``pos``: (edge-centre port, road segment index), by port."""
    orient = board.tiles[pos].orient
    out = []
    for side in range(4):
        port = side_centre(side)
        seg = orient.port_segment[port]
        if seg >= 0 and orient.segments[seg].kind == "road":
            out.append((port, seg))
    return out


def ferry_actions(board: Board, pos: Pos, skip: tuple[int, int] | None = None) -> list[Action]:
    """Every ferry joining two jetties of the lake at ``pos`` (but ``skip``, the pair it joins now)."""
    return [Ferry(pos, pa, pb) for (pa, sa), (pb, sb) in combinations(jetties(board, pos), 2)
            if tuple(sorted((sa, sb))) != skip]


def _pair(board: Board, action: Ferry) -> tuple[int, int]:
    orient = board.tiles[action.pos].orient
    return orient.port_segment[action.a], orient.port_segment[action.b]


def first_ferries(board: Board, start: Pos) -> list[Pos]:
    """The lakes whose ferry is the first met along a road from ``start``, walking out through each of its
    road edges in turn (N, E, S, W); ``start``'s own ferry never counts. A walk ends at the first lake it
    reaches: at a ferry (found) or at a jetty without one (nothing), or where the road ends, leaves the
    board, or comes back to ``start``."""
    found: list[Pos] = []
    for side, exit_ in enumerate(board.tiles[start].orient.road_exits):
        if exit_ == -2:  # no road at this side
            continue
        lake = _walk(board, start, side)
        if lake is not None and lake not in found:
            found.append(lake)
    return found


def _walk(board: Board, start: Pos, side: int) -> Pos | None:
    tiles = board.tiles
    pos, entry = neighbour(start, side), (side + 2) % 4
    seen = set()
    while pos != start and pos not in seen:
        placed = tiles.get(pos)
        if placed is None or not placed.tile.has_edges:
            return None
        seen.add(pos)
        if placed.tile.has("ferry_lake"):
            return pos if placed.orient.port_segment[side_centre(entry)] in board.ferries.get(pos, ()) else None
        onward = placed.orient.road_exits[entry]
        if onward < 0:
            return None
        pos, entry = neighbour(pos, onward), (onward + 2) % 4
    return None


# ----- steps -------------------------------------------------------------------------------------------------
# Each step says who acts and what is legal in its own rule: the step classes are alike in shape only.
@dataclass(frozen=True)
class LayFerryStep(Step):
    """The placer must lay a ferry on the new lake tile, joining two of its jetties."""

    pos: Pos

    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        return ferry_actions(state.board, self.pos)

    def apply(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Ferry)
        state.board.set_ferry(self.pos, _pair(state.board, action))

    def describe(self) -> str:
        return "lay the ferry"


@dataclass(frozen=True)
class FerryMovesStep(Step):
    """Offers the next ferry that may move, if any: the first ferries along the placed tile's roads that
    were not offered yet this turn (recomputed after every move)."""

    def run(self, state: GameState) -> None:
        pos = state.placed
        done = state.ext.get(DONE, ())
        for lake in first_ferries(state.board, pos):
            if lake not in done:
                state.push([MoveFerryStep(lake), _FERRY_MOVES])
                return


@dataclass(frozen=True)
class MoveFerryStep(Step):
    """The placer may move the ferry on the lake at ``pos`` to another pair of its jetties, or leave it."""

    pos: Pos

    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        return ferry_actions(state.board, self.pos, state.board.ferries[self.pos]) + [Pass()]

    def apply(self, state: GameState, action: Action) -> None:
        state.set_ext(DONE, state.ext.get(DONE, ()) + (self.pos,))
        if isinstance(action, Pass):
            return
        assert isinstance(action, Ferry)
        board = state.board
        old = board.ferries[self.pos]
        board.set_ferry(self.pos, _pair(board, action))
        state.set_ext(MOVES, state.ext.get(MOVES, ()) + ((self.pos, old, board.ferries[self.pos]),))
        lake: list[Node] = [(self.pos, seg) for _, seg in jetties(board, self.pos)]
        state.set_ext("touched", state.ext.get("touched", ()) + tuple(lake))

    def describe(self) -> str:
        return f"move the ferry at {self.pos[0]},{self.pos[1]} or pass"


_FERRY_MOVES = FerryMovesStep()  # a value: one serves every turn
