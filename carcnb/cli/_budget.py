"""``--max-nodes N``: how many positions a search may visit, the same option and default on every command
that searches (``solve.DEFAULT_MAX_NODES``)."""
from __future__ import annotations

import argparse

from carcnb.search.solve import DEFAULT_MAX_NODES, search_budget


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 999999999, got {text!r}")
    return int(text)


def add_max_nodes(parser: argparse.ArgumentParser) -> None:
    """Give the command ``--max-nodes``; its searches run within that budget. Call it after ``set_defaults``
    has named the command's ``run``."""
    parser.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"stop a search after N positions, saying what to simplify (default "
                             f"{DEFAULT_MAX_NODES})")
    run = parser.get_default("run")

    def run_within_budget(args: argparse.Namespace) -> int:
        with search_budget(args.max_nodes):
            return run(args)

    parser.set_defaults(run=run_within_budget)
