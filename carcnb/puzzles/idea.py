"""What a ``best`` answer is about, judged as a strong player would before calling a position a puzzle.

Every line the mover could play is played out through the turn (the other players' replies as the solver
plays them) and measured twice: the points the turn scores at once, and the points once what is left open is
scored as at the end of the game. A position makes a puzzle (an ``Idea``) when its answer

- is not the obvious move, the one that scores most for the mover at once;
- still wins once what is left open is valued, so that a mid-game answer is not merely greedy;
- is picked among at least three sensible choices;
- involves an opponent (steals, shares, destroys or denies an opponent's feature, or their replies decide
  it) or turns on an expansion's decision (a disaster, a ferry, a crop circle).

The idea names its theme and is told in the account's words (``carcnb.telling.account``): what the obvious move
does and why it falls short, then what the answer does.
"""
from __future__ import annotations

from dataclasses import dataclass

from carcnb.engine.actions import Action, Crop, Deploy, Ferry, Flood, Meteor, Pick, Place, TornadoStep
from carcnb.engine.geometry import pos_text
from carcnb.engine.rules.base import PlaceStep, apply_final
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep
from carcnb.engine.rules.flood import FloodStep
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.search.solve import Solver, objective
from carcnb.telling.account import Account, account
from carcnb.telling.events import FollowerLeft, GameEnded
from carcnb.telling.wording import tile_name

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

    theme: str  # steal, share, destroy, deny, feed, reply, ruling or an expansion's decision (meteor, ...)
    feature: str  # the feature the theme is about ("city"; destroy: the figure, "knight"; ruling: its id), or ""
    opponent: str
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
    name, feature, opponent = theme
    return Idea(name, feature, opponent, state.players[seat], answer, obvious, greedy)


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
    name, feature, opponent = theme
    return Idea(name, feature, opponent, state.players[seat], theirs, ours, True)


def _sensible(found: list[Line], seat: int) -> int:
    """First choices whose best line does better, valued, than the worst first choice's."""
    best: dict[Action, int] = {}
    for ln in found:
        best[ln.mine[0]] = max(best.get(ln.mine[0], ln.worth(seat)), ln.worth(seat))
    worst = min(best.values())
    return sum(1 for v in best.values() if v > worst)


def _theme(state: GameState, seat: int, answer: Line, obvious: Line,
           replies: int) -> tuple[str, str, str] | None:
    """(theme, feature kind, opponent) of the answer against the obvious line; None when the answer neither
    involves an opponent nor turns on an expansion's decision."""
    mover = state.players[seat]
    opponents = [c for c in state.players if c != mover]
    for left in account(state, answer.turn).of(FollowerLeft):
        if left.figure.color in opponents and left.cause in ("destroyed", "tornado"):
            return "destroy", left.figure.name, left.figure.color
    for row in (*answer.rows, *answer.end):
        theirs = [c for c, _, _ in row.followers if c in opponents]
        if theirs and _deployed_into(answer, mover, row):
            if row.scorers == (mover,):
                return "steal", row.kind, theirs[0]
            if mover in row.scorers:
                return "share", row.kind, theirs[0]
    seats = {c: i for i, c in enumerate(state.players)}
    hurt = max(opponents, key=lambda c: obvious.valued[seats[c]] - answer.valued[seats[c]])
    if obvious.valued[seats[hurt]] - answer.valued[seats[hurt]] >= 2:
        denied = _denied(obvious, answer, hurt)
        if denied == "field" and any(r.kind == "city" and r.complete for r in obvious.rows):
            return "feed", denied, hurt  # the obvious move closes a city that the opponent's farmer feeds on
        return "deny", denied, hurt
    if replies:
        return "reply", "", next(e.who for e in account(state, answer.turn).entries if e.who not in ("", mover))
    rule = next((RULE_ACTIONS[type(a)] for a in answer.mine if type(a) in RULE_ACTIONS), None)
    if rule is not None:
        return rule, "", hurt
    return None


