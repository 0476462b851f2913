"""Earthquake (EQ): placed normally; before final scoring, a token goes in every city with a segment on one
of the 13 positions |dx|+|dy| <= 2 around EQ. An unfinished city with a token scores nothing; a finished
one scored when completed but counts for no field.

Rulings: ``earthquake.timing`` (tokens from the final board, or from the board when EQ is placed) and
``earthquake.destroyed_center`` (a meteor on EQ: no earthquake, or one centred on the meteor; under ``on_place``
the earthquake has struck already, and only the tokens on a replaced tile go).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import Pos, pos_text
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.rulings import history_missing, ruled

if TYPE_CHECKING:
    from carcnb.engine.board import Board
    from carcnb.engine.state import GameState

QUAKE_RANGE = tuple((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2)


def quake_area(centre: Pos) -> list[Pos]:
    """The 13 positions the earthquake reaches: two steps orthogonally or one diagonally."""
    return [(centre[0] + dx, centre[1] + dy) for dx, dy in QUAKE_RANGE]


def cities_in_range(board: Board, centre: Pos) -> tuple[Node, ...]:
    """One node per city segment on a tile in range (a token goes in each city they belong to)."""
    nodes = []
    for pos in quake_area(centre):
        placed = board.tiles.get(pos)
        if placed is None:
            continue
        nodes += [(pos, i) for i, s in enumerate(placed.orient.segments) if s.kind == "city"]
    return tuple(sorted(nodes))


def quake_centre(board: Board) -> Pos | None:
    return next((pos for pos, t in board.tiles.items() if t.tile.has("earthquake")), None)


def tokens_can_score(board: Board, cities: tuple[Node, ...]) -> bool:
    """Whether earthquake tokens in some of ``cities`` could change a score: a follower stands in one of them,
    or a farmer somewhere may count finished cities."""
    roots = {board.find(n) for n in cities}
    return any(board.find(n) in roots or board.segment(n).kind == "field" for n in board.followers)


def tokens_leave_with(state: GameState, pos: Pos) -> None:
    """The tile at ``pos`` leaves the game (the meteor or the flood replaces it): the earthquake tokens on
    its city segments leave with it, and the cities they were in are hit only through their other tokens."""
    tokens = state.ext.get("quake_cities")
    if tokens and any(at == pos for at, _ in tokens):
        state.set_ext("quake_cities", tuple(n for n in tokens if n[0] != pos))


def is_hit(board: Board, city: Feature) -> bool:
    tokens = board.ext.get("quake_cities", ())
    root = board.find(city.root)
    return any(board.find(n) == root for n in tokens if n in board.parent)


def hit_cities(board: Board) -> list[Feature]:
    """Every city with an earthquake token in it, finished or not: the earthquake destroys them all (an
    unfinished one scores nothing, a finished one feeds no farmer)."""
    if not board.ext.get("quake_cities"):
        return []
    return [f for f in board.features() if f.kind == "city" and is_hit(board, f)]


def destroyed_cities(board: Board) -> list[Feature]:
    """Unfinished cities with an earthquake token in them: they score nothing at the end (the pictures shade
    them and the account of a game's end names them, from this one list)."""
    if not board.ext.get("quake_cities"):
        return []
    return [f for f in board.features() if f.kind == "city" and not f.complete and is_hit(board, f)]


class EarthquakeRules(RuleModule):
    name = "earthquake"

    timing = ruled("earthquake.timing")
    destroyed = ruled("earthquake.destroyed_center")

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {"EQ": 1}}

    def after_place(self, state: GameState, pos: Pos) -> list:
        if state.board.tiles[pos].tile.has("earthquake") and self.timing == "on_place":
            state.set_ext("quake_cities", cities_in_range(state.board, pos))
        return []

    def before_final(self, state: GameState) -> None:
        board = state.board
        destroyed = board.ext.get("quake_destroyed")  # where a meteor hit EQ
        centre = destroyed if destroyed is not None else quake_centre(board)
        if centre is None:
            return
        if self.timing == "on_place":  # the earthquake struck when EQ was placed: a meteor on EQ since undoes nothing
            if "quake_cities" not in board.ext:
                # a position saved after EQ was placed, without its tokens: taken as placed after every tile
                # in range, so its tokens are the cities in range now
                cities = cities_in_range(board, centre)
                if cities and tokens_can_score(board, cities):
                    history_missing("earthquake.timing")
                state.set_ext("quake_cities", cities)
            return
        if destroyed is not None and self.destroyed == "none":
            state.set_ext("quake_cities", None)
            return
        state.set_ext("quake_cities", cities_in_range(board, centre))

    def header(self, state: GameState) -> dict[str, object]:
        """``earthquake = { tokens_down, destroyed }``: whether the tokens are down (even when no city was in
        range), and where a meteor replaced EQ."""
        ext = state.ext
        table: tuple = (("tokens_down", True),) if "quake_cities" in ext else ()
        if ext.get("quake_destroyed") is not None:
            table += (("destroyed", pos_text(ext["quake_destroyed"])),)
        return {"earthquake": table} if table else {}

    def load(self, state: GameState, position) -> None:
        """``quake@PORT`` tokens in a file are earthquake tokens already down (ruling ``on_place``)."""
        from carcnb.engine.tokens import QuakeToken, xy
        board = state.board
        nodes = tuple(sorted(node for t in position.board for k in t.tokens
                             if isinstance(k, QuakeToken) and (node := board.node_at(t.pos, k.port)) is not None))
        table = dict(position.earthquake)
        if nodes or table.get("tokens_down"):
            state.set_ext("quake_cities", nodes)
        if "destroyed" in table:
            state.set_ext("quake_destroyed", xy(table["destroyed"]))

    def tokens_at(self, state: GameState, pos: Pos) -> list:
        from carcnb.engine.tokens import QuakeToken
        segments = state.board.tiles[pos].orient.segments
        return [QuakeToken(segments[seg].anchor) for at, seg in state.ext.get("quake_cities", ()) if at == pos]

    def problems(self, state: GameState) -> list[str]:
        board = state.board
        out = [f"earthquake token at {n[0][0]},{n[0][1]} is not in a city" for n in
               board.ext.get("quake_cities", ()) if board.segment(n).kind != "city"]
        destroyed = board.ext.get("quake_destroyed")
        placed = board.tiles.get(destroyed) if destroyed is not None else None
        if destroyed is not None and (placed is None or not placed.tile.has("meteor")):
            out.append(f"earthquake.destroyed = \"{pos_text(destroyed)}\": no meteor lies there (put MT at "
                       f"{pos_text(destroyed)} or remove the field)")
        return out

    def end_value(self, board: Board, feature: Feature) -> tuple[int, str] | None:
        if feature.kind == "city" and not feature.complete and is_hit(board, feature):
            return 0, "earthquake: unfinished city"
        return None

    def counts_for_fields(self, board: Board, city: Feature) -> bool:
        return not is_hit(board, city)

    def notes(self, board: Board, feature: Feature) -> list[str]:
        if feature.kind == "city" and feature.complete and is_hit(board, feature):
            return ["earthquake: no farm points"]
        return []
