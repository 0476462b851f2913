"""The account of a turn: what a line of actions did, as ordered events in the players' terms.

Each event is a small value with one way to say it ("blue lays the ferry on 1,0 to join E and W"). The
events come from the actions themselves and from comparing the state before and after each of them (tiles
replaced, followers gone or set down, ferries moved, the flood spreading) and from the engine's score rows,
so what is said can never disagree with what the engine did. The quiz, the puzzle board, posts, the
notebooks' strips and the miner all tell a line through ``account``; the result picture draws its events.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from carcnb.engine.actions import (Action, Crop, Deploy, Discard, Draw, Drop, Ferry, Flood, Meteor, Pick, Place, Remove,
                                   TornadoStep, parse_action)
from carcnb.engine.features import Node, split_figure
from carcnb.engine.geometry import CENTRE, Pos, around, pos_text
from carcnb.engine.rules.base import DeployStep, PlaceStep, apply_final
from carcnb.engine.rules.cropcircles import CropActStep, CropChoiceStep, crop_order
from carcnb.engine.rules.earthquake import hit_cities, quake_centre
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep, jetties
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.telling.events import (CropChosen, CropPassed, Event, FeatureScored, FerryLaid, FerryMoved, FerryStays,
                                   Figure, FloodPlaced, FloodSpread, FollowerLeft, FollowerPut, GameEnded, MeteorAimed,
                                   MeteorLanded, Passed, QuakeStruck, TileDiscarded, TileDrawn, TilePlaced,
                                   TornadoDropped, TornadoMoved, TornadoPicked, TornadoSetDown, TornadoStopped,
                                   figure_of, standing)


# ----- one action, and a whole line -------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One action of a line (None: the game's end, played by the rules) with who took it and its events in
    the order they happen: the action's own first, except for a draw, which the effects at the start of the
    turn (the flood spreading) come before; ``own`` is where the action's own event is."""

    action: Action | None
    who: str
    events: tuple[Event, ...]
    own: int = 0

    @property
    def own_event(self) -> Event:
        """The action itself (``TileDrawn`` for a draw)."""
        return self.events[self.own]

    @property
    def said(self) -> str:
        """The action itself in words."""
        return self.own_event.text() if self.events else ""

    def lines(self) -> list[str]:
        return [e.text() for e in self.events]


@dataclass(frozen=True)
class Account:
    """A line told: the state it started from and ended at, and one entry per action."""

    before: GameState
    after: GameState
    entries: tuple[Entry, ...]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(e for entry in self.entries for e in entry.events)

    def lines(self) -> list[str]:
        """Every event in words, in order."""
        return [e.text() for e in self.events]

    def of(self, kind: type) -> list:
        """The events of one kind, in order."""
        return [e for e in self.events if isinstance(e, kind)]


Source = Position | GameState


def account(source: Source, actions: Iterable[Action | str] = (), *, end: bool = False) -> Account:
    """Play ``actions`` (values or the notation) from a position or from a copy of a state, and tell each;
    ``end`` then ends the game (effects before final scoring, the final scoring) and tells that too. A
    position's own ``played`` actions are told first: the account starts where its turn began. The source
    is never changed."""
    if isinstance(source, Position):
        actions = (*source.played, *actions)
        state = state_from_position(replace(source, played=()))
    else:
        state = source.clone()
    before = state.fork(record=True)  # only read: a fork is a copy made far faster
    entries = []
    for action in actions:
        entries.append(told(state, parse_action(action) if isinstance(action, str) else action))
    if end and not state.over:
        entries.append(_ending(state))
    return Account(before, state, carried_named(entries))


def carried_named(entries: list[Entry] | tuple[Entry, ...]) -> tuple[Entry, ...]:
    """Entries told one by one (``told``), with each figure the tornado sets down, drops or sends home named by what it was when
    picked up (a monk carried onto a field is the monk, a farmer now). The tornado carries one figure at a
    time: a pick makes the one it carried before the one a swap sets down or sends home."""
    carried = swapped = ""
    out = []
    for entry in entries:
        events = []
        for e in entry.events:
            sent_home = isinstance(e, FollowerLeft) and e.cause == "tornado"
            if isinstance(e, TornadoPicked):
                swapped, carried = carried, e.figure.name
            elif isinstance(e, TornadoSetDown) or (sent_home and swapped):
                e, swapped = replace(e, was=swapped), ""
            elif isinstance(e, TornadoDropped) or sent_home:
                e, carried = replace(e, was=carried), ""
            events.append(e)
        out.append(replace(entry, events=tuple(events)))
    return tuple(out)


def told(state: GameState, action: Action) -> Entry:
    """Apply ``action`` to ``state`` and say what it did."""
    seat = state.current_player()
    who = state.players[seat] if seat >= 0 else ""
    step = state.todo[0] if state.todo else None
    own = _own(state, step, action, who)
    seen = _Seen(state)
    state.apply(action)
    changes = seen.changes(state, action)
    first = [e for e in changes if isinstance(e, FloodSpread)]  # before the draw: it starts the drawer's turn
    rest = [e for e in changes if not isinstance(e, FloodSpread)]
    return Entry(action, who, (*first, own, *rest), len(first))


