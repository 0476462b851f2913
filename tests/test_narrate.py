"""The turn and the breakdown in words: every phrase names what the engine did."""
from __future__ import annotations

from carcnb.actions import parse_action
from carcnb.narrate import action_text, row_text
from carcnb.questions import final_score

from conftest import position_from_text, state_from_text


def test_a_turn_told_step_by_step():
    state = state_from_text("0,0 D 0", hand="E")
    told = []
    for text in ("place 0,1 180", "deploy 0,1 S"):
        action = parse_action(text)
        told.append(action_text(state, action))
        state.apply(action)
    assert told == ["place E at 0,1 turned 180°", "deploy a knight on the city at 0,1 (S)"]
    passing = state_from_text("0,0 D 0", hand="U")
    passing.apply(parse_action("place 1,0 90"))
    assert action_text(passing, parse_action("pass")) == "deploy nothing"


def test_a_score_row_names_the_feature_who_scores_and_why():
    p = position_from_text("0,0 D 0 red@E\n1,0 U 90")
    (road,) = final_score(p).rows
    assert row_text(road) == "the road at 0,0 (2 tiles, unfinished): red 2"
