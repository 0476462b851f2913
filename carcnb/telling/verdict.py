"""Checking a player's answer to a puzzle, and telling them why it is right or wrong.

Answers take the form of ``carcnb quiz --answer``: ``final`` totals as ``red=18 blue=11``, a ``count`` as
``7``, a ``best`` line as the player's own actions in the action notation separated by ``;``. In a ``best``
line the engine plays every other player's decisions (``replies``) the way the solver does: each chooses what
is best for themselves (max^n, see ``solve``). A line is complete once it gives every decision the player
faces before someone else acts; decisions the player meets later in the turn, after the replies, may be given
too, and those not given are valued as the engine would play them -- the value of a line is the solver's
value of the position it leads to, as for the file's answer. A line is right when it reaches the best value.

``hints`` (from ``carcnb.telling.hints``) go from general to specific, ``reveal`` gives the answer with its score rows,
``replies`` (from ``carcnb.search.lines``) plays the other players' moves on a board. Nothing here draws.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from carcnb.engine.actions import MAX_DIGITS, Action, parse_action, shorten, whole_number
from carcnb.engine.errors import ActionSyntaxError, CarcnbError
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.spelling import meant
from carcnb.search.lines import answer_moves, answer_play, choice, forced, gains_text, mover_of, replies
from carcnb.search.questions import counted, final_score
from carcnb.search.solve import Solver, limit_named, objective
from carcnb.telling.account import Account, account
from carcnb.telling.hints import deciding_rulings, hints, idea_of, telling_row
from carcnb.telling.idea_words import idea_text
from carcnb.telling.wording import COUNTING, sentence, tile_name

__all__ = ["MAX_ANSWER_CHARS", "MAX_DIGITS", "AnswerSyntaxError", "Reveal", "Verdict", "check_answer",
           "deciding_rulings", "expected_form", "hints", "parse_answer", "replies", "reveal"]

RIGHT = "Right!"
WRONG = "Not quite."
_EXAMPLE_POINTS = (18, 11, 7, 23, 5, 14)
MAX_ANSWER_CHARS = 10_000  # an answer longer than this is refused unread


class AnswerSyntaxError(CarcnbError):
    """An answer that does not spell an answer of its question's kind; the message shows the expected form."""


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and what is wrong with it in words (never the right answer, nor the value
    it reaches).

    For ``best``: ``value`` is what the player's line reaches (None when it is illegal or incomplete),
    ``best_value`` the best value (for the caller, never said), and ``replies`` the other players' moves
    played in answer to the line, as ``"blue: meteor 3,-1"``. ``judged`` is False when the line could not be
    played to its end (an illegal or incomplete line): that is no answer yet, as a board that refuses an
    illegal click takes none."""

    right: bool
    headline: str
    details: tuple[str, ...] = ()
    value: int | None = None
    best_value: int | None = None
    replies: tuple[str, ...] = ()
    judged: bool = True


@dataclass(frozen=True)
class Reveal:
    """The answer in words, the file's explanation, the score rows of the answer (the final scoring, or the
    rows scored along the best line) and the best line (the player's decisions; empty for other kinds).
    ``play`` is the whole rest of the turn along the best line, every player's decisions with who took them;
    ``told`` is what the answer did, event by event (the best play, or the game's end; None for ``count``),
    which the result picture draws. ``idea`` says in a sentence or two what the answer turns on: a reveal
    opens with it, then tells the events once, then shows the rows."""

    answer_text: str
    explanation: str | None
    rows: tuple[ScoreRow, ...]
    line: tuple[Action, ...] = ()
    play: tuple[tuple[str, Action], ...] = ()
    told: Account | None = field(default=None, compare=False, repr=False)
    idea: str = ""

    def happened(self) -> list[tuple[str, list[str]]]:
        """What the answer did, once: each decision in words (numbered as on the picture) with what followed
        from it; for a final scoring, the end of the game and what it scored."""
        if self.told is None:
            return []
        return [(entry.said, entry.lines()[1:]) for entry in self.told.entries]


# ----- reading an answer ----------------------------------------------------------------------------------
def expected_form(p: Position) -> str:
    """How an answer to ``p`` is written, with an example."""
    kind = _question(p).kind
    if kind == "final":
        example = " ".join(f"{c}={n}" for c, n in zip(p.players, _EXAMPLE_POINTS))
        return f"every player's total as COLOUR=POINTS, in any order, e.g. {example!r}"
    if kind == "count":
        return "a whole number, e.g. '7'"
    return ("your actions in the action notation, separated by ';', e.g. 'place 1,-2 180; deploy 1,-2 N' "
            "(the engine plays the other players' moves)")


def parse_answer(p: Position, text: str) -> dict[str, int] | int | list[Action]:
    """The answer ``text`` spells for the question of ``p``, in any letter case and spacing; raises
    ``AnswerSyntaxError`` showing the form. Reading takes time in proportion to the text, which may be at most
    ``MAX_ANSWER_CHARS`` long; numbers have at most ``MAX_DIGITS`` digits."""
    kind = _question(p).kind

    def fail(what: str) -> AnswerSyntaxError:
        return AnswerSyntaxError(f"{what}\n  expected {expected_form(p)}")

    if len(text) > MAX_ANSWER_CHARS:
        raise fail(f"the answer is {len(text)} characters long: at most {MAX_ANSWER_CHARS} are read")
    text = text.strip()
    try:
        if kind == "count":
            if not (text.isascii() and text.isdigit()):
                raise AnswerSyntaxError(f"{shorten(text)!r} is not a count" if text else "no answer")
            return whole_number(text, "the count")
        if kind == "final":
            return _totals(p, text)
        parts = [part.strip() for part in text.replace("\n", ";").split(";") if part.strip()]
        if not parts:
            raise AnswerSyntaxError("no actions")
        line = []
        for i, part in enumerate(parts, 1):
            try:
                line.append(parse_action(part))
            except ActionSyntaxError as e:
                raise ActionSyntaxError(f"action {i}: {e}") from None
        return line
    except (ActionSyntaxError, AnswerSyntaxError) as e:
        raise fail(str(e)) from None


def _totals(p: Position, text: str) -> dict[str, int]:
    """``red=18 blue=11`` (any spacing, commas or semicolons between) as a total per player."""
    words = [w for w in re.split(r"[\s,;]+", text.replace("=", " = ")) if w]
    if not words:
        raise AnswerSyntaxError("no answer")
    totals: dict[str, int] = {}
    for i in range(0, len(words), 3):
        color, *rest = words[i:i + 3]
        if not color.isalpha() or rest[:1] != ["="] or len(rest) != 2 or not rest[1].lstrip("-").isdigit():
            raise AnswerSyntaxError(f"cannot read {shorten(' '.join(words[i:]))!r}")
        color = color.lower()
        if color not in p.players:
            raise AnswerSyntaxError(f"{shorten(color)!r} is not a player here "
                                    f"(players: {', '.join(p.players)})")
        if color in totals:
            raise AnswerSyntaxError(f"{color} is given twice")
        totals[color] = whole_number(rest[1], f"{color}'s total")
    missing = [c for c in p.players if c not in totals]
    if missing:
        raise AnswerSyntaxError(f"no total for {', '.join(missing)}")
    return totals


# ----- checking it ---------------------------------------------------------------------------------------
def check_answer(p: Position, given) -> Verdict:
    """The verdict on ``given`` (what ``parse_answer`` returns; a best line may also be action strings)."""
    kind = _question(p).kind
    if isinstance(given, str):
        given = parse_answer(p, given)
    if kind == "final":
        return _check_final(p, given)
    if kind == "count":
        return _check_count(p, given)
    with limit_named(p.path):
        return _check_best(p, given)


def _check_final(p: Position, given: Mapping[str, int]) -> Verdict:
    truth = final_score(p).scores
    details = []
    for color in p.players:
        said = given.get(color)
        if said is None:
            details.append(f"No total for {color}.")
        elif said != truth[color]:
            details.append(f"{color.capitalize()}: {said} is too {'low' if truth[color] > said else 'high'}.")
    details += [f"{c} is not a player here." for c in sorted(set(given) - set(p.players))]
    if not details:
        return Verdict(True, RIGHT, ("Every total is right.",))
    right = sum(given.get(c) == truth[c] for c in p.players)
    details.append(f"{right} of {len(p.players)} totals {'is' if right == 1 else 'are'} right.")
    return Verdict(False, WRONG, tuple(details))


def _check_count(p: Position, given: int) -> Verdict:
    truth = len(counted(p))
    if given == truth:
        return Verdict(True, RIGHT, (sentence(f"{tile_name(p.hand)} has {_placements(truth)}."),))
    more = "fewer" if given > truth else "more"
    return Verdict(False, WRONG, (f"There are {more} than {given}: {COUNTING[p.question.counting]}.",))


def _check_best(p: Position, given: Sequence[Action | str]) -> Verdict:
    """Play the player's line, each action matched to the legal action it means (``spelling.meant``), the
    decisions with no choice played for the player when the line leaves them out, and the replies between."""
    line = [a if isinstance(a, Action) else _parse_one(p, a, i) for i, a in enumerate(given, 1)]
    state = state_from_position(p)
    mover = mover_of(state, p)
    who = state.players[mover]
    solver = Solver(state)
    best = objective(solver.value(), mover)
    story: list[str] = []  # what happened, in order: the replies to each of the player's actions
    answered: list[str] = []

    def wrong(why: str) -> Verdict:
        return Verdict(False, WRONG, (*story, why), None, best, tuple(answered), judged=False)

    def play(action: Action) -> list[tuple[int, Action]]:
        state.apply(action, check=False)
        before = state.fork(record=True)  # the replies are told from here (``account`` copies it again)
        answers = answer_moves(state, mover, solver)
        if answers:
            story.append(f"After {str(action)!r}: {_answers_text(before, answers)}.")
        answered.extend(f"{state.players[s]}: {a}" for s, a in answers)
        return answers

    last_answer: list[tuple[int, Action]] = []
    for i, action in enumerate(line, 1):
        while state.current_player() == mover and (chosen := meant(state, action)) is None:
            only = forced(state)
            if only is None:
                legal = state.legal_actions()
                return wrong(f"Action {i}, {str(action)!r}, is not legal here ({state.todo[0].describe()}; "
                             f"legal: {_listed(legal)}).")
            last_answer = play(only)
        if state.current_player() != mover:
            return wrong(f"Action {i}, {str(action)!r}, comes after {who}'s part of the turn is over.")
        last_answer = play(chosen)
    while state.current_player() == mover and not last_answer and (only := forced(state)) is not None:
        last_answer = play(only)  # the line stopped where the player had no choice: the kit plays on
    if state.current_player() == mover and not last_answer:  # the player stopped in the middle
        return wrong(f"The line is not complete: {who} has another decision to make ({state.todo[0].describe()}).")
    gains = solver.value()
    value = objective(gains, mover)
    reached = f"Your line reaches a value of {value} ({gains_text(dict(zip(state.players, gains)))} this turn)"
    if p.question.horizon == "game" and p.question.answer is not None:
        return _over_the_game(p, state, solver, (value, reached), tuple(story), tuple(answered))
    if value == best:
        return Verdict(True, RIGHT, (f"{reached}: the best there is.", *story), value, best, tuple(answered))
    return Verdict(False, WRONG, (f"{reached}; there is a better one.", *story), value, best, tuple(answered))


def _over_the_game(p: Position, state: GameState, solver: Solver, reached: tuple[int, str], story: tuple[str, ...],
                   answered: tuple[str, ...]) -> Verdict:
    """A line of a question over the whole game is right when it leaves the position the answer leaves at the
    turn's end (the file's line, which the look-ahead analysis chose and ``carcnb check`` holds it to); the rest of
    the turn is played as the solver plays it."""
    while (seat := state.current_player()) >= 0:
        state.apply(choice(solver, seat), check=False)
    best = answer_play(p)
    after = state_from_position(p)
    for _, action in best.play:
        after.apply(action, check=False)
    value, said = reached
    if state.turn_key() == after.turn_key():
        return Verdict(True, RIGHT, (f"{said}: the best over the whole game.", *story), value, best.value, answered)
    why = (" It scores more this turn than the best line over the whole game: what does it leave open for the "
           "tiles still to come?" if value > best.value else "")
    return Verdict(False, WRONG, (f"{said}; another line has a higher expected final margin.{why}", *story),
                   value, best.value, answered)


def _answers_text(before: GameState, answers: list[tuple[int, Action]]) -> str:
    """The replies played from ``before`` and what they did, told: ``blue moves the meteor to 3,0; ...``."""
    return "; ".join(account(before, [a for _, a in answers]).lines())


def _listed(actions: list[Action], most: int = 10) -> str:
    shown = ", ".join(map(str, actions[:most]))
    return shown + (f", ... ({len(actions)} in all)" if len(actions) > most else "")


def _parse_one(p: Position, text: str, i: int) -> Action:
    try:
        return parse_action(text)
    except ActionSyntaxError as e:
        raise AnswerSyntaxError(f"action {i}: {e}\n  expected {expected_form(p)}") from None


# ----- the answer ---------------------------------------------------------------------------------------
def reveal(p: Position) -> Reveal:
    """The answer: in words, with the file's explanation, its score rows and (for ``best``) the line."""
    q = _question(p)
    if q.kind == "final":
        scored = final_score(p)
        text = ", ".join(f"{c} {n}" for c, n in scored.scores.items())
        return Reveal(f"Final totals: {text}.", q.explanation, tuple(scored.rows), told=account(p, end=True),
                      idea=_final_idea(scored.rows))
    if q.kind == "count":
        found = counted(p)
        spots = "; ".join(f"{x},{y} turned {rot}" for x, y, rot in found)
        text = sentence(f"{tile_name(p.hand)} has {_placements(len(found))}") + (f": {spots}." if found else ".")
        return Reveal(text, q.explanation, (), idea=f"The idea: {COUNTING[q.counting]}.")
    best = answer_play(p)
    rest = [f"{c}: {a}" for c, a in best.play[len(best.line):]]
    text = f"{'; '.join(map(str, best.line))} -- value {best.value} ({gains_text(best.gains)} this turn)."
    if rest:
        text += f" The turn goes on: {'; '.join(rest)}."
    told = account(state_from_position(p), [a for _, a in best.play])
    return Reveal(text, q.explanation, best.rows, best.line, best.play, told, idea_text(p, idea_of(p, best)))


def _final_idea(rows: tuple[ScoreRow, ...]) -> str:
    """What a final scoring turns on, in a sentence: the row a simple count gets wrong."""
    theme, row = telling_row(rows)
    if row is None:
        return "The idea: nobody has a follower that scores: every total is the points so far."
    who = " and ".join(row.scorers)
    return (f"The idea: {theme}: the {row.kind} at {row.tiles[0][0]},{row.tiles[0][1]} scores {who} {row.points} "
            f"({'; '.join(dict.fromkeys((row.reason, *row.notes)))}).")


# ----- shared ----------------------------------------------------------------------------------------------
def _placements(n: int) -> str:
    return f"{n} legal placement{'' if n == 1 else 's'}"


def _question(p: Position):
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    return p.question
