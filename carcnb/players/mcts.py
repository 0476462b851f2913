"""The look-ahead player: Monte Carlo tree search over the rest of the game.

Every decision is a move of the tree, the expansions' too (where the meteor lands, each step of the tornado,
where a ferry goes); every draw is a chance node whose tiles come from the pile's contents as a player at the
table knows them, each as likely as its count, never from the order the game will really draw them. An
iteration walks down the tree (UCT: the mean of each player's own margin, plus a bonus for moves tried
little), tries one new move, judges the position it reaches by how the game would stand if it ended there
(``standing``, as each player's margin over the best other), and adds that to every node on the way. The move
tried most at the root is played. A budget of iterations plays the same game for the same seed; a budget of
seconds plays as far as the machine gets.
"""
from __future__ import annotations

import math
import random
import time

from carcnb.engine.actions import Action
from carcnb.engine.state import GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.players.standing import margins, standing

SCALE = 20.0  # a margin of this many points is one unit of reward
EXPLORE = 1.0  # UCT's exploration weight, in those units
CLOCK_EVERY = 16  # iterations between two looks at the clock


class _Node:
    __slots__ = ("untried", "children", "visits", "total")

    def __init__(self, players: int):
        self.untried: list[Action] | None = None  # the moves not yet tried here, once the node is reached
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = [0.0] * players  # each player's rewards summed over the visits

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits


class MctsPlayer:
    """``iterations`` (the same game for the same seed) or ``seconds`` per decision; one of them is needed."""

    name = "mcts"

    def __init__(self, seed: int = 0, *, iterations: int | None = None, seconds: float | None = None):
        if iterations is None and seconds is None:
            raise ValueError("give the tree search a budget: iterations or seconds per decision")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        seat = state.current_player()
        return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].mean(seat)))[0]

    def search(self, state: GameState) -> _Node:
        """The tree grown from ``state`` within the budget (the state is left as it was)."""
        players = len(state.players)
        root = _Node(players)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done % CLOCK_EVERY == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(state, root, players)
            done += 1
        return root

    def _iterate(self, state: GameState, root: _Node, players: int) -> None:
        node, path, played = root, [root], 0
        while True:
            who = state.current_player()
            if who == TERMINAL:
                break
            if who == CHANCE:
                action = state.sample_chance(self.rng)  # the player's own generator, never the state's
            else:
                if node.untried is None:
                    node.untried = state.legal_actions()
                    self.rng.shuffle(node.untried)
                if node.untried:
                    action = node.untried.pop()
                    state.apply(action, check=False)
                    played += 1
                    child = _Node(players)
                    node.children[action] = child
                    path.append(child)
                    break
                action = self._select(node, who)
            state.apply(action, check=False)
            played += 1
            child = node.children.get(action)
            if child is None:
                child = _Node(players)
                node.children[action] = child
            node = child
            path.append(node)
        reward = [m / SCALE for m in margins(standing(state))]
        for n in path:
            n.visits += 1
            for i, r in enumerate(reward):
                n.total[i] += r
        for _ in range(played):
            state.undo()

    @staticmethod
    def _select(node: _Node, seat: int) -> Action:
        log_n = math.log(node.visits)
        return max(node.children.items(),
                   key=lambda kv: kv[1].mean(seat) + EXPLORE * math.sqrt(log_n / kv[1].visits))[0]
