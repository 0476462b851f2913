"""No puzzle twice: ``carcnb check`` reports puzzles on the same position, the collection has none, and the
quiz and the puzzle browser never serve two puzzles on one board in a row."""
from __future__ import annotations

import pytest
from conftest import collection, position_text

from carcnb.cli import main
from carcnb.engine.errors import PositionFormatError
from carcnb.positions.dump import dump
from carcnb.positions.parse import parse
from carcnb.puzzles.collection import puzzle_root
from carcnb.puzzles.duplicates import boards_apart, duplicate_files
from carcnb.puzzles.grade import grade_file
from carcnb.search.questions import readings_asked
from carcnb.telling.wording import question_text
from carcnb.widgets.puzzleboard import BrowserModel

# Red's thief on D's road, blue's knight in D's city: a final question, under two readings of field scoring.
BOARD = "0,0 D 0 red@E blue@N\n0,1 E 180"
FINAL = {"kind": "final", "answer": {"red": 1, "blue": 4}}


def _write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    grade_file(path)
    return path


def test_check_reports_two_puzzles_that_differ_only_in_a_ruling(tmp_path, capsys):
    folder = tmp_path / "puzzles"
    a = _write(folder, "third.toml", position_text(BOARD, FINAL))
    b = _write(folder, "second.toml", position_text(BOARD, FINAL, rulings={"scoring.edition": "second"}))
    code = main(["check", str(folder)])
    out = capsys.readouterr().out
    assert code == 1
    (line,) = [line for line in out.splitlines() if "the same position" in line]
    assert line.startswith("FAIL") and str(a) in line and str(b) in line
    assert "under = " in line  # says how to fix it


def test_the_same_board_with_other_points_scored_before_is_the_same_position(tmp_path):
    """Two files teaching one board under two readings stay one board to study when their totals differ."""
    a = _write(tmp_path, "before.toml", position_text(BOARD, FINAL | {"answer": {"red": 15, "blue": 4}},
                                                      scores={"red": 14}))
    b = _write(tmp_path, "after.toml", position_text(BOARD, FINAL | {"answer": {"red": 22, "blue": 4}},
                                                     scores={"red": 21}))
    assert duplicate_files([a, b]) == [[str(a), str(b)]]


def test_another_tile_in_hand_is_another_puzzle(tmp_path):
    count = {"kind": "count", "answer": 0}
    a = _write(tmp_path, "u.toml", position_text(BOARD, count | {"answer": 2}, hand="U"))
    b = _write(tmp_path, "v.toml", position_text(BOARD, count | {"answer": 3}, hand="V"))
    assert duplicate_files([a, b]) == []


def test_the_collection_holds_no_position_twice():
    assert duplicate_files(sorted(puzzle_root().rglob("*.toml"))) == []


def test_boards_apart_keeps_the_order_but_never_one_board_twice_in_a_row():
    assert boards_apart(["a1", "a2", "b1", "a3", "c1"], lambda s: s[0]) == ["a1", "b1", "a2", "c1", "a3"]
    assert boards_apart(["b1", "c1", "a1", "a2"], lambda s: s[0]) == ["b1", "a2", "c1", "a1"]
    assert boards_apart(["a1", "a2"], lambda s: s[0]) == ["a1", "a2"]  # nothing else to put between


def test_the_browser_never_lists_two_puzzles_on_one_board_in_a_row(tmp_path):
    folder = tmp_path / "puzzles"
    _write(folder, "a-third.toml", position_text(BOARD, FINAL))
    _write(folder, "b-second.toml", position_text(BOARD, FINAL, rulings={"scoring.edition": "second"}))
    _write(folder, "c-other.toml", position_text("0,0 D 0 red@E", {"kind": "final", "answer": {"red": 1, "blue": 0}}))
    _write(folder, "d-other.toml", position_text("0,0 D 0 blue@E", {"kind": "final", "answer": {"red": 0, "blue": 1}}))
    browser = BrowserModel(folder, progress=tmp_path / "progress.json")
    shown = browser.visible()
    assert all(a.board != b.board for a, b in zip(shown, shown[1:])), [e.key for e in shown]
    browser.open(shown[0].key)
    served = [browser.current.key]
    while browser.next():
        served.append(browser.current.key)
    assert served == [e.key for e in shown]


# ----- one puzzle under each reading ------------------------------------------------------------------------
UNDER = position_text(BOARD, {"kind": "final", "under": "scoring.edition",
                              "answer": {"third": {"red": 1, "blue": 4}, "second": {"red": 1, "blue": 2}}})


def test_a_puzzle_under_a_ruling_asks_each_reading_with_its_answer_and_explanation():
    p = parse(UNDER + '\n[question.explanation]\nthird = "a 2-tile city scores 4"\nsecond = "a 2-tile city scores 2"\n')
    third, second = readings_asked(p)
    assert dict(third.rulings)["scoring.edition"] == "third" and dict(second.rulings)["scoring.edition"] == "second"
    assert (third.question.answer, second.question.answer) == ((("red", 1), ("blue", 4)), (("red", 1), ("blue", 2)))
    assert second.question.explanation == "a 2-tile city scores 2"
    assert "this time: each city counts at most once per player" in question_text(second)
    assert parse(dump(p)) == p


@pytest.mark.parametrize("old, new, says", [
    ('under = "scoring.edition"', 'under = "scoring.era"', "under names a ruling"),
    ('"second" = {', '"fourth" = {', "an answer for each of at least two of its options"),
])
def test_a_question_under_a_ruling_is_checked_when_read(old, new, says):
    assert old in UNDER
    with pytest.raises(PositionFormatError, match=says):
        parse(UNDER.replace(old, new))


def test_the_ruling_asked_under_is_not_set_by_the_file():
    with pytest.raises(PositionFormatError, match="remove it from rulings"):
        parse(UNDER.replace('players = ["red", "blue"]', 'players = ["red", "blue"]\nrulings = { "scoring.edition" = '
                                                          '"second" }'))


def test_every_reading_of_the_collection_has_its_own_explanation():
    for path, p in collection():
        parts = readings_asked(p)
        if len(parts) > 1:
            texts = [part.question.explanation for part in parts]
            assert all(isinstance(t, str) for t in texts) and len(set(texts)) == len(texts), path