def _ending(state: GameState) -> Entry:
    seen = _Seen(state)
    apply_final(state)
    return Entry(None, "", tuple(seen.changes(state, None)))


def _own(state: GameState, step, action: Action, who: str) -> Event:
    """What the actor does, said before the action is played."""
    board = state.board
    if isinstance(action, Draw):
        return TileDrawn(state.active, action.tile)
    if isinstance(action, Place):
        return TilePlaced(who, state.hand, action.pos, action.rot)
    if isinstance(action, Discard):
        return TileDiscarded(who, state.hand)
    if isinstance(action, Deploy):
        feature = board.segment(board.node_at(action.pos, action.port)).kind
        return FollowerPut(who, Figure(who, "follower", feature, action.pos, action.port),
                           added=isinstance(step, CropActStep))
    if isinstance(action, Remove):
        return FollowerLeft(figure_of(state, board.node_at(action.pos, action.port), who), "taken")
    if isinstance(action, Ferry):
        ports = (action.a, action.b)
        if isinstance(step, LayFerryStep):
            return FerryLaid(who, action.pos, ports)
        return FerryMoved(who, action.pos, ferry_ports(state, action.pos), ports)
    if isinstance(action, Meteor):
        return MeteorAimed(who, action.pos, not state.ext.get("meteor_chosen"))
    if isinstance(action, Flood):
        return FloodPlaced(who, action.pos, board.tiles[action.pos].tile.id)
    if isinstance(action, TornadoStep):
        return TornadoMoved(who, state.ext["tornado"], action.pos, state.ext.get("tornado_steps", 0) + 1)
    if isinstance(action, Pick):
        return TornadoPicked(figure_of(state, board.node_at(action.pos, action.port), action.color), who)
    if isinstance(action, Drop):
        color, kind = split_figure(action.color)
        seg = board.segment(board.node_at(action.pos, action.port))
        return TornadoDropped(who, Figure(color, kind, seg.kind, action.pos, action.port))
    if isinstance(action, Crop):
        return CropChosen(who, action.mode, step.kind)
    return Passed(who, _passing(state, step))


_PASSED: dict[type, str] = {  # the passes whose words need nothing from the step
    DeployStep: "puts no follower down",
    CropActStep: "adds nothing",
    TornadoDropStep: "does not put back the follower the tornado carried",
    PlaceStep: "places nothing",
}


def _passing(state: GameState, step) -> str:
    """What a pass leaves as it was, by the step passed."""
    if type(step) in _PASSED:
        return _PASSED[type(step)]
    if isinstance(step, MeteorStep):
        return f"leaves the meteor aimed at {pos_text(state.ext['meteor_chosen'][-1])}"
    if isinstance(step, MoveFerryStep):
        return f"leaves the ferry on {pos_text(step.pos)} where it is"
    return f"passes ({step.describe()})" if step is not None else "passes"


def ferry_ports(state: GameState, pos: Pos) -> tuple[int, int]:
    """The two jetties (ports) the ferry on the lake at ``pos`` joins now."""
    port_of = {seg: port for port, seg in jetties(state.board, pos)}
    a, b = state.board.ferries[pos]
    return (port_of[a], port_of[b])


