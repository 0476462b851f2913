"""Flood (FL), played with the River: the drawer replaces a river, spring or lake tile with FL; features
touching FL can never be completed. At the start of that player's next turn, before the draw, the flood
spreads over the 8 positions around FL: features there can never be completed either.

Rulings: ``flood.without_river``, ``flood.followers_on_replaced``, ``flood.covered_scope``,
``flood.covered_empty``, ``flood.cloister_beside``.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Flood
from carcnb.engine.features import Feature, Node, split_figure
from carcnb.engine.geometry import Pos, around, neighbour, pos_text
from carcnb.engine.rules.earthquake import tokens_leave_with
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.rulings import ruled
from carcnb.engine.steps import Step
from carcnb.engine.tiles import catalogue

if TYPE_CHECKING:
    from carcnb.engine.board import Board, Placements
    from carcnb.engine.state import GameState


def flood_targets(state: GameState, rules: FloodRules) -> list[Pos]:
    """Tiles FL may replace: river tiles (spring and lake included), or any non-start tile by ruling."""
    board = state.board
    rivers = [p for p, t in board.tiles.items() if t.tile.set == "river"]
    if rivers or not rules.any_tile:
        return sorted(rivers)
    return sorted(p for p, t in board.tiles.items() if p != (0, 0) and t.tile.has_edges)


def covered(board: Board) -> list[Pos]:
    """The 8 positions under the spread flood's cut-out (empty when it is not down)."""
    at = board.ext.get("flood_at")
    return around(at) if at is not None and board.ext.get("flood_spread") else []


def beside(pos: Pos, at: Pos) -> bool:
    """Whether ``pos`` is one of the 8 positions around ``at``."""
    dx, dy = abs(pos[0] - at[0]), abs(pos[1] - at[1])
    return dx <= 1 and dy <= 1 and dx + dy > 0


def flooded_nodes(board: Board, scope: str, positions: list[Pos]) -> frozenset[Node]:
    """Segments the cut-out stops: every segment on a covered tile, or (scope ``edge``) only those that
    reach the outer edge of the 3x3 area."""
    area = set(around(board.ext["flood_at"])) | {board.ext["flood_at"]}
    nodes = set()
    for pos in positions:
        placed = board.tiles.get(pos)
        if placed is None:
            continue
        outer = {side for side in range(4) if neighbour(pos, side) not in area}
        for i, seg in enumerate(placed.orient.segments):
            if scope == "segment" or outer.intersection(seg.sides):
                nodes.add((pos, i))
    return frozenset(nodes)


def add_flood_marks(board: Board, nodes: frozenset[Node]) -> None:
    """Flood the features of ``nodes`` that are not complete yet: a feature completed before the water came
    has scored and stays complete."""
    fresh = frozenset(n for n in nodes if not board.is_complete(n)) - board.flood_marks
    if fresh:
        board.set_flood_marks(board.flood_marks | fresh)


def cloisters_beside(board: Board, at: Pos) -> frozenset[Node]:
    """Cloisters with FL among their 8 neighbours."""
    nodes = set()
    for pos in around(at):
        placed = board.tiles.get(pos)
        if placed is not None and placed.orient.cloister >= 0:
            nodes.add((pos, placed.orient.cloister))
    return frozenset(nodes)


def return_followers(state: GameState, pos: Pos, lost: bool) -> None:
    """Take every figure off the tile at ``pos``: back to supply, or out of the game."""
    board = state.board
    for node in [n for n in board.followers if n[0] == pos]:
        for entry in board.followers[node]:
            color, kind = split_figure(entry)
            board.remove_follower(node, entry)
            if lost and kind == "follower":
                state.j.setitem(state.lost, color, state.lost[color] + 1)


