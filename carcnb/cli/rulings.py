"""``carcnb rulings``: the rulings registry, its options and defaults."""
from __future__ import annotations

import argparse
import json

from carcnb.engine.rulings import RULINGS, markdown


def run(args: argparse.Namespace) -> int:
    if args.markdown:
        print(markdown(), end="")
        return 0
    if args.json:
        print(json.dumps([{"id": r.id, "question": r.question, "options": r.options, "default": r.default,
                           "source": r.source} for r in RULINGS.values()], indent=2))
        return 0
    for r in RULINGS.values():
        print(f"{r.id}: {r.question}")
        for option, meaning in r.options.items():
            mark = "*" if option == r.default else " "
            print(f"  {mark} {option}: {meaning}")
    print("(* the default; set others per game or per file under `rulings`)")
    return 0


def register(sub) -> None:
    p = sub.add_parser("rulings", help="the rulings registry: ids, options, defaults")
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true", help="as the page docs/rulings.md")
    p.set_defaults(run=run)
