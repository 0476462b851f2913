"""Checking a player's answer to a puzzle, and telling them why it is right or wrong.

Answers take the form of ``carcnb quiz --answer``: ``final`` totals as ``red=18 blue=11``, a ``count`` as
``7``, a ``best`` line as the player's own actions in the action notation separated by ``;``. In a ``best``
line the engine plays every other player's decisions (``replies``) the way the solver does: each chooses what
is best for themselves (max^n, see ``solve``). A line is complete once it gives every decision the player
faces before someone else acts; decisions the player meets later in the turn, after the replies, may be given
too, and those not given are valued as the engine would play them -- the value of a line is the solver's
value of the position it leads to, as for the file's answer. A line is right when it reaches the best value.

``hints`` go from general to specific, ``reveal`` gives the answer with its score rows. Nothing here draws.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .actions import Action, parse_action
from .errors import ActionSyntaxError, CarcnbError
from .game_io import state_from_position
from .position import Position
from .questions import answer as engine_answer
from .questions import final_score, placements
from .rulings import RULINGS
from .scoring import ScoreRow
from .solve import Solver, Values, objective
from .state import GameState
from .tiles import catalogue
from .wording import tile_name

RIGHT = "Right!"
WRONG = "Not quite."
_EXAMPLE_POINTS = (18, 11, 7, 23, 5, 14)


class AnswerSyntaxError(CarcnbError):
    """An answer that does not spell an answer of its question's kind; the message shows the expected form."""


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and what is wrong with it in words (never the right answer itself).

    For ``best``: ``value`` is what the player's line reaches (None when it is illegal or incomplete),
    ``best_value`` the best value, and ``replies`` the other players' moves played in answer to the line,
    as ``"blue: meteor 3,-1"``."""

    right: bool
    headline: str
    details: tuple[str, ...] = ()
    value: int | None = None
    best_value: int | None = None
    replies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reveal:
    """The answer in words, the file's explanation, the score rows of the answer (the final scoring, or the
    rows scored along the best line) and the best line (the player's decisions; empty for other kinds).
    ``play`` is the whole rest of the turn along the best line, every player's decisions with who took them."""

    answer_text: str
    explanation: str | None
    rows: tuple[ScoreRow, ...]
    line: tuple[Action, ...] = ()
    play: tuple[tuple[str, Action], ...] = ()


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
    """The answer ``text`` spells for the question of ``p``; raises ``AnswerSyntaxError`` showing the form."""
    kind = _question(p).kind

    def fail(what: str) -> AnswerSyntaxError:
        return AnswerSyntaxError(f"{what}\n  expected {expected_form(p)}")

    text = text.strip()
    if kind == "count":
        if not re.fullmatch(r"[0-9]+", text):
            raise fail(f"{text!r} is not a count")
        return int(text)
    if kind == "final":
        pairs = re.findall(r"([A-Za-z]+)\s*=\s*(-?[0-9]+)", text)
        leftover = re.sub(r"([A-Za-z]+)\s*=\s*(-?[0-9]+)", "", text).strip(" ,;\t\n")
        if not pairs or leftover:
            raise fail(f"cannot read {leftover or text!r}" if text else "no answer")
        totals: dict[str, int] = {}
        for color, points in pairs:
            color = color.lower()
            if color not in p.players:
                raise fail(f"{color!r} is not a player here (players: {', '.join(p.players)})")
            if color in totals:
                raise fail(f"{color} is given twice")
            totals[color] = int(points)
        missing = [c for c in p.players if c not in totals]
        if missing:
            raise fail(f"no total for {', '.join(missing)}")
        return totals
    parts = [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]
    if not parts:
        raise fail("no actions")
    line = []
    for i, part in enumerate(parts, 1):
        try:
            line.append(parse_action(part))
        except ActionSyntaxError as e:
            raise fail(f"action {i}: {e}") from None
    return line


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
    return _check_best(p, given)


def _check_final(p: Position, given: Mapping[str, int]) -> Verdict:
    truth = final_score(p).scores
    details = []
    for color in p.players:
        said = given.get(color)
        if said is None:
            details.append(f"No total for {color}.")
        elif said != truth[color]:
            diff = truth[color] - said
            details.append(f"{color.capitalize()}: {said} is {abs(diff)} too {'few' if diff > 0 else 'many'}.")
    extra = sorted(set(given) - set(p.players))
    details += [f"{c} is not a player here." for c in extra]
    if details:
        right = len(p.players) - sum(given.get(c) != truth[c] for c in p.players)
        details.append(f"{right} of {len(p.players)} totals {'is' if right == 1 else 'are'} right.")
    if not details:
        return Verdict(True, RIGHT, ("Every total is right.",))
    return Verdict(False, WRONG, tuple(details))


def _check_count(p: Position, given: int) -> Verdict:
    truth = len(placements(p))
    if given == truth:
        return Verdict(True, RIGHT, (_capital(f"{tile_name(p.hand)} has {_placements(truth)}."),))
    more = "fewer" if given > truth else "more"
    return Verdict(False, WRONG, (f"There are {more} than {given}: count each position and each rotation "
                                  "where every edge matches.",))


def _check_best(p: Position, given: Sequence[Action | str]) -> Verdict:
    line = [a if isinstance(a, Action) else _parse_one(p, a, i) for i, a in enumerate(given, 1)]
    state = state_from_position(p)
    mover = _mover(state, p)
    who = state.players[mover]
    solver = Solver(state)
    best = objective(solver.value(), mover)
    story: list[str] = []  # what happened, in order: the replies to each of the player's actions
    answered: list[str] = []

    def wrong(why: str) -> Verdict:
        return Verdict(False, WRONG, (*story, why), None, best, tuple(answered))

    last_answer: list[tuple[int, Action]] = []
    for i, action in enumerate(line, 1):
        if state.current_player() != mover:
            return wrong(f"Action {i}, {str(action)!r}, comes after {who}'s part of the turn is over.")
        legal = state.legal_actions()
        if action not in legal:
            return wrong(f"Action {i}, {str(action)!r}, is not legal here ({state.todo[0].describe()}; legal: "
                         f"{_listed(legal)}).")
        state.apply(action, check=False)
        last_answer = _replies(state, mover, solver)
        if last_answer:
            story.append(f"After {str(action)!r}, {_answers_text(state, last_answer)}.")
        answered += [f"{state.players[s]}: {a}" for s, a in last_answer]
    if state.current_player() == mover and not last_answer:  # the player stopped in the middle
        return wrong(f"The line is not complete: {who} has another decision to make ({state.todo[0].describe()}).")
    gains = solver.value()
    value = objective(gains, mover)
    reached = f"Your line reaches a value of {value} ({_gains_text(state, gains)} this turn)"
    if value == best:
        return Verdict(True, RIGHT, (f"{reached}: the best there is.", *story), value, best, tuple(answered))
    return Verdict(False, WRONG, (f"{reached}; the best line reaches {best}.", *story), value, best,
                   tuple(answered))


def _answers_text(state: GameState, answers: list[tuple[int, Action]]) -> str:
    """``blue answers tornado 1,1; tornado 1,0, then green answers pass``: the replies grouped by player."""
    groups: list[tuple[int, list[str]]] = []
    for seat, action in answers:
        if groups and groups[-1][0] == seat:
            groups[-1][1].append(str(action))
        else:
            groups.append((seat, [str(action)]))
    return ", then ".join(f"{state.players[seat]} answers {'; '.join(acts)}" for seat, acts in groups)


def replies(state: GameState, mover: int, start: Mapping[str, int] | None = None) -> list[Action]:
    """Play the engine's choices for every other seat that acts until ``mover`` acts again or the turn ends;
    returns the actions played. Each player chooses as the solver does, counting gains from ``start`` (the
    scores where the puzzle began; by default the scores now -- the same choices in two-player games)."""
    solver = Solver(state)
    if start is not None:
        solver.start = tuple(start[c] for c in state.players)
    return [a for _, a in _replies(state, mover, solver)]


def _replies(state: GameState, mover: int, solver: Solver) -> list[tuple[int, Action]]:
    played = []
    while (seat := state.current_player()) >= 0 and seat != mover:
        action = _choice(solver, seat)
        state.apply(action, check=False)
        played.append((seat, action))
    return played


def _choice(solver: Solver, seat: int) -> Action:
    """The solver's choice for ``seat`` now: the first legal action of the best value for that seat."""
    choices = solver.choices()
    top = max(objective(v, seat) for _, v in choices)
    return next(a for a, v in choices if objective(v, seat) == top)


def _gains_text(state: GameState, gains: Values) -> str:
    return ", ".join(f"{c} {g:+d}" for c, g in zip(state.players, gains))


def _listed(actions: list[Action], most: int = 10) -> str:
    shown = ", ".join(map(str, actions[:most]))
    return shown + (f", ... ({len(actions)} in all)" if len(actions) > most else "")


def _parse_one(p: Position, text: str, i: int) -> Action:
    try:
        return parse_action(text)
    except ActionSyntaxError as e:
        raise AnswerSyntaxError(f"action {i}: {e}\n  expected {expected_form(p)}") from None


# ----- hints and the answer --------------------------------------------------------------------------------
def hints(p: Position) -> list[str]:
    """Hints from general to specific, one step at a time: what matters, what scores here, the rulings that
    decide it (when the answer depends on one), then a nudge towards the answer that does not state it."""
    kind = _question(p).kind
    if kind == "final":
        out = _final_hints(p)
    elif kind == "count":
        out = _count_hints(p)
    else:
        out = _best_hints(p)
    deciding = deciding_rulings(p)
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
               "meets a matching edge (road to road, city to city, field to field). Count each position and "
               "rotation once.")
    here = f"Try all four rotations of {name} at every open position: some positions take several, some none."
    if catalogue()[p.hand].set == "river":
        here += " A river tile must continue the river and may not turn the same way twice in a row."
    if any(catalogue()[t.tile].has("flood") for t in p.board):
        here += " Mind the positions around the flood."
    nudge = (_capital(f"One of them: {name} at {found[0][0]},{found[0][1]} turned {found[0][2]}.") if found
             else _capital(f"Does {name} fit anywhere at all?"))
    return [general, here, nudge]


