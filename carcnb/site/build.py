"""Build the static site: every notebook executed once, its widgets replaced by their last picture and text,
exported to HTML with the code hidden, and an index page that links them all.

Pages load nothing from the internet: the ``carcnb-site`` template drops JupyterLab's script tags, pictures
are inline, and links between notebooks point at the pages (``05-meteor.ipynb`` -> ``05-meteor.html``).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbconvert import HTMLExporter
from nbconvert.preprocessors import Preprocessor

from carcnb.engine.errors import CarcnbError
from carcnb.storage.safewrite import check_folder, refuse_overwrite, write_file

TEMPLATES = Path(__file__).parent / "templates"
WIDGET = "application/vnd.jupyter.widget-view+json"
NOTEBOOK_LINK = re.compile(r"""(\]\(|href=["'])(?![a-z]+:|/)([^)"'#\s]+)\.ipynb""")
TIMEOUT = 600  # seconds for one cell
FOLDER_WORDS = "your carcnb data folder"  # what a page says instead of the build's temporary data folder


class SiteError(CarcnbError):
    """Bad input to the site build: a missing or unreadable notebook."""


class NotebookFailed(SiteError):
    """A notebook raised an error while it ran."""


def page_name(notebook: Path) -> str:
    return notebook.with_suffix(".html").name


def to_page_links(text: str) -> str:
    """Links to notebooks, in Markdown or HTML, made links to their pages."""
    return NOTEBOOK_LINK.sub(r"\1\2.html", text)


class PageLinks(Preprocessor):
    """Every link to a notebook, in text cells and in HTML outputs, points at its page."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            cell.source = to_page_links(cell.source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                data["text/html"] = to_page_links(data["text/html"])
        return cell, resources


def _widget_ids(nb) -> list[str]:
    return [o["data"][WIDGET]["model_id"] for c in nb.cells if c.cell_type == "code"
            for o in c.get("outputs", []) if WIDGET in o.get("data", {})]


def _freeze_widgets(nb, snapshots: dict[str, str]) -> None:
    """Replace each widget output by its last state as HTML (the widget itself needs a kernel)."""
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET in data:
                html = snapshots.get(data[WIDGET]["model_id"])
                data.pop(WIDGET)
                if html:
                    data["text/html"] = html


def execute(notebook: Path, data_dir: Path) -> nbformat.NotebookNode:
    """The notebook run once in its own folder; its widget outputs frozen to their last state. Editors and
    puzzle boards keep their files in ``data_dir`` (never the user's own autosaves and progress)."""
    try:
        nb = nbformat.read(notebook, as_version=4)
    except (OSError, ValueError) as e:
        raise SiteError(f"{notebook}: not a readable notebook ({e})") from None
    client = NotebookClient(nb, kernel_name="python3", timeout=TIMEOUT,
                            resources={"metadata": {"path": str(notebook.parent.resolve())}})
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}  # cell output comes as messages
    with client.setup_kernel(env={**os.environ, "CARCNB_DATA_DIR": str(data_dir)}, **quiet):
        try:
            for index, cell in enumerate(nb.cells):
                client.execute_cell(cell, index)
        except CellExecutionError as e:
            raise NotebookFailed(f"{notebook}: cell {index} failed:\n{e}") from None
        ids = _widget_ids(nb)
        probe = nbformat.v4.new_code_cell(f"from carcnb.site.snapshot import print_snapshots\n"
                                          f"print_snapshots({json.dumps(ids)})")
        nb.cells.append(probe)
        try:
            client.execute_cell(probe, len(nb.cells) - 1)
        finally:
            nb.cells.pop()
    text = "".join(o.get("text", "") for o in probe.outputs if o.get("name") == "stdout")
    _freeze_widgets(nb, json.loads(text or "{}"))
    _hide_folder(nb, data_dir)
    return nb


def _hide_folder(nb, data_dir: Path) -> None:
    """The build's own data folder (a temporary one) named in words wherever an output shows it: a reader's
    files go to their own data folder, never to the one the page was built with."""
    folder = str(data_dir)
    said = {folder + os.sep: f"{FOLDER_WORDS}: ", folder: FOLDER_WORDS}
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            for holder, key in [(output, "text"), *((output.get("data", {}), k) for k in ("text/html", "text/plain"))]:
                value = holder.get(key)
                if isinstance(value, str) and folder in value:
                    for path, words in said.items():
                        value = value.replace(path, words)
                    holder[key] = value


def exporter() -> HTMLExporter:
    """HTML with the code hidden, in JupyterLab's light look, loading nothing from the internet."""
    export = HTMLExporter(template_name="carcnb-site", extra_template_basedirs=[str(TEMPLATES)],
                          exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True)
    export.register_preprocessor(PageLinks(), enabled=True)
    return export


def title_and_summary(nb) -> tuple[str, str]:
    """A notebook's first heading and the first sentence of text after it."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            lines = cell.source.strip().splitlines()
            if lines and lines[0].startswith("#"):
                rest = " ".join(line for line in lines[1:] if line.strip() and not line.startswith(("#", "|", ">")))
                return lines[0].lstrip("# ").strip(), re.split(r"(?<=[.!?])\s", rest.strip(), maxsplit=1)[0]
    return "", ""


def index_notebook(pages: list[tuple[str, str, str]]) -> nbformat.NotebookNode:
    """The index page, as a notebook of one text cell: each page's title, link and first sentence."""
    items = "\n".join(f"* [{title or name}]({name}.ipynb): {summary}" for name, title, summary in pages)
    text = ("# carcnb: the rules of Carcassonne, clause by clause\n\n"
            "The pages of the kit, with every board drawn. They are the notebooks of the `notebooks/` folder, "
            "run once; the live boards at the end of each page show their last state (open the notebooks in "
            "JupyterLab with `make lab` to play on them). How to read the pictures and the notation of the "
            "decisions (`deploy 0,1 NNW`, `ferry 1,0 S-W`), the legend and every tile: "
            "[notation and legend](notation.html).\n\n" + items + "\n")
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text)],
                                    metadata={"title": "carcnb: the rules, clause by clause"})


