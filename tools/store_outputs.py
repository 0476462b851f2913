"""Run the notebooks and keep their pictures in the files, so that a reader sees every board on opening a page.

Live widgets (the editor, the puzzle boards) are left without a stored output: they only work with a running
kernel, and a stored copy without one would show an error. Everything else a cell shows (captioned pictures,
tables) is stored. Editors that the notebooks open autosave into a temporary folder, not the user's. The
notation page (``notation.ipynb``) has no code: it is written again from ``carcnb.telling.notation``, its
pictures attached to its text.

    .venv/bin/python tools/store_outputs.py [NOTEBOOK ...]     (default: every notebook in notebooks/)
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET = "application/vnd.jupyter.widget-view+json"
ROOT = Path(__file__).resolve().parents[1]


def store(path: Path) -> None:
    """Execute ``path`` in its own folder and write it back with its outputs, widgets left out."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [out for out in cell.outputs if WIDGET not in out.get("data", {})]
            cell.metadata.pop("execution", None)
            if not cell.outputs:  # a cell that shows nothing (or a widget) reads as not run
                cell.execution_count = None
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)


def store_notation(path: Path) -> None:
    """Write the notation page again, its examples taken from the puzzle collection."""
    from carcnb.puzzles.collection import puzzle_root
    from carcnb.telling.notation import write_notation_notebook

    write_notation_notebook(path, puzzle_root())


def main(names: list[str]) -> int:
    os.environ.setdefault("CARCNB_DATA_DIR", tempfile.mkdtemp(prefix="carcnb-outputs-"))
    paths = [Path(n) for n in names] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        print(f"running {path.name}", flush=True)
        store_notation(path) if path.name == "notation.ipynb" else store(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
