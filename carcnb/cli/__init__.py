"""The ``carcnb`` command line.

Each subcommand lives in its own module of this package and adds itself through ``register(subparsers)``;
the modules are found by name, so a new command is a new file. Exit codes: 0 success, 1 a check failed (or an
answer is wrong), 2 bad input (the message goes to stderr), 130 interrupted (Ctrl-C). A file-system error in
any command (a file that cannot be read or written) is turned into its one-line message here, not in each
command. Command modules import drawing libraries lazily: the engine's command line never loads matplotlib
unless it draws.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from ..errors import CarcnbError, IllegalPositionError
from ..files import ESCAPE, problem


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="carcnb", description="Carcassonne positions and puzzles: "
                                     "base game, River, Natural Disasters, The Ferries.")
    sub = parser.add_subparsers(dest="command", required=True)
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    _printable_output()
    name = "carcnb"
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:
            return int(e.code or 0)
        name = f"carcnb {args.command}"
        code = _run(args, name)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:  # Ctrl-C: one line, not the stack of wherever the work was
        print(f"{name}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader closed our output (``carcnb rulings | head``): end quietly
        _silence_stdout()
        return 0


def _run(args: argparse.Namespace, name: str) -> int:
    try:
        return args.run(args)
    except IllegalPositionError as e:
        print(f"{name}: {getattr(args, 'file', '')}: {e}", file=sys.stderr)
    except CarcnbError as e:
        print(f"{name}: {e}", file=sys.stderr)
    except BrokenPipeError:
        raise
    except OSError as e:
        print(f"{name}: {problem(e)}", file=sys.stderr)
    return 2


def _printable_output() -> None:
    """Let stdout and stderr write any text: a file name with bytes that are not UTF-8 is printed as
    ``\\xNN`` rather than failing the message that names it."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=ESCAPE)


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
