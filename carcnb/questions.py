"""Answering a position's question with the engine: ``final`` scores, ``count`` placements, ``best``
decisions (through the solver of the rule modules that have decisions)."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import CarcnbError
from .game_io import state_from_position
from .position import Position
from .rules.base import apply_final, legal_placements
from .scoring import ScoreRow


@dataclass(frozen=True)
class FinalScore:
    scores: dict[str, int]
    rows: list[ScoreRow]

    def as_dict(self) -> dict:
        return {"scores": self.scores, "breakdown": [r.as_dict() for r in self.rows]}


def final_score(p: Position) -> FinalScore:
    """The game ends now: end-of-game effects, then every follower and field is scored."""
    state = state_from_position(p)
    rows = apply_final(state)
    return FinalScore(dict(state.scores), rows)


def placements(p: Position) -> list[tuple[int, int, int]]:
    """The legal placements ``(x, y, rot)`` of the tile in hand, sorted."""
    if not p.hand:
        raise CarcnbError(f"{p.path}: no tile in hand: add hand = \"TILE\" to the file")
    state = state_from_position(p)
    return legal_placements(state)


def answer(p: Position):
    """The engine's answer to the position's question, in the shape the file's ``answer`` takes."""
    q = p.question
    if q is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    if q.kind == "final":
        return tuple(final_score(p).scores.items())
    if q.kind == "count":
        return len(placements(p))
    from .solve import best_answer
    return best_answer(p)


def same_answer(kind: str, expected, got) -> bool:
    if kind == "final":
        return dict(expected) == dict(got)
    if kind == "best":
        return dict(expected) == dict(got)
    return expected == got


def show_answer(kind: str, value) -> str:
    if isinstance(value, tuple):
        return ", ".join(f"{k} {v}" for k, v in value)
    return str(value)
