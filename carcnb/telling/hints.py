"""Hints for a puzzle, from general to specific, one step at a time: what matters, what scores here, the
rulings that decide it (when the answer depends on one), then a nudge towards the answer that never states
it."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from carcnb.engine.errors import CarcnbError
from carcnb.engine.rulings import RULINGS, consulting, resolve
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position
from carcnb.search.lines import BestPlay, answer_play, best_play
from carcnb.search.questions import answer as engine_answer
from carcnb.search.questions import final_score, placements
from carcnb.telling.wording import COUNTING, sentence, tile_name

# A ruling can only decide a position where its rule's tiles are in play (``scoring`` rulings: always).
_RULING_TILES = {"earthquake": "earthquake", "flood": "flood", "meteor": "meteor", "tornado": "tornado",
                 "ferries": "crop_circle", "cropcircles": "crop_circle"}


def hints(p: Position) -> list[str]:
    """The hints of ``p``'s question, most general first."""
    kind = _kind(p)
    best = answer_play(p) if kind == "best" else None
    if best is not None and p.question.horizon == "game":
        out = _game_hints(p, best)
    elif best is not None:
        out = _best_hints(best)
    elif kind == "final":
        out = _final_hints(p)
    else:
        out = _count_hints(p)
    deciding = _graded_rulings(p) if p.question.topics is not None else deciding_rulings(p)
    if deciding:
        said = "; ".join(f"{rid} = {option!r} ({RULINGS[rid].options[option]})" for rid, option in deciding)
        out.insert(len(out) - 1, f"{'A ruling decides' if len(deciding) == 1 else 'Rulings decide'} it here: "
                                 f"{said}. Under another option the answer changes.")
    return out


def _final_hints(p: Position) -> list[str]:
    rows = final_score(p).rows
    general = ("Every follower still on the board scores now: completed features in full; an unfinished road "
               "or city 1 point a tile (and a city 1 a pennant); a cloister 1 plus 1 for each tile around it; "
               "a farmer for the completed cities its field touches. The majority takes the points; ties share.")
    return [general, _what_scores("What scores here", rows), _biggest(rows)]


def _count_hints(p: Position) -> list[str]:
    found = placements(p)
    name = tile_name(p.hand)
    general = (f"A placement is an empty position beside the board and a rotation of {name} where every edge "
               f"meets a matching edge (road to road, city to city, field to field): {COUNTING[p.question.counting]}.")
    here = f"Try all four rotations of {name} at every open position: some positions take several, some none."
    if catalogue()[p.hand].set == "river":
        here += " A river tile must continue the river and may not turn the same way twice in a row."
    if any(catalogue()[t.tile].has("flood") for t in p.board):
        here += " Mind the positions around the flood."
    nudge = (sentence(f"One of them: {name} at {found[0][0]},{found[0][1]} turned {found[0][2]}.") if found
             else sentence(f"Does {name} fit anywhere at all?"))
    return [general, here, nudge]


def _best_hints(best: BestPlay) -> list[str]:
    who = best.mover
    others = sorted({c for c, _ in best.play if c != who})
    answering = (f"{' and '.join(c.capitalize() for c in others)} will answer within the turn, each choosing "
                 "what is best for them. " if others else "")
    general = (f"Think the turn through to its end. {answering}A line's value is what {who} gains this turn "
               "minus the most any other player gains.")
    here = _what_scores("Along the best line these score this turn", best.rows,
                        none="Along the best line nothing scores this turn: look at what the others could gain.")
    nudge = f"The best line reaches a value of {best.value}: count what each choice gives and what it takes away."
    return [general, here, nudge]


def _game_hints(p: Position, best: BestPlay) -> list[str]:
    """Hints for a question over the whole game: look past the turn, at what the best line scores, and at how it
    compares with the most points now."""
    left = sorted(p.pile or ())
    tiles = f" ({', '.join(tile_name(t) for t in left)})" if left else ""
    general = (f"Look past the turn: {len(left)} tile{'s' * (len(left) != 1)}{tiles} "
               f"{'is' if len(left) == 1 else 'are'} still to be drawn, in an order nobody knows. The best line is the one with the highest expected final margin, not the most "
               f"points now: what does each choice leave open for the tiles to come, and for whom?")
    here = _what_scores("Along the best line these score this turn", best.rows,
                        none="Along the best line nothing scores this turn: its points come later.")
    nudge = (f"The best line reaches a value of {best.value} this turn: the line that scores most now is not it; "
             "look at the other players' followers.")
    return [general, here, nudge]


def _what_scores(lead: str, rows: Sequence[ScoreRow], none: str = "No follower scores here.") -> str:
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.kind] = counts.get(r.kind, 0) + 1
    if not counts:
        return none
    plural = {"city": "cities"}
    kinds = ", ".join(f"{n} {plural.get(k, k + 's') if n > 1 else k}" for k, n in counts.items())
    notes = sorted({n for r in rows for n in r.notes})
    return f"{lead}: {kinds}." + (f" Watch for: {'; '.join(notes)}." if notes else "")


def _biggest(rows: Sequence[ScoreRow]) -> str:
    top = max(rows, key=lambda r: r.points, default=None)
    if top is None or top.points == 0:
        return "Nobody adds a point: every total is the points so far."
    done = "a completed" if top.complete else "an unfinished"
    return f"The biggest single score here is {done} {top.kind} worth {top.points} point{'s' * (top.points > 1)}."


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
