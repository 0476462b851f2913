"""rules.md §2, River I: spring, river first and the lake last, river edges, bends, no follower on water.

The spring R1 at 0,0 (rot 0) sends its river south, so the first river tile goes to 0,-1 with water on
its north edge. Bends are judged in the direction the water flows: flowing south, a turn to the west is a
right turn and a turn to the east a left turn.
"""
from __future__ import annotations

import random

import pytest
from conftest import act, legal_texts, state_from_text

from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.engine.tiles import catalogue

RIVER_TILES = {"R3": 1, "R4": 1, "R5": 1, "R6": 1, "R7": 2, "R8": 1, "R9": 1, "R10": 2}  # R1 starts, R2 ends


def river_game(seed: int = 0) -> GameState:
    return GameState(Game(sets={"river"}), seed=seed)


def test_the_spring_starts_the_game():
    state = river_game()
    assert {p: (t.tile.id, t.rot) for p, t in state.board.tiles.items()} == {(0, 0): ("R1", 0)}
    # 10 river tiles, the lake, and all 72 base tiles (no D is used as start tile)
    assert state.pile_size() == 10 + 1 + 72
    assert state.current_player() == CHANCE
    assert {a.tile: p for a, p in state.chance_outcomes()} == {t: pytest.approx(n / 10) for t, n in RIVER_TILES.items()}


@pytest.mark.parametrize("seed", range(6))
def test_river_tiles_first_the_lake_last_then_the_base_tiles_with_four_d(seed):
    state = river_game(seed)
    rng = random.Random(seed)
    drawn = []
    while len(drawn) < 11:
        if state.current_player() == CHANCE:
            action = state.sample_chance()
            drawn.append(action.tile)
        else:
            action = rng.choice(state.legal_actions())
            assert str(action) != "discard"  # the river never gets stuck
        state.apply(action)
    assert sorted(drawn[:10]) == sorted(t for t, n in RIVER_TILES.items() for _ in range(n))
    assert drawn[10] == "R2"
    while state.current_player() != CHANCE:  # finish the lake turn
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.board.tiles) == 12
    outcomes = {a.tile: p for a, p in state.chance_outcomes()}
    assert state.pile_size() == 72
    assert outcomes["D"] == pytest.approx(4 / 72)
    assert all(catalogue()[t].set == "base" for t in outcomes)


def test_river_edges_match_river_edges_only():
    state = state_from_text("0,0 R1 0", sets=["river"], hand="R7")
    board, cat = state.board, catalogue()
    # Edge matching alone: U (no water) never faces the spring's river; R7 faces it only with water north
    # (rot 0 and 180: WFWF), and may lie beside the spring's field edges showing its own field edge.
    assert all((x, y) != (0, -1) for x, y, _ in board.placements(cat["U"]))
    r7 = board.placements(cat["R7"])
    assert [p for p in r7 if p[:2] == (0, -1)] == [(0, -1, 0), (0, -1, 180)]
    assert (1, 0, 0) in r7 and (1, 0, 90) not in r7  # W=F meets the spring's field; W=W would not
    # The river rule keeps only the placements that continue the river.
    assert legal_texts(state) == ["place 0,-1 0", "place 0,-1 180"]


def test_a_river_tile_must_continue_the_river():
    state = state_from_text("0,0 R1 0\n0,-1 R7 0", sets=["river"], hand="R7")
    # beside the straight at 1,-1 R7 at 0 would match edges (field to field) but leaves the river
    assert (1, -1, 0) in state.board.placements(catalogue()["R7"])
    assert legal_texts(state) == ["place 0,-2 0", "place 0,-2 180"]


@pytest.mark.parametrize("board, hand, expected", [
    # R10 (river S-W) at 0,-1 rot 90 takes water from the north and sends it west: a right turn. At -1,-1
    # (water from the east, flowing west) R10 at 180 would turn right again (north); only 270 (south, left).
    ("0,0 R1 0\n0,-1 R10 90", "R10", ["place -1,-1 270"]),
    # R10 at 180 (river N-E) turns left (east). At 1,-1 (flowing east) 90 would turn left again (north).
    ("0,0 R1 0\n0,-1 R10 180", "R10", ["place 1,-1 0"]),
    # A straight between two curves does not reset the rule: right, straight, then not right again.
    ("0,0 R1 0\n0,-1 R10 90\n-1,-1 R7 90", "R10", ["place -2,-1 270"]),
    # Right, then left (R10 at 270: east in, south out), then right again is fine: flowing south into
    # -1,-2, a right turn leaves west; R8 (river E-S) at 180 is N-W. At 270 (N-E) it would turn left twice.
    ("0,0 R1 0\n0,-1 R10 90\n-1,-1 R10 270", "R8", ["place -1,-2 180"]),
    # Before any curve both ways are open: R10 at 90 (west) or 180 (east).
    ("0,0 R1 0", "R10", ["place 0,-1 90", "place 0,-1 180"]),
])
def test_the_river_may_not_turn_the_same_way_on_two_consecutive_curves(board, hand, expected):
    state = state_from_text(board, sets=["river"], hand=hand)
    assert legal_texts(state) == expected


def test_the_bend_rule_holds_in_play_too():
    state = act(river_game(), "draw R10", "place 0,-1 90", "pass", "draw R10")
    assert legal_texts(state) == ["place -1,-1 270"]


def test_no_follower_on_the_river():
    state = act(river_game(), "draw R7", "place 0,-1 0")
    # R7 at 0: water N-S, field east (named NNE) and west (named NNW); no deploy on the river
    assert legal_texts(state) == ["deploy 0,-1 NNW", "deploy 0,-1 NNE", "pass"]


def test_a_bridge_road_takes_a_follower_but_the_water_does_not():
    state = act(river_game(), "draw R6", "place 0,-1 0")
    # R6 at 0: water N-S, road E-W (named E), four field corners named by their first port clockwise
    # from NNW: NNW (WNW NNW), NNE (NNE ENE), ESE (ESE SSE), SSW (SSW WSW)
    assert legal_texts(state) == ["deploy 0,-1 NNW", "deploy 0,-1 NNE", "deploy 0,-1 E", "deploy 0,-1 ESE",
                                  "deploy 0,-1 SSW", "pass"]


def test_the_lake_closes_the_river():
    state = state_from_text("0,0 R1 0\n0,-1 R7 0", sets=["river"], hand="R2")
    # R2 (water north only) closes the river at 0,-2
    assert legal_texts(state) == ["place 0,-2 0"]
    # with the lake down, the river has no open end: another river tile has nowhere to go
    closed = state_from_text("0,0 R1 0\n0,-1 R7 0\n0,-2 R2 0", sets=["river"], hand="R7")
    assert legal_texts(closed) == ["discard"]
