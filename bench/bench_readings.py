"""Forum rulings: the time ``readings`` takes on every shipped example and puzzle (every combination of the
rulings the answers consult; ``best`` searches under other readings stop at ``DEFAULT_MAX_NODES`` positions), and the
time to write a post (readings, verdict and picture). CPU times of one run each; for each folder the median,
the worst and the worst's file, the total, and how many evaluations the readings took."""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from carcnb.positions.parse import load
from carcnb.search.readings import readings
from carcnb.search.solve import DEFAULT_MAX_NODES
from carcnb.telling.post import write_post

ROOT = Path(__file__).parent.parent
FOLDERS = {"examples": sorted((ROOT / "carcnb/data/examples").glob("*.toml")),
           "puzzles": sorted((ROOT / "puzzles").rglob("*.toml"))}


def cpu_seconds(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    for name, paths in FOLDERS.items():
        times, evaluated = {}, 0
        for path in paths:
            found = []
            times[path] = cpu_seconds(lambda: found.append(readings(load(path))))
            evaluated += found[0].evaluated
        worst = max(times, key=times.get)
        median = statistics.median(times.values())
        print(f"readings, {len(times)} {name} (node limit {DEFAULT_MAX_NODES}): median {median:.2f} s, "
              f"worst {times[worst]:.2f} s ({worst.parent.name}/{worst.name}), total {sum(times.values()):.1f} s, "
              f"{evaluated} evaluations")
    with tempfile.TemporaryDirectory() as out:
        for name in ("base/farm-edition.toml", "disasters/flood-scope.toml"):
            p = load(Path(__file__).parent.parent / "puzzles" / name)
            print(f"post (markdown) of {name}: {cpu_seconds(lambda: write_post(p, Path(out))):.2f} s")


if __name__ == "__main__":
    main()
