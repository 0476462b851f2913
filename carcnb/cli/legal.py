"""``carcnb legal FILE``: the legal placements of the tile in hand."""
from __future__ import annotations

import argparse
import json

from carcnb.cli._files import file_command
from carcnb.positions.parse import load
from carcnb.search.questions import placements


def run(args: argparse.Namespace) -> int:
    found = placements(load(args.file))
    if args.json:
        print(json.dumps({"placements": [list(p) for p in found]}))
    else:
        for x, y, r in found:
            print(f"{x},{y} {r}")
        print(f"{len(found)} legal placements")
    return 0


def register(sub) -> None:
    file_command(sub, "legal", "legal placements of the tile in hand", run)
