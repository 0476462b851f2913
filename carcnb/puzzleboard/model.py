"""The puzzle board's state and logic, apart from any widget: the question, the player's answer, and what
Check, Hint, Reveal and Try again do.

The answer input fits the kind of question: ``final`` takes a total per player, ``count`` a number, and
``best`` is played on the board. For ``best`` the board is the editor's model in play mode (its clicks,
rotation, decisions and refusals), so a puzzle is played exactly as a game is; after each of the player's
own decisions, the other players' replies inside the turn are chosen by the engine and played at once. The
line is complete when the turn is over; Check then judges the player's decisions.

Nothing of the answer (no verdict, explanation, breakdown or solution) is in the model's output before Check
or Reveal.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from .. import verdict
from ..actions import Action, Place
from ..editor.model import PLAY, EditorModel
from ..editor.views import Picture, ScoreLine, action_pos, action_ports
from ..errors import CarcnbError
from ..game_io import state_from_position
from ..geometry import Pos
from ..position import Position, load
from ..state import GameState
from ..questions import placements
from ..render.ports import port_point
from ..render.steps import Step
from ..wording import question_text
from .views import Shown

FINAL, COUNT, BEST = "final", "count", "best"
MARGIN = 1  # empty tiles shown around a still picture: enough to see the edges the question is about


class PuzzleModel:
    """One puzzle: the question in words, the answer being built, and the verdict, hints and reveal."""

    def __init__(self, source: Position | str | Path, *, seed: int | None = None):
        p = source if isinstance(source, Position) else load(source)
        if p.question is None:
            raise CarcnbError(f"{p.path}: not a puzzle: the file has no [question] (add kind and answer)")
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
            self.mover = p.players[seat]
            self._start = len(self.board.state.history)
        else:
            self.mover = p.mover
            self._start = 0
        self.status = ""
        self.verdict: verdict.Verdict | None = None
        self.revealed: verdict.Reveal | None = None
        self.ever_revealed = False  # a reveal before a right answer: the puzzle is not counted as solved
        self._hints: list[str] | None = None
        self.hints_shown = 0
        self.replies: list[str] = []  # the engine's replies to the player's decisions, as messages
        self.version = 0
        self._listeners: list[Callable[[], None]] = []
        self.status = self._prompt()

    # ----- listening ---------------------------------------------------------------------------------------
    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every command (a view refreshes itself from the model)."""
        self._listeners.append(callback)

    def _notify(self, changed: bool = True) -> None:
        if changed:
            self.version += 1
        for cb in self._listeners:
            cb()

    # ----- what the board shows -----------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return self.position.title or Path(self.position.path).stem.replace("-", " ")

    @property
    def solved(self) -> bool:
        """Answered right without a reveal first."""
        return self.verdict is not None and self.verdict.right and not self.ever_revealed

    @property
    def hints(self) -> list[str]:
        """The hints given so far (one more each time ``hint`` is pressed)."""
        return self._all_hints()[:self.hints_shown]

    @property
    def more_hints(self) -> bool:
        return self.hints_shown < len(self._all_hints())

    def _all_hints(self) -> list[str]:
        if self._hints is None:
            self._hints = list(verdict.hints(self.position))
        return self._hints

    @property
    def in_hand(self) -> tuple[str, int] | None:
        """The tile to place and its rotation, when the question is about one (``count``, or ``best``
        before the tile is down)."""
        if self.kind == COUNT and self.position.hand:
            return (self.position.hand, 0)
        if self.board is not None and self.board.state.hand is not None:
            if any(isinstance(a, Place) for a in self.board.legal()):
                return (self.board.state.hand, self.board.rotation)
        return None

    @property
    def line_complete(self) -> bool:
        """``best``: the player's turn is over (nothing left for anyone to decide in it)."""
        return self.board is not None and self.board.state.current_player() < 0

    def moves(self) -> list[Action]:
        """``best``: every decision taken on the board so far, the player's and the engine's replies."""
        return list(self.board.state.history[self._start:]) if self.board is not None else []

    def own_moves(self) -> list[Action]:
        """``best``: the player's own decisions so far (what Check judges)."""
        if self.board is None:
            return []
        probe = self.board.state.clone()
        mine: list[Action] = []
        for action in reversed(self.moves()):
            probe.undo()
            if probe.players[probe.current_player()] == self.mover:
                mine.append(action)
        return mine[::-1]

    def picture(self) -> Picture:
        """What to draw: the board being played (``best``), the puzzle's position, or after a reveal the
        position the answer line reaches."""
        if self.revealed is not None and self.revealed.line:
            state = self._line_state()
            return Picture(state, None, None, None, self._extent(state), ("reveal", self.version))
        if self.board is not None:
            pic = self.board.picture()
            return Picture(pic.source, pic.legal, pic.preview, pic.highlight, pic.extent, ("play",) + pic.key)
        state = state_from_position(self.position, self.seed, allow_problems=True)
        legal = placements(self.position) if self.revealed is not None and self.kind == COUNT else None
        return Picture(self.position, legal, None, None, self._extent(state, legal or ()),
                       ("still", legal is not None))

    def line_steps(self) -> list[Step]:
        """After a reveal of a ``best`` answer: where each action of the answer line acts, numbered."""
        if self.revealed is None or not self.revealed.line:
            return []
        return steps_of(state_from_position(self.position, self.seed), self.revealed.line, self.mover)

    def shown(self) -> Shown:
        """Everything the view shows besides the picture, as plain values."""
        v, r = self.verdict, self.revealed
        return Shown(
            question=self.question,
            status=self.status,
            replies=tuple(self.replies),
            hints=tuple(self.hints),
            headline=v.headline if v else "",
            details=tuple(v.details) if v else (),
            right=v.right if v else None,
            answer=r.answer_text if r else "",
            explanation=r.explanation if r else "",
            breakdown=tuple(ScoreLine.of(row) for row in r.rows) if r else (),
            line=tuple(map(str, r.line)) if r else (),
        )

    def _line_state(self):
        state = state_from_position(self.position, self.seed)
        for action in self.revealed.line:
            state.apply(action)
        return state

    def _extent(self, state, extra=()) -> tuple[int, int, int, int]:
        spots = list(state.board.tiles) + [(x, y) for x, y, *_ in extra]
        xs, ys = [x for x, _ in spots] or [0], [y for _, y in spots] or [0]
        return (min(xs) - MARGIN, max(xs) + 1 + MARGIN, min(ys) - MARGIN, max(ys) + 1 + MARGIN)

    # ----- answering ----------------------------------------------------------------------------------------
    def check(self, given: dict[str, int | str | None] | int | str | None = None) -> verdict.Verdict | None:
        """Judge the answer: ``final`` a total per player, ``count`` a number (as numbers, or as the text
        of a box), ``best`` the decisions played on the board. None when the answer is not complete yet
        (the status says what is missing)."""
        try:
            answer = self._answer(given)
        except CarcnbError as e:
            self.status = str(e)
            self._notify(changed=False)
            return None
        self.verdict = verdict.check_answer(self.position, answer)
        self.status = "right!" if self.verdict.right else "not quite: press Try again, or ask for a hint"
        self._notify()
        return self.verdict

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
        if not self.more_hints:
            self.status = "no more hints: Reveal shows the answer and why"
            self._notify(changed=False)
            return None
        self.hints_shown += 1
        self.status = f"hint {self.hints_shown} of {len(self._all_hints())}"
        self._notify()
        return self.hints[-1]

    def reveal(self) -> verdict.Reveal:
        """The answer, its explanation and breakdown, and (``best``) the answer line on the picture."""
        if self.revealed is None:
            self.revealed = verdict.reveal(self.position)
            self.ever_revealed = self.ever_revealed or not (self.verdict and self.verdict.right)
        self.status = "the answer, and why"
        self._notify()
        return self.revealed

    def try_again(self) -> None:
        """Start over: the board as the puzzle sets it, no verdict, no reveal, no hints shown."""
        if self.board is not None:
            self.board = EditorModel(self.position, mode=PLAY, seed=self.seed)
        self.verdict = None
        self.revealed = None
        self.hints_shown = 0
        self.replies = []
        self.status = self._prompt()
        self._notify()

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
        if self.verdict is not None or self.revealed is not None:
            self.status = "press Try again to play the puzzle again"
        elif self.line_complete:
            self.status = "your turn is over: press Check, or Take back to change it"
        else:
            return True
        self._notify(changed=False)
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
            self._notify(changed=False)

    def hover(self, pos: Pos | None, port: int | None = None) -> bool:
        """The pointer is over ``pos`` (None: off the board); True when the picture changes."""
        if self.board is None or self.verdict is not None or self.revealed is not None:
            return False
        return self.board.hover(pos, port)

    def _play(self, command: Callable[[EditorModel], bool]) -> bool:
        if not self._playing():
            return False
        before = len(self.board.state.history)
        done = command(self.board)
        if len(self.board.state.history) > before:
            self.replies = self._reply()
        self.status = self.board.status if not self.line_complete else (
            self.board.status.split(". ")[0] + ". Your turn is over: press Check")
        self._notify(changed=done)
        return done

    def _reply(self) -> list[str]:
        """Play the other players' decisions inside the turn, as the engine chooses them."""
        state = self.board.state
        if state.current_player() < 0 or state.players[state.current_player()] == self.mover:
            return []
        probe = state.clone()
        said = []
        for action in verdict.replies(probe, self.mover):
            who = state.players[state.current_player()]
            self.board.apply_text(str(action))
            said.append(f"{who}: {action}")
        return said

    def take_back(self) -> bool:
        """Undo the player's last decision and the replies after it."""
        if self.board is None or self.verdict is not None or self.revealed is not None or not self.own_moves():
            self.status = "nothing to take back" if self.board is not None else self.status
            self._notify(changed=False)
            return False
        while True:
            self.board.undo()
            state = self.board.state
            if state.players[state.current_player()] == self.mover:
                break
        self.replies = []
        self.status = f"taken back. {self.board.status.split('. ', 1)[-1]}"
        self._notify()
        return True


def steps_of(state: GameState, actions: list[Action], mover: str) -> list[Step]:
    """The actions played from ``state`` (which they change) as numbered steps: a port's point for a
    follower or a ferry, a tile's centre for the rest, none for decisions made off the board."""
    steps = []
    for n, action in enumerate(actions, 1):
        pos = action_pos(action)
        ports = action_ports(action)
        if pos is None:
            point = None
        elif ports:
            xs, ys = zip(*(port_point(p, *pos) for p in ports))
            point = (sum(xs) / len(xs), sum(ys) / len(ys))
        else:
            point = (pos[0] + 0.5, pos[1] + 0.5)
        own = state.players[state.current_player()] == mover
        steps.append(Step(n, str(action), point, own))
        state.apply(action)
    return steps


def _whole(value: int | str, what: str) -> int:
    """A whole number >= 0 from a number or the text of a box."""
    text = str(value).strip()
    if not text.isdigit():
        raise CarcnbError(f"{what}: {text!r} is not a whole number (write it in digits, such as 12)")
    return int(text)
