"""Puzzle grades: a ``difficulty`` from 1 to 5 and the ``topics`` a puzzle teaches.

Both come from the engine, never from the file's prose. The difficulty of a ``best`` question comes from how
simple players fare against the exact search (``play``: does a player after the most points at once find the
line, or one that also foresees the replies, or only the search), how many sensible options there are to
weigh, and how much board there is to read, capped by how few options there are at all (a choice between two
is never hard); ``final`` and ``count`` questions by what a simple count gets wrong (farms, contested
features, effects, placements a rule takes away). A ruling whose other options change the answer
(``hints.deciding_rulings``: the rulings the hints name) makes a puzzle harder and is one of its topics.
``calibration`` measures the grades against the simple players (docs/grading.md). ``write_grade`` puts the two
keys into the file's ``[question]`` table and leaves every other byte as it was.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import game_of, state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.search.lines import answer_play
from carcnb.search.questions import final_score, placements, readings_asked
from carcnb.search.solve import Solver, Values, objective
from carcnb.storage.safewrite import write_file
from carcnb.telling.account import (CropChosen, FerryLaid, FerryMoved, FloodPlaced, FloodSpread, MeteorAimed,
                                    MeteorLanded, QuakeStruck, TornadoDropped, TornadoPicked, TornadoSetDown,
                                    TornadoStopped, account)
from carcnb.telling.events import TornadoMoved
from carcnb.telling.hints import deciding_rulings

RULE_TOPICS = ("river", "earthquake", "flood", "meteor", "tornado", "ferries", "cropcircles")
SCORING_TOPICS = {"road": "road", "city": "city", "cloister": "cloister", "field": "farms"}


@dataclass(frozen=True)
class Grade:
    difficulty: int
    topics: tuple[str, ...]

    def __str__(self) -> str:
        return f"difficulty {self.difficulty}, topics {', '.join(self.topics)}"


@dataclass(frozen=True)
class Search:
    """What the exact search of a ``best`` question sees along the best play of the turn."""

    line: tuple[Action, ...]  # the mover's consecutive decisions from the position: the answer's line
    value: int
    runner_up: tuple[int, Action, int] | None  # the best other line: where it leaves the line, how, its value
    replies: int  # decisions by other players during the turn
    rows: tuple[ScoreRow, ...]  # what the turn scores
    turn: tuple[tuple[int, Action], ...]  # the rest of the turn as the solver plays it: (seat, action)
    tempting: int  # other first choices that still gain the mover more than the best opponent
    nodes: int  # positions the search expanded

    @property
    def margin(self) -> int | None:
        """The best line's value minus the best other line's (None: there is no other line)."""
        return None if self.runner_up is None else self.value - self.runner_up[2]

    @property
    def answer(self) -> tuple | None:
        """The ``best`` answer in the shape ``answer()`` gives, or None when the best line is not unique."""
        if self.margin is not None and self.margin <= 0:
            return None
        return (("line", [str(a) for a in self.line]), ("value", self.value))


def grade(p: Position) -> Grade:
    """The grade of a puzzle file's question (raises ``CarcnbError`` when the question cannot be answered); a
    question asked under each reading of a ruling is graded under its first."""
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file: only puzzles are graded")
    p = readings_asked(p)[0]
    q = p.question
    cap = 5
    if q.kind == "best" and q.horizon == "game":
        level, rows, line, cap = over_the_game(p)
    elif q.kind == "best":
        found = search(p)
        if found.answer is None:
            raise CarcnbError(f"{p.path}: the best choice is not unique: a best puzzle needs a single best line")
        measured = play(p, found)
        level, rows, line = best_level(measured, len(p.board)), found.rows, tuple(a for _, a in found.turn)
        cap = choice_cap(measured)
    elif q.kind == "final":
        rows, line = tuple(final_score(p).rows), ()
        level = final_level(rows)
    else:
        level, rows, line = count_level(p), (), ()
    rulings = tuple(rid for rid, _ in deciding_rulings(p))
    level = min(level + bool(rulings), cap)
    return Grade(max(1, min(5, level)), topics(p, rows, line, rulings) + rulings)


# ----- measures ----------------------------------------------------------------------------------------------
def search(p: Position, limit: int | None = None) -> Search:
    """Play the turn the solver's way from the position and record what each decision offered."""
    state = state_from_position(p)
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError(f"{p.path}: nothing to decide: the position is at a draw or the game is over")
    solver = Solver(state, limit)
    before = len(state.rows)
    line: list[Action] = []
    runner_up: tuple[int, Action, int] | None = None
    replies = 0
    turn: list[tuple[int, Action]] = []
    tempting = 0
    while (actor := state.current_player()) >= 0:
        options = solver.choices()
        scored = [(objective(v, actor), a) for a, v in options]
        top = max(score for score, _ in scored)
        action = next(a for score, a in scored if score == top)
        if actor == seat:
            if not replies:
                others = [(score, a) for score, a in scored if a != action]
                if not line:
                    tempting = sum(1 for score, _ in others if score > 0)
                if others:
                    score, other = max(others, key=lambda o: o[0])  # the first of the best others
                    if runner_up is None or score > runner_up[2]:
                        runner_up = (len(line), other, score)
                line.append(action)
        else:
            replies += 1
        state.apply(action, check=False)
        turn.append((actor, action))
    rows = tuple(state.rows[before:])
    for _ in turn:
        state.undo()
    value = objective(solver.value(), seat)
    return Search(tuple(line), value, runner_up, replies, rows, tuple(turn), tempting, solver.nodes)


