"""The user's data folder, where carcnb keeps what it remembers (puzzle progress, editor autosaves).

It is ``platformdirs.user_data_dir("carcnb")``, never inside the package or the repository; the
``CARCNB_DATA_DIR`` environment variable points it elsewhere (tests, the site build, ``make test``).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

ENV = "CARCNB_DATA_DIR"


def data_dir() -> Path:
    """The folder where carcnb keeps what it remembers about its user (not created here)."""
    override = os.environ.get(ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("carcnb", appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and one rename, so that the
    file is always either the old text or the new one, never half of each."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
