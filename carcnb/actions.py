"""Actions: every decision of a game as a small value with a text notation that parses back.

Notation (one action per line, spaces between fields; positions as ``x,y``; ports as in tiles.md):
``draw V`` · ``place 1,-2 90`` · ``discard`` · ``deploy 1,-2 NNE`` · ``pass`` · ``ferry 3,0 E-S`` ·
``meteor 2,1`` · ``flood 0,-3`` · ``tornado 1,1`` · ``pick red 1,1 N`` · ``drop red 1,1 N`` ·
``crop add`` / ``crop remove`` · ``remove 1,0 N``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import ActionSyntaxError
from .geometry import PORT_INDEX, PORT_NAMES, ROTATIONS, Pos, pos_text


@dataclass(frozen=True, order=True)
class Action:
    """Base of all actions; ``str(a)`` is its notation and ``parse_action(str(a)) == a``."""


@dataclass(frozen=True, order=True)
class Draw(Action):
    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


_DRAWS: dict[str, Draw] = {}


def draw(tile: str) -> Draw:
    """A shared ``Draw`` value (one every turn)."""
    action = _DRAWS.get(tile)
    if action is None:
        action = _DRAWS[tile] = Draw(tile)
    return action


@dataclass(frozen=True, order=True)
class Place(Action):
    x: int
    y: int
    rot: int

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"place {self.x},{self.y} {self.rot}"


_PLACES: dict[tuple[int, int, int], Place] = {}


def places(triples: list[tuple[int, int, int]]) -> list[Place]:
    """Shared ``Place`` values for (x, y, rot) triples (legal-move generation makes many of them)."""
    cache = _PLACES
    try:
        return [cache[t] for t in triples]
    except KeyError:
        for t in triples:
            if t not in cache:
                cache[t] = Place(*t)
        return [cache[t] for t in triples]


_PLACES_AT: dict[tuple[int, int, tuple[int, ...]], tuple[Place, ...]] = {}


def places_at(groups: list[tuple[int, int, tuple[int, ...]]]) -> list[Place]:
    """Shared ``Place`` values for positions with their rotations, ``(x, y, rotations)``, in order."""
    cache = _PLACES_AT
    out: list[Place] = []
    for group in groups:
        found = cache.get(group)
        if found is None:
            x, y, rots = group
            found = cache[group] = tuple(places([(x, y, r) for r in rots]))
        out += found
    return out


@dataclass(frozen=True, order=True)
class Discard(Action):
    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, order=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Deploy(Action):
    pos: Pos
    port: int

    def __str__(self) -> str:
        return f"deploy {pos_text(self.pos)} {PORT_NAMES[self.port]}"


_DEPLOYS: dict[tuple[Pos, int], Deploy] = {}


def deploy(pos: Pos, port: int) -> Deploy:
    """A shared ``Deploy`` value (offered every turn)."""
    action = _DEPLOYS.get((pos, port))
    if action is None:
        action = _DEPLOYS[pos, port] = Deploy(pos, port)
    return action


@dataclass(frozen=True, order=True)
class Remove(Action):
    pos: Pos
    port: int

    def __str__(self) -> str:
        return f"remove {pos_text(self.pos)} {PORT_NAMES[self.port]}"


@dataclass(frozen=True, order=True)
class Ferry(Action):
    pos: Pos
    a: int
    b: int

    def __str__(self) -> str:
        return f"ferry {pos_text(self.pos)} {PORT_NAMES[self.a]}-{PORT_NAMES[self.b]}"


@dataclass(frozen=True, order=True)
class Meteor(Action):
    pos: Pos

    def __str__(self) -> str:
        return f"meteor {pos_text(self.pos)}"


@dataclass(frozen=True, order=True)
class Flood(Action):
    pos: Pos

    def __str__(self) -> str:
        return f"flood {pos_text(self.pos)}"


@dataclass(frozen=True, order=True)
class TornadoStep(Action):
    pos: Pos

    def __str__(self) -> str:
        return f"tornado {pos_text(self.pos)}"


@dataclass(frozen=True, order=True)
class Pick(Action):
    color: str
    pos: Pos
    port: int

    def __str__(self) -> str:
        return f"pick {self.color} {pos_text(self.pos)} {PORT_NAMES[self.port]}"


@dataclass(frozen=True, order=True)
class Drop(Action):
    color: str
    pos: Pos
    port: int

    def __str__(self) -> str:
        return f"drop {self.color} {pos_text(self.pos)} {PORT_NAMES[self.port]}"


@dataclass(frozen=True, order=True)
class Crop(Action):
    mode: str  # "add" or "remove"

    def __str__(self) -> str:
        return f"crop {self.mode}"


def _parse_pos(text: str, whole: str) -> Pos:
    try:
        x, y = text.split(",")
        return (int(x), int(y))
    except ValueError:
        raise ActionSyntaxError(f"bad position {text!r} in action {whole!r}: expected x,y such as 1,-2") from None


def _parse_port(text: str, whole: str) -> int:
    if text not in PORT_INDEX:
        raise ActionSyntaxError(f"bad port {text!r} in action {whole!r}: expected one of {' '.join(PORT_NAMES)}")
    return PORT_INDEX[text]


_SHAPES = {"draw": 1, "place": 2, "discard": 0, "pass": 0, "deploy": 2, "remove": 2, "ferry": 2, "meteor": 1,
           "flood": 1, "tornado": 1, "pick": 3, "drop": 3, "crop": 1}


def parse_action(text: str) -> Action:
    """The action that ``text`` spells; raises ``ActionSyntaxError`` saying what was expected."""
    words = text.split()
    if not words or words[0] not in _SHAPES:
        raise ActionSyntaxError(f"unknown action {text!r}: expected one of {', '.join(_SHAPES)}")
    verb, args = words[0], words[1:]
    if len(args) != _SHAPES[verb]:
        raise ActionSyntaxError(f"action {text!r}: {verb} takes {_SHAPES[verb]} argument(s), got {len(args)}")
    if verb == "draw":
        return Draw(args[0])
    if verb == "place":
        pos = _parse_pos(args[0], text)
        if args[1] not in {str(r) for r in ROTATIONS}:
            raise ActionSyntaxError(f"bad rotation {args[1]!r} in action {text!r}: expected 0, 90, 180 or 270")
        return Place(pos[0], pos[1], int(args[1]))
    if verb == "discard":
        return Discard()
    if verb == "pass":
        return Pass()
    if verb in ("deploy", "remove"):
        cls = Deploy if verb == "deploy" else Remove
        return cls(_parse_pos(args[0], text), _parse_port(args[1], text))
    if verb == "ferry":
        ends = args[1].split("-")
        if len(ends) != 2:
            raise ActionSyntaxError(f"bad ferry {args[1]!r} in action {text!r}: expected two ports such as E-S")
        return Ferry(_parse_pos(args[0], text), _parse_port(ends[0], text), _parse_port(ends[1], text))
    if verb in ("meteor", "flood", "tornado"):
        return {"meteor": Meteor, "flood": Flood, "tornado": TornadoStep}[verb](_parse_pos(args[0], text))
    if verb in ("pick", "drop"):
        return (Pick if verb == "pick" else Drop)(args[0], _parse_pos(args[1], text), _parse_port(args[2], text))
    if args[0] not in ("add", "remove"):
        raise ActionSyntaxError(f"action {text!r}: crop takes add or remove")
    return Crop(args[0])
