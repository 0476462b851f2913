"""Meteor (MT): the drawer points at a tile in play; each other player clockwise may move the landing point
to a tile adjacent to the last one chosen and never chosen before, or pass; the drawer may move it once
more. MT then replaces that tile: features touching it end there (and score if that completes them); MT
never counts as a tile of a feature nor in a cloister's points.

Rulings: ``meteor.targets``, ``meteor.adjacency``, ``meteor.followers_on_target``, ``meteor.ferry_on_target``.
The start tile is the tile at 0,0.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Discard, Meteor, Pass
from carcnb.engine.features import Feature
from carcnb.engine.geometry import SIDE_DELTA, Pos, around, neighbour, pos_text, side_centre
from carcnb.engine.rules.earthquake import tokens_leave_with
from carcnb.engine.rules.flood import return_followers
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.rulings import ruled
from carcnb.engine.steps import Step
from carcnb.engine.tiles import CONNECTING, catalogue

if TYPE_CHECKING:
    from carcnb.engine.board import Board
    from carcnb.engine.state import GameState


class MeteorRules(RuleModule):
    name = "meteor"

    strict_targets = ruled("meteor.targets", "start,spring,flood")
    king = ruled("meteor.adjacency", "king")
    lost = ruled("meteor.followers_on_target", "lost")
    ferry_lost = ruled("meteor.ferry_on_target", "lost")

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {"MT": 1}}

    def targets(self, board: Board) -> list[Pos]:
        """Tiles the meteor may land on."""
        out = []
        for pos, placed in board.tiles.items():
            tile = placed.tile
            if pos == (0, 0) or tile.has("meteor"):
                continue
            if (tile.has("spring") or tile.has("flood")) and self.strict_targets:
                continue
            out.append(pos)
        return sorted(out)

    def adjacent(self, pos: Pos) -> list[Pos]:
        return around(pos) if self.king else [neighbour(pos, side) for side in range(4)]

    def turn_steps(self, state: GameState, tile) -> list[Step] | None:
        if not tile.has("meteor"):
            return None
        from carcnb.engine.rules.base import EndTurnStep, ScoreStep
        n = len(state.players)
        others = [(state.turn + k) % n for k in range(1, n)]
        return ([MeteorStep(state.turn, "aim")] + [MeteorStep(seat, "move") for seat in others]
                + [MeteorStep(state.turn, "last"), MeteorLandStep(), ScoreStep(), EndTurnStep()])

    def header(self, state: GameState) -> dict[str, object]:
        lost = state.ext.get("ferries_lost")
        return {"meteor": (("ferries_lost", lost),)} if lost else {}

    def load(self, state: GameState, position) -> None:
        lost = dict(position.meteor).get("ferries_lost")
        if lost:
            state.set_ext("ferries_lost", lost)

    def counts_beside_cloister(self, board: Board, pos: Pos) -> bool:
        return not board.tiles[pos].tile.has("meteor")  # "that meteor does not count towards the score"

    def notes(self, board: Board, feature: Feature) -> list[str]:
        tiles = board.tiles
        if feature.kind == "cloister":
            pos = feature.nodes[0][0]
            return ["meteor does not count"] if any(
                p in tiles and tiles[p].tile.has("meteor") for p in around(pos)) else []
        if feature.kind not in ("road", "city"):
            return []
        for pos, i in feature.nodes:
            x, y = pos
            for side in tiles[pos].orient.segments[i].sides:
                dx, dy = SIDE_DELTA[side]
                other = tiles.get((x + dx, y + dy))
                if other is not None and other.tile.has("meteor"):
                    return ["ends at the meteor; meteor does not count"]
        return []


def facing(board: Board, pos: Pos) -> frozenset:
    """The road, city and river segments of the tiles around ``pos`` whose edge faces ``pos``."""
    nodes = set()
    for side in range(4):
        other = board.tiles.get(neighbour(pos, side))
        if other is None:
            continue
        seg = other.orient.port_segment[side_centre((side + 2) % 4)]
        if seg >= 0 and other.orient.segments[seg].kind in CONNECTING:
            nodes.add((neighbour(pos, side), seg))
    return frozenset(nodes)



@dataclass(frozen=True)
class MeteorStep(Step):
    """One player's say on the landing point: ``aim`` (the drawer points), ``move`` or ``last`` (move or pass)."""

    seat: int
    phase: str

    def actor(self, state: GameState) -> int | None:
        return self.seat

    def legal(self, state: GameState) -> list[Action]:
        rules = state.module(MeteorRules)
        targets = rules.targets(state.board)
        if self.phase == "aim":
            return [Meteor(p) for p in targets] if targets else [Discard()]
        chosen = state.ext["meteor_chosen"]
        allowed = set(targets) - set(chosen)
        moves = sorted(Meteor(p) for p in rules.adjacent(chosen[-1]) if p in allowed)
        return moves + [Pass()]

    def apply(self, state: GameState, action: Action) -> None:
        if isinstance(action, Discard):  # nothing the meteor may hit: it leaves the game, draw again
            from carcnb.engine.rules.base import discard_and_redraw
            discard_and_redraw(state)
            return
        if isinstance(action, Meteor):
            state.set_ext("meteor_chosen", state.ext.get("meteor_chosen", ()) + (action.pos,))

    def describe(self) -> str:
        return {"aim": "point where the meteor lands", "move": "move the meteor or pass",
                "last": "move the meteor one last time or leave it"}[self.phase]

    def refusal(self, state: GameState, action: Action) -> str | None:
        if not isinstance(action, Meteor):
            return None
        rules, to = state.module(MeteorRules), pos_text(action.pos)
        placed = state.board.tiles.get(action.pos)
        if placed is None:
            return f"no tile lies at {to}"
        if action.pos == (0, 0):
            return "the meteor never lands on the start tile"
        if placed.tile.has("meteor"):
            return f"a meteor lies at {to} already"
        if action.pos not in rules.targets(state.board):
            return "the meteor may not land on the spring or the flood (meteor.targets = start,spring,flood)"
        chosen = state.ext.get("meteor_chosen", ())
        if action.pos in chosen:
            return f"{to} was chosen before in this meteor's flight"
        if chosen and action.pos not in rules.adjacent(chosen[-1]):
            across = "" if rules.king else " along an edge (meteor.adjacency = orthogonal)"
            return f"{to} is not next to {pos_text(chosen[-1])}{across}"
        return None