@dataclass(frozen=True)
class Play:
    """How simple players fare on a ``best`` puzzle, decision by decision along the mover's best play."""

    greedy_misses: int  # decisions where the player after the most points for itself goes wrong
    wary_misses: int  # decisions where the player that also foresees the opponents' replies goes wrong
    sensible: int  # other options at those decisions worth at least half the best one's value
    options: int = 0  # other options at those decisions, sensible or not: everything a player could pick

    @property
    def finder(self) -> str:
        """The simplest player that finds the whole best line."""
        if not self.greedy_misses:
            return "greedy"
        return "wary" if not self.wary_misses else "search"


def play(p: Position, found: Search, limit: int | None = None) -> Play:
    """Walk the solver's play of the turn and ask, at each of the mover's decisions, whether a greedy player
    (everything, its own later choices and the others' replies alike, seen as going its way: the most points
    for itself) and a wary one (the most points for itself, the others replying as they would) pick the best
    option and nothing else, and how many other options gain the mover something."""
    state = state_from_position(p)
    seat = state.current_player()

    def own(gains: Values, _actor: int) -> int:  # every decision seen as made for the mover's points
        return gains[seat]

    def wary(gains: Values, actor: int) -> int:  # the mover's points, the others replying for themselves
        return gains[seat] if actor == seat else objective(gains, actor)

    full, greedy, foresight = Solver(state, limit), Solver(state, limit, own), Solver(state, limit, wary)
    greedy_misses = wary_misses = sensible = others = 0
    for actor, action in found.turn:
        if actor == seat:
            options = full.choices()
            best = max(objective(v, seat) for _, v in options)
            sensible += sum(1 for a, v in options if a != action and 2 * objective(v, seat) >= best > 0)
            others += len(options) - 1
            greedy_misses += _picks(greedy.choices(), seat) != [action]
            wary_misses += _picks(foresight.choices(), seat) != [action]
        state.apply(action, check=False)
    for _ in found.turn:
        state.undo()
    return Play(greedy_misses, wary_misses, sensible, others)


def _picks(options: list[tuple[Action, Values]], seat: int) -> list[Action]:
    """The options that give the player at ``seat`` the most points (all of them when several tie)."""
    top = max(v[seat] for _, v in options)
    return [a for a, v in options if v[seat] == top]


BIG_BOARD = 20  # tiles: a board this big takes reading before any insight, whoever finds the line


