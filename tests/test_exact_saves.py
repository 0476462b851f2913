"""A position saved from any moment of a game loads as the same game: the same player acts with the same
legal actions, and every continuation ends with the same scores.
"""
from __future__ import annotations

import pytest

from carcnb.game_io import position_from_state, problems, state_from_position
from carcnb.position import dump, parse
from carcnb.state import GameState

from conftest import act, position_text, state_from_text


def reloaded(state: GameState) -> GameState:
    """The state saved to text and read back."""
    return state_from_position(parse(dump(position_from_state(state)), "saved.toml"))


def test_followers_of_two_players_on_one_segment_after_a_crop_circle_load():
    # cropcircles.add_where = feature: blue adds a follower on the segment of the field where red stands
    text = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"],
                         rulings={"cropcircles.add_where": "feature"})
    assert problems(parse(text, "crop.toml")) == []
    same_segment = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"])
    assert [p.code for p in problems(parse(same_segment, "crop.toml"))] == ["shared-segment"]


def test_a_game_that_ended_on_a_flood_with_nothing_to_flood_is_saved_from_its_last_draw():
    # FL is the last tile and no river tile is in play (flood.without_river = redraw): it leaves by itself and
    # the game ends. The saved game ends the same way, scoring once.
    state = state_from_text("0,0 D 0", sets=["disasters"], hand="E", pile=["FL"])
    act(state, "place 0,1 180", "deploy 0,1 NNW", "draw FL")  # red's farmer beside D's city: 3 at the end
    assert state.is_terminal() and state.scores == {"red": 3, "blue": 0}
    again = reloaded(state)
    assert again.is_terminal() and again.scores == state.scores
