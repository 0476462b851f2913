"""Mining puzzles from seeded random games, as Lichess mines its puzzles from real games.

Games are played with random legal actions (``carcnb.search.playout``), the players of each game keeping their
followers more or less often (``DEPLOY_SKIP``) so that boards range from sparse to crowded. At each decision
of a ``best`` hunt (the
tile just drawn, the meteor's aim or moves, the tornado's steps, the flood's target, a ferry, a crop circle)
of a last-tile hunt the turn is solved exactly, and the position is kept when its best line is unique and beats
every other line by at least ``min_margin`` points and its answer makes an idea (``carcnb.telling.idea``: not
the obvious move, still best once what is left open is valued, against an opponent or on an expansion's
decision). Any other best hunt makes mid-game puzzles (``carcnb.puzzles.midgame``: the pile cut to a few tiles,
the answer ahead of every other option over the rest of the game, the greedy move not it, an opponent
involved), its games played mostly as the greedy player plays. A ``final`` hunt
keeps boards whose end-of-game scoring teaches something: farms, flooded features, earthquake tokens, a meteor
in a cloister's ring. A kept position is pruned of the tiles and followers that do not change its answer or
its idea, titled with the idea and who decides what (never the answer), explained in the account's words,
and graded. At most one puzzle comes from a game. The same seed gives the same puzzles, whatever the number of
worker processes: every random choice comes from generators seeded by the seed and the game's number.
"""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace

from carcnb.engine.actions import Action, Draw, Pass
from carcnb.engine.errors import CarcnbError
from carcnb.engine.rules.base import DeployStep, PlaceStep
from carcnb.engine.rules.cropcircles import CropActStep, CropChoiceStep
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep
from carcnb.engine.rules.flood import FloodStep
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import TERMINAL
from carcnb.engine.tiles import SETS
from carcnb.engine.tokens import FollowerToken
from carcnb.positions.dump import dump
from carcnb.positions.game_io import position_from_state, state_from_position
from carcnb.positions.model import Position, Question
from carcnb.puzzles import midgame
from carcnb.puzzles.grade import Grade, Search, grade, search
from carcnb.puzzles.pruning import pruned
from carcnb.puzzles.titles import situation, title
from carcnb.search.playout import random_action
from carcnb.search.questions import final_score
from carcnb.search.budget import max_nodes, search_budget
from carcnb.telling.account import account
from carcnb.telling.idea import Idea, judge
from carcnb.telling.idea_words import explanation
from carcnb.telling.wording import sentence

KINDS = ("best", "final")
# The decisions a best hunt examines, by the topic word that names them (and starts the file's name).
DECISIONS = {PlaceStep: "placement", MeteorStep: "meteor", FloodStep: "flood", TornadoMoveStep: "tornado",
             TornadoPickStep: "tornado", TornadoDropStep: "tornado", LayFerryStep: "ferry", MoveFerryStep: "ferry",
             CropChoiceStep: "crop", CropActStep: "crop"}