def best_level(measured: Play, tiles: int = 0) -> int:
    """1 when the greedy player finds the line, 2 when only looking at the replies does, 3 when only the
    full search does; one more for many sensible options to weigh (four or more), one more for very many (ten
    or more), one more for a big board to read (``BIG_BOARD`` tiles). See docs/grading.md."""
    level = 1 + bool(measured.greedy_misses) + bool(measured.wary_misses)
    return level + (measured.sensible >= 4) + (measured.sensible >= 10) + (tiles >= BIG_BOARD)


def choice_cap(measured: Play) -> int:
    """The most a ``best`` puzzle can be graded for how few options it has at all: one decision among three
    or fewer (two other options) at most 2, a handful (up to five others) at most 3, else 5. A guess solves a
    choice between two half the time, whatever the simple players do."""
    return 2 if measured.options <= 2 else 3 if measured.options <= 5 else 5


def over_the_game(p: Position) -> tuple[int, tuple[ScoreRow, ...], tuple[Action, ...], int]:
    """The level of a ``best`` question over the whole game, with the rows and actions of its answer's turn
    (the file's line, which ``carcnb check`` holds to the analysis; the rest of the turn as the solver plays
    it), and its cap for how few options there are (``choice_cap``). The greedy player misses such an answer,
    and only looking past the turn finds it: level 3, one more when four or more other first choices gain the
    mover something this turn, one more for ten or more, one more for a big board (``BIG_BOARD`` tiles)."""
    if p.question.answer is None:
        raise CarcnbError(f"{p.path}: no answer to grade: carcnb solve FILE gives the analysis's best line")
    found = search(p)
    played = answer_play(p)
    level = 3 + (found.tempting >= 4) + (found.tempting >= 10) + (len(p.board) >= BIG_BOARD)
    return level, tuple(played.rows), tuple(a for _, a in played.play), choice_cap(play(p, found))


def final_level(rows: tuple[ScoreRow, ...]) -> int:
    """What a simple count (each feature at its usual value for the follower on it) gets wrong makes a
    ``final`` harder, not how many features there are: farms, features two colours contest, and effects
    that change the usual value (one more when such rows are three or more)."""
    fields = [r for r in rows if r.kind == "field"]
    contested = [r for r in rows if len({c for c, _, _ in r.followers}) > 1]
    effects = [r for r in rows if r.notes or r.reason not in ("completed", "unfinished") and r.kind != "field"]
    telling = {id(r) for r in fields + contested + effects}  # a row counts once, however many ways it tells
    return 1 + bool(fields) + bool(contested) + bool(effects) + (len(telling) >= 3)


def count_level(p: Position) -> int:
    """Many placements to count and placements that only a rule takes away make a ``count`` harder."""
    legal = placements(p)  # says what is wrong when there is no tile in hand to place
    state = state_from_position(p)
    fitting = state.board.placements(state.hand_tile)
    return 1 + (len(legal) >= 6) + (len(legal) >= 14) + (len(fitting) != len(legal))


# ----- calibration ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Level:
    """One difficulty of a collection's ``best`` puzzles: how many, and how many each simple player solves."""

    difficulty: int
    puzzles: int
    greedy: int  # solved by the player after the most points at once
    wary: int  # solved by the player that also foresees the replies

    def __str__(self) -> str:
        def share(n: int) -> str:
            return f"{n} ({100 * n // self.puzzles}%)" if self.puzzles else "0"

        return (f"{'★' * self.difficulty:5} {self.puzzles:3} puzzles; the greedy player solves {share(self.greedy)}, "
                f"the reply-aware player {share(self.wary)}")


def calibration(puzzles: list[Position]) -> list[Level]:
    """The ``best`` puzzles by the difficulty the engine grades them (each asked under its first reading),
    with how many of each the simple players solve: a calibrated grade has each share fall as it rises. A
    question over the whole game is left out: its answer is not the turn's best line these players look for."""
    found: dict[int, list[Play]] = {}
    for p in puzzles:
        if p.question is None or p.question.kind != "best" or p.question.horizon == "game":
            continue
        first = readings_asked(p)[0]
        found.setdefault(grade(p).difficulty, []).append(play(first, search(first)))
    return [Level(d, len(found.get(d, [])), sum(m.finder == "greedy" for m in found.get(d, [])),
                  sum(m.finder != "search" for m in found.get(d, []))) for d in range(1, 6)]


