"""Mid-game puzzles: a few tiles before the end, the move that looks past the turn beats the greedy one.

A position is kept when the look-ahead analysis (``carcnb.players.analysis``) puts one option of the mover ahead
of every other by at least ``LEAD`` points of expected final margin with 95% confidence (the best played in
``FUTURES`` futures, every other set aside only once that sure), the greedy player's move
(``carcnb.players.greedy``: the most points this turn) is another option, and the answer is about an opponent's
follower or feature (``carcnb.telling.idea.compared``: it steals, shares, destroys or denies, or keeps from
feeding an opponent's farmer) or turns on an expansion's decision (where the ferry, the tornado, the meteor or
the flood goes, what the crop circle does), and the opponents' figures matter: without them its lead over the
greedy move would fall below ``LEAD`` or shrink by ``MATTERS`` points. The pile is cut to a few tiles
(``LEFT``) so that every future is short. The file records the level and the seed of the futures and how many the best is played in:
``carcnb check`` runs the same analysis again (``checked``) and fails the puzzle when that conclusion no longer
holds.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from carcnb.engine.actions import Action, Pass
from carcnb.engine.rules.base import DeployStep
from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import GameState
from carcnb.engine.tokens import FollowerToken
from carcnb.players.analysis import (LEAD, Analysis, Option, analyse_question, difference, future_margin,
                                    mover_options)
from carcnb.players.greedy import GreedyPlayer
from carcnb.positions.game_io import problems, state_from_position
from carcnb.positions.model import Position, Question, TileLine
from carcnb.puzzles.grade import grade
from carcnb.puzzles.pruning import pruned
from carcnb.puzzles.titles import situation, title
from carcnb.search.lines import choice
from carcnb.search.playout import random_action
from carcnb.search.solve import Solver, objective
from carcnb.telling.account import account
from carcnb.telling.events import FeatureScored, and_list, tile_name
from carcnb.telling.idea import RULE_ACTIONS, Idea, Line, compared, lines
from carcnb.telling.wording import sentence

FUTURES = 200  # futures the best option is played in
LEVEL = "random"  # who plays the futures, every seat
LEFT = (2, 6)  # tiles left in the pile: few enough that a future is short, and the check fast
PROMISE = 1  # points: what a line must beat the greedy move by, counted as at the end of the game, to be analysed
SEATS = (2, 3, 3)  # how many players a hunt's game has, drawn from these: opponents' figures make the ideas
GREEDY_SHARE = 0.7  # of a hunt's game's decisions taken as the greedy player takes them
HUNT_NODES = 3000  # how far that player searches a turn (past it, each decision alone): the hunt's games are many
GLANCE = 16  # futures the hopeful lines and the greedy move are played in before the whole analysis
MOST_TILES = 30  # a bigger board is not examined: its picture would be hard to read
OPPONENT_THEMES = ("destroy", "steal", "share", "deny", "feed")  # an opponent's figure or feature is what it is about
KEPT_THEMES = (*OPPONENT_THEMES, *dict.fromkeys(RULE_ACTIONS.values()))  # and an expansion's decision
MATTERS = 2.0  # points of the answer's lead over the greedy move that the opponents' figures must account for
HOPES = 4  # lines that beat the greedy move once what is left open is counted, glanced at
TRIAL_FUTURES = 16  # futures every option of a smaller board is played in while pruning (found judges the result)


@dataclass(frozen=True)
class Conclusion:
    """What the analysis of a mid-game puzzle found: every option, best first, and the greedy move's."""

    analysis: Analysis
    greedy: Option

    @property
    def best(self) -> Option:
        return self.analysis.best

    def ahead(self, other: Option) -> tuple[float, float]:
        """How far the best is ahead of ``other``: the mean and 95% half-width of the difference of their final
        margins over the futures both were played in."""
        return difference(self.best, other)


def asked(p: Position, seed: int) -> Position:
    """``p`` asking for the best line over the whole game, its futures' level, seed and number recorded."""
    return replace(p, question=Question("best", horizon="game", level=LEVEL, seed=seed, futures=FUTURES))


def conclude(p: Position, futures: int | None = None, greedy: tuple[Action, ...] | None = None) -> Conclusion:
    """The analysis of ``p``'s question over the whole game with its recorded seed, level and futures
    (``futures``: that many instead; ``greedy``: the greedy line, when known already)."""
    found = analyse_question(p, futures=futures)
    return Conclusion(found, greedy_option(p, found.options, greedy))