@dataclass(frozen=True)
class MeteorLandStep(Step):
    """MT replaces the chosen tile; what stood there leaves; the features around end at MT."""

    def run(self, state: GameState) -> None:
        rules = state.module(MeteorRules)
        pos = state.ext["meteor_chosen"][-1]
        board = state.board
        old = board.tiles[pos].tile
        return_followers(state, pos, rules.lost)
        tokens_leave_with(state, pos)
        if pos in board.ferries and rules.ferry_lost:
            state.set_ext("ferries_lost", state.ext.get("ferries_lost", 0) + 1)
        if old.has("earthquake"):
            state.set_ext("quake_destroyed", pos)
        board.replace(pos, catalogue()["MT"])
        marks = frozenset(n for n in board.flood_marks if n[0] != pos)  # the old tile's segments are gone
        if old.has("flood"):  # what touched FL "can't be completed for the rest of the game"
            marks |= facing(board, pos)
        if marks != board.flood_marks:
            board.set_flood_marks(marks)
        state.set_ext("meteor_chosen", None)
        state.placed = pos
        state.hand = None
        touched = tuple((n, i) for side in range(4) if (n := neighbour(pos, side)) in board.tiles
                        for i in range(len(board.tiles[n].orient.segments)))
        state.set_ext("touched", touched)
