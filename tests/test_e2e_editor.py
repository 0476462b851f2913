"""The editor in real JupyterLab and Chromium: a position built by clicks is posted as files, then asked a
question in the user's words (typed into the editor, never reaching the notebook) and posted again over the
first post once the user says replace (keys elsewhere: see test_e2e_keys.py).

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from labserver import board_mapping, board_point

pytestmark = pytest.mark.e2e

NOTEBOOK = "editor.ipynb"
CELLS = ["from carcnb.widgets.editor import BoardEditor\neditor = BoardEditor(mode='edit')\neditor", "1 + 1"]
CELL_STATE = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    return Array.from({length: cells.length}, (_, i) => [cells.get(i).type, cells.get(i).sharedModel.getSource()]);
}"""
ASKED = "Does red's road end at the city, and who scores it?"  # r, d, m, y, x, c: JupyterLab's command keys


def _notebook(path: Path) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
             for src in CELLS]
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture
def page(shared_lab):
    """A page of JupyterLab with the editor notebook run; the kernel works in a folder of its own, where it
    keeps its data (yields the page and that folder)."""
    from playwright.sync_api import expect

    served = shared_lab.folder("editor")
    _notebook(served / NOTEBOOK)
    with shared_lab.opened(f"editor/{NOTEBOOK}", 1300, 1300) as page:
        board = page.locator(".carcnb-editor .carcnb-board")
        expect(board).to_be_visible(timeout=120_000)
        board_mapping(page, board)
        yield page, served


def _aim(page, tile: tuple[int, int], fx: float, fy: float) -> tuple[float, float]:
    """The page point at fractions (fx, fy) of tile ``tile`` (fy from the tile's bottom) in the picture the
    editor shows, read from the mapping it writes on the picture once the picture is shown."""
    board = page.locator(".carcnb-editor .carcnb-board")
    return board_point(board, board_mapping(page, board), tile[0] + fx, tile[1] + fy)


def test_build_by_clicks_and_post(page):
    pytest.importorskip("carcnb.telling.post", reason="the Post button writes through carcnb.telling.post.write_post")
    from playwright.sync_api import expect

    page, served = page
    editor = page.locator(".carcnb-editor")
    status = editor.locator(".carcnb-status")
    palette = editor.locator(".carcnb-palette select")
    labels = palette.locator("option").evaluate_all("els => els.map(e => e.textContent)")
    palette.select_option(label=next(t for t in labels if t.replace("\xa0", " ").startswith("E: ")))  # nbsp
    expect(status).to_contain_text("E chosen", timeout=20_000)
    point = _aim(page, (0, 1), 0.5, 0.5)
    page.mouse.move(*point)  # with the pointer on the board, its keys are the editor's
    page.keyboard.press("r")
    page.keyboard.press("r")
    expect(status).to_contain_text("rotation 180", timeout=20_000)
    page.mouse.click(*point)
    expect(status).to_contain_text("put E at 0,1 rotation 180", timeout=20_000)
    editor.locator(".carcnb-tool button", has_text="follower").click()
    expect(status).to_contain_text("tool: follower", timeout=20_000)
    page.mouse.click(*_aim(page, (0, 1), 0.5, 0.1))  # the city at the south edge of E
    expect(status).to_contain_text("put a red follower on 0,1", timeout=20_000)

    editor.locator(".carcnb-post-folder input").fill("thread")
    editor.locator("button.carcnb-post").click()
    expect(status).to_contain_text("post written", timeout=60_000)
    text = editor.locator(".carcnb-post-text textarea")
    expect(text).to_be_visible(timeout=20_000)
    written = sorted(p.name for p in (served / "thread").iterdir())
    assert any(n.endswith(".png") for n in written) and len(written) >= 2
    post = next(p for p in (served / "thread").iterdir() if not p.name.endswith(".png"))
    assert text.input_value() == post.read_text(encoding="utf-8")
    assert "0,1 E 180 red@S" in post.read_text(encoding="utf-8")

    cells = page.evaluate(CELL_STATE)
    assert cells == [["code", source] for source in CELLS]
    ask = editor.locator(".carcnb-ask input")
    ask.click()
    ask.press_sequentially(ASKED)
    ask.press("Enter")
    expect(status).to_contain_text(f"asked: {ASKED}", timeout=20_000)
    expect(editor.locator(".carcnb-question")).to_contain_text(ASKED, timeout=20_000)
    assert page.evaluate(CELL_STATE) == cells  # every key went into the field, none to the notebook
    editor.locator("button.carcnb-post").click()
    expect(status).to_contain_text("already there", timeout=60_000)
    assert post.read_text(encoding="utf-8") == text.input_value()  # the first post is still there
    editor.locator("button.carcnb-post-replace").click()
    expect(status).to_contain_text("post written", timeout=60_000)
    expect(editor.locator(".carcnb-post-confirm")).to_be_hidden(timeout=20_000)
    assert f"**Question:** {ASKED}" in post.read_text(encoding="utf-8")
