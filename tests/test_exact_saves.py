"""A position saved from any moment of a game loads as the same game: the same player acts with the same
legal actions, and every continuation ends with the same scores.
"""
from __future__ import annotations

import pytest

from carcnb.errors import PositionFormatError
from carcnb.game_io import position_from_state, problems, state_from_position
from carcnb.position import dump, parse
from carcnb.rules.base import apply_final
from carcnb.state import GameState

from conftest import RIVER, act, position_text, state_from_text


def reloaded(state: GameState) -> GameState:
    """The state saved to text and read back."""
    return state_from_position(parse(dump(position_from_state(state)), "saved.toml"))


def test_followers_the_meteor_took_stay_out_of_the_game():
    # the meteor lands on red's follower under "lost": a saved game keeps red's supply at 6, not 7
    board = "-1,0 U 90\n0,0 D 0\n1,0 U 90 red@E\n2,0 U 90"
    state = state_from_text(board, sets=["disasters"], hand="MT", rulings={"meteor.followers_on_target": "lost"})
    act(state, "meteor 1,0", "pass", "pass")
    assert "lost = { red = 1 }" in dump(position_from_state(state))
    again = reloaded(state)
    assert (again.supply("red"), again.lost) == (6, {"red": 1, "blue": 0})
    assert again.key() == state.key()


def test_a_flood_the_meteor_replaced_keeps_its_marks_and_still_spreads():
    # meteor.targets = start: the meteor lands on FL (placed by green, who has not spread it yet). What touched FL
    # stays flooded, and the cut-out spreads around the meteor on green's next turn: the file says where FL lay.
    board = RIVER.replace("2,-4  R4  0", "2,-4  FL  0") + "2,-3 U 0 red@N\n2,-2 A 0"
    state = state_from_text(board, sets=["river", "disasters"], hand="MT", flood={"by": "green"}, gone=["R4"],
                            players=["red", "blue", "green"], rulings={"meteor.targets": "start"})
    act(state, "meteor 2,-4", "pass", "pass", "pass")
    text = dump(position_from_state(state))
    assert 'flood = { spread = false, by = "green", at = "2,-4" }' in text and "2,-3 U 0 red@N flooded@N" in text
    again = reloaded(state)
    assert again.key() == state.key()
    while state.turn != 2 or not state.is_chance():  # blue's turn, first choices; then green's: the cut-out
        action = state.chance_outcomes()[0][0] if state.is_chance() else state.legal_actions()[0]
        state.apply(action)
        again.apply(action)
    assert state.ext["flood_spread"] and again.key() == state.key()


def test_an_earthquake_the_meteor_destroyed_is_centred_on_the_meteor():
    # earthquake.destroyed_center = at_meteor: the meteor on EQ at 0,-1; blue's open city at 1,-1 is in range of
    # the meteor, so it scores 0 at the end, in the saved game too
    state = state_from_text("0,0 D 0\n0,-1 EQ 180\n1,-1 E 0 blue@N", sets=["disasters"], hand="MT",
                            rulings={"earthquake.destroyed_center": "at_meteor"})
    act(state, "meteor 0,-1", "pass", "pass")
    assert 'earthquake = { destroyed = "0,-1" }' in dump(position_from_state(state))
    again = reloaded(state)
    apply_final(state)
    apply_final(again)
    assert again.scores == state.scores == {"red": 0, "blue": 0}


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


@pytest.mark.parametrize("line, expected", [
    ("lost = { red = 8 }", "0 to 7 followers out of the game"),
    ('flood = { at = "north" }', 'bad flood.at = "north": expected at = "X,Y"'),
    ("earthquake = { tokens_down = false }", "bad earthquake.tokens_down = false: expected tokens_down = true"),
    ("meteor = { ferries = 1 }", "unknown field 'ferries' in meteor (known: ferries_lost)"),
])
def test_a_bad_memory_key_names_the_file_the_line_and_what_was_expected(line, expected):
    text = 'format = "carcnb/1"\nplayers = ["red", "blue"]\n' + line + '\nboard = """\n0,0 D 0\n"""\n'
    with pytest.raises(PositionFormatError) as e:
        parse(text, "memory.toml")
    assert str(e.value).startswith(f"memory.toml:3: {line!r}: ") and expected in str(e.value)


def test_a_bad_flood_mark_names_its_line():
    with pytest.raises(PositionFormatError, match=r"^m.toml:4: '0,0 D 0 flooded@Q': bad flood mark 'flooded@Q'"):
        parse('format = "carcnb/1"\nplayers = ["red", "blue"]\nboard = """\n0,0 D 0 flooded@Q\n"""\n', "m.toml")
