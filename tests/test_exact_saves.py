"""A position saved from any moment of a game loads as the same game: the same player acts with the same
legal actions, and every continuation ends with the same scores.
"""
from __future__ import annotations

from carcnb.game_io import problems
from carcnb.position import parse

from conftest import position_text


def test_followers_of_two_players_on_one_segment_after_a_crop_circle_load():
    # cropcircles.add_where = feature: blue adds a follower on the segment of the field where red stands
    text = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"],
                         rulings={"cropcircles.add_where": "feature"})
    assert problems(parse(text, "crop.toml")) == []
    same_segment = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"])
    assert [p.code for p in problems(parse(same_segment, "crop.toml"))] == ["shared-segment"]
