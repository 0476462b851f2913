"""Pausing Python's cyclic garbage collector during an exact search.

A search keeps thousands of long-lived memo entries and makes no reference cycles of its own; the cyclic
collector, triggered by the search's allocations, would scan the growing memo again and again to find nothing
(about a twentieth of a search's time). It is paused for the search and resumed after.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (nested blocks resume it only at the outermost)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