TOPICS = tuple(dict.fromkeys(DECISIONS.values()))
SIZES = (8, 40)  # boards of this many tiles are examined: small enough to read, big enough to matter
NODE_LIMIT = 3000  # a candidate whose turn needs a bigger search is skipped (its check would be slow)
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
         max_games: int | None = None, on_found: Callable[[Mined], None] | None = None,
         workers: int = 1) -> list[Mined]:
    """Play seeded random games until ``count`` puzzles are found (or ``max_games`` are played: by default
    50 plus 20 per puzzle), at most one puzzle a game. ``only`` limits a best hunt to decisions of these
    topics (``TOPICS``); ``on_progress`` hears of every game played, ``on_found`` of each puzzle as soon as
    it is found (to write it then: a hunt stopped halfway keeps what it found); ``workers`` processes play
    the games (at most one a core), with the same puzzles whatever their number."""
    sets, only = hunted(sets, kind, last_tile, only)
    max_games = 50 + 20 * count if max_games is None else max_games
    command = " ".join([f"carcnb mine --sets {','.join(sorted(sets)) or 'base'} --kind {kind} --seed {seed}",
                        *([f"--min-margin {min_margin}"] if min_margin != 3 else []),
                        *(["--last-tile"] if last_tile else []),
                        *([f"--only {','.join(t for t in TOPICS if t in only)}"] if only != set(TOPICS) else [])])
    tally = Tally()
    found: list[Mined] = []
    seen: set[str] = set()
    hunt = _Hunt(tuple(sorted(sets)), kind, seed, min_margin, last_tile, tuple(sorted(only)), max_nodes())
    workers = max(1, min(workers, cores(), max_games))
    with closing(_games(hunt, max_games, workers)) as games:  # closed at once, whatever stops the hunt
        for game in games:
            tally.games += 1
            tally.examined += game.examined
            if game.puzzle is not None and (same := _sameness(game.puzzle)) not in seen:
                seen.add(same)
                tally.kept += 1
                found.append(Mined(f"{game.topic}-s{seed}-{len(found) + 1:03d}", game.puzzle,
                                   f"mined: {command}: game {game.number}, turn {game.turn}"))
                if on_found is not None:
                    on_found(found[-1])
            if on_progress is not None:
                on_progress(tally)
            if len(found) == count:
                break
    return found


def hunted(sets: Iterable[str], kind: str, last_tile: bool = False,
           only: Iterable[str] = ()) -> tuple[frozenset[str], frozenset[str]]:
    """The sets (without ``base``) and the decisions a hunt examines; raises ``CarcnbError`` for options that
    make no hunt, before any game is played."""
    sets = frozenset(sets) - {"base"}
    unknown = sorted(sets - set(SETS))
    if unknown:
        raise CarcnbError(f"unknown set {unknown[0]!r} (known: {', '.join(s for s in SETS if s != 'base')})")
    if kind not in KINDS:
        raise CarcnbError(f"unknown kind {kind!r}: expected best or final")
    if last_tile and kind != "best":
        raise CarcnbError("--last-tile makes the last turn of a best puzzle: use it with kind best")
    only = frozenset(only)
    if only and kind != "best":
        raise CarcnbError(f"--only chooses the decisions a best hunt examines; a {kind} hunt examines the end of "
                          f"each game: leave --only out, or use --kind best")
    only = only or frozenset(TOPICS)
    if only - set(TOPICS):
        raise CarcnbError(f"unknown decision {sorted(only - set(TOPICS))[0]!r} (known: {', '.join(TOPICS)})")
    return sets, only


@dataclass(frozen=True)
class _Hunt:
    """What every game of a hunt is played and examined with (sent to the worker processes)."""

    sets: tuple[str, ...]
    kind: str
    seed: int
    min_margin: int
    last_tile: bool
    only: tuple[str, ...]
    max_nodes: int


@dataclass(frozen=True)
class _Game:
    """What one game gave: how many positions were examined, and its puzzle (at most one) with its turn."""

    number: int
    examined: int
    puzzle: Position | None = None
    topic: str = ""
    turn: int = 0


def _games(hunt: _Hunt, max_games: int, workers: int) -> Iterator[_Game]:
    """The hunt's games in their order, played by ``workers`` processes; the order, and so every file, is
    the same whatever the number of workers."""
    tasks = ((hunt, number) for number in range(max_games))
    if workers == 1:
        yield from (_game(*task) for task in tasks)
        return
    pool = None
    try:
        with _ctrl_c_held():
            pool = multiprocessing.Pool(workers, initializer=_ignore_ctrl_c)
        yield from pool.imap(_game_task, tasks)
    finally:  # enough found, Ctrl-C or an error: the workers are stopped, not waited for
        if pool is not None:
            pool.terminate()


