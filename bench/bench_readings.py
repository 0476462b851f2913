"""Forum rulings: the time ``readings`` takes on every shipped example and puzzle (every combination of the
rulings the answers consult; ``best`` searches under other readings stop at ``DEFAULT_MAX_NODES`` positions), on
the slowest tornado question the tests hold (a tornado over empty places, each of its readings asked as a
puzzle of its own: five tornado rulings to combine), and the time to write a post (readings, verdict and
picture). CPU times of one run each; for each folder the median, the worst and the worst's file, the total,
and how many evaluations the readings took."""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from sizes import sized

from carcnb.positions.parse import load
from carcnb.search.questions import reading_of
from carcnb.search.readings import readings
from carcnb.search.budget import DEFAULT_MAX_NODES
from carcnb.telling.post import write_post

ROOT = Path(__file__).parent.parent
FOLDERS = {"examples": sorted((ROOT / "carcnb/data/examples").glob("*.toml"))[:sized(None, 2)],
           "puzzles": sorted((ROOT / "puzzles").rglob("*.toml"))[:sized(None, 2)]}
TORNADO = ROOT / "puzzles/disasters/tornado-over-empty.toml"  # tests/test_limits.py and test_readings.py read it
NODE_LIMIT = sized(None, 50)  # the default budget; a run that only shows the script works stops early


def cpu_seconds(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    for name, paths in FOLDERS.items():
        times, evaluated = {}, 0
        for path in paths:
            found = []
            times[path] = cpu_seconds(lambda: found.append(readings(load(path), node_limit=NODE_LIMIT)))
            evaluated += found[0].evaluated
        worst = max(times, key=times.get)
        median = statistics.median(times.values())
        print(f"readings, {len(times)} {name} (node limit {NODE_LIMIT or DEFAULT_MAX_NODES}): median {median:.2f} s, "
              f"worst {times[worst]:.2f} s ({worst.parent.name}/{worst.name}), total {sum(times.values()):.1f} s, "
              f"{evaluated} evaluations")
    for option in sized(("yes", "no"), ()):  # a token run: the tornado question needs more than a token budget
        found = []
        seconds = cpu_seconds(lambda: found.append(readings(reading_of(load(TORNADO), option), node_limit=NODE_LIMIT)))
        print(f"readings, the slowest tornado question the tests hold ({TORNADO.parent.name}/{TORNADO.name} read "
              f"under tornado.over_empty = {option}): {seconds:.1f} s, {found[0].evaluated} evaluations")
    with tempfile.TemporaryDirectory() as out:
        for name in ("base/farm-edition.toml", "disasters/flood-scope.toml")[:sized(2, 1)]:
            p = load(Path(__file__).parent.parent / "puzzles" / name)
            seconds = cpu_seconds(lambda: write_post(p, Path(out), node_limit=NODE_LIMIT))
            print(f"post (markdown) of {name}: {seconds:.2f} s")


if __name__ == "__main__":
    main()
