"""Crop Circles II: one test per clause of rules.md §5, the tile of The Ferries box under each option of
``ferries.crop_circle_tile``, the round in both modes with a player passed over, and random play."""
from __future__ import annotations

import pytest
from conftest import act, legal_texts, play_random, state_from_text

from carcnb.engine.actions import Crop
from carcnb.engine.rulings import RULINGS
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import position_from_state, problems, state_from_position

CROP_IDS = ("CR1", "CR2", "CF1", "CF2", "CC1", "CC2")
THREE = ["red", "blue", "green"]

# Red and blue farm the field south of the road (D's south field runs into B's); green is a thief on the road.
FARMS = """
0,0   D  0  red@ESE green@E
0,-1  B  0  blue@NNW
"""

# One follower of each kind on D: red in the city, blue on the road, green in the south field.
ONE_OF_EACH = "0,0 D 0 red@N blue@E green@ESE"


def mover(state: GameState) -> str:
    who = state.current_player()
    return {CHANCE: "chance", TERMINAL: "over"}.get(who) or state.players[who]


def crop_pile(game: Game) -> dict[str, int]:
    return {t: n for t, n in game.pile()[2].items() if catalogue()[t].has("crop_circle")}


# ----- which tiles: the cropcircles set, or The Ferries' one tile under the ruling ---------------------------
def test_cropcircles_set_adds_all_six_tiles():
    assert crop_pile(Game(sets=frozenset({"cropcircles"}))) == {t: 1 for t in CROP_IDS}
    assert crop_pile(Game()) == {}


@pytest.mark.parametrize("option", list(RULINGS["ferries.crop_circle_tile"].options))
def test_the_ferries_box_adds_the_tile_the_ruling_names(option):
    game = Game(sets=frozenset({"ferries"}), rulings={"ferries.crop_circle_tile": option})
    assert crop_pile(game) == ({} if option == "none" else {option: 1})
    both = Game(sets=frozenset({"ferries", "cropcircles"}), rulings={"ferries.crop_circle_tile": option})
    assert crop_pile(both) == {t: 1 for t in CROP_IDS}  # the six once each, never a seventh


def test_the_ferries_default_tile_is_cf2():
    assert crop_pile(Game(sets=frozenset({"ferries"}))) == {"CF2": 1}


def test_the_crop_circle_ends_the_roads_that_reach_it():
    board = "0,0 D 0\n2,0 D 0\n0,1 E 180\n1,1 E 180\n2,1 E 180"
    state = state_from_text(board, hand="CF2", sets=["cropcircles"])
    act(state, "place 1,0 0")
    board = state.board
    west, east = board.node_at((1, 0), 10), board.node_at((1, 0), 4)
    assert board.find(west) != board.find(east)
    assert board.info[board.find(west)].open == 1  # only D's far end is still open


# ----- §5: the normal turn first, then the choice --------------------------------------------------------------
def test_the_choice_comes_after_the_turns_scoring():
    """Red's road closes at the circle and scores first; its follower is home before the round, so the
    only road follower red must remove is the one just deployed on the crop tile."""
    state = state_from_text("-1,0 A 270\n0,0 D 0 red@E", hand="CR1", sets=["cropcircles"])
    act(state, "place 1,0 180", "deploy 1,0 N")
    assert state.scores["red"] == 3 and state.rows[-1].tiles == ((-1, 0), (0, 0), (1, 0))
    assert mover(state) == "red" and legal_texts(state) == ["crop add", "crop remove"]
    act(state, "crop remove")
    assert legal_texts(state) == ["remove 1,0 N"]
    act(state, "remove 1,0 N")
    assert state.board.followers == {} and mover(state) == "chance"


def test_no_round_when_no_follower_stands_on_the_board():
    state = state_from_text("0,0 D 0", hand="CF2", sets=["cropcircles"])
    act(state, "place 0,-1 180", "pass")
    assert mover(state) == "chance"


