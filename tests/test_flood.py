"""Flood (rules.md §3, FL) and its rulings ``flood.without_river``, ``flood.followers_on_replaced``,
``flood.covered_scope`` and ``flood.covered_empty``.

The boards use the whole river (so the pile holds only the rest and any tile may be drawn): spring at 0,0,
south to 0,-4, east to 4,-4, a zigzag to the lake at 5,-6. R3 at 1,-4 has cities N and S; R4 at 2,-4 a city N
and a road S; R5 at 3,-4 a cloister and a road S; R6 at 0,-2 a bridge (road E-W).
"""
from __future__ import annotations

import pytest
from conftest import RIVER, act, legal_texts, state_from_text

from carcnb.engine.geometry import PORT_INDEX, around
from carcnb.engine.rules.base import apply_final, legal_placements
from carcnb.engine.steps import CHANCE

SETS = ["river", "disasters"]

RIVER_TILES = [(0, 0), (0, -1), (0, -2), (0, -3), (0, -4), (1, -4), (2, -4), (3, -4), (4, -4), (4, -5), (5, -5),
               (5, -6)]


def node(state, pos, port):
    return state.board.node_at(pos, PORT_INDEX[port])


def flooded(state, pos, port) -> bool:
    return state.board.feature(node(state, pos, port)).flooded


def places_at(state, pos) -> list[int]:
    return [r for x, y, r in legal_placements(state) if (x, y) == pos]


# ----- FL replaces a river tile -----------------------------------------------------------------------------
def test_the_flood_replaces_a_river_spring_or_lake_tile_of_the_players_choice():
    state = state_from_text(RIVER + "1,0 D 90", sets=SETS, hand="FL")  # D at 1,0: not a river tile
    assert legal_texts(state) == [f"flood {x},{y}" for x, y in sorted(RIVER_TILES)]
    pile = state.pile_size()
    act(state, "flood 2,-4")
    assert state.board.tiles[(2, -4)].tile.id == "FL"
    assert state.pile_size() == pile  # R4 left the game; nothing went back to the pile
    assert (state.ext["flood_at"], state.ext["flood_by"]) == ((2, -4), 0)
    assert "flood_spread" not in state.ext
    # no deployment on FL (it has no feature): the turn is over, blue draws
    assert state.board.tiles[(2, -4)].orient.segments == ()
    assert state.current_player() == CHANCE and state.active == "blue"


def test_features_touching_the_flood_never_complete():
    # Red's city: G at 2,-3 (city N-S) on R4's city. FL replaces R4: the city now ends at FL to the south.
    # Blue closes it to the north with E at 2,-2 (180: city S). Two tiles, closed at both ends, but flooded:
    # no score when closed; at the end it scores as unfinished, 1 a tile = 2 (completed it would be 4).
    state = state_from_text(RIVER + "2,-3 G 0 red@N", sets=SETS, hand="FL")
    act(state, "flood 2,-4", "draw E", "place 2,-2 180", "pass")
    assert state.scores == {"red": 0, "blue": 0}
    city = state.board.feature(node(state, (2, -3), "N"))
    assert (city.tiles, city.complete, city.flooded) == (((2, -3), (2, -2)), False, True)
    rows = apply_final(state)
    row = next(r for r in rows if r.kind == "city")
    assert (row.points, row.reason, row.complete) == (2, "flooded", False)
    assert "flooded" in row.notes
    assert state.scores == {"red": 2, "blue": 0}


def test_a_tile_placed_against_the_flood_is_flooded_there_and_any_edge_may_face_it():
    state = state_from_text(RIVER, sets=SETS, hand="FL")
    act(state, "flood 2,-4", "draw E")
    # 2,-5 touches only FL: FL has no edges, so every rotation fits
    assert places_at(state, (2, -5)) == [0, 90, 180, 270]
    act(state, "place 2,-5 0", "deploy 2,-5 N")  # its city faces FL
    assert flooded(state, (2, -5), "N")
    assert not state.board.feature(node(state, (2, -5), "N")).complete


