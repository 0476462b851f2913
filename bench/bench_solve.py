"""Placement puzzles: the time to answer a ``best`` question from a 60-tile board with a tile in hand and
nothing played yet (the solver searches placement x deploy x the rest of the turn), in the middle of a game and
with the pile empty (the last tile: end-of-game scoring counts in every line).

Positions come from seeded 2-player base games played at random, with players who keep at least 3
followers in supply (so every placement has deploys to weigh). Times are CPU times, the best of 3 runs each.
Targets: median <= 0.2 s, worst <= 1 s."""
from __future__ import annotations

import random
import statistics
import time

from cores import on_core
from sizes import sized
from targets import at_most

from carcnb.engine.actions import Pass
from carcnb.engine.state import Game, GameState
from carcnb.search.playout import random_action
from carcnb.search.solve import solve

TILES, POSITIONS, KEEP = sized(60, 10), sized(12, 1), 3


def placement_position(seed: int, last: bool) -> GameState:
    """A seeded random game at its first turn with ``TILES`` tiles down, the tile in hand; ``last`` empties
    the pile, so the tile in hand is the game's last."""
    state = GameState(Game(), seed=seed)
    rng = random.Random(seed)
    while len(state.board.tiles) < TILES or state.hand is None or state.current_player() < 0:
        legal = state.legal_actions() if state.current_player() >= 0 else []
        if legal and legal[-1] == Pass() and (state.supply(state.active) <= KEEP or rng.random() < 0.5):
            action = legal[-1]
        else:
            action = random_action(state, rng)
        state.apply(action, check=False)
    if last:
        for stage in state.stages:
            stage.clear()
    return state


def solve_seconds(state: GameState, repeats: int = sized(4, 1)) -> float:
    best = float("inf")
    for run in range(repeats):
        with on_core(run):
            start = time.process_time()
            solve(state)
            best = min(best, time.process_time() - start)
    return best


def main() -> None:
    for last, name in ((False, "mid-game  "), (True, "last tile ")):
        times = sorted(solve_seconds(placement_position(seed, last)) for seed in range(POSITIONS))
        median, worst = statistics.median(times), times[-1]
        print(f"best placement, {TILES}-tile board, {name}, {POSITIONS} positions: median {median:.3f} s "
              f"{at_most(median, 0.2, ' s')}, worst {worst:.3f} s {at_most(worst, 1, ' s')}")


if __name__ == "__main__":
    main()