def failure(c: Conclusion, futures: int, lead: float = LEAD) -> str | None:
    """Why ``c`` is no mid-game puzzle's conclusion (None when it is one): the best option must be played in
    ``futures`` futures, be ahead of every other by ``lead`` points with 95% confidence, and not be the greedy
    move."""
    if c.analysis.exact:
        return "the last turn: the answer is the turn's, ask it without horizon = \"game\""
    if c.best.futures < futures:
        return f"the best option was played in {c.best.futures} futures, not {futures}"
    if c.greedy is c.best:
        return f"the greedy move ({line_text(c.best.line)}) is the best option"
    for o in c.analysis.options[1:]:
        mean, half = c.ahead(o)
        if mean - half < lead:
            return (f"{line_text(o.line)} is not {lead:g} points behind the best ({line_text(c.best.line)}) with 95% "
                    f"confidence: {mean:.1f} ± {half:.1f}")
    return None


def checked(p: Position) -> tuple[bool, str]:
    """Whether a mid-game puzzle's answer is still the conclusion of its analysis, run again with its seed."""
    q = p.question
    if q.seed is None or q.futures is None:
        return False, ("a best question over the whole game in the collection records its futures: add seed = N "
                       f"and futures = {FUTURES} under [question]")
    c = conclude(p)
    why = failure(c, q.futures)
    if why is not None:
        return False, f"best over the game: {why}"
    got = {"line": [str(a) for a in c.best.line], "value": c.best.points}
    if dict(q.answer) != got:
        return False, (f"best over the game: file says {answer_text(dict(q.answer))}, the analysis says "
                       f"{answer_text(got)}")
    stale = [said for said in numbers(c) if isinstance(q.explanation, str) and said not in q.explanation]
    if stale:
        return False, f"best over the game: the explanation's numbers are not the analysis's; it says now: {stale[0]}"
    mean, half = c.ahead(c.greedy)
    return True, (f"best over the game: {answer_text(got)}, ahead of the greedy move by {mean:.1f} ± {half:.1f} "
                  f"({q.futures} futures, seed {q.seed})")


def answer_text(answer: dict) -> str:
    return f"line {'; '.join(answer['line'])}, value {answer['value']}"


def line_text(line: tuple[Action, ...]) -> str:
    return "; ".join(map(str, line))


def greedy_option(p: Position, options: tuple[Option, ...], line: tuple[Action, ...] | None = None) -> Option:
    """The option the greedy player plays (``line``: its line, when known already)."""
    return option_of(state_from_position(p), options, greedy_line(p) if line is None else line)


def greedy_line(p: Position) -> tuple[Action, ...]:
    """The greedy player's decisions as the mover, from ``p`` until another player acts or the turn ends."""
    state = state_from_position(p)
    mover = state.current_player()
    player = GreedyPlayer()
    line: list[Action] = []
    while state.current_player() == mover:
        line.append(player.choose(state))
        state.apply(line[-1], check=False)
    return tuple(line)


def option_of(state: GameState, options: Sequence[Option], line: tuple[Action, ...]) -> Option | None:
    """The option that ``line`` of the mover is: the line, then the rest of the turn as the solver plays it,
    leaves the position that option leaves. None when the line is not legal here."""
    depth = len(state.history)
    solver = Solver(state)  # gains counted from the turn's start, as the options' rest of the turn is played
    try:
        for action in line:
            if action not in state.legal_actions():
                return None
            state.apply(action, check=False)
        while (seat := state.current_player()) >= 0:
            state.apply(choice(solver, seat), check=False)
        key = state.turn_key()
    finally:
        while len(state.history) > depth:
            state.undo()
    return next(o for o in options if _key_after(state, o) == key)


def _key_after(state: GameState, option: Option) -> tuple:
    for _, action in option.play:
        state.apply(action, check=False)
    key = state.turn_key()
    for _ in option.play:
        state.undo()
    return key


def idea_of(p: Position, c: Conclusion) -> Idea | None:
    """The idea of the answer against the greedy move, when it is one a mid-game puzzle is kept for
    (``KEPT_THEMES``)."""
    idea = compared(p, c.best.line, c.greedy.line, 0)
    return idea if _kept(idea) else None


