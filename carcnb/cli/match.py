"""``carcnb match``: computer players against each other, the seats rotated a game, and what it shows of each
(wins with ties counted half and a 95% interval for the win rate, mean score, mean margin)."""
from __future__ import annotations

import argparse
import json
import sys

from carcnb.cli._budget import positive, seconds_up_to
from carcnb.engine.errors import CarcnbError

_seconds = seconds_up_to(600, "0.5")


def run(args: argparse.Namespace) -> int:
    from carcnb.players.match import LEVELS, Budget, MatchSpec, standings

    players = tuple(p.strip() for p in args.players.split(",") if p.strip())
    unknown = [p for p in players if p not in LEVELS]
    if unknown or not 2 <= len(players) <= 6:
        raise CarcnbError(f"--players {args.players!r}: expected 2 to 6 players from {', '.join(LEVELS)}, "
                          "separated by commas (such as mcts,greedy)")
    spec = MatchSpec(sets=_sets(args.sets), players=players, rulings=_rulings(args.rulings), seed=args.seed,
                     budget=Budget(iterations=args.move_iterations) if args.move_iterations
                     else Budget(seconds=args.move_seconds))
    results = _play(spec, args)
    table = standings(spec, results)
    if args.json:
        print(json.dumps({"sets": sorted(spec.sets), "games": len(results), "seed": args.seed,
                          "budget": {"seconds": spec.budget.seconds, "iterations": spec.budget.iterations},
                          "players": [s.as_dict() for s in table]}, indent=2))
        return 0
    budget = (f"{spec.budget.iterations} iterations" if spec.budget.iterations
              else f"{spec.budget.seconds:g} s") + " a decision for mcts"
    print(f"{len(results)} games, sets {', '.join(sorted(spec.sets))}, seed {args.seed}, {budget}")
    print(f"{'player':<18} {'wins':>6} {'win rate (95%)':>22} {'mean score':>11} {'mean margin':>12}")
    for s in table:
        rate = f"{s.rate:.0%} ({s.low:.0%}-{s.high:.0%})"
        print(f"{s.player:<18} {s.wins:>6g} {rate:>22} {s.mean_score:>11.1f} {s.mean_margin:>+12.1f}")
    return 0


def _play(spec, args: argparse.Namespace) -> list:
    from carcnb.players.match import play_match

    if not sys.stderr.isatty():
        return play_match(spec, args.games, args.workers)
    from tqdm import tqdm

    with tqdm(total=args.games, unit="game", desc="playing", file=sys.stderr, dynamic_ncols=True) as bar:
        return play_match(spec, args.games, args.workers, on_game=lambda _: bar.update())


def _sets(text: str) -> frozenset[str]:
    from carcnb.engine.tiles import SETS

    sets = frozenset(s.strip() for s in text.split(",") if s.strip())
    unknown = sorted(sets - set(SETS))
    if unknown:
        raise CarcnbError(f"--sets {text!r}: unknown set {unknown[0]!r} (known: {', '.join(SETS)})")
    return sets


def _rulings(text: str | None) -> tuple[tuple[str, str], ...]:
    from carcnb.engine.rulings import resolve

    if not text:
        return ()
    pairs = {}
    for item in text.split(","):
        rid, sep, option = item.partition("=")
        if not sep:
            raise CarcnbError(f"--rulings {text!r}: expected ID=OPTION pairs separated by commas, such as "
                              "tornado.steps=straight (carcnb rulings lists them)")
        pairs[rid.strip()] = option.strip()
    resolve(pairs)  # an unknown ruling or option says which
    return tuple(sorted(pairs.items()))


def register(sub) -> None:
    p = sub.add_parser("match", help="computer players against each other, the seats rotated a game")
    p.add_argument("--sets", default="base", help="sets in play, separated by commas (base is always in)")
    p.add_argument("--players", required=True, help="2 to 6 of random, greedy, mcts, separated by commas")
    p.add_argument("--games", type=positive, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--move-seconds", type=_seconds, default=0.5, metavar="T",
                   help="how long mcts thinks a decision (default 0.5)")
    p.add_argument("--move-iterations", type=positive, metavar="N",
                   help="mcts thinks N iterations a decision instead: the same seed then plays the same games")
    p.add_argument("--rulings", metavar="ID=OPTION,...", help="rulings other than the defaults")
    p.add_argument("--workers", type=positive, default=1, help="games played at once (at most the cores)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)
