"""The widgets' own keys typed anywhere in them (not only with the pointer on the board): the page sends each
to the kernel through the widget's ``KeyGuard``, which runs it; other keys do nothing."""
from __future__ import annotations

import shutil
from pathlib import Path

import ipywidgets as w

from carcnb.widgets.editor import BoardEditor
from carcnb.widgets.editor.keyguard import KeyGuard
from carcnb.widgets.puzzleboard import PuzzleBoard, PuzzleBrowser

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = "puzzles/base/last-tile-three-cities-one-gap.toml"  # red holds Q


def _guard(widget: w.Box) -> KeyGuard:
    return next(c for c in widget.children if isinstance(c, KeyGuard))


def _type(widget: w.Box, key: str) -> None:
    """What the page sends when ``key`` is typed in ``widget`` off its board."""
    _guard(widget)._handle_custom_msg({"key": key}, [])


def test_r_typed_in_the_editor_turns_the_tile_and_z_undoes():
    editor = BoardEditor(ROOT / PUZZLE, autosave=False)
    _type(editor, "r")
    assert editor.model.in_hand().rot == 90
    assert "rotation 90" in editor.status.value
    _type(editor, "m")  # not the editor's: nothing happens
    assert editor.model.in_hand().rot == 90


def test_r_typed_in_a_puzzle_board_turns_the_tile():
    board = PuzzleBoard(ROOT / PUZZLE)
    _type(board, "r")
    _type(board, "r")
    assert "rotation 180" in board.status.value


def test_keys_typed_in_the_browser_go_to_the_open_puzzle(tmp_path: Path):
    shelf = tmp_path / "puzzles"
    (shelf / "base").mkdir(parents=True)
    shutil.copy(ROOT / PUZZLE, shelf / "base")
    browser = PuzzleBrowser(shelf, progress=tmp_path / "progress.json")
    assert set(_guard(browser).own_keys) == set(browser.board.view.keys)
    _type(browser, "r")
    assert "rotation 90" in browser.board.status.value
