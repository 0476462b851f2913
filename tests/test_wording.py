"""The question in words: one sentence per kind, and for ``best`` one per decision the player faces."""
from __future__ import annotations

import pytest
from conftest import RIVER, collection, position_from_text, state_from_text

from carcnb.telling.wording import FINAL, decision_text, question_text, tile_name

BEST = {"kind": "best", "answer": {"line": ["pass"], "value": 0}}  # the sentence never reads the answer

# Red's thief on the road -1,0..3,0, open to the east (the meteor puzzle's board).
METEOR = "-1,0 A 270\n0,0 D 0\n1,0 U 90 red@E\n2,0 U 90\n3,0 U 90\n3,-1 E 180"
# A 2x2 block once TO1 is at 1,0 (90: road W-E).
SQUARE = "0,0 D 0\n0,1 E 180\n1,1 E 0"
# Two figures on D for the tornado to choose from.
ROW = "-2,0 U 90 blue@NNW\n-1,0 U 90 red:builder@E\n0,0 D 0 red@N blue@SSE"
# A lake tile FA goes at 1,0, between red's road on D and blue's on U.
LAKE = "0,1 E 180\n1,1 E 180\n2,1 B 0\n-1,0 A 270\n0,0 D 0 red@E\n2,0 U 90 blue@E\n3,0 A 90"
# U at 0,-1 between two lakes: both ferries are first ferries of its road.
LAKES = "-1,0 V 180\n0,0 D 0\n1,0 V 90\n-1,-1 FB 0 ferry:E-W\n1,-1 FB 0 ferry:W-E"
# Red and blue farm the field south of the road, green is a thief.
FARMS = "0,0 D 0 red@ESE green@E\n0,-1 B 0 blue@NNW"
THREE = ["red", "blue", "green"]


def ask(board: str, question: dict | None = BEST, **header) -> str:
    return question_text(position_from_text(board, question, **header))


def decision(board: str, **header) -> str:
    """The decision a ``best`` question names, without the sentence on what "best" means."""
    return decision_text(state_from_text(board, **header))


# ----- final and count ----------------------------------------------------------------------------------------
def test_final_asks_for_every_score():
    assert ask("0,0 D 0 red@N", {"kind": "final", "answer": {"red": 1, "blue": 0}}) == FINAL
    assert FINAL == "The game ends now. What does each player score?"


def test_final_with_points_already_scored_asks_for_totals_and_names_every_player():
    text = ask("0,0 D 0", {"kind": "final", "answer": {"red": 12, "blue": 0, "green": 3}},
               players=THREE, scores={"red": 12, "green": 3})
    assert text == ("The game ends now. With the points scored so far (red 12, blue 0, green 3), what is each "
                    "player's total?")


def test_a_position_without_a_question_gets_the_final_sentence():
    assert ask("0,0 D 0", None, hand="E") == FINAL


def test_count_names_the_tile_in_hand():
    assert ask("0,0 D 0", {"kind": "count", "answer": 1}, hand="K").startswith(
        "How many legal placements does K have here? ")
    assert ask("0,0 D 0", {"kind": "count", "answer": 1}, hand="FA", sets=["ferries"]).startswith(
        "How many legal placements does the lake FA have here? ")


@pytest.mark.parametrize("tid, name", [("V", "V"), ("MT", "the meteor"), ("FL", "the flood"),
                                       ("TO2", "the tornado TO2"), ("EQ", "the earthquake EQ"),
                                       ("FB", "the lake FB"), ("CF1", "the crop circle CF1")])
def test_tiles_are_named_as_players_call_them(tid, name):
    assert tile_name(tid) == name


# ----- best: placing the tile in hand ---------------------------------------------------------------------------
def test_a_placement_puzzle_asks_where_and_with_which_follower():
    assert decision("0,0 D 0", hand="V") == "Red has drawn V. Where should red place it, and with which follower?"
    assert decision("0,0 D 0", hand="V", to_move="blue") == \
        "Blue has drawn V. Where should blue place it, and with which follower?"


def test_a_last_tile_puzzle_says_it_is_the_last_tile():
    assert decision("0,0 D 0", hand="E", pile=[]) == \
        "Red places the last tile of the game, E. Where, and with which follower?"


@pytest.mark.parametrize("hand, sets, clause", [
    ("TO1", ["disasters"], ", and how should the tornado move?"),
    ("FA", ["ferries"], ", and where should the ferries go?"),
    ("CF2", ["cropcircles"], ", and then: should followers on fields be added or removed?"),
])
def test_placing_a_special_tile_names_the_decisions_that_follow(hand, sets, clause):
    text = decision("0,0 D 0", hand=hand, sets=sets)
    assert text.startswith(f"Red has drawn {tile_name(hand)}. Where should red place it, and with which follower")
    assert text.endswith(clause)


