"""Crop Circles II: after the turn's scoring, the placer of a crop circle tile chooses *add* or *remove*; then
every player, clockwise from the placer's left and the placer last, may add one follower from supply next to
one of their own followers on a feature of the symbol's type (ruling ``cropcircles.add_where``), or must take
one of their own followers of that type back to supply. A player with nothing to do is passed over; the
round is skipped when no follower stands on the board.

The one crop circle tile of The Ferries box comes with the ``ferries`` set (ruling
``ferries.crop_circle_tile``); the ``cropcircles`` set brings all six.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Crop, Deploy, Pass, Remove
from carcnb.engine.features import Node
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.steps import Step
from carcnb.engine.tiles import SYMBOLS, catalogue

if TYPE_CHECKING:
    from carcnb.engine.state import GameState

MODES = ("add", "remove")


class CropCirclesRules(RuleModule):
    name = "cropcircles"

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        if "cropcircles" in sets:
            return {2: {t.id: t.count for t in catalogue().of_set("cropcircles")}}
        tid = rulings["ferries.crop_circle_tile"]
        return {} if tid == "none" else {2: {tid: 1}}

    def after_score(self, state: GameState) -> list[Step]:
        pos = state.placed
        board = state.board
        if pos is None or pos not in board.tiles or not board.followers:
            return []
        tile = board.tiles[pos].tile
        if not tile.has("crop_circle") or tile.symbol is None:
            return []
        return [CropChoiceStep(SYMBOLS[tile.symbol])]


def crop_order(state: GameState) -> list[int]:
    """Seats in the order they act: clockwise from the placer's left, the placer last."""
    n = len(state.players)
    return [(state.turn + i) % n for i in range(1, n + 1)]


def own_nodes(state: GameState, color: str, kind: str) -> list[Node]:
    """The segments where ``color`` has a follower on a feature of ``kind``, sorted."""
    board = state.board
    return sorted(node for node, colors in board.followers.items()
                  if color in colors and board.segment(node).kind == kind)


def add_targets(state: GameState, color: str, kind: str) -> list[Node]:
    """Where ``color`` may add a follower, if they have one in supply: next to (on the segment of) any of
    their followers on a feature of ``kind``, or on any segment of such a feature (``cropcircles.add_where``)."""
    if state.supply(color) <= 0:
        return []
    nodes = own_nodes(state, color, kind)
    if state.game.ruling("cropcircles.add_where") == "segment":
        return nodes
    board = state.board
    return sorted({member for root in {board.find(n) for n in nodes} for member in board.info[root].members})


# Like every rule module's steps in shape (who acts, what is legal), each with a rule of its own.
@dataclass(frozen=True)
class CropChoiceStep(Step):
    """The placer chooses add or remove for every player's followers on features of ``kind``."""

    kind: str

    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        return [Crop(m) for m in MODES]

    def apply(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Crop)
        state.push([CropActStep(seat, action.mode, self.kind) for seat in crop_order(state)])

    def describe(self) -> str:
        return f"crop circle: add or remove ({self.kind})"


@dataclass(frozen=True)
class CropActStep(Step):
    """One player's part of the crop circle round; passed over when they have nothing to add or remove."""

    seat: int
    mode: str
    kind: str

    def _targets(self, state: GameState) -> list[Node]:
        color = state.players[self.seat]
        if self.mode == "add":
            return add_targets(state, color, self.kind)
        return own_nodes(state, color, self.kind)

    def actor(self, state: GameState) -> int | None:
        return self.seat if self._targets(state) else None

    def legal(self, state: GameState) -> list[Action]:
        board = state.board
        cls = Deploy if self.mode == "add" else Remove
        acts: list[Action] = sorted(cls(pos, board.segment((pos, seg)).anchor) for pos, seg in self._targets(state))
        return acts + [Pass()] if self.mode == "add" else acts

    def apply(self, state: GameState, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, (Deploy, Remove))
        board = state.board
        node = board.node_at(action.pos, action.port)
        color = state.players[self.seat]
        if isinstance(action, Deploy):
            board.add_follower(node, color)
        else:
            board.remove_follower(node, color)

    def run(self, state: GameState) -> None:
        """Nothing to do: the player is passed over."""

    def describe(self) -> str:
        return f"crop circle: {self.mode} a follower ({self.kind})"
