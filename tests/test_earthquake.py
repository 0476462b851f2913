"""Earthquake (rules.md §3, EQ) and its rulings ``earthquake.timing`` and ``earthquake.destroyed_center``.

Every expected number is worked out by hand in a comment. EQ is CFFF like E: at 180 it shows FFCF (city to
the south). D at 0,0 shows C to the north, R east and west, F to the south.
"""
from __future__ import annotations

import pytest
from conftest import RIVER, act, legal_texts, state_from_text

from carcnb.engine.rules.base import apply_final
from carcnb.engine.rules.earthquake import quake_area
from carcnb.positions.dump import dump
from carcnb.positions.game_io import position_from_state
from carcnb.positions.parse import parse
from carcnb.search.questions import final_score

DISASTERS = ["disasters"]

# |dx| + |dy| <= 2, written out: the centre, 4 at one step, 4 at two steps straight, 4 diagonal.
THIRTEEN = {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2),
            (1, 1), (1, -1), (-1, 1), (-1, -1)}


def rows_by_tile(rows) -> dict:
    """Final rows of cities keyed by their first tile."""
    return {r.tiles[0]: r for r in rows if r.kind == "city"}


def test_the_earthquake_reaches_thirteen_positions():
    assert sorted(quake_area((5, 7))) == sorted((5 + dx, 7 + dy) for dx, dy in THIRTEEN)
    assert (7, 8) not in quake_area((5, 7))  # dx=2, dy=1 is out of range
    assert (6, 8) in quake_area((5, 7))      # one step diagonally is in range


# EQ at 0,-1 (city south, open). Three players; every followed city is unfinished at the end (1 point a tile).
RANGE_BOARD = """
0,0   D   0
-1,0  D   0   red@N
1,0   U   90
2,0   D   0   red@N
1,1   E   0   green@N
0,-1  EQ  180
2,-1  E   180 blue@S
2,-2  N   0
"""


def test_unfinished_cities_with_a_segment_in_range_score_nothing():
    # From EQ at 0,-1: -1,0 is dx=-1 dy=1 (diagonal, hit); 2,0 is dx=2 dy=1 (not hit, 1 point);
    # 1,1 is dx=1 dy=2 (not hit, 1 point); blue's city 2,-1 (dx=2 dy=0, hit) + 2,-2 (dx=2 dy=-1, out of range):
    # the whole city gets the token, so 0 instead of 2.
    state = state_from_text(RANGE_BOARD, sets=DISASTERS, players=["red", "blue", "green"])
    rows = apply_final(state)
    assert state.scores == {"red": 1, "blue": 0, "green": 1}
    cities = rows_by_tile(rows)
    assert (cities[(-1, 0)].points, cities[(-1, 0)].reason) == (0, "earthquake: unfinished city")
    assert (cities[(2, -2)].points, cities[(2, -2)].reason) == (0, "earthquake: unfinished city")
    assert cities[(2, -2)].tiles == ((2, -2), (2, -1))
    assert (cities[(2, 0)].points, cities[(2, 0)].reason) == (1, "unfinished")
    assert (cities[(1, 1)].points, cities[(1, 1)].reason) == (1, "unfinished")


def test_without_the_earthquake_the_same_cities_score():
    # Control for the test above: E in place of EQ (same edges) -> red 1 + 1, blue 2, green 1.
    state = state_from_text(RANGE_BOARD.replace("EQ ", "E  "), sets=DISASTERS, players=["red", "blue", "green"])
    apply_final(state)
    assert state.scores == {"red": 2, "blue": 2, "green": 1}


def test_the_earthquake_tile_is_placed_and_deployed_on_like_any_tile():
    # EQ has E's edges, so the same placements; deploying on it is allowed: at 180 its city is S (joining D's
    # city) and its field is named NNW.
    board = "0,0 D 0\n1,0 U 90"
    eq = state_from_text(board, sets=DISASTERS, hand="EQ")
    e = state_from_text(board, sets=DISASTERS, hand="E")
    assert legal_texts(eq) == legal_texts(e)
    act(eq, "place 0,1 180")
    assert legal_texts(eq) == ["deploy 0,1 NNW", "deploy 0,1 S", "pass"]


# Blue's farmer on the row's south field. EQ's city (south, red) is closed by E at 0,-2 this turn; the city
# 3,-1 + 3,-2 (complete, dx=3 from EQ) is out of range. The farm: D's south field, U x3, EQ's field, 3,-1's field.
FARM_BOARD = """
0,0   D   0
1,0   U   90
2,0   U   90  blue@SSE
3,0   U   90
0,-1  EQ  180 red@S
3,-1  E   180
3,-2  E   0
"""


def test_a_finished_city_in_range_scores_when_completed_but_feeds_no_field():
    state = state_from_text(FARM_BOARD, sets=DISASTERS, hand="E")
    act(state, "place 0,-2 0", "pass")
    # red's 2-tile city EQ + E: completed now, 4 points; the earthquake does nothing during the game
    assert state.scores == {"red": 4, "blue": 0}
    assert state.rows[-1].reason == "completed" and state.rows[-1].points == 4
    rows = apply_final(state)
    # the farm touches two completed cities; the one with the token counts for nothing: 3 (not 6)
    assert state.scores == {"red": 4, "blue": 3}
    farm = next(r for r in rows if r.kind == "field")
    assert farm.reason == "farm: 1 completed city"
    assert "city at 0,-2: earthquake: no farm points" in farm.notes


def test_a_finished_city_out_of_range_still_feeds_fields():
    # Control: E in place of EQ -> both cities count for blue's farm, 6.
    state = state_from_text(FARM_BOARD.replace("EQ ", "E  "), sets=DISASTERS, hand="E")
    act(state, "place 0,-2 0", "pass")
    apply_final(state)
    assert state.scores == {"red": 4, "blue": 6}


