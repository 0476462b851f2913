"""The puzzle board's state and logic, apart from any widget: the question, the player's answer, and what
Check, Hint, Reveal and Try again do.

The answer input fits the kind of question: ``final`` takes a total per player, ``count`` a number, and
``best`` is played on the board. For ``best`` the board is the editor's model in play mode (its clicks,
rotation, decisions and refusals), so a puzzle is played exactly as a game is; after each of the player's
own decisions, the other players' replies inside the turn are chosen by the engine and played at once. The
line is complete when the turn is over; Check then judges the player's decisions.

A puzzle is solved only when the first answer checked is right with no hint or reveal before it; a wrong
first answer or a hint first makes it a miss, and a reveal before a right answer a reveal (``result``, the
first try's result, kept through Try again). A right answer after that finishes the puzzle without a win.

Nothing of the answer (no verdict, explanation, breakdown or solution) is in the model's output before Check
or Reveal.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from carcnb.engine.actions import Action, Place, shorten, whole_number
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.puzzles.progress import MISSED, REVEALED, SOLVED
from carcnb.search.lines import forced
from carcnb.search.questions import counted, final_score, reading_of
from carcnb.telling import verdict
from carcnb.telling.render.steps import LineStep, steps_of
from carcnb.telling.wording import question_text
from carcnb.widgets.editor.model import PLAY, EditorModel
from carcnb.widgets.editor.views import HandView, Picture
from carcnb.widgets.listening import Listened
from carcnb.widgets.puzzleboard.views import Shown

FINAL, COUNT, BEST = "final", "count", "best"

MARGIN = 1  # empty tiles shown around a still picture: enough to see the edges the question is about


class PuzzleModel(Listened):
    """One puzzle: the question in words, the answer being built, and the verdict, hints and reveal."""

    def __init__(self, source: Position | str | Path, *, seed: int | None = None, reading: str | None = None):
        """``reading``: for a question asked under each reading of a ruling, the one to ask (the first by
        default)."""
        p = source if isinstance(source, Position) else load(source)
        if p.question is None:
            raise CarcnbError(f"{p.path}: not a puzzle: the file has no [question] (add kind and answer)")
        p = reading_of(p, reading)
        self.position = p
        self.kind = p.question.kind
        self.question = question_text(p)
        self.seed = seed
        self.players = p.players
        self.board: EditorModel | None = EditorModel(p, mode=PLAY, seed=seed) if self.kind == BEST else None
        if self.board is not None:
            seat = self.board.state.current_player()
            if seat < 0:
                raise CarcnbError(f"{p.path}: a best question needs a decision to make, and nobody acts here")
            self.seat, self.mover = seat, p.players[seat]
            self._start = len(self.board.state.history)
            self._opening = dict(self.board.state.scores)  # the replies count gains from here
            self._play_on()
            self._first_choice = len(self.board.state.history)  # after the decisions that leave no choice
        else:
            self.seat, self.mover = p.players.index(p.mover), p.mover
            self._start = self._first_choice = 0
            self._opening = {}
        self.verdict: verdict.Verdict | None = None
        self.revealed: verdict.Reveal | None = None
        self._result: bytes | None = None  # the result picture, drawn once after a reveal
        self.result: str | None = None  # the first try's result once known: SOLVED, MISSED or REVEALED
        self.hinted_first = False  # a hint came before the first answer
        self._hints: list[str] | None = None
        self.hints_shown = 0
        self.version = 0
        self._listeners: list[Callable[[], None]] = []
        self.status = self._prompt()

    # ----- what the board shows -----------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return self.position.title or Path(self.position.path).stem.replace("-", " ")

    @property
    def solved(self) -> bool:
        """The first answer was right, with no hint or reveal before it."""
        return self.result == SOLVED

    @property
    def finished(self) -> bool:
        """Answered right, or revealed: only Try again starts over."""
        return self.revealed is not None or (self.verdict is not None and self.verdict.right)

    @property
    def hints(self) -> list[str]:
        """The hints given so far (one more each time ``hint`` is pressed)."""
        return (self._hints or [])[:self.hints_shown]

    @property
    def more_hints(self) -> bool:
        """Whether Hint has more to say (before the first hint: yes, they are worked out on demand)."""
        return self._hints is None or self.hints_shown < len(self._hints)

    def in_hand(self) -> HandView:
        """The tile the question is about, drawn beside the board: the tile to count placements of, or in a
        ``best`` question the tile in hand at the rotation a click would place it."""
        if self.board is not None:
            return self.board.in_hand()
        if self.kind == COUNT and self.position.hand:
            return HandView(self.position.hand, 0, f"the tile in hand: {self.position.hand}")
        return HandView(None, 0, "")

    @property
    def placing(self) -> bool:
        """``best``: the player is placing the tile in hand now (so it can be turned)."""
        return self.board is not None and any(isinstance(a, Place) for a in self.board.legal())

    @property
    def line_complete(self) -> bool:
        """``best``: the player's turn is over (nothing left for anyone to decide in it)."""
        return self.board is not None and self.board.state.current_player() < 0

    def moves(self) -> list[Action]:
        """``best``: every decision taken on the board so far, the player's and the engine's replies."""
        return list(self.board.state.history[self._start:]) if self.board is not None else []

    def played(self) -> list[tuple[str, Action]]:
        """``best``: the decisions taken on the board so far, each with the player who took it."""
        if self.board is None:
            return []
        probe = self.board.state.clone()
        out = []
        for action in reversed(self.moves()):
            probe.undo()
            out.append((probe.players[probe.current_player()], action))
        return out[::-1]

    def own_moves(self) -> list[Action]:
        """``best``: the player's own decisions so far (what Check judges)."""
        return [a for who, a in self.played() if who == self.mover]

    def picture(self) -> Picture:
        """What to draw: the board being played (``best``), the puzzle's position, or after a reveal the
        position the answer line reaches."""
        if self.revealed is not None and self.revealed.play:
            state = self._played_out()
            return Picture(state, None, None, None, self._extent(state), ("reveal", self.version))
        if self.board is not None:
            pic = self.board.picture()
            return replace(pic, key=("play",) + pic.key, decision=True)
        state = state_from_position(self.position, self.seed, allow_problems=True)
        legal = counted(self.position) if self.revealed is not None and self.kind == COUNT else None
        return Picture(self.position, legal, None, None, self._extent(state, legal or ()),
                       ("still", legal is not None), decision=True)

    def line_steps(self) -> list[LineStep]:
        """After a reveal of a ``best`` answer: where each decision of the best play acts, numbered."""
        if self.revealed is None:
            return []
        return steps_of(self.revealed.play, self.mover, state_from_position(self.position, self.seed))

    def shown(self) -> Shown:
        """Everything the view shows besides the picture, as plain values."""
        v, r = self.verdict, self.revealed
        return Shown(
            question=self.question,
            status=self.status,
            played=tuple((who, str(a)) for who, a in self.played()),
            hints=tuple(self.hints),
            headline=v.headline if v else "",
            details=tuple(v.details) if v else (),
            right=v.right if v else None,
            answer=r.answer_text if r else "",
            explanation=(r.explanation or "") if r else "",
            breakdown=tuple(r.rows) if r else (),
            totals=self._totals() if r and r.rows else {},
            line=tuple(said for said, _ in r.happened()) if r else (),
            then=tuple(tuple(rest) for _, rest in r.happened()) if r else (),
            idea=r.idea if r else "",
        )

    def result_png(self, px_per_tile: int = 60) -> bytes | None:
        """After a reveal: the board after the answer with what it changed marked (None for ``count``)."""
        if self.revealed is None or self.revealed.told is None:
            return None
        if self._result is None:
            from carcnb.telling.render.result import result_png

            self._result = result_png(self.revealed.told, px_per_tile=px_per_tile)
        return self._result

    def _totals(self) -> dict[str, int]:
        """Everyone's points once the answer is played: the final scoring, or the best play of the turn."""
        if self.kind == BEST:
            return dict(self._played_out().scores)
        return final_score(self.position).scores

    def _played_out(self) -> GameState:
        """The position after the best play of the rest of the turn."""
        state = state_from_position(self.position, self.seed)
        for _, action in self.revealed.play:
            state.apply(action)
        return state

    def _extent(self, state: GameState, extra: list[tuple[int, int, int]] | tuple = ()) -> tuple[int, int, int, int]:
        """The board and the marked placements, plus a margin."""
        spots = list(state.board.tiles) + [(x, y) for x, y, *_ in extra]
        xs, ys = [x for x, _ in spots] or [0], [y for _, y in spots] or [0]
        return (min(xs) - MARGIN, max(xs) + 1 + MARGIN, min(ys) - MARGIN, max(ys) + 1 + MARGIN)

    # ----- answering ----------------------------------------------------------------------------------------
    def check(self, given: dict[str, int | str | None] | int | str | None = None) -> verdict.Verdict | None:
        """Judge the answer: ``final`` a total per player, ``count`` a number (as numbers, or as the text
        of a box), ``best`` the decisions played on the board. None when the answer is not complete yet
        (the status says what is missing)."""
        if self.finished:
            self.status = "press Try again to answer again"
            self._notify()
            return None
        try:
            answer = self._answer(given)
        except CarcnbError as e:
            self.status = str(e)
            self._notify()
            return None
        if self.kind == BEST:
            self._busy("checking your line…")
        try:
            self.verdict = verdict.check_answer(self.position, answer)
        except CarcnbError as e:  # a search past its limit: the status says what to simplify
            self.status = str(e)
            self._notify()
            return None
        if self.result is None and self.verdict.judged:
            self.result = SOLVED if self.verdict.right else MISSED
        self.status = self._well_done() if self.verdict.right else self._retry()
        self._notify(changed=True)
        return self.verdict

    def _well_done(self) -> str:
        if self.result == SOLVED:
            return "well done"
        if self.result == REVEALED:
            return "right (after a reveal: not counted as solved)"
        why = "with a hint" if self.hinted_first else "solved on a later try"
        return f"right — {why}, so it counts as a miss for your rating"

    def _retry(self) -> str:
        if self.kind == BEST:
            return "take back a decision (z) or press Try again to play another line; Hint helps"
        return "change your answer and Check again; Hint helps"

    def _answer(self, given):
        if self.kind == FINAL:
            boxes = given if isinstance(given, dict) else {}
            empty = [c for c in self.players if boxes.get(c) in (None, "")]
            if empty:
                raise CarcnbError(f"enter a total for {' and '.join(empty)}: one whole number per player")
            return {c: _whole(boxes[c], f"{c}'s total") for c in self.players}
        if self.kind == COUNT:
            if given in (None, "") or isinstance(given, dict):
                raise CarcnbError("enter the number of legal placements")
            return _whole(given, "the number of placements")
        if not self.line_complete:
            raise CarcnbError(f"finish the turn on the board first: {self._prompt()}")
        return self.own_moves()

    def hint(self) -> str | None:
        """One more hint (general first, then more specific); None when there are no more."""
        if self._hints is None:
            self._busy("working out the hints…")
            try:
                self._hints = list(verdict.hints(self.position))
            except CarcnbError as e:
                self.status = str(e)
                self._notify()
                return None
        if not self.more_hints:
            self.status = "no more hints: Reveal shows the answer and why"
            self._notify()
            return None
        self.hints_shown += 1
        self.status = f"hint {self.hints_shown} of {len(self._hints)}"
        if self.result is None:
            self.result, self.hinted_first = MISSED, True
            self.status += " (before your first answer: this puzzle now counts as a miss)"
        self._notify(changed=True)
        return self.hints[-1]

    def reveal(self) -> verdict.Reveal | None:
        """The answer, its explanation and breakdown, and (``best``) the answer line on the picture; None when
        the search for it stopped at its limit (the status says so)."""
        if self.revealed is None:
            self._busy("working out the answer…")
            try:
                self.revealed = verdict.reveal(self.position)
            except CarcnbError as e:
                self.status = str(e)
                self._notify()
                return None
            if self.result in (None, MISSED) and not (self.verdict and self.verdict.right):
                self.result = REVEALED
        self.status = "the answer, and why"
        self._notify(changed=True)
        return self.revealed

    def try_again(self) -> None:
        """Start over: the board as the puzzle sets it, no verdict, no reveal, no hints shown (the first try's
        result stays)."""
        if self.board is not None:
            while len(self.board.state.history) > self._start:
                self.board.undo()
            self._play_on()
        self.verdict = None
        self.revealed = None
        self._result = None
        self.hints_shown = 0
        self.status = self._prompt()
        self._notify(changed=True)

    # ----- playing a best question on the board -------------------------------------------------------------
    def _prompt(self) -> str:
        if self.kind == FINAL:
            return "enter each player's total and press Check"
        if self.kind == COUNT:
            return "enter the number and press Check"
        if self.line_complete:
            return "your turn is over: press Check (or Take back)"
        return self.board.status

    def _playing(self) -> bool:
        """Whether the board takes a decision now; says why not in the status when it does not."""
        if self.board is None:
            return False
        if self.finished:
            self.status = "press Try again to play the puzzle again"
        elif self.line_complete:
            self.status = "your turn is over: press Check, or Take back to change it"
        else:
            return True
        self._notify()
        return False

    def click(self, pos: Pos, port: int | None = None) -> bool:
        """A click on the board (``best``): the editor's play, then the engine's replies."""
        return self._play(lambda b: b.click(pos, port))

    def choose(self, text: str) -> bool:
        """Take a decision from the list (its notation)."""
        return self._play(lambda b: b.apply_text(text))

    def rotate(self, quarter_turns: int = 1) -> None:
        if self.board is not None and self._playing():
            self.board.rotate(quarter_turns)
            self.status = self.board.status
            self._notify()

    def hover(self, pos: Pos | None, port: int | None = None) -> bool:
        """The pointer is over ``pos`` (None: off the board); True when the picture changes."""
        if self.board is None or self.finished:
            return False
        return self.board.hover(pos, port)

    def _play(self, command: Callable[[EditorModel], bool]) -> bool:
        if not self._playing():
            return False
        before = len(self.board.state.history)
        done = command(self.board)
        if len(self.board.state.history) > before:
            try:
                self._play_on()
            except CarcnbError as e:  # the replies' search stopped at its limit
                self.status = str(e)
                self._notify(changed=done)
                return done
        self.status = self.board.status if not self.line_complete else (
            self.board.status.split(". ")[0] + ". Your turn is over: press Check")
        self._notify(changed=done)
        return done

    def _play_on(self) -> None:
        """Play the other players' decisions inside the turn, as the engine chooses them, and the player's own
        decisions that leave no choice (never asked): until the player has a choice or the turn is over."""
        while (seat := self.board.state.current_player()) >= 0:
            if seat != self.seat:
                for action in verdict.replies(self.board.state.clone(), self.seat, self._opening):
                    self.board.apply_text(str(action))
            elif (only := forced(self.board.state)) is not None:
                self.board.apply_text(str(only))
            else:
                return

    def take_back(self) -> bool:
        """Undo the player's last decision and the replies after it."""
        if self.board is None or self.finished or len(self.board.state.history) <= self._first_choice:
            self.status = "nothing to take back" if self.board is not None else self.status
            self._notify()
            return False
        self.verdict = None  # a wrong line taken back: the player tries another
        while True:  # back to the player's last decision that had a choice
            self.board.undo()
            state = self.board.state
            if state.current_player() == self.seat and forced(state) is None:
                break
        self.status = f"taken back. {self.board.status.split('. ', 1)[-1]}"
        self._notify(changed=True)
        return True


def _whole(value: int | str, what: str) -> int:
    """A whole number >= 0 from a number or the text of a box (at most ``MAX_DIGITS`` digits)."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()):
        raise CarcnbError(f"{what}: {shorten(text)!r} is not a whole number (write it in digits, such as 12)")
    return whole_number(text, what)
