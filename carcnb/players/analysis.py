"""The look-ahead analysis of a position: every option of the player to move, its points this turn, and its
expected final margin (the mover's final score minus the best opponent's) over sampled futures of the real
pile, played out by a stated player level.

An option is a whole line of the mover's consecutive decisions, as ``solve`` groups them; the rest of the turn
(the others' replies, the mover's later decisions in it) is played as the solver plays it. Every option is
played out in the same futures (the same draws, and the same random numbers for the players' choices), so
the differences between options are measured with far less noise than their values: common random numbers.
The futures are shared out in rounds: every option gets the first ones, then only the options whose
difference from the best is not yet settled get more, until the time is up. An option is within noise of the
best when the 95% interval of its difference from the best reaches zero. A puzzle asks more (``Separation``):
every option is played in more futures first, another is set aside only once it is known, with 95% confidence,
to be ``LEAD`` points behind the best, and the best is played in a stated number of futures even when no other
option is left to compare. On the last turn nothing is sampled:
the final scores are exact, and the analysis is ``solve``'s answer.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.player import Player, RandomPlayer
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import LEVELS, Position  # LEVELS: who plays the futures, every seat
from carcnb.search.solve import Solver, objective

FIRST_ROUND = 16  # futures every option gets before any is set aside
MOST_FUTURES = 4000
SETTLED = 2.0  # points: a difference known this closely, and not zero, needs no more futures
LEAD = 3.0  # points: a puzzle's answer is ahead of every other option by this much, with 95% confidence
PUZZLE_FIRST_ROUND = 32  # futures every option of a puzzle's analysis gets before any is set aside
Z95 = 1.959963984540054


@dataclass
class Option:
    """One line of the mover and what it is worth: ``points`` this turn as ``solve`` counts them (the mover's
    gain minus the best opponent's), and the final margins of the futures it was played out in."""

    line: tuple[Action, ...]
    play: tuple[tuple[str, Action], ...]  # the whole rest of the turn, who took each decision
    points: int
    margins: list[float] = field(default_factory=list)
    estimate: float = 0.0  # the expected final margin: its own futures' mean, set against the most-sampled option
    within_noise: bool = True
    diff_half_width: float = 0.0  # the 95% half-width of its difference from the best (0 for the best)
    final: float | None = None  # the final margin, exact, when the line ends the game (the last turn)

    @property
    def futures(self) -> int:
        return len(self.margins)

    @property
    def mean(self) -> float:
        return sum(self.margins) / len(self.margins)

    @property
    def half_width(self) -> float:
        return _half_width(self.margins)

    def as_dict(self) -> dict:
        return {"line": [str(a) for a in self.line], "points": self.points, "futures": self.futures,
                "expected_margin": round(self.estimate, 2), "half_width_95": round(self.half_width, 2),
                "difference_half_width_95": round(self.diff_half_width, 2), "within_noise": self.within_noise}


@dataclass(frozen=True)
class Separation:
    """How a puzzle's analysis sets its answer apart: every option is played in ``first`` futures before any is
    set aside, another option only once 95% sure to be ``lead`` points behind the best, and the best is played
    in ``least`` futures."""

    least: int
    lead: float = LEAD
    first: int = PUZZLE_FIRST_ROUND


@dataclass(frozen=True)
class Analysis:
    """The options best first: by expected final margin (``Option.estimate``); on the last turn by ``solve``'s
    value (the final margins are then exact)."""

    mover: str
    options: tuple[Option, ...]
    level: str
    exact: bool  # the last turn: the final scores are known, nothing was sampled
    seconds: float
    seed: int

    @property
    def best(self) -> Option:
        return self.options[0]

    def as_dict(self) -> dict:
        return {"mover": self.mover, "level": self.level, "exact": self.exact, "seed": self.seed,
                "seconds": round(self.seconds, 1), "options": [o.as_dict() for o in self.options]}


def analyse(p: Position, seconds: float = 30.0, level: str = "random", seed: int = 0,
            on_round: Callable[[int, int], None] | None = None, most_futures: int = MOST_FUTURES,
            separation: Separation | None = None) -> Analysis:
    """Every option of the player to move in ``p`` with its expected final margin (see the module docs), within
    ``seconds`` or ``most_futures`` futures an option (then the same seed gives the same analysis);
    ``on_round(futures_played, options_still_sampled)`` after each round; ``separation``: a puzzle's stricter
    rounds."""
    if level not in LEVELS:
        raise CarcnbError(f"unknown player level {level!r} for the futures: expected one of {', '.join(LEVELS)}")
    started = time.perf_counter()
    state = state_from_position(p)
    mover = state.current_player()
    if mover < 0:
        raise CarcnbError(f"{p.path}: nothing to decide: the position is at a draw or the game is over")
    options = mover_options(state, mover)
    last_turn = all(o.final is not None for o in options)
    if last_turn:
        for o in options:
            o.margins = [o.final]
    else:
        _sample(state, options, mover, level, seed, started + seconds, on_round, most_futures,
                separation or Separation(0, 0.0, FIRST_ROUND))
    _estimate(options)
    ranked = sorted(options, key=(lambda o: (-o.points, -o.estimate)) if last_turn
                    else (lambda o: (-o.estimate, -o.points)))
    _settle(ranked, exact=last_turn)
    return Analysis(state.players[mover], tuple(ranked), level, last_turn, time.perf_counter() - started, seed)


def analyse_question(p: Position, seconds: float = 30.0, futures: int | None = None) -> Analysis:
    """The analysis a best question over the whole game asks for, with the futures' level and seed it records.
    When it records how many futures (``futures`` overrides it), the analysis is a puzzle's, the same every
    time: the best option is played in exactly that many, and another is set aside once 95% sure to be ``LEAD``
    points behind. Otherwise it samples for ``seconds``."""
    q = p.question
    seed = 1 if q is None or q.seed is None else q.seed
    level = "random" if q is None else q.level
    most = futures if futures is not None else None if q is None else q.futures
    if most is None:
        return analyse(p, seconds, level, seed)
    return analyse(p, math.inf, level, seed, most_futures=most, separation=Separation(most))


def mover_options(state: GameState, mover: int) -> list[Option]:
    """Every line of the mover's consecutive decisions, each with the rest of the turn as the solver plays it;
    lines that leave the same position at the turn's end are one option (the first in legal order). An option
    that ends the game keeps its final margin, read there rather than played again."""
    solver = Solver(state)
    out: list[Option] = []
    seen: set[tuple] = set()

    def walk(line: tuple[Action, ...]) -> None:
        if state.current_player() == mover:
            for action in state.legal_actions():
                state.apply(action, check=False)
                walk((*line, action))
                state.undo()
            return
        depth = len(state.history)
        rest: list[tuple[str, Action]] = []
        while (seat := state.current_player()) >= 0:
            choices = solver.choices()
            top = max(objective(v, seat) for _, v in choices)
            action = next(a for a, v in choices if objective(v, seat) == top)
            rest.append((state.players[seat], action))
            state.apply(action, check=False)
        key = state.turn_key()
        if key not in seen:
            seen.add(key)
            gains = tuple(state.scores[c] - b for c, b in zip(state.players, solver.start))
            play = tuple((state.players[mover], a) for a in line) + tuple(rest)
            final = _margin(state, mover) if seat == TERMINAL else None
            out.append(Option(line, play, objective(gains, mover), final=final))
        while len(state.history) > depth:
            state.undo()

    walk(())
    return out


def _margin(state: GameState, mover: int) -> float:
    own = state.scores[state.players[mover]]
    return own - max(state.scores[c] for i, c in enumerate(state.players) if i != mover)


def _sample(state: GameState, options: list[Option], mover: int, level: str, seed: int, deadline: float,
            on_round: Callable[[int, int], None] | None, most: int, rounds: Separation) -> None:
    """Rounds of futures, each twice as many as the last: all options first, then the options whose difference
    from the best is not yet settled (an interval that excludes zero, at most ``SETTLED`` points wide; or, for a
    puzzle, an interval above its lead, the best going on alone up to its least number of futures). Without a
    lead, every option is weighed against the best of each round, so that one set aside against an earlier best
    comes back, played first in the futures it missed."""
    behind, least = rounds.lead, rounds.least
    contenders = list(options)
    played, goal = 0, min(rounds.first, most)
    while True:
        stopped = False
        for future in range(played, goal):
            for o in contenders:
                o.margins.append(future_margin(state, o, mover, level, seed, future))
            if time.perf_counter() > deadline:
                stopped, goal = True, future + 1
                break
        played = goal
        if on_round:
            on_round(played, len(contenders))
        best = max(contenders, key=lambda o: o.mean)
        # a difference settled against an earlier best may not be settled against this one: weighed again
        weighed = options if behind == 0 else contenders
        contenders = [o for o in weighed if o is best or not _settled(best, o, behind)]
        if not stopped:
            _catch_up(state, contenders, mover, level, seed, played, deadline)
        if stopped or (len(contenders) == 1 and played >= least) or played >= most:
            return
        goal = min(most, played * 2)


def _catch_up(state: GameState, options: list[Option], mover: int, level: str, seed: int, played: int,
              deadline: float) -> None:
    """Play each of ``options`` in the futures it missed while set aside, up to ``played`` (or the deadline)."""
    for o in options:
        for future in range(len(o.margins), played):
            if time.perf_counter() > deadline:
                return
            o.margins.append(future_margin(state, o, mover, level, seed, future))


def _settled(best: Option, other: Option, behind: float = 0.0) -> bool:
    mean, half = difference(best, other)
    if behind > 0:
        return mean - half >= behind
    return mean - half > 0 and half <= SETTLED


def future_margin(state: GameState, option: Option, mover: int, level: str, seed: int, future: int) -> float:
    """The mover's final margin when ``option`` is played and the game then goes on in future number
    ``future``: its draws and its players' random numbers are the same whatever the option. It is played on a
    fork of ``state`` that is thrown away after (recording for undo only what the greedy player takes back)."""
    state = state.fork(record=level == "greedy")
    for _, action in option.play:
        state.apply(action, check=False)
    state.rng = random.Random(seed * 1_000_003 + future)
    players = _players(level, len(state.players), seed * 7_919 + future)
    who = state.current_player()
    while who != TERMINAL:
        action = state.sample_chance() if who == CHANCE else players[who].choose(state)
        who = state.apply(action, check=False)
    return _margin(state, mover)


def _players(level: str, seats: int, seed: int) -> list[Player]:
    if level == "greedy":
        return [GreedyPlayer() for _ in range(seats)]
    rng_seed = random.Random(seed).randrange(2**32)
    return [RandomPlayer(rng_seed + i) for i in range(seats)]


def difference(best: Option, other: Option) -> tuple[float, float]:
    """The mean and the 95% half-width of ``best - other`` over the futures both were played in."""
    n = min(best.futures, other.futures)
    diffs = [a - b for a, b in zip(best.margins[:n], other.margins[:n])]
    return sum(diffs) / n, _half_width(diffs)


def _estimate(options: list[Option]) -> None:
    """Each option's expected margin. An option set aside early was played in fewer futures than the others:
    its mean is read against the most-sampled best option over the futures both were played in, so that a
    lucky handful of futures never ranks it first."""
    most = max(o.futures for o in options)
    reference = max((o for o in options if o.futures == most), key=lambda o: o.mean)
    for o in options:
        o.estimate = reference.mean - difference(reference, o)[0] if o is not reference else o.mean


def _settle(ranked: list[Option], exact: bool) -> None:
    best = ranked[0]
    best.within_noise, best.diff_half_width = True, 0.0
    for o in ranked[1:]:
        if exact:
            o.within_noise, o.diff_half_width = o.mean == best.mean, 0.0
            continue
        mean, half = difference(best, o)
        o.within_noise, o.diff_half_width = mean - half <= 0, half


def _half_width(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Z95 * math.sqrt(var / n)