class FloodRules(RuleModule):
    name = "flood"

    any_tile = ruled("flood.without_river", "any_tile")
    lost = ruled("flood.followers_on_replaced", "lost")
    scope = ruled("flood.covered_scope")
    covered_empty = ruled("flood.covered_empty", "yes")
    cloisters_beside = ruled("flood.cloister_beside", "flooded")

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {"FL": 1}}

    def turn_steps(self, state: GameState, tile) -> list[Step] | None:
        if not tile.has("flood"):
            return None
        from carcnb.engine.rules.base import EndTurnStep, ScoreStep
        if not flood_targets(state, self):
            return [FloodRedrawStep()]
        return [FloodStep(), ScoreStep(), EndTurnStep()]

    def before_draw(self, state: GameState) -> None:
        ext = state.ext
        if ext.get("flood_at") is None or ext.get("flood_spread") or ext.get("flood_by") != state.turn:
            return
        state.set_ext("flood_spread", True)
        board = state.board
        add_flood_marks(board, flooded_nodes(board, self.scope, covered(board)))

    def closed_positions(self, state: GameState) -> Collection[Pos]:
        """The cut-out of the spread flood covers the 3x3 area (FL itself is never free)."""
        ext = state.ext
        at = ext.get("flood_at")
        if at is None or not ext.get("flood_spread") or self.covered_empty:
            return ()
        return frozenset(around(at))

    def limits_placements(self, state: GameState, tile) -> bool:
        return False  # it closes positions: see ``closed_positions``

    def filter_placements(self, state: GameState, tile, placements: list[Placements]) -> list[Placements]:
        closed = self.closed_positions(state)
        return [p for p in placements if (p[0], p[1]) not in closed] if closed else placements

    def placement_refusal(self, state: GameState, tile, pos: Pos) -> str | None:
        at = state.ext.get("flood_at")
        if at is None or abs(pos[0] - at[0]) > 1 or abs(pos[1] - at[1]) > 1:
            return None
        return (f"{pos_text(pos)} lies under the flood's cut-out around {pos_text(at)}, and a covered empty "
                "position takes no tile (flood.covered_empty = no)")

    def after_place(self, state: GameState, pos: Pos) -> list:
        board = state.board
        at = board.ext.get("flood_at")
        if at is None or not beside(pos, at):
            return []
        if board.ext.get("flood_spread"):
            add_flood_marks(board, flooded_nodes(board, self.scope, [pos]))
        if cloisters_beside(board, at) and self.cloisters_beside:
            add_flood_marks(board, cloisters_beside(board, at))
        return []

    def notes(self, board: Board, feature: Feature) -> list[str]:
        return ["flooded"] if feature.flooded else []

    def problems(self, state: GameState) -> list[str]:
        at = state.ext.get("flood_at")
        if at is None or at in state.board.tiles:
            return []
        return [f"flood.at = \"{pos_text(at)}\": no tile lies there (FL, or the meteor that replaced it: put it at "
                f"{pos_text(at)} or remove the field)"]

    def header(self, state: GameState) -> dict[str, object]:
        """``flood = { spread, by }``, with ``at`` when a meteor has replaced FL (the cut-out still spreads
        there); the flood marks are ``flooded@PORT`` tokens (``tokens_at``)."""
        ext = state.ext
        at = ext.get("flood_at")
        if at is None:
            return {}
        table: tuple = (("spread", bool(ext.get("flood_spread"))), ("by", state.players[ext["flood_by"]]))
        placed = state.board.tiles.get(at)
        if placed is None or not placed.tile.has("flood"):
            table += (("at", pos_text(at)),)
        return {"flood": table}

    def tokens_at(self, state: GameState, pos: Pos) -> list:
        """A ``flooded@PORT`` token for each flood mark on the tile at ``pos``."""
        from carcnb.engine.tokens import FloodedToken
        segments = state.board.tiles[pos].orient.segments
        return [FloodedToken(segments[seg].anchor) for at, seg in sorted(state.board.flood_marks)
                if at == pos and seg < len(segments)]

    def load(self, state: GameState, position) -> None:
        """FL's place, who placed it and whether the cut-out is down; the flood marks are the file's
        ``flooded@`` tokens, or, in a file without any, those FL and its cut-out give the board as it is."""
        from carcnb.engine.tokens import FloodedToken, xy
        board = state.board
        marks = frozenset(node for t in position.board for k in t.tokens if isinstance(k, FloodedToken)
                          and (node := board.node_at(t.pos, k.port)) is not None)
        if marks:
            board.set_flood_marks(marks)
        flood = dict(position.flood)
        at = xy(flood["at"]) if "at" in flood else next(
            (pos for pos, t in board.tiles.items() if t.tile.has("flood")), None)
        if at is None:
            return
        players = state.players
        by = flood.get("by")
        seat = players.index(by) if by else (players.index(position.mover) - 1) % len(players)
        state.set_ext("flood_at", at)
        state.set_ext("flood_by", seat)
        if flood.get("spread"):
            state.set_ext("flood_spread", True)
        if marks:
            return
        if cloisters_beside(board, at) and self.cloisters_beside:
            add_flood_marks(board, cloisters_beside(board, at))
        if flood.get("spread"):
            add_flood_marks(board, flooded_nodes(board, self.scope, covered(board)))


@dataclass(frozen=True)
class FloodStep(Step):
    """The drawer chooses the river tile that FL replaces."""

    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        rules = state.module(FloodRules)
        return [Flood(p) for p in flood_targets(state, rules)]

    def apply(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Flood)
        rules = state.module(FloodRules)
        return_followers(state, action.pos, rules.lost)
        tokens_leave_with(state, action.pos)
        state.board.replace(action.pos, catalogue()["FL"])
        state.placed = action.pos
        state.hand = None
        state.set_ext("flood_at", action.pos)
        state.set_ext("flood_by", state.turn)
        if cloisters_beside(state.board, action.pos) and rules.cloisters_beside:
            board = state.board
            add_flood_marks(board, cloisters_beside(board, action.pos))

    def describe(self) -> str:
        return "choose the river tile the flood replaces"


# like the tornado's bookkeeping steps in shape only: this one redraws
@dataclass(frozen=True)
class FloodRedrawStep(Step):
    """No river tile in play (ruling ``redraw``): FL leaves the game and the player draws again."""

    def run(self, state: GameState) -> None:
        from carcnb.engine.rules.base import discard_and_redraw
        discard_and_redraw(state)

