"""``carcnb solve FILE``: the engine's answer to the file's question."""
from __future__ import annotations

import argparse
import json

from ..position import load
from ..questions import answer, show_answer
from ._budget import add_max_nodes


def run(args: argparse.Namespace) -> int:
    p = load(args.file)
    got = answer(p)
    if args.json:
        value = dict(got) if isinstance(got, tuple) else got
        print(json.dumps({"kind": p.question.kind, "answer": value}))
    else:
        print(f"{p.question.kind}: {show_answer(p.question.kind, got)}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("solve", help="the engine's answer to the file's question")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)
    add_max_nodes(p)
