"""What a forum thread asks about a turn is said in its account: the ferry the tornado passes stays where it
is, and a player the crop circle round passes over (no follower in supply) adds nothing."""
from __future__ import annotations

from pathlib import Path

from carcnb.positions.parse import load
from carcnb.telling.account import account
from carcnb.telling.events import CropPassed, FerryStays
from carcnb.telling.explain import example

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_the_tornado_on_a_lake_leaves_its_ferry_where_it_is():
    p = load(PUZZLES / "combos/tornado-over-a-lake-final.toml")
    told = account(p)
    assert told.of(FerryStays) == [FerryStays((1, 0))]
    lines = told.lines()
    stays = lines.index("the ferry on 1,0 stays where it is: the tornado carries figures, not ferries")
    assert lines[stays - 2] == "red moves the tornado from 2,0 to 1,0 (step 2)"


def test_a_player_with_an_empty_supply_adds_nothing_under_the_crop_circle():
    p = load(PUZZLES / "cropcircles/clubs-cr2-blue-all-out.toml")
    told = account(p, ["deploy -2,0 N", "crop add", "deploy -1,0 E"])
    assert told.of(CropPassed) == [CropPassed("blue", "add", "road", 0)]
    lines = told.lines()
    assert lines.index("blue has no follower in supply: adds nothing") == \
        lines.index("red chooses add: each player may add a follower on roads") + 1


def test_a_player_with_no_follower_of_the_kind_takes_nothing_back():
    told = account(example("crop-road"), ["place 2,0 180", "pass", "crop remove", "remove 1,-1 S"])
    assert told.lines()[-2:] == ["green has no follower on roads: takes nothing back",
                                 "red has no follower on roads: takes nothing back"]