def found(p: Position, seed: int, lead: float = LEAD,
          like: tuple[Conclusion, Idea] | None = None) -> tuple[Conclusion, Idea] | None:
    """The conclusion and idea that make ``p`` (its pile already cut to the tiles left) a mid-game puzzle with
    futures of ``seed``, the answer ahead of every other option by ``lead`` points (at least ``LEAD``), or None.
    Cheap looks come first and set most positions aside: no line beats the greedy move once what the turn leaves
    open is counted (``_hopes``), or none leads it by the lead in a glance at a few futures. ``like``: the
    puzzle that ``p``, a smaller board, must still be (pruning): the same answer and idea, or None as soon as
    that fails (an answer that cannot be played, another best option), before the costlier looks."""
    p = asked(p, seed)
    if like is not None and not _legal_line(p, like[0].best.line):
        return None
    hopes, greedy = _hopes(p)
    if not hopes or not _glanced(p, greedy, hopes, lead):
        return None
    c = conclude(p, greedy=greedy)
    if like is not None and c.best.line != like[0].best.line:
        return None
    if failure(c, FUTURES, lead) is not None:
        return None
    idea = idea_of(p, c)
    if idea is None or (like is not None and idea.key != like[1].key) or not _opponents_matter(p, c, lead):
        return None
    return c, idea


def _legal_line(p: Position, line: tuple[Action, ...]) -> bool:
    """Whether the mover can play ``line`` in ``p``."""
    state = state_from_position(p)
    for action in line:
        if action not in state.legal_actions():
            return False
        state.apply(action, check=False)
    return True


def _hopes(p: Position) -> tuple[list[tuple[Action, ...]], tuple[Action, ...]]:
    """The lines of the mover that beat the greedy move by ``PROMISE`` points once what the turn leaves open is
    counted as at the end of the game (``idea.lines``, what the explanation tells) and have an idea a puzzle is
    kept for (``KEPT_THEMES``), the best ``HOPES`` of them; and the greedy move. The greedy move scores the most
    this turn, so when no line beats the worst of those by ``PROMISE`` there is no need to ask the greedy
    player."""
    found = lines(p) or []
    if not found:
        return [], ()
    seat = state_from_position(p).current_player()
    top = max(objective(ln.now, seat) for ln in found)
    floor = min(ln.worth(seat) for ln in found if objective(ln.now, seat) == top)
    if all(ln.worth(seat) < floor + PROMISE for ln in found):
        return [], ()
    greedy = greedy_line(p)
    obvious = next((ln for ln in found if ln.mine == greedy), None)
    if obvious is None:
        return [], greedy
    better = sorted((ln for ln in found if ln.worth(seat) >= obvious.worth(seat) + PROMISE),
                    key=lambda ln: -ln.worth(seat))
    return [ln.mine for ln in better[:HOPES] if _kept(compared(p, ln.mine, greedy, 0))], greedy


def _glanced(p: Position, greedy: tuple[Action, ...], hopes: list[tuple[Action, ...]], lead: float) -> bool:
    """Whether one of ``hopes`` leads the greedy move by ``lead`` over the first ``GLANCE`` futures."""
    state = state_from_position(p)
    options = mover_options(state, state.current_player())
    obvious = option_of(state, options, greedy)
    chosen = [o for line in hopes if (o := option_of(state, options, line)) is not None]
    _play_out(state, {id(o): o for o in (obvious, *chosen)}.values(), LEVEL, p.question.seed, GLANCE)
    return any(o is not obvious and difference(o, obvious)[0] >= lead for o in chosen)


def _play_out(state: GameState, options: Iterable[Option], level: str, seed: int, futures: int) -> None:
    """Play each option in the first ``futures`` futures of ``seed`` (those the analysis samples)."""
    seat = state.current_player()
    for future in range(futures):
        for o in options:
            o.margins.append(future_margin(state, o, seat, level, seed, future))


def _kept(idea: Idea | None) -> bool:
    return idea is not None and idea.theme in KEPT_THEMES


