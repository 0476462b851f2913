"""Hints for a puzzle, one step at a time, each nearer the answer and none stating it: the theme, the piece
or feature the answer turns on, then the kind of move (for a ``best`` question: the idea of its answer,
``carcnb.telling.idea``; for a ``final`` or ``count`` question: what a simple count gets wrong, and how to count
it); then the rulings that decide it, when the answer depends on one, with the reading in force."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import pos_text
from carcnb.engine.rulings import RULINGS, consulting, resolve
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position
from carcnb.search.lines import BestPlay, answer_play, best_play
from carcnb.search.questions import answer as engine_answer
from carcnb.search.questions import final_score, placements
from carcnb.telling.idea import Idea, read_idea
from carcnb.telling.idea_words import focus_hint, move_hint, theme_hint
from carcnb.telling.wording import COUNTING, option_text, sentence, tile_name

# A ruling can only decide a position where its rule's tiles are in play (``scoring`` rulings: always).
_RULING_TILES = {"earthquake": "earthquake", "flood": "flood", "meteor": "meteor", "tornado": "tornado",
                 "ferries": "crop_circle", "cropcircles": "crop_circle"}


def hints(p: Position) -> list[str]:
    """The hints of ``p``'s question, most general first."""
    kind = _kind(p)
    if kind == "best":
        out = best_hints(p, idea_of(p))
    elif kind == "final":
        out = _final_hints(p)
    else:
        out = _count_hints(p)
    deciding = _graded_rulings(p) if p.question.topics is not None else deciding_rulings(p)
    if deciding:
        said = "; ".join(option_text(rid, option) for rid, option in deciding)
        out.append(f"{'A ruling decides' if len(deciding) == 1 else 'Rulings decide'} it here, read as: {said}. "
                   "Under another reading the answer changes.")
    return out


def idea_of(p: Position, best: BestPlay | None = None) -> Idea:
    """The idea of ``p``'s answer (``best``: its play, when already searched; over the whole game, the file's
    line, ``answer_play``)."""
    best = best if best is not None else answer_play(p)
    return read_idea(p, best.line, sum(1 for who, _ in best.play if who != best.mover))


def best_hints(p: Position, idea: Idea) -> list[str]:
    """The theme, what it turns on, the kind of move; over the whole game, the theme after what is still to be
    drawn."""
    theme = theme_hint(p, idea)
    if p.question is not None and p.question.horizon == "game":
        theme = f"{_look_past(p)} {theme}"
    return [theme, focus_hint(idea), move_hint(p, idea)]


def _look_past(p: Position) -> str:
    """What a question over the whole game asks to look at: the tiles still to be drawn, and the expected final
    margin rather than the points now."""
    left = sorted(p.pile or ())
    tiles = f" ({', '.join(tile_name(t) for t in left)})" if left else ""
    return (f"Look past the turn: {len(left)} tile{'s' * (len(left) != 1)}{tiles} "
            f"{'is' if len(left) == 1 else 'are'} still to be drawn, in an order nobody knows. The best line is the "
            "one with the highest expected final margin, not the most points now.")


# ----- final: what a simple count gets wrong --------------------------------------------------------------------
_FOLLOWER = {"city": "knight", "road": "thief", "field": "farmer", "cloister": "monk"}
_COUNTING_RULES = {"road": "1 point a tile", "city": "1 point a tile and 1 a pennant (a completed city scored "
                   "during the game)", "cloister": "1 point, and 1 for each tile around it",
                   "field": "3 points for each completed city the farm touches"}


def telling_row(rows: Sequence[ScoreRow]) -> tuple[str, ScoreRow | None]:
    """The theme of a final scoring and the row that shows it: a farm that scores, a feature two colours
    contest, a score a rule changes; else the biggest unfinished feature."""
    scoring = [r for r in rows if r.scorers]
    for theme, test in (("farms", lambda r: r.kind == "field" and r.points),
                        ("a shared feature", lambda r: len({c for c, _, _ in r.followers}) > 1),
                        ("a rule that changes a score", lambda r: r.notes or r.reason not in ("completed", "unfinished")
                         and r.kind != "field")):
        found = [r for r in scoring if test(r)]
        if found:
            return theme, max(found, key=lambda r: r.points)
    return "unfinished features", max(scoring, key=lambda r: r.points, default=None)


def _final_hints(p: Position) -> list[str]:
    theme, row = telling_row(final_score(p).rows)
    what = {"farms": "A farm scores for the completed cities its field touches, for the player with the most "
                     "farmers in it; a tie scores all of them.",
            "a shared feature": "The player with the most followers on a feature takes all its points; a tie "
                                "scores each of them in full.",
            "a rule that changes a score": "Some feature here does not score as its tiles alone would say.",
            "unfinished features": "Every follower left on the board scores its unfinished feature."}[theme]
    if row is None:
        return [f"The theme: {theme}. {what}", "Nobody has a follower that scores.",
                "Every total is the points so far."]
    owners = sorted({c for c, _, _ in row.followers})
    figure = _FOLLOWER.get(row.kind, "follower")
    piece = (f"It turns on the {row.kind} at {pos_text(row.tiles[0])}"
             + (f", where {' and '.join(owners)} {'have' if len(owners) > 1 else 'has'} a {figure}" if owners else "")
             + ".")
    how = f"How to count it: {_COUNTING_RULES[row.kind]}" if row.kind in _COUNTING_RULES else "How to count it"
    notes = "; ".join(dict.fromkeys(row.notes))
    return [f"The theme: {theme}. {what}", piece, how + (f"; and here: {notes}." if notes else ".")]


