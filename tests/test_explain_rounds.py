"""carcnb.telling.explain's strip of a turn's decisions and its comparison of what a ruling puts in the box."""
from __future__ import annotations

import pytest

from carcnb.engine.errors import CarcnbError
from carcnb.positions.game_io import state_from_position
from carcnb.telling.explain import example
from carcnb.telling.explain.box import compare_box, pile_tiles
from carcnb.telling.explain.rounds import decisions_strip


def test_the_strip_titles_each_board_with_who_did_what_and_marks_the_tile():
    shown = decisions_strip(example("crop-road"), "place 2,0 180", "deploy 2,0 N", caption="red's turn")
    assert [p.title for p in shown.panels] == ["before", "1. red places the crop circle CR1 on 2,0 turned 180°",
                                               "2. red puts a thief on the road at 2,0 (N)"]
    assert [p.spots for p in shown.panels] == [(), ((2, 0),), ((2, 0),)]
    assert shown.caption == "red's turn"


def test_a_decision_naming_no_tile_joins_the_board_before():
    shown = decisions_strip(example("crop-road"), "place 2,0 180", "pass", caption="no follower")
    assert [p.title for p in shown.panels] == ["before", "1. red places the crop circle CR1 on 2,0 turned 180°\n"
                                                         "2. red puts no follower down"]
    after = shown.panels[-1].source  # the board after the pass: the road scored, the crop choice next
    assert after.scores["red"] == 4 and [str(a) for a in after.legal_actions()] == ["crop add", "crop remove"]


def test_the_strip_never_changes_the_state_it_starts_from():
    start = state_from_position(example("crop-road"))
    decisions_strip(start, "place 2,0 180", caption="placed")
    assert start.hand == "CR1" and (2, 0) not in start.board.tiles


def test_the_box_shows_only_the_tiles_that_differ_between_options():
    assert pile_tiles(["ferries"], {"ferries.crop_circle_tile": "none"})["FB"] == 4
    box = compare_box("ferries.crop_circle_tile", ["ferries"], caption="box")
    assert all(len(ids) <= 1 for _, ids in box.added)
    assert "<b>none</b>" in box._repr_html_() and "What differs" in box._repr_html_()


def test_the_box_refuses_an_unknown_ruling():
    with pytest.raises(CarcnbError, match="unknown ruling 'ferries.crop_tile'"):
        compare_box("ferries.crop_tile", ["ferries"], caption="box")


def test_a_ferry_laid_or_moved_is_said_so_and_its_road_tinted():
    shown = decisions_strip(example("ferry-new-lake"), "place 1,0 0", "pass", "ferry 1,0 E-W", "ferry 2,0 E-S",
                            caption="lay, then move")
    assert [p.title for p in shown.panels[2:]] == ["3. red lays the ferry on 1,0 to join E and W",
                                                   "4. red moves the ferry on 2,0 from E and W to join E and S"]
    assert shown.panels[2].highlight[0] == (1, 0) and shown.panels[2].spots == ()
    left = decisions_strip(example("ferry-move"), "place -1,0 270", "pass", "pass", caption="left")
    assert left.panels[-1].title.endswith("3. red leaves the ferry on 1,0 where it is")
