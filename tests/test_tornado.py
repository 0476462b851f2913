"""Tornado (rules.md §3, TO1-3) and its rulings ``tornado.steps``, ``tornado.over_empty``, ``tornado.short_move``
and ``tornado.revisit``; undo through whole meteor and tornado events.

TO1 is RFRF like U: at 90 it shows FRFR (road W-E, fields N and S), so "place 1,0 90" puts it east of D.
"""
from __future__ import annotations

import pytest
from conftest import act, legal_texts, snapshot, state_from_text

from carcnb.engine.actions import Drop, Pass, Pick, TornadoStep
from carcnb.engine.steps import CHANCE

DISASTERS = ["disasters"]
COLORS5 = ["red", "blue", "green", "yellow", "black"]

# A 2x2 block once TO1 is at 1,0: D (0,0), E at 0,1 (180: city S, closing D's city), E at 1,1 (0: city N).
SQUARE = """
0,0  D 0
0,1  E 180
1,1  E 0
"""


def run_event(state, choose=lambda legal: legal[0]) -> list:
    """Play the tornado event to its end, recording (actor, action) pairs."""
    seen = []
    while state.current_player() >= 0 and state.legal_actions() and isinstance(
            state.legal_actions()[0], (TornadoStep, Pick, Drop)):
        action = choose(state.legal_actions())
        seen.append((state.current_player(), action))
        state.apply(action)
    return seen


# ----- the move -------------------------------------------------------------------------------------------
def test_the_placer_moves_first_then_each_player_clockwise_two_steps_up_to_twelve():
    state = state_from_text(SQUARE, sets=DISASTERS, hand="TO1", players=COLORS5)
    act(state, "place 1,0 90")
    assert state.ext["tornado"] == (1, 0)
    # no deployment before the tornado moved: only steps (west to D, north to E)
    assert legal_texts(state) == ["tornado 0,0", "tornado 1,1"]
    seen = run_event(state)
    # 12 steps, one action each, two per player from the placer clockwise: the sixth move is red's again
    assert [a for _, a in seen if not isinstance(a, TornadoStep)] == []
    assert [seat for seat, _ in seen] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 0, 0]
    # the event is over: the token left; the placer now deploys on the tornado tile, then scores
    assert "tornado" not in state.ext and "tornado_steps" not in state.ext
    assert state.current_player() == 0
    assert legal_texts(state) == ["deploy 1,0 NNW", "deploy 1,0 E", "deploy 1,0 ESE", "pass"]
    act(state, "deploy 1,0 E")
    assert state.current_player() == CHANCE and state.active == "blue"


def test_each_move_goes_two_orthogonal_steps_never_back_to_a_tile_of_the_same_move():
    state = state_from_text(SQUARE, sets=DISASTERS, hand="TO1")
    act(state, "place 1,0 90", "tornado 0,0")
    # from D: 1,0 is where this move began; -1,0 and 0,-1 are empty: only north, E at 0,1
    assert legal_texts(state) == ["tornado 0,1"]
    act(state, "tornado 0,1")
    # blue's move starts at 0,1: back to D is allowed now (a new move), and on to 1,1
    assert state.current_player() == 1
    assert legal_texts(state) == ["tornado 0,0", "tornado 1,1"]


def test_a_tornado_that_cannot_move_stops_before_twelve_steps():
    # TO1 beside D only: red steps to D, and from D there is nowhere to go (1,0 began this move)
    state = state_from_text("0,0 D 0", sets=DISASTERS, hand="TO1")
    act(state, "place 1,0 90", "tornado 0,0")
    assert "tornado" not in state.ext
    assert state.current_player() == 0 and legal_texts(state)[-1] == "pass"  # red deploys


# ----- picking up, swapping, putting down -------------------------------------------------------------------
# A row west of the tornado tile: D with red's knight (city N) and blue's farmer (south field); U with red's
# builder on the road; U with blue's farmer in the north field.
ROW = """
-2,0  U 90 blue@NNW
-1,0  U 90 red:builder@E
0,0   D 0  red@N blue@SSE
"""


