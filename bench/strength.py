"""`make strength`: how strong the computer players are, by matches of 100 two-player games with the seats
rotated (it runs long, so `make bench` only prints what the last run found).

Targets: mcts at 0.5 s a decision wins at least 65% of its base games against greedy, and at least 60% with
the River, the disasters and the ferries; greedy wins at least 95% of its base games against random. The
figures are written to the virtual environment (``strength.json``) for `make bench`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from targets import at_least

from carcnb.players.match import Budget, MatchSpec, play_match, standings

RECORD = Path(sys.prefix) / "strength.json"
MATCHES = (  # name, sets, players, target win rate of the first player
    ("mcts vs greedy, base", frozenset({"base"}), ("mcts", "greedy"), 0.65),
    ("mcts vs greedy, river+disasters+ferries", frozenset({"river", "disasters", "ferries"}), ("mcts", "greedy"),
     0.60),
    ("greedy vs random, base", frozenset({"base"}), ("greedy", "random"), 0.95),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--move-seconds", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    found = []
    for name, sets, players, target in MATCHES:
        spec = MatchSpec(sets=sets, players=players, seed=2026, budget=Budget(seconds=args.move_seconds))
        started = time.perf_counter()
        results = play_match(spec, args.games, args.workers)
        first = standings(spec, results)[0]
        minutes = (time.perf_counter() - started) / 60
        print(f"{name}: {first.player} wins {first.rate:.0%} of {first.games} (95%: {first.low:.0%}-"
              f"{first.high:.0%}), mean margin {first.mean_margin:+.1f}, {minutes:.1f} min "
              f"{at_least(first.rate * 100, target * 100, '%')}", flush=True)
        found.append({"match": name, "games": first.games, "win_rate": first.rate, "low": first.low,
                      "high": first.high, "target": target, "mean_margin": first.mean_margin,
                      "move_seconds": args.move_seconds})
    RECORD.write_text(json.dumps(found, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
