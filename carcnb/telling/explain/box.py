"""A ruling that decides what is in the box: the tiles each option adds to the game, side by side.

Some rulings change no position but the pile (``ferries.crop_circle_tile``: which crop circle tile The
Ferries brings). Their options are compared by the tiles the game is played with, read from the engine's
own pile, so the picture can never disagree with a game.
"""
from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property

from carcnb.engine.errors import CarcnbError
from carcnb.engine.rulings import RULINGS, Ruling
from carcnb.engine.state import Game
from carcnb.positions.model import Position
from carcnb.telling.explain.figures import Panel, Picture, tiles
from carcnb.telling.explain.tables import RulingCard, table


def pile_tiles(sets: Iterable[str], rulings: dict[str, str]) -> Counter:
    """Every tile a game of these sets and rulings is played with (the start tile included), counted."""
    counted: Counter = Counter()
    for stage in Game(sets=frozenset(sets), rulings=rulings).pile(with_start=True):
        counted.update(stage)
    return counted


@dataclass(frozen=True)
class BoxComparison:
    """Each option of a ruling with the tiles only some options put in the game."""

    ruling: Ruling
    added: tuple[tuple[str, tuple[str, ...]], ...]  # (option, the tiles not every option has)
    caption: str

    def _title(self, option: str, ids: tuple[str, ...]) -> str:
        """The option, "(default)" under the default, and the tiles it adds unless its name says so."""
        lines = [option, "(default)" if option == self.ruling.default else ""]
        if ids != (option,):
            lines.append(" ".join(ids) or "no tile")
        return "\n".join(line for line in lines if line)

    @cached_property
    def picture(self) -> Picture:
        """One tile per panel, titled with the option that adds it; an option that adds none shows no tile."""
        panels = []
        for option, ids in self.added:
            title = self._title(option, ids)
            for tid in ids:
                panels.append(replace(tiles(tid, caption=tid).panels[0], title=title))
            if not ids:
                empty = Position(players=("red", "blue"), board=())
                panels.append(Panel(empty, title, extent=(-0.1, 1.1, -0.1, 1.1), coords=False))
        return Picture(tuple(panels), self.caption)

    def _repr_html_(self) -> str:
        head = ["", *(f"<code>{html.escape(o)}</code>" for o, _ in self.added)]
        row = ["tiles added", *(f"<b>{html.escape(' '.join(ids) or 'none')}</b>" for _, ids in self.added)]
        return RulingCard(self.ruling)._repr_html_() + self.picture._repr_html_() + table(head, [row], "What differs")

    def __repr__(self) -> str:
        return f"ruling {self.ruling.id}: " + " | ".join(f"{o}: {' '.join(ids) or 'none'}" for o, ids in self.added)


def compare_box(ruling: str, sets: Iterable[str], caption: str) -> BoxComparison:
    """The tiles a game of ``sets`` is played with under each option of ``ruling``: only those that not
    every option has, one panel each."""
    if ruling not in RULINGS:
        raise CarcnbError(f"unknown ruling {ruling!r} (known: {', '.join(RULINGS)})")
    sets = tuple(sets)
    options = RULINGS[ruling].options
    piles = {o: pile_tiles(sets, {ruling: o}) for o in options}
    common = set.intersection(*(set(p.items()) for p in piles.values()))
    added = tuple((o, tuple(sorted(t for t, n in piles[o].items() if (t, n) not in common))) for o in options)
    return BoxComparison(RULINGS[ruling], added, caption)
