"""Engine speed with The Ferries and Crop Circles II in the pile: random full games per second, next to the
base game's rate measured the same way (the target: no worse than half the base rate)."""
from __future__ import annotations

from bench_engine import games_per_second

SETS = frozenset({"ferries", "cropcircles"})


def main() -> None:
    base = games_per_second()
    with_ferries = games_per_second(SETS)
    print(f"base game, 2 players, random play:  {base:8.1f} games/s")
    print(f"ferries + crop circles, 2 players:  {with_ferries:8.1f} games/s   "
          f"({with_ferries / base:.0%} of base; target >= 50%)")


if __name__ == "__main__":
    main()
