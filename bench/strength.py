"""`make strength`: how strong the computer players are, by matches of 100 two-player games with the seats
rotated (it runs long, so `make bench` only prints what the last run found).

Targets: mcts at 0.5 s a decision wins at least 65% of its base games against greedy, and at least 60% with
the River, the disasters and the ferries; greedy wins at least 95% of its base games against random. Each
match's figures are written to the virtual environment (``strength.json``) for `make bench` as soon as it ends,
in place of that match's earlier ones; ``--only`` plays the matches whose name holds a word ("river").
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
    parser.add_argument("--only", default="", help="play only the matches whose name holds this text")
    args = parser.parse_args()
    chosen = [m for m in MATCHES if args.only in m[0]]
    if not chosen:
        parser.error(f"--only {args.only!r}: no match of that name; the matches: {'; '.join(m[0] for m in MATCHES)}")
    for name, sets, players, target in chosen:
        spec = MatchSpec(sets=sets, players=players, seed=2026, budget=Budget(seconds=args.move_seconds))
        started = time.perf_counter()
        results = play_match(spec, args.games, args.workers)
        first = standings(spec, results)[0]
        minutes = (time.perf_counter() - started) / 60
        print(f"{name}: {first.player} wins {first.rate:.0%} of {first.games} (95%: {first.low:.0%}-"
              f"{first.high:.0%}), mean margin {first.mean_margin:+.1f}, {minutes:.1f} min "
              f"{at_least(first.rate * 100, target * 100, '%')}", flush=True)
        record({"match": name, "games": first.games, "win_rate": first.rate, "low": first.low, "high": first.high,
                "target": target, "mean_margin": first.mean_margin, "move_seconds": args.move_seconds})
    return 0


def record(found: dict) -> None:
    """Keep ``found`` in the record, in place of the same match's earlier figures, in the order of ``MATCHES``."""
    kept = {m["match"]: m for m in (json.loads(RECORD.read_text()) if RECORD.is_file() else [])}
    kept[found["match"]] = found
    order = [name for name, *_ in MATCHES]
    RECORD.write_text(json.dumps(sorted(kept.values(), key=lambda m: order.index(m["match"])
                                        if m["match"] in order else len(order)), indent=2))


if __name__ == "__main__":
    sys.exit(main())
