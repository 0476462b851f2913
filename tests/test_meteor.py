"""Meteor (rules.md §3, MT) and its rulings ``meteor.targets``, ``meteor.adjacency``,
``meteor.followers_on_target`` and ``meteor.ferry_on_target``. Every expected number is worked out by hand.
"""
from __future__ import annotations

import pytest
from conftest import RIVER, act, legal_texts, position_from_text, state_from_text

from carcnb.engine.geometry import PORT_INDEX
from carcnb.engine.rules.base import apply_final, legal_placements
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.positions.game_io import state_from_position

DISASTERS = ["disasters"]

# Two rows of four: roads run W-E along each row (U at 90 is FRFR); D at 0,0 is the start tile.
GRID = """
-1,0  U 90
0,0   D 0
1,0   U 90
2,0   U 90
-1,-1 U 90
0,-1  U 90
1,-1  U 90
2,-1  U 90
"""
GRID_TILES = [(-1, -1), (-1, 0), (0, -1), (1, -1), (1, 0), (2, -1), (2, 0)]  # all but the start tile


def ids(state) -> dict:
    return {pos: t.tile.id for pos, t in state.board.tiles.items()}


# ----- the landing sequence ---------------------------------------------------------------------------------
def test_the_drawer_aims_then_each_other_player_clockwise_then_the_drawer_last():
    state = state_from_text(GRID, sets=DISASTERS, hand="MT", players=["red", "blue", "green"])
    actors = []
    # red points at any tile in play but the start tile
    assert legal_texts(state) == [f"meteor {x},{y}" for x, y in GRID_TILES]
    actors.append(state.current_player())
    act(state, "meteor 1,0")
    # blue: orthogonal neighbours of 1,0 that are tiles in play, not the start tile, never chosen
    assert legal_texts(state) == ["meteor 1,-1", "meteor 2,0", "pass"]
    actors.append(state.current_player())
    act(state, "meteor 1,-1")
    # green: from 1,-1; 1,0 was chosen already
    assert legal_texts(state) == ["meteor 0,-1", "meteor 2,-1", "pass"]
    actors.append(state.current_player())
    act(state, "meteor 2,-1")
    # red, one last time: from 2,-1; 1,-1 was chosen
    assert legal_texts(state) == ["meteor 2,0", "pass"]
    actors.append(state.current_player())
    assert actors == [0, 1, 2, 0]
    act(state, "meteor 2,0")
    # moved by every player: it lands on the last tile chosen, the others stay
    assert ids(state)[(2, 0)] == "MT"
    assert [ids(state)[p] for p in [(1, 0), (1, -1), (2, -1)]] == ["U", "U", "U"]
    # no placement, no deployment on MT: blue draws next
    assert state.current_player() == CHANCE and state.active == "blue"
    assert "meteor_chosen" not in state.ext


def test_when_everybody_passes_the_meteor_lands_where_the_drawer_pointed():
    state = state_from_text(GRID, sets=DISASTERS, hand="MT", players=["red", "blue", "green"], to_move="blue")
    act(state, "meteor -1,-1")
    assert state.current_player() == 2  # green follows blue clockwise
    act(state, "pass")
    assert state.current_player() == 0  # then red
    act(state, "pass", "pass")          # red, then blue (the drawer) leaves it
    assert ids(state)[(-1, -1)] == "MT"
    assert state.active == "green" and state.current_player() == CHANCE


def test_a_meteor_with_nothing_to_land_on_leaves_the_game_and_the_drawer_draws_again():
    state = GameState(Game(sets=frozenset(DISASTERS)), seed=0)
    pile = state.pile_size()
    act(state, "draw MT")
    assert legal_texts(state) == ["discard"]  # only the start tile is in play
    act(state, "discard")
    assert state.current_player() == CHANCE and state.active == "red" and state.pile_size() == pile - 1
    assert ids(state) == {(0, 0): "D"}


# ----- meteor.targets ---------------------------------------------------------------------------------------
RIVER_FL = RIVER.replace("2,-4  R4  0", "2,-4  FL  0")


