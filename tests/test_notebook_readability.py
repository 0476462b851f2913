"""The notebooks read as pages for players: more prose than code, short code cells that show things through
a call, no asserts in view, links that lead somewhere, terms named before they are used, and no misspellings.
"""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from carcnb.engine.tiles import catalogue

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WORDS = ROOT / "tests" / "spelling-corrections.txt"  # misspellings codespell's own dictionary lacks
MAX_CELL_LINES = 15
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(#[^)]*)?\)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def lines(cell: dict) -> list[str]:
    return [line for line in text(cell).splitlines() if line.strip()]


def python(cell: dict) -> str:
    """A code cell's source without IPython magics (``%matplotlib``, ``!pip``), which are not Python."""
    return "\n".join(line for line in text(cell).splitlines() if not line.lstrip().startswith(("%", "!")))


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_more_prose_than_code(path):
    prose = sum(len(lines(c)) for c in cells(path) if c["cell_type"] == "markdown")
    code = sum(len(lines(c)) for c in cells(path) if c["cell_type"] == "code")
    assert prose >= code, f"{path.name}: {prose} lines of prose against {code} lines of code"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_code_cells_are_short(path):
    long = [(i, len(text(c).splitlines())) for i, c in enumerate(cells(path))
            if c["cell_type"] == "code" and len(text(c).splitlines()) > MAX_CELL_LINES]
    assert not long, f"{path.name}: code cells over {MAX_CELL_LINES} lines (cell, lines): {long}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_no_assert_in_view(path):
    found = [i for i, c in enumerate(cells(path)) if c["cell_type"] == "code"
             and any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(python(c))))]
    assert not found, f"{path.name}: assert statements in cells {found}; checks belong in tests/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_what_a_cell_shows_it_shows_through_a_call(path):
    """A bare name as a cell's last line would show a board with no caption: pictures come from
    carcnb.telling.explain, whose every picture has one, or from a widget."""
    bare = []
    for i, c in enumerate(cells(path)):
        if c["cell_type"] == "code" and text(c).strip():
            body = ast.parse(python(c)).body
            if body and isinstance(body[-1], ast.Expr) and not isinstance(body[-1].value, ast.Call):
                bare.append(i)
    assert not bare, f"{path.name}: cells {bare} end in a bare value; show it with a captioned call"


# live: they need a kernel, so no output is stored
WIDGETS = {"BoardEditor", "PuzzleBoard", "PuzzleBrowser", "PlayGame"}


