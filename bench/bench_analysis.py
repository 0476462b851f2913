"""The look-ahead analysis of mid-game base positions (a game of the greedy player after 12 to 20 turns): how
closely the difference between the best option and each other one is known after 30 s of sampled futures,
and how many futures that took.

Target: every difference known to a 95% half-width of at most 2 points within 30 s."""
from __future__ import annotations

import time

from sizes import sized
from targets import at_most

from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.players.analysis import analyse
from carcnb.players.greedy import GreedyPlayer
from carcnb.positions.game_io import position_from_state

SECONDS = sized(30.0, 0.2)
POSITIONS = sized(((42, 16), (7, 12)), ((7, 2),))  # seed of the game, draws before the position


def midgame(seed: int, draws: int):
    state = GameState(Game(), seed=seed)
    greedy = GreedyPlayer()
    drawn = 0
    while drawn < draws or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance())
            drawn += 1
        else:
            state.apply(greedy.choose(state))
    return position_from_state(state, f"greedy game {seed}, turn {draws}")


def main() -> None:
    for seed, draws in POSITIONS:
        p = midgame(seed, draws)
        started = time.perf_counter()
        found = analyse(p, SECONDS, seed=1)
        took = time.perf_counter() - started
        widest = max((o.diff_half_width for o in found.options[1:]), default=0.0)
        futures = sum(o.futures for o in found.options)
        print(f"{p.title}: {len(found.options)} options, {futures} futures in {took:.1f} s "
              f"({futures / took:.0f} a second); widest difference from the best ± {widest:.2f} points "
              f"{at_most(widest, 2.0, ' points')}")


if __name__ == "__main__":
    main()
