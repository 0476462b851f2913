"""What 08-crop-circles' captions and text claim, checked with the same carcnb.telling.explain calls on the same example
positions (the notebook itself shows pictures, never asserts)."""
from __future__ import annotations

from carcnb.engine.tiles import SYMBOLS, catalogue
from carcnb.telling.explain import compare, decision_marks, example, play, tiles, turn_scoring
from carcnb.telling.explain.box import compare_box
from carcnb.telling.explain.rounds import decisions_strip


def placed():
    return play(example("crop-road"), "place 2,0 180", "deploy 2,0 N")


def spots(source) -> list[tuple[int, int]]:
    return sorted(decision_marks(source)[1])


def thieves(state) -> dict[tuple[int, int], list[str]]:
    found: dict[tuple[int, int], list[str]] = {}
    for (pos, seg), colors in sorted(state.board.followers.items()):
        if state.board.segment((pos, seg)).kind == "road":
            found.setdefault(pos, []).extend(colors)
    return found


def test_six_tiles_two_of_each_symbol_and_the_symbols_name_road_field_city():
    shown = tiles("CR1", "CR2", "CF1", "CF2", "CC1", "CC2", caption="six")
    symbols = [catalogue()[p.title].symbol for p in shown.panels]
    assert [SYMBOLS[s] for s in symbols] == ["road", "road", "field", "field", "city", "city"]


def test_the_ferries_box_adds_cf2_by_default_one_tile_per_option_or_none():
    box = compare_box("ferries.crop_circle_tile", ["ferries"], caption="box")
    assert dict(box.added) == {"CF2": ("CF2",), "CR1": ("CR1",), "CR2": ("CR2",), "CF1": ("CF1",),
                               "CC1": ("CC1",), "CC2": ("CC2",), "none": ()}
    assert box.picture.panels[0].title == "CF2\n(default)" and box.picture.panels[-1].title == "none\nno tile"


def test_the_circle_ends_reds_road_which_scores_four_before_the_round():
    shown = turn_scoring(placed())
    assert [(r.kind, r.tiles, r.scorers, r.points, r.complete) for r in shown.rows] == [
        ("road", ((-1, 0), (0, 0), (1, 0), (2, 0)), ("red",), 4, True)]
    assert shown.scores == {"red": 4, "blue": 0, "green": 0}
    assert [str(a) for a in placed().legal_actions()] == ["crop add", "crop remove"]


def test_after_add_two_thieves_each_after_remove_none():
    added = play(placed(), "crop add", "deploy 1,-1 S", "deploy 2,0 N")
    removed = play(placed(), "crop remove", "remove 1,-1 S", "remove 2,0 N")
    assert thieves(added) == {(1, -1): ["blue", "blue"], (2, 0): ["red", "red"]}
    assert thieves(removed) == {} and added.is_chance() and removed.is_chance()
    assert removed.board.followers  # green's knight stays: the club concerns roads only


def test_add_is_optional_remove_is_not():
    add = play(placed(), "crop add")
    assert [str(a) for a in add.legal_actions()] == ["deploy 1,-1 S", "pass"] and spots(add) == [(1, -1)]
    remove = play(placed(), "crop remove")
    assert [str(a) for a in remove.legal_actions()] == ["remove 1,-1 S"] and spots(remove) == [(1, -1)]


def test_add_where_beside_the_thief_or_anywhere_on_its_road():
    shown = compare(example("crop-lake"), "cropcircles.add_where", "place 0,-1 0", "pass", "crop add")
    assert spots(shown["segment"].state) == [(0, 0)]
    assert spots(shown["feature"].state) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_the_round_goes_blue_then_red_and_skips_green():
    shown = decisions_strip(placed(), "crop add", "deploy 1,-1 S", "deploy 2,0 N", start="scored", caption="round")
    assert [p.title.replace("\n", " ") for p in shown.panels] == [
        "scored 1. red chooses add: each player may add a follower on roads",
        "2. blue adds a thief on the road at 1,-1 (S)", "3. red adds a thief on the road at 2,0 (N)"]
