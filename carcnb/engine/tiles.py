"""The tile catalogue: tile types loaded from ``data/tiles.toml``, pre-rotated for the board.

The catalogue is data so that a player can correct a tile without touching code. Every tile type keeps
its segments in catalogue order; a segment's index is the same at every rotation, only its ports turn.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources

from carcnb.engine.errors import CatalogueError
from carcnb.engine.geometry import (ACROSS, CENTRE, EDGE_PORTS, PORT_INDEX, PORT_NAMES, ROTATIONS, rotate_port,
                                    side_centre, side_of)

FEATURE_KINDS = ("city", "road", "field", "river", "cloister")
CONNECTING = ("road", "city", "river")  # kinds whose ends must meet to complete
EDGE_KINDS = {"C": "city", "R": "road", "F": "field", "W": "river", "-": None}
SETS = ("base", "river", "disasters", "ferries", "cropcircles")
FLAGS = {"start", "spring", "lake", "cloister", "earthquake", "flood", "meteor", "tornado", "ferry_lake",
         "crop_circle"}
SYMBOLS = {"club": "road", "pitchfork": "field", "shield": "city"}
# Edge codes used for placement matching: 0 no neighbour, 5 a tile without edges (MT, FL) that matches all.
EDGE_CODE = {"F": 1, "R": 2, "C": 3, "W": 4, "-": 5}
WILD = 5


@dataclass(frozen=True)
class Segment:
    """One feature segment of a tile at a given rotation."""

    kind: str
    ports: frozenset[int]
    pennant: bool = False
    cities: tuple[int, ...] = ()  # for fields: indices of the city segments they touch
    sides: tuple[int, ...] = ()  # the sides whose centre (road/river/city) or halves (field) it holds
    ends: int = field(init=False, repr=False, compare=False)  # open ends of a road, city or river segment
    # the port that names this segment in notation: the first of its ports, edge centres first
    anchor: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ends", len(self.sides) if self.kind in CONNECTING else 0)
        centres = sorted(p for p in self.ports if p % 3 == 1)
        object.__setattr__(self, "anchor", centres[0] if centres else min(self.ports))

    @property
    def edge_ports(self) -> tuple[int, ...]:
        return tuple(sorted(p for p in self.ports if p != CENTRE))


@dataclass(frozen=True)
class Orientation:
    """A tile type turned by ``rot`` degrees: its edges, segments and port lookup."""

    rot: int
    edges: str  # kinds on N E S W as letters
    codes: tuple[int, int, int, int]
    segments: tuple[Segment, ...]
    port_segment: tuple[int, ...]  # port -> segment index, -1 where none
    # per side: (own segment, the port across the edge, the open ends the link closes: 2 where two ends of a
    # road, city or river meet, else 0)
    links: tuple[tuple[tuple[int, int, int], ...], ...] = ()
    cloister: int = field(init=False, repr=False)  # the index of the cloister segment, or -1
    # per segment: (side, the port across the edge, the open ends the link closes), the links by segment
    segment_links: tuple[tuple[tuple[int, int, int], ...], ...] = field(init=False, repr=False)
    river_sides: tuple[int, ...] = field(init=False, repr=False)  # the sides whose edge is river
    # per side: the side by which the road through this side's centre leaves the tile; -1 where that road
    # ends on the tile, -2 where no road reaches this side
    road_exits: tuple[int, int, int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "river_sides", tuple(s for s in range(4) if self.edges[s] == "W"))
        object.__setattr__(self, "road_exits", tuple(self._road_exit(side) for side in range(4)))
        object.__setattr__(self, "segment_links", tuple(
            tuple((side, q, ends) for side in range(4) for mine, q, ends in self.links[side] if mine == i)
            for i in range(len(self.segments))))
        centre = self.port_segment[CENTRE]
        object.__setattr__(self, "cloister", centre if centre >= 0 and self.segments[centre].kind == "cloister"
                           else -1)

    def _road_exit(self, side: int) -> int:
        seg = self.port_segment[side_centre(side)]
        if seg < 0 or self.segments[seg].kind != "road":
            return -2
        return next((s for s in self.segments[seg].sides if s != side), -1)


@dataclass(frozen=True, eq=False)
class TileType:
    id: str
    set: str
    count: int
    edges: str
    flags: frozenset[str]
    segments: tuple[Segment, ...]
    symbol: str | None = None
    own_layout: bool = False
    orientations: tuple[Orientation, ...] = field(default=(), repr=False)
    is_river: bool = field(init=False, repr=False)
    has_edges: bool = field(init=False, repr=False)  # MT and FL have none

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_river", "W" in self.edges)
        object.__setattr__(self, "has_edges", self.edges != "----")

    def __repr__(self) -> str:
        return f"TileType({self.id!r})"

    def __deepcopy__(self, memo: dict) -> TileType:
        return self  # catalogue entries are shared, never copied

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def pennants(self) -> int:
        return sum(s.pennant for s in self.segments)

    def at(self, rot: int) -> Orientation:
        return self.orientations[rot // 90]

    @cached_property
    def fits(self) -> tuple[tuple[int, ...], ...]:
        """For every placement constraint key (see ``Board``), the rotations whose edges match it: a table
        made on first use, so that placement generation only indexes it."""
        if not self.has_edges:
            return ((),) * 6 ** 4  # MT and FL replace a tile in play: never placed by matching edges
        n, e, s, w = _allowed(self)  # key = n + 6 e + 36 s + 216 w
        return tuple(tuple(sorted(a & b & c & d)) for d in w for c in s for b in e for a in n)

    @cached_property
    def fit_masks(self) -> tuple[int, ...]:
        """``fits`` as masks of rotations (bit ``rot // 90``), to index tables by the set of rotations."""
        return tuple(sum(1 << (rot // 90) for rot in rots) for rots in self.fits)

    def rotations_fitting(self, key: int) -> tuple[int, ...]:
        """Rotations whose edges match a placement constraint ``key`` (see ``Board``)."""
        return self.fits[key]


def _allowed(tile: TileType) -> tuple[tuple[frozenset[int], ...], ...]:
    """Per side and constraint digit, the rotations whose edge there matches it."""
    return tuple(tuple(frozenset(o.rot for o in tile.orientations if d in (0, WILD) or o.codes[side] in (d, WILD))
                       for d in range(6)) for side in range(4))


def _segment_ports(kind: str, names: list[str], where: str) -> frozenset[int]:
    ports: set[int] = set()
    for name in names:
        if name not in PORT_INDEX:
            raise CatalogueError(f"{where}: unknown port {name!r} (known: {' '.join(PORT_NAMES)})")
        p = PORT_INDEX[name]
        if kind == "city":
            if p == CENTRE or p % 3 != 1:
                raise CatalogueError(f"{where}: a city lists edge centres (N E S W), got {name!r}")
            ports.update((p - 1, p, p + 1))
        else:
            ports.add(p)
    return frozenset(ports)


def _build(raw: dict, where: str) -> TileType:
    try:
        tid, tset, count, edges = raw["id"], raw["set"], raw["count"], raw["edges"]
    except KeyError as e:
        raise CatalogueError(f"{where}: missing key {e.args[0]!r}") from None
    where = f"{where} ({tid})"
    if tset not in SETS:
        raise CatalogueError(f"{where}: unknown set {tset!r} (known: {', '.join(SETS)})")
    if len(edges) != 4 or any(c not in EDGE_KINDS for c in edges):
        raise CatalogueError(f"{where}: edges must be 4 letters of C R F W -, got {edges!r}")
    flags = frozenset(raw.get("flags", ()))
    if flags - FLAGS:
        raise CatalogueError(f"{where}: unknown flags {sorted(flags - FLAGS)}")
    symbol = raw.get("symbol")
    if symbol is not None and symbol not in SYMBOLS:
        raise CatalogueError(f"{where}: unknown symbol {symbol!r} (known: {', '.join(SYMBOLS)})")
    raw_feats = raw.get("features", [])
    ports_of = [_segment_ports(f["kind"], f["ports"], where) for f in raw_feats]
    segments = []
    for f, ports in zip(raw_feats, ports_of):
        if f["kind"] not in FEATURE_KINDS:
            raise CatalogueError(f"{where}: unknown feature kind {f['kind']!r}")
        cities = []
        for c in f.get("cities", ()):
            idx = [i for i, (g, ps) in enumerate(zip(raw_feats, ports_of)) if g["kind"] == "city"
                   and PORT_INDEX.get(c) in ps]
            if len(idx) != 1:
                raise CatalogueError(f"{where}: field touches no city at {c!r}")
            cities.append(idx[0])
        sides = tuple(sorted({side_of(p) for p in ports if p != CENTRE}))
        segments.append(Segment(f["kind"], ports, bool(f.get("pennant")), tuple(cities), sides))
    tile = TileType(tid, tset, int(count), edges, flags | ({"cloister"} if any(
        s.kind == "cloister" for s in segments) else set()), tuple(segments), symbol, bool(raw.get("own_layout")))
    _validate(tile, where)
    object.__setattr__(tile, "orientations", tuple(_orient(tile, rot) for rot in ROTATIONS))
    return tile


def _validate(tile: TileType, where: str) -> None:
    """Every edge port belongs to exactly one segment, and that segment's kind fits its edge."""
    owner: dict[int, Segment] = {}
    for seg in tile.segments:
        for p in seg.ports:
            if p in owner:
                raise CatalogueError(f"{where}: port {PORT_NAMES[p]} is in two features")
            owner[p] = seg
    if not tile.has_edges:
        if tile.segments:
            raise CatalogueError(f"{where}: a tile without edges has no features")
        return
    for p in EDGE_PORTS:
        edge = EDGE_KINDS[tile.edges[side_of(p)]]
        want = edge if edge == "city" or p == side_centre(side_of(p)) else "field"
        got = owner.get(p)
        if edge == "field" and p == side_centre(side_of(p)) and got is None:
            continue  # a field edge is its two halves; its centre belongs to nothing
        if got is None or got.kind != want:
            raise CatalogueError(f"{where}: port {PORT_NAMES[p]} must be in a {want}, "
                                 f"found {got.kind if got else 'nothing'}")


def _orient(tile: TileType, rot: int) -> Orientation:
    q = rot // 90
    edges = tile.edges[-q:] + tile.edges[:-q] if q else tile.edges
    segments = tuple(
        Segment(s.kind, frozenset(rotate_port(p, rot) for p in s.ports), s.pennant, s.cities,
                tuple(sorted((side + q) % 4 for side in s.sides)))
        for s in tile.segments)
    port_segment = [-1] * 13
    for i, s in enumerate(segments):
        for p in s.ports:
            port_segment[p] = i
    codes = tuple(EDGE_CODE[c] for c in edges)
    links = tuple(tuple((port_segment[p], ACROSS[p], 2 if p % 3 == 1 and segments[port_segment[p]].kind in CONNECTING
                         else 0)
                        for p in (3 * side, 3 * side + 1, 3 * side + 2) if port_segment[p] >= 0)
                  for side in range(4))
    return Orientation(rot, edges, codes, segments, tuple(port_segment), links)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Catalogue:
    tiles: dict[str, TileType]

    def __getitem__(self, tid: str) -> TileType:
        return self.tiles[tid]

    def __contains__(self, tid: object) -> bool:
        return tid in self.tiles

    def of_set(self, name: str) -> list[TileType]:
        return [t for t in self.tiles.values() if t.set == name]

    def ids(self) -> list[str]:
        return list(self.tiles)


def parse_catalogue(text: str, where: str = "tiles.toml") -> Catalogue:
    """Build a catalogue from TOML text; raises ``CatalogueError`` naming the tile that is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CatalogueError(f"{where}: {e}") from None
    tiles: dict[str, TileType] = {}
    for i, raw in enumerate(data.get("tile", []), 1):
        tile = _build(raw, f"{where}: tile #{i}")
        if tile.id in tiles:
            raise CatalogueError(f"{where}: tile id {tile.id!r} defined twice")
        tiles[tile.id] = tile
    return Catalogue(tiles)


@cache
def catalogue() -> Catalogue:
    """The catalogue shipped with the package."""
    text = resources.files("carcnb").joinpath("data/tiles.toml").read_text(encoding="utf-8")
    return parse_catalogue(text, "carcnb/data/tiles.toml")


def tile(tid: str) -> TileType:
    return catalogue()[tid]