# ----- the spread: on the placer's next turn, before the draw -----------------------------------------------
def test_the_flood_spreads_on_the_placers_next_turn_before_the_draw_and_not_before():
    state = state_from_text(RIVER, sets=SETS, hand="FL", players=["red", "blue", "green"])
    covered = set(around((2, -4)))
    act(state, "flood 2,-4")
    # blue's turn: nothing spread yet; covered empty positions may take tiles; R3's south city is free
    assert state.active == "blue" and "flood_spread" not in state.ext
    assert not flooded(state, (1, -4), "S")
    act(state, "draw E")
    assert places_at(state, (2, -5)) == [0, 90, 180, 270]
    act(state, "place 1,-5 0", "pass")  # on a covered position (city N meets R3's city S: completes it)
    # green's turn: still not spread
    assert state.active == "green" and "flood_spread" not in state.ext
    act(state, "draw E")
    assert any((x, y) in covered for x, y, _ in legal_placements(state))
    act(state, "place 5,-7 180", "pass")
    # red's turn again: green's turn ended without the spread; it comes with red's draw, before the tile
    assert state.active == "red" and state.current_player() == CHANCE and "flood_spread" not in state.ext
    act(state, "draw E")
    assert state.ext["flood_spread"] is True
    # the city R3 + E at 1,-5 lies on covered tiles but was completed before the water came: it stays complete
    assert not flooded(state, (1, -4), "S") and state.board.is_complete(state.board.node_at((1, -4), PORT_INDEX["S"]))
    assert flooded(state, (3, -4), "C")   # R5's cloister, on a covered tile
    assert not flooded(state, (0, -4), "S")  # R8 at 0,-4 is 2 away: not covered
    placements = legal_placements(state)
    assert placements and not any((x, y) in covered for x, y, _ in placements)


def test_the_flood_spreads_only_once_and_only_for_its_placer():
    state = state_from_text(RIVER, sets=SETS, hand="FL")
    act(state, "flood 2,-4", "draw U", "place 6,-6 0", "pass", "draw U")
    assert state.ext["flood_spread"] is True  # 2 players: red's next turn came
    marks = state.board.flood_marks
    act(state, "place 7,-6 0", "pass", "draw U", "place 8,-6 0", "pass", "draw U")
    assert state.board.flood_marks == marks


def test_the_flood_never_spreads_after_the_last_tile():
    # blue laid FL on 2,-4; red plays the last tile: the game ends before blue's next turn, so the cut-out
    # never goes down. Red's knight on R3's north city (1,-4, a square the cut-out would cover) scores it as
    # unfinished, not flooded.
    board = RIVER.replace("1,-4  R3  0", "1,-4  R3  0  red@N").replace("2,-4  R4  0", "2,-4  FL  0")
    state = state_from_text(board, sets=SETS, hand="U", pile=[], flood={"by": "blue"}, gone=["R4"])
    act(state, "place 6,-6 0", "pass")
    assert state.over and "flood_spread" not in state.ext
    assert not flooded(state, (1, -4), "N")
    assert [(r.kind, r.reason) for r in state.rows] == [("city", "unfinished")]


# ----- flood.covered_scope ----------------------------------------------------------------------------------
# FL at 2,-4 has spread (blue placed it). Red's city: R3's city N (1,-4) + N at 1,-3 (180: city S and E), open
# toward 2,-3, a covered empty position. Both tiles are covered; the city touches only sides that face into the
# 3x3 area. With covered_empty = yes, red closes it with E at 2,-3 (270: city W): 3 tiles.
SCOPE_BOARD = RIVER + "1,-3 N 180 red@E"


@pytest.mark.parametrize("scope, now, final", [("segment", 0, 3), ("edge", 6, 6)])
def test_flood_covered_scope(scope, now, final):
    state = state_from_text(SCOPE_BOARD.replace("2,-4  R4  0", "2,-4  FL  0"), sets=SETS, hand="E",
                            flood={"spread": True, "by": "blue"},
                            rulings={"flood.covered_scope": scope, "flood.covered_empty": "yes"})
    assert flooded(state, (1, -3), "E") == (scope == "segment")
    assert flooded(state, (1, -3), "NNW") is True  # its field reaches the outer edge (north): flooded either way
    act(state, "place 2,-3 270", "pass")
    # edge: completed, 2 x 3 tiles = 6 at once; segment: flooded, 3 at the end (1 a tile)
    assert state.scores["red"] == now
    apply_final(state)
    assert state.scores == {"red": final, "blue": 0}


def test_flood_edge_scope_still_stops_features_that_cross_the_outer_edge():
    # R5's road S at 3,-4 leaves the area to the south... 3,-5 is covered too; the road reaches 3,-5's south
    # edge, which faces 3,-6 outside the area. Blue's follower on the road; the road is flooded under edge.
    board = RIVER.replace("2,-4  R4  0", "2,-4  FL  0") + "3,-5 U 0 blue@N"
    state = state_from_text(board, sets=SETS, flood={"spread": True, "by": "blue"},
                            rulings={"flood.covered_scope": "edge"})
    assert flooded(state, (3, -5), "N")