def test_a_tile_without_a_crop_circle_has_no_round():
    state = state_from_text(FARMS, hand="U", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 90", "pass")
    assert mover(state) == "chance"


# ----- §5: add — optional, next to one's own follower, clockwise from the left, placer last, skips ----------
def test_add_round_in_order_with_a_player_passed_over():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 0", "pass", "crop add")
    assert mover(state) == "blue"  # the placer's left first
    assert legal_texts(state) == ["deploy 0,-1 NNW", "pass"]  # optional
    act(state, "deploy 0,-1 NNW")
    assert mover(state) == "red"  # green has no farmer: passed over; the placer acts last
    assert legal_texts(state) == ["deploy 0,0 ESE", "pass"]
    act(state, "pass")
    assert mover(state) == "chance"
    board = state.board
    assert board.followers[((0, -1), 1)] == ("blue", "blue")  # next to blue's farmer, on its segment
    assert board.feature(((0, 0), 3)).majority() == ("blue",)
    assert state.supply("blue") == 5


def test_add_passes_over_a_player_with_no_follower_in_supply():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    state.lost["blue"] = 6  # blue's last follower is the farmer on the board
    act(state, "place 1,0 0", "pass", "crop add")
    assert mover(state) == "red"


# ----- §5: remove — mandatory, own followers of the type ------------------------------------------------------
def test_remove_round_in_order_with_a_player_passed_over():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 0", "pass", "crop remove")
    assert mover(state) == "blue" and legal_texts(state) == ["remove 0,-1 NNW"]  # no pass: mandatory
    act(state, "remove 0,-1 NNW")
    assert mover(state) == "red" and legal_texts(state) == ["remove 0,0 ESE"]
    act(state, "remove 0,0 ESE")
    assert mover(state) == "chance"
    assert state.board.followers == {((0, 0), 1): ("green",)}  # the thief stays: not the symbol's type
    assert state.supply("red") == state.supply("blue") == 7


def test_remove_offers_each_of_the_players_followers_of_the_type():
    board = FARMS + "1,-1 B 0 blue@C\n-1,-1 B 0 blue@NNE"  # blue: a monk, and a farmer in the same field
    state = state_from_text(board, hand="CF2", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 0", "pass", "crop remove")
    assert legal_texts(state) == ["remove -1,-1 NNW", "remove 0,-1 NNW"]


# ----- §5: the symbol decides the type --------------------------------------------------------------------------
@pytest.mark.parametrize(("tile", "rot", "who", "port"), [("CR1", 0, "blue", "E"), ("CF2", 180, "green", "ESE"),
                                                           ("CC1", 90, "red", "N")])
def test_the_symbol_decides_which_followers_act(tile, rot, who, port):
    state = state_from_text(ONE_OF_EACH, hand=tile, sets=["cropcircles"], players=THREE)
    act(state, f"place 0,-1 {rot}", "pass", "crop remove")
    assert mover(state) == who and legal_texts(state) == [f"remove 0,0 {port}"]
    act(state, f"remove 0,0 {port}")
    assert mover(state) == "chance"  # the two others have nothing of that type


def test_order_starts_left_of_the_placer_with_four_players():
    board = "0,0 D 0 red@ESE\n0,-1 B 0 blue@NNW\n-1,-1 B 0 green@NNW\n1,-1 B 0 yellow@NNW"
    state = state_from_text(board, hand="CF2", sets=["cropcircles"], players=["red", "blue", "green", "yellow"],
                            to_move="blue")
    act(state, "place 1,0 0", "pass", "crop remove")
    order = []
    while mover(state) != "chance":
        order.append(mover(state))
        act(state, legal_texts(state)[0])
    assert order == ["green", "yellow", "red", "blue"]


# ----- positions: a stacked follower saves and loads; undo is exact -------------------------------------------
def test_a_follower_added_by_a_crop_circle_survives_a_position_file():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 0", "pass", "crop add", "deploy 0,-1 NNW", "pass")
    p = position_from_state(state)
    assert problems(p) == []
    assert state_from_position(p).board.followers == state.board.followers


def test_a_position_saved_in_the_middle_of_a_crop_round_replays_it():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    act(state, "place 1,0 0", "pass", "crop add", "deploy 0,-1 NNW")
    p = position_from_state(state)
    assert p.played == ("place 1,0 0", "pass", "crop add", "deploy 0,-1 NNW")
    again = state_from_position(p)
    assert again == state and mover(again) == "red"


def test_two_colours_on_one_segment_stay_a_problem():
    state = state_from_text("0,0 D 0 red@E blue@E", sets=["cropcircles"], allow_problems=True)
    assert [q.code for q in problems(position_from_state(state))] == ["shared-segment"]


def test_undo_is_exact_through_a_crop_round():
    state = state_from_text(FARMS, hand="CF2", sets=["cropcircles"], players=THREE)
    seen = [state.key()]
    for text in ("place 1,0 0", "pass", "crop add", "deploy 0,-1 NNW", "deploy 0,0 ESE"):
        act(state, text)
        seen.append(state.key())
    for key in reversed(seen[:-1]):
        state.undo()
        assert state.key() == key


def test_random_games_hold_crop_rounds():
    rounds = 0

    def on_step(state: GameState, action) -> None:
        nonlocal rounds
        rounds += isinstance(action, Crop)
        for c in state.players:
            assert 0 <= state.supply(c) <= 7

    for seed in range(30):
        play_random(seed, players=2 + seed % 4, sets=("cropcircles",), on_step=on_step)
    assert rounds > 50


def test_the_ferries_crop_circle_tile_is_no_stranger_in_a_ferries_position():
    state = state_from_text("0,0 D 0", hand="CF2", sets=["ferries"])
    assert problems(position_from_state(state)) == []
    other = position_from_state(state_from_text("0,0 D 0", hand="CR1", sets=["ferries"], allow_problems=True))
    assert [q.code for q in problems(other)] == ["set-not-enabled"]


# ----- ruling cropcircles.add_where: next to a follower, or anywhere on its feature ------------------------
# Blue's thief stands on D at 0,0; the road runs on through U at 1,0 and the lake at 2,0 (ferried W-E) to U
# at 3,0. Red places CR1 far off in the field south of 0,0.
FERRIED_THIEF = """
0,0  D   0  blue@E
1,0  U   90
2,0  FB  0  ferry:W-E
3,0  U   90
"""


@pytest.mark.parametrize(("option", "targets"), [
    ("segment", ["deploy 0,0 E"]),
    ("feature", ["deploy 0,0 E", "deploy 1,0 E", "deploy 2,0 E", "deploy 2,0 W", "deploy 3,0 E"]),
])
def test_add_where_ruling(option, targets):
    state = state_from_text(FERRIED_THIEF, hand="CR1", sets=["ferries", "cropcircles"],
                            rulings={"cropcircles.add_where": option})
    act(state, "place 0,-1 0", "pass", "crop add")
    assert mover(state) == "blue" and legal_texts(state) == targets + ["pass"]
    act(state, targets[-1])
    assert state.board.feature(((0, 0), 1)).counts() == {"blue": 2}


def test_which_tile_the_ferries_bring_is_read_only_where_a_crop_circle_tile_is_in_play():
    """A ferries position whose pile is given and holds no crop circle tile plays the same whichever tile the
    box brings: its readings never branch on ``ferries.crop_circle_tile`` (seven options that would multiply
    every other reading); with a CF2 on the board, or a pile drawn from the sets, they do."""
    from carcnb.engine.rulings import consulting

    text = """
0,0 D 0
1,0 FA 0 ferry:E-S
"""
    for board, pile, read in ((text, [], False), (text, None, True), (text + "0,-1 CF2 180\n", [], True)):
        header = {"sets": ["ferries"], "hand": "E"} | ({"pile": pile} if pile is not None else {})
        with consulting() as seen:
            state = state_from_text(board, **header)
            state.legal_actions()
        assert ("ferries.crop_circle_tile" in seen.rulings) == read, (board, pile)
