"""The account of a turn: what a line of actions did, as ordered events in the players' terms.

Each event is a small value with one way to say it ("blue lays the ferry on 1,0 to join E and W"). The
events come from the actions themselves and from comparing the state before and after each of them (tiles
replaced, followers gone or set down, ferries moved, the flood spreading) and from the engine's score rows,
so what is said can never disagree with what the engine did. The quiz, the puzzle board, posts, the
notebooks' strips and the miner all tell a line through ``account``; the result picture draws its events.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from carcnb.engine.actions import (
    Action,
    Crop,
    Deploy,
    Discard,
    Draw,
    Drop,
    Ferry,
    Flood,
    Meteor,
    Pick,
    Place,
    Remove,
    TornadoStep,
    parse_action,
)
from carcnb.engine.features import Node, split_figure
from carcnb.engine.geometry import CENTRE, PORT_NAMES, Pos, around, pos_text
from carcnb.engine.rules.base import DeployStep, PlaceStep, apply_final
from carcnb.engine.rules.cropcircles import CropActStep, CropChoiceStep, crop_order
from carcnb.engine.rules.earthquake import hit_cities, quake_centre
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep, jetties
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position

_FOLLOWER = {"city": "knight", "road": "thief", "field": "farmer", "cloister": "monk"}
_FEATURES = {"road": "roads", "city": "cities", "field": "fields", "cloister": "cloisters"}
MOST_TILES = 6  # tiles a sentence lists; more are counted


def tile_name(tid: str) -> str:
    """How a sentence names a tile: ``V``, ``the meteor``, ``the tornado TO3``, ``the lake FA``, ..."""
    tile = catalogue()[tid]
    if tile.has("meteor"):
        return "the meteor"
    if tile.has("flood"):
        return "the flood"
    for flag, kind in (("tornado", "tornado"), ("earthquake", "earthquake"), ("ferry_lake", "lake"),
                       ("crop_circle", "crop circle")):
        if tile.has(flag):
            return f"the {kind} {tid}"
    return tid


# ----- what a figure is and where it stands -----------------------------------------------------------------
@dataclass(frozen=True)
class Figure:
    """A figure on the board: whose, what kind, on which feature kind, at which tile and port."""

    color: str
    kind: str  # "follower", "builder", "pig"
    feature: str  # "city", "road", "field", "cloister"
    pos: Pos
    port: int

    @property
    def name(self) -> str:
        """``knight``, ``farmer``, ``builder``: a follower is named by what it stands on."""
        return _FOLLOWER.get(self.feature, "follower") if self.kind == "follower" else self.kind

    @property
    def place(self) -> str:
        return f"the {self.feature} at {pos_text(self.pos)} ({PORT_NAMES[self.port]})"

    def text(self) -> str:
        """``red's knight on the city at 1,0 (S)``."""
        return f"{self.color}'s {self.name} on {self.place}"


def _figure(state: GameState, node: Node, entry: str) -> Figure:
    color, kind = split_figure(entry)
    seg = state.board.segment(node)
    return Figure(color, kind, seg.kind, node[0], seg.anchor)


def _standing(state: GameState) -> Counter:
    return Counter((node, entry) for node, entries in state.board.followers.items() for entry in entries)


# ----- the events -------------------------------------------------------------------------------------------
class Event:
    """One thing that happened; ``text()`` says it as a clause: subject, verb, what, where."""

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class TileDrawn(Event):
    who: str
    tile: str

    def text(self) -> str:
        return f"{self.who} draws {tile_name(self.tile)}"


@dataclass(frozen=True)
class TilePlaced(Event):
    who: str
    tile: str
    pos: Pos
    rot: int

    def text(self) -> str:
        turned = f" turned {self.rot}°" if self.rot else ""
        return f"{self.who} places {tile_name(self.tile)} on {pos_text(self.pos)}{turned}"


@dataclass(frozen=True)
class TileDiscarded(Event):
    who: str
    tile: str

    def text(self) -> str:
        return f"{self.who} discards {tile_name(self.tile)}: nowhere to put it"


@dataclass(frozen=True)
class FollowerPut(Event):
    """A follower put down from supply: deployed, or added by a crop circle (``added``)."""

    who: str
    figure: Figure
    added: bool = False

    def text(self) -> str:
        return f"{self.who} {'adds' if self.added else 'puts'} a {self.figure.name} on {self.figure.place}"


@dataclass(frozen=True)
class Passed(Event):
    """A decision to do nothing, said as what stays as it was."""

    who: str
    what: str  # "puts no follower down", "leaves the meteor aimed at 3,-1", ...

    def text(self) -> str:
        return f"{self.who} {self.what}"


@dataclass(frozen=True)
class FollowerLeft(Event):
    """A figure that left the board: after scoring, with a destroyed tile, taken back (crop circle), or
    carried off by the tornado and not put back. ``lost``: out of the game, not back to the supply."""

    figure: Figure
    cause: str  # "scored", "destroyed", "taken", "tornado"
    lost: bool = False

    def text(self) -> str:
        f = self.figure
        if self.cause == "taken":
            return f"{f.color} takes back the {f.name} on {f.place}"
        if self.lost:
            return f"{f.text()} is lost: it leaves the game"
        if self.cause == "tornado":
            return f"{f.color}'s {f.name} that the tornado carried goes back to the supply"
        return f"{f.text()} goes back to the supply"

    @property
    def where(self) -> str:
        """Where it went: ``supply`` or ``lost``."""
        return "lost" if self.lost else "supply"


