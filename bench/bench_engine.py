"""Engine speed: random full games per second for the base game and each set (timed in alternation, in CPU
time, the best of several runs, so that whatever else the machine is doing disturbs every set alike), and
one legal-placement generation mid-game. The games keep no record for undo, as a playout that will never be
taken back can (``random_playout(..., undo=False)``).

Targets: >= 200 base games/s; every other set (the disasters with the River they are played with) at least
half of the base rate. All four sets in one game are timed too, for comparison: such a game has 40% more
tiles than a base game and every rule at once, and no target is set for it. The playouts the analysis plays
are such games: their rate is printed for the base game and for all sets (the River, the disasters and the
ferries, as the analysis is benchmarked), all sets' target half of the base one."""
from __future__ import annotations

import random
import statistics
import time

from cores import on_core
from sizes import sized
from targets import at_least, at_most

from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.search.playout import random_action, random_playout

PLAYERS = ("red", "blue", "green", "yellow", "black")
SETS: dict[str, frozenset[str]] = {
    "base": frozenset(),
    "river": frozenset({"river"}),
    "disasters": frozenset({"river", "disasters"}),
    "ferries": frozenset({"ferries"}),
    "cropcircles": frozenset({"cropcircles"}),
}
TOGETHER = {"all four": frozenset({"river", "disasters", "ferries", "cropcircles"}),
            "all sets": frozenset({"river", "disasters", "ferries"})}
BASE_TARGET = 200
ALL_SETS_TARGET = BASE_TARGET / 2


def random_game(seed: int, sets: frozenset[str] = frozenset(), players: int = 2) -> GameState:
    """Play one game to the end, every decision uniformly at random (nothing recorded for undo)."""
    state = GameState(Game(players=PLAYERS[:players], sets=sets), seed=seed)
    return random_playout(state, random.Random(seed), undo=False)


def rates(sets: list[frozenset[str]], games: int = sized(10, 1), repeats: int = sized(10, 1)) -> list[float]:
    """Games per second for each set of sets (2 players, random play), timed in alternation."""
    best = [float("inf")] * len(sets)
    for run in range(repeats):
        with on_core(run):
            for i, s in enumerate(sets):
                start = time.process_time()
                for seed in range(games):
                    random_game(seed, s)
                best[i] = min(best[i], time.process_time() - start)
    return [games / t for t in best]


def games_per_second(sets: frozenset[str] = frozenset(), games: int = 20, repeats: int = 5) -> float:
    """Games per second for one set of sets, the best of several runs."""
    return rates([sets], games, repeats)[0]


def placement_generation_ms(samples: int = sized(2000, 10)) -> float:
    """Median time of one legal-placement generation for the tile in hand, 35 tiles into a game."""
    state = GameState(Game(), seed=7)
    rng = random.Random(7)
    while len(state.board.tiles) < 35 or state.current_player() == CHANCE or state.hand is None:
        state.apply(random_action(state, rng), check=False)
    times = []
    for _ in range(samples):
        t = time.process_time()
        state.legal_actions()
        times.append(time.process_time() - t)
    return statistics.median(times) * 1000


def main() -> None:
    found = dict(zip([*SETS, *TOGETHER], rates([*SETS.values(), *TOGETHER.values()])))
    base = found["base"]
    print(f"random 2-player games, CPU time:  {'base':12} {base:7.1f} games/s   {at_least(base, BASE_TARGET)}")
    for name, rate in found.items():
        if name in SETS and name != "base":
            print(f"{'':34}{name:12} {rate:7.1f} games/s   {rate / base:4.0%} of base "
                  f"{at_least(rate / base * 100, 50, '%')}")
    together = found["all four"]
    print(f"{'':34}{'all four':12} {together:7.1f} games/s   {together / base:4.0%} of base (for comparison: no target)")
    print(f"random playouts, CPU time:        {'base':12} {base:7.1f} playouts/s   {at_least(base, BASE_TARGET)}")
    print(f"{'':34}{'all sets':12} {found['all sets']:7.1f} playouts/s   "
          f"{at_least(found['all sets'], ALL_SETS_TARGET)}   (river, disasters, ferries)")
    ms = placement_generation_ms()
    print(f"legal placements, 35 tiles down:  {ms:8.4f} ms median   {at_most(ms, 0.1)}")


if __name__ == "__main__":
    main()
