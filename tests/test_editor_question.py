"""The editor asks the user's question: its kind, the user's words, the last turn, what best values and what a
count counts; Post answers that question, refuses in one line with the fix when the position cannot answer it,
and asks before writing over a post already there. The question is saved and loaded with the position."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import position_from_text

import carcnb.telling.post as post_module
from carcnb.positions.parse import load
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.model import EDIT, PLAY

PUZZLES = Path(__file__).parent.parent / "puzzles"
ROAD = "0,0 D 0"  # the start tile: E fits north of it (its city on D's) and to the south


def built(hand: str | None = "E") -> EditorModel:
    """A position built by hand in free edit, as a forum user does: a board and a tile in hand."""
    m = EditorModel(mode=EDIT)
    m.select_tile("D")
    m.click((0, 0))
    if hand:
        m.set_hand(hand)
    return m


def question_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Question:**"))


def test_a_position_built_with_a_tile_in_hand_is_posted_as_its_decision(tmp_path):
    m = built()
    files = m.post(tmp_path)
    assert files is not None, m.status
    assert question_line(files.text) == f"**Question:** {m.question()}"
    assert "Red has drawn E. Where should red place it" in files.text and "The game ends now" not in files.text
    assert '[question]\nkind = "best"' in files.text  # the file in the post says what was answered


def test_each_kind_is_answered_as_asked(tmp_path):
    m = built()
    assert m.set_question_kind("count")
    files = m.post(tmp_path / "count")
    assert "E has 4 legal placements" in files.text and m.value.question.kind == "count"
    assert m.set_question_kind("final")
    files = m.post(tmp_path / "final")
    assert question_line(files.text) == "**Question:** The game ends now. What does each player score?"
    assert m.set_question_kind("best")
    assert "best line" in m.post(tmp_path / "best").text


def test_the_users_words_head_the_post(tmp_path):
    m = built()
    assert m.set_ask("  Where should E go,\n and who scores the road?  ")
    assert m.asking().ask == "Where should E go, and who scores the road?"
    assert question_line(m.post(tmp_path).text) == "**Question:** Where should E go, and who scores the road?"
    assert m.set_ask("")
    assert m.value.question.ask is None and m.question().startswith("Red has drawn E.")


def test_the_last_turn_counts_the_end_of_the_game():
    m = built()
    assert not m.asking().last_turn
    assert m.set_last_turn(True)
    assert m.value.pile == () and m.asking().last_turn
    assert m.question().startswith("Red places the last tile of the game, E.")
    assert m.set_last_turn(False) and m.value.pile is None


def test_best_over_the_whole_game_is_offered_while_tiles_are_left(tmp_path, monkeypatch):
    monkeypatch.setattr(post_module, "LOOKAHEAD_SECONDS", 0.2)
    m = built()
    assert m.set_horizon("game")
    assert m.value.question.horizon == "game" and "expected final margin" in m.question()
    assert "over the whole game" in m.post(tmp_path).text
    assert m.set_last_turn(True)  # the last turn's best already counts to the end: back to this turn
    assert m.value.question.horizon == "turn" and "best now counts to the end of the game" in m.status
    assert not m.set_horizon("game") and "untick 'last turn'" in m.status
    assert m.set_question_kind("final") and not m.set_horizon("game") and "ask best first" in m.status


def test_a_count_counts_rotations_when_asked(tmp_path):
    m = built("U")  # a straight road: two of its turns look alike on each spot
    assert m.set_question_kind("count")
    boards = m.post(tmp_path / "boards").text
    assert m.set_counting("rotations") and m.value.question.counting == "rotations"
    rotations = m.post(tmp_path / "rotations").text
    assert "U has 3 legal placements" in boards and "U has 6 legal placements" in rotations
    assert m.set_question_kind("best") and m.value.question.counting == "boards"  # only a count counts


@pytest.mark.parametrize("kind, fix", [("count", "no tile is in hand: choose a tile in the palette"),
                                       ("best", "no tile is in hand: choose a tile in the palette")])
def test_a_question_the_position_cannot_answer_is_refused_with_the_fix(tmp_path, kind, fix):
    m = built(hand=None)
    assert m.set_question_kind(kind)
    assert fix in m.asking().refusal
    assert m.post(tmp_path / "thread") is None
    assert m.status.startswith("no post written: ") and fix in m.status and "\n" not in m.status
    assert not (tmp_path / "thread").exists()


def test_play_refuses_a_final_question_in_the_middle_of_a_turn_and_a_count_once_the_tile_is_down(tmp_path):
    m = EditorModel(position_from_text(ROAD, hand="E"))
    m.rotation = 180
    assert m.click((0, 1))  # placed: red may still deploy
    assert m.set_question_kind("final")
    refusal = m.asking().refusal
    assert "cannot end in the middle of a turn" in refusal and "finish the turn or undo it" in refusal
    assert m.set_question_kind("count")
    assert "E is already placed this turn: undo back to before it" in m.asking().refusal
    assert m.post(tmp_path) is None and list(tmp_path.iterdir()) == []
    assert not m.set_last_turn(True) and "switch to free edit" in m.status


def test_a_post_already_there_is_replaced_only_when_asked(tmp_path):
    m = built()
    first = m.post(tmp_path)
    first.text_path.write_text("the user's own edit", encoding="utf-8")
    assert m.post(tmp_path) is None  # asks first
    assert "already there" in m.status and "press 'replace'" in m.status and m.replacing is not None
    assert first.text_path.read_text(encoding="utf-8") == "the user's own edit"
    m.keep_post()
    assert m.replacing is None and first.text_path.read_text(encoding="utf-8") == "the user's own edit"
    assert m.post(tmp_path) is None
    files = m.confirm_post()
    assert files is not None and files.text_path.read_text(encoding="utf-8") == files.text


def test_a_change_after_post_asked_replaces_nothing(tmp_path):
    m = built()
    first = m.post(tmp_path)
    assert m.post(tmp_path) is None
    m.set_ask("Which is better?")
    assert m.confirm_post() is None and "post again" in m.status
    assert first.text_path.read_text(encoding="utf-8") == first.text


@pytest.mark.parametrize("mode", [EDIT, PLAY])
def test_the_question_is_saved_and_loaded_exactly(tmp_path, mode):
    m = built()
    m.set_question_kind("best")
    m.set_ask("Red's best?")
    m.set_last_turn(True)
    m.set_mode(mode)
    m.save(tmp_path / "asked.toml")
    again = EditorModel(load(tmp_path / "asked.toml"), mode=mode)
    assert again.asking() == m.asking() and again.value == m.value
    m = built()
    m.set_horizon("game")
    m.set_mode(mode)
    m.save(tmp_path / "game.toml")
    assert EditorModel(load(tmp_path / "game.toml"), mode=mode).asking() == m.asking()
    m = built("U")
    m.set_question_kind("count")
    m.set_counting("rotations")
    m.set_mode(mode)
    m.save(tmp_path / "count.toml")
    assert EditorModel(load(tmp_path / "count.toml"), mode=mode).asking() == m.asking()


def test_in_play_the_question_goes_with_the_game_and_is_saved_mid_game(tmp_path):
    m = EditorModel(position_from_text(ROAD, hand="E"))
    m.set_ask("Where does E score most?")
    m.rotation = 180
    assert m.click((0, 1))
    assert m.value.question.ask == "Where does E score most?" and m.value.played == ("place 0,1 180",)
    m.save(tmp_path / "mid.toml")
    assert load(tmp_path / "mid.toml").question == m.value.question


def test_a_puzzles_answer_goes_once_its_question_is_the_users(tmp_path):
    m = EditorModel(load(PUZZLES / "base/farm-edition.toml"), mode=EDIT)
    assert m.value.question.answer is not None and m.asking().chosen
    assert m.set_ask("Who gets the farm?")
    q = m.value.question
    assert q.answer is None and q.explanation is None and q.difficulty is None and q.kind == "final"
    assert "the puzzle's answer goes" in m.status
    assert m.undo() and m.value.question.answer is not None  # free edit undoes a question like any edit


def test_a_position_that_asks_nothing_is_asked_what_its_picture_shows():
    assert built().asking().kind == "best" and not built().asking().chosen
    assert built(hand=None).asking().kind == "final"
    m = EditorModel(position_from_text(ROAD))  # play: waiting for a draw
    assert m.asking().kind == "final" and m.value.question is None


def test_the_question_controls_drive_the_model_and_show_the_refusal():
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text(ROAD, hand="E"), mode=EDIT, autosave=False)
    panel = ed.asking
    assert panel.kind.value == "best" and panel.horizon.layout.display is None
    assert panel.counting.layout.display == "none" and panel.refusal.layout.display == "none"
    assert "Asked under the rulings: the defaults" in panel.rulings.value
    ed.ruling_menus["scoring.edition"].value = "second"
    assert "scoring.edition = second" in panel.rulings.value
    panel.kind.value = "count"
    assert ed.model.value.question.kind == "count" and panel.counting.layout.display is None
    assert panel.horizon.layout.display == "none"
    ed.hand_button.click()  # the palette's tile: none chosen, so the hand is emptied
    assert ed.model.value.hand is None and panel.refusal.layout.display is None
    assert "no tile is in hand" in panel.refusal.value
    panel.kind.value = "best"
    ed.model.set_hand("E")
    panel.ask.value = "Where should E go?"
    assert ed.model.value.question.ask == "Where should E go?" and "Where should E go?" in ed.question.value
    panel.last_turn.value = True
    assert ed.model.value.pile == () and panel.horizon.disabled
    panel.horizon.value = "game"  # refused on the last turn: the control shows the model's value again
    assert panel.horizon.value == "turn" and ed.model.value.question.horizon == "turn"
    ed.mode.value = PLAY
    assert panel.last_turn.disabled and panel.last_turn.value


def test_the_post_panel_asks_before_replacing(tmp_path):
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text(ROAD, hand="E"), mode=EDIT, autosave=False)
    posting = ed.posting
    posting.folder.value = str(tmp_path)
    posting.button.click()
    assert posting.confirm.layout.display == "none"
    text_path = tmp_path / "test.md"
    text_path.write_text("kept", encoding="utf-8")
    posting.button.click()
    assert posting.confirm.layout.display is None and text_path.read_text(encoding="utf-8") == "kept"
    posting.keep_button.click()
    assert posting.confirm.layout.display == "none" and text_path.read_text(encoding="utf-8") == "kept"
    posting.button.click()
    posting.replace_button.click()
    assert posting.confirm.layout.display == "none" and text_path.read_text(encoding="utf-8") == posting.text.value


def test_the_question_names_the_rulings_it_is_asked_under(tmp_path):
    m = built()
    assert m.asking().rulings == ()
    assert m.set_ruling("scoring.edition", "second")
    assert m.asking().rulings == ("scoring.edition = second",)
    assert "(scoring.edition = second)" in m.question()
    files = m.post(tmp_path)
    assert "(scoring.edition = second)" in question_line(files.text)