@pytest.mark.parametrize("ruling, aims, moves", [
    # the spring is the start tile here: excluded either way; FL only under "start"
    ("start,spring,flood", ["0,-4", "0,-3", "0,-2", "0,-1", "1,-4", "3,-4", "4,-5", "4,-4", "5,-6", "5,-5"],
     ["meteor 0,-4", "pass"]),
    ("start", ["0,-4", "0,-3", "0,-2", "0,-1", "1,-4", "2,-4", "3,-4", "4,-5", "4,-4", "5,-6", "5,-5"],
     ["meteor 0,-4", "meteor 2,-4", "pass"]),
])
def test_meteor_targets(ruling, aims, moves):
    state = state_from_text(RIVER_FL, sets=["river", "disasters"], hand="MT", flood={"by": "blue"},
                            rulings={"meteor.targets": ruling})
    assert legal_texts(state) == [f"meteor {a}" for a in aims]
    act(state, "meteor 1,-4")
    assert legal_texts(state) == moves  # from R3 at 1,-4: R8 west, FL east


def test_a_meteor_on_the_flood_tile_does_not_unflood_what_touched_it():
    # "start": the meteor may land on FL. Red's road: U at 2,-3 (N-S) from A's cloister at 2,-2 (road S) down
    # into FL (flooded). Features that touched FL "can't be completed for the rest of the game": MT in FL's
    # place does not complete the road, and nothing scores.
    board = RIVER_FL + "2,-3 U 0 red@N\n2,-2 A 0"
    # three players: green placed FL, so it spreads only on green's next turn, after blue's
    state = state_from_text(board, sets=["river", "disasters"], hand="MT", flood={"by": "green"},
                            players=["red", "blue", "green"], rulings={"meteor.targets": "start"})
    road = state.board.node_at((2, -3), PORT_INDEX["N"])
    assert state.board.feature(road).flooded
    act(state, "meteor 2,-4", "pass", "pass", "pass")
    assert ids(state)[(2, -4)] == "MT"
    assert state.board.feature(road).flooded and not state.board.feature(road).complete
    assert state.scores == {"red": 0, "blue": 0, "green": 0}


# ----- meteor.adjacency -------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, moves", [
    ("orthogonal", ["meteor -1,-1", "meteor 1,-1", "pass"]),
    ("king", ["meteor -1,-1", "meteor -1,0", "meteor 1,-1", "meteor 1,0", "pass"]),  # 0,0 is the start tile
])
def test_meteor_adjacency(ruling, moves):
    state = state_from_text(GRID, sets=DISASTERS, hand="MT", rulings={"meteor.adjacency": ruling})
    act(state, "meteor 0,-1")
    assert legal_texts(state) == moves


# ----- meteor.followers_on_target ---------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, supply, lost", [("return", 7, 0), ("lost", 6, 1)])
def test_meteor_followers_on_target(ruling, supply, lost):
    board = GRID.replace("1,0   U 90", "1,0   U 90 red@E blue:builder@E")
    state = state_from_text(board, sets=DISASTERS, hand="MT", rulings={"meteor.followers_on_target": ruling})
    act(state, "meteor 1,0", "pass", "pass")
    assert state.board.followers == {}
    assert (state.supply("red"), state.lost["red"]) == (supply, lost)
    assert (state.supply("blue"), state.lost["blue"]) == (7, 0)  # a builder is no follower from the supply


# ----- meteor.ferry_on_target -------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, lost", [("return", None), ("lost", 1)])
def test_meteor_ferry_on_target(ruling, lost):
    # FB at 1,0: roads E, S, W to jetties; the ferry joins W and E, so D's road runs across the lake
    state = state_from_text("0,0 D 0 red@E\n1,0 FB 0 ferry:E-W", sets=["disasters", "ferries"], hand="MT",
                            rulings={"meteor.ferry_on_target": ruling})
    assert state.board.feature(state.board.node_at((0, 0), PORT_INDEX["E"])).tiles == ((0, 0), (1, 0))
    act(state, "meteor 1,0", "pass", "pass")
    assert state.board.ferries == {}
    assert state.ext.get("ferries_lost") == lost
    # D's road now ends at MT to the east, still open to the west: 1 tile, red stays
    assert state.board.feature(state.board.node_at((0, 0), PORT_INDEX["E"])).tiles == ((0, 0),)


# ----- features touching MT end there -----------------------------------------------------------------------
# Red's road from A's cloister (-1,0, A at 270: road E) through D, U, U, U, open to the east of 3,0.
ROAD = """
-1,0  A 270
0,0   D 0
1,0   U 90 red@E
2,0   U 90
3,0   U 90
"""


