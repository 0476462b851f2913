"""The ``carcnb`` command line.

Each subcommand lives in its own module of this package and adds itself through ``register(subparsers)``;
the modules are found by name, so a new command is a new file. Exit codes: 0 success, 1 a check failed (or an
answer is wrong), 2 bad input (the message goes to stderr). Command modules import drawing libraries lazily:
the engine's command line never loads matplotlib unless it draws.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from ..errors import CarcnbError, IllegalPositionError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="carcnb", description="Carcassonne positions and puzzles: "
                                     "base game, River, Natural Disasters, The Ferries.")
    sub = parser.add_subparsers(dest="command", required=True)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        code = _run(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # the reader closed our output (``carcnb rulings | head``): end quietly
        _silence_stdout()
        return 0


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        return args.run(args)
    except IllegalPositionError as e:
        print(f"carcnb {args.command}: {getattr(args, 'file', '')}: {e}", file=sys.stderr)
        return 2
    except CarcnbError as e:
        print(f"carcnb {args.command}: {e}", file=sys.stderr)
        return 2


def _silence_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush does not fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): nothing to flush
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
