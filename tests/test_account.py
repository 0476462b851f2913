"""The account of a turn: each decision, and what the rules did after it, as events said in one grammar."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import LAST_TILE_BEFORE_THE_SPREAD, position_from_text, state_from_text

from carcnb.engine.actions import parse_action
from carcnb.engine.rules.earthquake import destroyed_cities
from carcnb.engine.state import Game, GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load, parse
from carcnb.telling.account import (FerryLaid, FerryMoved, FloodPlaced, FloodSpread, FollowerPut, MeteorLanded,
                                    QuakeStruck, TornadoDropped, TornadoPicked, TornadoSetDown, account, told)
from carcnb.telling.events import FeatureScored, FollowerLeft, GameEnded, TilePlaced, TornadoMoved
from carcnb.telling.explain import example

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
# Red's thief on the road from the cloister, blue's knight in the city beside its open end; red has the meteor.
THIEF_AND_KNIGHT = '''format = "carcnb/1"
title = "A thief on the road, a knight beside it"
sets = ["disasters"]
players = ["red", "blue"]
to_move = "red"
hand = "MT"

board = """
# x,y  tile rot  tokens
-1,0   A    270
0,0    D    0
1,0    U    90   red@E
2,0    U    90
3,0    U    90
3,1    E    0    blue@N
3,2    G    0
"""

[question]
kind = "best"
answer = { line = ["meteor 1,0"], value = 3 }
'''


def test_a_placement_and_a_deploy_then_the_city_they_close_scores_and_the_knight_goes_home():
    told = account(state_from_text("0,0 D 0", hand="E"), ["place 0,1 180", "deploy 0,1 S"])
    assert told.lines() == ["red places E on 0,1 turned 180°", "red puts a knight on the city at 0,1 (S)",
                            "red scores 4 for the city at 0,0 (2 tiles, completed)",
                            "red's knight on the city at 0,1 (S) goes back to the supply"]
    placed, put = told.entries[0].events[0], told.entries[1].events[0]
    assert placed == TilePlaced("red", "E", (0, 1), 180)
    assert isinstance(put, FollowerPut) and put.figure.name == "knight"
    (home,) = told.of(FollowerLeft)
    assert (home.cause, home.where) == ("scored", "supply")


def test_the_meteor_aimed_moved_and_landing_with_what_it_completed():
    told = account(parse(THIEF_AND_KNIGHT), ["meteor 1,0", "pass", "meteor 2,0"])
    assert told.lines() == [
        "red aims the meteor at 1,0", "blue leaves the meteor aimed at 1,0", "red moves the meteor to 2,0",
        "the meteor lands on 2,0, destroying U",
        "red scores 3 for the road at -1,0 (3 tiles, completed) [ends at the meteor; meteor does not count]",
        "red's thief on the road at 1,0 (E) goes back to the supply"]
    assert told.of(MeteorLanded) == [MeteorLanded((2, 0), "U")]


def test_a_follower_on_the_meteors_target_goes_back_to_the_supply():
    start = state_from_text("0,0 D 0\n1,0 U 90 blue@E", hand="MT", sets=["disasters"])
    told = account(start, ["meteor 1,0", "pass", "pass"])
    assert told.lines()[-2:] == ["the meteor lands on 1,0, destroying U",
                                 "blue's thief on the road at 1,0 (E) goes back to the supply"]
    assert [(e.cause, e.where) for e in told.of(FollowerLeft)] == [("destroyed", "supply")]


def test_a_follower_on_the_tile_the_flood_replaces_is_lost_under_that_ruling():
    told = account(load(PUZZLES / "disasters/flood-without-river-knight.toml"), ["flood 0,1"])
    assert told.lines()[:2] == ["red lets the flood replace F on 0,1",
                                "blue's knight on the city at 0,1 (N) is lost: it leaves the game"]
    assert [(e.figure.color, e.where) for e in told.of(FollowerLeft)] == [("blue", "lost")]


def test_the_flood_spreads_when_its_player_begins_the_next_turn():
    # blue's turn ends with blue's decisions; the flood spreads in red's turn, before red's draw
    blue = ["flood 0,-2", "draw D", "place 1,-2 0", "pass"]
    told = account(example("flood-river"), blue)
    assert told.of(FloodPlaced) == [FloodPlaced("red", (0, -2), "R6")]
    assert told.lines()[1:] == ["blue draws D", "blue places D on 1,-2", "blue puts no follower down"]
    assert not told.of(FloodSpread) and "flood_spread" not in told.after.ext
    red = account(example("flood-river"), [*blue, "draw V"])
    assert red.lines()[4:] == ["the flood spreads over the 8 squares around 0,-2: it covers 0,-3 0,-1 1,-2",
                               "red draws V"]
    assert red.entries[-1].said == "red draws V"
    assert red.of(FloodSpread) == [FloodSpread((0, -2), ((0, -3), (0, -1), (1, -2)))]


def test_the_flood_placed_by_the_next_player_never_spreads_after_the_last_turn():
    told = account(parse(LAST_TILE_BEFORE_THE_SPREAD), ["place 6,-6 0", "pass"], end=True)
    assert not told.of(FloodSpread)
    assert told.lines() == ["red places U on 6,-6", "red puts no follower down",
                            "the game ends: every follower left on the board scores",
                            "red scores 1 for the city at 1,-4 (1 tile, unfinished)"]
    (city,) = told.of(FeatureScored)
    assert (city.row.reason, city.row.notes) == ("unfinished", ())  # labelled as it is: not flooded


def test_a_monk_the_tornado_carries_onto_a_field_is_called_the_monk_a_farmer_now():
    # the row D, U, A (blue's monk); the tornado runs east to the dead end at the cloister and picks the monk up
    p = position_from_text("0,0 D 0\n1,0 U 90\n2,0 A 90 blue@C", sets=["disasters"], hand="TO1",
                           rulings={"tornado.revisit": "per_tornado"})
    line = ["place -1,0 270", "tornado 0,0", "tornado 1,0", "tornado 2,0", "drop blue 2,0 NNW"]
    lines = account(p, line).lines()
    assert "the tornado picks up blue's monk on the cloister at 2,0 (C)" in lines
    assert "blue puts the monk the tornado carried on the field at 2,0 (NNW): a farmer now" in lines
    # told on its own, a step does not know what the figure was: it is never called by its new place alone
    state = state_from_position(p)
    for action in line[:-1]:
        state.apply(parse_action(action))
    assert told(state, parse_action(line[-1])).said == (
        "blue puts the follower the tornado carried on the field at 2,0 (NNW): a farmer now")


def test_the_tornado_step_by_step_picking_up_swapping_and_dropping():
    line = ["place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0", "tornado -2,0", "drop blue -2,0 NNW"]
    told = account(example("tornado-row"), line)
    assert told.lines()[1:] == [
        "red moves the tornado from 1,0 to 0,0 (step 1)",
        "red has the tornado pick up blue's farmer on the field at 0,0 (ESE)",
        "red moves the tornado from 0,0 to -1,0 (step 2)",
        "the tornado picks up red's builder on the road at -1,0 (E)",
        "the tornado sets blue's farmer down on the road at -1,0 (E): a thief now",
        "blue moves the tornado from -1,0 to -2,0 (step 3)",
        "the tornado picks up blue's farmer on the field at -2,0 (NNW)",
        "red's builder that the tornado carried goes back to the supply",
        "blue puts the farmer the tornado carried on the field at -2,0 (NNW)",
        "the tornado stops on -2,0 and leaves the board"]
    assert [e.step for e in told.of(TornadoMoved)] == [1, 2, 3]
    (dropped,) = told.of(TornadoDropped)
    assert (dropped.who, dropped.figure.pos, dropped.figure.feature) == ("blue", (-2, 0), "field")


def test_a_ferry_laid_then_another_moved_from_where_to_where():
    told = account(example("ferry-new-lake"), ["place 1,0 0", "pass", "ferry 1,0 E-W", "ferry 2,0 E-S"])
    assert told.lines()[2:4] == ["red lays the ferry on 1,0 to join E and W",
                                 "red moves the ferry on 2,0 from E and W to join E and S"]
    assert told.of(FerryLaid) == [FerryLaid("red", (1, 0), (4, 10))]
    assert told.of(FerryMoved) == [FerryMoved("red", (2, 0), (4, 10), (4, 7))]


def test_the_crop_circle_add_and_remove():
    added = account(example("crop-road"), ["place 2,0 180", "pass", "crop add", "deploy 1,-1 S"])
    assert added.lines()[-4:] == ["red chooses add: each player may add a follower on roads",
                                  "blue adds a thief on the road at 1,-1 (S)",
                                  "green has no follower on roads to add beside: adds nothing",
                                  "red has no follower on roads to add beside: adds nothing"]
    removed = account(example("crop-road"), ["place 2,0 180", "pass", "crop remove", "remove 1,-1 S"])
    assert removed.lines()[-4:] == ["red chooses remove: each player takes a follower on roads back",
                                    "blue takes back the thief on the road at 1,-1 (S)",
                                    "green has no follower on roads: takes nothing back",
                                    "red has no follower on roads: takes nothing back"]
    (taken,) = [e for e in removed.of(FollowerLeft) if e.cause == "taken"]
    assert (taken.figure.color, taken.where) == ("blue", "supply")


def test_the_earthquake_at_the_end_names_the_cities_the_final_scoring_destroys():
    told = account(load(PUZZLES / "disasters/earthquake-range.toml"), end=True)
    (quake,) = told.of(QuakeStruck)
    assert quake.centre == (0, -1)
    assert quake.cities == tuple(f.tiles for f in destroyed_cities(told.after.board))
    assert quake.cities == (((-1, 0),), ((0, -1),), ((0, 0),), ((2, -2), (2, -1)))
    nothing = [e.row.tiles for e in told.of(FeatureScored) if e.row.reason == "earthquake: unfinished city"]
    assert nothing == [((-1, 0),), ((2, -2), (2, -1))] and all(tiles in quake.cities for tiles in nothing)
    assert told.lines()[1].startswith("the earthquake at 0,-1 destroys the city at -1,0 (1 tile), ")


def test_the_tokens_a_file_writes_stay_when_the_meteor_hits_the_earthquake():
    # on_place: D's city (red's knight) and EQ's own city carry the file's tokens; the meteor hits EQ and takes
    # EQ's token: D's city is still destroyed, told and shaded, and red's knight scores nothing for it
    p = position_from_text("0,0 D 0 quake@N red@N\n0,-1 EQ 180 quake@S\n1,-1 E 0 blue@N", sets=["disasters"],
                           hand="MT", rulings={"earthquake.timing": "on_place"})
    told = account(p, ["meteor 0,-1", "pass", "pass"], end=True)
    (quake,) = told.of(QuakeStruck)
    assert quake.cities == (((0, 0),),)
    assert "red scores 0 for the city at 0,0 (1 tile, earthquake: unfinished city)" in told.lines()
    assert "blue scores 1 for the city at 1,-1 (1 tile, unfinished)" in told.lines()


def test_a_played_turn_is_told_before_the_final_scoring_rows():
    told = account(load(PUZZLES / "disasters/meteor-cloister-eight.toml"), end=True)
    assert told.lines() == ["red places E on 1,-2 turned 180°", "red puts no follower down",
                            "red scores 8 for the cloister at 1,-1 (completed) [meteor does not count]",
                            "red's monk on the cloister at 1,-1 (C) goes back to the supply",
                            "the game ends: every follower left on the board scores",
                            "blue scores 1 for the city at 2,-1 (1 tile, unfinished)"]
    assert [e.when for e in told.of(FeatureScored)] == ["turn", "end"]
    assert told.of(GameEnded) == [GameEnded()] and told.after.scores == {"red": 18, "blue": 11}


def test_the_account_never_changes_its_source():
    start = state_from_text("0,0 D 0", hand="E")
    account(start, ["place 0,1 180"])
    assert start.hand == "E" and (0, 1) not in start.board.tiles


@pytest.mark.parametrize("seed", range(12))
def test_every_figure_that_comes_onto_or_leaves_the_board_is_told(seed):
    """Whole random games with every set: each action's events account for the change in figures standing."""
    sets = [{"river", "disasters"}, {"ferries"}, {"cropcircles", "ferries"},
            {"river", "disasters", "ferries", "cropcircles"}][seed % 4]
    state = GameState(Game(players=("red", "blue", "green")[:2 + seed % 2], sets=frozenset(sets)), seed=seed)
    choose = random.Random(seed)
    while not state.is_terminal():
        action = state.sample_chance() if state.is_chance() else choose.choice(state.legal_actions())
        standing = sum(map(len, state.board.followers.values()))
        events = told(state, action).events
        came = sum(isinstance(e, (FollowerPut, TornadoSetDown, TornadoDropped)) for e in events)
        went = sum(isinstance(e, TornadoPicked) or (isinstance(e, FollowerLeft) and e.cause != "tornado")
                   for e in events)
        assert sum(map(len, state.board.followers.values())) - standing == came - went, (action, events)


def test_the_earthquake_at_the_end_names_a_finished_city_it_destroys_as_feeding_no_farmer():
    from carcnb.telling.explain import example, play

    closed = play(example("quake-farm"), "place 0,-2 0", "pass")
    told = account(closed, end=True)
    (quake,) = told.of(QuakeStruck)
    assert ((0, -2), (0, -1)) in quake.finished and ((0, -2), (0, -1)) not in quake.cities
    assert "the finished city at 0,-2 (2 tiles): it feeds no farmer" in quake.text()
