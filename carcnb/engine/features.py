"""Features: cities, roads, fields, rivers and cloisters as unions of tile segments across the board.

The board keeps a union-find over segment nodes ``(pos, segment index)``; each root holds a
``FeatureInfo``. Infos are replaced, never mutated, so the journal can restore them by reference.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from carcnb.engine.geometry import Pos

if TYPE_CHECKING:
    from carcnb.engine.tiles import Segment

Node = tuple[Pos, int]


class FeatureInfo:
    """What the union-find root knows about its feature. ``view`` keeps the feature's last ``Feature`` view
    (``Board.feature``): an info is replaced whenever its feature changes (a segment, a plain follower, a flood
    mark), so the view stays true for as long as the info is the root's; only whether it is complete can change
    without it (a cloister's neighbours)."""

    __slots__ = ("kind", "members", "open", "pennants", "nfollowers", "flooded", "view")

    def __init__(self, kind: str, members: tuple[Node, ...], open_: int, pennants: int, nfollowers: int = 0,
                 flooded: bool = False):
        self.kind = kind
        self.members = members
        self.open = open_
        self.pennants = pennants
        self.nfollowers = nfollowers
        self.flooded = flooded
        self.view: Feature | None = None

    def merged(self, other: FeatureInfo, ends: int = 0) -> FeatureInfo:
        """The info of the two features joined, with ``ends`` open ends closed by the joining."""
        return FeatureInfo(self.kind, self.members + other.members, self.open + other.open - ends,
                           self.pennants + other.pennants, self.nfollowers + other.nfollowers,
                           self.flooded or other.flooded)

    def joined(self, node: Node, seg: Segment, ends: int) -> FeatureInfo:
        """The info with a new segment (no follower, no flood mark) as a member, ``ends`` open ends closing."""
        return FeatureInfo(self.kind, self.members + (node,), self.open + seg.ends - ends,
                           self.pennants + (1 if seg.pennant else 0), self.nfollowers, self.flooded)

    def counting(self, followers: int) -> FeatureInfo:
        """The info with ``followers`` more (or fewer) plain followers."""
        return FeatureInfo(self.kind, self.members, self.open, self.pennants, self.nfollowers + followers,
                           self.flooded)

    def closing(self, ends: int) -> FeatureInfo:
        return FeatureInfo(self.kind, self.members, self.open - ends, self.pennants, self.nfollowers, self.flooded)

    def but(self, **changes) -> FeatureInfo:
        info = FeatureInfo(self.kind, self.members, self.open, self.pennants, self.nfollowers, self.flooded)
        for k, v in changes.items():
            setattr(info, k, v)
        return info


# Figures other than the plain follower that a position may hold (from other expansions): where each may
# stand. Only plain followers count for majorities and for the 7 in supply.
FIGURE_KINDS: dict[str, tuple[str, ...]] = {
    "follower": ("city", "road", "field", "cloister"),
    "builder": ("city", "road"),
    "pig": ("field",),
}


def figure(color: str, kind: str = "follower") -> str:
    """The board's entry for a figure: ``red`` for a follower, ``red:pig`` for another kind."""
    return color if kind == "follower" else f"{color}:{kind}"


def split_figure(entry: str) -> tuple[str, str]:
    color, _, kind = entry.partition(":")
    return color, kind or "follower"


def may_stand(kind: str, feature_kind: str) -> bool:
    """Whether a figure of ``kind`` may stand on a feature of ``feature_kind``."""
    return feature_kind in FIGURE_KINDS.get(kind, ())


@dataclass(frozen=True)
class Follower:
    """A figure standing on a segment of a tile (a plain follower unless ``kind`` says otherwise)."""

    color: str
    pos: Pos
    segment: int
    kind: str = "follower"

    @property
    def entry(self) -> str:
        return figure(self.color, self.kind)


# a read-only record, like the solver's ``Solution`` in shape only
@dataclass(frozen=True)
class Feature:
    """A read-only view of one feature as it is now connected across the board."""

    kind: str
    nodes: tuple[Node, ...]
    complete: bool
    flooded: bool
    pennants: int
    followers: tuple[Follower, ...]

    @cached_property
    def tiles(self) -> tuple[Pos, ...]:
        """The positions the feature covers, each once even when it crosses a tile twice."""
        return tuple(sorted({pos for pos, _ in self.nodes}))

    @property
    def root(self) -> Node:
        return min(self.nodes)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.followers:
            out[f.color] = out.get(f.color, 0) + 1
        return out

    def majority(self) -> tuple[str, ...]:
        """The colours with the most followers on the feature (all of them on a tie)."""
        counts = self.counts()
        if not counts:
            return ()
        top = max(counts.values())
        return tuple(sorted(c for c, n in counts.items() if n == top))
