"""Actions: every decision of a game as a small value with a text notation that parses back.

Notation (one action per line, spaces between fields; positions as ``x,y``; ports as in tiles.md):
``draw V`` · ``place 1,-2 90`` · ``discard`` · ``deploy 1,-2 NNE`` · ``pass`` · ``ferry 3,0 E-S`` ·
``meteor 2,1`` · ``flood 0,-3`` · ``tornado 1,1`` · ``pick red 1,1 N`` · ``drop red 1,1 N`` ·
``crop add`` / ``crop remove`` · ``remove 1,0 N``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from carcnb.engine.errors import ActionSyntaxError
from carcnb.engine.geometry import PORT_INDEX, PORT_NAMES, ROTATIONS, Pos, pos_text

V = TypeVar("V")


@dataclass(frozen=True, order=True)
class Action:
    """Base of all actions; ``str(a)`` is its notation and ``parse_action(str(a)) == a``."""

    def __deepcopy__(self, memo: dict) -> Action:
        return self  # a frozen value: a copied game shares it (a board's open positions list thousands)


@dataclass(frozen=True, order=True)
class Draw(Action):
    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


_SHARED: dict[tuple, object] = {}


def shared(cls: type[V], *args) -> V:
    """The one shared value of ``cls(*args)``: actions and steps are immutable values, and searches make the
    same ones again and again."""
    key = (cls, *args)
    value = _SHARED.get(key)
    if value is None:
        value = _SHARED[key] = cls(*args)
    return value  # type: ignore[return-value]


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


class _PlacesByMask(dict):
    """Position -> the shared ``Place`` values there for each set of rotations, indexed by its mask (bit
    ``rot // 90``): the same tuples whichever tile is in hand."""

    def __missing__(self, pos: Pos) -> tuple[tuple[Place, ...], ...]:
        x, y = pos
        value = self[pos] = tuple(tuple(places([(x, y, rot) for rot in ROTATIONS if mask >> (rot // 90) & 1]))
                                  for mask in range(16))
        return value


PLACES_BY_MASK = _PlacesByMask()


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


# Each action is a small value with its own notation: alike in shape, each names a different decision.
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


MAX_DIGITS = 6  # a coordinate or a number in an answer; longer ones are refused before Python converts them


def whole_number(text: str, what: str) -> int:
    """``text`` as a whole number (an optional minus, at most ``MAX_DIGITS`` digits); raises
    ``ActionSyntaxError`` naming ``what`` otherwise."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ActionSyntaxError(f"{what}: {shorten(text)!r} is not a whole number")
    if len(digits) > MAX_DIGITS:
        raise ActionSyntaxError(f"{what}: {shorten(text)!r} has {len(digits)} digits: at most {MAX_DIGITS} are read")
    return int(text)


def shorten(text: str, most: int = 40) -> str:
    """``text`` cut to ``most`` characters for quoting in a message (long input is never echoed whole)."""
    return text if len(text) <= most else f"{text[:most - 3]}..."


def _parse_pos(text: str, whole: str) -> Pos:
    parts = text.split(",")
    if len(parts) != 2:
        raise ActionSyntaxError(f"bad position {shorten(text)!r} in action {shorten(whole)!r}: "
                                "expected x,y such as 1,-2")
    x, y = (whole_number(part, f"bad position in action {shorten(whole)!r}") for part in parts)
    return (x, y)


def _parse_port(text: str, whole: str) -> int:
    if text.upper() not in PORT_INDEX:
        raise ActionSyntaxError(f"bad port {shorten(text)!r} in action {shorten(whole)!r}: "
                                f"expected one of {' '.join(PORT_NAMES)}")
    return PORT_INDEX[text.upper()]


_SHAPES = {"draw": 1, "place": 2, "discard": 0, "pass": 0, "deploy": 2, "remove": 2, "ferry": 2, "meteor": 1,
           "flood": 1, "tornado": 1, "pick": 3, "drop": 3, "crop": 1}


def _words(text: str) -> list[str]:
    """The fields of an action, in any letter case and spacing: ``Ferry 1, 0  w - s`` gives
    ``['ferry', '1,0', 'w-s']`` (spaces around a comma, and between a ferry's ends, are dropped)."""
    words = ",".join(part.strip() for part in text.split(",")).split()
    if not words:
        return words
    words[0] = words[0].lower()
    if words[0] == "ferry" and len(words) > 3:
        words[2:] = ["".join(words[2:])]
    return words


def parse_action(text: str) -> Action:
    """The action that ``text`` spells, in any letter case and spacing; raises ``ActionSyntaxError`` saying
    what was expected."""
    words = _words(text)
    if not words or words[0] not in _SHAPES:
        raise ActionSyntaxError(f"unknown action {shorten(text)!r}: expected one of {', '.join(_SHAPES)}")
    verb, args = words[0], words[1:]
    if len(args) != _SHAPES[verb]:
        raise ActionSyntaxError(f"action {shorten(text)!r}: {verb} takes {_SHAPES[verb]} argument(s), "
                                f"got {len(args)}")
    if verb == "draw":
        return Draw(args[0].upper())
    if verb == "place":
        pos = _parse_pos(args[0], text)
        if args[1] not in {str(r) for r in ROTATIONS}:
            raise ActionSyntaxError(f"bad rotation {shorten(args[1])!r} in action {shorten(text)!r}: "
                                    "expected 0, 90, 180 or 270")
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
            raise ActionSyntaxError(f"bad ferry {shorten(args[1])!r} in action {shorten(text)!r}: "
                                    "expected two ports such as E-S")
        return Ferry(_parse_pos(args[0], text), _parse_port(ends[0], text), _parse_port(ends[1], text))
    if verb in ("meteor", "flood", "tornado"):
        return {"meteor": Meteor, "flood": Flood, "tornado": TornadoStep}[verb](_parse_pos(args[0], text))
    if verb in ("pick", "drop"):
        return (Pick if verb == "pick" else Drop)(args[0].lower(), _parse_pos(args[1], text),
                                                  _parse_port(args[2], text))
    if args[0].lower() not in ("add", "remove"):
        raise ActionSyntaxError(f"action {shorten(text)!r}: crop takes add or remove")
    return Crop(args[0].lower())


def action_pos(a: Action) -> Pos | None:
    """The board position an action's notation names, if any."""
    pos = getattr(a, "pos", None)
    return tuple(pos) if pos is not None else None


def action_ports(a: Action) -> tuple[int, ...]:
    """The ports an action's notation names (a ferry names two)."""
    if isinstance(a, Ferry):
        return (a.a, a.b)
    port = getattr(a, "port", None)
    return () if port is None else (port,)