def _opponents_matter(p: Position, c: Conclusion, lead: float) -> bool:
    """Whether the answer needs the opponents' figures to beat the greedy move as it does: without them on the
    board, the same two lines played in the same futures are less than ``lead`` apart on average, or the
    answer's lead shrinks by ``MATTERS`` points."""
    state = state_from_position(without_opponents(p, c.analysis.mover))
    options = mover_options(state, state.current_player())
    answer, greedy = option_of(state, options, c.best.line), option_of(state, options, c.greedy.line)
    if answer is None or greedy is None:
        return True  # a line of the puzzle cannot be played without them
    _play_out(state, (answer, greedy), c.analysis.level, c.analysis.seed, c.best.futures)
    alone = difference(answer, greedy)[0]
    return alone < lead or c.ahead(c.greedy)[0] - alone >= MATTERS


def without_opponents(p: Position, mover: str) -> Position:
    """``p`` with no figure of another player than ``mover`` on the board."""
    def kept(t: TileLine) -> TileLine:
        return replace(t, tokens=tuple(k for k in t.tokens if not isinstance(k, FollowerToken) or k.color == mover))

    return p.with_board(tuple(map(kept, p.board)))


def play(state: GameState, rng: random.Random, skip: float) -> Action:
    """An action of a mid-game hunt's game: mostly the greedy player's (``GREEDY_SHARE``), so that followers
    stand on features worth contesting, else a random one; a follower is kept back with probability ``skip``."""
    if isinstance(state.todo[0], DeployStep) and rng.random() < skip:
        return Pass()
    if state.current_player() >= 0 and rng.random() < GREEDY_SHARE:
        return GreedyPlayer(node_limit=HUNT_NODES).choose(state)
    return random_action(state, rng)


def cut(p: Position, state: GameState, rng: random.Random) -> Position | None:
    """``p`` (made from ``state``) with its pile cut to a few of the tiles left, drawn by ``rng``: the game ends
    after them. None while the river still flows (its tiles come first), on a board of more than
    ``MOST_TILES`` tiles, or when too few tiles are left."""
    if any(sum(stage.values()) for stage in state.stages[:-1]) or len(state.board.tiles) > MOST_TILES:
        return None
    left = sorted(tid for tid, n in state.stages[-1].items() for _ in range(n))
    k = rng.randint(*LEFT)
    if len(left) < k:
        return None
    shorter = replace(p, pile=tuple(sorted(rng.sample(left, k))))
    return None if problems(shorter) else shorter


def puzzle(p: Position, seed: int, lead: float = LEAD) -> Position | None:
    """The mid-game puzzle made from ``p`` (its pile cut), pruned of what changes neither its answer nor its
    idea, graded, titled and explained; None when ``p`` makes none. Pruning tries each smaller board in a few
    futures (``_tried``); the whole of ``found`` judges only the boards pruning ends on (``_confirmed``)."""
    made = found(p, seed, lead)
    if made is None:
        return None
    accepted = [asked(p, seed)]

    def same(q: Position) -> bool:
        if not _tried(q, made, lead):
            return False
        accepted.append(q)
        return True

    pruned(accepted[0], same)
    return finished(*_confirmed(accepted, made, seed, lead))


def _tried(q: Position, made: tuple[Conclusion, Idea], lead: float) -> bool:
    """Whether ``q``, a smaller board than the one the puzzle ``made`` was found on, looks like the same puzzle
    at a fraction of the cost of ``found``: the answer can be played, the greedy move is another option with
    the same idea against it, and in the first ``TRIAL_FUTURES`` futures the answer leads every other option by
    the lead on average, and the opponents' figures matter."""
    c, idea = made
    if not _legal_line(q, c.best.line):
        return False
    greedy = greedy_line(q)
    again = compared(q, c.best.line, greedy, 0)
    if again is None or again.key != idea.key:
        return False
    state = state_from_position(q)
    options = mover_options(state, state.current_player())
    answer, obvious = option_of(state, options, c.best.line), option_of(state, options, greedy)
    if obvious is answer:
        return False
    _play_out(state, options, q.question.level, q.question.seed, TRIAL_FUTURES)
    others = [o for o in options if o is not answer]
    if any(difference(answer, o)[0] < lead for o in others):
        return False
    trial = Analysis(c.analysis.mover, (answer, *others), q.question.level, False, 0.0, q.question.seed)
    return _opponents_matter(q, Conclusion(trial, obvious), lead)


