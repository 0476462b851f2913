"""Every line worth showing for a ``best`` question: each equally good best line, and the next-best ones with
the reply that makes them worse.

A forum verdict that says only "the best line is X, value 7" leaves the thread asking why not Y. Here each
first decision of the mover is valued as the solver values it (max^n, ``solve``); the best lines are every
line that reaches the top value (ties included), and the runners-up are the best line after each other first
decision, with the other players' replies the engine plays after them. ``counts`` says what a value counts:
the points of this turn, or also those of the final scoring when the turn ends the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from carcnb.engine.actions import Action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState, waiting_for
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.search.lines import choice, gains_text
from carcnb.search.solve import Solver, limit_named, objective
from carcnb.search.ties import best_lines as best_lines_of
from carcnb.telling.account import Account, account

MOST_TIES = 12  # equally good lines listed
MOST_COUNTED = 100  # equally good lines counted: beyond, "100 or more"
RUNNERS_UP = 3


@dataclass(frozen=True)
class RankedLine:
    """The mover's consecutive decisions, the value they reach, each player's gain, the rest of the turn as
    the engine plays it (who, action), the rows it scores and what happens, event by event."""

    line: tuple[Action, ...]
    value: int
    gains: dict[str, int]
    rest: tuple[tuple[str, Action], ...]
    rows: tuple[ScoreRow, ...]
    told: Account

    @property
    def line_text(self) -> str:
        return "; ".join(map(str, self.line))

    def replies(self, mover: str) -> tuple[tuple[str, Action], ...]:
        """The other players' decisions in the rest of the turn (the replies that make a line what it is)."""
        return tuple((who, a) for who, a in self.rest if who != mover)


@dataclass(frozen=True)
class Ranking:
    mover: str
    best: tuple[RankedLine, ...]  # every line of the top value (at most MOST_TIES)
    more_ties: int  # equally good lines beyond those listed (counted up to MOST_COUNTED in all)
    runners_up: tuple[RankedLine, ...]  # the best line after each other first decision, best first
    ends_game: bool  # the best line's turn is the game's last: the value counts the final scoring

    @property
    def value(self) -> int:
        return self.best[0].value

    def counts(self) -> str:
        """What a value counts, in words."""
        span = "this turn and in the final scoring" if self.ends_game else "this turn"
        return f"{self.mover}'s points minus the best opponent's, gained {span}"

    def ties_text(self) -> str:
        """How many lines are equally good: ``13``, ``100 or more``."""
        n = len(self.best) + self.more_ties
        return f"{n} or more" if n >= MOST_COUNTED else str(n)

    def gains_text(self, line: RankedLine) -> str:
        """Each player's gain along ``line``: ``red +4, blue +0``."""
        return gains_text(line.gains)


def rank(p: Position, node_limit: int | None = None) -> Ranking:
    """The best lines of ``p``'s mover and the runners-up; raises ``SearchLimitError`` naming the file past
    ``node_limit`` (or the search budget)."""
    with limit_named(p.path):
        return _rank(p, node_limit)


def _rank(p: Position, node_limit: int | None) -> Ranking:
    state = state_from_position(p)
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError(f"{p.path}: a best question needs a decision to make, and the position waits for "
                          f"{waiting_for(state)}: put a tile in hand (hand = \"TILE\"), or ask kind = \"final\"")
    solver = Solver(state, node_limit)
    choices = [(a, objective(v, seat)) for a, v in solver.choices()]
    top = max(v for _, v in choices)
    best_lines, _ = best_lines_of(state, solver.node_limit, MOST_COUNTED)
    listed = [_played(state, seat, solver, line) for line in best_lines[:MOST_TIES]]
    others = sorted({a: v for a, v in choices if v < top}.items(), key=lambda av: -av[1])[:RUNNERS_UP]
    runners = [_played(state, seat, solver, _greedy(state, seat, solver, first)) for first, _ in others]
    return Ranking(state.players[seat], tuple(listed), len(best_lines) - len(listed), tuple(runners),
                   _ends_game(state, listed[0]))


def _greedy(state: GameState, seat: int, solver: Solver, first: Action) -> tuple[Action, ...]:
    """``first`` and the mover's best consecutive decisions after it."""
    line = [first]
    state.apply(first, check=False)
    while state.current_player() == seat:
        line.append(choice(solver, seat))
        state.apply(line[-1], check=False)
    for _ in line:
        state.undo()
    return tuple(line)


def _played(state: GameState, seat: int, solver: Solver, line: tuple[Action, ...]) -> RankedLine:
    """``line`` and the rest of the turn played out by the engine, with what it scores; the state is left as
    it was."""
    start = state.clone()
    rows_before = len(state.rows)
    for action in line:
        state.apply(action, check=False)
    rest = []
    while (actor := state.current_player()) >= 0:
        action = choice(solver, actor)
        rest.append((state.players[actor], action))
        state.apply(action, check=False)
    gains = solver.value()
    rows = tuple(state.rows[rows_before:])
    for _ in range(len(line) + len(rest)):
        state.undo()
    told = account(start, [*line, *(a for _, a in rest)])
    return RankedLine(line, objective(gains, seat), dict(zip(state.players, gains)), tuple(rest), rows, told)


def _ends_game(state: GameState, line: RankedLine) -> bool:
    """Whether the turn of ``line`` is the game's last (its value then counts the final scoring)."""
    probe = state.clone()
    for action in (*line.line, *(a for _, a in line.rest)):
        probe.apply(action, check=False)
    return probe.over
