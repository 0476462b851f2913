"""The greedy player: the best line of this turn by the exact turn search, every player in the turn choosing
what gains them most against the best opponent (``search.solve``). Ties (a follower put on an unfinished city
scores nothing this turn, nor does passing) are broken by how the game would stand if it ended after the turn
(``standing``): the points the turn leaves open count, but only after the points it scores."""
from __future__ import annotations

from carcnb.engine.actions import Action
from carcnb.engine.errors import SearchLimitError
from carcnb.engine.state import GameState
from carcnb.players.standing import margins, standing
from carcnb.search.solve import Solver, Values, objective

TURN_FIRST = 1000  # a point scored this turn outweighs any difference in how the game stands
NODE_LIMIT = 20_000  # past it (a tornado event on a crowded board) each decision is judged alone


def turn_then_standing(state: GameState, gained: Values) -> Values:
    """A finished turn's value for each player: this turn's points first, then the standing's margin."""
    return tuple(TURN_FIRST * g + m for g, m in zip(gained, margins(standing(state))))


class GreedyPlayer:
    """Plays the best line of the turn; deterministic (the first of equally good actions, in legal order)."""

    name = "greedy"

    def __init__(self, seed: int = 0, node_limit: int = NODE_LIMIT):
        self.node_limit = node_limit

    def choose(self, state: GameState) -> Action:
        seat = state.current_player()
        depth = len(state.history)
        try:
            choices = Solver(state, self.node_limit, leaf=turn_then_standing).choices()
        except SearchLimitError:
            while len(state.history) > depth:  # the search stopped inside the turn: take its actions back
                state.undo()
            choices = self._one_step(state)
        best = max(objective(v, seat) for _, v in choices)
        return next(a for a, v in choices if objective(v, seat) == best)

    @staticmethod
    def _one_step(state: GameState) -> list[tuple[Action, Values]]:
        """Each action judged by the standing right after it, when the whole turn is too big to search."""
        out = []
        for action in state.legal_actions():
            state.apply(action, check=False)
            out.append((action, margins(standing(state))))
            state.undo()
        return out
