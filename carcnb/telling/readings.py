"""The readings of a position in words, for ``carcnb readings`` and the post: where the pieces end up under each
option of a ruling that changes nothing else, and the options under which the position's tiles are not in the
game, each in one line.
"""
from __future__ import annotations

from carcnb.engine.geometry import PORT_NAMES, pos_text
from carcnb.engine.rulings import RULINGS
from carcnb.search.readings import Excluded, Fate, Pieces
from carcnb.telling.events import Figure


def fate_texts(fate: Fate) -> dict[str, str]:
    """Each option of ``fate``'s ruling with what it does to the pieces that differ between the options, in
    words: ``red has 6 followers in supply and 1 out of the game``; ``the same`` for every option when they
    differ only together with other rulings' options."""
    pieces = fate.pieces
    colors = [c for c, _ in next(iter(pieces.values())).supply]
    out = {}
    for option, mine in pieces.items():
        said = [_follower_counts(c, mine) for c in colors
                if len({(dict(p.supply)[c], dict(p.lost)[c]) for p in pieces.values()}) > 1]
        said += [f"{Figure(*figure).text()} on the board"
                 for figure in sorted(mine.figures - _common(p.figures for p in pieces.values()))]
        if len({p.ferries_lost for p in pieces.values()}) > 1:
            said.append(f"{_count(mine.ferries_lost, 'ferry', 'ferries')} out of the game")
        said += [f"the ferry on {pos_text(pos)} joins {PORT_NAMES[a]} and {PORT_NAMES[b]}"
                 for pos, (a, b) in sorted(mine.ferries - _common(p.ferries for p in pieces.values()))]
        out[option] = "; ".join(said) or "the same"
    return out


def excluded_text(e: Excluded) -> str:
    """``Under every other reading of ferries.crop_circle_tile (CR1, ..., none), CF2 is not in the game: this
    position cannot arise.``"""
    options = list(e.options)
    if len(options) == len(RULINGS[e.ruling].options) - 1:
        under = f"Under every other reading of {e.ruling} ({', '.join(options)})"
    else:
        under = f"Under {e.ruling} = {' or '.join(options)}"
    verb = "is" if len(e.tiles) == 1 else "are"
    return f"{under}, {', '.join(e.tiles)} {verb} not in the game: this position cannot arise."


def _follower_counts(color: str, pieces: Pieces) -> str:
    supply, lost = dict(pieces.supply)[color], dict(pieces.lost)[color]
    return f"{color} has {_count(supply, 'follower', 'followers')} in supply and {lost or 'none'} out of the game"


def _common(sets) -> frozenset:
    sets = list(sets)
    return frozenset.intersection(*sets) if sets else frozenset()


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