def test_deploying_after_the_placement():
    assert decision("0,0 D 0", hand="V", played=["place 1,0 0"]) == \
        "Red places V on 1,0. Where should red deploy a follower, if anywhere?"
    # a lake: the ferry is laid after the deployment
    assert decision(LAKE, hand="FA", sets=["ferries"], played=["place 1,0 0"]) == \
        "Red places the lake FA on 1,0. Where should red deploy a follower, if anywhere, and then?"


# ----- best: the disasters -----------------------------------------------------------------------------------
def test_the_meteor_aim_then_each_move():
    assert decision(METEOR, hand="MT", sets=["disasters"]) == "Red has drawn the meteor. Where should red aim, and then?"
    assert decision(METEOR, hand="MT", sets=["disasters"], played=["meteor 3,-1"]) == \
        "The meteor is headed for 3,-1. Should blue move it, and where to?"
    assert decision(METEOR, hand="MT", sets=["disasters"], played=["meteor 3,-1", "pass"]) == \
        "The meteor is headed for 3,-1. Should red move it one last time, and where to?"


def test_the_flood_asks_which_river_tile():
    assert decision(RIVER, hand="FL", sets=["river", "disasters"]) == \
        "Red has drawn the flood. Which river tile should it replace?"


def test_the_tornado_moves_step_by_step():
    start = decision(SQUARE, hand="TO1", sets=["disasters"], played=["place 1,0 90"])
    assert start == "The tornado stands at 1,0. Where should red move it, and then?"
    second = decision(SQUARE, hand="TO1", sets=["disasters"], played=["place 1,0 90", "tornado 0,0"])
    assert second == "Red moves the tornado from 1,0 to 0,0 (step 1). Where should red move it next?"  # then blue moves


def test_the_tornado_picks_one_of_several_figures():
    assert decision(ROW, hand="TO1", sets=["disasters"], played=["place 1,0 90", "tornado 0,0"]) == \
        "The tornado enters 0,0, where several figures stand. Which one should red have it pick up, and then?"


def test_the_owner_puts_back_the_carried_follower():
    # TO3 closes D's city; the tornado's only step is into D, where it picks blue's knight and stops
    assert decision("0,0 D 0 blue@N", hand="TO3", sets=["disasters"], played=["place 0,1 180", "tornado 0,0"]) == \
        "The tornado has stopped at 0,0. Where should blue put back the follower it carried?"


# ----- best: ferries and crop circles ------------------------------------------------------------------------
def test_laying_and_moving_ferries():
    assert decision(LAKE, hand="FA", sets=["ferries"], played=["place 1,0 0", "pass"]) == \
        "Red places the lake FA on 1,0. Which jetties should its ferry join?"
    assert decision(LAKES, hand="U", sets=["ferries"], played=["place 0,-1 90", "deploy 0,-1 E"]) == \
        "Red may move the ferry on the lake at 1,-1. Where should it go, if anywhere, and then?"


def test_the_crop_circle_choice_and_each_players_part():
    header = {"hand": "CF2", "sets": ["cropcircles"], "players": THREE}
    assert decision(FARMS, played=["place 1,0 0", "pass"], **header) == (
        "Red places the crop circle CF2 on 1,0. Its crop circle concerns followers on fields. Which should red choose: "
        "everyone adds a follower, or everyone removes one?")
    assert decision(FARMS, played=["place 1,0 0", "pass", "crop add"], **header) == \
        "Crop circle, add: where should blue add a follower on fields, if anywhere?"
    assert decision(FARMS, played=["place 1,0 0", "pass", "crop remove"], **header) == \
        "Crop circle, remove: which of blue's followers on fields should go home?"


def test_a_decision_in_the_last_turn_says_so():
    assert decision(METEOR, hand="MT", sets=["disasters"], pile=[]) == \
        "Red has drawn the meteor. Where should red aim, and then? This is the last turn of the game."


def test_a_best_question_with_nothing_to_decide_falls_back_to_the_final_sentence():
    assert ask("0,0 D 0") == FINAL


def test_wording_a_decision_leaves_the_state_as_it_was():
    state = state_from_text(LAKES, hand="U", sets=["ferries"], played=["place 0,-1 90", "deploy 0,-1 E"])
    before = state.key()
    decision_text(state)
    assert state.key() == before and len(state.history) == 2


def test_no_puzzle_question_states_its_answer():
    for path, p in collection():
        text = question_text(p)
        assert text.endswith(("?", ".")), path
        if p.question.kind == "best":
            assert not any(action in text for action in dict(p.question.answer).get("line", [])), path