# ----- flood.covered_empty ----------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling", ["no", "yes"])
def test_flood_covered_empty(ruling):
    state = state_from_text(RIVER.replace("2,-4  R4  0", "2,-4  FL  0"), sets=SETS, hand="E",
                            flood={"spread": True, "by": "blue"}, rulings={"flood.covered_empty": ruling})
    covered = set(around((2, -4)))
    on_covered = sorted((x, y, r) for x, y, r in legal_placements(state) if (x, y) in covered)
    if ruling == "no":
        assert on_covered == []
    else:
        # 2,-5 touches only FL: 4 rotations; 2,-3 needs nothing but S facing FL: 4 rotations, and so on
        assert (2, -5, 0) in on_covered and (2, -3, 270) in on_covered
    # positions outside the area are unaffected: 5,-7 below the lake needs N=F (E at 90, 180, 270)
    assert places_at(state, (5, -7)) == [90, 180, 270]


@pytest.mark.parametrize("scope", ["segment", "edge"])
def test_flood_covered_empty_yes_floods_the_new_tile_by_scope(scope):
    state = state_from_text(RIVER.replace("2,-4  R4  0", "2,-4  FL  0"), sets=SETS, hand="U",
                            flood={"spread": True, "by": "blue"},
                            rulings={"flood.covered_empty": "yes", "flood.covered_scope": scope})
    # U at 90 on the covered 2,-3: its road runs W-E toward 1,-3 and 3,-3, both inside the 3x3 area (it does not
    # touch FL); its north field reaches the area's outer edge (2,-2 lies outside)
    act(state, "place 2,-3 90")
    assert flooded(state, (2, -3), "E") == (scope == "segment")
    assert flooded(state, (2, -3), "NNW")


# ----- flood.without_river ----------------------------------------------------------------------------------
def test_flood_without_river_redraw():
    state = state_from_text("0,0 D 0\n1,0 U 90 blue@E", sets=["disasters"], hand="FL", to_move="red")
    pile = state.pile_size()
    # FL leaves the game; red draws again
    assert state.current_player() == CHANCE and state.active == "red" and state.hand is None
    assert state.pile_size() == pile and "flood_at" not in state.ext
    assert sorted(state.board.tiles) == [(0, 0), (1, 0)]
    act(state, "draw E")
    assert state.current_player() == 0


def test_flood_without_river_any_tile():
    state = state_from_text("0,0 D 0\n1,0 U 90 blue@E\n-1,0 U 90", sets=["disasters"], hand="FL",
                            rulings={"flood.without_river": "any_tile"})
    assert legal_texts(state) == ["flood -1,0", "flood 1,0"]  # never the start tile
    act(state, "flood 1,0")
    assert state.board.tiles[(1, 0)].tile.id == "FL"
    assert state.supply("blue") == 7
    # D's road now ends at FL to the east: flooded
    assert flooded(state, (0, 0), "E")


# ----- flood.followers_on_replaced --------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, supply, lost", [("return", 7, 0), ("lost", 6, 1)])
def test_flood_followers_on_replaced(ruling, supply, lost):
    # red's knight on R3's north city and blue's pig in its north field; FL replaces R3
    board = RIVER.replace("1,-4  R3  0", "1,-4  R3  0 red@N blue:pig@ENE")
    state = state_from_text(board, sets=SETS, hand="FL", rulings={"flood.followers_on_replaced": ruling})
    assert state.supply("red") == 6
    act(state, "flood 1,-4")
    assert state.board.followers == {}
    assert (state.supply("red"), state.lost["red"]) == (supply, lost)
    assert (state.supply("blue"), state.lost["blue"]) == (7, 0)  # a pig is no follower from the supply


def test_a_meteor_on_a_covered_tile_leaves_no_flood_mark_behind():
    # The meteor lands on R3 (covered, its segments flooded): MT has no segments, so no mark may stay on 1,-4;
    # a later tile on a covered position (covered_empty = yes) adds its marks to the rest.
    state = state_from_text(RIVER.replace("2,-4  R4  0", "2,-4  FL  0"), sets=SETS, hand="MT",
                            flood={"spread": True, "by": "blue"}, rulings={"flood.covered_empty": "yes"})
    state.stages[0].clear()  # R4, which FL replaced, left the game (a position file cannot say so)
    assert any(pos == (1, -4) for pos, _ in state.board.flood_marks)
    act(state, "meteor 1,-4", "pass", "pass", "draw E", "place 2,-5 0")
    marks = state.board.flood_marks
    assert not any(pos == (1, -4) for pos, _ in marks) and all(n in state.board.parent for n in marks)
    assert flooded(state, (2, -5), "ENE")  # E's field at 2,-5 reaches the area's outer edge (segment scope)
