"""``carcnb mine``: puzzle files mined from seeded random games, graded, each passing ``carcnb check``."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from carcnb.cli._budget import add_max_nodes
from carcnb.cli._files import output_folder
from carcnb.engine.errors import CarcnbError
from carcnb.puzzles.mine import TOPICS, Mined, Tally, cores, hunted, mine
from carcnb.storage.safewrite import check_folder, write_file


def run(args: argparse.Namespace) -> int:
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    only = args.only.split(",") if args.only else ()
    hunted(sets, args.kind, args.last_tile, only)  # options that make no hunt: said before the progress bar
    out = Path(args.output)
    check_folder(out)
    clash = sorted(out.glob(f"*-s{args.seed}-[0-9][0-9][0-9].toml")) if out.is_dir() else []
    if clash and not args.force:
        raise CarcnbError(f"{clash[0]} is already there from seed {args.seed}: choose another -o or --seed, "
                          f"or add --force to overwrite")
    workers = min(args.workers, cores())
    if workers < args.workers:
        print(f"carcnb mine: --workers {args.workers} is more than the {workers} core{'s' if workers > 1 else ''} "
              f"available: mining with {workers}", file=sys.stderr)
    from tqdm import tqdm

    started = time.perf_counter()
    seen = [Tally()]
    written: list[Path] = []

    def keep(m: Mined) -> None:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{m.name}.toml"
        write_file(path, m.text())
        written.append(path)
        q = m.position.question
        tqdm.write(f"wrote {path}  difficulty {q.difficulty}, topics {', '.join(q.topics)}", file=sys.stdout)

    try:
        with tqdm(total=args.count, unit="puzzle", desc="mining", file=sys.stderr, dynamic_ncols=True) as bar:
            def progress(tally: Tally) -> None:
                seen[0] = tally
                bar.n = tally.kept
                bar.set_postfix(examined=tally.examined, games=tally.games, refresh=False)
                bar.refresh()

            found = mine(sets, args.kind, args.count, args.seed, args.min_margin, args.last_tile,
                         only, progress, args.games, keep, workers)
    except KeyboardInterrupt:
        sys.stdout.flush()
        print(f"carcnb mine: stopped: the {len(written)} puzzle{'' if len(written) == 1 else 's'} found so far "
              f"{'is' if len(written) == 1 else 'are'} kept in {out}", file=sys.stderr)
        return 130
    seconds = time.perf_counter() - started
    examined = seen[0].examined
    print(f"{len(found)} puzzles from {examined} positions examined in {seconds:.1f} s "
          f"({examined / seconds if seconds else 0:.1f} positions/s)")
    if len(found) < args.count:
        print(f"carcnb mine: found {len(found)} of {args.count} puzzles in the games allowed: raise --games, "
              f"lower --min-margin or try another --seed", file=sys.stderr)
        return 1
    return 0


def register(sub) -> None:
    p = sub.add_parser("mine", help="mine puzzles from seeded random games (graded, each passing check)")
    p.add_argument("--sets", required=True, help="comma-separated sets, e.g. river,disasters (base: none)")
    p.add_argument("--kind", required=True, choices=("best", "final"))
    p.add_argument("--count", type=_positive, required=True, help="how many puzzles to find")
    p.add_argument("--seed", type=int, required=True, help="the same seed writes the same files")
    p.add_argument("--min-margin", type=_positive, default=3,
                   help="points the best line must beat every other line by (default 3)")
    p.add_argument("--last-tile", action="store_true",
                   help="best: make each position the last turn of the game (pile = [])")
    p.add_argument("--only", metavar="DECISIONS",
                   help=f"best: examine only these decisions, comma-separated ({', '.join(TOPICS)})")
    p.add_argument("--games", type=_positive, help="give up after this many games (default: 50 + 20 per puzzle)")
    p.add_argument("--workers", type=_positive, default=1, metavar="N",
                   help="play games in N processes (one a core, at most the cores available); the same files "
                        "whatever N (default 1)")
    p.add_argument("-o", "--output", required=True, type=output_folder, metavar="DIR", help="where to write the puzzle files")
    p.add_argument("--force", action="store_true", help="overwrite files of the same seed")
    p.set_defaults(run=run)
    add_max_nodes(p, timed=False)  # a hunt runs for as long as its games take


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {n}")
    return n
