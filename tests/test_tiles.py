"""The tile catalogue against tiles.md: counts, edges, features, ports and rotation."""
from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import pytest

from carcnb.engine.errors import CatalogueError
from carcnb.engine.geometry import CENTRE, PORT_INDEX, PORT_NAMES, ROTATIONS, rotate_port, side_centre, side_of
from carcnb.engine.tiles import catalogue, parse_catalogue

# The tables of tiles.md, copied verbatim (the spec is the source of the facts; the catalogue is data).
SPEC_ROWS = """
| A | 2 | F F R F | cloister; road[S]; field[NNW NNE ENE ESE SSE SSW WSW WNW] |
| B | 4 | F F F F | cloister; field[all 8 halves] |
| C | 1 | C C C C | city[N E S W]+ |
| D | 4 | C R F R | city[N]; road[E W]; field[ENE WNW]{N}; field[ESE SSE SSW WSW] |
| E | 5 | C F F F | city[N]; field[ENE ESE SSE SSW WSW WNW]{N} |
| F | 2 | F C F C | city[E W]+; field[NNW NNE]{E W}; field[SSE SSW]{E W} |
| G | 1 | C F C F | city[N S]; field[ENE ESE]{N S}; field[WSW WNW]{N S} |
| H | 3 | C F C F | city[N]; city[S]; field[ENE ESE WSW WNW]{N}{S} |
| I | 2 | C F F C | city[N]; city[W]; field[ENE ESE SSE SSW]{N}{W} |
| J | 3 | C R R F | city[N]; road[E S]; field[ENE SSW WSW WNW]{N}; field[ESE SSE] |
| K | 3 | C F R R | city[N]; road[S W]; field[ENE ESE SSE WNW]{N}; field[SSW WSW] |
| L | 3 | C R R R | city[N]; road[E]; road[S]; road[W]; field[ENE WNW]{N}; field[ESE SSE]; field[SSW WSW] |
| M | 2 | C F F C | city[N W]+; field[ENE ESE SSE SSW]{N W} |
| N | 3 | C F F C | city[N W]; field[ENE ESE SSE SSW]{N W} |
| O | 2 | C R R C | city[N W]+; road[E S]; field[ENE SSW]{N W}; field[ESE SSE] |
| P | 3 | C R R C | city[N W]; road[E S]; field[ENE SSW]{N W}; field[ESE SSE] |
| Q | 1 | C C F C | city[N E W]+; field[SSE SSW]{N E W} |
| R | 3 | C C F C | city[N E W]; field[SSE SSW]{N E W} |
| S | 2 | C C R C | city[N E W]+; road[S]; field[SSE]{N E W}; field[SSW]{N E W} |
| T | 1 | C C R C | city[N E W]; road[S]; field[SSE]{N E W}; field[SSW]{N E W} |
| U | 8 | R F R F | road[N S]; field[NNE ENE ESE SSE]; field[SSW WSW WNW NNW] |
| V | 9 | F F R R | road[S W]; field[NNW NNE ENE ESE SSE WNW]; field[SSW WSW] |
| W | 4 | F R R R | road[E]; road[S]; road[W]; field[NNW NNE ENE WNW]; field[ESE SSE]; field[SSW WSW] |
| X | 1 | R R R R | road[N]; road[E]; road[S]; road[W]; field[NNE ENE]; field[ESE SSE]; field[SSW WSW]; field[WNW NNW] |
| R1 | 1 | F F W F | spring; river[S]; field[all 8 halves] (the field wraps round the spring) |
| R2 | 1 | W F F F | lake; river[N]; field[all 8 halves] |
| R3 | 1 | C W C W | river[E W]; city[N]; city[S]; field[ENE WNW]{N}; field[ESE WSW]{S} |
| R4 | 1 | C W R W | river[E W]; city[N]; road[S] (ends at the bank); field[ENE WNW]{N}; field[ESE SSE]; field[SSW WSW] |
| R5 | 1 | F W R W | river[E W]; cloister (south bank); road[S]; field[NNW NNE ENE WNW]; field[ESE SSE SSW WSW] |
| R6 | 1 | W R W R | river[N S]; road[E W] (bridge); field[NNE ENE]; field[ESE SSE]; field[SSW WSW]; field[WNW NNW] |
| R7 | 2 | W F W F | river[N S]; field[NNE ENE ESE SSE]; field[SSW WSW WNW NNW] |
| R8 | 1 | C W W C | river[E S]; city[N W]; field[ENE SSW]{N W}; field[ESE SSE] |
| R9 | 1 | R R W W | river[S W]; road[N E]; field[NNE ENE]; field[NNW WNW ESE SSE]; field[SSW WSW] |
| R10 | 2 | F F W W | river[S W]; field[NNW NNE ENE ESE SSE WNW]; field[SSW WSW] |
| EQ | 1 | C F F F | earthquake icon; city[N]; field[ENE ESE SSE SSW WSW WNW]{N} |
| FL | 1 | — | flood: never placed by edge matching; it replaces a river tile (see rules.md) |
| MT | 1 | — | meteor: never placed by edge matching; it replaces a tile in play (see rules.md) |
| TO1 | 1 | R F R F | tornado icon; road[N S]; field[NNE ENE ESE SSE]; field[SSW WSW WNW NNW] |
| TO2 | 1 | F F R R | tornado icon; road[S W]; field[NNW NNE ENE ESE SSE WNW]; field[SSW WSW] |
| TO3 | 1 | C R F R | tornado icon; city[N]; road[E W]; field[ENE WNW]{N}; field[ESE SSE SSW WSW] |
| FA | 3 | C R R R | lake; city[N]; road[E]; road[S]; road[W] (each ends at a jetty); field[ENE WNW]{N}; field[ESE SSE]; field[SSW WSW] |
| FB | 4 | F R R R | lake; road[E]; road[S]; road[W] (jetties); field[NNW NNE ENE WNW]; field[ESE SSE]; field[SSW WSW] |
| FC | 1 | R R R R | lake; road[N]; road[E]; road[S]; road[W] (jetties); field[NNE ENE]; field[ESE SSE]; field[SSW WSW]; field[WNW NNW] |
| CR1 | 1 | F R R R | club (roads) | road[S W]; road[E] (ends at the circle); field[NNW NNE ENE WNW]; field[ESE SSE]; field[SSW WSW] |
| CR2 | 1 | R R R R | club (roads) | road[S W]; road[N]; road[E] (both end at the circle); field[NNE ENE]; field[NNW WNW ESE SSE]; field[SSW WSW] |
| CF1 | 1 | C F R F | pitchfork (fields) | city[N]; road[S] (ends at the circle); field[ENE ESE SSE SSW WSW WNW]{N} |
| CF2 | 1 | C R F R | pitchfork (fields) | city[N]; road[E]; road[W] (each ends at the circle); field[ENE WNW]{N}; field[ESE SSE SSW WSW] |
| CC1 | 1 | C F C F | shield (cities) | city[N]; city[S]; field[ENE ESE]{N}{S}; field[WSW WNW]{N}{S} |
| CC2 | 1 | C C C C | shield (cities) | city[N W]; city[E S]; (no field) |
"""

HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
SETS_OF = {**{t: "base" for t in "ABCDEFGHIJKLMNOPQRSTUVWX"}, **{f"R{i}": "river" for i in range(1, 11)},
           **dict.fromkeys(("EQ", "FL", "MT", "TO1", "TO2", "TO3"), "disasters"),
           **dict.fromkeys(("FA", "FB", "FC"), "ferries"),
           **dict.fromkeys(("CR1", "CR2", "CF1", "CF2", "CC1", "CC2"), "cropcircles")}


def _spec() -> dict[str, tuple[int, str, list[str]]]:
    """id -> (count, edges as 4 letters or '----', feature phrases)."""
    out = {}
    for line in SPEC_ROWS.strip().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        tid, n, edges, features = cells[0], int(cells[1]), cells[2], cells[-1]
        edges = "----" if edges == "—" else edges.replace(" ", "")
        phrases = [re.sub(r"\(.*?\)", "", p).strip() for p in features.split(";")]
        out[tid] = (n, edges, [p for p in phrases if p])
    return out


SPEC = _spec()


def _city_ports(edge: str) -> frozenset[int]:
    c = PORT_INDEX[edge]
    return frozenset((c - 1, c, c + 1))


def _spec_features(phrases: list[str]) -> Counter:
    """The features of a spec row as comparable values: (kind, ports, pennant, cities touched)."""
    cities: list[frozenset[int]] = []
    parsed = []
    for p in phrases:
        m = re.fullmatch(r"(city|road|field|river)\[([^\]]*)\](\+?)((?:\{[^}]*\})*)", p)
        if p == "cloister":
            parsed.append(("cloister", frozenset({CENTRE}), False, ()))
        elif m:
            kind, names, plus, refs = m.groups()
            names = HALVES if names == "all 8 halves" else names.split()
            if kind == "city":
                ports = frozenset().union(*(_city_ports(n) for n in names))
                cities.append(ports)
            else:
                ports = frozenset(PORT_INDEX[n] for n in names)
            parsed.append((kind, ports, plus == "+", tuple(r.split() for r in re.findall(r"\{([^}]*)\}", refs))))
    out = Counter()
    for kind, ports, pennant, refs in parsed:
        touched = frozenset(next(c for c in cities if PORT_INDEX[r[0]] in c) for r in refs)
        out[(kind, ports, pennant, touched)] += 1
    return out


