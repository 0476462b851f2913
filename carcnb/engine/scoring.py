"""Scoring: points for completed features, end-of-game values and fields, each as a traceable row."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import Pos, around
from carcnb.engine.rulings import aspect_met

if TYPE_CHECKING:
    from carcnb.engine.board import Board


@dataclass(frozen=True)
class ScoreRow:
    """One line of a score breakdown: a feature, who scores, how much and why."""

    kind: str
    tiles: tuple[Pos, ...]
    complete: bool
    scorers: tuple[str, ...]
    points: int
    reason: str
    followers: tuple[tuple[str, Pos, int], ...] = ()
    notes: tuple[str, ...] = field(default=())
    rules: tuple[str, ...] = ()  # the rule modules that changed or annotated this row (a puzzle's topics)

    def __str__(self) -> str:
        """One line of a printed breakdown: kind, points, who, why, where."""
        who = ", ".join(self.scorers) or "nobody"
        tiles = " ".join(f"{x},{y}" for x, y in self.tiles)
        notes = f"  [{'; '.join(self.notes)}]" if self.notes else ""
        return f"{self.kind:8} {self.points:3}  {who:14} {self.reason}  tiles {tiles}{notes}"

    def as_dict(self) -> dict:
        return {"kind": self.kind, "tiles": [list(t) for t in self.tiles], "complete": self.complete,
                "scorers": list(self.scorers), "points": self.points, "reason": self.reason,
                "followers": [{"color": c, "tile": list(p), "segment": s} for c, p, s in self.followers],
                "notes": list(self.notes)}


class ScoringRules(Protocol):
    """What rule modules may change about scoring (see ``rules.RuleModule``)."""

    name: str
    def notes(self, board: Board, feature: Feature) -> list[str]: ...
    def end_value(self, board: Board, feature: Feature) -> tuple[int, str] | None: ...
    def counts_for_fields(self, board: Board, city: Feature) -> bool: ...
    def counts_beside_cloister(self, board: Board, pos: Pos) -> bool: ...


def cloister_neighbours(board: Board, pos: Pos, rules: list[ScoringRules]) -> int:
    """Surrounding tiles that count for a cloister's points."""
    tiles = board.tiles
    return sum(1 for p in around(pos) if p in tiles and all(r.counts_beside_cloister(board, p) for r in rules))


def completion_points(board: Board, feature: Feature, rulings: Mapping[str, str], rules: list[ScoringRules]) -> int:
    """A completed feature's points; ``rulings`` are read only where they decide (``scoring.edition``)."""
    n = len(feature.tiles)
    if feature.kind == "road":
        return n
    if feature.kind == "city":
        if n == 2:
            aspect_met("scoring.edition", "city")
            if rulings["scoring.edition"] == "second":
                return n + feature.pennants
        return 2 * n + 2 * feature.pennants
    if feature.kind == "cloister":
        return 1 + cloister_neighbours(board, feature.nodes[0][0], rules)
    return 0


def end_points(board: Board, feature: Feature, rules: list[ScoringRules]) -> int:
    n = len(feature.tiles)
    if feature.kind == "road":
        return n
    if feature.kind == "city":
        return n + feature.pennants
    if feature.kind == "cloister":
        return 1 + cloister_neighbours(board, feature.nodes[0][0], rules)
    return 0


def _row(feature: Feature, scorers: tuple[str, ...], points: int, reason: str, notes: list[str],
         by: list[str] = ()) -> ScoreRow:
    return ScoreRow(feature.kind, feature.tiles, feature.complete, scorers, points, reason,
                    tuple((f.color, f.pos, f.segment) for f in feature.followers), tuple(notes),
                    tuple(dict.fromkeys(by)))


def _notes(board: Board, feature: Feature, rules: list[ScoringRules]) -> tuple[list[str], list[str]]:
    """The rule modules' notes on ``feature`` and the names of the modules that made them."""
    notes: list[str] = []
    by: list[str] = []
    for r in rules:
        said = r.notes(board, feature)
        if said:
            notes += said
            by.append(r.name)
    return notes, by


def score_completed(board: Board, feature: Feature, rulings: Mapping[str, str], rules: list[ScoringRules]) -> ScoreRow:
    """The row for a feature completed during the game (majority scores; ties all score)."""
    notes, by = _notes(board, feature, rules)
    points = completion_points(board, feature, rulings, rules)
    return _row(feature, feature.majority(), points, "completed", notes, by)


def score_unfinished(board: Board, feature: Feature, rules: list[ScoringRules]) -> ScoreRow:
    """The end-of-game row for a feature with followers that was never completed."""
    notes, by = _notes(board, feature, rules)
    reason = "flooded" if feature.flooded else "unfinished"
    points = end_points(board, feature, rules)
    for r in rules:
        override = r.end_value(board, feature)
        if override is not None:
            points, reason = override
            by.append(r.name)
    return _row(feature, feature.majority(), points, reason, notes, by)


def score_fields(board: Board, fields: list[Feature], rulings: Mapping[str, str],
                 rules: list[ScoringRules]) -> list[ScoreRow]:
    """Farmers: for each field, the majority scores 3 per completed city it touches."""
    completed: dict[Node, Feature | None] = {}  # city root -> its feature when complete, else None
    credited: set[tuple[str, Node]] = set()
    rows = []
    tiles, find = board.tiles, board.find
    for f in fields:
        if not f.followers:
            continue
        cities: dict[Node, Feature] = {}
        for root in {find((pos, ci)) for pos, seg in f.nodes for ci in tiles[pos].orient.segments[seg].cities}:
            if root not in completed:
                completed[root] = board.feature(root) if board.is_complete(root) else None
            if completed[root] is not None:
                cities[root] = completed[root]
        done = sorted(cities)
        kept = [root for root in done if all(r.counts_for_fields(board, cities[root]) for r in rules)]
        notes, by = _notes(board, f, rules)
        for root in done:
            if root not in kept:
                notes += [f"city at {cities[root].tiles[0][0]},{cities[root].tiles[0][1]}: {n}"
                          for r in rules for n in r.notes(board, cities[root])]
                by += [r.name for r in rules if not r.counts_for_fields(board, cities[root])]
        scorers = f.majority()
        if any((c, root) in credited for c in scorers for root in kept):  # the editions differ: a city counted again
            aspect_met("scoring.edition", "farms")
        per = {c: [root for root in kept if (c, root) not in credited] for c in scorers}
        credited.update((c, root) for c in scorers for root in kept)
        if rulings["scoring.edition"] == "second":
            for c in scorers:
                rows.append(_row(f, (c,), 3 * len(per[c]),
                                 f"farm: {_cities(len(per[c]))} not yet counted for {c}", notes, by))
            continue
        rows.append(_row(f, scorers, 3 * len(kept), f"farm: {_cities(len(kept))}", notes, by))
    return rows


def _cities(n: int) -> str:
    """``1 completed city``, ``2 completed cities``."""
    return f"{n} completed {'city' if n == 1 else 'cities'}"