def test_pick_swap_send_home_and_the_owner_puts_the_carried_follower():
    state = state_from_text(ROW, sets=DISASTERS, hand="TO1")
    act(state, "place 1,0 90", "tornado 0,0")
    # two figures on D: red, who moved the tornado there, chooses
    assert state.current_player() == 0
    assert legal_texts(state) == ["pick blue 0,0 ESE", "pick red 0,0 N"]
    act(state, "pick blue 0,0 ESE")
    assert state.ext["tornado_carry"] == "blue"
    act(state, "tornado -1,0")
    # swap: the builder goes up, blue's follower stands where it stood (on the road)
    assert state.ext["tornado_carry"] == "red:builder"
    assert state.board.followers[state.board.node_at((-1, 0), 4)] == ("blue",)
    # blue's move: into -2,0; the builder lands in a field, where no builder may stand: back to supply
    assert state.current_player() == 1
    act(state, "tornado -2,0")
    assert state.ext["tornado_carry"] == "blue"
    assert not any(":" in e for entries in state.board.followers.values() for e in entries)
    # from -2,0 nowhere to go (-1,0 began blue's move): the tornado stops after 3 steps. Blue, the owner (not
    # red, who placed the tornado), puts the follower on a free, unfinished feature of -2,0: the road holds
    # blue's follower further east, so only the two fields
    assert state.current_player() == 1
    assert legal_texts(state) == ["drop blue -2,0 NNW", "drop blue -2,0 ESE"]
    act(state, "drop blue -2,0 ESE")
    # then red deploys on the tornado tile: its road and south field are taken (blue), the north field is free
    assert state.current_player() == 0
    assert legal_texts(state) == ["deploy 1,0 NNW", "pass"]
    assert (state.supply("red"), state.supply("blue")) == (6, 5)


def test_a_pig_swapped_onto_a_road_goes_home():
    # blue's pig in D's south field, red's follower on U's road; 3 tiles in a row: the tornado runs 12 steps
    state = state_from_text("-1,0 U 90 red@E\n0,0 D 0 blue:pig@SSE", sets=DISASTERS, hand="TO1")
    act(state, "place 1,0 90", "tornado 0,0")
    assert state.ext["tornado_carry"] == "blue:pig"
    act(state, "tornado -1,0")
    assert state.ext["tornado_carry"] == "red" and state.board.followers == {}
    seen = run_event(state)
    # 10 more steps, back and forth along the row, ending on the tornado tile (12 steps: even, like 1,0 -> 1,0)
    assert len([a for _, a in seen if isinstance(a, TornadoStep)]) == 10
    assert seen[-1] == (0, Drop("red", (1, 0), 0))  # red's own follower: red puts it (first choice: north field)


def test_the_carried_follower_only_goes_on_an_unfinished_feature():
    # per_tornado: red steps to D and on to E at 0,1 (picking blue's farmer); blue cannot move from there.
    # E's city is complete (with D's): blue may only put the farmer back in E's field.
    state = state_from_text("0,0 D 0\n0,1 E 180 blue@NNW", sets=DISASTERS, hand="TO1",
                            rulings={"tornado.revisit": "per_tornado"})
    act(state, "place 1,0 90", "tornado 0,0", "tornado 0,1")
    assert state.current_player() == 1
    assert legal_texts(state) == ["drop blue 0,1 NNW"]


def test_after_the_tornado_the_placer_deploys_and_the_turn_scores():
    # TO3 at 0,1 (180: city south) closes D's city, where blue's knight stands: 2 tiles, 4 points. The tornado's
    # only way is into D (blue's knight goes up), and from D nowhere: it stops. Blue puts the knight back on D,
    # but not in the completed city; red then deploys on TO3's free city and scores it alone.
    state = state_from_text("0,0 D 0 blue@N", sets=DISASTERS, hand="TO3")
    act(state, "place 0,1 180", "tornado 0,0")
    assert state.current_player() == 1
    assert legal_texts(state) == ["drop blue 0,0 ENE", "drop blue 0,0 E", "drop blue 0,0 ESE"]
    act(state, "drop blue 0,0 E")
    assert "deploy 0,1 S" in legal_texts(state)
    act(state, "deploy 0,1 S")
    assert state.scores == {"red": 4, "blue": 0}
    assert state.supply("red") == 7 and state.supply("blue") == 6


# ----- tornado.steps ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, second", [("turning", ["tornado -1,0", "tornado 0,1"]),
                                            ("straight", ["tornado -1,0"])])
def test_tornado_steps(ruling, second):
    state = state_from_text(SQUARE + "-1,0 U 90", sets=DISASTERS, hand="TO1", rulings={"tornado.steps": ruling})
    act(state, "place 1,0 90", "tornado 0,0")
    assert legal_texts(state) == second  # the first step went west


# ----- tornado.over_empty -----------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, first", [("no", ["tornado 0,0", "tornado 1,1"]),
                                           ("yes", ["tornado 0,0", "tornado 1,-1", "tornado 1,1", "tornado 2,0"])])