# ----- count: the tile's edges ---------------------------------------------------------------------------------
_EDGES = {"C": "city", "R": "road", "F": "field", "W": "river"}


def _count_hints(p: Position) -> list[str]:
    found = placements(p)
    name = tile_name(p.hand)
    tile = catalogue()[p.hand]
    rule = ""
    if tile.set == "river":
        rule = " A river tile must continue the river and may not turn the same way twice in a row."
    if any(catalogue()[t.tile].has("flood") for t in p.board):
        rule += " No tile goes on a square the flood covers."
    theme = (f"The theme: where a tile fits. A placement is an empty square beside the board and a way of "
             f"turning {name} there where every edge meets a matching edge (road to road, city to city, field "
             f"to field).{rule}")
    looks = len({tile.at(rot).edges for rot in (0, 90, 180, 270)})
    same = {1: "its four turns look the same", 2: "it looks the same turned half way round",
            4: "each of its four turns looks different"}.get(looks, f"it has {looks} different-looking turns")
    edges = ", ".join(f"{_EDGES.get(e, e)} {side}" for side, e in zip("NESW", tile.edges))
    piece = f"It turns on {name}'s edges ({edges}, as printed): {same}."
    nudge = (sentence(f"one of them is {name} at {found[0][0]},{found[0][1]} turned {found[0][2]}.") if found
             else sentence(f"does {name} fit anywhere at all?"))
    return [theme, piece, f"How to count: {COUNTING[p.question.counting]}. {nudge}"]


def deciding_rulings(p: Position) -> list[tuple[str, str]]:
    """The rulings under which another option changes the answer of ``p``, each with the option in force.
    Only rulings whose tiles are in play are tried; options under which the position is not possible (its
    tiles, its played actions) are skipped. A ``best`` search under another option that would take much longer
    than the position's own is given up (``_budget``): the rulings the file sets, which the puzzle is about,
    get a larger budget than the others. A question over the whole game is analysed under its own rulings
    only: none is said to decide it."""
    if p.question is not None and p.question.horizon == "game":
        return []
    with consulting() as read:  # a ruling the answer never reads cannot change it alone
        own = best_play(p) if _kind(p) == "best" else None
        mine = _comparable(_kind(p), own if own is not None else engine_answer(p))
    return _deciding_rulings(p, own, mine, read.rulings)


def _graded_rulings(p: Position) -> list[tuple[str, str]]:
    """The deciding rulings a graded puzzle lists in its ``topics`` (``carcnb grade`` searched them), each with
    the option in force: the hints need no search of their own."""
    here = resolve(dict(p.rulings))
    return [(rid, here[rid]) for rid in p.question.topics if rid in RULINGS]


def _deciding_rulings(p: Position, own: BestPlay | None, mine: object,
                      read: Iterable[str]) -> list[tuple[str, str]]:
    """The rulings of ``read`` (those the answer ``mine`` consulted) whose other options change it."""
    cat = catalogue()
    in_play = {flag for t in (*(t.tile for t in p.board), *([p.hand] if p.hand else [])) for flag in cat[t].flags}
    here = resolve(dict(p.rulings))
    kind = _kind(p)
    out = []
    for rid in sorted(read, key=lambda r: (r not in dict(p.rulings), list(RULINGS).index(r))):  # the file's first
        ruling = RULINGS[rid]
        needs = _RULING_TILES.get(rid.split(".")[0])
        if needs is not None and needs not in in_play:
            continue
        for option in ruling.options:
            if option == here[rid]:
                continue
            other = replace(p, rulings=tuple({**dict(p.rulings), rid: option}.items()))
            try:
                theirs = _comparable(kind, engine_answer(other) if own is None else
                                     best_play(other, _budget(own.nodes, rid in dict(p.rulings))))
            except CarcnbError:  # not a possible position under that option, or too long to tell (SearchLimitError)
                continue
            if theirs != mine:
                out.append((rid, here[rid]))
                break
    return out


def _budget(own: int, set_by_file: bool) -> int:
    """How many states a search under another option may visit, against the position's own search."""
    return max(10 * own, 20_000) if set_by_file else max(3 * own, 3_000)


def _comparable(kind: str, answer) -> object:
    if kind == "best":
        return (tuple(answer.line), answer.value)
    return answer


def _kind(p: Position) -> str:
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    return p.question.kind
