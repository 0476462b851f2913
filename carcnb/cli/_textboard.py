"""The board as text, for a terminal that shows no pictures: a grid of small tiles, north up.

A tile is a box of ``WIDTH`` by ``HEIGHT`` characters. Its border shows what each edge holds, half by half:
``#`` city, ``|`` or ``=`` the road crossing it, ``~`` river, and a field by its mark (a digit, then a
capital). Fields are marked over the whole board: two tiles showing the same mark share one field (a farm),
and two marks on one tile are fields the tile keeps apart. Inside, a row of icons (``*`` a city's pennant,
``[+]`` a cloister), the tile's letter and turn, and what stands on it (a follower by its colour's initial,
a builder or pig by its capital, ``F`` a ferry, ``Q`` an earthquake token, ``T`` the tornado). The
coordinates run along the sides; under the grid, a key and each piece in the notation the answers use.
"""
from __future__ import annotations

import string

from carcnb.engine.geometry import neighbour
from carcnb.engine.tiles import Orientation, catalogue
from carcnb.engine.tokens import FerryToken, FollowerToken, QuakeToken, TornadoToken
from carcnb.positions.model import Position, TileLine

WIDTH = 9  # characters a tile takes: its two side edges and seven between
HEIGHT = 5  # rows a tile takes: its top and bottom edges and three between
INNER = WIDTH - 2
# a field's mark: digits first, then capitals no piece is written with (followers are lower case)
FIELD_MARKS = string.digits[1:] + "".join(c for c in string.ascii_uppercase if c not in "BFGQRTY")
MARKS = {"city": "#", "river": "~"}
ROAD = ("|", "=", "|", "=")  # a road crossing the north, east, south or west edge
KEY = ("# city  | = road  ~ river  1 2 3 ... fields (one mark, one field: on two tiles, it is one farm)\n"
       "* pennant  [+] cloister  on a tile: a follower by its colour's initial, F ferry, Q earthquake, T tornado")

Node = tuple[tuple[int, int], int]


def text_board(p: Position) -> str:
    """The board of ``p`` as text: the grid, the key, then the pieces on it in notation."""
    if not p.board:
        return "(the board is empty)"
    xs = [t.pos[0] for t in p.board]
    ys = [t.pos[1] for t in p.board]
    at = {t.pos: t for t in p.board}
    fields = field_marks(p)
    margin = max(len(str(y)) for y in ys) + 1
    lines = [" " * margin + "".join(f"{x:^{WIDTH}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        rows = [tile_cell(at[x, y], fields) if (x, y) in at else [" " * WIDTH] * HEIGHT
                for x in range(min(xs), max(xs) + 1)]
        for r in range(HEIGHT):
            label = f"{y:>{margin - 1}} " if r == HEIGHT // 2 else " " * margin
            lines.append((label + "".join(cell[r] for cell in rows)).rstrip())
    pieces = [f"  {t.pos[0]},{t.pos[1]} {t.tile}: {' '.join(map(str, t.tokens))}" for t in p.board if t.tokens]
    return "\n".join(lines + [KEY] + (["On the board:"] + pieces if pieces else []))


def field_marks(p: Position) -> dict[Node, str]:
    """A mark for each field segment of the board (tile, segment index), the same for segments of one field
    joined across edges; numbered in reading order, from the top left."""
    cat = catalogue()
    orient = {t.pos: cat[t.tile].at(t.rot) for t in p.board}
    parent: dict[Node, Node] = {}

    def find(node: Node) -> Node:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for pos, o in orient.items():
        for i, seg in enumerate(o.segments):
            if seg.kind == "field":
                parent[pos, i] = (pos, i)
    for pos, o in orient.items():
        for side in range(4):
            other = orient.get(neighbour(pos, side))
            if other is None:
                continue
            for mine, across, _ in o.links[side] if o.links else ():
                theirs = other.port_segment[across]
                if (pos, mine) in parent and (neighbour(pos, side), theirs) in parent:
                    parent[find((pos, mine))] = find((neighbour(pos, side), theirs))
    fields: dict[Node, str] = {}  # a mark for each field, by its root segment
    for node in sorted(parent, key=lambda node: (-node[0][1], node[0][0], node[1])):
        root = find(node)
        if root not in fields:
            fields[root] = FIELD_MARKS[len(fields)] if len(fields) < len(FIELD_MARKS) else "?"
    return {node: fields[find(node)] for node in parent}


def tile_cell(line: TileLine, fields: dict[Node, str] | None = None) -> list[str]:
    """One tile as ``HEIGHT`` rows of ``WIDTH`` characters: its edges half by half, its marks, its letter and
    turn, and what stands on it. ``fields`` marks its fields (see ``field_marks``); without it, the
    tile's own fields are numbered 1, 2, 3 ..."""
    o = catalogue()[line.tile].at(line.rot)
    own = {i: FIELD_MARKS[k] for k, i in enumerate(i for i, s in enumerate(o.segments) if s.kind == "field")}
    name = {i: (fields or {}).get((line.pos, i), own[i]) for i in own}

    def half(port: int) -> str:
        seg = o.port_segment[port]
        return name[seg] if seg in name else MARKS.get(o.segments[seg].kind, " ") if seg >= 0 else " "

    def centre(side: int) -> str:
        seg = o.port_segment[3 * side + 1]
        if seg < 0:  # a field edge: its halves hold the field
            return half(3 * side)
        return ROAD[side] if o.segments[seg].kind == "road" else half(3 * side + 1)

    top = "+" + half(0) * 3 + centre(0) + half(2) * 3 + "+"
    bottom = "+" + half(8) * 3 + centre(2) + half(6) * 3 + "+"
    west = (half(11), centre(3), half(9))
    east = (half(3), centre(1), half(5))
    inner = (_icons(o), f"{line.tile} {line.rot}", "".join(_token(t) for t in line.tokens))
    return [top] + [f"{w}{text[:INNER]:^{INNER}}{e}" for w, text, e in zip(west, inner, east)] + [bottom]


def _icons(o: Orientation) -> str:
    """The tile's pennants and cloister, drawn in its middle row of marks."""
    parts = ["*" for s in o.segments if s.pennant] + (["[+]"] if o.cloister >= 0 else [])
    return " ".join(parts)


_LETTERS = {FerryToken: "F", QuakeToken: "Q", TornadoToken: "T"}  # the board's marks, a letter each


def _token(token: object) -> str:
    """One character a token: a follower by its colour's initial (a builder or pig by its capital)."""
    if isinstance(token, FollowerToken):
        return token.color[0] if token.kind == "follower" else token.color[0].upper()
    return _LETTERS.get(type(token), "?")