def _best_hints(p: Position) -> list[str]:
    state = state_from_position(p)
    who = state.players[_mover(state, p)]
    best = _best_play(p)
    others = sorted({c for c, _ in best.play if c != who})
    answering = (f"{' and '.join(c.capitalize() for c in others)} will answer within the turn, each choosing "
                 "what is best for them. " if others else "")
    general = (f"Think the turn through to its end. {answering}A line's value is what {who} gains this turn "
               "minus the most any other player gains.")
    here = _what_scores("Along the best line these score this turn", best.rows,
                        none="Along the best line nothing scores this turn: look at what the others could gain.")
    nudge = f"The best line reaches a value of {best.value}: count what each choice gives and what it takes away."
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
    state = "completed" if top.complete else "unfinished"
    return f"The biggest single score here is a{'n' if state[0] == 'u' else ''} {state} {top.kind} worth " \
           f"{top.points} point{'s' if top.points > 1 else ''}."


# A ruling can only decide a position where its rule's tiles are in play (``scoring`` rulings: always).
_RULING_TILES = {"earthquake": "earthquake", "flood": "flood", "meteor": "meteor", "tornado": "tornado",
                 "ferries": "crop_circle", "cropcircles": "crop_circle"}


def deciding_rulings(p: Position) -> list[tuple[str, str]]:
    """The rulings under which another option changes the answer of ``p``, each with the option in force.
    Only rulings whose tiles are in play are tried; options under which the position is not possible (its
    tiles, its played actions) are skipped. A ``best`` search under another option that would take much
    longer than the position's own is given up (``_budget``): the rulings the file sets, which the puzzle
    is about, get a larger budget than the others."""
    state = state_from_position(p)
    cat = catalogue()
    in_play = {flag for t in (*(t.tile for t in p.board), *([p.hand] if p.hand else [])) for flag in cat[t].flags}
    here = state.game.rulings
    kind = _question(p).kind
    own = _best_play(p) if kind == "best" else None
    mine = _comparable(kind, own if own is not None else engine_answer(p))
    out = []
    for rid in sorted(RULINGS, key=lambda r: r not in dict(p.rulings)):  # the file's rulings first
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
                                     _best_play(other, _budget(own.nodes, rid in dict(p.rulings))))
            except (CarcnbError, _OverBudget):  # not a possible position under that option, or too long to tell
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