def _deployed_into(line: Line, mover: str, row: ScoreRow) -> bool:
    """Whether the line puts the mover's follower on the feature of ``row``."""
    return any(isinstance(a, Deploy) and (mover, a.pos) in {(c, pos) for c, pos, _ in row.followers}
               for a in line.mine)


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


# ----- words -------------------------------------------------------------------------------------------------
FEATURE_WORDS = {"field": "farm", "cloister": "cloister", "city": "city", "road": "road"}


RULE_PHRASES = {"meteor": "Where the meteor falls", "flood": "Where the flood breaks", "tornado": "The tornado's path",
                "ferry": "Where the ferry goes", "crop circle": "What the crop circle does"}


def situation(p: Position) -> str:
    """Who decides what (the second half of a ``best`` puzzle's title, after its idea); never the answer. Over
    the whole game it says how many tiles are left."""
    state = state_from_position(p)
    who = state.players[state.current_player()]
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
        what = f"{who} chooses what the crop circle does"
    if p.pile == () and not isinstance(step, PlaceStep):
        what += " on the last turn"
    if p.question is not None and p.question.horizon == "game" and (left := state.pile_size()):
        what += f", {left} tile{'s' * (left != 1)} left"
    return what


def title(idea: Idea, situation: str) -> str:
    """The idea first, then who decides what: "Steal blue's city: red to place E"."""
    kind = FEATURE_WORDS.get(idea.feature, idea.feature)
    named = {
        "destroy": f"Knock out {idea.opponent}'s {idea.feature}",
        "steal": f"Steal {idea.opponent}'s {kind}",
        "share": f"Share {idea.opponent}'s {kind}",
        "deny": f"Deny {idea.opponent} the {kind}" if kind else f"Hold {idea.opponent} back",
        "feed": f"Don't feed {idea.opponent}'s farmer",
        "reply": f"Think of {idea.opponent}'s reply",
        "ruling": f"The reading of {idea.feature} decides",
    }.get(idea.theme) or RULE_PHRASES[idea.theme]
    return f"{named}: {situation}"


def explanation(p: Position, idea: Idea) -> list[str]:
    """Why the obvious move falls short and what the answer does, told event by event (on the last tile, the
    end-of-game rows both lines share are told once, with the answer)."""
    state = state_from_position(p)
    seat = state.current_player()
    mover = idea.mover
    obvious, answer = account(state, idea.obvious.turn), account(state, idea.answer.turn)
    shared = set(_end_lines(answer))
    a, o = idea.answer, idea.obvious
    at = next((i for i, (mine, theirs) in enumerate(zip(o.mine, a.mine)) if mine != theirs), 0)  # where they part
    chosen = obvious.entries[at].said
    if at:
        chosen = f"the same {'placement' if isinstance(a.mine[0], Place) else 'first decision'}, then {chosen}"
    if idea.greedy:
        out = [f"The obvious move: {chosen}, which scores {mover} {o.own(seat)} at once."]
    else:
        out = [f"The nearest other choice: {chosen}."]
    rest = [line for i, entry in enumerate(obvious.entries[at:]) for line in entry.lines()[not i:]]
    out += [f"- {line}" for line in rest if line not in shared]
    when = "at the end of the game" if p.pile == () else "counting what is left open as at the end of the game,"
    out.append(f"It falls short: {when} it leaves {mover} {_lead(o.worth(seat))}; the answer, "
               f"{_lead(a.worth(seat))}.")
    out.append(f"The answer, for {mover}:")
    out += [f"- {line}" for line in answer.lines()]
    return out


def _end_lines(told: Account) -> list[str]:
    """The end-of-game scoring of an account in words (what follows the game's end, on the last tile)."""
    events = told.events
    ended = next((i for i, e in enumerate(events) if isinstance(e, GameEnded)), len(events))
    return [e.text() for e in events[ended + 1:]]


def _lead(n: int) -> str:
    if n == 0:
        return "level with the best opponent"
    return f"{abs(n)} point{'s' * (abs(n) != 1)} {'ahead of' if n > 0 else 'behind'} the best opponent"
