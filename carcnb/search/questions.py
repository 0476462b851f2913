"""Answering a position's question with the engine: ``final`` scores, ``count`` placements, ``best``
decisions (through the solver of the rule modules that have decisions)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from carcnb.engine.errors import CarcnbError
from carcnb.engine.rules.base import apply_final, legal_placements
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState, waiting_for
from carcnb.engine.tiles import catalogue
from carcnb.positions.consistency import require_turn_over
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position


@dataclass(frozen=True)
class FinalScore:
    """The game ended now: the points each player had before the position's ``played`` turn (``start``), the
    rows that turn scored (``turn``), the end-of-game rows (``end``) and the totals. For every player,
    ``start`` plus the points of the rows they score equals ``scores`` (a tied row gives each scorer its
    points)."""

    scores: dict[str, int]
    start: dict[str, int]
    turn: tuple[ScoreRow, ...]
    end: tuple[ScoreRow, ...]

    @property
    def rows(self) -> tuple[ScoreRow, ...]:
        return self.turn + self.end

    def when(self) -> list[tuple[str, ScoreRow]]:
        """Every row with ``"turn"`` or ``"end"``, in the order they were scored."""
        return [("turn", r) for r in self.turn] + [("end", r) for r in self.end]

    def as_dict(self) -> dict:
        return {"scores": self.scores, "start": self.start,
                "breakdown": [{**r.as_dict(), "when": when} for when, r in self.when()]}


def final_state(p: Position) -> GameState:
    """The game ended now: the ``played`` actions replayed, then end-of-game effects and the final scoring."""
    state = state_from_position(p)
    require_turn_over(p, state)
    if not state.over:
        apply_final(state)
    return state


def final_score(p: Position) -> FinalScore:
    """The game ends now: the ``played`` actions are replayed (their rows are the turn's), then end-of-game
    effects, then every follower and field is scored."""
    state = final_state(p)
    cut = state.final_from
    start = {c: dict(p.scores).get(c, 0) for c in p.players}
    return FinalScore(dict(state.scores), start, state.rows[:cut], state.rows[cut:])


def placements(p: Position) -> list[tuple[int, int, int]]:
    """The legal placements ``(x, y, rot)`` of the tile in hand, sorted."""
    if not p.hand:
        raise CarcnbError(f"{p.path}: no tile in hand: add hand = \"TILE\" to the file")
    state = state_from_position(p)
    if state.hand is None:
        played = "; ".join(p.played)
        raise CarcnbError(f"{p.path}: no placement to list: played ({played}) already played the tile in hand "
                          f"({p.hand}), and the position waits for {waiting_for(state)}; remove played to list "
                          f"where {p.hand} could go")
    return legal_placements(state)


def counted(p: Position) -> list[tuple[int, int, int]]:
    """The placements a ``count`` question counts: one for each distinct board the tile in hand can make (the
    first rotation of look-alikes, such as the four of a crossroads), or every rotation under
    ``counting = "rotations"``."""
    found = placements(p)
    if p.question is not None and p.question.counting == "rotations":
        return found
    tile = catalogue()[p.hand]
    seen: set[tuple] = set()
    out = []
    for x, y, rot in found:
        look = (x, y, frozenset((s.kind, s.ports, s.pennant) for s in tile.at(rot).segments))
        if look not in seen:
            seen.add(look)
            out.append((x, y, rot))
    return out


def readings_asked(p: Position) -> list[Position]:
    """The questions a puzzle asks: itself, or for a question ``under`` a ruling one position per reading it
    gives an answer for, with that ruling set and that reading's answer and explanation (``Question.reading``
    names it)."""
    q = p.question
    if q is None or q.under is None or q.reading is not None:
        return [p]
    told = dict(q.explanation) if isinstance(q.explanation, tuple) else {}
    return [replace(p, rulings=(*p.rulings, (q.under, option)),
                    question=replace(q, answer=value, reading=option, explanation=told.get(option, q.explanation)))
            for option, value in q.answer]


def reading_of(p: Position, reading: str | None = None) -> Position:
    """The question ``p`` asks under ``reading`` of the ruling it is asked ``under`` (its first by default);
    ``p`` itself when it asks under one reading only and ``reading`` is None."""
    parts = readings_asked(p)
    if reading is None:
        return parts[0]
    for part in parts:
        if part.question.reading == reading:
            return part
    under = p.question.under if p.question is not None else None
    if under is None:
        raise CarcnbError(f"{p.path}: no reading {reading!r} to ask: the puzzle asks under the rulings it sets; "
                          "leave the reading out")
    raise CarcnbError(f"{p.path}: no reading {reading!r} of {under} to ask: choose one of "
                      f"{', '.join(str(part.question.reading) for part in parts)}")


def answer(p: Position, node_limit: int | None = None):
    """The engine's answer to the position's question, in the shape the file's ``answer`` takes (under each
    reading, for a question ``under`` a ruling); a ``best`` search needing more than ``node_limit`` positions
    raises ``SearchLimitError``."""
    q = p.question
    if q is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    if q.under is not None and q.reading is None:
        return tuple((part.question.reading, answer(part, node_limit)) for part in readings_asked(p))
    if q.kind == "final":
        return tuple(final_score(p).scores.items())
    if q.kind == "count":
        return len(counted(p))
    from carcnb.search.solve import best_answer
    return best_answer(p, node_limit)


def same_answer(kind: str, expected, got, under: str | None = None) -> bool:
    """Whether two answers to a question of ``kind`` agree (``under`` a ruling: under every reading)."""
    if under is not None:
        theirs = dict(got)
        return dict(expected).keys() == theirs.keys() and all(
            same_answer(kind, value, theirs[option]) for option, value in expected)
    if kind == "final":
        return dict(expected) == dict(got)
    if kind == "best":
        return dict(expected) == dict(got)
    return expected == got


def show_answer(kind: str, value, under: str | None = None) -> str:
    if under is not None:
        return "; ".join(f"{under} = {option}: {show_answer(kind, v)}" for option, v in value)
    if isinstance(value, tuple):
        return ", ".join(f"{k} {v}" for k, v in value)
    return str(value)
