"""``carcnb score FILE``: the final scoring of a position, every point with its reason."""
from __future__ import annotations

import argparse
import json

from carcnb.cli._files import file_command
from carcnb.positions.parse import load
from carcnb.search.questions import final_score


def run(args: argparse.Namespace) -> int:
    p = load(args.file)
    result = final_score(p)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    if p.played or any(result.start.values()):
        print("start: " + ", ".join(f"{c} {n}" for c, n in result.start.items()))
    if p.played:
        print(f"this turn ({'; '.join(p.played)}):")
        for row in result.turn:
            print("  " + str(row))
        if not result.turn:
            print("  nothing scored")
        print("end of game:")
    for row in result.end:
        print(("  " if p.played else "") + str(row))
    if p.played and not result.end:
        print("  nothing scored")
    print("total: " + ", ".join(f"{c} {n}" for c, n in result.scores.items()))
    return 0


def register(sub) -> None:
    file_command(sub, "score", "final scoring of a position, with a breakdown", run)
