"""A click lands on the feature drawn under it, in real JupyterLab and Chromium: red turns Q half a turn, puts
it at 0,1 and clicks the middle of the field it shows, far from every port but the bare edge's: the farmer
goes there, as the answer wants.

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from labserver import board_mapping, board_point

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = "puzzles/base/last-tile-three-cities-one-gap.toml"  # red holds Q; the answer: place 0,1 180, a farmer
NOTEBOOK = "clicks.ipynb"
FIELD_MIDDLE = (0.5, 1.85)  # Q turned 180 at 0,1: its field is the strip along the north edge


def _notebook() -> dict:
    source = f'from carcnb.widgets.puzzleboard import PuzzleBoard\nPuzzleBoard("{PUZZLE}")'
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {},
                       "outputs": [], "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def test_a_click_in_the_middle_of_a_field_puts_the_farmer_there(shared_lab):
    from playwright.sync_api import expect

    served = shared_lab.folder("clicks")
    (served / PUZZLE).parent.mkdir(parents=True)
    shutil.copy(ROOT / PUZZLE, served / PUZZLE)
    (served / NOTEBOOK).write_text(json.dumps(_notebook()), encoding="utf-8")
    with shared_lab.opened(f"clicks/{NOTEBOOK}", 1400, 1200) as page:
        puzzle = page.locator(".carcnb-puzzle[data-carcnb-keyguard]").first
        expect(puzzle).to_be_visible(timeout=120_000)
        status, pointer = puzzle.locator(".carcnb-status").first, puzzle.locator(".carcnb-pointer").first
        board = puzzle.locator(".carcnb-board").first
        board.scroll_into_view_if_needed()
        rotate = puzzle.locator("button.carcnb-rotate").first
        rotate.click()
        expect(status).to_contain_text("rotation 90", timeout=30_000)
        rotate.click()
        expect(status).to_contain_text("rotation 180", timeout=30_000)

        mapping = board_mapping(page, board)
        page.mouse.click(*board_point(board, mapping, 0.5, 1.5))
        expect(status).to_contain_text("place 0,1 180", timeout=30_000)
        expect(status).to_contain_text("deploy a follower", timeout=30_000)

        mapping = board_mapping(page, board, after=mapping["drawn"])  # the picture with Q on the board
        x, y = board_point(board, mapping, *FIELD_MIDDLE)
        page.mouse.move(x, y)
        expect(pointer).to_have_text("0,1 NNW", timeout=30_000)  # the field's name: the feature under it
        page.mouse.click(x, y)
        expect(status).to_contain_text("deploy 0,1 NNW", timeout=30_000)
        expect(status).to_contain_text("press Check", timeout=30_000)
