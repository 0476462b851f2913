"""Engine speed: random full games per second, and one legal-placement generation mid-game."""
from __future__ import annotations

import random
import statistics
import time

from carcnb.playout import random_action, random_playout
from carcnb.state import Game, GameState
from carcnb.steps import CHANCE

PLAYERS = ("red", "blue", "green", "yellow", "black")


def random_game(seed: int, sets: frozenset[str] = frozenset(), players: int = 2) -> GameState:
    """Play one game to the end, every decision uniformly at random."""
    state = GameState(Game(players=PLAYERS[:players], sets=sets), seed=seed)
    return random_playout(state, random.Random(seed))


def games_per_second(sets: frozenset[str] = frozenset(), games: int = 20, repeats: int = 5) -> float:
    """Games per second over a fixed set of seeded games, the best of several runs (least disturbed by
    whatever else the machine is doing)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for seed in range(games):
            random_game(seed, sets)
        best = min(best, time.perf_counter() - start)
    return games / best


def placement_generation_ms(samples: int = 2000) -> float:
    """Median time of one legal-placement generation for the tile in hand, 35 tiles into a game."""
    state = GameState(Game(), seed=7)
    rng = random.Random(7)
    while len(state.board.tiles) < 35 or state.current_player() == CHANCE or state.hand is None:
        state.apply(random_action(state, rng), check=False)
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        state.legal_actions()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    print(f"base game, 2 players, random play: {games_per_second():8.1f} games/s   (target >= 100)")
    print(f"with the river:                    {games_per_second(frozenset({'river'})):8.1f} games/s")
    print(f"legal placements, 35 tiles down:   {placement_generation_ms():8.4f} ms median   (target <= 0.1)")


if __name__ == "__main__":
    main()
