"""The editor as a forum user builds a position with it: a title field that Post and Save write, a click on any
part of a feature puts the figure on that feature (or says why not), clear board clears the hand, and Post's
refusals say how to fix the position."""
from __future__ import annotations

from pathlib import Path

from conftest import position_from_text

from carcnb.engine.geometry import CENTRE
from carcnb.positions.parse import load
from carcnb.widgets.editor import BoardEditor, EditorModel
from carcnb.widgets.editor.model import EDIT

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_a_rebuilt_board_is_posted_and_saved_with_the_title_in_the_field(tmp_path):
    m = EditorModel(load(PUZZLES / "base/farm-edition.toml"), mode=EDIT)
    m.clear_board()
    assert m.title == ""  # the old puzzle's title went with its board
    m.select_tile("D")
    m.click((0, 0))
    m.set_title("A road to nowhere")
    files = m.post(tmp_path / "thread")
    assert files is not None and files.text.startswith("# A road to nowhere\n")
    assert "strips of farmland" not in files.text and "explanation" not in files.text
    assert m.save(tmp_path / "mine.toml") and load(tmp_path / "mine.toml").title == "A road to nowhere"


def test_a_best_question_with_nothing_to_decide_is_refused_with_the_fix(tmp_path):
    m = EditorModel(load(PUZZLES / "disasters/meteor-point-beside.toml"), mode=EDIT)
    m.clear_board()
    m.select_tile("D")
    m.click((0, 0))
    assert m.post(tmp_path / "thread") is None
    assert "no tile is in hand" in m.status and "press 'put in hand'" in m.status


def test_the_title_field_shows_and_sets_the_title():
    ed = BoardEditor(load(PUZZLES / "disasters/meteor-point-beside.toml"))
    assert ed.posting.title.value == "The meteor and a thief's road running east"
    ed.posting.title.value = "Where should red aim?"
    assert ed.model.value.title == "Where should red aim?"


def test_a_click_in_the_middle_of_a_road_tile_puts_the_follower_on_its_road():
    m = EditorModel(position_from_text("0,0 D 0\n1,0 U 90"), mode=EDIT)
    m.set_tool("follower")
    m.click((1, 0), CENTRE)
    (token,) = m.value.tile_at((1, 0)).tokens
    assert str(token) == "red@E" and m.problems() == []  # the road of U, a follower that is drawn
    m.click((1, 0), CENTRE)
    assert m.value.tile_at((1, 0)).tokens == ()  # a second click takes it back


def test_a_click_where_no_figure_can_stand_says_why():
    m = EditorModel(position_from_text("0,0 D 0\n0,-1 X 0"), mode=EDIT)
    m.set_tool("follower")
    assert not m.click((0, -1), CENTRE)
    assert "where its features meet" in m.status and m.value.tile_at((0, -1)).tokens == ()


def test_clear_board_clears_the_hand_so_the_tiles_can_be_put_again():
    m = EditorModel(position_from_text("0,0 D 0", hand="D"), mode=EDIT)
    m.clear_board()
    assert m.value.hand is None
    m.select_tile("D")
    m.click((0, 0))
    m.click((1, 0))
    assert not any(p.startswith("too-many-copies") for p in m.problems())


def test_posts_refused_for_a_broken_position_say_how_to_fix_it(tmp_path):
    m = EditorModel(position_from_text("0,0 D 0\n0,1 D 0"), mode=EDIT)  # the edges do not match
    assert m.post(tmp_path / "thread") is None
    assert "edge-mismatch" in m.status and "fix it in free edit" in m.status


def test_the_editor_shows_the_users_own_question():
    p = position_from_text("0,0 D 0", hand="U", question={"kind": "best", "ask": "Where does U score most?"})
    assert EditorModel(p).question() == "Where does U score most?"
