"""Steps of a turn: the states of the turn machine. A step either waits for a decision or runs by itself.

A ``GameState`` keeps a queue of pending steps; the first one decides who acts. Rule modules put their
own steps into the queue (a meteor landing, tornado moves, ferry moves) through hooks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action

if TYPE_CHECKING:
    from carcnb.engine.state import GameState

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class Step:
    """A pending part of the turn. Decision steps override ``actor``/``legal``/``apply``; others ``run``."""

    def actor(self, state: GameState) -> int | None:
        """The seat that decides, ``CHANCE``, or None for a step that runs by itself."""
        return None

    def legal(self, state: GameState) -> list[Action]:
        return []

    def apply(self, state: GameState, action: Action) -> None:
        raise NotImplementedError

    def run(self, state: GameState) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        """A short human name for the step, used in transcripts and editors."""
        return type(self).__name__.lower()

    def refusal(self, state: GameState, action: Action) -> str | None:
        """Why ``action`` is not legal at this step, in words, when the rule can say more than "not among the
        legal actions" (a tornado step onto a square already crossed); None otherwise."""
        return None
