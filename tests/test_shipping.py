"""The wheel ships the puzzle collection and the notebooks; ``carcnb notebooks DIR`` copies them out."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from carcnb.cli import main
from carcnb.puzzles.collection import notebook_root, puzzle_root

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("carcnb", "puzzles", "notebooks", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")


def _source_copy(into: Path) -> Path:
    """The files a build reads, copied, so that building leaves the checkout untouched."""
    src = into / "src"
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        else:
            shutil.copy2(path, src / name)
    return src


def test_the_wheel_carries_the_puzzles_the_notebooks_and_the_tiles(tmp_path):
    src = _source_copy(tmp_path)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(src)],
                   check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("carcnb-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    puzzles = {f"carcnb/data/puzzles/{p.relative_to(REPO / 'puzzles').as_posix()}"
               for p in (REPO / "puzzles").rglob("*.toml")}
    notebooks = {f"carcnb/data/notebooks/{p.name}" for p in (REPO / "notebooks").glob("*.ipynb")}
    assert puzzles and puzzles <= names
    assert notebooks and notebooks <= names
    assert {"carcnb/data/tiles.toml", "carcnb/cli/notebooks.py"} <= names

    # Installed (here: unpacked) away from any checkout, the package finds its own copies.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    found = subprocess.run([sys.executable, "-c", "from carcnb.puzzles.collection import puzzle_root, notebook_root;"
                            "print(puzzle_root()); print(notebook_root())"], cwd=tmp_path, env=env, check=True,
                           capture_output=True, text=True).stdout.split()
    assert found == [str(site / "carcnb" / "data" / "puzzles"), str(site / "carcnb" / "data" / "notebooks")]
    copied = subprocess.run([sys.executable, "-m", "carcnb", "notebooks", str(tmp_path / "mine")], cwd=tmp_path,
                            env=env, capture_output=True, text=True)
    assert copied.returncode == 0, copied.stderr
    assert (tmp_path / "mine" / "notebooks" / "00-start-here.ipynb").is_file()
    assert len(list((tmp_path / "mine" / "puzzles").rglob("*.toml"))) == len(puzzles)


def test_a_checkout_finds_its_own_folders():
    assert puzzle_root() == REPO / "puzzles"
    assert notebook_root() == REPO / "notebooks"


def test_notebooks_copies_both_folders_side_by_side_and_never_overwrites_unasked(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path / "kit")]) == 0
    out = capsys.readouterr().out
    assert f"to {tmp_path / 'kit' / 'notebooks'}" in out and "start with: jupyter lab" in out
    start = tmp_path / "kit" / "notebooks" / "00-start-here.ipynb"
    assert start.read_bytes() == (REPO / "notebooks" / "00-start-here.ipynb").read_bytes()
    assert (tmp_path / "kit" / "puzzles" / "base" / "road-loop.toml").is_file()  # the notebooks' ../puzzles/...

    start.write_text("my notes", encoding="utf-8")
    assert main(["notebooks", str(tmp_path / "kit")]) == 2
    err = capsys.readouterr().err
    assert "already there" in err and "--force" in err and "nothing was written" in err
    assert start.read_text(encoding="utf-8") == "my notes"
    assert main(["notebooks", str(tmp_path / "kit"), "--force"]) == 0
    assert "overwritten" in capsys.readouterr().out
    assert start.read_bytes() == (REPO / "notebooks" / "00-start-here.ipynb").read_bytes()


def test_notebooks_refuses_a_file_as_the_folder(tmp_path, capsys):
    (tmp_path / "f").write_text("", encoding="utf-8")
    assert main(["notebooks", str(tmp_path / "f")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("force", [False, True])
def test_notebooks_never_writes_through_a_symlink_out_of_the_folder(tmp_path, capsys, force):
    kit, outside = tmp_path / "kit", tmp_path / "elsewhere"
    outside.mkdir()
    (kit / "notebooks").mkdir(parents=True)
    victim = outside / "important.ipynb"
    victim.write_text("mine", encoding="utf-8")
    link = kit / "notebooks" / "00-start-here.ipynb"
    link.symlink_to(victim if force else outside / "not-yet-there.ipynb")  # --force, or a broken link
    assert main(["notebooks", str(kit), *(["--force"] if force else [])]) == 2
    err = capsys.readouterr().err
    assert f"{link} leads through a symlink to" in err and f"outside {kit}: nothing was written" in err
    assert victim.read_text(encoding="utf-8") == "mine" and sorted(p.name for p in outside.iterdir()) == [victim.name]
    assert list(kit.rglob("*.toml")) == []
