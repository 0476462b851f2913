"""The readings of a position in words, for ``carcnb readings`` and the post: where the pieces end up under each
option of a ruling that changes nothing else (what happens to them, event by event, when the answer can be
replayed under each option), the options under which the position's tiles are not in the game in one line, and
the sentence that opens a post when a ruling is the point of the question.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_NAMES, pos_text
from carcnb.engine.rulings import RULINGS
from carcnb.positions.model import Position
from carcnb.search.readings import Answer, Excluded, Fate, Pieces, Readings, answer_text, reading_text
from carcnb.telling.account import account
from carcnb.telling.events import Figure

MOST_OTHERS = 3  # other answers the opening names; the readings section lists them all


def fate_texts(fate: Fate, p: Position | None = None, play: Sequence[Action] = ()) -> dict[str, str]:
    """Each option of ``fate``'s ruling with what it does to the pieces, in words: what happens under it that
    does not under another (``blue's knight on the city at 0,-1 (S) is lost: it leaves the game``) when ``p``'s
    answer can be replayed under each (a ``final`` question, or a best question with its ``play``), else where
    the pieces end up (``blue has 5 followers in supply and 1 out of the game``); ``the same`` for every
    option when they differ only together with other rulings' options."""
    counted = _counted(fate)
    told = _events(p, fate, play) if p is not None else None
    if told is None:
        return counted
    return {option: "; ".join(said) or counted[option] for option, said in told.items()}


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


def point_text(p: Position, found: Readings, play: Sequence[Action] = ()) -> str:
    """What the answer rests on, for the first lines of a post: the reading it is given under and the answers
    under the others (``That is under the default reading: earthquake at the end. Under earthquake on
    placement: red 30, blue 35.``), and what happens to the pieces under each option of a ruling that moves
    only them; empty when no reading changes anything."""
    said = []
    if found.changes:
        mine = next((r for r in found.groups[0].readings if all(found.rulings[k] == v for k, v in r.items())),
                    {c.ruling: found.rulings[c.ruling] for c in found.changes})  # the fewest rulings that say it
        said.append(f"That is under {_which(mine)}: {reading_text(mine, found)}.")
        for group in found.groups[1:MOST_OTHERS + 1]:
            readings = " or ".join(f"“{reading_text(r, found)}”" for r in group.readings)
            said.append(f"Under {readings}: {brief(found.kind, group.answer)}.")
        if len(found.groups) > MOST_OTHERS + 1:
            said.append(f"({len(found.groups) - MOST_OTHERS - 1} more answers under other readings below.)")
    for fate in found.fates:
        told = fate_texts(fate, p, play)
        mine = found.rulings[fate.ruling]
        if len(set(told.values())) == 1:
            continue
        other = "the other reading" if len(told) == 2 else "the reading {}"
        others = "; ".join(f"under {other.format(o)} ({found.label(fate.ruling, o)}), {t}"
                           for o, t in told.items() if o != mine)
        said.append(f"Under {_which({fate.ruling: mine})} ({found.label(fate.ruling, mine)}), {told[mine]}; "
                    f"{others}.")
    return " ".join(said)


def brief(kind: str, a: Answer) -> str:
    """An answer in a few words: a tie of many lines as their number and the first."""
    if kind == "best" and isinstance(a, dict) and len(a.get("lines", ())) > 1:
        return f"{len(a['lines'])} equally good lines such as {'; '.join(a['lines'][0])} (value {a['value']})"
    return answer_text(kind, a)


def _which(chosen: dict[str, str]) -> str:
    default = all(RULINGS[rid].default == option for rid, option in chosen.items())
    return "the default reading" if default else "the reading asked"


def _events(p: Position, fate: Fate, play: Sequence[Action]) -> dict[str, list[str]] | None:
    """Under each option, what happens that does not under some other: the answer replayed (``p``'s played
    turn and the end of the game for a ``final`` question, ``play`` for a ``best`` one); None when it cannot
    be replayed under every option."""
    final = p.question is None or p.question.kind == "final"
    if not final and not play:
        return None
    events = {}
    for option in fate.pieces:
        under = replace(p, rulings=tuple({**dict(p.rulings), fate.ruling: option}.items()))
        try:
            events[option] = account(under, play, end=final).events
        except CarcnbError:
            return None
    return {option: [e.text() for e in mine if any(e not in theirs for other, theirs in events.items()
                                                    if other != option)]
            for option, mine in events.items()}


def _counted(fate: Fate) -> dict[str, str]:
    """Each option with where the pieces that differ between the options end up."""
    pieces = fate.pieces
    colors = [c for c, _ in next(iter(pieces.values())).supply]
    out = {}
    for option, mine in pieces.items():
        said = [_follower_counts(c, mine) for c in colors
                if len({(dict(p.supply)[c], dict(p.lost)[c]) for p in pieces.values()}) > 1]
        common = Counter(mine.figures)
        for other in pieces.values():
            common &= Counter(other.figures)
        said += [_stands(Figure(*figure)) for figure in sorted((Counter(mine.figures) - common).elements())]
        if len({p.ferries_lost for p in pieces.values()}) > 1:
            n = mine.ferries_lost
            said.append(f"{n or 'no'} {'ferries are' if n > 1 else 'ferry is'} out of the game")
        said += [f"the ferry on {pos_text(pos)} joins {PORT_NAMES[a]} and {PORT_NAMES[b]}"
                 for pos, (a, b) in sorted(mine.ferries - _common(p.ferries for p in pieces.values()))]
        out[option] = "; ".join(said) or "the same"
    return out


def _stands(figure: Figure) -> str:
    return f"{figure.color}'s {figure.name} stands on {figure.place}"


def _follower_counts(color: str, pieces: Pieces) -> str:
    supply, lost = dict(pieces.supply)[color], dict(pieces.lost)[color]
    return f"{color} has {_count(supply, 'follower', 'followers')} in supply and {lost or 'none'} out of the game"


def _common(sets) -> frozenset:
    sets = list(sets)
    return frozenset.intersection(*sets) if sets else frozenset()


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