@pytest.mark.parametrize("target, red, supply", [
    ("3,0", 4, 7),  # the road -1,0..2,0 ends at MT: complete, 4 tiles, scored at once
    ("2,0", 3, 7),  # -1,0..1,0: 3 tiles
    ("1,0", 0, 7),  # red's own tile: the follower goes home, nothing scores
    ("-1,0", 0, 6),  # the cloister end is gone: the road 0,0..3,0 ends at MT but is open to the east
])
def test_a_feature_completed_by_the_meteor_scores_at_once(target, red, supply):
    state = state_from_text(ROAD, sets=DISASTERS, hand="MT")
    act(state, f"meteor {target}", "pass", "pass")
    assert state.scores == {"red": red, "blue": 0}
    assert state.supply("red") == supply
    if red:
        row = state.rows[-1]
        assert (row.kind, row.complete, row.reason, row.points) == ("road", True, "completed", red)
        assert "ends at the meteor; meteor does not count" in row.notes
        assert (int(target.split(",")[0]), 0) not in row.tiles  # MT is no tile of the road


@pytest.mark.parametrize("target, blue", [("0,2", 4), ("0,1", 2)])
def test_a_city_ending_at_the_meteor_scores_for_its_owner_two_a_tile(target, blue):
    # Blue's city: D's city N, G at 0,1 (city N-S), then H at 0,2 (its south city). Red's meteor on H: the
    # city D + G ends at MT, complete, 2 tiles -> 4 for blue; on G: D's city alone -> 2.
    state = state_from_text("0,0 D 0 blue@N\n0,1 G 0\n0,2 H 0", sets=DISASTERS, hand="MT")
    act(state, f"meteor {target}", "pass", "pass")
    assert state.scores == {"red": 0, "blue": blue}
    assert state.rows[-1].kind == "city" and state.rows[-1].scorers == ("blue",)


def test_cloister_with_the_meteor_as_neighbour_is_complete_and_scores_eight():
    # The seed's example. Red's monk on B at 1,-1; MT at 2,-2; six other neighbours in play; red closes the
    # last gap at 1,-2 with E (180: city S). 1 + 7 tiles (MT counts for nothing) = 8, not 9.
    board = """
    0,0  D 0
    1,0  U 90
    2,0  U 90
    0,-1 V 0
    1,-1 B 0 red@C
    2,-1 E 90
    0,-2 U 0
    2,-2 MT 0
    """
    state = state_from_text(board, sets=DISASTERS, hand="E")
    assert [r for x, y, r in legal_placements(state) if (x, y) == (1, -2)] == [90, 180]
    act(state, "place 1,-2 180", "pass")
    row = state.rows[-1]
    assert (row.kind, row.points, row.complete) == ("cloister", 8, True)
    assert "meteor does not count" in row.notes
    assert state.scores == {"red": 8, "blue": 0}


def test_an_unfinished_cloister_beside_the_meteor_counts_only_the_other_tiles():
    # B at 0,-1 below D; MT at 1,-1; U at 1,0. Neighbours in play: D, U (1,0), MT -> 1 + 2 = 3 at the end.
    state = state_from_text("0,0 D 0\n1,0 U 90\n0,-1 B 0 red@C\n1,-1 MT 0", sets=DISASTERS)
    rows = apply_final(state)
    assert state.scores == {"red": 3, "blue": 0}
    assert rows[0].notes == ("meteor does not count",)


def test_any_edge_may_face_the_meteor():
    # 3,-1 touches only MT at 3,0 (after the meteor): all four rotations of E fit there
    state = state_from_text(ROAD, sets=DISASTERS, hand="MT")
    act(state, "meteor 3,0", "pass", "pass", "draw E")
    assert [r for x, y, r in legal_placements(state) if (x, y) == (3, -1)] == [0, 90, 180, 270]
    assert [r for x, y, r in legal_placements(state) if (x, y) == (4, 0)] == [0, 90, 180, 270]


def test_a_meteor_in_hand_has_no_edge_placements():
    # MT replaces a tile in play: `carcnb legal` lists no (x, y, rot) for it, and the turn offers landings
    from carcnb.search.questions import placements

    p = position_from_text("0,0 D 0\n1,0 U 90", sets=["disasters"], hand="MT")
    assert placements(p) == []
    assert all(str(a).startswith("meteor ") for a in state_from_position(p).legal_actions())