@dataclass(frozen=True)
class FeatureScored(Event):
    """A score row: during the turn (``when`` "turn") or in the final scoring ("end"); ``nodes`` are the
    feature's segments, for the picture."""

    row: ScoreRow
    when: str
    nodes: tuple[Node, ...] = ()

    def text(self) -> str:
        row = self.row
        at = pos_text(row.tiles[0])
        size = "" if row.kind in ("field", "cloister") else \
            f"{len(row.tiles)} tile{'s' * (len(row.tiles) != 1)}, "
        what = f"the {row.kind} at {at} ({size}{row.reason})"
        notes = f" [{'; '.join(row.notes)}]" if row.notes else ""
        if not row.scorers:
            return f"nobody scores {what}{notes}"
        if len(row.scorers) == 1:
            return f"{row.scorers[0]} scores {row.points} for {what}{notes}"
        return f"{_and(row.scorers)} score {row.points} each for {what}{notes}"


@dataclass(frozen=True)
class FerryLaid(Event):
    who: str
    pos: Pos
    ports: tuple[int, int]

    def text(self) -> str:
        return f"{self.who} lays the ferry on {pos_text(self.pos)} to join {_ports(self.ports)}"


@dataclass(frozen=True)
class FerryMoved(Event):
    who: str
    pos: Pos
    old: tuple[int, int]
    ports: tuple[int, int]

    def text(self) -> str:
        return (f"{self.who} moves the ferry on {pos_text(self.pos)} from {_ports(self.old)} "
                f"to join {_ports(self.ports)}")


@dataclass(frozen=True)
class MeteorAimed(Event):
    """The drawer points where the meteor lands (``first``), or a player moves the landing point."""

    who: str
    pos: Pos
    first: bool

    def text(self) -> str:
        if self.first:
            return f"{self.who} aims the meteor at {pos_text(self.pos)}"
        return f"{self.who} moves the meteor to {pos_text(self.pos)}"


@dataclass(frozen=True)
class MeteorLanded(Event):
    pos: Pos
    tile: str  # the tile it destroyed
    ferry: bool = False  # the tile carried a ferry

    def text(self) -> str:
        ferry = " and its ferry" if self.ferry else ""
        return f"the meteor lands on {pos_text(self.pos)}, destroying {tile_name(self.tile)}{ferry}"


@dataclass(frozen=True)
class FloodPlaced(Event):
    who: str
    pos: Pos
    tile: str  # the river tile it replaced

    def text(self) -> str:
        return f"{self.who} lets the flood replace {tile_name(self.tile)} on {pos_text(self.pos)}"


@dataclass(frozen=True)
class FloodSpread(Event):
    at: Pos
    tiles: tuple[Pos, ...]  # the tiles under the spread flood

    def text(self) -> str:
        over = f": it covers {_positions(self.tiles)}" if self.tiles else ", over empty land"
        return f"the flood spreads over the 8 squares around {pos_text(self.at)}{over}"


@dataclass(frozen=True)
class TornadoMoved(Event):
    who: str
    start: Pos
    pos: Pos
    step: int  # the event's step number, from 1

    def text(self) -> str:
        return f"{self.who} moves the tornado from {pos_text(self.start)} to {pos_text(self.pos)} (step {self.step})"


@dataclass(frozen=True)
class TornadoPicked(Event):
    """The tornado picks a figure up; ``who`` chose it among several (empty when it was the only one)."""

    figure: Figure
    who: str = ""

    def text(self) -> str:
        if self.who:
            return f"{self.who} has the tornado pick up {self.figure.text()}"
        return f"the tornado picks up {self.figure.text()}"


@dataclass(frozen=True)
class TornadoSetDown(Event):
    """A figure the tornado carried lands where it picked up another (the swap)."""

    figure: Figure

    def text(self) -> str:
        return f"the tornado sets {self.figure.color}'s {self.figure.name} down on {self.figure.place}"


@dataclass(frozen=True)
class TornadoDropped(Event):
    who: str
    figure: Figure

    def text(self) -> str:
        return f"{self.who} puts the {self.figure.name} the tornado carried on {self.figure.place}"


@dataclass(frozen=True)
class TornadoStopped(Event):
    pos: Pos

    def text(self) -> str:
        return f"the tornado stops on {pos_text(self.pos)} and leaves the board"


@dataclass(frozen=True)
class CropChosen(Event):
    who: str
    mode: str
    feature: str

    def text(self) -> str:
        if self.mode == "add":
            return f"{self.who} chooses add: each player may add a follower on {_FEATURES[self.feature]}"
        return f"{self.who} chooses remove: each player takes a follower on {_FEATURES[self.feature]} back"


