"""The rest of a turn played out the way the solver plays it: every player, the mover included, choosing
what is best for themselves (max^n, see ``solve``; ties go to the first legal action). The engine's replies
to a player's moves, and the best line with everything it scores, come from here."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from carcnb.engine.actions import Action, parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.search.solve import Solver, limit_named, objective


@dataclass(frozen=True)
class BestPlay:
    """The best line from a position: the mover's consecutive decisions (``line``), the whole rest of the
    turn with who took each decision (``play``), the rows it scores, its value and each player's gain."""

    # fields like the result picture's scored features in shape only
    line: tuple[Action, ...]
    play: tuple[tuple[str, Action], ...]
    rows: tuple[ScoreRow, ...]
    value: int
    gains: dict[str, int]
    nodes: int

    @property
    def mover(self) -> str:
        return self.play[0][0]


def mover_of(state: GameState, p: Position) -> int:
    """The seat that decides now; raises when nobody does (a draw or the end of the game)."""
    seat = state.current_player()
    if seat < 0:
        raise CarcnbError(f"{p.path}: nothing to decide: the position is at a draw or the game is over")
    return seat


def choice(solver: Solver, seat: int) -> Action:
    """The solver's choice for ``seat`` now: the first legal action of the best value for that seat."""
    choices = solver.choices()
    top = max(objective(v, seat) for _, v in choices)
    return next(a for a, v in choices if objective(v, seat) == top)


def forced(state: GameState) -> Action | None:
    """The decision now when there is no choice (one legal action: a ``pass`` with nothing to deploy, a drop
    with one spot); the kit plays it for the player and never asks."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


def answer_moves(state: GameState, mover: int, solver: Solver) -> list[tuple[int, Action]]:
    """Play every other seat's choices until ``mover`` acts again or the turn ends: (seat, action) pairs."""
    played = []
    while (seat := state.current_player()) >= 0 and seat != mover:
        action = choice(solver, seat)
        state.apply(action, check=False)
        played.append((seat, action))
    return played


def replies(state: GameState, mover: int, start: Mapping[str, int] | None = None) -> list[Action]:
    """Play the engine's choices for every other seat that acts until ``mover`` acts again or the turn ends;
    returns the actions played. Each player chooses as the solver does, counting gains from ``start`` (the
    scores where the puzzle began; by default the scores now -- the same choices in two-player games)."""
    solver = Solver(state, start=start)
    return [a for _, a in answer_moves(state, mover, solver)]


def best_play(p: Position, limit: int | None = None) -> BestPlay:
    """The rest of the turn from ``p`` with every player choosing as the solver does; raises
    ``SearchLimitError`` when the search visits more than ``limit`` states (or its budget, see ``solve``)."""
    with limit_named(p.path):
        return _best_play(p, limit)


def _best_play(p: Position, limit: int | None) -> BestPlay:
    state = state_from_position(p)
    mover = mover_of(state, p)
    solver = Solver(state, limit)
    rows_before = len(state.rows)
    play: list[tuple[str, Action]] = []
    line: list[Action] = []
    while (seat := state.current_player()) >= 0:
        action = choice(solver, seat)
        if seat == mover and len(line) == len(play):
            line.append(action)
        play.append((state.players[seat], action))
        state.apply(action, check=False)
    gains = solver.value()
    return BestPlay(tuple(line), tuple(play), state.rows[rows_before:], objective(gains, mover),
                    dict(zip(state.players, gains)), solver.nodes)


def line_play(p: Position, line: Sequence[Action]) -> BestPlay:
    """The turn from ``p`` when the mover plays ``line`` (its decisions, in order), every other decision as the
    solver plays it: the play of a chosen line, such as the answer of a question over the whole game."""
    state = state_from_position(p)
    mover = mover_of(state, p)
    solver = Solver(state)
    rows_before = len(state.rows)
    play: list[tuple[str, Action]] = []
    mine = list(line)
    while (seat := state.current_player()) >= 0:
        action = mine.pop(0) if seat == mover and mine else choice(solver, seat)
        play.append((state.players[seat], action))
        state.apply(action)
    if mine:
        raise CarcnbError(f"{p.path}: the line goes on after the turn: {'; '.join(map(str, mine))}")
    gains = solver.value()
    return BestPlay(tuple(line), tuple(play), state.rows[rows_before:], objective(gains, mover),
                    dict(zip(state.players, gains)), solver.nodes)


def answer_play(p: Position) -> BestPlay:
    """The play of the answer of ``p``'s ``best`` question: over the whole game (``horizon = "game"``) the
    file's line, which the look-ahead analysis chose and ``carcnb check`` holds it to; otherwise the best line
    of the turn."""
    q = p.question
    if q is not None and q.horizon == "game" and q.answer is not None:
        return line_play(p, [parse_action(a) for a in dict(q.answer)["line"]])
    return best_play(p)


def gains_text(gains: Mapping[str, int]) -> str:
    """``red +4, blue +0``."""
    return ", ".join(f"{c} {g:+d}" for c, g in gains.items())