def notation_notebook() -> nbformat.NotebookNode:
    """The notation page (``carcnb.telling.notation``) as a notebook of text cells, its pictures attached: the
    site's notation page when the notebooks built do not include it."""
    from carcnb.puzzles.collection import puzzle_root
    from carcnb.telling.notation import examples, notation_notebook as page, notation_pictures

    root = puzzle_root()
    found = examples(root)
    return nbformat.reads(json.dumps(page(found, notation_pictures(found), root)), as_version=4)


def build_site(notebooks: list[Path], out: Path,
               progress: Callable[[str], None] = lambda line: print(line, file=sys.stderr),
               force: bool = False) -> list[Path]:
    """Write one page per notebook, the notation page and ``index.html`` into ``out``; the paths written, the
    index last. The notation page is the notebook ``notation.ipynb`` when it is among those built, else made
    here. A page already there is overwritten only with ``force``: without it nothing is run and nothing
    written."""
    if not notebooks:
        raise SiteError("no notebooks to build: give notebook files or a folder that holds some")
    missing = [str(n) for n in notebooks if not n.is_file()]
    if missing:
        raise SiteError(f"no such notebook: {', '.join(missing)}")
    targets = [out / page_name(n) for n in notebooks]
    index = out / "index.html"
    notation = None if out / "notation.html" in targets else out / "notation.html"
    made = [notation] if notation is not None else []
    check_folder(out)
    if not force:
        refuse_overwrite(targets + made + [index])
    out.mkdir(parents=True, exist_ok=True)
    export = exporter()
    pages = []
    with tempfile.TemporaryDirectory(prefix="carcnb-site-", ignore_cleanup_errors=True) as data_dir:
        for k, (notebook, target) in enumerate(zip(notebooks, targets), 1):
            started = time.monotonic()
            nb = execute(notebook, Path(data_dir))
            body, _ = export.from_notebook_node(nb, resources={"metadata": {"name": notebook.stem}})
            write_file(target, body)
            pages.append((notebook.stem, *title_and_summary(nb)))
            progress(f"[{k}/{len(notebooks)}] {notebook.name} -> {target} ({time.monotonic() - started:.1f} s)")
    if notation is not None:
        body, _ = export.from_notebook_node(notation_notebook(), resources={"metadata": {"name": "notation"}})
        write_file(notation, body)
        progress(f"notation -> {notation}")
    body, _ = export.from_notebook_node(index_notebook(pages), resources={"metadata": {"name": "index"}})
    write_file(index, body)
    progress(f"index -> {index}")
    return targets + made + [index]
