"""The editor's question: what Post answers about the position. Its kind (``final``, ``best``, ``count``), the
user's own words (``ask``), whether this is the last turn of the game, what "best" values (this turn, or the
whole game when tiles are left) and what a count counts; and, before anything is posted, whether the position
can answer it, and if not, how to make it.

A position that asks nothing is asked what its picture shows: with a decision to make (a tile in hand, a turn
half played), the best line for the player to act; otherwise the final scores. Choosing any field makes the
question the position's own, written in its file as an open question (no answer: Post works it out); a
loaded puzzle's answer, explanation and grade go then, as they were another question's.

A part of ``EditorModel`` (a mixin) kept apart so the model reads as its state and what it shows; it works
on the model's own attributes, named below. In free edit a change of the question is an undoable edit of
the position; in play it changes the question asked of the game's starting position, which every position
the game reaches is asked too (without the puzzle's answer, which was the starting position's).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from carcnb.engine.errors import CarcnbError, IllegalPositionError
from carcnb.positions.consistency import unfinished
from carcnb.positions.model import COUNTINGS, HORIZONS, Question
from carcnb.widgets.editor.edits import open_question
from carcnb.widgets.editor.modes import EDIT
from carcnb.widgets.editor.views import QuestionView

if TYPE_CHECKING:
    from collections.abc import Callable

    from carcnb.engine.state import GameState
    from carcnb.positions.model import Position

KINDS = ("best", "final", "count")
# each kind in a few words, for the status line and the refusals
KIND_WORDS = {"best": "the best line for the player to act", "final": "the final scores if the game ended now",
              "count": "the legal placements of the tile in hand"}


class AskingMixin:
    """``EditorModel``'s question: what Post answers, set field by field, and whether the position can answer
    it."""

    # kept by EditorModel
    state: GameState
    position: Position
    mode: str
    status: str
    value: Position
    _cache: dict[str, object]
    _notify: Callable[..., None]
    _commit: Callable[[Position, str], bool]
    _relabel: Callable[..., bool]

    # ----- what is asked ------------------------------------------------------------------------------------
    def posted(self) -> Position:
        """The position Post writes: the current one with the question it answers (the editor's choice when
        the position asks none)."""
        p = self.value
        return p if p.question is not None else replace(p, question=Question(self._default_kind()))

    def _default_kind(self) -> str:
        """What a position that asks nothing is asked: the best line when someone has a decision to make,
        else the final scores."""
        if self.mode == EDIT:
            return "best" if self.position.hand else "final"
        return "best" if self.state.current_player() >= 0 else "final"

    def asking(self) -> QuestionView:
        """The question as the controls show it, with its words and whether Post can answer it."""
        if "asking" not in self._cache:
            p = self.posted()
            q = p.question
            last = (p.pile == ()) if self.mode == EDIT else self.state.pile_size() == 0
            self._cache["asking"] = QuestionView(
                q.kind, self.value.question is not None, q.ask or "", last, self.mode == EDIT, q.horizon,
                q.counting, tuple(f"{rid} = {option}" for rid, option in p.rulings), self._words(p), self.refusal())
        return self._cache["asking"]  # type: ignore[return-value]

    def _words(self, p: Position) -> str:
        from carcnb.telling.post import asked

        try:
            return asked(p)
        except IllegalPositionError:
            return f"{KIND_WORDS[p.question.kind].capitalize()} (worded once the position's problems are fixed)"
        except CarcnbError as e:
            return f"{KIND_WORDS[p.question.kind].capitalize()} (not worded: {e})"

    def refusal(self) -> str | None:
        """Why the position cannot answer its question, in one line with the fix; None when it can. (A
        position that breaks a rule is refused by Post with its problems list.)"""
        p = self.posted()
        kind = p.question.kind
        if kind == "count":
            lead = "a count question counts where the tile in hand can go"
            if p.played:
                return f"{lead}, and {p.hand} is already placed this turn: undo back to before it, or ask another kind"
            if not p.hand:
                return f"{lead}, and no tile is in hand: {self._get_a_tile()}"
        if kind == "best" and self._default_kind() != "best":
            lead = "a best question asks what the player to act should do"
            if self.mode != EDIT and self.state.over:
                return f"{lead}, and the game is over: undo back to a turn still to play, or ask final"
            return f"{lead}, and no tile is in hand: {self._get_a_tile().replace('another kind', 'final')}"
        if kind == "final" and self.mode != EDIT:
            waits = unfinished(p, self.state)
            if waits is not None:
                return (f"a final question ends the game now, and a game cannot end in the middle of a turn (this "
                        f"one waits for {waits}): finish the turn or undo it, or ask best")
        return None

    def _get_a_tile(self) -> str:
        if self.mode == EDIT:
            return "choose a tile in the palette and press 'put in hand', or ask another kind"
        return "draw a tile ('draw it' or 'random draw'), or ask another kind"

    # ----- setting it ---------------------------------------------------------------------------------------
    def set_question_kind(self, kind: str) -> bool:
        """Ask ``kind`` (final, best or count) of the position."""
        if kind not in KINDS:
            raise CarcnbError(f"unknown question kind {kind!r} (known: {', '.join(KINDS)})")
        q = self.posted().question
        return self._ask(Question(kind, ask=q.ask, horizon=q.horizon if kind == "best" else "turn",
                                  counting=q.counting if kind == "count" else "boards"),
                         f"question: {kind}, {KIND_WORDS[kind]}")

    def set_ask(self, text: str) -> bool:
        """The question in the user's own words, put at the top of the post (blank: the engine's words)."""
        ask = " ".join(text.split()) or None
        if ask == (self.posted().question.ask or None):
            return True
        return self._ask(replace(self._open(), ask=ask), f"asked: {ask}" if ask else "asked in the engine's words")

    def set_horizon(self, horizon: str) -> bool:
        """What a best question values: ``turn`` (the points this turn) or ``game`` (the expected final margin
        over the rest of the game, ``carcnb analyse``)."""
        if horizon not in HORIZONS:
            raise CarcnbError(f"unknown horizon {horizon!r} (known: {', '.join(HORIZONS)})")
        q = self._open()
        if q.kind != "best":
            return self._refuse(f"a {q.kind} question has no horizon: only best values this turn or the whole "
                                "game; ask best first")
        if horizon == "game" and self.asking().last_turn:
            return self._refuse("on the last turn the best line already counts to the end of the game; untick "
                                "'last turn' to ask over the rest of the game")
        said = "the most points this turn" if horizon == "turn" else "the highest expected final margin"
        return self._ask(replace(q, horizon=horizon), f"best means {said}")

    def set_counting(self, counting: str) -> bool:
        """What a count question counts: ``boards`` (look-alike turns once) or ``rotations`` (every turn)."""
        if counting not in COUNTINGS:
            raise CarcnbError(f"unknown counting {counting!r} (known: {', '.join(COUNTINGS)})")
        q = self._open()
        if q.kind != "count":
            return self._refuse(f"a {q.kind} question counts nothing: ask count first")
        return self._ask(replace(q, counting=counting), f"count: {counting}")

    def set_last_turn(self, last: bool) -> bool:
        """Make the tile in hand the last of the game (``pile = []``: its end-of-game scoring counts in a best
        line) or not (the sets' other tiles are still to draw). Free edit only: in play the game's pile
        says it."""
        if last == self.asking().last_turn:
            return True
        if self.mode != EDIT:
            return self._refuse("in play the game's pile says whether this is the last turn; switch to free edit "
                                "to set it")
        p = replace(self.position, pile=() if last else None)
        message = "last turn of the game" if last else "not the last turn: the sets' other tiles are still to draw"
        q = p.question
        if last and q is not None and q.horizon == "game":
            p = replace(p, question=replace(q, horizon="turn"))
            message += " (best now counts to the end of the game)"
        return self._commit(p, message)

    def _open(self) -> Question:
        """The question asked now as the user's own (open) question."""
        return open_question(self.posted().question)

    def _ask(self, q: Question, message: str) -> bool:
        had = self.value.question
        if q == had:
            return True
        if had is not None and had.answer is not None:
            message += "; the puzzle's answer goes (Post works the answer out)"
        return self._relabel(message, question=q)

    def _refuse(self, message: str) -> bool:
        self.status = message
        self._notify()
        return False