def shows(cell: dict) -> str | None:
    """What a code cell shows: "widget", "picture" (its last line is any other call), or None (it shows nothing)."""
    body = ast.parse(python(cell)).body
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return None
    called = body[-1].value.func
    name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
    return "widget" if name in WIDGETS else "picture"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_shipped_with_its_pictures_and_no_widget_state(path):
    """A reader sees every board on opening the page, before running anything: each cell that draws keeps its
    output (``tools/store_outputs.py`` writes them), none is an error, and live widgets keep neither an output
    nor a state (without a kernel they could only show an error)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = [(i, c) for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"]
    missing = [i for i, c in code if shows(c) == "picture" and not c.get("outputs")]
    stale = [i for i, c in code if shows(c) != "picture" and c.get("outputs")]
    errors = [i for i, c in code for out in c.get("outputs", []) if out.get("output_type") == "error"]
    assert not missing, f"{path.name}: cells {missing} show nothing until run: tools/store_outputs.py {path.name}"
    assert not stale and not errors, f"{path.name}: cells {stale + errors}: run tools/store_outputs.py again"
    assert "widgets" not in notebook["metadata"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_links_lead_to_notebooks_that_exist(path):
    targets = {m.group(1) for c in cells(path) if c["cell_type"] == "markdown" for m in LINK.finditer(text(c))}
    missing = sorted(t for t in targets if not (path.parent / t).exists())
    assert not missing, f"{path.name} links to missing notebooks: {missing}"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem != "10-puzzles"],
                         ids=ids([p for p in NOTEBOOKS if p.stem != "10-puzzles"]))
def test_every_page_ends_with_links_onwards(path):
    last = [c for c in cells(path) if c["cell_type"] == "markdown"][-1]
    onward = [t for t in (m.group(1) for m in LINK.finditer(text(last))) if t != path.name]
    assert len(onward) >= 2, f"{path.name}: its last text cell should link to the next pages"


def test_start_here_lists_every_notebook():
    start = ROOT / "notebooks" / "00-start-here.ipynb"
    linked = {m.group(1) for c in cells(start) if c["cell_type"] == "markdown" for m in LINK.finditer(text(c))}
    assert {p.name for p in NOTEBOOKS if p != start} <= linked


NOTATION = "notation.ipynb"
CITED = re.compile(r"`([\w.-]+(?:/[\w.-]+)+|[\w.-]+\.(?:md|toml|py|txt|json|ipynb|png))`")
SHIPPED = ("notebooks", "puzzles")  # the folders a wheel carries and ``carcnb notebooks`` copies


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name != NOTATION],
                         ids=ids([p for p in NOTEBOOKS if p.name != NOTATION]))
def test_every_page_links_the_notation_page_near_its_top(path):
    """The ports and moves every page uses are one click away from its first text cell, in JupyterLab too:
    the link is to a notebook shipped beside the pages."""
    first = next(c for c in cells(path) if c["cell_type"] == "markdown")
    assert NOTATION in {m.group(1) for m in LINK.finditer(text(first))}, f"{path.name}: no link to {NOTATION} at its top"
    assert (path.parent / NOTATION).is_file()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_no_page_cites_a_file_that_is_not_shipped(path):
    """A file a page names (`puzzles/base/x.toml`, `notation.ipynb`) is one a reader has: in the notebooks' folder
    or the puzzles beside it."""
    root = ROOT.resolve()
    for c in cells(path):
        if c["cell_type"] != "markdown":
            continue
        for name in CITED.findall(text(c)):
            found = [p.resolve() for p in (path.parent / name, root / name) if p.exists()]
            shipped = [p for p in found if any(p.is_relative_to(root / folder) for folder in SHIPPED)]
            assert shipped, f"{path.name} cites {name}, which the kit does not ship"


def test_start_here_teaches_the_notation_with_pictures_before_asking_for_an_answer():
    """Ports and moves are taught, each with a picture that is stored, before the first puzzle."""
    start = cells(ROOT / "notebooks" / "00-start-here.ipynb")
    asked = next(i for i, c in enumerate(start) if c["cell_type"] == "code" and "PuzzleBoard(" in text(c))
    before = start[:asked]
    prose = " ".join(text(c) for c in before if c["cell_type"] == "markdown")
    for taught in ("`place 0,1 180`", "`NNW`", "`ESE`", "`deploy X,Y PORT`", "`C`", "`pass`"):
        assert taught in prose, f"00-start-here uses {taught} before teaching it"
    drawn = {shows_call(c) for c in before if c["cell_type"] == "code" and c.get("outputs")}
    assert {"ports", "moves"} <= drawn


def shows_call(cell: dict) -> str:
    """The name of the function a code cell's last line calls."""
    body = ast.parse(python(cell)).body
    call = body[-1].value if body and isinstance(body[-1], ast.Expr) else None
    return getattr(getattr(call, "func", None), "id", "")


def test_start_here_names_the_tiles_before_using_them():
    """A tile's name (`FL`, `EQ`, ...) first appears where the page explains tile names."""
    start = cells(ROOT / "notebooks" / "00-start-here.ipynb")
    prose = [text(c) for c in start if c["cell_type"] == "markdown"]
    named = next(i for i, t in enumerate(prose) if "have short names" in t)
    early = sorted({tid for t in prose[:named] for tid in re.findall(r"`([A-Z][A-Z0-9]*)`", t)} & set(catalogue().tiles))
    assert not early, f"00-start-here uses tile names {early} before saying what they are"


def test_no_misspellings(tmp_path):
    """codespell over every cell of every notebook (prose and code, not the stored pictures), with the project's
    extra corrections."""
    sources = []
    for path in NOTEBOOKS:
        sources.append(tmp_path / f"{path.stem}.txt")
        sources[-1].write_text("\n".join(text(c) for c in cells(path)), encoding="utf-8")
    found = subprocess.run([sys.executable, "-m", "codespell_lib", "-D", "-", "-D", str(WORDS), *map(str, sources)],
                           capture_output=True, text=True)
    assert found.returncode == 0, f"misspellings:\n{found.stdout}{found.stderr}"


def test_the_spelling_check_knows_the_kits_own_misspellings(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Two citys and three ferrys.\n", encoding="utf-8")
    found = subprocess.run([sys.executable, "-m", "codespell_lib", "-D", "-", "-D", str(WORDS), str(page)],
                           capture_output=True, text=True)
    assert "citys ==> cities" in found.stdout and "ferrys ==> ferries" in found.stdout


def test_every_ruling_is_shown_on_a_page():
    """Each ruling of the registry is named in some page's code: side by side (compare) or as its card (ruling)."""
    from carcnb.engine.rulings import RULINGS

    code = " ".join(text(c) for p in NOTEBOOKS for c in cells(p) if c["cell_type"] == "code")
    shown = set(re.findall(r'"([a-z]+\.[a-z_]+)"', code))
    assert set(RULINGS) <= shown, f"rulings no page shows: {sorted(set(RULINGS) - shown)}"
