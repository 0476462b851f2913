"""The question says everything its answer depends on: what "best" means and over what horizon, the rulings
that differ from the defaults, and what a count counts (distinct boards, unless the file says otherwise)."""
from __future__ import annotations

import pytest
from conftest import collection, position_from_text

from carcnb.engine.rulings import RULINGS, involved
from carcnb.positions.parse import load
from carcnb.puzzles.collection import puzzle_root
from carcnb.search.questions import answer, reading_of
from carcnb.telling.wording import question_text

BEST = {"kind": "best", "answer": {"line": ["pass"], "value": 0}}
# X fits at four positions around D and L, in all four rotations, which look the same.
CROSSROADS = "0,0 D 0\n1,0 L 0\n0,-1 V 0"
PUZZLES = [p for _, p in collection()]


def test_a_mid_game_best_question_says_what_best_means_and_over_what_horizon():
    text = question_text(position_from_text("0,0 D 0", BEST, hand="V"))
    assert "the most points by the end of this turn minus what the other player gains" in text


def test_a_last_turn_best_question_counts_to_the_end_of_the_game():
    text = question_text(position_from_text("0,0 D 0", BEST, hand="V", pile=[], players=["red", "blue", "green"]))
    assert "from now to the end of the game, final scoring included, minus what the best-placed other" in text


def test_the_flood_puzzle_announces_that_covered_positions_take_tiles():
    text = question_text(reading_of(load(puzzle_root() / "disasters" / "flood-scope-last-tile.toml"), "edge"))
    assert "May a tile be placed on a covered empty position: they take tiles as usual" in text
    assert "(flood.covered_empty = yes)" in text
    assert "(flood.covered_scope = edge)" in text


def test_a_ruling_left_at_its_default_is_not_announced():
    p = position_from_text("0,0 D 0", BEST, hand="V", sets=["disasters"], rulings={"meteor.adjacency": "orthogonal"})
    assert "meteor" not in question_text(p)


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.path.split("puzzles/")[-1])
def test_every_puzzle_names_each_ruling_it_changes(p):
    rulings = dict(p.rulings)
    text = question_text(p)
    for rid in involved(p.sets, rulings):
        if rid in rulings and rulings[rid] != RULINGS[rid].default:
            assert f"({rid} = {rulings[rid]})" in text


def test_look_alike_rotations_count_once_and_the_question_says_so():
    p = position_from_text(CROSSROADS, {"kind": "count", "answer": 0}, hand="X")
    assert answer(p) == 4
    assert "turns that make the same board (the four of a crossroads) count once" in question_text(p)


def test_counting_rotations_keeps_every_rotation_apart():
    p = position_from_text(CROSSROADS, {"kind": "count", "answer": 0, "counting": "rotations"}, hand="X")
    assert answer(p) == 16
    assert "turns that look the same included" in question_text(p)


def test_the_crossroads_puzzle_counts_four_boards():
    p = load(puzzle_root() / "base" / "count-crossroads.toml")
    assert p.question.answer == 4 == answer(p)