# ----- topics ------------------------------------------------------------------------------------------------
EVENT_RULES: dict[type, str] = {MeteorAimed: "meteor", MeteorLanded: "meteor", FloodPlaced: "flood",
                                FloodSpread: "flood", TornadoMoved: "tornado", TornadoPicked: "tornado",
                                TornadoSetDown: "tornado", TornadoDropped: "tornado", TornadoStopped: "tornado",
                                FerryLaid: "ferries", FerryMoved: "ferries", CropChosen: "cropcircles"}


def topics(p: Position, rows: tuple[ScoreRow, ...] = (), line: tuple[Action, ...] = (),
           rulings: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The rules the answer turns on (``base`` when none does), the kinds of feature that score, and
    ``placement`` / ``last-tile`` for a turn played from the tile in hand. A rule is a topic when it acts in the
    answer: an event of its own in the turn (``line``, the answer's actions with the replies), a score row it
    changes or annotates, placements of the tile in hand it takes away, or a ruling of its that decides the
    answer (``rulings``); a tile of its lying on the board is not enough."""
    acting = acting_rules(p, rows, line) | {rid.split(".")[0] for rid in rulings}
    rules = [name for name in RULE_TOPICS if name in acting]
    scoring = sorted({SCORING_TOPICS[r.kind] for r in rows if r.kind in SCORING_TOPICS and r.scorers},
                     key=list(SCORING_TOPICS.values()).index)
    kind = []
    if p.question is not None and p.question.kind == "best" and p.hand and not p.played:
        kind.append("placement")
        if p.pile == ():
            kind.append("last-tile")
    if p.question is not None and p.question.kind == "best" and p.question.horizon == "game" and p.pile != ():
        kind.append("mid-game")
    return tuple((rules or ["base"]) + scoring + kind)


def acting_rules(p: Position, rows: tuple[ScoreRow, ...], line: tuple[Action, ...]) -> set[str]:
    """The rule modules that act in the answer (see ``topics``)."""
    told = account(p, line, end=p.question is not None and p.question.kind == "final")
    names = {EVENT_RULES[type(e)] for e in told.events if type(e) in EVENT_RULES}
    names |= {"earthquake" for e in told.of(QuakeStruck) if e.cities or e.finished}
    names |= {name for row in rows for name in row.rules}
    tiles = catalogue()
    if any(tiles[t.tile].is_river for t in p.board if any(row.scorers and (t.x, t.y) in row.tiles for row in rows)):
        names.add("river")  # a scored feature runs along or across the river
    names |= placement_rules(p)
    return names


def placement_rules(p: Position) -> set[str]:
    """For a turn from the tile in hand: the modules that take placements away, and for a ``count`` the modules
    whose tiles are counted or are matched against (a meteor tile, a lake, a river tile beside a spot)."""
    if p.hand is None or p.played:
        return set()
    state = state_from_position(p)
    if state.hand_tile is None:
        return set()
    found = state.board.placement_groups(state.hand_tile)
    names = set()
    for module in state.game.modules:
        if module.filter_placements(state, state.hand_tile, found) != found:
            names.add(module.name)
    if p.question is not None and p.question.kind == "count":  # the counted tile's rules, and its neighbours'
        near = {(x + dx, y + dy) for x, y, _ in found for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        names |= {m.name for m in modules_in_play(replace(p, board=tuple(t for t in p.board if (t.x, t.y) in near)))}
    return names


def modules_in_play(p: Position) -> list:
    """The game's rule modules whose own tiles are on the board or in hand."""
    present = {t.tile for t in p.board} | ({p.hand} if p.hand else set())
    game = game_of(p)
    out = []
    for m in game.modules:
        own = {tid for stage in m.pile(game.sets, game.rulings).values() for tid in stage}
        if own & present:
            out.append(m)
    return out


# ----- the file ----------------------------------------------------------------------------------------------
_TRIPLE = re.compile(r'"""|\'\'\'')
_HEADER = re.compile(r"\s*\[\[?\s*([A-Za-z0-9_.\"-]+)\s*\]\]?\s*(#.*)?$")  # a table header line


def write_grade(text: str, g: Grade, path: str = "<position>") -> str:
    """``text`` with ``difficulty`` and ``topics`` set in its ``[question]`` table, every other byte kept."""
    lines = text.splitlines(keepends=True)
    newline = "\r\n" if "\r\n" in text else "\n"
    code = _outside_strings(lines)
    headers = [(i, m.group(1)) for i in code if (m := _HEADER.match(lines[i]))]
    header = next((i for i, name in headers if name == "question"), None)
    if header is None:
        raise CarcnbError(f"{path}: no [question] table to write the grade into: only puzzles are graded")
    end = next((i for i, _ in headers if i > header), len(lines))
    table = [i for i in code if header < i < end]
    drop: set[int] = set()
    for i in table:
        if re.match(r"\s*difficulty\s*=", lines[i]):
            drop.add(i)
        elif re.match(r"\s*topics\s*=", lines[i]):
            j, depth = i, lines[i].count("[") - lines[i].count("]")
            while depth > 0 and j + 1 < end:  # a list written over several lines
                j += 1
                depth += lines[j].count("[") - lines[j].count("]")
            drop.update(range(i, j + 1))
    if drop:
        at = min(drop)
    else:
        explanation = next((i for i in table if re.match(r"\s*explanation\s*=", lines[i])), None)
        at = explanation if explanation is not None else max(
            [header] + [i for i in table if lines[i].strip() and not lines[i].lstrip().startswith("#")]) + 1
    topics_text = "[" + ", ".join(f'"{t}"' for t in g.topics) + "]"
    keys = [f"difficulty = {g.difficulty}{newline}", f"topics = {topics_text}{newline}"]
    kept = [line for i, line in enumerate(lines) if i not in drop]
    at -= sum(1 for i in drop if i < at)
    if at > 0 and not kept[at - 1].endswith("\n"):
        kept[at - 1] += newline
    out = "".join(kept[:at] + keys + kept[at:])
    _same_but_grade(text, out, g, path)
    return out


def _outside_strings(lines: list[str]) -> list[int]:
    """Indices of the lines that do not start inside a multi-line string."""
    out, inside = [], None
    for i, line in enumerate(lines):
        if inside is None:
            out.append(i)
        for m in _TRIPLE.finditer(line):
            if inside is None:
                inside = m.group()
            elif m.group() == inside:
                inside = None
    return out


def _same_but_grade(before: str, after: str, g: Grade, path: str) -> None:
    old, new = tomllib.loads(before), tomllib.loads(after)
    old["question"] = {**old["question"], "difficulty": g.difficulty, "topics": list(g.topics)}
    if old != new:
        raise CarcnbError(f"{path}: cannot write the grade without changing other keys: edit [question] by hand "
                          f"(difficulty = {g.difficulty}, topics = {list(g.topics)})")


def grade_file(path: str | Path) -> tuple[Grade, bool]:
    """Grade a puzzle file in place (through a symlink, keeping its mode; a read-only file is refused);
    returns the grade and whether the file changed."""
    p = load(path)
    g = grade(p)
    if p.question.difficulty == g.difficulty and p.question.topics == g.topics:
        return g, False
    target = Path(path)
    text = target.read_bytes().decode("utf-8")  # as it is: no newline translation
    write_file(target, write_grade(text, g, str(path)).encode("utf-8"))
    return g, True


def stale(p: Position) -> str | None:
    """Why the file's grade is missing or out of date, or None when it is the engine's."""
    q = p.question
    if q is None:
        return None
    if q.difficulty is None or q.topics is None:
        return f"no grade (difficulty and topics): run carcnb grade {p.path}"
    g = grade(p)
    if (q.difficulty, q.topics) != (g.difficulty, g.topics):
        return f"stale grade: file says {Grade(q.difficulty, q.topics)}; the engine says {g}: run carcnb grade {p.path}"
    return None
