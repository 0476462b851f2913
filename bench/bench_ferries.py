"""Engine speed with The Ferries and Crop Circles II in the pile: random full games per second, next to the
base game's rate measured the same way (the target: no worse than half the base rate).

The two are timed in alternation, in CPU time, the best of several runs each, so that whatever else the
machine is doing disturbs both alike."""
from __future__ import annotations

import time

from bench_engine import random_game

SETS = frozenset({"ferries", "cropcircles"})


def rates(games: int = 20, repeats: int = 5) -> tuple[float, float]:
    """Games per second for the base game and for ferries + crop circles (2 players, random play)."""
    best = {frozenset(): float("inf"), SETS: float("inf")}
    for _ in range(repeats):
        for sets in best:
            start = time.process_time()
            for seed in range(games):
                random_game(seed, sets)
            best[sets] = min(best[sets], time.process_time() - start)
    return games / best[frozenset()], games / best[SETS]


def main() -> None:
    base, with_ferries = rates()
    print(f"base game, 2 players, random play:  {base:8.1f} games/s (CPU time)")
    print(f"ferries + crop circles, 2 players:  {with_ferries:8.1f} games/s   "
          f"({with_ferries / base:.0%} of base; target >= 50%)")


if __name__ == "__main__":
    main()
