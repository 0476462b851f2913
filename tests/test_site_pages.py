"""The whole static site, built once from every notebook (as ``make site`` does): every page is there and
linked from the index, every picture has a caption, and in Chromium every image loads, no request leaves
the site's folder and the console stays free of errors.

The pages are built from the outputs the notebooks ship with (the pictures ``tools/store_outputs.py`` keeps),
not by running each notebook again: nbval runs every notebook in the same ``make test``, and
``tests/test_site.py`` builds a page by running a notebook, widgets frozen to their last state included."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from labserver import launch, require_browser

from carcnb.site import build_site

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("carcnb.site.build.execute", lambda notebook, data_dir: nbformat.read(notebook, as_version=4))
        build_site(NOTEBOOKS, out, progress=lambda line: None)
    return out


class Pictures(HTMLParser):
    """Every <img> of a page, with whether it sits in a <figure> that has a non-empty <figcaption>."""

    def __init__(self):
        super().__init__()
        self.open: list[dict] = []  # figures being read: their images and caption text
        self.in_caption = False
        self.found: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "figure":
            self.open.append({"images": [], "caption": ""})
        elif tag == "figcaption":
            self.in_caption = True
        elif tag == "img":
            src = dict(attrs).get("src", "")[:40]
            if self.open:
                self.open[-1]["images"].append(src)
            else:
                self.found.append((src, bool(dict(attrs).get("title"))))

    def handle_data(self, data):
        if self.in_caption and self.open:
            self.open[-1]["caption"] += data

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self.in_caption = False
        elif tag == "figure" and self.open:
            figure = self.open.pop()
            self.found += [(src, bool(figure["caption"].strip())) for src in figure["images"]]


def test_every_notebook_has_a_page_linked_from_the_index(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    for notebook in NOTEBOOKS:
        assert (site / f"{notebook.stem}.html").is_file()
        assert f'href="{notebook.stem}.html"' in index


def test_pages_show_no_code_and_link_pages_not_notebooks(site):
    for page in site.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'class="[^"]*\bjp-CodeMirrorEditor\b', html), f"{page.name} shows code"
        assert not re.search(r'href="[^":]+\.ipynb', html), f"{page.name} links to a notebook"


def test_every_picture_has_a_caption(site):
    for page in site.glob("*.html"):
        reader = Pictures()
        reader.feed(page.read_text(encoding="utf-8"))
        bare = [src for src, captioned in reader.found if not captioned]
        assert not bare, f"{page.name}: {len(bare)} pictures without a caption or title"


@pytest.mark.browser
def test_the_site_in_a_browser_loads_only_its_own_files(site):
    require_browser()
    from playwright.sync_api import sync_playwright

    root = site.resolve().as_uri()
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page()
            requests, errors = [], []
            page.on("request", lambda r: requests.append(r.url))
            page.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            for name in ["index.html"] + [f"{n.stem}.html" for n in NOTEBOOKS]:
                page.goto(f"{root}/{name}")
                page.wait_for_load_state("load")
                broken = page.evaluate("() => [...document.images].filter(i => !i.complete || i.naturalWidth === 0)"
                                       ".map(i => i.src.slice(0, 60))")
                assert not broken, f"{name}: images that did not load: {broken}"
            outside = [u for u in requests if not (u.startswith(root + "/") or u.startswith("data:"))]
            assert not outside, f"requests outside the site's folder: {outside[:5]}"
            assert not errors, f"console errors: {errors[:5]}"
        finally:
            browser.close()
