"""The puzzle board without a browser: for each kind of question, a right and a wrong answer, hints, the
reveal and Try again; a best puzzle played by clicking, with the engine's replies; nothing of the answer
shown before Check or Reveal; and the widget wired to its model."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import position_from_text
from PIL import Image, ImageColor

from carcnb.engine.actions import Pass
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_INDEX, pos_text
from carcnb.positions.parse import load
from carcnb.search.questions import counted
from carcnb.telling.render import port_point
from carcnb.telling.render.steps import OWN, step_point
from carcnb.telling.verdict import reveal
from carcnb.widgets.puzzleboard import PuzzleModel

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
FINAL = PUZZLES / "base/road-loop.toml"  # three players
COUNT = PUZZLES / "base/count-crossroads.toml"
METEOR = PUZZLES / "disasters/meteor-point-beside.toml"  # red aims, blue moves the meteor, red once more
FERRY = PUZZLES / "ferries/steal-by-moving.toml"


def answer_of(path: Path):
    """The answer the file gives (``carcnb check`` recomputes it with the engine)."""
    return load(path).question.answer


def nothing_of_the_answer(m: PuzzleModel) -> None:
    shown = m.shown()
    assert (shown.headline, shown.details, shown.right) == ("", (), None)
    assert (shown.answer, shown.explanation, shown.breakdown, shown.totals, shown.line) == ("", "", (), {}, ())
    assert m.line_steps() == []


# ----- final ----------------------------------------------------------------------------------------------
def test_final_right_answer():
    m = PuzzleModel(FINAL)
    assert m.kind == "final" and m.players == ("red", "blue", "green")
    assert "what is each player's total" in m.question
    nothing_of_the_answer(m)
    v = m.check({c: str(n) for c, n in answer_of(FINAL)})  # as the boxes hold it: text
    assert v.right and m.solved and m.finished
    assert m.shown().right is True and m.shown().headline == v.headline
    assert "well done" in m.status


def test_final_wrong_answer_says_whose_total_differs_and_can_be_changed():
    m = PuzzleModel(FINAL)
    totals = dict(answer_of(FINAL))
    totals["green"] += 2
    v = m.check(totals)
    assert not v.right and not m.solved and not m.finished
    assert any("Green" in d for d in v.details) and not any("Red" in d for d in v.details)
    assert "Check again" in m.status
    totals["green"] -= 2
    assert m.check(totals).right and m.finished  # a second try needs no reset
    assert not m.solved and m.result == "missed"  # right on a later try: no win
    assert m.status == "right — solved on a later try, so it counts as a miss for your rating"


def test_only_a_right_first_answer_with_no_hint_before_it_is_solved():
    m = PuzzleModel(COUNT)
    n = answer_of(COUNT)
    m.hint()
    assert m.result == "missed" and "this puzzle now counts as a miss" in m.status
    assert m.check(n).right and not m.solved
    assert m.status == "right — with a hint, so it counts as a miss for your rating"
    m.try_again()
    assert m.check(n).right and not m.solved and m.result == "missed"  # the first try's result stays
    first = PuzzleModel(COUNT)
    assert first.check(n).right and first.solved and first.status == "well done"
    first.try_again()
    assert not first.check(n + 1).right and first.solved  # a later wrong answer takes nothing away
    missed = PuzzleModel(COUNT)
    missed.check(n + 1)
    missed.reveal()
    assert missed.result == "revealed"  # the answer seen after a miss


@pytest.mark.parametrize("given, message", [
    ({"red": 46}, "enter a total for blue and green"),
    ({"red": 46, "blue": "", "green": 45}, "enter a total for blue"),
    ({"red": 46, "blue": "forty", "green": 45}, "blue's total: 'forty' is not a whole number"),
    ({"red": 46, "blue": "-3", "green": 45}, "'-3' is not a whole number"),
    (None, "enter a total for red and blue and green"),
])
def test_final_incomplete_answer_is_a_message(given, message):
    m = PuzzleModel(FINAL)
    assert m.check(given) is None
    assert message in m.status
    assert m.verdict is None


def test_final_hints_one_at_a_time_then_none():
    m = PuzzleModel(FINAL)
    seen = []
    while m.more_hints:
        seen.append(m.hint())
        assert m.hints == seen and m.status.startswith(f"hint {len(seen)} of ")
    assert len(seen) >= 2 and len(set(seen)) == len(seen)
    assert m.hint() is None and "no more hints" in m.status
    nothing_of_the_answer(m)  # hints are not the answer


def test_final_reveal_then_try_again():
    m = PuzzleModel(FINAL)
    r = m.reveal()
    shown = m.shown()
    assert shown.answer == r.answer_text and "red 46" in shown.answer
    assert shown.explanation.startswith("The road runs")
    assert any(row.kind == "road" and row.scorers == ("red",) and row.points == 6 for row in shown.breakdown)
    assert shown.totals == dict(answer_of(FINAL))
    assert m.finished
    assert m.check(dict(answer_of(FINAL))) is None and "Try again" in m.status
    m.try_again()
    nothing_of_the_answer(m)
    assert m.hints == [] and m.verdict is None
    assert m.check(dict(answer_of(FINAL))).right
    assert not m.solved  # the answer was seen before: not counted


# ----- count ----------------------------------------------------------------------------------------------
def test_count_right_wrong_and_bad_input():
    m = PuzzleModel(COUNT)
    assert m.in_hand().tile == "X" and "X" in m.question
    assert m.picture().legal is None  # no legal spots drawn: that would be the answer
    assert m.check("") is None and "enter the number" in m.status
    assert m.check("many") is None and "'many' is not a whole number" in m.status
    n = answer_of(COUNT)
    wrong = m.check(n - 1)
    assert not wrong.right and wrong.details and str(n) not in " ".join(wrong.details)
    assert m.check(str(n)).right and not m.solved  # the first answer was wrong


def test_count_reveal_marks_the_placements_and_try_again_hides_them():
    m = PuzzleModel(COUNT)
    m.hint()
    assert len(m.hints) == 1
    m.reveal()
    assert m.picture().legal == counted(load(COUNT))  # one mark per board the tile can make
    assert str(answer_of(COUNT)) in m.shown().answer
    m.try_again()
    assert m.picture().legal is None and m.hints == []
    nothing_of_the_answer(m)


# ----- best -----------------------------------------------------------------------------------------------
def test_best_played_by_clicking_with_the_engines_reply_and_judged_right():
    m = PuzzleModel(METEOR)
    nothing_of_the_answer(m)
    assert m.mover == "red" and not m.line_complete
    assert m.check() is None and "finish the turn" in m.status
    best = [a for who, a in reveal(load(METEOR)).play if who == "red"]
    assert m.click(best[0].pos)
    (me, aimed), (other, moved) = m.played()  # blue moved the meteor at once
    assert (me, aimed, other, type(moved)) == ("red", best[0], "blue", type(best[0]))
    assert m.shown().played == (("red", str(aimed)), ("blue", str(moved)))
    assert len(m.moves()) == 2 and m.own_moves() == best[:1]
    for action in best[1:]:
        assert m.choose(str(action)) if isinstance(action, Pass) else m.click(action.pos)
    assert m.line_complete and "press Check" in m.status
    assert not m.click((2, 0)) and "your turn is over" in m.status
    v = m.check()
    assert v.right and m.solved
    assert not m.click((2, 0)) and "press Try again" in m.status


def test_best_wrong_line_is_refuted_and_can_be_taken_back():
    m = PuzzleModel(METEOR)
    assert m.click((2, 0))  # blue answers by moving the meteor where it does red no good
    while not m.line_complete:
        assert m.choose("pass")
    v = m.check()
    assert not v.right and v.value is not None and v.value < v.best_value
    assert any("there is a better one" in d for d in v.details)
    assert not any(str(v.best_value) in d for d in v.details)  # the value to reach is not given away
    assert m.take_back() and m.verdict is None  # back to red's last decision, verdict gone
    while m.own_moves():
        m.take_back()
    assert m.moves() == [] and m.board.state.current_player() == 0
    assert not m.take_back() and m.status == "nothing to take back"


def test_best_try_again_sets_the_board_back():
    m = PuzzleModel(METEOR)
    m.click((3, -1))
    m.hint()
    m.try_again()
    assert m.moves() == [] and m.played() == [] and m.hints == []
    assert m.board.legal_actions() == PuzzleModel(METEOR).board.legal_actions()


def test_best_reveal_draws_the_best_play_numbered():
    m = PuzzleModel(METEOR)
    m.reveal()
    play = reveal(load(METEOR)).play
    steps = m.line_steps()
    assert [s.label for s in steps] == [str(a) for _, a in play]
    assert [s.own for s in steps] == [who == "red" for who, _ in play]
    first = play[0][1]
    assert (steps[0].pos, steps[0].ports) == (first.pos, ())
    assert m.picture().key[0] == "reveal"
    told = m.shown()
    assert len(told.line) == len(play) and told.line[0] == f"red aims the meteor at {pos_text(first.pos)}"
    assert any(line.startswith("the meteor lands on") for then in told.then for line in then)
    assert told.idea.startswith("The idea: ")
    assert m.result_png().startswith(b"\x89PNG")
    assert not m.click((2, 0))  # the board waits for Try again
    assert not m.solved


def test_best_ferry_moved_by_clicking_its_jetties():
    m = PuzzleModel(FERRY)
    W, S = PORT_INDEX["W"], PORT_INDEX["S"]
    assert not m.click((1, 0), W) and "2 decisions at 1,0" in m.status  # S-W and E-W both use W
    assert m.click((1, 0), S)
    assert [str(a) for a in m.own_moves()] == ["ferry 1,0 S-W"]
    assert m.line_complete and m.check().right


def test_a_rotation_and_hand_for_a_placement():
    p = position_from_text("0,0 D 0", {"kind": "best", "answer": {"line": ["place 0,1 180", "pass"], "value": 0}},
                           hand="E")
    m = PuzzleModel(p)
    assert (m.in_hand().tile, m.in_hand().rot, m.placing) == ("E", 0, True)
    m.rotate(2)
    assert (m.in_hand().tile, m.in_hand().rot) == ("E", 180)
    assert m.click((0, 1)) and not m.placing


def test_a_position_without_a_question_is_refused():
    with pytest.raises(CarcnbError, match="not a puzzle"):
        PuzzleModel(position_from_text("0,0 D 0"))


# ----- the widget -----------------------------------------------------------------------------------------
def test_widget_final_boxes_and_buttons():
    from carcnb.widgets.puzzleboard import PuzzleBoard

    b = PuzzleBoard(FINAL)
    assert set(b.boxes) == {"red", "blue", "green"}
    assert b.verdict.value == "" and b.answer.value == ""
    for c, n in answer_of(FINAL):
        b.boxes[c].value = str(n)
    b.check_button.click()
    assert "Right" in b.verdict.value and b.check_button.disabled
    b.again_button.click()
    assert b.verdict.value == "" and all(box.value == "" for box in b.boxes.values())
    b.hint_button.click()
    assert "<ol><li>" in b.hints.value
    b.reveal_button.click()
    assert "<table" in b.answer.value and "Totals:" in b.answer.value and b.reveal_button.disabled


def test_widget_best_click_on_the_picture_plays_and_reveal_numbers_the_line():
    from carcnb.widgets.puzzleboard import PuzzleBoard

    b = PuzzleBoard(FERRY)
    plain = b.view.image.value
    g = b.view.geometry
    for port in ("W", "S"):
        px, py = g.to_pixel(*port_point(port, 1, 0))
        b.view.handle_event({"type": "click", "dataX": px, "dataY": py})
    assert "ferry 1,0 S-W" in b.status.value
    b.view.handle_event({"type": "keydown", "key": "z"})  # take back
    assert b.model.own_moves() == []
    b.model.choose("ferry 1,0 S-W")
    b.check_button.click()
    assert "Right" in b.verdict.value
    b.reveal_button.click()
    assert b.view.image.value != plain
    shown = b.answer.value
    assert "<li>red moves the ferry on 1,0 from E and S to join S and W" in shown  # step 1 of the picture
    assert shown.index("The idea: ") < shown.index("Answer:") < shown.index("What happens")
    picture = Image.open(io.BytesIO(b.view.image.value)).convert("RGB")
    step = b.model.line_steps()[0]
    x, y = b.view.geometry.to_pixel(*step_point(step))
    assert picture.getpixel((round(x), round(y))) == ImageColor.getrgb(OWN)  # the dot of step 1's badge
    b.close()


def test_an_explanation_keeps_its_lists_and_paragraphs():
    from carcnb.widgets.puzzleboard.widget import explanation_html

    text = "Red's road is\nclosed.\n- Point at 3,0: 4,\n  then 0.\n- Pass: 0.\nBest: 3,0 <b>.\n\nA new paragraph."
    assert explanation_html(text) == (
        "<p style='margin:0.3em 0'>Red&#x27;s road is closed.</p><ul style='margin:0.2em 0'>"
        "<li>Point at 3,0: 4, then 0.</li><li>Pass: 0.</li></ul><p style='margin:0.3em 0'>Best: 3,0 &lt;b&gt;.</p>"
        "<p style='margin:0.3em 0'>A new paragraph.</p>")
