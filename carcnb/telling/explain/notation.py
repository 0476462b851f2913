"""The notation taught with pictures: the thirteen ports of a tile, and a few decisions numbered on the board
they made, so that a page can teach ``place 0,1 180`` and ``deploy 0,1 NNW`` where it first uses them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from carcnb.engine.actions import parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.telling.explain.figures import figure_html
from carcnb.telling.explain.game import Source, state_of

PORTS_DPI = 200  # the ports picture (``ports_png``) shown about 290 CSS pixels wide
MOVES_PX = 90  # pixels per tile of a picture of moves
SHOWN_AT = 100  # a PNG pixel a CSS pixel: figure_html shows a picture at its dpi's inch per 100 CSS pixels


@dataclass(frozen=True)
class Ports:
    """One tile drawn large with the name of each port beside it, and a caption."""

    caption: str

    @cached_property
    def png(self) -> bytes:
        from carcnb.telling.render.notation import ports_png

        return ports_png()

    def _repr_html_(self) -> str:
        return figure_html(self.png, self.caption, PORTS_DPI)

    def __repr__(self) -> str:
        return f"Ports({self.caption!r})"


def ports(caption: str) -> Ports:
    """The port names on a tile (N, NNE, ENE, ..., C), with a caption."""
    return Ports(caption)


@dataclass(frozen=True)
class Moves:
    """Decisions in the notation, played from a board and numbered on the board they made."""

    source: Source
    actions: tuple[str, ...]
    caption: str

    @cached_property
    def png(self) -> bytes:
        from carcnb.telling.render import png_bytes
        from carcnb.telling.render.steps import steps_of

        state = state_of(self.source)
        before = state.clone()
        play = []
        for text in self.actions:
            who = state.players[state.current_player()]
            action = parse_action(text)
            state.apply(action)
            play.append((who, action))
        steps = steps_of(tuple(play), play[0][0], before)  # plays them on ``before``: the board they made
        return png_bytes(before, px_per_tile=MOVES_PX, steps=steps)

    def _repr_html_(self) -> str:
        return figure_html(self.png, self.caption, SHOWN_AT)

    def __repr__(self) -> str:
        return f"Moves({'; '.join(self.actions)!r}, {self.caption!r})"


def moves(source: Source, *actions: str, caption: str) -> Moves:
    """``actions`` in the notation played from ``source`` (each checked for legality), drawn on the board they
    made with each decision numbered where it acts."""
    if not actions:
        raise CarcnbError("moves needs at least one action in the notation, e.g. \"place 0,1 180\"")
    shown = Moves(source, tuple(actions), caption)
    if not shown.png:  # drawn now: an illegal action is an error where the cell runs, not a broken picture
        raise CarcnbError(f"moves {'; '.join(actions)}: nothing drawn")
    return shown
