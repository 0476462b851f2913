"""Leaving out what cannot change a choice, without changing any answer.

Each player chooses what maximises their own objective ``o = own gain - best opponent's gain`` (``solve``).
For any two players ``i`` and ``w``, ``o_i <= gain_i - gain_w`` and ``o_w <= gain_w - gain_i``, so
``o_w <= -o_i``: once the player to act at a position has found a choice worth ``b`` to them, whatever they
end up choosing is worth at most ``-b`` to anyone else. A player ``w`` higher up who already holds something
worth ``t`` cares about this position only if it may be worth more than ``t`` to them; when ``-b <= t`` the
rest of its choices need not be searched (for two players this is alpha-beta's cut; for more, Korf's shallow
pruning). A later choice counts only when it is strictly better (ties go to the first), so a choice that
cannot beat the best one so far need not be valued either.

A search passes each position below a ``Cut``: whose objective matters and above what. A position that cannot
reach it answers None instead of a value, and its bound is kept (``Bounds``) for when it is met again. The
values that are returned are exact, and memoised as before.
"""
from __future__ import annotations

from typing import NamedTuple

from carcnb.search.transpositions import Reads


class Cut(NamedTuple):
    """A position's value matters to the search above only if player ``who``'s objective there is above
    ``above``."""

    who: int
    above: int


def child_cut(seat: int, cut: Cut | None, top: int | None) -> Cut | None:
    """What the position where ``seat`` acts (under ``cut``, its best so far worth ``top`` to ``seat``) needs
    from its next choice."""
    if top is None:
        return cut if cut is not None and cut.who == seat else None
    if cut is not None and cut.who == seat:
        return Cut(seat, max(cut.above, top))
    return Cut(seat, top)


def cut_short(seat: int, cut: Cut | None, top: int) -> bool:
    """Whether ``seat``'s best so far, worth ``top`` to them, already leaves nothing above ``cut`` for another."""
    return cut is not None and cut.who != seat and -top <= cut.above


def matters(seat: int, cut: Cut | None, best: object, top: int) -> bool:
    """Whether the position's value (its best choice ``best``, worth ``top`` to ``seat``) reaches ``cut``."""
    if cut is None:
        return True
    if best is None:
        return False
    return top > cut.above if cut.who == seat else -top > cut.above


class Bounds:
    """What the positions a search cut short are known to be worth to the player acting there: at least
    ``low`` (they found that much), at most ``high`` (nothing above it), with what their searches read."""

    def __init__(self) -> None:
        self.low: dict[tuple, tuple[int, Reads]] = {}
        self.high: dict[tuple, tuple[int, Reads]] = {}

    def add(self, key: tuple, seat: int, cut: Cut, top: int, reads: Reads) -> None:
        """Keep what cutting the position ``key`` short under ``cut`` showed."""
        if cut.who == seat:
            known = self.high.get(key)
            if known is None or cut.above < known[0]:
                self.high[key] = (cut.above, reads)
        else:
            known = self.low.get(key)
            if known is None or top > known[0]:
                self.low[key] = (top, reads)

    def outside(self, key: tuple, seat: int, cut: Cut) -> Reads | None:
        """What the search read that showed the position ``key`` cannot reach ``cut``; None when unknown."""
        if cut.who == seat:
            known = self.high.get(key)
            return known[1] if known is not None and known[0] <= cut.above else None
        known = self.low.get(key)
        return known[1] if known is not None and -known[0] <= cut.above else None
