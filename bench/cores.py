"""Timing on the quietest core. On a shared machine one core can run much slower than another for minutes
at a time (another tenant's work there), and a process stays on the core it was given, so that the best of
several runs in one process can still be a slow one. Benchmarks that take the best of several runs pin run
``i`` to the ``i``-th core in turn: the best run is then one made on the quietest core."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def on_core(run: int) -> Iterator[None]:
    """Inside the block, the process runs on one core only, the next in turn for each ``run`` (nothing is
    pinned where the system cannot pin or has a single core)."""
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(allowed) < 2:
        yield
        return
    os.sched_setaffinity(0, {allowed[run % len(allowed)]})
    try:
        yield
    finally:
        os.sched_setaffinity(0, allowed)
