"""``--max-nodes N`` and ``--max-seconds S``: one budget for all the searches of a command (``search.budget``),
the same options and defaults on every command that searches, and a progress bar on a terminal.

A command about one position spends one budget on it; a command over many files (``check``, ``grade``) or
one that waits for its user between searches (``quiz``) opens one for each file or each answer with
``file_budget``. Past the budget a command stops with a message that says what to simplify. When a command
has run for ``SHOW_AFTER`` seconds and stderr is a terminal, a bar there says how far it is (the readings tried
of those planned so far, else the share of the budget spent) and what it is working on; it is wiped before
anything else is printed.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from carcnb.search.budget import DEFAULT_MAX_NODES, DEFAULT_SECONDS, Budget, search_budget

SHOW_AFTER = 2.0  # seconds before the bar shows
REDRAW = 0.2  # seconds between two drawings of the bar
BAR = 24  # characters of the bar itself


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 999999999, got {text!r}")
    return int(text)


def seconds_up_to(most: float, example: str = "") -> Callable[[str], float]:
    """An argparse type: a number of seconds above 0 and at most ``most`` (the message shows ``example``)."""
    such_as = f", such as {example}" if example else ""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0 < value <= most:
            raise argparse.ArgumentTypeError(
                f"expected a number of seconds above 0 and at most {most:g}{such_as}, got {text!r}")
        return value

    return seconds


seconds = seconds_up_to(86_400)  # a budget's seconds: at most a day


def add_max_nodes(parser: argparse.ArgumentParser, per_file: bool = False, timed: bool = True) -> None:
    """Give the command ``--max-nodes`` (and, when ``timed``, ``--max-seconds``); its searches run within one
    budget of that size, or, ``per_file``, within the budget each ``file_budget`` block opens. Call it after
    ``set_defaults`` has named the command's ``run``."""
    parser.add_argument("--max-nodes", type=positive, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"stop searching after N positions in all, saying what to simplify (default "
                             f"{DEFAULT_MAX_NODES}{', for each file' if per_file else ''})")
    if timed:
        parser.add_argument("--max-seconds", type=seconds, default=DEFAULT_SECONDS, metavar="S",
                            help=f"stop searching after S seconds, saying what to simplify (default "
                                 f"{DEFAULT_SECONDS:g}{', for each file' if per_file else ''})")
    if per_file:
        return
    run = parser.get_default("run")

    def run_within_budget(args: argparse.Namespace) -> int:
        with file_budget(args):
            return run(args)

    parser.set_defaults(run=run_within_budget)


@contextmanager
def file_budget(args: argparse.Namespace) -> Iterator[Budget]:
    """One budget of the command's size for the searches inside the block, with a progress bar on a
    terminal."""
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        with search_budget(args.max_nodes, getattr(args, "max_seconds", None), ticker=bar) as budget:
            yield budget
    finally:
        if bar is not None:
            bar.clear()


class ProgressBar:
    """One line on a terminal, redrawn in place: ``[######------] reading 3 of 12 so far: ... · 6 s``."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.drawn_at: float | None = None

    def __call__(self, budget: Budget) -> None:
        now = budget.elapsed
        if now < SHOW_AFTER or (self.drawn_at is not None and now - self.drawn_at < REDRAW):
            return
        self.drawn_at = now
        self.stream.write("\r\033[K" + bar_text(budget, self._width()))
        self.stream.flush()

    def clear(self) -> None:
        if self.drawn_at is not None:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn_at = None

    def _width(self) -> int:
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (OSError, ValueError, AttributeError):
            return 80


def bar_text(budget: Budget, width: int = 80) -> str:
    """The bar's line for ``budget`` now, cut to ``width`` characters."""
    if budget.progress is not None:
        done, planned = budget.progress
        share = done / planned if planned else 0.0
    else:
        share = budget.used / budget.positions
        if budget.seconds:
            share = max(share, budget.elapsed / budget.seconds)
    filled = min(BAR, int(share * BAR))
    limit = f" of {budget.seconds:g}" if budget.seconds else ""
    head, tail = f"[{'#' * filled}{'-' * (BAR - filled)}] ", f" · {budget.elapsed:.0f}{limit} s"
    doing = budget.doing or "searching"
    room = max(0, width - 1 - len(head) - len(tail))  # the last column left free: no wrap on any terminal
    return head + (doing if len(doing) <= room else doing[:max(0, room - 1)] + "…") + tail
