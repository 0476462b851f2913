"""The hooks a rule module answers, with neutral defaults: the base turn and each expansion override what their
rules change, and the turn machine calls only the hooks a module overrides (``overriding``).
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from carcnb.engine.board import Board, Placements
    from carcnb.engine.features import Feature, Node
    from carcnb.engine.geometry import Pos
    from carcnb.engine.state import GameState
    from carcnb.engine.steps import Step
    from carcnb.engine.tiles import TileType




class SavedPosition(Protocol):
    """What a rule module reads back from a position file (``load``): the board's lines with their tokens,
    the turn's played actions and the modules' memory tables."""

    board: tuple
    played: tuple[str, ...]
    flood: tuple
    earthquake: tuple
    meteor: tuple


class RuleModule:
    """Hooks with neutral defaults; subclasses override what their rules change."""

    name = ""

    def __init__(self, rulings: dict[str, str] | None = None):
        self.rulings = rulings or {}  # the options in force, read through ``rulings.ruled`` properties

    def start_tile(self, sets: frozenset[str]) -> str | None:
        return None

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        """Tiles this module adds to the pile, by stage (0 river, 1 lake, 2 the rest)."""
        return {}

    def filter_placements(self, state: GameState, tile: TileType, placements: list[Placements]) -> list[Placements]:
        """The placements this module allows, from those whose edges match: ``(x, y, rotations)`` per position,
        sorted (see ``Board.placement_groups``)."""
        return placements

    def placement_refusal(self, state: GameState, tile: TileType, pos: Pos) -> str | None:
        """Why ``filter_placements`` takes out ``tile`` at ``pos``, in words (None: the module cannot say)."""
        return None

    def limits_placements(self, state: GameState, tile: TileType) -> bool:
        """Whether the turn must ask ``filter_placements`` with ``tile`` in hand now: not when the filter takes
        nothing away, nor when all it takes away is ``closed_positions`` (the placements are listed faster)."""
        return True

    def closed_positions(self, state: GameState) -> Collection[Pos]:
        """Open positions where no tile may be placed now, whichever tile is in hand."""
        return ()

    def turn_steps(self, state: GameState, tile: TileType) -> list[Step] | None:
        """The steps of a turn with ``tile`` in hand, when this module plays it differently."""
        return None

    def after_place(self, state: GameState, pos: Pos) -> list[Step]:
        return []

    def can_deploy(self, state: GameState, node: Node) -> bool:
        return True

    def after_deploy(self, state: GameState) -> list[Step]:
        return []

    def after_score(self, state: GameState) -> list[Step]:
        return []

    def before_draw(self, state: GameState) -> None:
        """Effects at the start of a turn, before the draw: run as the draw is played, so a turn that never
        comes (the pile is empty) has none."""

    def before_final(self, state: GameState) -> None:
        """Effects after the last tile, before final scoring."""

    def held(self, state: GameState, color: str) -> int:
        """Followers of ``color`` that are neither in supply nor on the board (carried by the tornado)."""
        return 0

    def notes(self, board: Board, feature: Feature) -> list[str]:
        return []

    def end_value(self, board: Board, feature: Feature) -> tuple[int, str] | None:
        return None

    def counts_for_fields(self, board: Board, city: Feature) -> bool:
        return True

    def counts_beside_cloister(self, board: Board, pos: Pos) -> bool:
        """Whether the tile at ``pos`` counts for the points of a cloister it surrounds."""
        return True

    def completable(self, board: Board, feature: Feature) -> bool:
        return True

    def problems(self, state: GameState) -> list[str]:
        return []

    def load(self, state: GameState, position: SavedPosition) -> None:
        """Set up this module's tokens from a position file (after its tiles and figures are down)."""

    def tokens_at(self, state: GameState, pos: Pos) -> list:
        """This module's tokens on the tile at ``pos``, as a position file writes them (``load`` reads them)."""
        return []

    def header(self, state: GameState) -> dict[str, object]:
        """Position-file keys this module writes (``load`` reads them)."""
        return {}


def overriding(modules: list[RuleModule], hook: str) -> tuple[Callable, ...]:
    """The ``hook`` methods of the modules that override it, in module order: the others' defaults change
    nothing, so the turn machine need not call them."""
    default = getattr(RuleModule, hook)
    return tuple(getattr(m, hook) for m in modules if getattr(type(m), hook) is not default)
