"""Render speed: a 100-tile board to PNG (coordinates on, as every picture has them), the same with a caption
and the legend, and the model-and-render part of a click in an editor."""
from __future__ import annotations

import random
import statistics
import time

from sizes import sized

from carcnb.engine.actions import Place
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.telling.render import render_png

PLAYERS = ("red", "blue", "green", "yellow")
CAPTION = "Red's road at 3,-2 ends at the meteor: 3 tiles, 3 points; the city beside it is flooded and never completes."


def board_of(tiles: int, seed: int = 7) -> GameState:
    """A seeded random game (base and river) played until ``tiles`` tiles are down and the next decision
    is where to place the tile in hand. The pile holds two copies of the base tiles, so that a game
    lasts past 100 tiles."""
    state = GameState(Game(players=PLAYERS, sets=frozenset({"river"})), seed=seed)
    for stage in state.stages:
        if "U" in stage:
            stage.update({tid: 2 * n for tid, n in stage.items()})
    rng = random.Random(seed)
    while True:
        who = state.current_player()
        if who == CHANCE:
            state.apply(state.sample_chance(), check=False)
            continue
        actions = state.legal_actions()
        if not actions:
            raise RuntimeError(f"the game ended with {len(state.board.tiles)} tiles, before {tiles}")
        if len(state.board.tiles) >= tiles and isinstance(actions[0], Place):
            return state
        state.apply(rng.choice(actions), check=False)


def _median_ms(run, samples: int) -> tuple[float, float]:
    """Median wall time and median CPU time of ``run()``, in milliseconds."""
    wall, cpu = [], []
    for _ in range(samples):
        w, c = time.perf_counter(), time.process_time()
        run()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


TILES = sized(100, 10)


def bench_render(samples: int = sized(20, 1)) -> None:
    """Print the median time to render a 100-tile board to PNG, and of placing a tile then rendering."""
    state = board_of(TILES)
    render_png(state)  # fill the per-tile caches, as a session does on its first picture
    png, geometry = render_png(state)
    wall, cpu = _median_ms(lambda: render_png(state), samples)
    print(f"{TILES}-tile board to PNG ({geometry.width}x{geometry.height} px, {len(png) // 1024} KiB, "
          f"{len(state.board.followers)} followers): {wall:6.1f} ms median wall, {cpu:6.1f} ms CPU"
          f"   (target <= 150)")
    wall, cpu = _median_ms(lambda: render_png(state, caption=CAPTION, legend=True), samples)
    print(f"... with a caption and the legend:                 {wall:6.1f} ms median wall, {cpu:6.1f} ms CPU")
    place = state.legal_actions()[0]

    def click() -> None:
        state.apply(place)
        render_png(state)

    wall_total, cpu_total = [], []
    for _ in range(samples):
        w, c = _median_ms(click, 1)
        wall_total.append(w)
        cpu_total.append(c)
        state.undo()
    print(f"click: place {place} then render:           {statistics.median(wall_total):6.1f} ms median wall, "
          f"{statistics.median(cpu_total):6.1f} ms CPU")


def main() -> None:
    bench_render()


if __name__ == "__main__":
    main()
