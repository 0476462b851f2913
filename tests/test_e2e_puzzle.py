"""A puzzle solved in a real browser: JupyterLab runs a notebook with a `best` puzzle board, Chromium clicks
the board to play the answer, presses Check and reads "right" (keys: see test_e2e_keys.py).

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from labserver import board_mapping, board_point

from carcnb.engine.geometry import PORT_INDEX
from carcnb.telling.render import port_point

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = "puzzles/ferries/steal-by-moving.toml"  # red moves the ferry at 1,0 to join S and W
NOTEBOOK = "solve.ipynb"


def _notebook(puzzle: str) -> dict:
    source = f'from carcnb.widgets.puzzleboard import PuzzleBoard\nPuzzleBoard("{puzzle}")'
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {},
                       "outputs": [], "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture
def served(shared_lab) -> Path:
    """A folder of JupyterLab's with a one-cell notebook showing the puzzle's board (progress kept there)."""
    served = shared_lab.folder("puzzle")
    (served / PUZZLE).parent.mkdir(parents=True)
    shutil.copy(ROOT / PUZZLE, served / PUZZLE)
    (served / NOTEBOOK).write_text(json.dumps(_notebook(PUZZLE)), encoding="utf-8")
    return served


def _port(page, board, x: int, y: int, port: str) -> tuple[float, float]:
    """Where in the page the port of the tile at (x, y) is drawn, read from the mapping the board writes on
    its picture once the picture is shown."""
    return board_point(board, board_mapping(page, board), *port_point(PORT_INDEX[port], x, y))


def test_solve_a_best_puzzle_by_clicking_the_board(shared_lab, served):
    from playwright.sync_api import expect

    with shared_lab.opened(f"puzzle/{NOTEBOOK}", 1400, 1400) as page:
        puzzle = page.locator(".carcnb-puzzle")
        board = puzzle.locator(".carcnb-board")
        expect(board).to_be_visible(timeout=120_000)
        board.scroll_into_view_if_needed()
        status = puzzle.locator(".carcnb-status")
        expect(puzzle.locator(".carcnb-question")).to_contain_text("ferry", timeout=20_000)
        expect(puzzle.locator(".carcnb-verdict")).to_have_text("")
        expect(puzzle.locator(".carcnb-answer")).to_have_text("")  # nothing of the answer before Check

        page.mouse.click(*_port(page, board, 1, 0, "W"))  # the W jetty: two moves use it
        expect(status).to_contain_text("2 decisions at 1,0", timeout=20_000)
        page.mouse.click(*_port(page, board, 1, 0, "S"))  # and S: the ferry joins S and W
        expect(status).to_contain_text("ferry 1,0 S-W", timeout=20_000)
        expect(status).to_contain_text("press Check", timeout=20_000)

        puzzle.locator("button.carcnb-check").click()
        expect(puzzle.locator(".carcnb-verdict")).to_contain_text(re.compile("right", re.I), timeout=30_000)
        expect(page.locator(".jp-Notebook")).to_contain_text(re.compile("right", re.I))
