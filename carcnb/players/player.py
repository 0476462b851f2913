"""What a computer player is: something that chooses a legal action at its decisions. A player may try
actions on the state it is handed (and must take them back), never read its random generator: the draws to
come are the pile's contents, in an order nobody knows."""
from __future__ import annotations

import random
from typing import Protocol

from carcnb.engine.actions import Action
from carcnb.engine.state import GameState


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Action:
        """A legal action for the player to act at ``state``, which is left as it was."""


class RandomPlayer:
    """Any legal action, each as likely: the floor every other player must beat."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())
