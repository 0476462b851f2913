"""Solving ``best`` questions: which decision maximises the mover's gain over the best opponent's."""
from __future__ import annotations

from .errors import CarcnbError
from .position import Position


def best_answer(p: Position):
    raise CarcnbError(f"{p.path}: this position has no decision that the solver knows "
                      "(best questions cover meteor, tornado and ferry decisions)")
