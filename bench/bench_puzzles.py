"""Answering puzzles: the time to check a player's line for placement and last-tile puzzles (the whole turn
from a tile in hand, searched exactly), and to work out a puzzle's hints (which compares the answer under
other rulings).

Positions come from seeded random games (base, and base with The Ferries, whose ferry moves lengthen the
turn) with 10 to 60 tiles down. Times are CPU times of one run each; medians and the worst are printed."""
from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from carcnb.actions import Place
from carcnb.game_io import position_from_state
from carcnb.playout import random_action
from carcnb.position import Position, Question
from carcnb.rules.base import PlaceStep
from carcnb.solve import solve
from carcnb.state import Game, GameState
from carcnb.verdict import check_answer, hints

SEEDS = range(8)


def placement_position(seed: int, sets: frozenset[str], last: bool) -> Position:
    """A random game stopped at a placement with 10 to 60 tiles down, as a ``best`` puzzle whose answer is the
    engine's line (``last``: with ``pile = []``)."""
    rng = random.Random(seed)
    state = GameState(Game(sets=sets), seed=seed)
    tiles = rng.randrange(10, 60)
    while not (len(state.board.tiles) >= tiles and isinstance(state.todo[0], PlaceStep)
               and isinstance(state.legal_actions()[0], Place)):
        state.apply(random_action(state, rng), check=False)
    p = position_from_state(state)
    if last:
        p = replace(p, pile=(), gone=())
    solution = solve(p.to_state())
    return replace(p, question=Question("best", solution.as_answer()))


def cpu_seconds(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    for sets, name in ((frozenset(), "base"), (frozenset({"ferries"}), "base + ferries")):
        for last, kind in ((False, "placement"), (True, "last-tile")):
            puzzles = [placement_position(seed, sets, last) for seed in SEEDS]
            checks = [cpu_seconds(lambda p=p: check_answer(p, dict(p.question.answer)["line"])) for p in puzzles]
            print(f"{kind:9} puzzle, {name:14}: check one answer median {statistics.median(checks):.3f} s, "
                  f"worst {max(checks):.3f} s ({len(puzzles)} positions)")
            tips = [cpu_seconds(lambda p=p: hints(p)) for p in puzzles]
            print(f"{kind:9} puzzle, {name:14}: its hints       median {statistics.median(tips):.3f} s, "
                  f"worst {max(tips):.3f} s")


if __name__ == "__main__":
    main()
