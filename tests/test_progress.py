"""Progress kept from one day to the next: solved and revealed marks, a missing, broken or newer file, notebooks
marking at once, atomic writes, and the data folder outside the package."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

import carcnb
from carcnb.puzzles.progress import Progress
from carcnb.storage import safewrite, userdata


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


def test_a_reveal_stays_marked_when_the_puzzle_is_solved_later(data: Path):
    p = Progress.load()
    p.mark_revealed("disasters/meteor-point-beside.toml", date(2024, 5, 1))
    assert Progress.load().mark("disasters/meteor-point-beside.toml") == "revealed"
    p.mark_solved("disasters/meteor-point-beside.toml", date(2024, 5, 2))  # solved after seeing the answer
    again = Progress.load()
    assert again.mark("disasters/meteor-point-beside.toml") == "revealed"
    assert not again.solved("disasters/meteor-point-beside.toml")
    p.mark_solved("base/road-loop.toml", date(2024, 5, 2))
    p.mark_revealed("base/road-loop.toml", date(2024, 5, 3))  # solved first stays solved
    assert Progress.load().mark("base/road-loop.toml") == "solved"


def test_a_miss_is_a_first_try_lost_that_a_later_solve_never_turns_into_a_win(data: Path):
    p = Progress.load()
    assert p.mark_missed("base/a.toml", date(2024, 5, 1), difficulty=3)  # a wrong first answer, or a hint first
    lost = Progress.load()
    assert lost.mark("base/a.toml") == "missed" and not lost.solved("base/a.toml") and lost.player.rating < 1500
    p.mark_solved("base/a.toml", date(2024, 5, 1), difficulty=3)  # right on a later try: nothing changes
    assert Progress.load().marks["base/a.toml"] == {"missed": "2024-05-01"} and Progress.load().player == lost.player
    p.mark_revealed("base/a.toml", date(2024, 5, 2), difficulty=3)  # the answer seen after the miss: said, not rated
    assert Progress.load().mark("base/a.toml") == "revealed" and Progress.load().player == lost.player
    p.mark_solved("base/b.toml", date(2024, 5, 1))
    p.mark_missed("base/b.toml", date(2024, 5, 2))
    assert Progress.load().marks["base/b.toml"] == {"solved": "2024-05-01"}


def test_a_first_try_moves_both_ratings_once_and_they_are_kept(data: Path):
    p = Progress.load()
    assert p.player.rating == 1500 and p.rating("base/a.toml", 4).rating == 1700
    p.mark_solved("base/a.toml", difficulty=4)  # a win against a harder puzzle
    won = Progress.load()
    assert won.player.rating > 1500 and won.player.deviation < 350
    assert won.rating("base/a.toml", 4).rating < 1700
    p.mark_solved("base/a.toml", difficulty=4)
    p.mark_revealed("base/a.toml", difficulty=4)  # not a first try: nothing moves
    assert Progress.load().player == won.player
    p.mark_revealed("base/b.toml", difficulty=1)  # a loss against an easy one
    lost = Progress.load()
    assert lost.player.rating < won.player.rating and lost.rating("base/b.toml", 1).rating > 1100


def test_two_notebooks_count_one_first_try_once(data: Path):
    first, second = Progress.load(), Progress.load()
    first.mark_solved("base/a.toml", difficulty=3)
    once = Progress.load().player
    second.mark_solved("base/a.toml", difficulty=3)  # the other notebook saw it unmarked
    assert Progress.load().player == once and second.player == once


def test_a_notebook_opened_earlier_never_turns_another_ones_solve_into_a_reveal(data: Path):
    earlier, later = Progress.load(), Progress.load()
    later.mark_solved("base/a.toml", date(2024, 5, 2), difficulty=3)
    won = Progress.load().player
    assert earlier.mark_revealed("base/a.toml", date(2024, 5, 3), difficulty=3)  # it saw the puzzle unmarked
    assert Progress.load().marks["base/a.toml"] == {"solved": "2024-05-02"}  # the first result stands
    assert earlier.mark("base/a.toml") == "solved" and earlier.player == won == Progress.load().player
    earlier.mark_revealed("base/b.toml", date(2024, 5, 3))
    later.mark_solved("base/b.toml", date(2024, 5, 4))  # the other way round: the reveal came first
    assert Progress.load().mark("base/b.toml") == "revealed" == later.mark("base/b.toml")


def test_ratings_that_cannot_be_read_start_fresh_and_stay_in_the_file(data: Path):
    data.mkdir(parents=True)
    path = data / "progress.json"
    path.write_text(json.dumps({"version": 1, "puzzles": {}, "ratings": {
        "player": {"rating": "high"}, "puzzles": {"base/a.toml": [1, 2], "base/b.toml": {
            "rating": 1400, "deviation": 80, "volatility": 0.06}}}}), encoding="utf-8")
    p = Progress.load()
    assert p.player.rating == 1500 and p.rating("base/b.toml").rating == 1400
    assert p.mark_solved("base/c.toml", difficulty=2)
    kept = json.loads(path.read_text(encoding="utf-8"))["ratings"]
    assert kept["puzzles"]["base/a.toml"] == [1, 2] and kept["player"]["rating"] > 1500


@pytest.mark.parametrize("text, reason", [
    ("{not json", "Expecting property name"),
    ('{"version": 1, "puzzles": []}', "expected"),
    ('{"version": "one", "puzzles": {}}', "expected"),
    ('["version", 1]', "expected"),
    (b"\xff\xfe\x00", "codec"),
    ("[" * 100_000, "nested too deeply"),
    ('{"version": 1, "puzzles": {"a.toml": ' + "[" * 900 + "]" * 900 + "}}", "nested more than"),
], ids=["not-json", "puzzles-a-list", "version-a-word", "a-list", "not-utf8", "brackets", "deep-entry"])
def test_a_broken_file_starts_fresh_with_a_message_and_is_kept_aside(data: Path, text, reason):
    data.mkdir(parents=True)
    path = data / "progress.json"
    raw = text if isinstance(text, bytes) else text.encode()
    path.write_bytes(raw)
    p = Progress.load()
    assert p.marks == {}
    assert "could not read the progress file" in p.message and reason in p.message
    assert "progress.json.broken" in p.message
    assert path.read_bytes() == raw  # nothing lost by reading
    assert p.mark_solved("base/road-loop.toml")
    [aside] = data.glob("progress.json.broken-*")
    assert aside.read_bytes() == raw and f"kept as {aside}" in p.message
    assert Progress.load().solved("base/road-loop.toml")


@pytest.mark.parametrize("whose, rating, says", [
    ("player", {"rating": 1e300, "deviation": 80, "volatility": 0.06}, "your rating in"),
    ("player", {"rating": 1500, "deviation": 1e300, "volatility": 0.06}, "its deviation 1e+300 is outside"),
    ("player", {"rating": 1500, "deviation": 80, "volatility": 1e300}, "its volatility 1e+300 is outside"),
    ("player", {"rating": 1500, "deviation": 80, "volatility": 1e-300}, "its volatility 1e-300 is outside"),
    ("player", {"rating": float("nan"), "deviation": 80, "volatility": 0.06}, "its rating nan is outside"),
    ("puzzle", {"rating": 1e300, "deviation": 80, "volatility": 0.06}, "puzzle base/a.toml's rating in"),
    ("puzzle", {"rating": 1500, "deviation": float("inf"), "volatility": 0.06}, "its deviation inf is outside"),
], ids=["rating", "deviation", "volatility", "tiny-volatility", "nan", "puzzle-rating", "puzzle-deviation"])
def test_a_rating_out_of_range_is_reset_with_a_note_and_a_try_still_counts(data: Path, whose, rating, says):
    data.mkdir(parents=True)
    path = data / "progress.json"
    table = {"player": rating} if whose == "player" else {"puzzles": {"base/a.toml": rating}}
    path.write_text(json.dumps({"version": 1, "puzzles": {}, "ratings": table}), encoding="utf-8")
    p = Progress.load()
    assert says in p.message and "could not be used and starts again" in p.message
    assert p.player.rating == 1500 and p.rating("base/a.toml", 2).rating == 1300  # as new
    assert p.mark_solved("base/a.toml", difficulty=2) and p.message == ""
    assert p.mark_revealed("base/b.toml", difficulty=2)
    again = Progress.load()
    assert again.message == "" and list(data.glob("progress.json.broken*")) == []
    assert 1300 < again.player.rating < 1500 + 350 and again.rating("base/a.toml", 2).rating < 1300


def test_a_second_broken_file_never_replaces_the_first_one_set_aside(data: Path):
    data.mkdir(parents=True)
    path = data / "progress.json"
    for k, text in enumerate(("{first", "{second", "{third")):
        path.write_text(text, encoding="utf-8")
        assert Progress.load().mark_solved(f"base/p{k}.toml")
    kept = sorted(p.read_text(encoding="utf-8") for p in data.glob("progress.json.broken-*"))
    assert kept == ["{first", "{second", "{third"]


@pytest.mark.parametrize("doc, unread", [
    ({"version": 99, "puzzles": {"a.toml": {"solved": "2024-05-01", "stars": 3}}, "badges": ["x"]}, []),
    ({"version": 1, "puzzles": {"a.toml": {"solved": "2024-05-01"}, "b.toml": {"solved": 3}, "c.toml": 7}},
     ["b.toml", "c.toml"]),
], ids=["newer-version", "unknown-entries"])
def test_a_file_read_in_part_keeps_what_it_can_read_and_loses_nothing(data: Path, doc, unread):
    data.mkdir(parents=True)
    path = data / "progress.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    p = Progress.load()
    assert p.solved("a.toml") and "could not read" not in p.message
    assert ("newer carcnb (version 99" in p.message) == (doc["version"] == 99)
    assert (f"{len(unread)} puzzle entries" in p.message) == bool(unread)
    assert p.mark_solved("d.toml", date(2024, 6, 1))
    assert list(data.glob("progress.json.broken*")) == []
    after = json.loads(path.read_text(encoding="utf-8"))
    assert set(after.pop("ratings")["puzzles"]) == {"d.toml"}  # the first try of d.toml is rated
    assert after == {**doc, "version": max(doc["version"], 2),
                     "puzzles": {**doc["puzzles"], "d.toml": {"solved": "2024-06-01"}}}


def test_marks_saved_by_another_notebook_are_kept_and_seen(data: Path):
    first, second = Progress.load(), Progress.load()
    first.mark_solved("base/a.toml", date(2024, 5, 2))
    second.mark_revealed("base/b.toml", date(2024, 5, 3))
    second.mark_solved("base/a.toml", date(2024, 5, 4))  # the earlier day stays
    assert second.marks == {"base/a.toml": {"solved": "2024-05-02"}, "base/b.toml": {"revealed": "2024-05-03"}}
    assert Progress.load().marks == second.marks


MARKER = """
import sys
from carcnb.puzzles.progress import Progress
progress = Progress.load(sys.argv[1])
for k in range(200):
    assert progress.mark_solved(f"{sys.argv[2]}/{k}.toml"), progress.message
