"""Mining puzzles from seeded random games, as Lichess mines its puzzles from real games.

Games are played with random legal actions (``carcnb.playout``), the players of each game keeping their
followers more or less often (``DEPLOY_SKIP``) so that boards range from sparse to crowded. At each decision of a ``best`` hunt (the
tile just drawn, the meteor's aim or moves, the tornado's steps, the flood's target, a ferry, a crop circle)
the turn is solved exactly, and the position is kept when its best line is unique and beats every other line
by at least ``min_margin`` points. A ``final`` hunt keeps boards whose end-of-game scoring teaches something:
farms, flooded features, earthquake tokens, a meteor in a cloister's ring. A kept position is pruned of
tiles and followers that do not change its answer, given a title that names the situation (never the
result), an explanation written from the engine's breakdown, and its grade. The same seed gives the same
puzzles: every random choice comes from generators seeded by the seed and the game's number.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from .account import account
from .actions import Action, Draw, Pass
from .errors import CarcnbError
from .game_io import position_from_state, problems, state_from_position
from .geometry import Pos, pos_text
from .grade import Grade, Search, grade, search
from .playout import random_action
from .position import FollowerToken, Position, Question, TileLine, dump
from .questions import final_score
from .rules.base import DeployStep, PlaceStep
from .rules.cropcircles import CropActStep, CropChoiceStep
from .rules.ferries import LayFerryStep, MoveFerryStep
from .rules.flood import FloodStep
from .rules.meteor import MeteorStep
from .rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from .scoring import ScoreRow
from .state import Game, GameState
from .steps import TERMINAL
from .tiles import SETS, catalogue
from .wording import sentence, tile_name

KINDS = ("best", "final")
# The decisions a best hunt examines, by the topic word that names them (and starts the file's name).
DECISIONS = {PlaceStep: "placement", MeteorStep: "meteor", FloodStep: "flood", TornadoMoveStep: "tornado",
             TornadoPickStep: "tornado", TornadoDropStep: "tornado", LayFerryStep: "ferry", MoveFerryStep: "ferry",
             CropChoiceStep: "crop", CropActStep: "crop"}
TOPICS = tuple(dict.fromkeys(DECISIONS.values()))
SIZES = (8, 40)  # boards of this many tiles are examined: small enough to read, big enough to matter
NODE_LIMIT = 3000  # a candidate whose turn needs a bigger search is skipped (its check would be slow)
PER_GAME = {"best": 3, "final": 1}  # at most this many puzzles from one game (final boards change slowly)
GAP = 4  # turns between two puzzles of one game
DEPLOY_SKIP = (0.2, 0.8)  # how often a game's random players keep their follower when they could deploy
LESSONS = ("farms", "flooded", "earthquake", "meteor beside a cloister", "ferries")


@dataclass(frozen=True)
class Mined:
    """A mined puzzle: the position with its question, title, explanation and grade, and where it came from."""

    name: str  # file stem: the situation and the seed, e.g. "meteor-s7-003"
    position: Position
    origin: str  # the game and turn it comes from, written as a comment at the top of the file

    def text(self) -> str:
        return f"# {self.origin}\n{dump(self.position)}"


@dataclass
class Tally:
    """How far a hunt has got (what the progress bar shows)."""

    examined: int = 0
    games: int = 0
    kept: int = 0


def mine(sets: Iterable[str], kind: str, count: int, seed: int, min_margin: int = 3, last_tile: bool = False,
         only: Iterable[str] = (), on_progress: Callable[[Tally], None] | None = None,
         max_games: int | None = None, on_found: Callable[[Mined], None] | None = None) -> list[Mined]:
    """Play seeded random games until ``count`` puzzles are found (or ``max_games`` are played: by default
    50 plus 20 per puzzle). ``only`` limits a best hunt to decisions of these topics (``TOPICS``);
    ``on_progress`` hears of every position examined, ``on_found`` of each puzzle as soon as it is found (to
    write it then: a hunt stopped halfway keeps what it found)."""
    sets = frozenset(sets) - {"base"}
    unknown = sorted(sets - set(SETS))
    if unknown:
        raise CarcnbError(f"unknown set {unknown[0]!r} (known: {', '.join(s for s in SETS if s != 'base')})")
    if kind not in KINDS:
        raise CarcnbError(f"unknown kind {kind!r}: expected best or final")
    if last_tile and kind != "best":
        raise CarcnbError("--last-tile makes the last turn of a best puzzle: use it with kind best")
    only = frozenset(only) or frozenset(TOPICS)
    if only - set(TOPICS):
        raise CarcnbError(f"unknown decision {sorted(only - set(TOPICS))[0]!r} (known: {', '.join(TOPICS)})")
    max_games = 50 + 20 * count if max_games is None else max_games
    command = " ".join([f"carcnb mine --sets {','.join(sorted(sets)) or 'base'} --kind {kind} --seed {seed}",
                        *([f"--min-margin {min_margin}"] if min_margin != 3 else []),
                        *(["--last-tile"] if last_tile else []),
                        *([f"--only {','.join(t for t in TOPICS if t in only)}"] if only != set(TOPICS) else [])])
    tally = Tally()
    found: list[Mined] = []
    while len(found) < count and tally.games < max_games:
        for turn, topic, puzzle in _game(sets, kind, seed, tally, min_margin, last_tile, only, on_progress):
            found.append(Mined(f"{topic}-s{seed}-{len(found) + 1:03d}", puzzle,
                               f"mined: {command}: game {tally.games}, turn {turn}"))
            if on_found is not None:
                on_found(found[-1])
            if len(found) == count:
                break
        tally.games += 1
    return found


def _game(sets: frozenset[str], kind: str, seed: int, tally: Tally, min_margin: int, last_tile: bool,
          only: frozenset[str], on_progress: Callable[[Tally], None] | None) -> Iterator[tuple[int, str, Position]]:
    """Play game number ``tally.games`` of the hunt and yield its puzzles: (turn, topic, position)."""
    rng = random.Random(f"carcnb mine {seed} {tally.games}")
    players = ("red", "blue", "green")[:rng.choice((2, 2, 3))]
    state = GameState(Game(players=players, sets=sets), seed=rng.randrange(2 ** 32))
    skip = rng.uniform(*DEPLOY_SKIP)
    turn, last_hit, hits = 0, -GAP, 0
    answers: set[str] = set()  # one game often offers the same move again a few turns later
    while state.current_player() != TERMINAL and len(state.board.tiles) <= SIZES[1] and hits < PER_GAME[kind]:
        if turn - last_hit >= GAP and len(state.board.tiles) >= SIZES[0]:
            result = _examine(state, kind, min_margin, last_tile, only)
            keep = bool(result) and repr(result[1].question.answer) not in answers
            if keep:
                answers.add(repr(result[1].question.answer))
                tally.kept += 1
                last_hit, hits = turn, hits + 1
            if result is not None:
                tally.examined += 1
                if on_progress is not None:
                    on_progress(tally)
            if keep:
                yield turn, *result
        action = _play(state, rng, skip)
        state.apply(action, check=False)
        turn += isinstance(action, Draw)


def _play(state: GameState, rng: random.Random, skip: float) -> Action:
    """A random action, except that followers are seldom deployed: players who deploy at every chance run
    out of followers early, and boards full of idle followers make poor puzzles."""
    if isinstance(state.todo[0], DeployStep) and rng.random() < skip:
        return Pass()
    return random_action(state, rng)


# ----- one position ------------------------------------------------------------------------------------------
def _examine(state: GameState, kind: str, min_margin: int, last_tile: bool, only: frozenset[str]):
    """``(topic, puzzle)`` from the state; False when the state was examined and rejected; None when it is not
    a position of the hunted kind."""
    seat = state.current_player()
    if kind == "final":
        if seat >= 0 or not state.history or state.hand is not None:
            return None
        p = _final_puzzle(position_from_state(state))
        return ("final", p) if p is not None else False
    if seat < 0 or DECISIONS.get(type(state.todo[0])) not in only:
        return None
    if isinstance(state.todo[0], PlaceStep) and state.supply(state.active) == 0:
        return None  # placing without a follower to deploy: half the puzzle is missing
    p = replace(position_from_state(state), scores=())
    if last_tile:
        p = replace(p, pile=())
    p = _best_puzzle(p, min_margin, isinstance(state.todo[0], PlaceStep))
    if p is None:
        return False
    topic = DECISIONS[type(state.todo[0])]
    return ("last-tile" if last_tile and topic == "placement" else topic), p


def _best_puzzle(p: Position, min_margin: int, placement: bool) -> Position | None:
    """The puzzle made from ``p`` when the turn's best line is unique by ``min_margin`` points (and, for a
    placement, when another choice gains something too: a placement whose only gain is the answer leaves
    nothing to weigh)."""
    p = replace(p, question=Question("best", ()))
    found = _solved(p, min_margin, placement)
    if found is None:
        return None
    p = _pruned(p, lambda q: _same_best(q, found, min_margin, placement))
    found = search(p)
    p = replace(p, question=Question("best", found.answer), title=situation(p))
    return _graded(replace(p, question=replace(p.question, explanation=best_explanation(p, found))))


def _solved(p: Position, min_margin: int, placement: bool) -> Search | None:
    """The search of ``p`` when it makes a puzzle (see ``_best_puzzle``)."""
    try:
        found = search(p, NODE_LIMIT)
    except CarcnbError:  # too big a search (SearchLimitError); or, pruned, the position no longer asks anything
        return None
    if found.margin is None or found.margin < min_margin:
        return None
    if placement and not found.tempting and not found.replies:
        return None
    return found


def _same_best(p: Position, before: Search, min_margin: int, placement: bool) -> bool:
    """Whether ``p`` still makes a puzzle, with the same best line and value."""
    found = _solved(p, min_margin, placement)
    return found is not None and (found.line, found.value) == (before.line, before.value)


def _final_puzzle(p: Position) -> Position | None:
    """The puzzle made from ``p`` when its end-of-game scoring teaches something and two players score."""
    p = replace(p, scores=(), question=Question("final", ()))
    if not any(isinstance(k, FollowerToken) for t in p.board for k in t.tokens):
        return None
    result = final_score(p)
    lessons = final_lessons(result.rows)
    if not lessons or sum(1 for c in p.players if result.scores[c]) < 2:
        return None
    p = _pruned(p, lambda q: _same_final(q, result.scores, lessons))
    result = final_score(p)
    p = replace(p, title=final_title(p, lessons),
                question=Question("final", tuple(result.scores.items()), final_explanation(p)))
    return _graded(p)


def _same_final(p: Position, scores: dict[str, int], lessons: tuple[str, ...]) -> bool:
    result = final_score(p)
    return result.scores == scores and final_lessons(result.rows) == lessons


def final_lessons(rows: tuple[ScoreRow, ...]) -> tuple[str, ...]:
    """What a final scoring teaches beyond counting tiles: farms that score, flooded features, the
    earthquake, a meteor beside a cloister, roads through a lake."""
    found = set()
    for r in rows:
        notes = " ".join(r.notes)
        if r.kind == "field" and r.points and r.scorers:
            found.add("farms")
        if r.reason == "flooded" or "flooded" in notes:
            found.add("flooded")
        if "earthquake" in r.reason or "earthquake" in notes:
            found.add("earthquake")
        if r.kind == "cloister" and "meteor" in notes:
            found.add("meteor beside a cloister")
        if "lake" in notes or "ferry" in notes:
            found.add("ferries")
    return tuple(lesson for lesson in LESSONS if lesson in found)


def _graded(p: Position) -> Position | None:
    try:
        g: Grade = grade(p)
    except CarcnbError:
        return None
    return replace(p, question=replace(p.question, difficulty=g.difficulty, topics=g.topics))


# ----- pruning -----------------------------------------------------------------------------------------------
def _pruned(p: Position, keeps: Callable[[Position], bool]) -> Position:
    """``p`` without the tiles and followers whose removal keeps the board legal and ``keeps`` true, the
    farthest from the action first, down to the smallest board examined. The start tile and the river stay."""
    bare = replace(p, gone=(), pile=() if p.pile == () else None)  # the pile as the sets have it
    if bare != p and _legal(bare) and keeps(bare):
        p = bare
    action = _action_at(p)
    order = sorted((t for t in p.board if _prunable(t)),
                   key=lambda t: (-_distance(t.pos, action), t.y, t.x))
    for t in order:
        if len(p.board) <= SIZES[0]:
            break
        smaller = p.with_board(tuple(o for o in p.board if o.pos != t.pos))
        if _legal(smaller) and keeps(smaller):
            p = smaller
    for t in sorted(p.board, key=lambda t: (-_distance(t.pos, action), t.y, t.x)):
        for token in [k for k in t.tokens if isinstance(k, FollowerToken)]:
            here = next(o for o in p.board if o.pos == t.pos)
            fewer = replace(here, tokens=tuple(k for k in here.tokens if k != token))
            smaller = p.with_board(tuple(fewer if o.pos == t.pos else o for o in p.board))
            if _legal(smaller) and keeps(smaller):
                p = smaller
    return p


def _prunable(t: TileLine) -> bool:
    return t.pos != (0, 0) and catalogue()[t.tile].set != "river"


def _action_at(p: Position) -> Pos:
    """Where the puzzle happens: the mean position of the tiles with tokens."""
    spots = [t.pos for t in p.board if t.tokens] or [t.pos for t in p.board]
    return (sum(x for x, _ in spots) // len(spots), sum(y for _, y in spots) // len(spots))


def _distance(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _legal(p: Position) -> bool:
    return not problems(p)


# ----- words -------------------------------------------------------------------------------------------------
def situation(p: Position) -> str:
    """A ``best`` puzzle's title: who decides what, on how big a board; never the answer."""
    state = state_from_position(p)
    who = state.players[state.current_player()].capitalize()
    step = state.todo[0]
    if isinstance(step, PlaceStep):
        what = f"{who} to place {tile_name(state.hand)}"
        if p.pile == ():
            what += ", the last tile of the game"
    elif isinstance(step, MeteorStep):
        what = f"{who} aims the meteor" if step.phase == "aim" else f"{who} may turn the meteor aside"
    elif isinstance(step, FloodStep):
        what = f"{who} chooses where the flood breaks"
    elif isinstance(step, (TornadoMoveStep, TornadoPickStep, TornadoDropStep)):
        what = f"{who} steers the tornado from {pos_text(state.ext['tornado'])}"
    elif isinstance(step, LayFerryStep):
        what = f"{who} lays the ferry at {pos_text(step.pos)}"
    elif isinstance(step, MoveFerryStep):
        what = f"{who} may move the ferry at {pos_text(step.pos)}"
    else:
        what = f"{who}'s crop circle choice"
    if p.pile == () and not isinstance(step, PlaceStep):
        what += " on the last turn"
    return f"{what} ({len(p.board)} tiles)"


