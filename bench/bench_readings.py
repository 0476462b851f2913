"""Forum rulings: the time ``readings`` takes on every shipped puzzle (each option of every ruling the sets
involve, then the combinations of those that change the answer; every ``best`` search stops at
``DEFAULT_MAX_NODES`` positions), and the time to write a post (readings, verdict and picture). CPU times of one
run each; the median, the worst and the worst's puzzle are printed."""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from carcnb.position import load
from carcnb.post import write_post
from carcnb.readings import readings
from carcnb.solve import DEFAULT_MAX_NODES

PUZZLES = sorted((Path(__file__).parent.parent / "puzzles").rglob("*.toml"))


def cpu_seconds(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    times = {path: cpu_seconds(lambda: readings(load(path))) for path in PUZZLES}
    worst = max(times, key=times.get)
    median = statistics.median(times.values())
    print(f"readings, {len(times)} puzzles (node limit {DEFAULT_MAX_NODES}): median {median:.2f} s, "
          f"worst {times[worst]:.2f} s ({worst.parent.name}/{worst.name}), total {sum(times.values()):.1f} s")
    with tempfile.TemporaryDirectory() as out:
        for name in ("base/farm-edition.toml", "disasters/flood-scope.toml"):
            p = load(Path(__file__).parent.parent / "puzzles" / name)
            print(f"post (markdown) of {name}: {cpu_seconds(lambda: write_post(p, Path(out))):.2f} s")


if __name__ == "__main__":
    main()
