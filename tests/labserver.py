"""JupyterLab for browser tests: a server on a free loopback port serving a folder, and a Chromium page that
opens a notebook in it and runs it. One server and one browser serve every browser test of a run
(``SharedLab``, the ``shared_lab`` fixture of conftest.py): each test works in a folder of its own under the
served one, where its kernels run and keep their data.

Needs Debian's Chromium at /usr/bin/chromium (``make test`` installs it when run as root).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic"]
TOKEN = "carcnb-e2e"
# How often, in milliseconds, a wait asks the page again: by default Playwright asks at every animation frame,
# which keeps Chromium drawing frames all through a wait.
POLL = 50
KERNEL_READY = """(path) => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (!w || !w.context || w.context.path !== path) return false;
    const k = w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
    return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""


def require_browser() -> None:
    """Skip the calling test, saying how to enable it, when Chromium or Playwright is missing."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing: run `make test` as root to install it with apt-get, "
                    "or apt-get install chromium")
    pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _settings(directory: Path) -> None:
    """A quiet, fully rendered JupyterLab: no news prompt, every cell in the DOM."""
    for plugin, values in {"apputils-extension/notification": {"fetchNews": "false"},
                           "notebook-extension/tracker": {"windowingMode": "none"}}.items():
        path = directory / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def _wait_for_server(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"jupyter lab exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"jupyter lab did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


@contextmanager
def jupyter_lab(served: Path, work: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """Run JupyterLab on ``served`` (its settings, workspaces and log in ``work``); yields its base URL and
    stops the server at the end. ``env`` is added to the server's (and so the kernels') environment."""
    _settings(work / "settings")
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(work / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(work / "workspaces"), "JUPYTER_RUNTIME_DIR": str(work / "runtime"),
           **(env or {})}
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", *(["--allow-root"] if os.geteuid() == 0 else []), "--no-browser",
           f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
           f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={served}", "--LabApp.expose_app_in_browser=True"]
    log = work / "lab.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=served)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_for_server(url, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@dataclass
class SharedLab:
    """The run's JupyterLab (``url``, serving ``served``) and Chromium's one browsing context (``context``), with
    one page in it where JupyterLab is loaded once: each test's notebook is opened in that page and closed after
    it (its kernel shut down), which spares every test but the first the seconds of loading JupyterLab's
    scripts. A test that fails takes the page with it: the next test loads JupyterLab afresh."""

    url: str
    served: Path
    context: object
    page: object | None = None

    @contextmanager
    def opened(self, notebook: str, width: int, height: int) -> Iterator:
        """The page, ``width`` by ``height`` pixels, with ``notebook`` (a path under the served folder) opened
        and run in it (``open_and_run``); the notebook is closed at the end."""
        if self.page is None:
            self.page = self.context.new_page()
            self.page.set_viewport_size({"width": width, "height": height})
            open_and_run(self.page, self.url, notebook)
        else:
            self.page.set_viewport_size({"width": width, "height": height})
            open_and_run_here(self.page, notebook)
        try:
            yield self.page
            self.page.evaluate(CLOSE_ALL)
        except BaseException:
            self.page.close()
            self.page = None
            raise

    def folder(self, name: str) -> Path:
        """A new folder of its own for a test, under the served one: its notebooks are opened as
        ``f"{name}/notebook.ipynb"``, their kernels run in it and keep their data in its ``data`` folder."""
        folder = self.served / name
        folder.mkdir()
        return folder


@contextmanager
def shared_lab(work: Path) -> Iterator[SharedLab]:
    """JupyterLab serving a folder in ``work`` and Chromium, for every browser test of a run. A kernel starts in
    its notebook's folder, and the data folder is given relative to it (``CARCNB_DATA_DIR=data``): each test's
    kernels keep their progress and autosaves in their own folder, as if each test had a server of its own."""
    from playwright.sync_api import sync_playwright

    served = work / "served"
    served.mkdir()
    with jupyter_lab(served, work, {"CARCNB_DATA_DIR": "data"}) as url, sync_playwright() as pw:
        browser = launch(pw)
        try:
            yield SharedLab(url, served, browser.new_context())
        finally:
            browser.close()


def open_and_run(page, url: str, notebook: str) -> None:
    """Load JupyterLab in ``page`` with ``notebook`` (a path under the served folder) open, and run all its
    cells once the kernel is connected (a run sent earlier is silently dropped). The page's workspace is named
    after the notebook's folder, so that a page never restores the tabs another test left open."""
    workspace = notebook.split("/")[0].removesuffix(".ipynb")
    page.goto(f"{url}/lab/workspaces/{workspace}/tree/{notebook}?token={TOKEN}")
    _run_when_ready(page, notebook)