def test_tornado_over_empty(ruling, first):
    state = state_from_text(SQUARE, sets=DISASTERS, hand="TO1", rulings={"tornado.over_empty": ruling})
    act(state, "place 1,0 90")
    assert legal_texts(state) == first


def test_a_follower_carried_to_an_empty_position_goes_home():
    # over_empty = yes: red picks blue's follower up on D's road; every further step goes west, onto empty
    # positions (the first of the sorted choices): the event ends at -11,0, where the follower cannot stand.
    state = state_from_text("0,0 D 0 blue@E", sets=DISASTERS, hand="TO1", rulings={"tornado.over_empty": "yes"})
    act(state, "place 1,0 90", "tornado 0,0")
    assert state.ext["tornado_carry"] == "blue"
    seen = run_event(state, choose=lambda legal: legal[0])  # sorted: west or south first, away from the tiles
    assert all(isinstance(a, TornadoStep) for _, a in seen) and len(seen) == 11
    assert seen[-1][1].pos not in state.board.tiles
    assert state.board.followers == {} and state.supply("blue") == 7


# ----- tornado.short_move -----------------------------------------------------------------------------------
# Red moves the tornado from TO1 at 1,0 to D, then to E at 0,1. Blue's move starts at 0,1: U at 0,2 is a dead
# end (its only neighbour is 0,1, where blue's move began); D goes on (to 1,0).
SHORT = "0,0 D 0\n0,1 E 180\n0,2 U 90"


@pytest.mark.parametrize("ruling, first", [("stop", ["tornado 0,0", "tornado 0,2"]), ("skip", ["tornado 0,0"])])
def test_tornado_short_move(ruling, first):
    state = state_from_text(SHORT, sets=DISASTERS, hand="TO1", rulings={"tornado.short_move": ruling})
    act(state, "place 1,0 90", "tornado 0,0", "tornado 0,1")
    assert state.current_player() == 1
    assert legal_texts(state) == first
    if ruling == "stop":
        act(state, "tornado 0,2")  # one step, then the tornado stops: red deploys
        assert "tornado" not in state.ext and state.current_player() == 0


@pytest.mark.parametrize("ruling, steps", [("stop", 1), ("skip", 0)])
def test_tornado_short_move_when_no_move_has_two_steps(ruling, steps):
    state = state_from_text("0,0 D 0 blue@E", sets=DISASTERS, hand="TO1", rulings={"tornado.short_move": ruling})
    act(state, "place 1,0 90")
    seen = run_event(state)
    assert len(seen) == steps + steps  # stop: the one step (picking blue up) and blue's drop
    assert state.current_player() == 0 and isinstance(state.legal_actions()[-1], Pass)
    assert state.board.followers.get(state.board.node_at((0, 0), 4)) == (None if steps else ("blue",))


# ----- tornado.revisit --------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruling, steps", [("per_move", 12), ("per_tornado", 2)])
def test_tornado_revisit(ruling, steps):
    # three tiles in a row: per move the tornado may come back along the row; per tornado it is stuck at the end
    state = state_from_text("-1,0 U 90\n0,0 D 0", sets=DISASTERS, hand="TO1", rulings={"tornado.revisit": ruling})
    act(state, "place 1,0 90")
    seen = run_event(state)
    assert len(seen) == steps


# ----- undo through whole events ----------------------------------------------------------------------------
def test_undo_through_a_whole_tornado_event_restores_the_state_exactly():
    state = state_from_text(ROW, sets=DISASTERS, hand="TO1")
    before, snap = state.clone(), snapshot(state)
    act(state, "place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0", "tornado -2,0",
        "drop blue -2,0 ESE", "deploy 1,0 NNW")
    assert state != before
    for _ in range(7):
        state.undo()
    assert state == before and snapshot(state) == snap


def test_undo_through_a_whole_meteor_event_restores_the_state_exactly():
    board = "-1,0 A 270\n0,0 D 0\n1,0 U 90 red@E\n2,0 U 90 blue@NNW\n3,0 U 90\n2,-1 E 90"
    state = state_from_text(board, sets=DISASTERS, hand="MT", players=["red", "blue", "green"])
    before, snap = state.clone(), snapshot(state)
    act(state, "meteor 1,0", "meteor 2,0", "meteor 3,0", "pass")  # lands on 3,0: red's road scores 4
    assert state.scores["red"] == 4
    for _ in range(4):
        state.undo()
    assert state == before and snapshot(state) == snap

