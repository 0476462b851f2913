"""Matches between computer players: whole games with the seats rotated, and what they show of each player
(wins, ties counted half, with a 95% interval for the win rate; mean score; mean margin over the best other
player)."""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.mcts import MctsPlayer
from carcnb.players.player import Player, RandomPlayer

LEVELS = ("random", "greedy", "mcts")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Budget:
    """How long the tree search thinks a decision: seconds, or iterations (the same game for the same seed)."""

    seconds: float | None = None
    iterations: int | None = None


def make_player(level: str, seed: int, budget: Budget = Budget(iterations=300)) -> Player:
    """A computer player of ``level`` (one of ``LEVELS``) with its own seeded random generator."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level == "mcts":
        return MctsPlayer(seed, iterations=budget.iterations, seconds=budget.seconds)
    raise CarcnbError(f"unknown player {level!r}: expected one of {', '.join(LEVELS)}")


def play_game(state: GameState, players: Sequence[Player]) -> GameState:
    """Play ``state`` to the end, each seat's decisions by its player, the draws from the state's own pile."""
    while True:
        who = state.current_player()
        if who == TERMINAL:
            return state
        action = state.sample_chance() if who == CHANCE else players[who].choose(state)
        state.apply(action)


# a small record, like the readings' ``Excluded`` in shape only
@dataclass(frozen=True)
class GameResult:
    """One game of a match: who sat where (levels in seat order) and the final scores in seat order."""

    number: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """What a match shows of one player."""

    player: str
    games: int
    wins: float  # a game tied for first counts 1/k to each of the k tied
    mean_score: float
    mean_margin: float
    low: float  # the 95% interval of the win rate (Wilson)
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def as_dict(self) -> dict:
        return {"player": self.player, "games": self.games, "wins": self.wins, "win_rate": round(self.rate, 4),
                "win_rate_95": [round(self.low, 4), round(self.high, 4)], "mean_score": round(self.mean_score, 2),
                "mean_margin": round(self.mean_margin, 2)}


@dataclass(frozen=True)
class MatchSpec:
    sets: frozenset[str]
    players: tuple[str, ...]  # levels, one a seat
    rulings: tuple[tuple[str, str], ...] = ()
    seed: int = 0
    budget: Budget = Budget(iterations=300)


def seating(spec: MatchSpec, number: int) -> tuple[int, ...]:
    """Game ``number``'s seats as indexes into ``spec.players``: rotated one seat a game."""
    k = len(spec.players)
    return tuple((i + number) % k for i in range(k))


def play_one(spec: MatchSpec, number: int) -> GameResult:
    """Game ``number`` of the match: its own seed for the draws and for each player."""
    order = seating(spec, number)
    seats = tuple(spec.players[i] for i in order)
    colours = ("red", "blue", "green", "yellow", "black", "gray")[:len(seats)]
    game = Game(players=colours, sets=spec.sets, rulings=dict(spec.rulings))
    seed = spec.seed * 1_000_003 + number
    players = [make_player(level, seed * 7 + i, spec.budget) for i, level in enumerate(seats)]
    end = play_game(GameState(game, seed=seed), players)
    return GameResult(number, seats, tuple(end.scores[c] for c in colours))


def play_match(spec: MatchSpec, games: int, workers: int = 1,
               on_game: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """``games`` games, in order of their numbers whatever the workers (processes, at most the cores)."""
    workers = max(1, min(workers, os.cpu_count() or 1, games))
    if workers == 1:
        results = []
        for n in range(games):
            results.append(play_one(spec, n))
            if on_game:
                on_game(results[-1])
        return results
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play_one, spec, n) for n in range(games)]
        results = []
        for f in futures:
            results.append(f.result())
            if on_game:
                on_game(results[-1])
    return results


def standings(spec: MatchSpec, results: Sequence[GameResult]) -> list[Standing]:
    """Each player of the match (by its place in ``spec.players``) over every game it sat in."""
    out = []
    for i, level in enumerate(spec.players):
        wins = scores = margins = 0.0
        n = 0
        for r in results:
            seat = seating(spec, r.number).index(i)
            own = r.scores[seat]
            best_other = max(s for j, s in enumerate(r.scores) if j != seat)
            top = max(r.scores)
            if own == top:
                wins += 1 / r.scores.count(top)
            scores += own
            margins += own - best_other
            n += 1
        label = level if spec.players.count(level) == 1 else f"{level} (seat {i + 1})"
        low, high = wilson(wins, n)
        out.append(Standing(label, n, wins, scores / n, margins / n, low, high))
    return out


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a win rate at 95%."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)
