"""Checking a player's answer: right, each way of being wrong, malformed answers, the engine's replies,
hints and the reveal, for every question kind."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import position_from_text

from carcnb.engine.actions import Meteor, parse_action
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.telling.verdict import (AnswerSyntaxError, Verdict, check_answer, deciding_rulings, hints, parse_answer,
                                    replies, reveal)

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

# final: red's knight in the city D + E closed (2 tiles: 4 points under the third edition, 2 under the second),
# blue's thief on D's road (unfinished, 1 tile: 1). Red had 5 already.
FINAL_BOARD = "0,0 D 0 red@N blue@E\n0,1 E 180"
FINAL = {"kind": "final", "answer": {"red": 9, "blue": 1}, "explanation": "The city: 4; the road: 1."}
# count: U beside D alone. North of D needs a city edge (none on U); east and west need a road (U at 90 or
# 270); south needs a field (U at 90 or 270): 6 placements.
COUNT = {"kind": "count", "answer": 6, "counting": "rotations"}  # every rotation apart: U's pairs look alike
# best, a placement puzzle: F turned 270 carries D's city north to an open end at 0,2. K there (turned 180,
# city south) closes D-F-K, 3 tiles and a pennant: 8 points for the knight red deploys on it first.
CITY = "0,0 D 0\n0,1 F 270"
PLACE = {"kind": "best", "answer": {"line": ["place 0,2 180", "deploy 0,2 S"], "value": 8}}
# best with replies: the meteor puzzle. Red points, blue may move the meteor to an orthogonal neighbour of the
# last tile chosen, red may move once more. Pointing at 3,0, blue moves to 3,-1, from where red cannot move
# on: 0. Pointing at 3,-1 (whose only target neighbour is 3,0) red reaches 4 whatever blue does.
METEOR = "-1,0 A 270\n0,0 D 0\n1,0 U 90 red@E\n2,0 U 90\n3,0 U 90\n3,-1 E 180"
AIM = {"kind": "best", "answer": {"line": ["meteor 3,-1"], "value": 4}}


def final_position(**header):
    return position_from_text(FINAL_BOARD, FINAL, scores={"red": 5}, **header)


def count_position():
    return position_from_text("0,0 D 0", COUNT, hand="U")


def place_position(**header):
    return position_from_text(CITY, PLACE, hand="K", **header)


def meteor_position():
    return position_from_text(METEOR, AIM, hand="MT", sets=["disasters"])


# ----- final ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["red=9 blue=1", "blue=1 red=9", "red = 9, blue = 1", "  Red=9\nBlue=1 "])
def test_final_right_in_any_order(text):
    p = final_position()
    assert parse_answer(p, text) == {"red": 9, "blue": 1}
    verdict = check_answer(p, parse_answer(p, text))
    assert verdict == Verdict(True, "Right!", ("Every total is right.",))


def test_final_wrong_says_whose_total_differs_and_by_how_much():
    verdict = check_answer(final_position(), {"red": 7, "blue": 3})
    assert not verdict.right and verdict.headline == "Not quite."
    assert verdict.details == ("Red: 7 is too low.", "Blue: 3 is too high.", "0 of 2 totals are right.")


def test_final_one_wrong_total():
    verdict = check_answer(final_position(), "red=9 blue=0")
    assert verdict.details == ("Blue: 0 is too low.", "1 of 2 totals is right.")


@pytest.mark.parametrize("text, what", [
    ("red=9", "no total for blue"),
    ("red=9 blue=1 green=2", "'green' is not a player here (players: red, blue)"),
    ("red=9 red=8 blue=1", "red is given twice"),
    ("red 9 blue 1", "cannot read 'red 9 blue 1'"),
    ("red=9 blue=one", "cannot read"),
    ("", "no answer"),
])
def test_final_malformed_answers_show_the_expected_form(text, what):
    with pytest.raises(AnswerSyntaxError) as err:
        parse_answer(final_position(), text)
    assert what in str(err.value)
    assert "e.g. 'red=18 blue=11'" in str(err.value)


# ----- count ------------------------------------------------------------------------------------------------
def test_count_right():
    p = count_position()
    assert parse_answer(p, " 6 ") == 6
    verdict = check_answer(p, 6)
    assert verdict.right and verdict.details == ("U has 6 legal placements.",)


@pytest.mark.parametrize("given, direction", [(5, "more than 5"), (7, "fewer than 7")])
def test_count_wrong_says_more_or_fewer_without_the_number(given, direction):
    verdict = check_answer(count_position(), given)
    assert not verdict.right and direction in verdict.details[0]
    assert "6" not in " ".join(verdict.details)


@pytest.mark.parametrize("text", ["six", "-1", "6 7", "", "6.0"])
def test_count_malformed(text):
    with pytest.raises(AnswerSyntaxError, match="expected a whole number, e.g. '7'"):
        parse_answer(count_position(), text)


# ----- best: a placement puzzle ------------------------------------------------------------------------------
def test_best_right_as_text_as_strings_and_as_actions():
    p = place_position()
    line = parse_answer(p, "place 0,2 180; deploy 0,2 S")
    assert line == [parse_action("place 0,2 180"), parse_action("deploy 0,2 S")]
    for given in (line, ["place 0,2 180", "deploy 0,2 S"], "place 0,2 180 ; deploy 0,2 S ;"):
        verdict = check_answer(p, given)
        assert verdict.right and (verdict.value, verdict.best_value) == (8, 8)
        assert verdict.details == ("Your line reaches a value of 8 (red +8, blue +0 this turn): the best there is.",)


def test_best_wrong_value_gives_the_lines_value_and_neither_the_best_value_nor_the_line():
    verdict = check_answer(place_position(), "place 0,2 180; pass")  # closes the city with nobody in it
    assert not verdict.right and verdict.judged and (verdict.value, verdict.best_value) == (0, 8)
    assert verdict.details == ("Your line reaches a value of 0 (red +0, blue +0 this turn); there is a better one.",)
    assert "deploy 0,2 S" not in " ".join(verdict.details) and "8" not in " ".join(verdict.details)


def test_best_incomplete_line_is_wrong_and_says_what_is_missing():
    verdict = check_answer(place_position(), "place 0,2 180")
    assert not verdict.right and verdict.value is None and not verdict.judged  # no answer yet: it counts for nothing
    assert verdict.details == ("The line is not complete: red has another decision to make (deploy a follower).",)


def test_best_illegal_action_is_a_wrong_answer_naming_the_action_and_why():
    verdict = check_answer(place_position(), "place 5,5 0; pass")
    assert not verdict.right and verdict.value is None and not verdict.judged
    assert verdict.details[0].startswith("Action 1, 'place 5,5 0', is not legal here (place the tile; legal: ")
    second = check_answer(place_position(), "place 0,2 180; deploy 0,2 C")
    # K turned 180: fields on NNW and NNE, the road N-E, the city S; nothing holds the centre C
    assert second.details == ("Action 2, 'deploy 0,2 C', is not legal here (deploy a follower; legal: "
                              "deploy 0,2 NNW, deploy 0,2 N, deploy 0,2 NNE, deploy 0,2 S, pass).",)


def test_best_action_after_the_turn_is_over_is_wrong():
    verdict = check_answer(place_position(), "place 0,2 180; deploy 0,2 S; pass")
    assert not verdict.judged and verdict.details == ("Action 3, 'pass', comes after red's part of the turn is over.",)


@pytest.mark.parametrize("text, what", [
    ("", "no actions"),
    ("place 0,2", "action 1: action 'place 0,2': place takes 2 argument(s), got 1"),
    ("place 0,2 180; hop", "action 2: unknown action 'hop'"),
    ("place 0,2 45", "bad rotation '45'"),
])
def test_best_malformed_lines_show_the_expected_form(text, what):
    with pytest.raises(AnswerSyntaxError) as err:
        parse_answer(place_position(), text)
    assert what in str(err.value)
    assert "'place 1,-2 180; deploy 1,-2 N'" in str(err.value)


def test_best_malformed_action_strings_in_a_list_are_syntax_errors():
    with pytest.raises(AnswerSyntaxError, match="action 2: unknown action 'hop'"):
        check_answer(place_position(), ["place 0,2 180", "hop"])


def test_any_line_reaching_the_best_value_is_right():
    # the last tile B, a cloister: its monk scores 2 at the end of the game (its tile and D beside it), in any
    # of B's four rotations at 0,-1
    p = position_from_text("0,0 D 0", {"kind": "best", "answer": {"line": ["place 0,-1 0", "deploy 0,-1 C"],
                                                                   "value": 2}}, hand="B", pile=[])
    for rot in (0, 90, 180, 270):
        assert check_answer(p, f"place 0,-1 {rot}; deploy 0,-1 C").right
    assert check_answer(p, "place 0,-1 0; pass").value == 0


# ----- best: the engine replies -----------------------------------------------------------------------------
def test_best_right_with_the_reply_shown():
    verdict = check_answer(meteor_position(), "meteor 3,-1")
    assert verdict.right and (verdict.value, verdict.best_value) == (4, 4)
    assert verdict.replies == ("blue: meteor 3,0",)
    assert verdict.details[1] == "After 'meteor 3,-1': blue moves the meteor to 3,0."


def test_best_wrong_line_is_refuted_by_the_reply():
    verdict = check_answer(meteor_position(), "meteor 3,0")
    assert not verdict.right and (verdict.value, verdict.best_value) == (0, 4)
    assert verdict.replies == ("blue: meteor 3,-1",)
    assert verdict.details == ("Your line reaches a value of 0 (red +0, blue +0 this turn); there is a better one.",
                               "After 'meteor 3,0': blue moves the meteor to 3,-1.")
    assert "4" not in verdict.details[0]


def test_the_players_later_decisions_may_be_given_and_are_checked_after_the_replies():
    assert check_answer(meteor_position(), "meteor 3,-1; pass").right  # blue moved to 3,0: red leaves it there
    verdict = check_answer(meteor_position(), "meteor 3,-1; meteor 3,0")  # 3,0 was chosen by blue already
    assert verdict.details == ("After 'meteor 3,-1': blue moves the meteor to 3,0.",
                               "Action 2, 'meteor 3,0', is not legal here (move the meteor one last time or leave "
                               "it; legal: meteor 2,0, pass).")


def test_replies_play_the_other_players_until_the_mover_acts_again():
    state = state_from_position(meteor_position())
    assert replies(state, 0) == []  # red is to act: nothing to answer
    state.apply(parse_action("meteor 3,0"))
    assert replies(state, 0) == [Meteor((3, -1))]
    assert state.current_player() == 0 and [str(a) for a in state.legal_actions()] == ["pass"]


def test_replies_count_gains_from_the_given_start():
    # two players: gains from any start choose the same
    state = state_from_position(meteor_position())
    state.apply(parse_action("meteor 3,0"))
    assert replies(state, 0, start={"red": 0, "blue": 0}) == [Meteor((3, -1))]


# ----- hints ------------------------------------------------------------------------------------------------
def test_final_hints_go_from_the_theme_to_the_feature_to_how_to_count_it_to_the_ruling():
    found = hints(final_position())
    assert found[0].startswith("The theme: unfinished features.")
    assert found[1] == "It turns on the city at 0,0, where red has a knight."
    assert found[2].startswith("How to count it: 1 point a tile")
    assert found[3] == ("A ruling decides it here, read as: Field scoring and two-tile cities: 3 per completed city "
                        "per field; a 2-tile city scores 4 (scoring.edition = third). Under another reading the "
                        "answer changes.")
    assert not any("9" in h for h in found)  # red's total


def test_the_ruling_hint_names_the_option_in_force():
    assert deciding_rulings(final_position(rulings={"scoring.edition": "second"})) == [("scoring.edition", "second")]
    assert deciding_rulings(count_position()) == []


def test_count_hints_nudge_with_one_placement_not_the_number():
    found = hints(count_position())
    assert len(found) == 3 and found[0].startswith("The theme: where a tile fits") and "U" in found[0]
    assert found[1] == "It turns on U's edges (road N, field E, road S, field W, as printed): it looks the same " \
                       "turned half way round."
    assert found[2].endswith("One of them is U at -1,0 turned 90.")
    assert not any("6" in h for h in found)


def test_best_hints_name_the_theme_then_what_it_turns_on_then_the_kind_of_move_never_the_line():
    found = hints(meteor_position())
    assert found[0].startswith("The theme: the reply. Blue decides something later in this turn")
    assert found[1] == "It turns on blue's decision after red's: move the meteor or pass."
    assert found[2] == "The move: aim the meteor, one that blue's best answer cannot spoil."
    assert not any("3,-1" in h for h in found)


def test_no_hint_of_a_shipped_ferry_puzzle_states_its_decisions():
    # (the ferry puzzles search fast; the disasters' hints search every ruling's options)
    for path in sorted((PUZZLES / "ferries").glob("*.toml")):
        p = load(path)
        if p.question.kind == "best":
            said = " ".join(hints(p))
            assert not any(action in said for action in dict(p.question.answer)["line"] if action != "pass"), path


# ----- reveal -----------------------------------------------------------------------------------------------
def test_reveal_final():
    shown = reveal(final_position())
    assert shown.answer_text == "Final totals: red 9, blue 1."
    assert shown.explanation == "The city: 4; the road: 1."
    assert [(r.kind, r.scorers, r.points) for r in shown.rows] == [("city", ("red",), 4), ("road", ("blue",), 1)]
    assert shown.line == ()


def test_reveal_count_lists_the_placements():
    shown = reveal(count_position())
    assert shown.answer_text == ("U has 6 legal placements: -1,0 turned 90; -1,0 turned 270; 0,-1 turned 90; "
                                 "0,-1 turned 270; 1,0 turned 90; 1,0 turned 270.")
    assert shown.rows == () and shown.line == ()


def test_reveal_best_gives_the_line_its_value_and_the_rows_scored_along_it():
    shown = reveal(place_position())
    assert shown.line == (parse_action("place 0,2 180"), parse_action("deploy 0,2 S"))
    assert shown.answer_text == "place 0,2 180; deploy 0,2 S -- value 8 (red +8, blue +0 this turn)."
    assert [(r.kind, r.complete, r.scorers, r.points) for r in shown.rows] == [("city", True, ("red",), 8)]


def test_reveal_best_shows_how_the_turn_goes_on():
    shown = reveal(meteor_position())
    assert shown.line == (parse_action("meteor 3,-1"),)
    assert [(who, str(a)) for who, a in shown.play] == [("red", "meteor 3,-1"), ("blue", "meteor 3,0"),
                                                        ("red", "pass")]
    assert shown.answer_text == ("meteor 3,-1 -- value 4 (red +4, blue +0 this turn). The turn goes on: "
                                 "blue: meteor 3,0; red: pass.")
    assert [(r.kind, r.points) for r in shown.rows] == [("road", 4)]


# Every shipped puzzle accepts its own answer, as its file writes it: test_answer_spellings.py, with every other
# spelling of the answer.


def test_a_graded_puzzle_hints_at_the_rulings_its_grade_found():
    graded = final_position()
    graded = replace(graded, question=replace(graded.question, topics=("city", "flood.covered_scope")))
    said = [h for h in hints(graded) if "decides it here" in h]
    assert said and "(flood.covered_scope = segment)" in said[0] and "scoring.edition" not in said[0]
    assert deciding_rulings(graded) == [("scoring.edition", "third")]  # the search itself ignores the grade
