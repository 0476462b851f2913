"""Leaving out what cannot change a choice, without changing any answer.

Each player chooses what maximises their own objective ``o = own gain - best opponent's gain`` (``solve``);
ties go to the first choice. For any two players ``i`` and ``w``, ``o_i <= gain_i - gain_w`` and
``o_w <= gain_w - gain_i``, so ``o_w <= -o_i``: once the player to act at a position has found a choice worth
``b`` to them, whatever they end up choosing is worth at most ``-b`` to anyone else.

A search passes each position it enters a ``Cut``: for some seats, a threshold their objective must pass for
the position's value to matter above. The position's own player needs a later choice only when it is strictly
better than their best so far (a threshold for their own seat); a player above who already holds something
worth ``t`` needs the position only if it may be worth more than ``t`` to them, and once the player here has
found ``b`` with ``-b <= t`` the rest of the choices here need not be searched (Korf's shallow pruning). With
two players the objectives are each other's negatives, so a threshold can be passed further down and a
position that fails the opponent's threshold fails its parent's too: alpha-beta. With more, only the parent's
threshold is sound, and only it is passed.

A position that cannot pass its cut answers with the seat whose threshold it fails instead of a value, and what
that showed is kept (``Bounds``) for when it is met again. The values that are returned are exact, and
memoised as before.
"""
from __future__ import annotations

from carcnb.search.transpositions import Reads, lookup, store

Cut = tuple  # one threshold (or None) for each seat: the value matters only if every seat's objective passes it


def child_cut(seat: int, cut: Cut | None, top: int | None, players: int) -> Cut | None:
    """What the position where ``seat`` acts (under ``cut``, its best so far worth ``top`` to ``seat``, None
    before the first) asks of its next choice."""
    own = None if cut is None else cut[seat]
    if top is not None:
        own = top if own is None else max(own, top)
    if players == 2 and cut is not None:
        out = list(cut)
        out[seat] = own
        return tuple(out)
    if own is None:
        return None
    out = [None] * players
    out[seat] = own
    return tuple(out)


def cut_short(seat: int, cut: Cut | None, top: int) -> int | None:
    """The seat above that a best choice worth ``top`` to ``seat`` leaves nothing for, if any."""
    if cut is None:
        return None
    for other, above in enumerate(cut):
        if above is not None and other != seat and -top <= above:
            return other
    return None


class Bounds:
    """What the positions a search cut short are known to be worth to the player acting there: at least
    ``low``, at most ``high``, with the rulings their searches read (``transpositions.store``, the options in
    ``options``). Kept in ``kept``: the command's table, where a later search under other readings finds them
    too, or the search's own."""

    def __init__(self, kept: dict, options: dict[str, str], pool: dict):
        self.kept, self.options, self.pool = kept, options, pool

    def at_least(self, key: tuple, bound: int, reads: Reads) -> None:
        known = lookup(self.kept, ("low", key), self.options)
        if known is None or bound > known[0]:
            store(self.kept, ("low", key), (bound, reads), reads[0], self.options, self.pool)

    def at_most(self, key: tuple, bound: int, reads: Reads) -> None:
        known = lookup(self.kept, ("high", key), self.options)
        if known is None or bound < known[0]:
            store(self.kept, ("high", key), (bound, reads), reads[0], self.options, self.pool)

    def fails(self, key: tuple, seat: int, cut: Cut) -> tuple[int, Reads] | None:
        """The seat whose threshold in ``cut`` the position ``key`` (where ``seat`` acts) is known to fail, and
        what the search that showed it read; None when not known."""
        if cut[seat] is not None:
            high = lookup(self.kept, ("high", key), self.options)
            if high is not None and high[0] <= cut[seat]:
                return seat, high[1]
        low = lookup(self.kept, ("low", key), self.options)
        if low is not None:
            other = cut_short(seat, cut, low[0])
            if other is not None:
                return other, low[1]
        return None