def _catalogue_features(tid: str) -> Counter:
    tile = catalogue()[tid]
    segs = tile.at(0).segments
    return Counter((s.kind, s.ports, s.pennant, frozenset(segs[i].ports for i in s.cities)) for s in segs)


def test_base_game_has_72_tiles_with_four_d_and_ten_pennants():
    base = catalogue().of_set("base")
    assert sum(t.count for t in base) == 72
    assert len(base) == 24  # A..X
    assert catalogue()["D"].count == 4
    assert catalogue()["D"].has("start")
    assert sum(t.count * t.pennants for t in base) == 10


@pytest.mark.parametrize("name, tiles, types", [("river", 12, 10), ("disasters", 6, 6), ("ferries", 8, 3),
                                                ("cropcircles", 6, 6)])
def test_expansion_set_sizes(name, tiles, types):
    tiles_of = catalogue().of_set(name)
    assert sum(t.count for t in tiles_of) == tiles
    assert len(tiles_of) == types


def test_catalogue_holds_exactly_the_tiles_of_the_spec():
    assert sorted(catalogue().ids()) == sorted(SPEC)
    for tid in SPEC:
        assert catalogue()[tid].set == SETS_OF[tid], tid


@pytest.mark.parametrize("tid", list(SPEC))
def test_tile_matches_its_spec_row(tid):
    count, edges, phrases = SPEC[tid]
    tile = catalogue()[tid]
    assert tile.count == count
    assert tile.edges == edges
    assert _catalogue_features(tid) == _spec_features(phrases)


@pytest.mark.parametrize("tid, flag", [("R1", "spring"), ("R2", "lake"), ("A", "cloister"), ("B", "cloister"),
                                       ("R5", "cloister"), ("EQ", "earthquake"), ("FL", "flood"), ("MT", "meteor"),
                                       ("TO1", "tornado"), ("TO3", "tornado"), ("FA", "ferry_lake"),
                                       ("FC", "ferry_lake"), ("CR1", "crop_circle"), ("CC2", "crop_circle")])
def test_flags(tid, flag):
    assert catalogue()[tid].has(flag)


def test_symbols_of_crop_circles():
    assert {t: catalogue()[t].symbol for t in ("CR1", "CR2", "CF1", "CF2", "CC1", "CC2")} == {
        "CR1": "club", "CR2": "club", "CF1": "pitchfork", "CF2": "pitchfork", "CC1": "shield", "CC2": "shield"}


_EDGE_KIND = {"C": "city", "R": "road", "W": "river", "F": "field"}


@pytest.mark.parametrize("tid", [t for t in SPEC if SPEC[t][1] != "----"])
@pytest.mark.parametrize("rot", ROTATIONS)
def test_every_edge_port_is_in_exactly_one_feature_of_the_right_kind(tid, rot):
    o = catalogue()[tid].at(rot)
    for port in range(12):
        holders = [i for i, s in enumerate(o.segments) if port in s.ports]
        edge = _EDGE_KIND[o.edges[side_of(port)]]
        centre = port == side_centre(side_of(port))
        want = edge if edge == "city" or centre else "field"
        if edge == "field" and centre:
            assert not holders or o.segments[holders[0]].kind == "field"
            continue
        assert len(holders) == 1, (tid, rot, PORT_NAMES[port])
        assert o.segments[holders[0]].kind == want, (tid, rot, PORT_NAMES[port])
        assert o.port_segment[port] == holders[0]


def test_tiles_without_edges_have_no_features():
    for tid in ("FL", "MT"):
        assert catalogue()[tid].segments == ()


@pytest.mark.parametrize("rot", ROTATIONS)
def test_rotation_is_a_permutation_of_the_ports(rot):
    assert sorted(rotate_port(p, rot) for p in range(13)) == list(range(13))
    assert rotate_port(CENTRE, rot) == CENTRE


def test_four_quarter_turns_are_the_identity_and_rotation_is_clockwise():
    for p in range(13):
        q = p
        for _ in range(4):
            q = rotate_port(q, 90)
        assert q == p
    names = {PORT_NAMES[p]: PORT_NAMES[rotate_port(p, 90)] for p in range(12)}
    # tiles.md: N->E->S->W->N, NNE->ESE->SSW->WNW->NNE, ENE->SSE->WSW->NNW->ENE
    for cycle in (("N", "E", "S", "W"), ("NNE", "ESE", "SSW", "WNW"), ("ENE", "SSE", "WSW", "NNW")):
        for a, b in zip(cycle, cycle[1:] + cycle[:1]):
            assert names[a] == b


