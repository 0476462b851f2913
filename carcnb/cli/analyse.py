"""``carcnb analyse FILE``: every option of the player to move with its points this turn and its expected final
margin over sampled futures of the real pile (the last turn: exact, as ``solve``)."""
from __future__ import annotations

import argparse
import json
import sys

from carcnb.cli._budget import positive, seconds_up_to

_seconds = seconds_up_to(3600, "30")


def run(args: argparse.Namespace) -> int:
    from carcnb.players.analysis import analyse
    from carcnb.positions.parse import load
    from carcnb.telling.lookahead import analysis_lines

    p = load(args.file)
    on_round = _progress if sys.stderr.isatty() and not args.json else None
    found = analyse(p, args.seconds, args.level, args.seed, on_round)
    if on_round:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    print(json.dumps(found.as_dict(), indent=2) if args.json else "\n".join(analysis_lines(found)))
    return 0


def _progress(futures: int, options: int) -> None:
    print(f"\r\033[K{futures} futures played, {options} options still sampled", end="", file=sys.stderr,
          flush=True)


def register(sub) -> None:
    p = sub.add_parser("analyse", help="every option of the player to move, with its expected final margin over "
                                       "sampled futures of the pile")
    p.add_argument("file")
    p.add_argument("--seconds", type=_seconds, default=30.0, help="how long to sample futures (default 30)")
    p.add_argument("--level", choices=("random", "greedy"), default="random",
                   help="who plays the futures, every seat (default random: fast; greedy: slower, stronger)")
    p.add_argument("--seed", type=positive, default=1, help="the futures' seed: the same seed, the same futures")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)
