"""One budget for every search a command runs: how many positions they may visit together, how many seconds
they may take together, and how much memory.

A command that answers one question may run many searches: ``readings`` one under each combination of the
rulings its answer consults, ``post`` the ranking, the readings and the verdict. They all draw on one
``Budget``, opened by ``search_budget`` (the command line opens it with ``--max-nodes`` and ``--max-seconds``);
past any of its limits the search raises ``SearchLimitError`` saying what to simplify, and the command stops
without an answer rather than with a partial one. A position counts once each time a search enters it,
whether it waits for a decision or ends the turn (the end-of-game scoring of a last-turn position runs
there). The budget also holds the positions already valued (``transpositions``), so a later search in the same
command does not search again what an earlier one found.

Outside any ``search_budget`` each search has a budget of its own, of ``DEFAULT_MAX_NODES`` positions and no
time limit (a library call gives the same answer on any machine).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import psutil

from carcnb.engine.errors import SearchLimitError

DEFAULT_MAX_NODES = 250_000  # positions in all: about 25 s and 400 MB at worst (bench_limits, bench_readings)
DEFAULT_SECONDS = 25.0  # a command's searches together; with loading and drawing it ends within 30 s
SEARCH_MEMORY = 600 * 2**20  # bytes a budget's searches may add to the process (with the kit: under 1 GB)
CHECK_EVERY = 64  # positions between two looks at the clock
MEMORY_EVERY = 16  # looks at the clock between two at the process's memory
SIMPLER = ("simplify the position (fewer followers within reach of the disaster, fewer players, fewer tiles "
           "around the decision)")

Ticker = Callable[["Budget"], None]  # hears of a budget's use now and then (a progress bar)


class Budget:
    """What the searches inside one ``search_budget`` block may still spend. ``shared`` budgets are drawn on
    by every search in the block and remember the positions they valued; a budget that is not shared gives
    each search its full ``positions`` (a miner's thousands of small searches, each capped alone)."""

    def __init__(self, positions: int, seconds: float | None = None, shared: bool = True,
                 ticker: Ticker | None = None):
        self.positions, self.seconds, self.shared, self.ticker = positions, seconds, shared, ticker
        self.started = time.monotonic()
        self.used = 0
        self.memory_at_start = _memory()
        self.next_check = 1  # the first position looks at the clock: a budget already spent stops at once
        self.checks = 0
        self.transpositions: dict = {}  # search context -> position key -> values found (``transpositions``)
        self.pool: dict = {}  # one copy of each part of the positions' keys and reads the searches keep
        self.ids: dict = {}  # a number for each situation the searches met (``transpositions.position_key``)
        self.hints: dict = {}  # situation number -> the best choice a search found there, tried first after
        self.doing = ""  # what the command is working on, for a progress bar
        self.progress: tuple[int, int] | None = None  # steps done and planned so far, when the work has steps

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def charge(self, positions: int = 1) -> None:
        """Count ``positions`` more; raises ``SearchLimitError`` past a limit."""
        self.used += positions
        if self.used >= self.next_check:
            self.check()

    def check(self) -> None:
        """Raise ``SearchLimitError`` when the positions, the time or the memory are spent; tell the ticker."""
        self.next_check = self.used + CHECK_EVERY
        if self.used > self.positions:
            raise SearchLimitError(f"the search stopped after {self.positions} positions, its limit: {SIMPLER}, "
                                   f"or raise the limit (--max-nodes N, now {self.positions})")
        if self.seconds is not None and self.elapsed > self.seconds:
            raise SearchLimitError(f"the search stopped after {self.seconds:g} seconds ({self.used} positions), its "
                                   f"limit: {SIMPLER}, or allow more time (--max-seconds S, now {self.seconds:g})")
        self.checks += 1
        if not self.checks % MEMORY_EVERY:
            self._within_memory()
        if self.ticker is not None:
            self.ticker(self)

    def _within_memory(self) -> None:
        grown = _memory() - self.memory_at_start
        if grown > SEARCH_MEMORY:
            raise SearchLimitError(f"the search stopped after {self.used} positions: it took {grown >> 20} MB, "
                                   f"the most a search may ({SEARCH_MEMORY >> 20} MB): {SIMPLER}; a higher "
                                   "--max-nodes will not help")

    def for_search(self) -> Budget:
        """The budget one search draws on: this one when shared, else a fresh one of the same size."""
        return self if self.shared else Budget(self.positions, shared=False)


_budget: ContextVar[Budget | None] = ContextVar("carcnb_search_budget", default=None)


def current() -> Budget | None:
    """The budget of the enclosing ``search_budget`` block, if any."""
    return _budget.get()


def max_nodes() -> int:
    """How many positions a search may visit now (``DEFAULT_MAX_NODES`` unless ``search_budget`` says)."""
    found = _budget.get()
    return DEFAULT_MAX_NODES if found is None else found.positions


def budget_for_search() -> Budget:
    """The budget a search starting now draws on (its own when no ``search_budget`` block is open)."""
    found = _budget.get()
    return Budget(DEFAULT_MAX_NODES, shared=False) if found is None else found.for_search()


@contextmanager
def search_budget(nodes: int, seconds: float | None = None, shared: bool = True,
                  ticker: Ticker | None = None) -> Iterator[Budget]:
    """Let the searches inside the block visit up to ``nodes`` positions and take ``seconds`` (None: no time
    limit), together (``shared``) or each on its own."""
    budget = Budget(nodes, seconds, shared, ticker)
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


@contextmanager
def one_budget() -> Iterator[Budget]:
    """The searches inside the block share a budget: the enclosing one when it is shared, else a new one of
    ``DEFAULT_MAX_NODES`` positions (a library call that runs several searches, like ``readings``)."""
    found = _budget.get()
    if found is not None and found.shared:
        yield found
        return
    with search_budget(DEFAULT_MAX_NODES if found is None else found.positions) as budget:
        yield budget


@contextmanager
def limit_named(path: str) -> Iterator[None]:
    """A search that stops at its limit inside the block says which file it was searching (once)."""
    try:
        yield
    except SearchLimitError as e:
        if str(e).startswith(f"{path}: "):
            raise
        raise SearchLimitError(f"{path}: {e}") from None


def _memory() -> int:
    return psutil.Process().memory_info().rss
