"""The ``pile`` key: the tiles still to draw. Parsed strictly, dumped exactly, checked against the sets,
carried through game states; ``pile = []`` makes the position the last turn, so ``best`` values count the
end-of-game scoring. Placement puzzles: ``best`` from a tile in hand with nothing played."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import RIVER, act, position_from_text

from carcnb.engine.actions import parse_action
from carcnb.engine.errors import PositionFormatError
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.positions.dump import dump
from carcnb.positions.game_io import position_from_state, problems, state_from_position
from carcnb.positions.parse import load, parse
from carcnb.search.solve import best_answer, solve

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
# F turned 270 carries D's city north to an open end at 0,2: K there (city to the south) closes it.
CITY = "0,0 D 0\n0,1 F 270"


def test_pile_parses_in_the_order_written_and_dumps_back_exactly():
    p = position_from_text(CITY, hand="K", pile=["V", "E", "V"])
    assert p.pile == ("V", "E", "V")
    assert "pile = [\"V\", \"E\", \"V\"]" in dump(p)
    assert parse(dump(p)) == p and dump(parse(dump(p))) == dump(p)


def test_an_empty_pile_is_kept_apart_from_no_pile():
    last = position_from_text(CITY, hand="K", pile=[])
    assert last.pile == ()
    assert "pile = []" in dump(last) and parse(dump(last)) == last
    default = position_from_text(CITY, hand="K")
    assert default.pile is None and "pile" not in dump(default)


@pytest.mark.parametrize("value, expected", [
    ('"E"', 'expected pile = ["TILE", ...]'),
    ("[1, 2]", 'expected pile = ["TILE", ...]'),
    ('["E", "Q9"]', "unknown tile 'Q9'"),
])
def test_a_bad_pile_names_file_line_and_what_was_expected(value, expected):
    text = f'format = "carcnb/1"\nplayers = ["red", "blue"]\npile = {value}\n'
    with pytest.raises(PositionFormatError) as err:
        parse(text, "puzzles/x.toml")
    assert (err.value.path, err.value.line, err.value.text) == ("puzzles/x.toml", 3, f"pile = {value}")
    assert expected in err.value.expected


def test_a_pile_with_more_copies_than_the_sets_hold_is_a_problem():
    # the base game has one C, four D (one on the board) and five E (one in hand)
    p = position_from_text(CITY, hand="E", pile=["C", "D", "D", "D", "E", "E", "E", "E"])
    assert problems(p) == []
    too_many = replace(p, pile=p.pile + ("C", "D"))
    assert {q.code for q in problems(too_many)} == {"too-many-copies"}
    messages = [q.message for q in problems(too_many)]
    assert "2 copies of C (pile 2), the sets have 1" in messages
    assert "5 copies of D (board 1, pile 4), the sets have 4" in messages


def test_a_pile_tile_of_a_set_not_in_play_is_a_problem():
    p = position_from_text(CITY, hand="E", pile=["MT"])
    assert [q.code for q in problems(p)] == ["set-not-enabled"]


def test_the_state_draws_only_from_the_given_pile():
    state = state_from_position(position_from_text(CITY, hand="K", pile=["E", "E", "V"]))
    assert state.pile_size() == 3
    act(state, "place 0,2 180", "pass")
    assert state.current_player() == CHANCE
    assert [(str(a), w) for a, w in state.chance_outcomes()] == [("draw E", 2 / 3), ("draw V", 1 / 3)]


def test_river_tiles_in_a_pile_are_drawn_first():
    board = "\n".join(RIVER.strip().splitlines()[:3])  # the spring and two river tiles
    state = state_from_position(position_from_text(board, sets=["river"], pile=["E", "R3", "V"]))
    assert [str(a) for a, _ in state.chance_outcomes()] == ["draw R3"]


def test_without_the_key_the_pile_is_what_the_sets_have_left():
    state = state_from_position(position_from_text(CITY, hand="K", gone=["V"]))
    assert state.pile_size() == 72 - 2 - 1 - 1  # D and F on the board, K in hand, one V gone


def test_pile_round_trips_through_a_state():
    p = position_from_text(CITY, hand="K", pile=["V", "E"])
    state = state_from_position(p)
    saved = position_from_state(state)
    assert (saved.pile, saved.gone) == (("E", "V"), ())  # the shorter form: 2 tiles left, 67 gone
    again = state_from_position(parse(dump(saved)))
    assert again == state


def test_an_empty_pile_round_trips_mid_turn():
    state = state_from_position(position_from_text(CITY, hand="K", pile=[]))
    state.apply(parse_action("place 0,2 180"))
    saved = position_from_state(state)
    assert (saved.pile, saved.played) == ((), ("place 0,2 180",))
    assert state_from_position(parse(dump(saved))) == state


def test_a_saved_game_with_most_tiles_left_still_writes_gone():
    state = state_from_position(position_from_text(CITY, hand="K", gone=["V"]))
    saved = position_from_state(state)
    assert (saved.pile, saved.gone) == (None, ("V",))


def test_after_the_last_tile_the_game_ends_with_end_of_game_scoring():
    state = state_from_position(position_from_text("0,0 D 0", hand="B", pile=[]))
    act(state, "place 0,-1 0", "deploy 0,-1 C")
    assert state.current_player() == TERMINAL
    assert state.scores == {"red": 2, "blue": 0}  # the monk at the end: its tile and D beside it


def test_a_last_tile_best_value_counts_end_of_game_scoring():
    # B is a lone cloister: with tiles to come nothing scores this turn (value 0 whatever red does); on the
    # last turn the monk scores at the end of the game: its tile and D beside it, 2.
    assert solve(state_from_position(position_from_text("0,0 D 0", hand="B"))).value == 0
    last = solve(state_from_position(position_from_text("0,0 D 0", hand="B", pile=[])))
    assert last.value == 2 and last.gains == {"red": 2, "blue": 0}
    assert [str(a) for a in last.line][1] == "deploy 0,-1 C"


def test_a_placement_best_answer_is_the_whole_turn():
    # K at 0,2 turned 180 closes the city D-F-K (3 tiles and F's pennant, 8 points) and red deploys a knight
    # on it first: the only placement that scores.
    p = position_from_text(CITY, hand="K")
    assert p.played == ()
    assert dict(best_answer(p)) == {"line": ["place 0,2 180", "deploy 0,2 S"], "value": 8}


def test_every_puzzle_file_loads_without_a_pile_and_dumps_as_before():
    files = sorted(PUZZLES.rglob("*.toml"))
    assert files
    for path in files:
        p = load(path)
        if "pile" not in path.read_text(encoding="utf-8"):
            assert p.pile is None and "pile" not in dump(p)
        assert parse(dump(p)) == p
