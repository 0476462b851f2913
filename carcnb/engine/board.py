"""The board: placed tiles, open positions with their edge constraints, features and followers.

Everything is incremental (open positions keep a constraint key, features are a union-find without path
compression) and every change goes through the journal, so a placement is undone exactly. Joining features
changes only union-find roots, so the journal keeps the roots a change will touch as they were (one entry for a
whole placement) and the joining itself writes directly. A tile replaced recomputes only the features that ran
through it or ended at it; a ferry moved, only the roads through its lake.
"""
from __future__ import annotations

import copy
from bisect import bisect_left, insort
from dataclasses import dataclass, field

from carcnb.engine.actions import PLACES_BY_MASK, Place
from carcnb.engine.features import Feature, FeatureInfo, Follower, Node, split_figure
from carcnb.engine.geometry import SIDE_DELTA, Pos, around, neighbour, side_centre
from carcnb.engine.journal import Journal
from carcnb.engine.tiles import CONNECTING, Orientation, Segment, TileType

Placements = tuple[int, int, tuple[int, ...]]  # a position and the rotations that may go there


def expand(groups: list[Placements]) -> list[tuple[int, int, int]]:
    """Placements by position as single (x, y, rot) placements, in the same order."""
    return [(x, y, r) for x, y, rots in groups for r in rots]


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

    def __deepcopy__(self, memo: dict) -> Placed:
        return self  # shared, as the tile is: a copied board would otherwise copy every tile's orientation


class _PlacedCache(dict):
    def __missing__(self, key: tuple[TileType, int]) -> Placed:
        value = self[key] = Placed(*key)
        return value


_PLACED = _PlacedCache()


def placed(tile: TileType, rot: int) -> Placed:
    """The shared ``Placed`` value of ``tile`` at ``rot``."""
    return _PLACED[tile, rot]


_CONTAINERS = ("tiles", "open", "spots", "parent", "info", "followers", "on_board", "ferries", "ext")