def cores() -> int:
    """The cores this process may run on: more workers would only wait for one another."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C noted, not raised, while the pool starts, then raised again once it is there to be stopped. A
    KeyboardInterrupt raised while a worker is forked is lost in the fork's own handlers (the forking goes
    on), and a worker not yet started would die with a traceback; each worker starts with this handler
    and ignores Ctrl-C from its first line on."""
    if threading.current_thread() is not threading.main_thread():  # only there can a handler be set
        yield
        return
    came: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if came:
        signal.raise_signal(signal.SIGINT)  # to whatever handles it now: KeyboardInterrupt, as a rule


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the main process, which stops them and keeps what was written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _game_task(task: tuple[_Hunt, int]) -> _Game:
    return _game(*task)


def _sameness(p: Position) -> str:
    """Two puzzles with this text in common are one puzzle (random games sometimes meet the same board)."""
    return dump(replace(p, title=None, question=replace(p.question, explanation=None)))


def _game(hunt: _Hunt, number: int) -> _Game:
    """Play game ``number`` of the hunt up to its first puzzle: one idea a game, as a game rarely holds two
    that differ."""
    rng = random.Random(f"carcnb mine {hunt.seed} {number}")
    over_the_game = hunt.kind == "best" and not hunt.last_tile
    players = ("red", "blue", "green")[:rng.choice(midgame.SEATS if over_the_game else (2, 2, 3))]
    state = GameState(Game(players=players, sets=frozenset(hunt.sets)), seed=rng.randrange(2 ** 32))
    skip = rng.uniform(*DEPLOY_SKIP)
    turn = examined = 0
    with search_budget(hunt.max_nodes, shared=False):  # each search of a game capped on its own
        while state.current_player() != TERMINAL and len(state.board.tiles) <= SIZES[1]:
            if len(state.board.tiles) >= SIZES[0]:
                result = _examine(state, hunt.kind, hunt.min_margin, hunt.last_tile, frozenset(hunt.only),
                                  (rng, hunt.seed))
                examined += result is not None
                if result:
                    return _Game(number, examined, result[1], result[0], turn)
            action = midgame.play(state, rng, skip) if over_the_game else _play(state, rng, skip)
            state.apply(action, check=False)
            turn += isinstance(action, Draw)
    return _Game(number, examined)


def _play(state: GameState, rng: random.Random, skip: float) -> Action:
    """A random action, except that followers are seldom deployed: players who deploy at every chance run
    out of followers early, and boards full of idle followers make poor puzzles."""
    if isinstance(state.todo[0], DeployStep) and rng.random() < skip:
        return Pass()
    return random_action(state, rng)


# ----- one position ------------------------------------------------------------------------------------------
def _examine(state: GameState, kind: str, min_margin: int, last_tile: bool, only: frozenset[str],
             futures: tuple[random.Random, int]):
    """``(topic, puzzle)`` from the state; False when the state was examined and rejected; None when it is not
    a position of the hunted kind. A best hunt without ``last_tile`` makes mid-game puzzles
    (``carcnb.puzzles.midgame``), the pile cut by the game's generator and the futures sampled with the seed
    (``futures``)."""
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
    topic = DECISIONS[type(state.todo[0])]
    p = replace(position_from_state(state), scores=())
    if not last_tile:
        rng, seed = futures
        cut = midgame.cut(p, state, rng)
        p = None if cut is None else midgame.puzzle(cut, seed, max(min_margin, midgame.LEAD))
        return ("midgame" if topic == "placement" else f"midgame-{topic}", p) if p else False
    p = _best_puzzle(replace(p, pile=()), min_margin, isinstance(state.todo[0], PlaceStep))
    if p is None:
        return False
    return ("last-tile" if topic == "placement" else topic), p


