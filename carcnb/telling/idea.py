"""What a ``best`` answer is about, judged as a strong player would before calling a position a puzzle.

Every line the mover could play is played out through the turn (the other players' replies as the solver
plays them) and measured twice: the points the turn scores at once, and the points once what is left open is
scored as at the end of the game. A position makes a puzzle (an ``Idea``) when its answer

- is not the obvious move, the one that scores most for the mover at once;
- still wins once what is left open is valued, so that a mid-game answer is not merely greedy;
- is picked among at least three sensible choices;
- involves an opponent (steals, shares, destroys or denies an opponent's feature, or their replies decide
  it), turns on an expansion's decision (a disaster, a ferry, a crop circle), or wins in the end what the
  obvious move wins now (``long``).

The idea names its theme and what it turns on (a follower, a feature), in the account's words
(``carcnb.telling.account``); ``read_idea`` finds the idea of any ``best`` answer, puzzle-worthy or not, for
hints and reveals (``carcnb.telling.idea_words`` says it); ``compared`` judges a line chosen by looking past the
turn against the greedy move, for a mid-game puzzle.
"""
from __future__ import annotations

from dataclasses import dataclass

from carcnb.engine.actions import Action, Crop, Deploy, Ferry, Flood, Meteor, Pick, TornadoStep
from carcnb.engine.geometry import pos_text
from carcnb.engine.rules.base import apply_final
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.search.solve import Solver, objective
from carcnb.telling.account import account
from carcnb.telling.events import FollowerLeft

MOST_LINES = 600  # a turn with more lines of the mover's own is not judged (its puzzle would be a slog)
SENSIBLE = 3  # first choices that do better than the worst one, the answer's included
RULE_ACTIONS = {Meteor: "meteor", Flood: "flood", TornadoStep: "tornado", Pick: "tornado", Ferry: "ferry",
                Crop: "crop circle"}


@dataclass(frozen=True)
class Line:
    """One line of the mover's own decisions, played out through the turn."""

    mine: tuple[Action, ...]  # the mover's consecutive decisions from the position
    turn: tuple[Action, ...]  # the whole turn: those, then the replies and the rest as the solver plays them
    now: tuple[int, ...]  # each seat's points scored at once, in the turn (the end-of-game scoring left out)
    valued: tuple[int, ...]  # each seat's points from the turn and then the end-of-game scoring
    rows: tuple[ScoreRow, ...]  # what the turn scores at once
    end: tuple[ScoreRow, ...]  # what the end-of-game scoring after it scores

    def own(self, seat: int) -> int:
        return self.now[seat]

    def worth(self, seat: int) -> int:
        """The mover's valued points minus the best opponent's."""
        return objective(self.valued, seat)


@dataclass(frozen=True)
class Idea:
    """Why a position is a puzzle: its theme, the opponent it is played against, the answer's line and the
    obvious one it beats."""

    theme: str  # steal, share, destroy, deny, feed, reply, long, score or an expansion's decision (meteor, ...)
    feature: str  # the feature the theme is about ("city"; destroy: the figure, "knight"), or ""
    opponent: str
    focus: str  # what the idea turns on, in words: "blue's farmer in the field at -4,-2", "blue's city on 2,0"
    mover: str
    answer: Line
    obvious: Line
    greedy: bool  # whether the obvious line is the one scoring most at once (False: the best other line)

    @property
    def key(self) -> tuple:
        """What must survive pruning: the theme, its feature and the answer's line."""
        return self.theme, self.feature, self.answer.mine


def lines(p: Position) -> list[Line] | None:
    """Every line of the mover's own decisions from ``p``, played out; None when there are more than
    ``MOST_LINES``."""
    state = state_from_position(p)
    seat = state.current_player()
    solver = Solver(state)
    first_row = len(state.rows)
    out: list[Line] = []

    def walk(mine: tuple[Action, ...]) -> bool:
        if state.current_player() != seat:
            out.append(_played_out(state, solver, first_row, mine))
            return len(out) <= MOST_LINES
        for action in state.legal_actions():
            state.apply(action, check=False)
            ok = walk((*mine, action))
            state.undo()
            if not ok:
                return False
        return True

    return out if walk(()) else None


def _played_out(state: GameState, solver: Solver, first_row: int, mine: tuple[Action, ...]) -> Line:
    """The turn from here as the solver plays it, measured at its end and once the game is ended there
    (``first_row``: the number of score rows when the turn began)."""
    rest: list[Action] = []
    while (actor := state.current_player()) >= 0:
        options = solver.choices()
        top = max(objective(v, actor) for _, v in options)
        action = next(a for a, v in options if objective(v, actor) == top)
        state.apply(action, check=False)
        rest.append(action)
    if state.over:  # the last tile: the end-of-game scoring is part of the turn
        rows, end = tuple(state.rows[first_row:state.final_from]), tuple(state.rows[state.final_from:])
    else:
        state.j.mark()
        rows, end = tuple(state.rows[first_row:]), tuple(apply_final(state))
        state.j.rollback()
    now = _points(state.players, rows)
    valued = tuple(n + e for n, e in zip(now, _points(state.players, end)))
    for _ in rest:
        state.undo()
    return Line(mine, (*mine, *rest), now, valued, rows, end)