def reveal(p: Position) -> Reveal:
    """The answer: in words, with the file's explanation, its score rows and (for ``best``) the line."""
    q = _question(p)
    if q.kind == "final":
        scored = final_score(p)
        text = ", ".join(f"{c} {n}" for c, n in scored.scores.items())
        return Reveal(f"Final totals: {text}.", q.explanation, tuple(scored.rows))
    if q.kind == "count":
        found = placements(p)
        spots = "; ".join(f"{x},{y} turned {rot}" for x, y, rot in found)
        text = _capital(f"{tile_name(p.hand)} has {_placements(len(found))}") + (f": {spots}." if found else ".")
        return Reveal(text, q.explanation, ())
    best = _best_play(p)
    rest = [f"{c}: {a}" for c, a in best.play[len(best.line):]]
    text = f"{'; '.join(map(str, best.line))} -- value {best.value} ({best.gains} this turn)."
    if rest:
        text += f" The turn goes on: {'; '.join(rest)}."
    return Reveal(text, q.explanation, best.rows, best.line, best.play)


class _OverBudget(Exception):
    """A search went past its node budget."""


class _BudgetSolver(Solver):
    def __init__(self, state: GameState, limit: int):
        super().__init__(state)
        self.limit = limit

    def value(self) -> Values:
        if self.nodes > self.limit:
            raise _OverBudget
        return super().value()


