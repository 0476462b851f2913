"""How much work a benchmark does: all of it for `make bench`, a token amount when ``CARCNB_BENCH_TINY`` is set.
The tests run every script that way, so that none can break unseen; the figures of such a run mean nothing."""
from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")
TINY = bool(os.environ.get("CARCNB_BENCH_TINY"))


def sized(full: T, tiny: T) -> T:
    """``full`` for a real run, ``tiny`` for a run that only shows the script still works."""
    return tiny if TINY else full
