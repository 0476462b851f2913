"""Every line worth showing for a ``best`` question: each equally good best line, and the next-best ones with
the replies that make them worse.

A forum verdict that says only "the best line is X, value 7" leaves the thread asking why not Y. Here every
line of the mover's consecutive decisions is valued as the solver values it (max^n, ``solve``): the best lines
are every line that reaches the top value (ties included), and the runners-up are the next-best lines, which
may differ from the best anywhere in the mover's decisions (the same placement and another follower, the same
crop circle tile and "remove"), each played on to the end of the turn: the other players' replies and the
mover's own later moves, as the engine plays them. Lines that come to the same thing (a farmer on either side
of one field: the same points, tiles, followers on the same features) are one line with its alike ones.
``counts`` says what a value counts: the points of this turn, or also those of the final scoring when the turn
ends the game.
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
MOST_LINES = 1000  # mover lines valued one by one for the runners-up; past it, later decisions as the solver plays


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
    alike: tuple[tuple[Action, ...], ...] = ()  # other lines that come to the same thing

    @property
    def line_text(self) -> str:
        return "; ".join(map(str, self.line))

    def later(self, mover: str) -> bool:
        """Whether the mover acts again in the rest of the turn, after the replies."""
        return any(who == mover for who, _ in self.rest)

    def replies(self, mover: str) -> tuple[tuple[str, Action], ...]:
        """The other players' decisions in the rest of the turn (the replies that make a line what it is)."""
        return tuple((who, a) for who, a in self.rest if who != mover)


@dataclass(frozen=True)
class Ranking:
    mover: str
    best: tuple[RankedLine, ...]  # every line of the top value, alike ones together (at most MOST_TIES)
    more_ties: int  # equally good lines beyond those listed (counted up to MOST_COUNTED in all)
    runners_up: tuple[RankedLine, ...]  # the next-best lines, alike ones together, best first
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
        n = sum(1 + len(line.alike) for line in self.best) + self.more_ties
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
    best_lines, top = best_lines_of(state, None, MOST_COUNTED, solver)
    best = _alike(state, seat, solver, best_lines)
    listed = [_played(state, seat, solver, group[0], group[1:]) for group in best[:MOST_TIES]]
    shown = sum(len(group) for group in best[:MOST_TIES])
    below = sorted(((line, v) for line, v in _mover_lines(state, seat, solver) if v < top), key=lambda lv: -lv[1])
    runners = _runners_up(state, seat, solver, listed[0].line, below)
    ranked = [_played(state, seat, solver, group[0], group[1:]) for group in runners]
    return Ranking(state.players[seat], tuple(listed), len(best_lines) - shown, tuple(ranked),
                   _ends_game(state, listed[0]))


def _runners_up(state: GameState, seat: int, solver: Solver, best: tuple[Action, ...],
                below: list[tuple[tuple[Action, ...], int]]) -> list[list[tuple[Action, ...]]]:
    """The next-best lines (``below``: every worse line, best first), alike ones together: the best one that
    leaves the best line at each of its decisions (so that every decision is argued), then the best of the
    rest up to ``RUNNERS_UP``, best first."""
    def leaves_at(line: tuple[Action, ...]) -> int:
        return next((i for i, (a, b) in enumerate(zip(line, (*best, None))) if a != b), len(line))

    open_points = {leaves_at(line) for line, _ in below}
    groups: list[tuple[int, list[tuple[Action, ...]]]] = []  # value, lines
    for value in dict.fromkeys(v for _, v in below):  # a whole value at a time: its alike lines together
        if not open_points and len(groups) >= RUNNERS_UP:
            break
        groups += [(value, group) for group in _alike(state, seat, solver, [ln for ln, v in below if v == value])]
        open_points -= {leaves_at(group[0]) for _, group in groups}
    picked: list[int] = []
    argued: set[int] = set()
    for k, (_, group) in enumerate(groups):
        if leaves_at(group[0]) not in argued:
            argued.add(leaves_at(group[0]))
            picked.append(k)
    picked += [k for k in range(len(groups)) if k not in picked][:max(0, RUNNERS_UP - len(picked))]
    return [groups[k][1] for k in sorted(picked)]


def _mover_lines(state: GameState, seat: int, solver: Solver) -> list[tuple[tuple[Action, ...], int]]:
    """Every line of the mover's consecutive decisions from here, with its value, in the order of the legal
    actions (past ``MOST_LINES``, each later decision the solver's); the state is left as it was."""
    out: list[tuple[tuple[Action, ...], int]] = []

    def walk(line: tuple[Action, ...]) -> None:
        for action in state.legal_actions():
            state.apply(action, check=False)
            if state.current_player() == seat and len(out) < MOST_LINES:
                walk((*line, action))
            else:
                done = _greedy(state, seat, solver, (*line, action))
                out.append((done, objective(solver.value(), seat)))
                for _ in done[len(line) + 1:]:
                    state.undo()
            state.undo()

    walk(())
    return out


def _greedy(state: GameState, seat: int, solver: Solver, line: tuple[Action, ...]) -> tuple[Action, ...]:
    """``line`` (already played) and the mover's best consecutive decisions after it, played too."""
    more = []
    while state.current_player() == seat:
        more.append(choice(solver, seat))
        state.apply(more[-1], check=False)
    return (*line, *more)


def _alike(state: GameState, seat: int, solver: Solver,
           lines: list[tuple[Action, ...]]) -> list[list[tuple[Action, ...]]]:
    """``lines`` in groups that come to the same thing once the turn is played out (the same points, tiles,
    ferries and followers on the same features), in order of their first line."""
    groups: dict[tuple, list[tuple[Action, ...]]] = {}
    for line in lines:
        groups.setdefault(_outcome(state, seat, solver, line), []).append(line)
    return list(groups.values())


def _outcome(state: GameState, seat: int, solver: Solver, line: tuple[Action, ...]) -> tuple:
    """What the turn comes to after ``line`` and the engine's play: the points and followers out of the game,
    the tiles and ferries, each figure by the feature it stands on; the state is left as it was."""
    depth = len(state.history)
    for action in line:
        state.apply(action, check=False)
    while (actor := state.current_player()) >= 0:
        state.apply(choice(solver, actor), check=False)
    b = state.board
    figures = frozenset((entry, frozenset(b.info[b.find(node)].members))
                        for node, entries in b.followers.items() for entry in entries)
    found = (tuple(state.scores.values()), tuple(state.lost.values()), frozenset(b.ferries.items()), figures,
             frozenset((pos, t.tile.id, t.rot) for pos, t in b.tiles.items()))
    while len(state.history) > depth:
        state.undo()
    return found


def _played(state: GameState, seat: int, solver: Solver, line: tuple[Action, ...],
            alike: list[tuple[Action, ...]] | tuple = ()) -> RankedLine:
    """``line`` and the rest of the turn played out by the engine, with what it scores (``alike``: the lines
    that come to the same thing); the state is left as it was."""
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
    return RankedLine(line, objective(gains, seat), dict(zip(state.players, gains)), tuple(rest), rows, told,
                      tuple(alike))


def _ends_game(state: GameState, line: RankedLine) -> bool:
    """Whether the turn of ``line`` is the game's last (its value then counts the final scoring)."""
    probe = state.clone()
    for action in (*line.line, *(a for _, a in line.rest)):
        probe.apply(action, check=False)
    return probe.over
