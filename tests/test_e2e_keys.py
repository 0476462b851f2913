"""Keys in real JupyterLab and Chromium: after a click on each kind of text of the editor, a puzzle board or the
puzzle browser (a caption, the question, the status line, a score table), or on the board picture, JupyterLab's
command-mode keys change no cell, and the widget's own keys still work.

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
PUZZLE = "puzzles/base/last-tile-three-cities-one-gap.toml"  # red holds Q: `r` turns it
OTHER = "puzzles/ferries/steal-by-moving.toml"
NOTEBOOK = "keys.ipynb"
CELLS = [
    ("markdown", "# Keys stay in the widgets"),
    ("code", f'from carcnb.widgets.editor import BoardEditor\nBoardEditor("{PUZZLE}")'),
    ("code", f'from carcnb.widgets.puzzleboard import PuzzleBoard\nPuzzleBoard("{PUZZLE}")'),
    ("code", 'from carcnb.widgets.puzzleboard import PuzzleBrowser\nbrowser = PuzzleBrowser("puzzles")\n'
             f'browser.model.open("{PUZZLE.removeprefix("puzzles/")}")\nbrowser'),
    ("code", "1 + 1"),
]
WIDGETS = {".carcnb-editor": 1, ".carcnb-puzzle": 2, ".carcnb-browser": 3}  # root -> the cell showing it
# every key of JupyterLab's command mode that changes cells (d twice: `d d` deletes a cell)
COMMAND_KEYS = ("r", "m", "y", "d", "d", "x", "c", "v", "z", "a", "b", "1", "2", "3", "4", "5", "6")
# After a click on each further text, a few of them: the guard keeps every key without a modifier alike, so what
# a text's click can change is only where the focus is, and any of these would change a cell if it left. Not `r`:
# the widgets' own key, which would draw the board again after every text.
SPOT_KEYS = ("m", "y", "d", "d")

CELL_STATE = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    return Array.from({length: cells.length}, (_, i) => [cells.get(i).type, cells.get(i).sharedModel.getSource()]);
}"""
# The text nodes of a widget that are plain text (not in a button, a menu, a field or a checkbox's label),
# visible now, one for each place in the widget's structure: where a click leaves the focus depends only on the
# elements the text sits in (their tags, classes and tab indexes, up to the widget), so of two texts in elements
# alike, as the cells of one table column, the first stands for both. Returned: their count, and the centre of
# the i-th (scrolled into view) with its text; and the notebook's cells as they are (CELL_STATE), read in the
# same call.
TEXT_AT = """([root, i, cellState]) => {
    const CONTROLS = 'button, select, option, input, textarea, label:has(input)';
    const place = (element) => {
        const path = [];
        for (let e = element; e && e !== root; e = e.parentElement) {
            path.push(`${e.tagName}.${e.className}#${e.getAttribute('tabindex')}`);
        }
        return path.join(' < ');
    };
    const texts = [], places = new Set();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent.trim() || parent.closest(CONTROLS) || places.has(place(parent))) continue;
        if (parent.getClientRects().length && parent.checkVisibility()) {
            texts.push(node);
            places.add(place(parent));
        }
    }
    const cells = cellState();
    if (i >= texts.length) return {count: texts.length, cells};
    texts[i].parentElement.scrollIntoView({block: 'center'});
    const range = document.createRange();
    range.selectNodeContents(texts[i]);
    const r = range.getClientRects()[0];
    return {count: texts.length, cells, text: texts[i].textContent.trim(), x: r.left + r.width / 2,
            y: r.top + r.height / 2};
}"""


def _notebook(path: Path) -> None:
    cells = [{"cell_type": kind, "metadata": {}, "source": source,
              **({"execution_count": None, "outputs": []} if kind == "code" else {})} for kind, source in CELLS]
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture(scope="module")
def served(shared_lab) -> Path:
    """A folder of JupyterLab's with the notebook of the three widgets and the puzzles they show."""
    served = shared_lab.folder("keys")
    for puzzle in (PUZZLE, OTHER):
        (served / puzzle).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / puzzle, served / puzzle)
    _notebook(served / NOTEBOOK)
    return served


@pytest.fixture
def page(shared_lab, served):
    """The notebook run afresh in a new page: every widget new, each with its keys guarded."""
    from playwright.sync_api import expect

    with shared_lab.opened(f"keys/{NOTEBOOK}", 1400, 1200) as page:
        for root in WIDGETS:
            expect(page.locator(f"{root}[data-carcnb-keyguard]").first).to_be_visible(timeout=120_000)
        yield page


def _root(page, root: str):
    return page.locator(".jp-Notebook .jp-Cell").nth(WIDGETS[root]).locator(root).first


def _click_text(page, widget, i: int) -> dict:
    """Click the middle of the i-th text of ``widget``; returns its text (or only the count past the end), and
    the notebook's cells as they were before the click."""
    at = widget.evaluate(f"(root, i) => ({TEXT_AT})([root, i, {CELL_STATE}])", i)
    if "text" in at:
        page.mouse.click(at["x"], at["y"])
    return at


