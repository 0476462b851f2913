"""Answering a position's question with the engine: ``final`` scores, ``count`` placements, ``best``
decisions (through the solver of the rule modules that have decisions)."""
from __future__ import annotations

from dataclasses import dataclass

from .consistency import require_turn_over
from .errors import CarcnbError
from .game_io import state_from_position
from .position import Position
from .rules.base import apply_final, legal_placements
from .scoring import ScoreRow
from .state import GameState
from .steps import CHANCE, TERMINAL


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


def final_score(p: Position) -> FinalScore:
    """The game ends now: the ``played`` actions are replayed (their rows are the turn's), then end-of-game
    effects, then every follower and field is scored."""
    state = state_from_position(p)
    require_turn_over(p, state)
    if not state.over:
        apply_final(state)
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


def waiting_for(state: GameState) -> str:
    """What the game waits for now, in words."""
    seat = state.current_player()
    if seat == TERMINAL:
        return "nothing: the game is over"
    if seat == CHANCE:
        return "the next draw"
    return f"{state.players[seat]}'s decision: {state.todo[0].describe()}"


def answer(p: Position, node_limit: int | None = None):
    """The engine's answer to the position's question, in the shape the file's ``answer`` takes; a ``best``
    search needing more than ``node_limit`` positions raises ``SearchLimitError``."""
    q = p.question
    if q is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    if q.kind == "final":
        return tuple(final_score(p).scores.items())
    if q.kind == "count":
        return len(placements(p))
    from .solve import best_answer
    return best_answer(p, node_limit)


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