"""


def test_two_processes_marking_at_once_lose_no_mark(tmp_path: Path):
    path = tmp_path / "progress.json"
    runs = [subprocess.Popen([sys.executable, "-c", MARKER, str(path), name], stderr=subprocess.PIPE, text=True)
            for name in ("left", "right")]
    for run in runs:
        assert run.wait() == 0, run.stderr.read()
        run.stderr.close()
    marks = Progress.load(path).marks
    assert len(marks) == 400
    assert {k.split("/")[0] for k in marks} == {"left", "right"}


def test_writes_are_atomic_and_leave_no_temporary_file(data: Path, monkeypatch: pytest.MonkeyPatch):
    p = Progress.load()
    p.mark_solved("base/road-loop.toml")
    before = (data / "progress.json").read_text(encoding="utf-8")

    def fail(src, dst):  # the new text is written to its temporary file, then the rename fails
        raise OSError("disk full")

    monkeypatch.setattr(safewrite.os, "replace", fail)
    assert not p.mark_solved("base/road-tie.toml")
    assert "progress not saved" in p.message and "disk full" in p.message
    assert (data / "progress.json").read_text(encoding="utf-8") == before  # the old file is whole
    assert sorted(x.name for x in data.iterdir()) == ["progress.json", "progress.json.lock"]
    assert p.solved("base/road-tie.toml")  # kept in memory for this session


def test_a_read_only_progress_file_is_a_message_and_stays_as_it_is(data: Path):
    Progress.load().mark_solved("base/a.toml", date(2024, 5, 1))
    path = data / "progress.json"
    before = path.read_bytes()
    path.chmod(0o444)
    p = Progress.load()
    assert not p.mark_solved("base/b.toml")
    assert "progress not saved" in p.message and "is read-only" in p.message
    assert path.read_bytes() == before and p.solved("base/b.toml")


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
    ratings = doc.pop("ratings")
    assert doc == {"version": 2, "puzzles": {"a.toml": {"solved": "2024-05-01"}, "b.toml": {"solved": "2024-05-01"}}}
    assert set(ratings) == {"player", "puzzles"} and set(ratings["puzzles"]) == {"a.toml", "b.toml"}
    assert set(ratings["player"]) == {"rating", "deviation", "volatility"}
