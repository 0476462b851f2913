"""A game records the rulings it consults, and only where they decide something: readings branch on those."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from carcnb.engine.rulings import consulting
from carcnb.engine.state import Game, GameState
from carcnb.positions.parse import load, parse
from carcnb.search.questions import final_score, reading_of

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_board_without_disaster_tiles_consults_no_disaster_ruling():
    p = parse('format = "carcnb/1"\nsets = ["disasters"]\nplayers = ["red", "blue"]\nboard = """\n'
              '0,0 D 0 red@E\n1,0 U 90\n"""\n')
    with consulting() as read:
        final_score(p)
    assert list(read.rulings) == []


def test_the_earthquake_consults_its_timing_when_it_is_placed():
    p = reading_of(load(PUZZLES / "disasters/earthquake-timing.toml"), "on_place")
    with consulting() as read:
        final_score(p)
    assert "earthquake.timing" in read.rulings and "earthquake.destroyed_center" not in read.rulings


def test_every_game_that_reuses_the_rule_modules_consults_what_chose_them():
    for _ in range(2):  # the second game's modules come from the cache
        with consulting() as read:
            GameState(Game(sets={"ferries"}), seed=1)
        assert "ferries.crop_circle_tile" in read.rulings


def test_a_file_without_earthquake_tokens_is_taken_on_trust_under_on_place():
    p = load(PUZZLES / "disasters/earthquake-three-cities-one-farmer.toml")
    with consulting() as read:
        final_score(p)
    assert list(read.history) == []  # the default reading scores the final board: nothing taken on trust
    with consulting() as read:
        on_place = final_score(replace(p, rulings=(("earthquake.timing", "on_place"),)))
    assert list(read.history) == ["earthquake.timing"]
    assert on_place.scores == final_score(p).scores  # EQ taken as placed last: the final board's tokens


def test_tokens_that_could_change_no_score_are_not_taken_on_trust():
    p = parse('format = "carcnb/1"\nsets = ["disasters"]\nplayers = ["red", "blue"]\n'
              'rulings = { "earthquake.timing" = "on_place" }\nboard = """\n'
              '0,0 D 0 red@E\n0,-1 EQ 180\n"""\n')  # D's city and EQ's are in range; nobody is in them, no farmer
    with consulting() as read:
        final_score(p)
    assert list(read.history) == []
    farmer = parse('format = "carcnb/1"\nsets = ["disasters"]\nplayers = ["red", "blue"]\n'
                   'rulings = { "earthquake.timing" = "on_place" }\nboard = """\n'
                   '0,0 D 0 red@E blue@SSE\n0,-1 EQ 180\n"""\n')
    with consulting() as read:
        final_score(farmer)
    assert list(read.history) == ["earthquake.timing"]
