"""The user's data folder, where carcnb keeps what it remembers (puzzle progress, editor autosaves).

It is ``platformdirs.user_data_dir("carcnb")``, never inside the package or the repository; the
``CARCNB_DATA_DIR`` environment variable points it elsewhere (tests, the site build, ``make test``).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV = "CARCNB_DATA_DIR"


def data_dir() -> Path:
    """The folder where carcnb keeps what it remembers about its user (not created here)."""
    override = os.environ.get(ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("carcnb", appauthor=False))