# ----- earthquake.timing ------------------------------------------------------------------------------------
# Red places EQ at 0,-1 (city south). Then blue draws E and puts it at 1,-1 (diagonal, in range) with a
# follower on its open city. on_place: the tokens went only into the cities there when EQ was placed.
@pytest.mark.parametrize("timing, blue", [("final", 0), ("on_place", 1)])
def test_earthquake_timing(timing, blue):
    state = state_from_text("0,0 D 0", sets=DISASTERS, hand="EQ", rulings={"earthquake.timing": timing})
    act(state, "place 0,-1 180", "pass", "draw E", "place 1,-1 0", "deploy 1,-1 N")
    assert state.ext.get("quake_cities") == (None if timing == "final" else ((((0, -1), 0), ((0, 0), 0))))
    rows = apply_final(state)
    assert state.scores == {"red": 0, "blue": blue}
    assert rows_by_tile(rows)[(1, -1)].reason == ("earthquake: unfinished city" if blue == 0 else "unfinished")


def test_earthquake_on_place_tokens_follow_the_city_as_it_grows():
    # on_place: D's city at 0,0 gets its token when EQ is placed; blue later extends that city with N at 0,1
    # (rot 180: city S and E) and follows it. The token is in the city, so the grown city is hit: 0, not 2.
    state = state_from_text("0,0 D 0", sets=DISASTERS, hand="EQ", rulings={"earthquake.timing": "on_place"})
    # N at 0,1 rot 180: city S (meets D) and E (open toward 1,1)
    act(state, "place 0,-1 180", "pass", "draw N", "place 0,1 180", "deploy 0,1 E")
    apply_final(state)
    assert state.scores == {"red": 0, "blue": 0}  # 2-tile unfinished city, hit: 0 instead of 2


# ----- a tile that leaves the game takes its tokens ---------------------------------------------------------
# on_place: EQ at -1,-4 puts a token in every city in range, R3's two at 1,-4 (dx=2) among them. Blue's
# city N at 1,-3 (dx=2 dy=1: out of range) joins R3's north city, so its only token is the one on R3.
# Then the flood or the meteor replaces R3: the token leaves with the tile, and blue's city, cut at 1,-4,
# is hit by no token: 1 point at the end, where before the disaster its 2 tiles scored 0.
@pytest.mark.parametrize("disaster", [("draw FL", "flood 1,-4"), ("draw MT", "meteor 1,-4", "pass", "pass")],
                         ids=["flood", "meteor"])
def test_a_tile_replaced_by_a_disaster_takes_its_earthquake_tokens_with_it(disaster):
    state = state_from_text(RIVER + "1,-3 N 180 blue@E", sets=["river", *DISASTERS], hand="EQ",
                            rulings={"earthquake.timing": "on_place"})
    act(state, "place -1,-4 90", "pass")
    assert ((1, -4), 1) in state.ext["quake_cities"]
    before = state.clone()
    apply_final(before)
    assert before.scores["blue"] == 0  # N + R3's north city, hit
    act(state, *disaster)
    assert state.ext["quake_cities"] == (((-1, -4), 0), ((0, -4), 1))
    saved = position_from_state(state)
    lines = {line.pos: line for line in saved.board}
    assert lines[(1, -4)].tokens == ()
    assert len(lines[(-1, -4)].tokens) == len(lines[(0, -4)].tokens) == 1
    assert final_score(parse(dump(saved))).scores == {"red": 0, "blue": 1}
    apply_final(state)
    assert state.scores == {"red": 0, "blue": 1}


# ----- earthquake.destroyed_center --------------------------------------------------------------------------
# EQ at 0,-1; blue's open city at 1,-1 (diagonal). The meteor lands on EQ.
@pytest.mark.parametrize("ruling, blue", [("none", 1), ("at_meteor", 0)])
def test_earthquake_destroyed_by_the_meteor(ruling, blue):
    state = state_from_text("0,0 D 0\n0,-1 EQ 180\n1,-1 E 0 blue@N", sets=DISASTERS, hand="MT",
                            rulings={"earthquake.destroyed_center": ruling})
    act(state, "meteor 0,-1", "pass", "pass")
    assert state.board.tiles[(0, -1)].tile.id == "MT"
    assert state.ext["quake_destroyed"] == (0, -1)
    apply_final(state)
    assert state.scores == {"red": 0, "blue": blue}


# on_place, the tokens written in the file: D's city (red's knight) and EQ's own. Blue's city at 1,-1 came after
# EQ and has none. The meteor lands on EQ: only EQ's token goes with it; D's stays, whatever the ruling on a
# destroyed earthquake says (it decides an earthquake whose tokens are not down yet).
@pytest.mark.parametrize("ruling", ["none", "at_meteor"])
def test_tokens_down_before_the_meteor_hit_the_earthquake_stay(ruling):
    state = state_from_text("0,0 D 0 quake@N red@N\n0,-1 EQ 180 quake@S\n1,-1 E 0 blue@N", sets=DISASTERS,
                            hand="MT", rulings={"earthquake.timing": "on_place",
                                                "earthquake.destroyed_center": ruling})
    act(state, "meteor 0,-1", "pass", "pass")
    assert state.ext["quake_cities"] == (((0, 0), 0),)
    rows = apply_final(state)
    assert state.ext["quake_cities"] == (((0, 0), 0),)
    assert {pos: r.points for pos, r in rows_by_tile(rows).items()} == {(0, 0): 0, (1, -1): 1}