def open_and_run_here(page, notebook: str) -> None:
    """Open ``notebook`` in the JupyterLab ``page`` has loaded already, and run all its cells."""
    page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'}); }",
                  notebook)
    _run_when_ready(page, notebook)


def _run_when_ready(page, notebook: str) -> None:
    page.wait_for_function(KERNEL_READY, arg=notebook, polling=POLL, timeout=120_000)
    # not awaited: page.evaluate would wait on the returned promise with no timeout
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


# Every tab of the main area closed without asking (a notebook run is changed, and JupyterLab would ask whether
# to save it), each notebook's kernel shut down first.
CLOSE_ALL = """async () => {
    for (const widget of Array.from(window.jupyterapp.shell.widgets('main'))) {
        if (widget.sessionContext) await widget.sessionContext.shutdown();
        if (widget.context) widget.context.model.dirty = false;
        widget.dispose();
    }
}"""


def launch(pw):
    """Debian's Chromium, headless, with the flags that keep it quiet and offline."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)


def settle(page) -> None:
    """Wait until the kernel has handled every message the page sent it (a key, a click) and the page has
    received all it sent back: an empty execution sent now is answered only after them, and its end is
    announced after their replies. A picture a key asked for is then on its way, its mapping after it."""
    page.evaluate(SETTLE)
    page.wait_for_function("() => window.carcnbSettled === true", polling=POLL, timeout=120_000)


SETTLE = """() => {
    window.carcnbSettled = false;
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    kernel.requestExecute({code: '', silent: true, store_history: false}).done.then(() => {
        window.carcnbSettled = true;
    });
}"""


def board_mapping(page, board, after: int = 0) -> dict:
    """The mapping of the picture ``board`` (a locator of the board's ``<img>``) shows, read from the data
    attributes the widget writes on it, once the kernel has answered what the page sent it (``settle``) and a
    picture drawn after the ``after``-th is shown (decoded, its mapping written): ``drawn`` (its count),
    ``xmin`` and ``ymax`` (the board point at the board's top-left corner), ``tile`` (pixels per tile), ``top``
    (pixels above the board) and ``width`` (the picture's)."""
    handle = board.element_handle(timeout=120_000)
    settle(page)
    page.wait_for_function(SHOWN, arg=[handle, after], polling=POLL, timeout=60_000)
    return page.evaluate(MAPPING, handle)


def board_point(board, mapping: dict, bx: float, by: float) -> tuple[float, float]:
    """Where in the page the board point (bx, by) is drawn (a tile spans [x, x+1] x [y, y+1])."""
    box = board.bounding_box()
    shown = box["width"] / mapping["width"]  # page pixels per picture pixel
    return (box["x"] + (bx - mapping["xmin"]) * mapping["tile"] * shown,
            box["y"] + (mapping["top"] + (mapping["ymax"] - by) * mapping["tile"]) * shown)


SHOWN = """([img, after]) => img.complete && img.naturalWidth > 0 && +img.dataset.carcnbDrawn > after
    && img.naturalWidth === +img.dataset.carcnbWidth && img.getBoundingClientRect().width > 0"""
MAPPING = """(img) => Object.fromEntries(['drawn', 'xmin', 'ymax', 'tile', 'top', 'width'].map(
    name => [name, +img.getAttribute('data-carcnb-' + name)]))"""