class Board:
    def __init__(self, journal: Journal | None = None):
        self.j = journal if journal is not None else Journal()
        self.tiles: dict[Pos, Placed] = {}
        self.open: dict[Pos, int] = {}
        # the open positions, sorted, each with its placement actions by set of rotations (``PLACES_BY_MASK``):
        # the legal placements are listed in order without sorting, and without making an action
        self.spots: list[tuple[Pos, tuple[tuple[Place, ...], ...]]] = []
        self.parent: dict[Node, Node] = {}
        self.info: dict[Node, FeatureInfo] = {}
        self.followers: dict[Node, tuple[str, ...]] = {}
        self.on_board: dict[str, int] = {}  # plain followers standing, per colour
        self.ferries: dict[Pos, tuple[int, int]] = {}  # lake tile -> the two road segments its ferry joins
        self.flood_marks: frozenset[Node] = frozenset()  # segments flooded by a spread flood
        self.ext: dict = {}  # rule modules' tokens and memory: earthquake tokens, the tornado, river bends…

    def fork(self, journal: Journal) -> Board:
        """A copy whose containers are its own and whose values are shared (see ``GameState.fork``)."""
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.j = journal
        for name in ("tiles", "open", "parent", "info", "followers", "on_board", "ferries", "ext"):
            setattr(new, name, dict(getattr(self, name)))
        new.spots = list(self.spots)
        return new

    def __deepcopy__(self, memo: dict) -> Board:
        """A deep copy (``GameState.clone``) that, like ``fork``, copies the containers and shares the values in
        them, which are never changed in place; the journal is copied onto the new containers, so the copy can
        undo the past too. Copying each feature's nodes one by one was most of what a clone cost."""
        new = Board.__new__(Board)
        memo[id(self)] = new
        for name in _CONTAINERS:
            old = getattr(self, name)
            if id(old) not in memo:  # the journal, copied first, may have copied it already
                memo[id(old)] = copy.copy(old)
            setattr(new, name, memo[id(old)])
        for name, value in self.__dict__.items():
            if name not in _CONTAINERS:
                setattr(new, name, copy.deepcopy(value, memo))
        return new

    # ----- placement -------------------------------------------------------------------------------------
    def fits(self, tile: TileType, pos: Pos, rot: int) -> bool:
        key = self.open.get(pos)
        return key is not None and rot in tile.rotations_fitting(key)

    def placements(self, tile: TileType) -> list[tuple[int, int, int]]:
        """Every (x, y, rot) where ``tile`` touches the board and matches every touching edge, sorted."""
        return expand(self.placement_groups(tile))

    def placement_groups(self, tile: TileType) -> list[Placements]:
        """Every position where ``tile`` touches the board and matches every touching edge, with the rotations
        that match there: ``(x, y, rotations)``, sorted."""
        fits, open_ = tile.fits, self.open
        return [(pos[0], pos[1], rots) for pos, _ in self.spots if (rots := fits[open_[pos]])]

    def put(self, pos: Pos, tile: TileType, rot: int) -> None:
        """Place a tile on an empty position (no legality check: ``fits`` is the check) and connect its
        features; one journal entry undoes it all."""
        tiles, open_, spots = self.tiles, self.open, self.spots
        new = _PLACED[tile, rot]
        tiles[pos] = new
        was = open_.pop(pos, None)
        if was is not None:
            del spots[bisect_left(spots, (pos,))]
        keys = [(pos, was)]  # the open positions' keys as they were (None: not open)
        met = []  # (side, position, tile) of each neighbour
        x, y = pos
        codes = new.orient.codes
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            n = (x + dx, y + dy)
            other = tiles.get(n)
            if other is None:
                key = open_.get(n)
                keys.append((n, key))
                if key is None:
                    insort(spots, (n, PLACES_BY_MASK[n]))
                    open_[n] = codes[side] * _FACING[side]
                else:
                    open_[n] = key + codes[side] * _FACING[side]
            else:
                met.append((side, n, other))
        nodes, kept = self._connect(pos, new, met)
        self.j.inverse(_unput, self, pos, (keys, nodes, kept))

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
        return FeatureInfo(seg.kind, (node,), seg.ends, 1 if seg.pennant else 0,
                           _plain(followers[node]) if node in followers else 0, node in self.flood_marks)

    def _neighbours(self, pos: Pos) -> list[tuple[int, Pos, Placed]]:
        """(side, position, tile) of each tile beside ``pos``."""
        x, y = pos
        return [(side, n, self.tiles[n]) for side, (dx, dy) in enumerate(SIDE_DELTA) if (n := (x + dx, y + dy))
                in self.tiles]

    def _connect(self, pos: Pos, placed: Placed, met: list[tuple[int, Pos, Placed]]) -> tuple[list[Node], dict]:
        """Add the segments of a tile put at ``pos`` (no follower or flood mark on them yet) and join them to
        the features they meet across its sides ``met`` (see ``_neighbours``): a segment joins the first
        feature it meets as a member, and later meetings join features. Returns what undoes it: the new nodes,
        and the roots of the features met as they were (kept the first time each is met, before it changes)."""
        info, parent, find = self.info, self.parent, self.find
        orient = placed.orient
        segments = orient.segments
        nodes = [(pos, i) for i in range(len(segments))]
        if not nodes:
            return nodes, self._close_against(pos)
        kept: dict[Node, FeatureInfo] = {}
        closing = []  # segments whose end meets a tile without edges
        for side, n, other in met:
            if not other.tile.has_edges:
                centre = orient.port_segment[side_centre(side)]
                if centre >= 0 and segments[centre].kind in CONNECTING:
                    closing.append((nodes[centre], other.tile.has("flood")))
                continue
            oport = other.orient.port_segment
            for mine, q, ends in orient.links[side]:
                theirs = oport[q]
                if theirs < 0:
                    continue
                root = find((n, theirs))  # always an old node: new ones are never roots here
                if root not in kept:
                    kept[root] = info[root]
                node = nodes[mine]
                if node in parent:
                    self._union(find(node), root, ends)
                else:
                    parent[node] = root
                    info[root] = info[root].joined(node, segments[mine], ends)
        for node, seg in zip(nodes, segments):
            if node not in parent:  # it met no feature: one of its own
                parent[node] = node
                info[node] = FeatureInfo(seg.kind, (node,), seg.ends, 1 if seg.pennant else 0)
        for node, flooded in closing:
            self._close_end(node, flooded)
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
        """Recompute every feature from the tiles, ferries, followers and flood marks."""
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
                self._connect(pos, placed, self._neighbours(pos))
            self.tiles = tiles
            for pos, (a, b) in self.ferries.items():
                self._union(self.find((pos, a)), self.find((pos, b)))
            info = self.info
            for node, entries in self.followers.items():
                root = self.find(node)
                info[root] = info[root].counting(_plain(entries))
            for node in self.flood_marks:
                root = self.find(node)
                info[root] = info[root].but(flooded=True)
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
            self.j.inverse(_restore_roots, self.parent, self.info, self._keep(ends))
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
            for side, q, ends in tiles[node[0]].orient.segment_links[i]:
                dx, dy = SIDE_DELTA[side]
                other = tiles.get((x + dx, y + dy))
                if other is None:
                    continue
                if not other.tile.has_edges:
                    if ends:  # the segment's end at this side's centre meets a tile without edges
                        self._close_end(node, flooded=other.tile.has("flood"))
                    continue
                theirs = ((x + dx, y + dy), other.orient.port_segment[q])
                if theirs[1] < 0 or theirs < node:
                    continue  # each meeting of two segments once, from the smaller node
                self._union(self.find(node), self.find(theirs), ends)
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
            j.setitem(self.info, root, self.info[root].counting(1))

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
            j.setitem(self.info, root, self.info[root].counting(-1))

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
        complete = self.is_complete(root)
        seen = info.view
        if seen is not None and seen.complete == complete:
            return seen
        nodes = tuple(sorted(info.members))
        standing = self.followers
        followers = tuple(Follower(c, pos, seg) for (pos, seg) in nodes if (pos, seg) in standing
                          for c in standing[pos, seg] if ":" not in c) if info.nfollowers else ()
        info.view = Feature(info.kind, nodes, complete, info.flooded, info.pennants, followers)
        return info.view

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
    open_, spots = board.open, board.spots
    for at, key in keys:
        if key is None:
            if open_.pop(at, None) is not None:
                del spots[bisect_left(spots, (at,))]
        else:
            if at == pos:
                insort(spots, (at, PLACES_BY_MASK[at]))
            open_[at] = key
    for node in nodes:
        del board.parent[node]
        board.info.pop(node, None)
    _restore_roots(board.parent, board.info, kept)


def _plain(entries: tuple[str, ...]) -> int:
    return sum(":" not in e for e in entries)


def _at(entry: str, pos: Pos, seg: int) -> tuple:
    color, kind = split_figure(entry)
    return color, pos, seg, kind