def _best_puzzle(p: Position, min_margin: int, placement: bool) -> Position | None:
    """The puzzle made from ``p`` when the turn's best line is unique by ``min_margin`` points and makes an
    idea (``carcnb.telling.idea.judge``: not the obvious move, still best once what is left open is valued, among
    three sensible choices, against an opponent or on an expansion's decision)."""
    p = replace(p, question=Question("best", ()))
    found = _solved(p, min_margin, placement)
    idea = None if found is None else judge(p, found.line, found.replies)
    if idea is None:
        return None
    p = pruned(p, lambda q: _same_idea(q, found, idea, min_margin, placement))
    found = search(p)
    idea = judge(p, found.line, found.replies)
    p = _graded(replace(p, question=Question("best", found.answer)))
    if p is None or idea is None:
        return None
    return worded(p, found, idea)


def worded(p: Position, found: Search, idea: Idea) -> Position:
    """The graded puzzle ``p`` titled with its idea (a ruling that decides it is the list's label and the
    question's words, ``readings_in_force``) and explained: why the obvious move falls short, its value and the
    best other line."""
    words = explanation(p, idea) + best_explanation(p, found)
    return replace(p, title=title(idea, situation(p)),
                   question=replace(p.question, explanation="\n".join(words) + "\n"))


def _solved(p: Position, min_margin: int, placement: bool) -> Search | None:
    """The search of ``p`` when its best line is unique by ``min_margin`` (for a placement, when another
    choice gains something too, or other players reply)."""
    try:
        found = search(p, NODE_LIMIT)
    except CarcnbError:  # too big a search (SearchLimitError); or, pruned, the position no longer asks anything
        return None
    if found.margin is None or found.margin < min_margin:
        return None
    if placement and not found.tempting and not found.replies:
        return None
    return found


def _same_idea(p: Position, before: Search, idea: Idea, min_margin: int, placement: bool) -> bool:
    """Whether ``p`` still makes the same puzzle: the same best line and value, the same idea."""
    found = _solved(p, min_margin, placement)
    if found is None or (found.line, found.value) != (before.line, before.value):
        return False
    again = judge(p, found.line, found.replies)
    return again is not None and again.key == idea.key


def _final_puzzle(p: Position) -> Position | None:
    """The puzzle made from ``p`` when its end-of-game scoring teaches something and two players score."""
    p = replace(p, scores=(), question=Question("final", ()))
    if not any(isinstance(k, FollowerToken) for t in p.board for k in t.tokens):
        return None
    result = final_score(p)
    lessons = final_lessons(result.rows)
    if not lessons or sum(1 for c in p.players if result.scores[c]) < 2:
        return None
    p = pruned(p, lambda q: _same_final(q, result.scores, lessons))
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


# ----- words -------------------------------------------------------------------------------------------------
def final_title(p: Position, lessons: tuple[str, ...]) -> str:
    return f"The game ends on {len(p.board)} tiles: {' and '.join(lessons)}"


def best_explanation(p: Position, found: Search) -> list[str]:
    """What the answer's value counts, and how far the best other line falls short of it."""
    state = state_from_position(p)
    mover = state.players[state.current_player()]
    lines = []
    if state.supply(mover) == 0:
        lines.append(f"{mover.capitalize()} has no follower left to deploy.")
    if p.pile == ():
        lines.append("That was the last tile: the end-of-game scoring counts in the value.")
    lines.append(f"Value {found.value}: {mover}'s points this turn minus the best opponent's.")
    if found.runner_up is not None:
        at, other, value = found.runner_up
        chosen = account(state, found.line[:at + 1]).entries[-1].said
        instead = account(state, (*found.line[:at], other)).entries[-1].said
        lines.append(f"The best other choice ({instead}, instead of: {chosen}) reaches {value}.")
    return lines


def final_explanation(p: Position) -> str:
    """The end of the game told: the earthquake's work, then every row of the final scoring."""
    told = account(p, end=True)
    lines = [sentence(told.lines()[0]) + "."] + [f"- {line}" for line in told.lines()[1:]]
    lines.append("Totals: " + ", ".join(f"{c} {n}" for c, n in told.after.scores.items()) + ".")
    return "\n".join(lines) + "\n"
