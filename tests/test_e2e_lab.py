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

from labserver import jupyter_lab, launch, open_and_run, require_browser

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
def lab(tmp_path: Path):
    """A JupyterLab server on a free loopback port serving a copy of the notebook and the puzzles."""
    require_browser()
    if not (ROOT / NOTEBOOK).exists():
        pytest.skip(f"{NOTEBOOK} is missing")
    served = tmp_path / "served"
    (served / "notebooks").mkdir(parents=True)
    shutil.copy(ROOT / NOTEBOOK, served / NOTEBOOK)
    shutil.copytree(ROOT / "puzzles", served / "puzzles")
    with jupyter_lab(served, tmp_path) as url:
        yield url


def _pointer(page, editor, box: dict, x: float, y: float) -> str:
    """Hover the picture at (x, y) CSS pixels and read what the editor reports there ("x,y PORT"). The
    pointer leaves the picture first, so that a report left over from an earlier move is never read."""
    from playwright.sync_api import expect

    label = editor.locator(".carcnb-pointer")
    page.mouse.move(box["x"] - 10, box["y"] - 10)
    expect(label).to_have_text("", timeout=20_000)
    page.mouse.move(box["x"] + x, box["y"] + y)
    expect(label).to_have_text(re.compile(r"^-?\d+,-?\d+ [A-Z]+$"), timeout=20_000)
    return label.inner_text()


def _tile(reported: str) -> tuple[int, int]:
    x, y = reported.split()[0].split(",")
    return int(x), int(y)


def test_click_places_a_tile_in_jupyterlab(lab):
    from playwright.sync_api import expect, sync_playwright

    started = time.monotonic()
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            open_and_run(page, lab, NOTEBOOK)

            editor = page.locator(".carcnb-editor").last
            board = editor.locator(".carcnb-board")
            expect(board).to_be_visible(timeout=120_000)
            page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=board.element_handle(),
                                   timeout=30_000)
            board.scroll_into_view_if_needed()
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

            box = board.bounding_box()
            top_left = _pointer(page, editor, box, 3, 3)
            bottom_right = _pointer(page, editor, box, box["width"] - 3, box["height"] - 3)
            (x0, y0), (x1, y1) = _tile(top_left), _tile(bottom_right)
            tile_w, tile_h = box["width"] / (x1 - x0 + 1), box["height"] / (y0 - y1 + 1)
            before = (status.inner_text(), scores.inner_text())

            target = (box["x"] + (x - x0 + 0.5) * tile_w, box["y"] + (y0 - y + 0.5) * tile_h)
            page.mouse.move(*target)  # hover first: the preview is drawn before the click is timed
            expect(editor.locator(".carcnb-pointer")).to_contain_text(f"{x},{y} ", timeout=20_000)
            page.wait_for_timeout(500)
            page.evaluate(TIMER)
            page.mouse.click(*target)
            page.wait_for_function(STATUS_HAS, arg=f"place {x},{y} {rot}", timeout=20_000)
            page.wait_for_function("() => window.carcnbTimes.picture > 0", timeout=20_000)
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
        finally:
            browser.close()