@dataclass(frozen=True)
class _BestPlay:
    line: tuple[Action, ...]  # the mover's consecutive decisions
    play: tuple[tuple[str, Action], ...]  # the whole rest of the turn
    rows: tuple[ScoreRow, ...]
    value: int
    gains: str
    nodes: int


def _best_play(p: Position, limit: int | None = None) -> _BestPlay:
    """The rest of the turn with every player choosing as the solver does (ties: the first legal action);
    raises ``_OverBudget`` when the search visits more than ``limit`` states."""
    state = state_from_position(p)
    mover = _mover(state, p)
    solver = Solver(state) if limit is None else _BudgetSolver(state, limit)
    rows_before = len(state.rows)
    play: list[tuple[str, Action]] = []
    line: list[Action] = []
    while (seat := state.current_player()) >= 0:
        action = _choice(solver, seat)
        if seat == mover and len(line) == len(play):
            line.append(action)
        play.append((state.players[seat], action))
        state.apply(action, check=False)
    gains = solver.value()
    return _BestPlay(tuple(line), tuple(play), state.rows[rows_before:], objective(gains, mover),
                     _gains_text(state, gains), solver.nodes)


# ----- shared ----------------------------------------------------------------------------------------------
def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _placements(n: int) -> str:
    return f"{n} legal placement{'' if n == 1 else 's'}"


def _question(p: Position):
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file")
    return p.question


def _state(p: Position) -> GameState:
    return state_from_position(p)


def _mover(state: GameState, p: Position) -> int:
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError(f"{p.path}: nothing to decide: the position is at a draw or the game is over")
    return seat
