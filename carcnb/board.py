"""The board: placed tiles, open positions with their edge constraints, features and followers.

Everything is incremental (open positions keep a constraint key, features are a union-find without path
compression) and every change goes through the journal, so a placement is undone exactly. Joining features
changes only union-find roots, so the journal keeps the roots a change will touch as they were (one entry for a
whole placement) and the joining itself writes directly. A tile replaced recomputes only the features that ran
through it or ended at it; a ferry moved, only the roads through its lake.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .features import Feature, FeatureInfo, Follower, Node, split_figure
from .geometry import SIDE_DELTA, Pos, around, neighbour, side_centre
from .journal import Journal
from .tiles import CONNECTING, Orientation, Segment, TileType


_WEIGHT = (1, 6, 36, 216)  # constraint key digit per side (base 6, see tiles.EDGE_CODE)
_FACING = tuple(_WEIGHT[(side + 2) % 4] for side in range(4))  # the digit a tile's side sets across it


@dataclass(frozen=True)
class Placed:
    """A tile on the board at a rotation (one shared value per tile and rotation, see ``placed``)."""

    tile: TileType
    rot: int
    orient: Orientation = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "orient", self.tile.orientations[self.rot // 90])


class _PlacedCache(dict):
    def __missing__(self, key: tuple[TileType, int]) -> Placed:
        value = self[key] = Placed(*key)
        return value


_PLACED = _PlacedCache()


def placed(tile: TileType, rot: int) -> Placed:
    """The shared ``Placed`` value of ``tile`` at ``rot``."""
    return _PLACED[tile, rot]


class Board:
    def __init__(self, journal: Journal | None = None):
        self.j = journal if journal is not None else Journal()
        self.tiles: dict[Pos, Placed] = {}
        self.open: dict[Pos, int] = {}
        self.parent: dict[Node, Node] = {}
        self.info: dict[Node, FeatureInfo] = {}
        self.followers: dict[Node, tuple[str, ...]] = {}
        self.on_board: dict[str, int] = {}  # plain followers standing, per colour
        self.ferries: dict[Pos, tuple[int, int]] = {}  # lake tile -> the two road segments its ferry joins
        self.flood_marks: frozenset[Node] = frozenset()  # segments flooded by a spread flood
        self.ext: dict = {}  # rule modules' tokens and memory: earthquake tokens, the tornado, river bends…

    # ----- placement -------------------------------------------------------------------------------------
    def fits(self, tile: TileType, pos: Pos, rot: int) -> bool:
        key = self.open.get(pos)
        return key is not None and rot in tile.rotations_fitting(key)

    def placements(self, tile: TileType) -> list[tuple[int, int, int]]:
        """Every (x, y, rot) where ``tile`` touches the board and matches every touching edge, sorted."""
        fits = tile.fit_cache
        found = [(x, y, rots) for (x, y), key in self.open.items() if (rots := fits[key])]
        found.sort()  # by position: each comes once
        return [(x, y, r) for x, y, rots in found for r in rots]

    def put(self, pos: Pos, tile: TileType, rot: int) -> None:
        """Place a tile on an empty position (no legality check: ``fits`` is the check) and connect its
        features; one journal entry undoes it all."""
        tiles, open_ = self.tiles, self.open
        new = _PLACED[tile, rot]
        tiles[pos] = new
        keys = [(pos, open_.pop(pos, None))]  # the open positions' keys as they were (None: not open)
        x, y = pos
        for (dx, dy), code, weight in zip(SIDE_DELTA, new.orient.codes, _FACING):
            n = (x + dx, y + dy)
            if n not in tiles:
                key = open_.get(n)
                keys.append((n, key))
                open_[n] = (key or 0) + code * weight
        nodes, kept = self._connect(pos, new)
        self.j.entries.append((_unput, self, pos, (keys, nodes, kept)))

    def replace(self, pos: Pos, tile: TileType, rot: int = 0) -> Placed:
        """Put ``tile`` where another tile lies (meteor, flood); returns the old tile. Only the features that
        ran through the old tile or ended at its edges are recomputed."""
        old = self.tiles[pos]
        j, parent, info = self.j, self.parent, self.info
        for node in [n for n in self.followers if n[0] == pos]:
            for entry in self.followers[node]:
                self.remove_follower(node, entry)
        if pos in self.ferries:
            j.delitem(self.ferries, pos)
        members = {n for r in {self.find(n) for n in self._touching(pos)} for n in info[r].members}
        for i in range(len(old.orient.segments)):
            j.delitem(parent, (pos, i))
            if (pos, i) in info:
                j.delitem(info, (pos, i))
        new = _PLACED[tile, rot]
        j.setitem(self.tiles, pos, new)
        for side in range(4):
            n = neighbour(pos, side)
            if n not in self.tiles:
                j.setitem(self.open, n, self._key(n))
        members = {n for n in members if n[0] != pos} | {(pos, i) for i in range(len(new.orient.segments))}
        self._resplit(sorted(members))
        return old

    def _touching(self, pos: Pos) -> list[Node]:
        """The segments of the tile at ``pos`` and those of its neighbours that reach the edge facing it."""
        nodes = [(pos, i) for i in range(len(self.tiles[pos].orient.segments))]
        for side in range(4):
            n = neighbour(pos, side)
            other = self.tiles.get(n)
            if other is not None:
                facing = 3 * ((side + 2) % 4)
                nodes += [(n, seg) for seg in other.orient.port_segment[facing:facing + 3] if seg >= 0]
        return nodes

    def _key(self, pos: Pos) -> int:
        key = 0
        for side in range(4):
            t = self.tiles.get(neighbour(pos, side))
            if t is not None:
                key += t.orient.codes[(side + 2) % 4] * _WEIGHT[side]
        return key

    # ----- union-find ------------------------------------------------------------------------------------
    def find(self, node: Node) -> Node:
        parent = self.parent
        p = parent[node]
        while p != node:
            node, p = p, parent[p]
        return node

    def _keep(self, nodes: list[Node]) -> dict[Node, FeatureInfo]:
        """The roots of ``nodes``' features with their infos as they are now: what undoes any joining of them."""
        info = self.info
        return {root: info[root] for root in {self.find(n) for n in nodes}}

    def _union(self, ra: Node, rb: Node, ends: int = 0) -> Node:
        """Join the features of roots ``ra`` and ``rb``; ``ends`` open ends (2 where two road or city ends meet)
        close in the joining. Not journaled: the caller keeps the roots first (see ``_keep``)."""
        info = self.info
        if ra == rb:
            if ends:
                info[ra] = info[ra].closing(ends)
            return ra
        a, b = info[ra], info[rb]
        if len(a.members) < len(b.members):
            ra, rb, a, b = rb, ra, b, a
        self.parent[rb] = ra
        info[ra] = a.merged(b, ends)
        del info[rb]
        return ra

    def _close_end(self, node: Node, flooded: bool = False) -> None:
        """Close one open end of ``node``'s feature (it meets a tile without edges). Not journaled."""
        root = self.find(node)
        old = self.info[root].closing(1)
        old.flooded = old.flooded or flooded
        self.info[root] = old

    def _fresh(self, node: Node, seg: Segment) -> FeatureInfo:
        """The info of a segment on its own: its open ends, pennant, followers and flood mark."""
        followers = self.followers
        return FeatureInfo(seg.kind, (node,), seg.ends, int(seg.pennant),
                           _plain(followers[node]) if node in followers else 0, node in self.flood_marks)

    def _connect(self, pos: Pos, placed: Placed) -> tuple[list[Node], dict[Node, FeatureInfo]]:
        """Add the segments of the tile at ``pos`` and join them to the features they meet. Returns what undoes
        it: the new nodes, and the roots of the features met as they were (the first time each is met, before
        it changes)."""
        info, parent, tiles, find = self.info, self.parent, self.tiles, self.find
        orient = placed.orient
        nodes = [(pos, i) for i in range(len(orient.segments))]
        for node, seg in zip(nodes, orient.segments):
            parent[node] = node
            info[node] = self._fresh(node, seg)
        if not nodes:
            return nodes, self._close_against(pos)
        kept: dict[Node, FeatureInfo] = {}
        x, y = pos
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            n = (x + dx, y + dy)
            other = tiles.get(n)
            if other is None:
                continue
            if not other.tile.has_edges:
                centre = orient.port_segment[side_centre(side)]
                if centre >= 0 and orient.segments[centre].kind in CONNECTING:
                    self._close_end((pos, centre), flooded=other.tile.has("flood"))
                continue
            oport = other.orient.port_segment
            for mine, q, joins_ends in orient.links[side]:
                theirs = oport[q]
                if theirs >= 0:
                    root = find((n, theirs))
                    if root[0] != pos and root not in kept:  # an old feature, met for the first time
                        kept[root] = info[root]
                    self._union(find((pos, mine)), root, 2 if joins_ends else 0)
        return nodes, kept

    def _close_against(self, pos: Pos) -> dict[Node, FeatureInfo]:
        """A tile without edges (MT, FL) closes the feature ends that face it; returns their roots as they were."""
        flood = self.tiles[pos].tile.has("flood")
        facing = []
        for side in range(4):
            other = self.tiles.get(neighbour(pos, side))
            if other is None or not other.tile.has_edges:
                continue
            seg = other.orient.port_segment[side_centre((side + 2) % 4)]
            if seg >= 0 and other.orient.segments[seg].kind in CONNECTING:
                facing.append((neighbour(pos, side), seg))
        kept = self._keep(facing)
        for node in facing:
            self._close_end(node, flooded=flood)
        return kept

    def rebuild(self) -> None:
        """Recompute every feature from the tiles, ferries and flood marks (after a split)."""
        j = self.j
        j.setattr(self, "parent", {})
        j.setattr(self, "info", {})
        quiet = Journal()  # the fresh structures are restored by reference on undo
        saved, self.j = self.j, quiet
        try:
            placed_so_far: dict[Pos, Placed] = {}
            tiles, self.tiles = self.tiles, placed_so_far
            for pos, placed in tiles.items():
                placed_so_far[pos] = placed
                self._connect(pos, placed)
            self.tiles = tiles
            for pos, (a, b) in self.ferries.items():
                self._union(self.find((pos, a)), self.find((pos, b)))
        finally:
            self.j = saved

    def set_flood_marks(self, nodes: frozenset[Node]) -> None:
        self.j.setattr(self, "flood_marks", nodes)
        for node in nodes:
            root = self.find(node)
            self.j.setitem(self.info, root, self.info[root].but(flooded=True))

    def set_ferry(self, pos: Pos, pair: tuple[int, int] | None) -> None:
        """Lay, move or lift the ferry on a lake tile; moving or lifting one re-splits the roads through it."""
        old = self.ferries.get(pos)
        if pair is None:
            self.j.delitem(self.ferries, pos)
        else:
            self.j.setitem(self.ferries, pos, tuple(sorted(pair)))
        if old is None and pair is not None:
            ends = [(pos, pair[0]), (pos, pair[1])]
            self.j.entries.append((_restore_roots, self.parent, self.info, self._keep(ends)))
            self._union(self.find(ends[0]), self.find(ends[1]))
        else:  # only the roads through this lake can change
            roads = [(pos, i) for i, s in enumerate(self.tiles[pos].orient.segments) if s.kind == "road"]
            self._resplit(sorted({n for r in {self.find(n) for n in roads} for n in self.info[r].members}))

    def _resplit(self, members: list[Node]) -> None:
        """Recompute the features made of ``members`` (whole features, sorted) from their segments, the tiles
        around and the ferries (every member is journaled first, so the joining needs no journal)."""
        j, info, tiles = self.j, self.info, self.tiles
        for node in members:
            seg = tiles[node[0]].orient.segments[node[1]]
            j.setitem(self.parent, node, node)
            j.setitem(info, node, self._fresh(node, seg))
        for node in members:
            (x, y), i = node
            orient = tiles[node[0]].orient
            for side, (dx, dy) in enumerate(SIDE_DELTA):
                other = tiles.get((x + dx, y + dy))
                if other is None:
                    continue
                if not other.tile.has_edges:
                    if orient.port_segment[side_centre(side)] == i:
                        self._close_end(node, flooded=other.tile.has("flood"))
                    continue
                for mine, q, joins_ends in orient.links[side]:
                    theirs = ((x + dx, y + dy), other.orient.port_segment[q])
                    if mine != i or theirs[1] < 0 or theirs < node:
                        continue  # each meeting of two segments once, from the smaller node
                    self._union(self.find(node), self.find(theirs), 2 if joins_ends else 0)
        inside = set(members)
        for pos, (a, b) in self.ferries.items():
            if (pos, a) in inside:
                self._union(self.find((pos, a)), self.find((pos, b)))

    # ----- followers -------------------------------------------------------------------------------------
    def add_follower(self, node: Node, entry: str) -> None:
        """Stand a figure on a segment: ``entry`` is a colour, or ``colour:kind`` for other figures."""
        j = self.j
        j.setitem(self.followers, node, self.followers.get(node, ()) + (entry,))
        if ":" not in entry:
            j.setitem(self.on_board, entry, self.on_board.get(entry, 0) + 1)
            root = self.find(node)
            j.setitem(self.info, root, self.info[root].but(nfollowers=self.info[root].nfollowers + 1))

    def remove_follower(self, node: Node, entry: str) -> None:
        j = self.j
        entries = list(self.followers[node])
        entries.remove(entry)
        if entries:
            j.setitem(self.followers, node, tuple(entries))
        else:
            j.delitem(self.followers, node)
        if ":" not in entry:
            j.setitem(self.on_board, entry, self.on_board[entry] - 1)
            root = self.find(node)
            j.setitem(self.info, root, self.info[root].but(nfollowers=self.info[root].nfollowers - 1))

    def all_followers(self) -> list[Follower]:
        """Every figure on the board, followers and other kinds, in a stable order."""
        return [Follower(*_at(e, pos, seg)) for (pos, seg), entries in sorted(self.followers.items())
                for e in entries]

    def followers_of(self, color: str) -> int:
        """Plain followers of ``color`` on the board (the ones that come from the supply of 7)."""
        return self.on_board.get(color, 0)

    # ----- features --------------------------------------------------------------------------------------
    def occupied(self, node: Node) -> bool:
        return self.info[self.find(node)].nfollowers > 0

    def is_complete(self, node: Node) -> bool:
        info = self.info[self.find(node)]
        if info.flooded:
            return False
        if info.kind == "cloister":
            return all(p in self.tiles for p in around(node[0]))
        return info.kind in ("road", "city") and info.open == 0

    def feature(self, node: Node) -> Feature:
        root = self.find(node)
        info = self.info[root]
        nodes = tuple(sorted(info.members))
        standing = self.followers
        followers = tuple(Follower(c, pos, seg) for (pos, seg) in nodes if (pos, seg) in standing
                          for c in standing[pos, seg] if ":" not in c) if info.nfollowers else ()
        return Feature(info.kind, nodes, self.is_complete(root), info.flooded, info.pennants, followers)

    def features(self, occupied: bool = False) -> list[Feature]:
        """Every feature on the board (only those with a follower if ``occupied``), in a stable order."""
        roots = [r for r, i in self.info.items() if i.nfollowers] if occupied else self.info
        return sorted((self.feature(root) for root in roots), key=lambda f: f.nodes[0])

    def segment(self, node: Node):
        pos, i = node
        return self.tiles[pos].orient.segments[i]

    def node_at(self, pos: Pos, port: int) -> Node | None:
        """The segment node holding ``port`` (board orientation) on the tile at ``pos``."""
        placed = self.tiles.get(pos)
        if placed is None:
            return None
        seg = placed.orient.port_segment[port]
        return None if seg < 0 else (pos, seg)


def _restore_roots(parent: dict, info: dict, kept: dict[Node, FeatureInfo]) -> None:
    """Undo joinings: the kept roots are roots again, with their infos as they were."""
    for root, old in kept.items():
        parent[root] = root
        info[root] = old


def _unput(board: Board, pos: Pos, undo: tuple) -> None:
    """Undo ``Board.put``: the tile, the open positions' keys, its nodes and the features it joined."""
    keys, nodes, kept = undo
    del board.tiles[pos]
    for at, key in keys:
        if key is None:
            board.open.pop(at, None)
        else:
            board.open[at] = key
    for node in nodes:
        del board.parent[node]
        board.info.pop(node, None)
    _restore_roots(board.parent, board.info, kept)


def _plain(entries: tuple[str, ...]) -> int:
    return sum(":" not in e for e in entries)


def _at(entry: str, pos: Pos, seg: int) -> tuple:
    color, kind = split_figure(entry)
    return color, pos, seg, kind
