"""Progress kept from one day to the next: solved and revealed marks, a missing or broken file, atomic writes,
and the data folder outside the package."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

import carcnb
from carcnb import userdata
from carcnb.progress import Progress


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(userdata.ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def test_solved_marks_survive_a_new_session(data: Path):
    first = Progress.load()
    assert "no progress kept yet" in first.message
    assert first.mark_solved("base/road-loop.toml", date(2024, 5, 1))
    assert first.message == ""
    later = Progress.load()
    assert later.path == data / "progress.json"
    assert later.solved("base/road-loop.toml") and later.mark("base/road-loop.toml") == "solved"
    assert not later.solved("base/road-tie.toml") and later.mark("base/road-tie.toml") is None
    assert later.marks["base/road-loop.toml"] == {"solved": "2024-05-01"}


def test_a_reveal_is_remembered_until_the_puzzle_is_solved(data: Path):
    p = Progress.load()
    p.mark_revealed("disasters/meteor-point-beside.toml", date(2024, 5, 1))
    assert Progress.load().mark("disasters/meteor-point-beside.toml") == "revealed"
    p.mark_solved("disasters/meteor-point-beside.toml", date(2024, 5, 2))
    p.mark_revealed("disasters/meteor-point-beside.toml", date(2024, 5, 3))  # solved stays solved
    assert Progress.load().mark("disasters/meteor-point-beside.toml") == "solved"


@pytest.mark.parametrize("text, reason", [
    ("{not json", "Expecting property name"),
    ('{"version": 1, "puzzles": []}', "expected"),
    ('{"version": 99, "puzzles": {}}', "expected"),
    ('{"version": 1, "puzzles": {"a.toml": {"solved": 3}}}', "puzzle 'a.toml'"),
    (b"\xff\xfe\x00", "codec"),
])
def test_a_broken_file_starts_fresh_with_a_message_and_is_kept_aside(data: Path, text, reason):
    data.mkdir(parents=True)
    path = data / "progress.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    p = Progress.load()
    assert p.marks == {}
    assert "could not read the progress file" in p.message and reason in p.message
    assert "progress.json.broken" in p.message
    assert path.read_bytes() == (text if isinstance(text, bytes) else text.encode())  # nothing lost by reading
    assert p.mark_solved("base/road-loop.toml")
    assert (data / "progress.json.broken").read_bytes() == (text if isinstance(text, bytes) else text.encode())
    assert Progress.load().solved("base/road-loop.toml")


def test_writes_are_atomic_and_leave_no_temporary_file(data: Path, monkeypatch: pytest.MonkeyPatch):
    p = Progress.load()
    p.mark_solved("base/road-loop.toml")
    before = (data / "progress.json").read_text(encoding="utf-8")

    def fail(src, dst):  # the new text is written to its temporary file, then the rename fails
        raise OSError("disk full")

    monkeypatch.setattr(userdata.os, "replace", fail)
    assert not p.mark_solved("base/road-tie.toml")
    assert "progress not saved" in p.message and "disk full" in p.message
    assert (data / "progress.json").read_text(encoding="utf-8") == before  # the old file is whole
    assert sorted(x.name for x in data.iterdir()) == ["progress.json"]
    assert p.solved("base/road-tie.toml")  # kept in memory for this session


def test_an_unwritable_folder_is_a_message_not_an_exception(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    p = Progress.load(blocker / "progress.json")
    assert not p.mark_solved("base/road-loop.toml")
    assert "progress not saved" in p.message


def test_the_data_folder_is_the_users_not_the_packages(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(userdata.ENV, raising=False)
    folder = userdata.data_dir().resolve()
    package = Path(carcnb.__file__).resolve().parent
    assert package not in folder.parents and folder != package
    assert package.parent not in folder.parents  # nor the repository


def test_the_file_is_small_readable_json(data: Path):
    p = Progress.load()
    for key in ("b.toml", "a.toml"):
        p.mark_solved(key, date(2024, 5, 1))
    doc = json.loads((data / "progress.json").read_text(encoding="utf-8"))
    assert doc == {"version": 1, "puzzles": {"a.toml": {"solved": "2024-05-01"}, "b.toml": {"solved": "2024-05-01"}}}
