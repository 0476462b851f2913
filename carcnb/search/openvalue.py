"""Whether a mid-game ``best`` answer is still best once what the turn leaves open is valued.

The solver counts the points a turn scores: a choice that cashes a small city now looks better than one that
keeps a large unfinished city, which a strong player would keep. Here every line of the turn (the mover's
choices and the others' replies) ends with the game's end-of-game scoring applied to the board it leaves,
as if the game ended after the turn: unfinished features, fields and the earthquake count. An answer that
loses under that valuation teaches greed, so ``carcnb check`` refuses it (and ``carcnb mine`` may skip it).
"""
from __future__ import annotations

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.rules.base import apply_final
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.search.solve import Solver, Values, limit_named, objective


def _restore_ext(ext: dict, old: dict, _unused: None) -> None:
    ext.clear()
    ext.update(old)


def end_of_game_scores(state: GameState) -> Values:
    """Everyone's score if the game ended now (end-of-game effects and scoring), the state left as it was."""
    j = state.j
    j.mark()
    j.inverse(_restore_ext, state.board.ext, dict(state.board.ext), None)  # end effects write ``ext`` directly
    apply_final(state)
    scores = tuple(state.scores[c] for c in state.players)
    j.rollback()
    return scores


def open_valued(state: GameState, gained: Values) -> Values:
    """What each player gained by the end of a turn, with what the turn leaves open valued as at the game's
    end (a turn that ended the game is scored already)."""
    if state.over:
        return gained
    now = tuple(state.scores[c] for c in state.players)
    return tuple(g + end - n for g, end, n in zip(gained, end_of_game_scores(state), now))


class OpenValuedSolver(Solver):
    """The solver with every line valued at its end-of-game scores: what is left open counts."""

    def __init__(self, state: GameState, node_limit: int | None = None):
        super().__init__(state, node_limit, leaf=open_valued)


def open_valued_loss(p: Position, node_limit: int | None = None) -> str | None:
    """What beats the answer of the ``best`` puzzle ``p`` when what is left open is valued, or None when the
    answer holds (ties hold). A last turn (``pile = []``) already counts the end of the game: it holds."""
    state = state_from_position(p)
    if state.pile_size() == 0:
        return None
    seat = state.current_player()
    solver = OpenValuedSolver(state, node_limit)
    with limit_named(p.path):
        for text in dict(p.question.answer)["line"]:
            choices = solver.choices()
            action = _named(choices, text, p.path)
            best, top = max(choices, key=lambda c: objective(c[1], seat))
            mine = objective(action[1], seat)
            if mine < objective(top, seat):
                q = p.question
                under = f"under {q.under} = {q.reading}, " if q.reading is not None else ""
                return (f"{under}with what the turn leaves open valued at the end of the game, {best} "
                        f"({objective(top, seat)}) beats {text} ({mine})")
            state.apply(action[0], check=False)
    return None


def holds_when_open_valued(p: Position, node_limit: int | None = None) -> bool:
    """Whether the answer of the ``best`` puzzle ``p`` is still best when what the turn leaves open is valued
    (see the module docs)."""
    return open_valued_loss(p, node_limit) is None


def _named(choices: list[tuple[Action, Values]], text: str, path: str) -> tuple[Action, Values]:
    for action, values in choices:
        if str(action) == text:
            return action, values
    raise CarcnbError(f"{path}: the answer's action {text!r} is not legal here (legal: "
                      f"{', '.join(str(a) for a, _ in choices)}): run carcnb solve {path} for the answer")
