"""The whole static site, built once from every notebook (as ``make site`` does): every page is there and
linked from the index, every picture has a caption, and in Chromium every image loads, no request leaves
the site's folder and the console stays free of errors.

The shipped notebooks are not run again here: their stored outputs stand in for a run (nbval runs every
notebook in the same test run, and test_notebook_readability checks that every picture a cell draws is
stored). What they do not store, the live widgets, comes from one small notebook written here and run as
``make site`` runs a notebook: a captioned picture, a widget changed after it was shown, and each kind of
live widget the pages show (an editor, a puzzle board, the puzzle browser, a game against the computer), frozen
to its last state."""
from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from conftest import remembered_notation_pictures
from labserver import launch, require_browser

from carcnb.site import build as site_build
from carcnb.site import build_site
from carcnb.telling import notation

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SMALL = "99-small-page"  # the notebook written and run here
SMALL_CELLS = (nbformat.v4.new_markdown_cell("# A page\n\nOn to [the next](02-next.ipynb)."),
               nbformat.v4.new_code_cell('from carcnb.telling.explain import example, picture\n'
                                         'picture(example("tour"), "the tour board")'),
               nbformat.v4.new_code_cell('import ipywidgets as w\nb = w.Button(description="before")\nb'),
               nbformat.v4.new_code_cell('b.description = "after"'),
               nbformat.v4.new_code_cell("from carcnb.widgets.editor import BoardEditor\n"
                                         "from carcnb.widgets.puzzleboard import PuzzleBoard, PuzzleBrowser\n"
                                         'BoardEditor(example("tour"))'),
               nbformat.v4.new_code_cell(f'PuzzleBoard({str(ROOT / "puzzles/base/count-straight-road.toml")!r})'),
               nbformat.v4.new_code_cell("PuzzleBrowser()"),
               nbformat.v4.new_code_cell("from carcnb.widgets.game import PlayGame\n"
                                         'PlayGame(sets=("river", "disasters", "ferries"), players=("you", "mcts"), '
                                         "seed=7)"))


@dataclass(frozen=True)
class Built:
    out: Path
    written: list[Path]
    progress: list[str]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Built:
    out, folder = tmp_path_factory.mktemp("site"), tmp_path_factory.mktemp("small")
    small = folder / f"{SMALL}.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=list(SMALL_CELLS)), small)
    run, lines = site_build.execute, []

    def stored_or_run(notebook: Path, data_dir: Path):
        """A shipped notebook as stored (its live widgets keep no output); the small notebook run."""
        return nbformat.read(notebook, as_version=4) if notebook in NOTEBOOKS else run(notebook, data_dir)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site_build, "execute", stored_or_run)
        patch.setattr(notation, "notation_pictures", remembered_notation_pictures)
        written = build_site([*NOTEBOOKS, small], out, progress=lines.append)
    return Built(out, written, lines)


@pytest.fixture(scope="module")
def site(built) -> Path:
    return built.out


def test_a_notebook_becomes_a_page_with_its_pictures_and_widgets_and_nothing_from_outside(built):
    pages = [f"{n.stem}.html" for n in NOTEBOOKS] + [f"{SMALL}.html"]
    assert "notation.html" in pages  # the notation notebook is the notation page: it is not made twice
    assert [p.name for p in built.written] == pages + ["index.html"]
    html = (built.out / f"{SMALL}.html").read_text(encoding="utf-8")
    assert "<script" not in html and not re.search(r'(src|href)="https?:', html)
    assert 'href="02-next.html"' in html and "picture(" not in html
    assert "<figcaption" in html and "the tour board" in html
    assert re.search(r"<button disabled[^>]*>after</button>", html) and "widget-view+json" not in html
    frozen = re.findall(r'<figure class="carcnb-widget".*?</figure>', html, flags=re.DOTALL)
    assert len(frozen) == 5  # the button; the editor, a puzzle board, the browser, a game: each with its pictures
    assert all('src="data:image/png;base64,' in f for f in frozen[1:]) and all("<figcaption" in f for f in frozen)
    assert 'href="notation.html"' in html  # the notation and the legend, one click from every page
    page = (built.out / "notation.html").read_text(encoding="utf-8")
    assert "<script" not in page and "deploy X,Y PORT" in page and "NNW" in page
    assert page.count('src="data:image/png;base64,') >= 10  # ports, examples, legend, tiles: inline
    index = (built.out / "index.html").read_text(encoding="utf-8")
    assert f'href="{SMALL}.html"' in index and "A page" in index and 'href="notation.html"' in index
    assert "carcnb-site-" not in html and "your carcnb data folder" in html  # not the build's temporary folder
    assert built.progress[0].startswith(f"[1/{len(pages)}] {NOTEBOOKS[0].name} ->")
    assert built.progress[-1].startswith("index ->")


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
            for name in ["index.html", "notation.html", f"{SMALL}.html"] + [f"{n.stem}.html" for n in NOTEBOOKS]:
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
