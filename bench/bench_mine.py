"""The miner: accepted puzzles per minute of wall time, with one worker process per core (``carcnb mine
--workers N``), for last-tile placement puzzles of the base game and disaster decisions. Each hunt finds a
fixed number of puzzles from a fixed seed, so every run does the same work.
Target: at least 2 accepted puzzles a minute for each hunt."""
from __future__ import annotations

import os
import time

from sizes import sized
from targets import at_least

from carcnb.puzzles.mine import mine

HUNTS = (("base, last tile", dict(sets=[], last_tile=True, min_margin=2, seed=11)),
         ("disasters' decisions, last turn", dict(sets=["disasters"], last_tile=True, min_margin=1, seed=1900,
                                                  only=["meteor", "flood", "tornado"])))[:sized(2, 1)]
COUNT = sized(4, 1)


def main() -> None:
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    for name, options in HUNTS:
        start = time.perf_counter()
        found = mine(kind="best", count=COUNT, workers=workers, **options)
        minutes = (time.perf_counter() - start) / 60
        rate = len(found) / minutes
        print(f"mining, {name}, {workers} workers: {len(found)} puzzles in {minutes * 60:.0f} s, {rate:.1f} accepted "
              f"puzzles per minute {at_least(rate, 2, ' a minute')}")


if __name__ == "__main__":
    main()
