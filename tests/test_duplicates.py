"""No puzzle twice: ``carcnb check`` reports puzzles on the same position, the collection has none, and the
quiz and the puzzle browser never serve two puzzles on one board in a row."""
from __future__ import annotations

from carcnb.cli import main
from carcnb.collection import puzzle_root
from carcnb.duplicates import boards_apart, duplicate_files
from carcnb.grade import grade_file
from carcnb.puzzleboard import BrowserModel

from conftest import position_text

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
