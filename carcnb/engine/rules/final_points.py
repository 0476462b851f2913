"""The points of final scoring without its rows: what ``base.final_rows`` gives each colour, read straight from
the union-find. The computer players judge thousands of positions a decision by them, and building a row, with
its notes and a sorted view of every feature, for each was most of what a judgement cost. A rule module's hooks
still see a whole ``Feature``, built only when a module that changes the scoring is in play."""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.features import FeatureInfo, Node
from carcnb.engine.rulings import aspect_met
from carcnb.engine.scoring import completion_points, end_points

if TYPE_CHECKING:
    from carcnb.engine.board import Board
    from carcnb.engine.state import GameState


def final_points(state: GameState) -> dict[str, int]:
    """Each colour's points if the board were scored at the end now (``final_rows`` summed by colour; the
    effects that come before final scoring are not applied)."""
    board = state.board
    points = dict.fromkeys(state.players, 0)
    fields: list[tuple[FeatureInfo, list[str]]] = []
    for root, scorers in _majorities(board).items():
        info = board.info[root]
        if info.kind == "field":
            fields.append((info, scorers))
        elif info.kind != "river":
            got = _feature_points(state, root)
            for color in scorers:
                points[color] = points.get(color, 0) + got
    if fields:
        _add_farms(state, fields, points)
    return points


def _majorities(board: Board) -> dict[Node, list[str]]:
    """Each occupied feature's root with the colours that have the most plain followers on it (all of them on
    a tie): read from the followers, which are few, rather than from every feature's segments."""
    counts: dict[Node, dict[str, int]] = {}
    find = board.find
    for node, entries in board.followers.items():
        for entry in entries:
            if ":" not in entry:
                on = counts.setdefault(find(node), {})
                on[entry] = on.get(entry, 0) + 1
    out = {}
    for root, on in counts.items():
        top = max(on.values())
        out[root] = [color for color, n in on.items() if n == top]
    return out


def _feature_points(state: GameState, root: Node) -> int:
    """A road's, city's or cloister's points at the end, as ``final_rows`` scores it."""
    board, hooks = state.board, state.hooks
    feature = board.feature(root)
    if feature.complete and all(completable(board, feature) for completable in hooks["completable"]):
        return completion_points(board, feature, state.game.rulings, state.modules)
    got = end_points(board, feature, state.modules)
    for end_value in hooks["end_value"]:
        override = end_value(board, feature)
        if override is not None:
            got = override[0]
    return got


def _add_farms(state: GameState, fields: list[tuple[FeatureInfo, list[str]]], points: dict[str, int]) -> None:
    """Farmers, as ``scoring.score_fields`` scores them: 3 per completed city a field touches, in the second
    edition each city once for each colour. A colour's total does not depend on the order of the fields."""
    board, hooks = state.board, state.hooks
    tiles, find = board.tiles, board.find
    counted: dict[Node, bool] = {}  # city root -> whether it counts for farms (complete, not excluded)
    credited: set[tuple[str, Node]] = set()
    second = state.game.rulings["scoring.edition"] == "second"
    for info, scorers in fields:
        kept = []
        for root in {find((pos, city)) for pos, seg in info.members for city in tiles[pos].orient.segments[seg].cities}:
            if root not in counted:
                counted[root] = board.is_complete(root) and _counts_for_fields(board, root, hooks["counts_for_fields"])
            if counted[root]:
                kept.append(root)
        if any((color, root) in credited for color in scorers for root in kept):
            aspect_met("scoring.edition", "farms")
        for color in scorers:
            cities = [root for root in kept if (color, root) not in credited] if second else kept
            points[color] = points.get(color, 0) + 3 * len(cities)
        credited.update((color, root) for color in scorers for root in kept)


def _counts_for_fields(board: Board, root: Node, judges: tuple) -> bool:
    if not judges:
        return True
    city = board.feature(root)
    return all(judge(board, city) for judge in judges)
