"""The picture of one tile type at one rotation, built from its ports (no per-tile artwork) and cached.

Each segment gets a shape from the sides it holds: a city over one edge is a cap, over two opposite edges
a band, over two neighbouring edges a corner, over three a horseshoe, over four the whole tile; roads and
rivers run from edge centres to the centre (or round a corner); flags add the cloister, spring, lakes,
crop circle and disaster icons. Where a tile has a crop circle, caps and bends reach the circle exactly
when the fields on their two sides are different fields in the catalogue, so the picture agrees with
the data.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from matplotlib.path import Path

from carcnb.engine.tiles import Orientation, Segment, TileType
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.shapes import CENTRE, SIDE_VECTOR, edge_centre

# Drawing levels, bottom to top; pieces of one level and style are drawn as one compound path.
GROUND = 0
WATER, WATER_MARK, WATER_DOT = 10, 11, 12
ROAD, ROAD_END = 20, 21
CITY, CITY_WALL = 30, 31
GRID = 35
MARKS, MARKS_TOP, MARKS_DETAIL = 40, 41, 42

# Control distances of a road or river bend between neighbouring edges: close to a quarter circle round
# the corner; on a crop-circle tile, one that touches the circle or one that keeps clear of it.
_BEND = 0.276
_TOUCHING_BEND = 0.34
_CLEAR_BEND = 0.2


Style = tuple[int, str, str, float]  # level, face colour, edge colour, edge width
MONK_SPOTS = ((0.76, 0.36), (0.24, 0.36), (0.76, 0.7), (0.24, 0.7))  # beside the house, tried in order


@dataclass(frozen=True)
class Piece:
    """One filled polygon of a tile picture, in tile fractions, anticlockwise."""

    level: int
    verts: np.ndarray
    face: str
    edge: str = "none"
    lw: float = 0.0

    @property
    def style(self) -> Style:
        return (self.level, self.face, self.edge, self.lw)


@dataclass(frozen=True)
class TileArt:
    """Everything drawn for a tile type at a rotation, plus what highlights and tokens need."""

    paths: tuple[tuple[Style, np.ndarray, np.ndarray], ...]  # per style: compound path vertices and codes
    regions: tuple[tuple[np.ndarray, ...], ...]  # per segment: polygons that cover it (not fields)
    barriers: tuple[np.ndarray, ...]  # shapes that are no feature (a lake, a crop circle)
    marks: tuple[tuple[float, float] | None, ...]  # per segment: a spot for a token (pennant, quake), or a monk
    jetties: tuple[tuple[float, float] | None, ...]  # per segment: the jetty on a lake tile


@cache
def tile_art(tile: TileType, rot: int) -> TileArt:
    """The cached picture of ``tile`` turned ``rot`` degrees."""
    return _Builder(tile, rot).build()


def _ground(tile: TileType) -> str:
    if tile.has("meteor"):
        return st.CRATER
    if tile.has("flood"):
        return st.WATER
    return st.FIELD


class _Builder:
    """Collects the pieces, regions and spots of one tile picture."""

    def __init__(self, tile: TileType, rot: int):
        self.tile = tile
        self.o: Orientation = tile.at(rot)
        n = len(self.o.segments)
        self.pieces: list[Piece] = []
        self.regions: list[list[np.ndarray]] = [[] for _ in range(n)]
        self.barriers: list[np.ndarray] = []
        self.marks: list[tuple[float, float] | None] = [None] * n
        self.jetties: list[tuple[float, float] | None] = [None] * n
        self.centre_object = tile.has("crop_circle") or tile.has("ferry_lake")

    def add(self, level: int, verts: np.ndarray, face: str, edge: str = "none", lw: float = 0.0) -> None:
        self.pieces.append(Piece(level, sh.anticlockwise(verts), face, edge, lw))

    def build(self) -> TileArt:
        self.add(GROUND, sh.rect(0, 0, 1, 1), _ground(self.tile))
        self.add(GRID, sh.rect(0, 0, 1, 1), "none", st.GRID, st.THIN)
        for i, seg in enumerate(self.o.segments):
            if seg.kind == "city":
                self._city(i, seg)
            elif seg.kind in ("road", "river"):
                self._path(i, seg)
            elif seg.kind == "cloister":
                self._cloister(i)
        for i, seg in enumerate(self.o.segments):
            if seg.kind == "cloister":
                self.marks[i] = self._monk_spot(i)
        self._flags()
        return TileArt(compound_paths(self.pieces), tuple(tuple(r) for r in self.regions), tuple(self.barriers),
                       tuple(self.marks), tuple(self.jetties))

    # ----- helpers -----------------------------------------------------------------------------------------
    def _segment_at(self, port: int) -> int:
        return self.o.port_segment[port]

    def _differ(self, a: int, b: int) -> bool:
        """Whether two half ports belong to different segments (so a shape between them must divide)."""
        return self._segment_at(a) != self._segment_at(b)

    # ----- cities ------------------------------------------------------------------------------------------
    def _city(self, i: int, seg: Segment) -> None:
        """The city's ground and its walls (the curves between city and field; tile edges get no wall)."""
        sides = seg.sides
        n = len(sides)
        if n == 4:
            poly, walls, mark, q = sh.rect(0, 0, 1, 1), [], (0.5, 0.5), 0
        elif n == 1:
            q = sides[0]
            deep = self.tile.has("crop_circle") and self._differ(3 * ((q + 3) % 4) + 2, 3 * ((q + 1) % 4))
            d = 0.5 + st.CROP_R - 0.02 if deep else 0.3 if self.tile.has("ferry_lake") else 0.37
            wall = sh.cubic((1, 1), (0.65, 1 - d), (0.35, 1 - d), (0, 1))
            poly, walls, mark = wall, [wall], (0.27, 0.87)
        elif n == 2 and (sides[1] - sides[0]) == 2:
            q = sides[0]
            right = sh.cubic((1, 1), (0.62, 0.78), (0.62, 0.22), (1, 0))
            left = sh.cubic((0, 0), (0.38, 0.22), (0.38, 0.78), (0, 1))
            poly, walls, mark = np.concatenate((right, left)), [right, left], (0.5, 0.5)
        elif n == 2:
            q = next(k for k in range(4) if {k, (k + 3) % 4} == set(sides))
            others_city = all(self.o.edges[s] == "C" for s in range(4) if s not in sides)
            c1, c2 = ((0.67, 0.67), (0.33, 0.33)) if others_city else ((0.72, 0.55), (0.45, 0.28))
            wall = sh.cubic((1, 1), c1, c2, (0, 0))
            poly, walls, mark = np.concatenate((np.array([[0.0, 1.0]]), wall)), [wall], (0.25, 0.75)
        else:
            missing = next(s for s in range(4) if s not in sides)
            q = (missing - 2) % 4
            wall = sh.cubic((1, 0), (0.9, 0.45), (0.1, 0.45), (0, 0))
            poly, walls, mark = np.concatenate((np.array([[0.0, 1.0], [1.0, 1.0]]), wall)), [wall], (0.5, 0.6)
        poly = sh.turn(poly, q)
        self.add(CITY, poly, st.CITY)
        for wall in walls:
            self.add(CITY_WALL, sh.band(sh.turn(wall, q), 0.011), st.CITY_WALL)
        self.regions[i].append(poly)
        self.marks[i] = sh.turn_point(mark, q)
        if seg.pennant:
            self.add(MARKS, sh.shield(*self.marks[i], 0.16), st.PENNANT, st.PENNANT_EDGE, 0.9)

    # ----- roads and rivers --------------------------------------------------------------------------------
    def _path(self, i: int, seg: Segment) -> None:
        river = seg.kind == "river"
        half = st.RIVER_HALF if river else st.ROAD_HALF
        sides = seg.sides
        if len(sides) == 2:
            path = self._through(sides, river)
            end = None
        else:
            path, end = self._to_end(sides[0], river)
        poly = sh.band(path, half)
        face, edge = (st.RIVER, st.RIVER_EDGE) if river else (st.ROAD, st.ROAD_EDGE)
        self.add(WATER if river else ROAD, poly, face, edge, 0.7)
        self.regions[i].append(poly)
        if end is not None:
            self.add(WATER_MARK if river else ROAD_END, sh.disc(*end, half * 1.7, 20), face, edge, 0.7)
            self.regions[i].append(sh.disc(*end, half * 1.7, 20))
        if river and self.tile.has("spring"):
            self.add(WATER_MARK, sh.disc(0.5, 0.5, 0.1, 28), st.SPRING, st.RIVER_EDGE, 1.0)
            self.add(WATER_DOT, sh.disc(0.5, 0.5, 0.045, 20), st.RIVER)
            self.regions[i].append(sh.disc(0.5, 0.5, 0.1, 28))
        if river and self.tile.has("lake"):
            lake = sh.disc(0.5, 0.5, 0.24, 36, ry=0.19)
            self.add(WATER_MARK, lake, st.RIVER, st.RIVER_EDGE, 0.7)
            self.regions[i].append(lake)
        if not river and self.tile.has("ferry_lake"):
            self.jetties[i] = tuple(float(v) for v in CENTRE + SIDE_VECTOR[sides[0]] * (st.LAKE_R - 0.02))

    def _through(self, sides: tuple[int, ...], river: bool) -> np.ndarray:
        a, b = sides
        ea, eb = edge_centre(a), edge_centre(b)
        if (b - a) == 2:
            bow = self._bow(a, b) if river and self.tile.has("cloister") else None
            if bow is None:
                return sh.line(ea, eb)
            top = CENTRE + bow
            return np.concatenate((sh.cubic(ea, ea - 0.22 * SIDE_VECTOR[a], top + 0.22 * SIDE_VECTOR[a], top, 16),
                                   sh.cubic(top, top + 0.22 * SIDE_VECTOR[b], eb - 0.22 * SIDE_VECTOR[b], eb, 16)[1:]))
        first, second = (a, b) if (a + 1) % 4 == b else (b, a)
        bend = _BEND
        if self.centre_object:
            bend = _TOUCHING_BEND if self._differ(3 * first, 3 * second + 2) else _CLEAR_BEND
        return sh.cubic(ea, ea - bend * SIDE_VECTOR[a], eb - bend * SIDE_VECTOR[b], eb, 28)

    def _bow(self, a: int, b: int) -> np.ndarray | None:
        """A river passing a cloister bends away from it, towards a field edge."""
        for side in ((a + 1) % 4, (a + 3) % 4):
            if self.o.edges[side] == "F":
                return 0.27 * SIDE_VECTOR[side]
        return None

    def _to_end(self, side: int, river: bool) -> tuple[np.ndarray, tuple[float, float] | None]:
        """A path from an edge to where it ends on the tile, and the spot for an end mark (if any)."""
        tile = self.tile
        start = edge_centre(side)
        if river:
            return sh.line(start, CENTRE), None
        if tile.has("ferry_lake"):
            depth, mark = st.LAKE_R - 0.01, False
        elif tile.has("crop_circle"):
            depth, mark = st.CROP_R * 0.5, False
        elif tile.has("cloister"):
            depth, mark = 0.0, False
        elif tile.is_river:
            depth, mark = st.RIVER_HALF - 0.01, False  # up to the bank
        else:
            depth, mark = 0.0, True
        end = CENTRE + SIDE_VECTOR[side] * depth
        return sh.line(start, end), (tuple(float(v) for v in end) if mark else None)

    # ----- centre pieces and icons -------------------------------------------------------------------------
    def _cloister(self, i: int) -> None:
        walls, roof = sh.house(0.5, 0.5, 0.32)
        self.add(MARKS, walls, st.CLOISTER_WALL, st.CLOISTER_EDGE, 0.9)
        self.add(MARKS_TOP, roof, st.CLOISTER_ROOF, st.CLOISTER_EDGE, 0.9)
        self.add(MARKS_DETAIL, sh.door(0.5, 0.5, 0.32), st.CLOISTER_EDGE)
        self.regions[i] += [walls, roof]

    def _monk_spot(self, cloister: int) -> tuple[float, float]:
        """Where a monk stands: beside the house, low on the side clear of the tile's roads and river, so that
        the cloister shows under it."""
        others = [Path(poly) for i, region in enumerate(self.regions) if i != cloister for poly in region]
        for spot in MONK_SPOTS:
            outline = sh.meeple(*spot, st.MEEPLE_SIZE)
            if not any(p.contains_points(outline).any() or Path(outline).contains_points(p.vertices).any()
                       for p in others):
                return spot
        return MONK_SPOTS[0]

    def _flags(self) -> None:
        tile = self.tile
        if tile.has("ferry_lake"):
            lake = sh.disc(0.5, 0.5, st.LAKE_R, 40)
            self.add(MARKS, lake, st.RIVER, st.RIVER_EDGE, 0.9)
            self.barriers.append(lake)
            for i, seg in enumerate(self.o.segments):
                if self.jetties[i] is not None:
                    v = SIDE_VECTOR[seg.sides[0]]
                    p = CENTRE + v * st.LAKE_R
                    across = np.array([-v[1], v[0]])
                    self.add(MARKS_TOP, sh.band(sh.line(p - 0.075 * across, p + 0.075 * across), 0.02), st.JETTY)
        if tile.has("crop_circle"):
            ring = sh.disc(0.5, 0.5, st.CROP_R, 40)
            self.add(MARKS, ring, st.CROP, st.CROP_EDGE, 1.4)
            self.barriers.append(ring)
            self._symbol(tile.symbol)
        if tile.has("meteor"):
            self.add(MARKS, sh.disc(0.5, 0.5, 0.36, 40, ry=0.3), st.CRATER_RIM, st.CRATER_FLOOR, 1.0)
            self.add(MARKS_TOP, sh.disc(0.52, 0.47, 0.25, 36, ry=0.19), st.CRATER_FLOOR)
            for cx, cy, r in ((0.17, 0.83, 0.05), (0.85, 0.2, 0.04), (0.82, 0.86, 0.03), (0.14, 0.15, 0.035)):
                self.add(MARKS, sh.disc(cx, cy, r, 12), st.CRATER_RIM)
        if tile.has("flood"):
            for y in (0.2, 0.42, 0.64, 0.86):
                for x0 in (0.08, 0.55):
                    xs = np.linspace(x0, x0 + 0.36, 16)
                    wave = np.column_stack((xs, y + 0.035 * np.sin((xs - x0) / 0.36 * 2 * np.pi)))
                    self.add(MARKS, sh.band(wave, 0.012), st.WAVE)
        if tile.has("earthquake") or tile.has("tornado"):
            cx, cy = self._free_spot(0.14)
            self.add(MARKS, sh.disc(cx, cy, 0.13, 32), st.ICON_BACK, st.ICON_EDGE, 0.8)
            if tile.has("earthquake"):
                self.add(MARKS_TOP, sh.band(sh.zigzag(cx, cy, 0.2), 0.018), st.QUAKE)
            else:
                self.add(MARKS_TOP, sh.band(sh.spiral(cx, cy, 0.22), 0.014), st.TORNADO)

    def _symbol(self, symbol: str | None) -> None:
        """The crop circle's symbol, as large as the circle holds (it says which feature kind it acts on)."""
        if symbol == "club":
            for part in sh.club(0.5, 0.5, 2.0 * st.CROP_R):
                self.add(MARKS_TOP, part, st.CROP_SYMBOL)
        elif symbol == "pitchfork":
            for stroke in sh.pitchfork(0.5, 0.5, 1.7 * st.CROP_R):
                self.add(MARKS_TOP, sh.band(stroke, 0.02), st.CROP_SYMBOL)
        elif symbol == "shield":
            self.add(MARKS_TOP, sh.shield(0.5, 0.5, 1.4 * st.CROP_R), st.CROP_SYMBOL)

    def _free_spot(self, radius: float) -> tuple[float, float]:
        """The spot nearest the centre whose disc of ``radius`` is clear of every feature shape."""
        paths = [Path(poly) for region in self.regions for poly in region]
        a = np.linspace(0, 2 * np.pi, 16, endpoint=False)
        ring = np.column_stack((np.cos(a), np.sin(a)))
        grid = np.linspace(radius + 0.04, 0.96 - radius, 25)
        spots = sorted(((float(x), float(y)) for x in grid for y in grid),
                       key=lambda p: (round((p[0] - 0.5) ** 2 + (p[1] - 0.5) ** 2, 6), p[1], p[0]))
        for spot in spots:
            probe = np.concatenate((np.array([spot]), spot + radius * ring, spot + 0.5 * radius * ring))
            if not any(p.contains_points(probe).any() for p in paths):
                return spot
        return (0.5, 0.5)


def compound_paths(pieces: list[Piece]) -> tuple[tuple[Style, np.ndarray, np.ndarray], ...]:
    """The pieces merged into one compound path per style, in drawing order (level, then first use)."""
    groups: dict[Style, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(piece.style, []).append(piece)
    out = []
    for style in sorted(groups, key=lambda k: k[0]):
        verts, codes = sh.compound([p.verts for p in groups[style]])
        out.append((style, verts, codes))
    return tuple(out)
