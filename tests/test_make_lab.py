"""`make lab` opens the start page, not JupyterLab's Launcher: the address it opens and prints names a notebook
that exists under the folder it serves."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_make_lab_opens_the_start_notebook():
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    plan = subprocess.run(["make", "-n", "lab"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout
    (command,) = [line for line in plan.splitlines() if "jupyter lab" in line]
    root = re.search(r"--ServerApp\.root_dir=(\S+)", command).group(1)
    url = re.search(r"--LabApp\.default_url=(\S+)", command).group(1)
    assert url.startswith("/lab/tree/")
    assert (ROOT / root / url.removeprefix("/lab/tree/")).name == "00-start-here.ipynb"
    assert (ROOT / root / url.removeprefix("/lab/tree/")).is_file()