@pytest.mark.parametrize("tid", ["D", "K", "M", "R9", "CR2"])
def test_orientations_turn_edges_and_segments_together(tid):
    tile = catalogue()[tid]
    base = tile.at(0)
    for rot in ROTATIONS:
        o = tile.at(rot)
        q = rot // 90
        assert [o.edges[(s + q) % 4] for s in range(4)] == list(base.edges)
        for s0, s in zip(base.segments, o.segments):
            assert s.ports == frozenset(rotate_port(p, rot) for p in s0.ports)
            assert (s.kind, s.pennant, s.cities) == (s0.kind, s0.pennant, s0.cities)


def test_d_at_90_has_its_city_on_the_east():
    o = catalogue()["D"].at(90)
    assert o.edges == "RCRF"
    city = o.segments[o.port_segment[PORT_INDEX["E"]]]
    assert city.kind == "city" and city.ports == {PORT_INDEX[n] for n in ("ENE", "E", "ESE")}


@pytest.mark.parametrize("tid, rot, exits", [
    ("U", 0, (2, -2, 0, -2)),     # a straight road N-S: in at N, out at S and back
    ("V", 0, (-2, -2, 3, 2)),     # a curve S-W
    ("D", 90, (2, -2, 0, -2)),    # D's road turns with the tile: N-S at 90
    ("W", 0, (-2, -1, -1, -1)),   # a junction: every road ends on the tile
    ("R3", 0, (-2, -2, -2, -2)),  # a river tile with no road
])
def test_road_exits_follow_each_road_across_the_tile(tid, rot, exits):
    assert catalogue()[tid].at(rot).road_exits == exits


@pytest.mark.parametrize("tid, rot, sides", [
    ("R1", 0, (2,)),     # the spring flows out to the south
    ("R1", 90, (3,)),    # ... and to the west once turned
    ("R3", 0, (1, 3)),   # straight across, east-west
    ("R3", 90, (0, 2)),  # north-south once turned
    ("D", 0, ()),        # no river on a base tile
])
def test_river_sides_are_the_sides_whose_edge_is_river(tid, rot, sides):
    assert catalogue()[tid].at(rot).river_sides == sides


def test_shipped_data_file_parses_to_the_same_catalogue():
    text = resources.files("carcnb").joinpath("data/tiles.toml").read_text(encoding="utf-8")
    cat = parse_catalogue(text)
    assert cat.ids() == catalogue().ids()


GOOD_TILE = """
[[tile]]
id = "Z1"
set = "base"
count = 1
edges = "CRFR"
features = [
    { kind = "city", ports = ["N"] },
    { kind = "road", ports = ["E", "W"] },
    { kind = "field", ports = ["ENE", "WNW"], cities = ["N"] },
    { kind = "field", ports = ["ESE", "SSE", "SSW", "WSW"] },
]
"""


def test_a_correct_tile_text_parses():
    cat = parse_catalogue(GOOD_TILE)
    assert cat.ids() == ["Z1"]
    assert _catalogue_features_of(cat["Z1"]) == _catalogue_features("D")


def _catalogue_features_of(tile) -> Counter:
    segs = tile.at(0).segments
    return Counter((s.kind, s.ports, s.pennant, frozenset(segs[i].ports for i in s.cities)) for s in segs)


@pytest.mark.parametrize("change, says", [
    (('"ESE", "SSE"', '"ESE", "ENE", "SSE"'), "ENE"),                 # a port in two features
    (('edges = "CRFR"', 'edges = "CCFR"'), "must be in a city"),      # east edge says city, holds a road
    (('"WNW"], cities', '"WNX"], cities'), "WNX"),                    # unknown port
    (('cities = ["N"]', 'cities = ["S"]'), "no city"),                # field touching a city that is not there
    (('set = "base"', 'set = "expansion9"'), "expansion9"),           # unknown set
    (('edges = "CRFR"', 'edges = "CRF"'), "edges"),                   # three edges
    (('kind = "road"', 'kind = "lane"'), "lane"),                     # unknown feature kind
    (('{ kind = "road", ports = ["E", "W"] },', ''), "must be in a road"),  # road edges with no road
])
def test_broken_catalogue_raises_naming_the_tile(change, says):
    old, new = change
    assert old in GOOD_TILE
    with pytest.raises(CatalogueError) as err:
        parse_catalogue(GOOD_TILE.replace(old, new), "mine.toml")
    msg = str(err.value)
    assert "Z1" in msg and "mine.toml" in msg and says in msg


def test_duplicate_tile_id_and_bad_toml_are_catalogue_errors():
    with pytest.raises(CatalogueError, match="Z1"):
        parse_catalogue(GOOD_TILE + GOOD_TILE)
    with pytest.raises(CatalogueError, match="mine.toml"):
        parse_catalogue("[[tile]\nid = ", "mine.toml")