def _confirmed(accepted: list[Position], made: tuple[Conclusion, Idea], seed: int,
               lead: float) -> tuple[Position, Conclusion, Idea]:
    """The most pruned of ``accepted`` (the boards pruning went through, the first the one ``made`` was found
    on) that ``found`` makes the same puzzle, with its conclusion and idea: the last first, then halving the
    way back between the last found good and the first found wanting."""
    good, bad, kept = 0, len(accepted), made
    probe = len(accepted) - 1
    while probe > good:
        got = found(accepted[probe], seed, lead, like=made)
        if got is not None:
            good, kept = probe, got
        else:
            bad = probe
        probe = (good + bad) // 2
    return accepted[good], *kept


def finished(p: Position, c: Conclusion, idea: Idea) -> Position | None:
    """``p`` asked over the whole game, with its answer, grade, title and explanation from ``c`` and ``idea``."""
    p = replace(p, question=replace(p.question, answer=(("line", [str(a) for a in c.best.line]),
                                                       ("value", c.best.points))))
    try:
        g = grade(p)
    except CarcnbError:
        return None
    p = replace(p, question=replace(p.question, difficulty=g.difficulty, topics=g.topics))
    return replace(p, title=title(idea, situation(p)),
                   question=replace(p.question, explanation=explanation(p, c, idea)))


# ----- words -------------------------------------------------------------------------------------------------
OPENINGS = {  # what the greedy move leaves open, by the idea's theme (an expansion's decision: the rows alone)
    "feed": "it feeds {opponent}'s farmer",
    "deny": "it leaves {opponent} more from the {kind}",
    "steal": "it does not take the {kind} from {opponent}",
    "share": "it does not take a share of {opponent}'s {kind}",
    "destroy": "it leaves {opponent}'s {kind} on the board",
}


def explanation(p: Position, c: Conclusion, idea: Idea) -> str:
    """What best means here with its numbers, what the greedy move does and leaves open, what the answer leaves
    open instead, and how far ahead it is (the answer's own events are the reveal's, never told here)."""
    state = state_from_position(p)
    mover, seat = c.analysis.mover, state.current_player()
    rivals = [c for c in state.players if c != mover]
    others = f"{rivals[0]}'s" if len(rivals) == 1 else "the best opponent's"
    left = state.pile_size()
    tiles = and_list([tile_name(t) for t in sorted(p.pile)])
    greedy = account(state, [a for _, a in c.greedy.play])
    out = [f"Best means the highest expected final margin, {mover}'s final score minus {others}, once the {left} "
           f"tiles left ({tiles}) are drawn in a random order, every seat played by the {c.analysis.level} player. "
           f"Every option is played in the same {c.best.futures} sampled futures (seed {p.question.seed}); ± is "
           "the 95% interval.",
           f"The greedy move, the most points this turn ({line_text(c.greedy.line)}): {greedy.entries[0].said}, "
           f"which scores {mover} {idea.obvious.own(seat)} at once."]
    out += [f"- {line}" for entry in greedy.entries for line in entry.lines()][1:]
    out.append(f"{sentence(_opening(idea))}: counted as at the end of the game, {_left(idea.obvious, idea.answer)}.")
    after_greedy, after_answer = numbers(c)
    out.append(after_greedy)
    out.append(f"The answer leaves open instead, counted as at the end of the game: "
               f"{_left(idea.answer, idea.obvious)}.")
    out.append(after_answer)
    return "\n".join(out) + "\n"


def numbers(c: Conclusion) -> tuple[str, str]:
    """The analysis's numbers as the explanation says them: after the greedy move, and after the answer."""
    mean, half = c.ahead(c.greedy)
    return (f"Expected final margin after it: {c.greedy.estimate:+.1f} ± {c.greedy.half_width:.1f}.",
            f"Expected final margin after it: {c.best.estimate:+.1f} ± {c.best.half_width:.1f}, ahead of the "
            f"greedy move by {mean:.1f} ± {half:.1f}, and of every other option by at least {LEAD:g} points "
            "(95% confidence).")


def _opening(idea: Idea) -> str:
    kind = "farm" if idea.feature == "field" else idea.feature
    return OPENINGS.get(idea.theme, "what it leaves open").format(opponent=idea.opponent, kind=kind)


def _left(line: Line, other: Line) -> str:
    """What ``line`` leaves open that ``other`` does not: the end-of-game rows after it that differ."""
    theirs = {FeatureScored(r, "end").text() for r in other.end}
    told = [t for r in line.end if r.scorers and r.points and (t := FeatureScored(r, "end").text()) not in theirs]
    return "; ".join(told) or "nothing that scores"
