"""Numbered steps on the pictures: badges never cover each other or a piece, the tornado's moves are arrows,
and a long line is listed under the picture."""
from __future__ import annotations

import io
from itertools import combinations
from pathlib import Path

import pytest
from conftest import act, state_from_text
from PIL import Image

from carcnb.telling.explain import example
from carcnb.telling.explain.tornado import event_strip
from carcnb.telling.render import render_png
from carcnb.telling.render.badges import Box, covered_area
from carcnb.telling.render.draw import as_state, step_plan
from carcnb.telling.render.pieces import piece_boxes
from carcnb.telling.render.steps import HANDFUL, step_list
from carcnb.widgets.editor.board_view import tile_pixels
from carcnb.widgets.puzzleboard.model import PuzzleModel

PUZZLES = Path(__file__).parent.parent / "puzzles"
TORNADO_PUZZLES = sorted(PUZZLES.glob("*/tornado-*.toml"))


def assert_apart(plan, state) -> None:
    """No badge overlaps another badge or a piece on the board."""
    boxes = [b.box for b in plan.badges]
    for (i, a), (j, b) in combinations(enumerate(boxes), 2):
        assert not a.overlaps(b), f"badges {plan.badges[i].text!r} and {plan.badges[j].text!r} overlap"
    for badge in plan.badges:
        for piece in piece_boxes(state):
            assert not badge.box.overlaps(piece), f"badge {badge.text!r} covers a piece at {piece}"


def height(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).height


def numbers_on(plan) -> list[int]:
    return sorted(int(n) for b in plan.badges for n in b.text.split("·"))


@pytest.mark.parametrize("path", TORNADO_PUZZLES, ids=lambda p: p.stem)
def test_a_revealed_tornado_line_numbers_every_step_apart_from_the_others_and_the_pieces(path, data_folder):
    m = PuzzleModel(path, seed=1)
    m.reveal()
    steps = m.line_steps()
    pic = m.picture()
    state = as_state(pic.source)
    plan = step_plan(state, steps, pic.extent, True, 80)
    assert_apart(plan, state)
    assert numbers_on(plan) == [s.number for s in steps if s.pos is not None]  # each step once
    moves = {(s.origin, s.pos) for s in steps if s.origin is not None}
    assert len(plan.arrows) == len(moves)  # one arrow a move, however often it is made


@pytest.mark.parametrize(("path", "reading"), [(p, None) for p in TORNADO_PUZZLES]
                         + [(PUZZLES / "disasters" / "tornado-short-move.toml", "skip")],
                         ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_a_revealed_tornado_lines_badges_leave_the_tiles_in_view(path, reading, data_folder):
    """The badges sit beside the board where there is room: together they cover at most a twentieth of the
    tiles, at the size the puzzle board draws them."""
    m = PuzzleModel(path, seed=1, reading=reading)
    m.reveal()
    pic = m.picture()
    state = as_state(pic.source)
    plan = step_plan(state, m.line_steps(), pic.extent, True, tile_pixels(pic.extent, 80, 960))
    tiles = [Box(x, y, x + 1, y + 1) for x, y in state.board.tiles]
    covered = sum(covered_area(b.box, tiles) for b in plan.badges)
    assert covered <= 0.05 * len(tiles), f"the badges cover {covered / len(tiles):.0%} of the tiles"


def test_the_steps_of_the_five_player_tornado_strip_stand_apart():
    strip = event_strip(example("tornado-square"), "place 1,0 90", columns=4, caption="twelve steps")
    last = strip.panels[-1]
    view = last.view()
    px = strip.figure().axes[0].get_window_extent().width / (view[1] - view[0])  # as the strip draws its boards
    for panel in strip.panels:
        state = as_state(panel.source)
        plan = step_plan(state, (), panel.view(), True, px)
        assert_apart(plan, state)
    state = as_state(last.source)
    plan = step_plan(state, (), view, True, px)
    assert numbers_on(plan) == list(range(1, 13))
    assert any("·" in b.text for b in plan.badges)  # back and forth over one edge: one badge, several numbers


def test_a_long_line_is_listed_under_the_picture_and_a_short_one_is_not(data_folder):
    m = PuzzleModel(PUZZLES / "disasters" / "tornado-short-move.toml", seed=1, reading="skip")
    m.reveal()
    steps = m.line_steps()
    assert len(steps) > HANDFUL
    listed = step_list(steps)
    assert listed[0] == "1. tornado 1,1" and listed[-1] == "14. deploy 1,2 E" and len(listed) == 14
    assert any(line.endswith("(reply)") for line in listed)
    assert step_list(steps[:HANDFUL]) == []
    pic = m.picture()
    plain, _ = render_png(pic.source, extent=pic.extent)
    marked, geometry = render_png(pic.source, extent=pic.extent, steps=steps)
    assert height(marked) > height(plain) + 3 * 10  # the fourteen steps, a few to a line, under the board
    assert geometry.height == height(plain)  # the board itself is where it was


def test_the_meteors_number_stands_off_the_monk_it_aims_at():
    state = state_from_text("0,0 D 0\n0,-1 B 0 red@C\n1,0 U 90", sets=["disasters"], hand="MT")
    act(state, "meteor 0,-1")
    plan = step_plan(state, (), (-1, 3, -2, 2), True, 80)
    (badge,) = plan.badges
    assert badge.text == "1" and badge.anchor == (0.5, -0.5)
    assert_apart(plan, state)


def test_listed_steps_share_a_line_but_are_never_broken():
    from carcnb.telling.render.glyphs import pack, text_width

    items = [f"{k}. tornado -1,{k}" for k in range(1, 9)]
    lines = pack(items, 30)
    assert 1 < len(lines) < len(items)
    assert [part for line in lines for part in line.split("     ")] == items
    assert all(text_width(line) <= 30 for line in lines)