def final_title(p: Position, lessons: tuple[str, ...]) -> str:
    return f"The game ends on {len(p.board)} tiles: {' and '.join(lessons)}"


def best_explanation(p: Position, found: Search) -> str:
    """The best turn told event by event (what it scores included), and the best other line."""
    state = state_from_position(p)
    mover = state.players[state.current_player()]
    told = account(state, [action for _, action in found.turn])
    lines = [f"Best for {mover}:"] + [f"- {line}" for line in told.lines()]
    if state.supply(mover) == 0:
        lines.insert(0, f"{mover.capitalize()} has no follower left to deploy.")
    if not found.rows:
        lines.append("Nothing scores this turn.")
    if p.pile == ():
        lines.append("That was the last tile: the end-of-game scoring counts in the value.")
    lines.append(f"Value {found.value}: {mover}'s points this turn minus the best opponent's.")
    if found.runner_up is not None:
        at, other, value = found.runner_up
        chosen = account(state, found.line[:at + 1]).entries[-1].said
        instead = account(state, (*found.line[:at], other)).entries[-1].said
        lines.append(f"The best other choice ({instead}, instead of: {chosen}) reaches {value}.")
    return "\n".join(lines) + "\n"


def final_explanation(p: Position) -> str:
    """The end of the game told: the earthquake's work, then every row of the final scoring."""
    told = account(p, end=True)
    lines = [sentence(told.lines()[0]) + "."] + [f"- {line}" for line in told.lines()[1:]]
    lines.append("Totals: " + ", ".join(f"{c} {n}" for c, n in told.after.scores.items()) + ".")
    return "\n".join(lines) + "\n"
