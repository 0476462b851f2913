"""The events of a turn, each a small value with one way to say it ("blue lays the ferry on 1,0 to join E and
W"): a tile drawn, placed or discarded, a follower put, scored, returned or lost, a ferry laid or moved, the
meteor's aim and landing, the flood, the tornado's steps, the crop circle's rounds, the earthquake's cities,
the game's end. ``account`` finds them in a line of actions; this module says them.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from carcnb.engine.features import Node, split_figure
from carcnb.engine.geometry import PORT_NAMES, Pos, pos_text
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.engine.tiles import catalogue

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
    def carried_name(self) -> str:
        """What a figure the tornado carried is called when where it stood before is not known:
        ``follower``, ``builder``, ``pig``."""
        return "follower" if self.kind == "follower" else self.kind

    @property
    def place(self) -> str:
        return f"the {self.feature} at {pos_text(self.pos)} ({PORT_NAMES[self.port]})"

    def text(self) -> str:
        """``red's knight on the city at 1,0 (S)``."""
        return f"{self.color}'s {self.name} on {self.place}"


def figure_of(state: GameState, node: Node, entry: str) -> Figure:
    color, kind = split_figure(entry)
    seg = state.board.segment(node)
    return Figure(color, kind, seg.kind, node[0], seg.anchor)


def standing(state: GameState) -> Counter:
    return Counter((node, entry) for node, entries in state.board.followers.items() for entry in entries)


# ----- the events -------------------------------------------------------------------------------------------
# The events share one shape (a small value and its ``text``); each says a different thing, so none is merged.
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
    carried off by the tornado and not put back (``was``: what it was when the tornado picked it up, when
    known). ``lost``: out of the game, not back to the supply."""

    figure: Figure
    cause: str  # "scored", "destroyed", "taken", "tornado"
    lost: bool = False
    was: str = ""

    def text(self) -> str:
        f = self.figure
        if self.cause == "taken":
            return f"{f.color} takes back the {f.name} on {f.place}"
        if self.lost:
            return f"{f.text()} is lost: it leaves the game"
        if self.cause == "tornado":
            return f"{f.color}'s {self.was or f.carried_name} that the tornado carried goes back to the supply"
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
        return f"{and_list(row.scorers)} score {row.points} each for {what}{notes}"


@dataclass(frozen=True)
class FerryLaid(Event):
    who: str
    pos: Pos
    ports: tuple[int, int]

    def text(self) -> str:
        return f"{self.who} lays the ferry on {pos_text(self.pos)} to join {ports_text(self.ports)}"


@dataclass(frozen=True)
class FerryMoved(Event):
    who: str
    pos: Pos
    old: tuple[int, int]
    ports: tuple[int, int]

    def text(self) -> str:
        return (f"{self.who} moves the ferry on {pos_text(self.pos)} from {ports_text(self.old)} "
                f"to join {ports_text(self.ports)}")


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
        over = f": it covers {positions_text(self.tiles)}" if self.tiles else ", over empty land"
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
    """A figure the tornado carried lands where it picked up another (the swap); ``was``: what it was when
    picked up, when known (a farmer set down on a road is a thief now)."""

    figure: Figure
    was: str = ""

    def text(self) -> str:
        f = self.figure
        return f"the tornado sets {f.color}'s {self.was or f.carried_name} down on {f.place}{_now(f, self.was)}"


@dataclass(frozen=True)
class TornadoDropped(Event):
    """The owner puts the figure the tornado carried on the tile where it stopped; ``was`` as for a swap."""

    who: str
    figure: Figure
    was: str = ""

    def text(self) -> str:
        f = self.figure
        return f"{self.who} puts the {self.was or f.carried_name} the tornado carried on {f.place}{_now(f, self.was)}"


def _now(figure: Figure, was: str) -> str:
    """``: a thief now`` when a carried figure lands as another kind of follower than it was (or than can be
    told, ``was`` unknown)."""
    return "" if figure.name == (was or figure.carried_name) else f": a {figure.name} now"


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
            parts.append(f"{and_list(_cities(self.cities))}: {scores} nothing")
        if self.finished:
            feeds = "it feeds" if len(self.finished) == 1 else "they feed"
            parts.append(f"the finished {and_list(_cities(self.finished)).removeprefix('the ')}: {feeds} no farmer")
        return f"the earthquake{at} destroys " + "; and ".join(parts)


def _cities(cities: tuple[tuple[Pos, ...], ...]) -> list[str]:
    return [f"the city at {pos_text(tiles[0])} ({len(tiles)} tile{'s' * (len(tiles) != 1)})" for tiles in cities]


@dataclass(frozen=True)
class GameEnded(Event):
    def text(self) -> str:
        return "the game ends: every follower left on the board scores"


def ports_text(ports: Sequence[int]) -> str:
    return f"{PORT_NAMES[ports[0]]} and {PORT_NAMES[ports[1]]}"


def and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def positions_text(tiles: Sequence[Pos]) -> str:
    shown = " ".join(pos_text(t) for t in tiles[:MOST_TILES])
    return shown + (f" and {len(tiles) - MOST_TILES} more" if len(tiles) > MOST_TILES else "")
