"""The ``carcnb`` command line.

Each subcommand lives in its own module of this package and adds itself through ``register(subparsers)``;
the modules are found by name, so a new command is a new file. Exit codes: 0 success, 1 a check failed (or an
answer is wrong), 2 bad input (the message goes to stderr), 130 interrupted (Ctrl-C). A file-system error in
any command (a file that cannot be read or written) is turned into its one-line message here, not in each
command. A command imports only what it uses: the parser loads the one command module named on the command
line (every module only for help or a mistyped command), and a module imports drawing libraries only where
it draws, so ``carcnb score`` never loads matplotlib or the widgets.
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import signal
import sys
import threading

from carcnb.engine.errors import ESCAPE, CarcnbError, IllegalPositionError
from carcnb.storage.files import problem


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of the one command ``argv`` names (its module alone is imported)."""
    commands = command_names()
    named = argv[0] if argv and argv[0] in commands else None
    parser = _Parser(prog="carcnb", description="Carcassonne positions and puzzles: base game, River, Natural "
                     "Disasters, The Ferries.")
    parser.named = named
    sub = parser.add_subparsers(dest="command", required=True)
    for name in [named] if named else commands:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


class _Parser(argparse.ArgumentParser):
    """A parser whose errors are one line, like every other error of bad input: what is wrong, and where the
    options are listed (argparse would print the whole usage first)."""

    named: str | None = None  # the command named on the command line, whose options the top parser passes on

    def error(self, message: str):
        prog = f"carcnb {self.named}" if self.prog == "carcnb" and self.named else self.prog
        self.exit(2, f"{prog}: {message} (see {prog} -h)\n")


def command_names() -> list[str]:
    """The commands, one module of this package each (helpers start with ``_``)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def main(argv: list[str] | None = None) -> int:
    _printable_output()
    given = sys.argv[1:] if argv is None else argv
    name = _command_name(given)
    args = None
    with _CtrlC() as ctrl_c:
        try:
            parser = build_parser(given)
            try:
                args = parser.parse_args(argv)
            except SystemExit as e:
                return int(e.code or 0)
            code = _run(args, name, ctrl_c)
            sys.stdout.flush()
            return code
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt) or ctrl_c.seen:  # one line, not the stack of the work
                print(f"{name}: interrupted", file=sys.stderr)
                return 130
            if isinstance(e, BrokenPipeError):  # the reader closed our output (``carcnb rulings | head``)
                _silence_stdout()
                return _closed_output(name, getattr(args, "verdict", False))
            raise


class _CtrlC:
    """Notes a Ctrl-C while a command runs: a library that catches the ``KeyboardInterrupt`` (matplotlib
    while it draws) may raise another error in its place, which then means "interrupted" too."""

    def __init__(self) -> None:
        self.seen = False
        self._installed = threading.current_thread() is threading.main_thread()  # only there may it be set
        self._previous = None

    def __enter__(self) -> _CtrlC:
        if self._installed:
            self._previous = signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum: int, frame: object) -> None:
        self.seen = True
        raise KeyboardInterrupt

    def __exit__(self, *exc: object) -> None:
        if self._installed:  # a handler set outside Python reads as None: Python's own comes back then
            signal.signal(signal.SIGINT, self._previous or signal.default_int_handler)


def _command_name(argv: list[str]) -> str:
    """``carcnb COMMAND`` as typed, known before the command modules are loaded (Ctrl-C may come then)."""
    return f"carcnb {argv[0]}" if argv and not argv[0].startswith("-") else "carcnb"


def _run(args: argparse.Namespace, name: str, ctrl_c: _CtrlC) -> int:
    try:
        return args.run(args)
    except (CarcnbError, OSError) as e:
        if ctrl_c.seen or isinstance(e, BrokenPipeError):
            raise
        print(f"{name}: {_message(e, args)}", file=sys.stderr)
        return 2


def _message(e: CarcnbError | OSError, args: argparse.Namespace) -> str:
    """The one line that says what went wrong (a position's problems one after the other)."""
    if isinstance(e, IllegalPositionError):
        return f"{getattr(args, 'file', '')}: position has problems: {'; '.join(map(str, e.problems))}"
    return problem(e) if isinstance(e, OSError) else str(e)


def _printable_output() -> None:
    """Let stdout and stderr write any text: a file name with bytes that are not UTF-8 is printed as
    ``\\xNN`` rather than failing the message that names it."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=ESCAPE)


def _closed_output(name: str, verdict: bool) -> int:
    """The exit code when the reader closed our output: 0, except for a command whose exit code is a verdict
    (``check``, ``grade``, ``quiz --answer``), which stopped before it could give it: 1, said on stderr."""
    if not verdict:
        return 0
    try:
        print(f"{name}: stopped: the output was closed before the end, so the result was not seen in full "
              f"(exit 1)", file=sys.stderr)
    except OSError:  # stderr went with it (``2>&1 | head``)
        pass
    return 1


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