@dataclass(frozen=True)
class CropPassed(Event):
    """A player the crop circle round passes over: nothing to add (no follower in supply, or none on a feature
    of that kind) or nothing to take back."""

    who: str
    mode: str
    feature: str
    supply: int

    def text(self) -> str:
        features = _FEATURES[self.feature]
        if self.mode == "remove":
            return f"{self.who} has no follower on {features}: takes nothing back"
        if self.supply <= 0:
            return f"{self.who} has no follower in supply: adds nothing"
        return f"{self.who} has no follower on {features} to add beside: adds nothing"


@dataclass(frozen=True)
class FerryStays(Event):
    """The tornado on a lake tile: it carries figures, never the ferry."""

    pos: Pos

    def text(self) -> str:
        return f"the ferry on {pos_text(self.pos)} stays where it is: the tornado carries figures, not ferries"


@dataclass(frozen=True)
class QuakeStruck(Event):
    """Before the final scoring, the earthquake's tokens go down: ``cities`` are the unfinished cities
    they destroy, ``finished`` the finished ones, each as its tiles."""

    centre: Pos | None
    cities: tuple[tuple[Pos, ...], ...]
    finished: tuple[tuple[Pos, ...], ...] = ()

    def text(self) -> str:
        at = f" at {pos_text(self.centre)}" if self.centre is not None else ""
        if not self.cities and not self.finished:
            return f"the earthquake{at} destroys no city"
        parts = []
        if self.cities:
            scores = "it scores" if len(self.cities) == 1 else "they score"
            parts.append(f"{_and(_cities(self.cities))}: {scores} nothing")
        if self.finished:
            feeds = "it feeds" if len(self.finished) == 1 else "they feed"
            parts.append(f"the finished {_and(_cities(self.finished)).removeprefix('the ')}: {feeds} no farmer")
        return f"the earthquake{at} destroys " + "; and ".join(parts)


def _cities(cities: tuple[tuple[Pos, ...], ...]) -> list[str]:
    return [f"the city at {pos_text(tiles[0])} ({len(tiles)} tile{'s' * (len(tiles) != 1)})" for tiles in cities]


@dataclass(frozen=True)
class GameEnded(Event):
    def text(self) -> str:
        return "the game ends: every follower left on the board scores"


# ----- one action, and a whole line -------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One action of a line (None: the game's end, played by the rules) with who took it and its events,
    the action's own first."""

    action: Action | None
    who: str
    events: tuple[Event, ...]

    @property
    def said(self) -> str:
        """The action itself in words (its first event)."""
        return self.events[0].text() if self.events else ""

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
    before = state.clone()
    entries = []
    for action in actions:
        entries.append(told(state, parse_action(action) if isinstance(action, str) else action))
    if end and not state.over:
        entries.append(_ending(state))
    return Account(before, state, tuple(entries))


def told(state: GameState, action: Action) -> Entry:
    """Apply ``action`` to ``state`` and say what it did."""
    seat = state.current_player()
    who = state.players[seat] if seat >= 0 else ""
    step = state.todo[0] if state.todo else None
    own = _own(state, step, action, who)
    seen = _Seen(state)
    state.apply(action)
    return Entry(action, who, (own, *seen.changes(state, action)))


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
        return FollowerLeft(_figure(state, board.node_at(action.pos, action.port), who), "taken")
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
        return TornadoPicked(_figure(state, board.node_at(action.pos, action.port), action.color), who)
    if isinstance(action, Drop):
        color, kind = split_figure(action.color)
        seg = board.segment(board.node_at(action.pos, action.port))
        return TornadoDropped(who, Figure(color, kind, seg.kind, action.pos, action.port))
    if isinstance(action, Crop):
        return CropChosen(who, action.mode, step.kind)
    return Passed(who, _passing(state, step))


def _passing(state: GameState, step) -> str:
    """What a pass leaves as it was, by the step passed."""
    if isinstance(step, DeployStep):
        return "puts no follower down"
    if isinstance(step, MeteorStep):
        return f"leaves the meteor aimed at {pos_text(state.ext['meteor_chosen'][-1])}"
    if isinstance(step, MoveFerryStep):
        return f"leaves the ferry on {pos_text(step.pos)} where it is"
    if isinstance(step, CropActStep):
        return "adds nothing"
    if isinstance(step, TornadoDropStep):
        return "does not put back the follower the tornado carried"
    if isinstance(step, PlaceStep):
        return "places nothing"
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
        self.standing = _standing(state)
        self.figures = {(node, entry): _figure(state, node, entry) for node, entry in self.standing}
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
        gone = self.standing - _standing(state)
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
            events += [FollowerLeft(self.figures.get(((pos, seg), color)) or _figure(state, (pos, seg), color),
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
                    events.append(TornadoSetDown(_figure(state, node, carrying)))
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
def _ports(ports: Sequence[int]) -> str:
    return f"{PORT_NAMES[ports[0]]} and {PORT_NAMES[ports[1]]}"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _positions(tiles: Sequence[Pos]) -> str:
    shown = " ".join(pos_text(t) for t in tiles[:MOST_TILES])
    return shown + (f" and {len(tiles) - MOST_TILES} more" if len(tiles) > MOST_TILES else "")
