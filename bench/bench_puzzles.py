"""Puzzle figures: the miner's rate (positions examined per second) and how long `carcnb check` takes for one
placement or last-tile puzzle of the collection (its answer and its grade recomputed), median and worst
(targets: <= 0.2 s median, <= 1 s worst).

CPU time, the best of two runs for each puzzle, so that whatever else the machine is doing disturbs the
figures less."""
from __future__ import annotations

import statistics
import time
from pathlib import Path

from cores import on_core
from sizes import sized
from targets import at_most

from carcnb.cli.check import check_file
from carcnb.positions.parse import load
from carcnb.puzzles.mine import Tally, mine

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
HUNTS = [("base, mid-game", [], "best", False), ("base, last tile", [], "best", True),
         ("river + disasters, mid-game", ["river", "disasters"], "best", False),
         ("river + disasters, final", ["river", "disasters"], "final", False)]


def miner_rate(sets: list[str], kind: str, last_tile: bool, count: int = sized(3, 1), seed: int = sized(1, 2),
               games: int = sized(30, 1)) -> tuple[float, int]:
    """Positions examined per CPU second while finding ``count`` puzzles (or playing ``games`` games: in the
    middle of a game puzzles are rare), and how many were examined. (A token run plays seed 2: its first games
    are over in a moment.)"""
    seen = [Tally()]
    start = time.process_time()
    mine(sets, kind, count, seed, last_tile=last_tile, on_progress=lambda t: seen.__setitem__(0, t),
         max_games=games)
    return seen[0].examined / (time.process_time() - start), seen[0].examined


def placement_files() -> list[Path]:
    """The collection's placement and last-tile puzzles: a tile in hand, nothing played, a best question."""
    out = []
    for path in sorted(PUZZLES.rglob("*.toml")):
        p = load(path)
        if p.question is not None and p.question.kind == "best" and p.hand and not p.played:
            out.append(path)
    return out


def check_times(files: list[Path], repeats: int = sized(2, 1)) -> list[tuple[float, Path]]:
    """CPU seconds to check each puzzle, the best of ``repeats`` runs (one on each core in turn)."""
    times = []
    for path in files:
        best = float("inf")
        for run in range(repeats):
            with on_core(run):
                start = time.process_time()
                ok, detail = check_file(path)
                best = min(best, time.process_time() - start)
        times.append((best, path))
        if not ok:
            print(f"  (fails check: {path}: {detail})")
    return times


def main() -> None:
    # a token run hunts a last-tile and a final puzzle: a mid-game hunt takes many seconds a game
    for name, sets, kind, last_tile in sized(HUNTS, HUNTS[1::2]):
        rate, examined = miner_rate(sets, kind, last_tile)
        print(f"miner, {name + ':':28} {rate:8.1f} positions examined/s (CPU time, {examined} examined)")
    files = placement_files()
    times = check_times(files[:sized(len(files), 2)])
    if times:
        median = statistics.median(t for t, _ in times)
        worst, path = max(times)
        print(f"check one placement/last-tile puzzle: median {median * 1000:7.0f} ms {at_most(median, 0.2, ' s')}, "
              f"worst {worst * 1000:7.0f} ms {at_most(worst, 1, ' s')} ({path.relative_to(PUZZLES)}; "
              f"{len(times)} puzzles)")


if __name__ == "__main__":
    main()