def _points(players: tuple[str, ...], rows: tuple[ScoreRow, ...]) -> tuple[int, ...]:
    """Each player's points from ``rows``."""
    return tuple(sum(r.points for r in rows if c in r.scorers) for c in players)


def judge(p: Position, best: tuple[Action, ...], replies: int) -> Idea | None:
    """The idea of ``p`` whose best line is ``best`` (``replies``: decisions of other players in the best
    turn), or None when it is no puzzle (see the module's docstring)."""
    found = lines(p)
    if not found:
        return None
    state = state_from_position(p)
    seat = state.current_player()
    answer = next((ln for ln in found if ln.mine == best), None)
    if answer is None:
        return None
    others = [ln for ln in found if ln.mine != best]
    if not others or any(ln.worth(seat) >= answer.worth(seat) for ln in others):
        return None  # valued to the end, the answer does not win (or does not win alone)
    top = max(ln.own(seat) for ln in found)
    greedy = any(ln.own(seat) < top for ln in found)
    if greedy and answer.own(seat) == top:
        return None  # the answer is the obvious move
    if _sensible(found, seat) < SENSIBLE:
        return None
    if greedy:
        obvious = max((ln for ln in others if ln.own(seat) == top), key=lambda ln: ln.worth(seat))
    else:
        obvious = max(others, key=lambda ln: ln.worth(seat))
    theme = _theme(state, seat, answer, obvious, replies)
    if theme is None:
        return None
    return Idea(*theme, state.players[seat], answer, obvious, greedy)


def compared(p: Position, answer: tuple[Action, ...], obvious: tuple[Action, ...], replies: int) -> Idea | None:
    """The idea of ``p`` when looking past the turn picks the line ``answer`` over the greedy move ``obvious``
    (each the mover's own decisions; ``replies``: the other players' decisions in the answer's turn), both
    played out and valued as ``judge`` values them; None when the answer neither involves an opponent nor turns
    on an expansion's decision."""
    state = state_from_position(p)
    seat = state.current_player()
    solver = Solver(state)
    first_row = len(state.rows)

    def played(mine: tuple[Action, ...]) -> Line:
        for action in mine:
            state.apply(action, check=False)
        line = _played_out(state, solver, first_row, mine)
        for _ in mine:
            state.undo()
        return line

    theirs, ours = played(answer), played(obvious)
    theme = _theme(state, seat, theirs, ours, replies)
    if theme is None:
        return None
    return Idea(*theme, state.players[seat], theirs, ours, True)


def _sensible(found: list[Line], seat: int) -> int:
    """First choices whose best line does better, valued, than the worst first choice's."""
    best: dict[Action, int] = {}
    for ln in found:
        best[ln.mine[0]] = max(best.get(ln.mine[0], ln.worth(seat)), ln.worth(seat))
    worst = min(best.values())
    return sum(1 for v in best.values() if v > worst)


def _theme(state: GameState, seat: int, answer: Line, obvious: Line,
           replies: int) -> tuple[str, str, str, str] | None:
    """(theme, feature kind, opponent, focus) of the answer against the obvious line; None when the answer
    neither involves an opponent nor turns on an expansion's decision. An opponent kept from points is the
    idea only when that loss is what the answer wins by: an answer that wins by its own points in the end is
    about looking past the points now (``long``)."""
    mover = state.players[seat]
    opponents = [c for c in state.players if c != mover]
    for left in account(state, answer.turn).of(FollowerLeft):
        if left.figure.color in opponents and left.cause in ("destroyed", "tornado"):
            return "destroy", left.figure.name, left.figure.color, left.figure.text()
    for row in (*answer.rows, *answer.end):
        theirs = [c for c, _, _ in row.followers if c in opponents]
        if theirs and (_deployed_into(answer, mover, row) or _joined(state, mover, row)):
            if row.scorers == (mover,):
                return "steal", row.kind, theirs[0], held(row, theirs[0])
            if mover in row.scorers:
                return "share", row.kind, theirs[0], held(row, theirs[0])
    seats = {c: i for i, c in enumerate(state.players)}
    hurt = max(opponents, key=lambda c: obvious.valued[seats[c]] - answer.valued[seats[c]])
    loss = obvious.valued[seats[hurt]] - answer.valued[seats[hurt]]
    gain = answer.valued[seat] - obvious.valued[seat]
    if loss >= 2 and loss > gain:
        denied = _denied(obvious, answer, hurt)
        focus = next((held(r, hurt) for r in (*obvious.rows, *obvious.end) if r.kind == denied and hurt in r.scorers),
                     f"{hurt}'s points")
        if denied == "field" and any(r.kind == "city" and r.complete for r in obvious.rows):
            return "feed", denied, hurt, focus  # the obvious move closes a city that the opponent's farmer feeds on
        return "deny", denied, hurt, focus
    if replies:
        who = next(e.who for e in account(state, answer.turn).entries if e.who not in ("", mover))
        return "reply", "", who, f"{who}'s decision after {mover}'s: {_reply_step(state, answer, mover)}"
    rule = next((RULE_ACTIONS[type(a)] for a in answer.mine if type(a) in RULE_ACTIONS), None)
    if rule is not None:
        return rule, "", hurt, _best_row(answer, mover)
    if gain > 0:
        return "long", "", hurt, _best_row(answer, mover)
    return None