def _press_command_keys(page, cells: list, where: str) -> None:
    _press(page, COMMAND_KEYS)
    assert page.evaluate(CELL_STATE) == cells, f"the notebook's cells changed after the keys typed {where}"


def _press(page, keys: tuple[str, ...]) -> None:
    for key in keys:
        page.keyboard.press(key)


def test_own_keys_after_a_click_on_text(page):
    """The widget's own `r` turns the tile after a click on a caption, a question, the browser's summary."""
    from playwright.sync_api import expect

    for root, text in ((".carcnb-editor", ".carcnb-hand-caption"), (".carcnb-puzzle", ".carcnb-question"),
                       (".carcnb-browser", ".carcnb-summary")):
        widget = _root(page, root)
        widget.locator(text).first.click()
        page.keyboard.press("r")
        expect(widget.locator(".carcnb-status").first).to_contain_text("rotation 90", timeout=20_000)

    cells = page.evaluate(CELL_STATE)
    assert cells == [[kind, source] for kind, source in CELLS]
    for root in WIDGETS:
        widget = _root(page, root)
        i, count, clicked = 0, 1, []
        while i < count:
            at = _click_text(page, widget, i)
            assert at["cells"] == cells, f"the notebook's cells changed after the keys typed after a click on " \
                                         f"{clicked[-1] if clicked else 'nothing'!r} in {root}"
            count = at["count"]
            if "text" in at:
                clicked.append(at["text"])
                if i == 0:
                    _press_command_keys(page, cells, f"after a click on {at['text']!r} in {root}")
                else:
                    _press(page, SPOT_KEYS)
            i += 1
        assert len(clicked) >= 4, f"{root} shows only these texts: {clicked}"
        widget.locator("button").first.focus()
        _press_command_keys(page, cells, f"with the focus on a button of {root}")
        board = widget.locator(".carcnb-board").first  # a click on the picture, then the pointer off it
        board.scroll_into_view_if_needed()
        mapping = board_mapping(page, board)
        corner = (mapping["xmin"], mapping["ymax"] - 1)  # the top-left tile of the board, empty in the puzzle
        x, y = board_point(board, mapping, corner[0] + 0.1, corner[1] + 0.9)
        page.mouse.click(x, y)
        status = widget.locator(".carcnb-status").first
        expect(status).to_contain_text(f"{corner[0]:.0f},{corner[1]:.0f} touches no tile", timeout=20_000)
        page.mouse.move(2, y)
        page.keyboard.press("r")
        expect(status).to_contain_text("rotation", timeout=20_000)
        _press_command_keys(page, cells, f"after a click on the board of {root}")
    assert page.evaluate(CELL_STATE) == cells


def test_own_keys_after_a_click_on_a_list_entry_or_a_button_the_click_disables(page):
    """A click on an entry of the browser's list leaves the focus on the list, whose own `r` would jump to an
    entry: `r` turns the tile instead. Reveal disables itself when clicked, and the last Hint too: the focus
    they held comes back to the widget, so its keys still work and the notebook's never act."""
    from playwright.sync_api import expect

    cells = page.evaluate(CELL_STATE)
    browser = _root(page, ".carcnb-browser")
    entry = browser.locator(".carcnb-puzzle-list option:checked").first  # the open puzzle's entry
    entry.scroll_into_view_if_needed()
    box = entry.bounding_box()
    page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)
    assert page.evaluate("() => document.activeElement.tagName") == "SELECT"
    page.keyboard.press("r")
    expect(browser.locator(".carcnb-status").first).to_contain_text("rotation 90", timeout=20_000)
    _press_command_keys(page, cells, "after a click on an entry of the puzzle list")

    puzzle = _root(page, ".carcnb-puzzle")
    status = puzzle.locator(".carcnb-status").first
    hint = puzzle.locator("button.carcnb-hint").first
    hint.click()
    expect(status).to_contain_text("hint 1 of ", timeout=60_000)
    count = int(status.inner_text().split("hint 1 of ")[1].split()[0])
    for shown in range(2, count + 1):
        hint.click()
        expect(status).to_contain_text(f"hint {shown} of {count}", timeout=60_000)
    expect(hint).to_be_disabled()
    page.keyboard.press("r")
    expect(status).to_contain_text("rotation 90", timeout=20_000)
    _press_command_keys(page, cells, "after the last Hint disabled itself")
    reveal = puzzle.locator("button.carcnb-reveal").first
    reveal.click()
    expect(puzzle.locator(".carcnb-answer").first).to_contain_text("Answer:", timeout=60_000)
    expect(reveal).to_be_disabled()
    page.keyboard.press("r")
    expect(status).to_contain_text("Try again", timeout=20_000)
    _press_command_keys(page, cells, "after Reveal disabled itself")

