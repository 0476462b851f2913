"""The editor in a real browser: JupyterLab serves a copy of the start notebook, Chromium runs it, and a
click on the board picture must reach the kernel and come back as a placed tile.

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from labserver import POLL, board_mapping, board_point

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/00-start-here.ipynb"
ARTIFACT = ROOT / "tests" / "artifacts" / "e2e-lab.png"

STATUS_HAS = """(text) => {
    const editors = document.querySelectorAll('.carcnb-editor');
    const status = editors.length && editors[editors.length - 1].querySelector('.carcnb-status');
    return !!status && status.textContent.includes(text);
}"""

TIMER = """() => {
    const editors = document.querySelectorAll('.carcnb-editor');
    const editor = editors[editors.length - 1];
    const img = editor.querySelector('.carcnb-board'), status = editor.querySelector('.carcnb-status');
    const times = window.carcnbTimes = {click: 0, status: 0, picture: 0};
    img.addEventListener('click', () => { times.click = performance.now(); }, {capture: true, once: true});
    new MutationObserver(() => { if (times.click && !times.status) times.status = performance.now(); })
        .observe(status, {subtree: true, childList: true, characterData: true});
    new MutationObserver(() => { if (times.click && !times.picture) times.picture = performance.now(); })
        .observe(img, {attributes: true, attributeFilter: ['src']});
}"""


@pytest.fixture
def lab(shared_lab) -> str:
    """A folder of JupyterLab's with a copy of the notebook and the puzzles; the notebook's path in it."""
    if not (ROOT / NOTEBOOK).exists():
        pytest.skip(f"{NOTEBOOK} is missing")
    served = shared_lab.folder("lab")
    (served / "notebooks").mkdir()
    shutil.copy(ROOT / NOTEBOOK, served / NOTEBOOK)
    shutil.copytree(ROOT / "puzzles", served / "puzzles")
    return f"lab/{NOTEBOOK}"


def test_click_places_a_tile_in_jupyterlab(shared_lab, lab):
    from playwright.sync_api import expect

    started = time.monotonic()
    with shared_lab.opened(lab, 1400, 1400) as page:

        editor = page.locator(".carcnb-editor").last
        board = editor.locator(".carcnb-board")
        expect(board).to_be_visible(timeout=120_000)
        status = editor.locator(".carcnb-status")
        scores = editor.locator(".carcnb-score")
        expect(status).not_to_have_text("", timeout=30_000)

        if status.inner_text().startswith("draw"):
            editor.locator("button.carcnb-random").click()
            expect(status).to_contain_text("place", timeout=20_000)
        options = editor.locator(".carcnb-actions option").evaluate_all("els => els.map(e => e.value)")
        places = [t for t in options if t.startswith("place ")]
        assert places, f"no placement offered; status: {status.inner_text()!r}"
        m = re.fullmatch(r"place (-?\d+),(-?\d+) (\d+)", places[0])
        x, y, rot = (int(g) for g in m.groups())
        for quarter in range(1, rot // 90 + 1):
            editor.locator("button.carcnb-rotate").click()
            expect(status).to_contain_text(f"rotation {90 * quarter}", timeout=20_000)

        before = (status.inner_text(), scores.inner_text())
        board.scroll_into_view_if_needed()
        target = board_point(board, board_mapping(page, board), x + 0.5, y + 0.5)
        page.mouse.move(*target)  # hover first: the preview is drawn before the click is timed
        expect(editor.locator(".carcnb-pointer")).to_contain_text(f"{x},{y} ", timeout=20_000)
        hovered = board_mapping(page, board)  # the label is named once the preview is shown
        page.evaluate(TIMER)
        page.mouse.click(*target)
        page.wait_for_function(STATUS_HAS, arg=f"place {x},{y} {rot}", polling=POLL, timeout=20_000)
        board_mapping(page, board, after=hovered["drawn"])
        times = page.evaluate("() => window.carcnbTimes")
        assert (status.inner_text(), scores.inner_text()) != before
        expect(editor.locator(".carcnb-actions option").first).to_have_attribute("value", re.compile("^deploy "),
                                                                            timeout=20_000)

        ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
        page.mouse.move(0, 0)
        board.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACT))
        print(f"click to new status {times['status'] - times['click']:.0f} ms, to new picture "
              f"{times['picture'] - times['click']:.0f} ms (in the page); test {time.monotonic() - started:.1f} s")