class _Seen:
    """The state before an action, as far as the account compares it with the state after."""

    def __init__(self, state: GameState):
        board = state.board
        self.tiles = {pos: p.tile.id for pos, p in board.tiles.items()}
        self.ferries = set(board.ferries)
        self.standing = standing(state)
        self.figures = {(node, entry): figure_of(state, node, entry) for node, entry in self.standing}
        self.lost = dict(state.lost)
        self.rows = len(state.rows)
        self.carry = state.ext.get("tornado_carry")
        self.tornado = state.ext.get("tornado")
        self.spread = bool(state.ext.get("flood_spread"))
        self.over = state.over
        self.step = state.todo[0] if state.todo else None
        self.crop_round = [step for step in state.todo if isinstance(step, CropActStep)]

    def changes(self, state: GameState, action: Action | None) -> list[Event]:
        """What happened besides the action itself: in the order the rules do it."""
        board = state.board
        events: list[Event] = []
        gone = self.standing - standing(state)
        taken = set()
        if isinstance(action, Remove):
            taken = {next(k for k in gone if k[0] == board.node_at(action.pos, action.port))}
        for key in taken:
            gone[key] -= 1
        events += self._tornado(state, action, gone)
        events += self._passed_over(state, action)
        for pos, tid in sorted(self.tiles.items()):
            now = board.tiles.get(pos)
            if now is not None and now.tile.id != tid and now.tile.has("meteor"):
                events.append(MeteorLanded(pos, tid, pos in self.ferries))
        rows = state.rows[self.rows:]
        final_from = state.final_from if state.over and not self.over else None
        turn_rows = rows if final_from is None else state.rows[self.rows:final_from]
        for row in turn_rows:  # a scored follower goes home (it may have been put down by this very action)
            for color, pos, seg in row.followers:
                gone[(pos, seg), color] -= 1
        events += self._destroyed(state, gone)
        for row in turn_rows:
            events.append(FeatureScored(row, "turn", _nodes(state, row)))
            events += [FollowerLeft(self.figures.get(((pos, seg), color)) or figure_of(state, (pos, seg), color),
                                    "scored") for color, pos, seg in row.followers]
        if state.ext.get("flood_spread") and not self.spread:
            at = state.ext["flood_at"]
            events.append(FloodSpread(at, tuple(p for p in around(at) if p in board.tiles)))
        if final_from is not None:
            events.append(GameEnded())
            if state.ext.get("quake_cities"):
                centre = state.ext.get("quake_destroyed") or quake_centre(board)
                hit = hit_cities(board)
                events.append(QuakeStruck(centre, tuple(tuple(f.tiles) for f in hit if not f.complete),
                                          tuple(tuple(f.tiles) for f in hit if f.complete)))
            events += [FeatureScored(row, "end", _nodes(state, row)) for row in state.rows[final_from:]]
        return events

    def _tornado(self, state: GameState, action: Action | None, gone: Counter) -> list[Event]:
        """The tornado picking a figure up, setting the one it carried down or sending it home, and
        stopping; a figure it carries when the event ends without a drop goes home."""
        events: list[Event] = []
        carrying = self.carry
        picked = self._picked(state, action)
        if picked is not None:
            node, entry = picked
            gone[picked] -= 1
            if not isinstance(action, Pick):  # a Pick is the action's own event
                events.append(TornadoPicked(self.figures[picked]))
            if carrying is not None:
                standing = state.board.followers.get(node, ()).count(carrying)
                if standing - self.standing[node, carrying] + (entry == carrying) > 0:
                    events.append(TornadoSetDown(figure_of(state, node, carrying)))
                else:
                    events.append(FollowerLeft(self._carried(carrying, node[0]), "tornado"))
            carrying = entry
        if isinstance(action, TornadoStep) and action.pos in state.board.ferries:
            events.append(FerryStays(action.pos))
        stop = action.pos if isinstance(action, TornadoStep) else self.tornado
        if carrying is not None and state.ext.get("tornado_carry") is None and not isinstance(action, Drop):
            events.append(FollowerLeft(self._carried(carrying, stop), "tornado"))
        if self.tornado is not None and state.ext.get("tornado") is None:
            events.append(TornadoStopped(stop))
        return events

    def _passed_over(self, state: GameState, action: Action | None) -> list[Event]:
        """The players the crop circle round went past without a decision of theirs, after ``action``."""
        round_ = self.crop_round
        if isinstance(action, Crop) and isinstance(self.step, CropChoiceStep):
            round_ = [CropActStep(seat, action.mode, self.step.kind) for seat in crop_order(state)]
        waiting = [step for step in state.todo if isinstance(step, CropActStep)]
        return [CropPassed(state.players[step.seat], step.mode, step.kind, state.supply(state.players[step.seat]))
                for step in round_ if step not in waiting and step != self.step]

    def _picked(self, state: GameState, action: Action | None) -> tuple[Node, str] | None:
        """The figure the tornado picked up with ``action``: the one chosen, or the only one standing on the
        tile it entered (with several, the mover chooses next)."""
        if isinstance(action, Pick):
            return (state.board.node_at(action.pos, action.port), action.color)
        if isinstance(action, TornadoStep):
            here = [key for key in self.standing.elements() if key[0][0] == action.pos]
            return here[0] if len(here) == 1 else None
        return None

    @staticmethod
    def _carried(entry: str, pos: Pos) -> Figure:
        """A figure the tornado carried, leaving the board from the tornado's tile ``pos``: it stands on no
        feature there (the result picture draws it where the tornado picked it up)."""
        color, kind = split_figure(entry)
        return Figure(color, kind, "", pos, CENTRE)

    def _destroyed(self, state: GameState, gone: Counter) -> list[Event]:
        """Figures that left with a replaced tile (meteor, flood): back to supply, or lost."""
        lost = {c: state.lost[c] - self.lost[c] for c in state.lost}
        events: list[Event] = []
        for key in sorted(k for k in gone if gone[k] > 0):
            for _ in range(gone[key]):
                figure = self.figures[key]
                is_lost = figure.kind == "follower" and lost.get(figure.color, 0) > 0
                if is_lost:
                    lost[figure.color] -= 1
                events.append(FollowerLeft(figure, "destroyed", is_lost))
        return events


def _nodes(state: GameState, row: ScoreRow) -> tuple[Node, ...]:
    """The segments of a scored feature, found from a follower that scored it."""
    board = state.board
    for _, pos, seg in row.followers:
        if (pos, seg) in board.parent:
            return board.feature((pos, seg)).nodes
    return ()


# ----- words shared by the events -----------------------------------------------------------------------------
