"""Natural Disasters speed: the time to solve a whole tornado event exactly (2 players, about 40 tiles down,
6 followers in the tornado's reach; target on the compact board: <= 0.5 s worst case). Games per second with
the disasters are in ``bench_engine``.

Times are CPU times, the best of several runs, so that whatever else the machine is doing disturbs them least."""
from __future__ import annotations

import random
import time

from cores import on_core
from sizes import sized
from targets import at_most

from carcnb.engine.actions import Deploy, Draw, Pass, Place
from carcnb.engine.geometry import neighbour
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.search.solve import solve

DISASTER_TILES = {"EQ", "FL", "MT", "TO1", "TO2", "TO3"}
TILES, FOLLOWERS, MAX_STEPS = sized(40, 12), 6, 12
POSITIONS, REPEATS = sized(8, 1), sized(6, 1)


def in_reach(state: GameState, start) -> set:
    """Tiles the tornado can reach from ``start`` in 12 steps over tiles in play."""
    seen, frontier = {start}, [start]
    for _ in range(MAX_STEPS):
        frontier = [n for p in frontier for n in (neighbour(p, s) for s in range(4))
                    if n in state.board.tiles and n not in seen]
        seen.update(frontier)
    return seen


def touching(state: GameState, x: int, y: int) -> int:
    return sum(neighbour((x, y), side) in state.board.tiles for side in range(4))


def tornado_position(seed: int, compact: bool) -> GameState:
    """A base + disasters game played at random (no disaster tile drawn) until 40 tiles lie on the board with
    at most 6 followers on it; then TO1 is drawn and placed where it touches the most tiles: the state at the
    first tornado step. ``compact``: every tile goes as near the start as it can, filling holes first (a dense
    board gives the tornado the most ways to go)."""
    state = GameState(Game(sets=frozenset({"disasters"})), seed=seed)
    rng = random.Random(seed)
    while len(state.board.tiles) < TILES or state.current_player() != CHANCE:
        if state.current_player() == CHANCE:
            pile = sorted(t for t in state.pile_stage() if t not in DISASTER_TILES)
            state.apply(Draw(rng.choice(pile)), check=False)
            continue
        legal = state.legal_actions()
        if compact and isinstance(legal[0], Place):
            action = min(legal, key=lambda a: (abs(a.x) + abs(a.y) - touching(state, a.x, a.y) / 3, rng.random()))
        elif isinstance(legal[-1], Pass) and any(isinstance(a, Deploy) for a in legal):
            crowded = len(state.board.all_followers()) >= FOLLOWERS
            action = Pass() if crowded or rng.random() < 0.5 else rng.choice(legal[:-1])
        else:
            action = rng.choice(legal)
        state.apply(action, check=False)
    state.apply(Draw("TO1"), check=False)
    place = max(state.legal_actions(), key=lambda a: (touching(state, a.x, a.y), -abs(a.x) - abs(a.y)))
    state.apply(place, check=False)
    return state


def solve_seconds(seed: int, compact: bool, repeats: int = REPEATS) -> tuple[float, int, int, int]:
    """CPU seconds to solve the tornado event, with the solver's node count, tiles and followers in reach."""
    state = tornado_position(seed, compact)
    reach = in_reach(state, state.ext["tornado"])
    followers = sum(1 for f in state.board.all_followers() if f.pos in reach)
    best, nodes = float("inf"), 0
    for run in range(repeats):
        with on_core(run):
            start = time.process_time()
            nodes = solve(state).nodes
            best = min(best, time.process_time() - start)
    return best, nodes, len(state.board.tiles), followers


def main() -> None:
    for compact, name in ((False, "random board"), (True, "compact board")):
        runs = sorted(solve_seconds(seed, compact) for seed in range(1, POSITIONS + 1))
        seconds, nodes, tiles, followers = runs[-1]
        print(f"tornado event solved exactly, {name:13}, {POSITIONS} positions: "
              f"median {runs[len(runs) // 2][0]:.3f} s, "
              f"worst {seconds:.3f} s ({nodes} states, {tiles} tiles, {followers} followers in reach)"
              + (f"   {at_most(seconds, 0.5, ' s')}" if compact else ""))


if __name__ == "__main__":
    main()
