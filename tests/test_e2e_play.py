"""A game against the computer in real JupyterLab and Chromium: a click on the board places the tile, the
pass button ends the turn, the computer's reply is told in the log, `z` takes it back (typed with the pass
button gone from under the focus), and JupyterLab's command-mode keys typed then, or after a click on the
log, change no cell.

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from labserver import board_mapping, board_point

from carcnb.engine.actions import Place
from carcnb.widgets.game import GameModel

pytestmark = pytest.mark.e2e

NOTEBOOK = "play.ipynb"
GAME = 'PlayGame(("base",), players=("you", "random"), seed=1, iterations=5)'
CELLS = [("markdown", "# A game"), ("code", f"from carcnb.widgets.game import PlayGame\n{GAME}"), ("code", "1 + 1")]
COMMAND_KEYS = ("r", "m", "y", "d", "d", "x", "c", "v", "a", "b", "1", "2")
CELL_STATE = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    return Array.from({length: cells.length}, (_, i) => [cells.get(i).type, cells.get(i).sharedModel.getSource()]);
}"""


def _notebook(path: Path) -> None:
    cells = [{"cell_type": kind, "metadata": {}, "source": source,
              **({"execution_count": None, "outputs": []} if kind == "code" else {})} for kind, source in CELLS]
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))


def test_click_pass_the_reply_in_the_log_and_undo(shared_lab):
    from playwright.sync_api import expect

    place = next(a for a in GameModel(("base",), players=("you", "random"), seed=1).state.legal_actions()
                 if isinstance(a, Place) and a.rot == 0)
    _notebook(shared_lab.folder("play") / NOTEBOOK)
    with shared_lab.opened(f"play/{NOTEBOOK}", 1400, 1200) as page:
        game = page.locator(".carcnb-play[data-carcnb-keyguard]").first
        expect(game).to_be_visible(timeout=120_000)
        status, log = game.locator(".carcnb-status").first, game.locator(".carcnb-game-log").first
        board = game.locator(".carcnb-board").first
        board.scroll_into_view_if_needed()
        mapping = board_mapping(page, board)
        page.mouse.click(*board_point(board, mapping, place.x + 0.5, place.y + 0.5))
        expect(status).to_contain_text("deploy a follower", timeout=30_000)
        game.locator(".carcnb-quick-action", has_text="pass").first.click()
        expect(log).to_contain_text("Turn 2: blue (computer, random)", timeout=60_000)
        expect(status).to_contain_text("blue (computer, random) played turn 2")

        cells = page.evaluate(CELL_STATE)
        # the pass button that had the focus is gone, the decision buttons drawn anew: the keys stay here
        for key in COMMAND_KEYS:
            page.keyboard.press(key)
        assert page.evaluate(CELL_STATE) == cells
        page.keyboard.press("z")  # the game's own key: back to red's last decision
        expect(status).to_contain_text("taken back", timeout=30_000)
        expect(log).not_to_contain_text("Turn 2: blue")
        log.locator("b").first.click()  # plain text: the focus would go to the cell without the key guard
        for key in COMMAND_KEYS:
            page.keyboard.press(key)
        assert page.evaluate(CELL_STATE) == cells
