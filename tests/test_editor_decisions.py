"""What the editor marks while a decision is made (the spots a click may choose: the meteor's next landing,
the tornado's step, crop circle targets; the picture it draws carries the meteor's aims and what the tornado
carries), and a loaded puzzle's question in words."""
from __future__ import annotations

import pytest
from conftest import RIVER, position_from_text

from carcnb.engine.geometry import PORT_INDEX
from carcnb.positions.parse import load
from carcnb.telling.wording import question_text
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.model import EDIT

NNW, ESE = PORT_INDEX["NNW"], PORT_INDEX["ESE"]


def test_the_meteors_next_landings_are_marked_and_its_aims_drawn():
    m = EditorModel(position_from_text(RIVER + "1,0 D 0", hand="MT", sets=["river", "disasters"]))
    assert ((1, 0), None) in m.targets()  # where red may point
    assert ((0, 0), None) not in m.targets()  # never the start tile
    assert m.click((0, -1))  # red points; blue may move it to a tile beside
    assert {pos for pos, _ in m.targets()} == {(0, -2)}  # the only neighbour the meteor may land on
    assert m.click((0, -2))
    assert m.picture().source.ext["meteor_chosen"] == ((0, -1), (0, -2))  # the picture numbers them


def test_the_tornado_shows_what_it_carries():
    line = "0,0 D 0\n1,0 U 90 blue@E\n2,0 U 90"
    m = EditorModel(position_from_text(line, hand="TO1", sets=["disasters"]))
    m.rotation = 90
    assert m.click((3, 0))  # the tornado on the road's end
    assert {pos for pos, _ in m.targets()} >= {(2, 0)}
    for _ in range(4):
        if m.state.ext.get("tornado_carry"):
            break
        m.click((m.state.ext["tornado"][0] - 1, 0))  # west along the road, onto blue's follower
    assert m.picture().source.ext["tornado_carry"] == "blue"  # the picture draws it with the tornado


def test_crop_circle_targets_are_the_followers_that_may_be_added_to():
    farms = "0,0 D 0 red@ESE green@E\n0,-1 B 0 blue@NNW"
    m = EditorModel(position_from_text(farms, hand="CF2", sets=["cropcircles"], players=["red", "blue", "green"]))
    for text in ("place 1,0 0", "pass", "crop add"):
        assert m.apply_text(text), m.status
    assert m.targets() == (((0, -1), NNW),)  # blue adds next to its farmer
    assert m.click((0, -1), NNW)
    assert m.targets() == (((0, 0), ESE),)  # then red, the placer, last


def test_placing_and_free_edit_mark_nothing_more():
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    assert m.targets() == ()  # placing: the legal squares say it
    assert EditorModel(position_from_text("0,0 D 0"), mode=EDIT).targets() == ()


@pytest.mark.parametrize("path", ["puzzles/base/road-loop.toml", "puzzles/disasters/meteor-point-beside.toml"])
def test_a_loaded_puzzle_shows_its_question(path):
    p = load(path)
    for mode in ("play", EDIT):
        m = EditorModel(p, mode=mode)
        assert m.question() == question_text(p)
    m = EditorModel(position_from_text("0,0 D 0"))
    assert m.question() == "The game ends now. What does each player score?"  # no tile in hand: the scores
    assert m.load(path) and m.question() == question_text(p)


def test_view_marks_and_question():
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    plain = BoardEditor(position_from_text(RIVER + "1,0 D 0", hand="MT", sets=["river", "disasters"]))
    assert html_text(plain.question.value).startswith("The best line for the player to act")  # as the picture shows
    before = plain.board.value
    plain.handle_event({"type": "click", **dict(zip(("dataX", "dataY"), plain.geometry.to_pixel(0.5, -0.5)))})
    assert plain.model.targets() and plain.board.value != before
    ed = BoardEditor(load("puzzles/base/road-loop.toml"))
    assert ed.question.layout.display is None and html_text(ed.question.value) == question_text(ed.value)


def html_text(value: str) -> str:
    import re
    from html import unescape
    return unescape(re.sub(r"<[^>]+>", "", value)).strip()
