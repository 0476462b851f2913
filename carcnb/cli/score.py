"""``carcnb score FILE``: the final scoring of a position, every point with its reason."""
from __future__ import annotations

import argparse
import json

from ..position import load
from ..questions import final_score


def run(args: argparse.Namespace) -> int:
    result = final_score(load(args.file))
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    for row in result.rows:
        print(row)
    print("total: " + ", ".join(f"{c} {n}" for c, n in result.scores.items()))
    return 0


def register(sub) -> None:
    p = sub.add_parser("score", help="final scoring of a position, with a breakdown")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)