def held(row: ScoreRow, color: str) -> str:
    """``color``'s follower and the feature of ``row`` it stands on, in words: "blue's farmer in the field at
    -4,-2", "blue's city at 2,0"."""
    where = next((pos for c, pos, _ in row.followers if c == color), row.tiles[0] if row.tiles else None)
    at = f" at {pos_text(where)}" if where is not None else ""
    if row.kind == "field":
        return f"{color}'s farmer in the field{at}"
    return f"{color}'s {row.kind}{at}"


def _best_row(line: Line, mover: str) -> str:
    """The feature that scores the mover most along ``line`` (in the turn or at the end), in words, named by a
    tile the line does not act on (the hint that names it must not name the answer's spot)."""
    rows = [r for r in (*line.rows, *line.end) if mover in r.scorers and r.points]
    if not rows:
        return f"{mover}'s followers"
    top = max(rows, key=lambda r: r.points)
    acted = {getattr(a, "pos", None) for a in line.mine}
    where = next((pos for pos in top.tiles if pos not in acted), None)
    kind = "farm" if top.kind == "field" else top.kind
    return f"the {kind}{f' at {pos_text(where)}' if where else ''}, worth {top.points} to {mover}"


def _reply_step(state: GameState, line: Line, mover: str) -> str:
    """What the first other player decides in ``line`` (``move the meteor or pass``)."""
    state = state.clone()
    for action in line.turn:
        seat = state.current_player()
        if seat >= 0 and state.players[seat] != mover:
            return state.todo[0].describe()
        state.apply(action, check=False)
    return "a reply"


def _deployed_into(line: Line, mover: str, row: ScoreRow) -> bool:
    """Whether the line puts the mover's follower on the feature of ``row``."""
    return any(isinstance(a, Deploy) and (mover, a.pos) in {(c, pos) for c, pos, _ in row.followers}
               for a in line.mine)


def _joined(state: GameState, mover: str, row: ScoreRow) -> bool:
    """Whether the feature of ``row`` holds an opponent's follower and a follower of the mover's that stood on
    another feature before the turn (``state``): the turn joined them, by a tile or a ferry."""
    board = state.board
    ours, theirs = set(), set()
    for color, pos, seg in row.followers:
        if pos in board.tiles:
            (ours if color == mover else theirs).add(board.find((pos, seg)))
    return bool(theirs) and bool(ours - theirs)


def _denied(obvious: Line, answer: Line, color: str) -> str:
    """The kind of feature that scores ``color`` more after the obvious line than after the answer."""
    def by_kind(line: Line) -> dict[str, int]:
        out: dict[str, int] = {}
        for row in (*line.rows, *line.end):
            if color in row.scorers:
                out[row.kind] = out.get(row.kind, 0) + row.points
        return out

    before, after = by_kind(obvious), by_kind(answer)
    return max(before, key=lambda k: before[k] - after.get(k, 0), default="")


def read_idea(p: Position, line: tuple[Action, ...], replies: int) -> Idea:
    """The idea of ``p``'s answer ``line`` (``replies``: decisions of other players in the best turn), whether
    or not the position would make a mined puzzle: the obvious move is the other line scoring most at once
    (the best of those once what is left open is valued), and an answer that is the obvious move, or touches
    no opponent, is about its points (``score``). For hints and reveals."""
    state = state_from_position(p)
    seat = state.current_player()
    mover = state.players[seat]
    found = lines(p) or []
    answer = next((ln for ln in found if ln.mine == line), None)
    if answer is None:  # too many lines to compare: the answer alone
        for action in line:
            state.apply(action, check=False)
        answer = _played_out(state, Solver(state), len(state_from_position(p).rows), line)
        for _ in line:
            state.undo()
        found = [answer]
    others = [ln for ln in found if ln.mine != line]
    top = max(ln.own(seat) for ln in found)
    obvious = max(others, key=lambda ln: (ln.own(seat), ln.worth(seat))) if others else answer
    theme = _theme(state, seat, answer, obvious, replies)
    if theme is None:
        seats = {c: i for i, c in enumerate(state.players)}
        rival = max((c for c in state.players if c != mover), key=lambda c: answer.valued[seats[c]])
        theme = ("score", "", rival, _best_row(answer, mover))
    return Idea(*theme, mover, answer, obvious, obvious.own(seat) == top > answer.own(seat))
