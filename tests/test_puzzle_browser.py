"""The puzzle browser without a browser: topics, filters, next and previous, solved marks kept in the
progress file, and problems that are messages rather than exceptions."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import collection, position_from_text

from carcnb.engine.errors import CarcnbError
from carcnb.positions.parse import load
from carcnb.puzzles.duplicates import boards_apart
from carcnb.puzzles.progress import Progress
from carcnb.search.questions import readings_asked
from carcnb.widgets.puzzleboard import BrowserModel
from carcnb.puzzles.listing import read_collection, topics_of

ROOT = Path(__file__).resolve().parents[1]
PICKED = ["base/road-loop.toml", "base/count-crossroads.toml", "base/river-count-no-u-turn.toml",
          "disasters/meteor-point-beside.toml", "disasters/earthquake-meteor.toml",
          "ferries/steal-by-moving.toml"]
# the earthquake's puzzle asks under each reading of earthquake.destroyed_center: one entry per reading
EQ = ["disasters/earthquake-meteor.toml#none", "disasters/earthquake-meteor.toml#at_meteor"]
KEYS = [k for k in PICKED if "earthquake" not in k] + EQ


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    """A small collection: six puzzles from the repository's, in their folders."""
    root = tmp_path / "puzzles"
    for key in PICKED:
        (root / key).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "puzzles" / key, root / key)
    return root


@pytest.fixture
def browser(shelf: Path, tmp_path: Path) -> BrowserModel:
    return BrowserModel(shelf, progress=tmp_path / "data" / "progress.json")


def solve_final(browser: BrowserModel) -> None:
    """Answer the open final puzzle with the totals its file gives (which `carcnb check` verifies)."""
    board = browser.board
    assert board.kind == "final"
    assert board.check(dict(board.position.question.answer)).right


def test_topics_come_from_the_rules_a_puzzle_shows():
    assert topics_of(position_from_text("0,0 D 0")) == ("base",)
    assert topics_of(position_from_text("0,0 R1 0", sets=["river"])) == ("river",)
    meteor = position_from_text("0,0 D 0\n1,0 U 90", sets=["disasters"], hand="MT")
    assert topics_of(meteor) == ("meteor",)
    quake_and_ferry = position_from_text("0,0 D 0\n1,0 FA 0 ferry:E-W", sets=["disasters", "ferries"],
                                         rulings={"earthquake.timing": "on_place"})
    assert topics_of(quake_and_ferry) == ("earthquake", "ferries", "combinations")
    assert topics_of(position_from_text("0,0 D 0", sets=["disasters"]), "disasters/tornado-steps.toml") == (
        "tornado",)


def test_a_graded_puzzle_adds_its_topics_after_the_rule_areas():
    p = position_from_text("0,0 D 0", {"kind": "count", "answer": 2, "difficulty": 2,
                                       "topics": ["cropcircles", "road", "meteor.adjacency"]}, hand="U")
    assert topics_of(p) == ("crop circles", "road", "meteor.adjacency")


def test_the_list_holds_every_puzzle_with_its_topics(browser: BrowserModel):
    assert sorted(e.key for e in browser.entries) == sorted(KEYS)
    topics = dict(browser.topics())
    assert {t: topics[t] for t in ("base", "river", "earthquake", "meteor", "ferries", "combinations")} == {
        "base": 2, "river": 1, "earthquake": 2, "meteor": 3, "ferries": 1, "combinations": 2}
    order = [t for t, _ in browser.topics()]
    assert order[:2] == ["base", "river"]
    rulings = [t for t in order if "." in t]
    assert rulings and order[-len(rulings):] == rulings  # the rulings a puzzle turns on come last
    assert browser.current is not None and browser.board is not None  # the first puzzle is open
    assert browser.messages == [f"no progress kept yet: solved puzzles will be remembered in "
                                f"{browser.progress.path}"]


def test_filter_by_topic_and_step_through(browser: BrowserModel):
    browser.set_topic("meteor")
    keys = [e.key for e in browser.visible()]
    assert sorted(keys) == sorted([*EQ, "disasters/meteor-point-beside.toml"])
    assert keys[1] == "disasters/meteor-point-beside.toml"  # never two readings of one board in a row
    assert browser.current.key == keys[0]  # the open puzzle was not a meteor one: the first listed opens
    assert browser.next() and browser.current.key == keys[1]
    assert browser.board.kind == "best"
    assert browser.next() and browser.current.key == keys[2]
    assert browser.board.kind == "final" and "this time" in browser.board.question
    assert not browser.next() and "last puzzle" in browser.status
    assert browser.previous() and browser.previous() and browser.current.key == keys[0]
    assert not browser.previous() and "first puzzle" in browser.status
    with pytest.raises(CarcnbError, match="unknown topic 'volcano'"):
        browser.set_topic("volcano")


def test_solving_marks_the_puzzle_and_the_mark_is_there_next_time(browser: BrowserModel, shelf: Path):
    assert browser.open("base/road-loop.toml")
    entry = browser.current
    assert browser.mark(entry) is None and browser.label(entry).startswith("· ")
    solve_final(browser)
    assert browser.mark(entry) == "solved" and browser.label(entry).startswith("✓ ")
    assert browser.summary().startswith("1 of 7 puzzles solved")
    tomorrow = BrowserModel(shelf, progress=browser.progress.path)
    assert tomorrow.mark(next(e for e in tomorrow.entries if e.key == "base/road-loop.toml")) == "solved"


def test_unsolved_only_hides_solved_puzzles(browser: BrowserModel):
    browser.open("base/road-loop.toml")
    solve_final(browser)
    browser.set_unsolved_only(True)
    assert "base/road-loop.toml" not in [e.key for e in browser.visible()]
    assert len(browser.visible()) == len(KEYS) - 1
    assert browser.current.key != "base/road-loop.toml"


def test_a_reveal_first_marks_revealed_not_solved(browser: BrowserModel):
    browser.open("base/road-loop.toml")
    browser.board.reveal()
    assert browser.mark(browser.current) == "revealed"
    browser.board.try_again()
    solve_final(browser)
    assert browser.mark(browser.current) == "revealed"  # seen the answer this time: not counted as solved


def test_a_wrong_first_answer_marks_a_miss_that_a_later_right_one_keeps(browser: BrowserModel):
    browser.open("base/road-loop.toml")
    entry = browser.current
    totals = dict(browser.board.position.question.answer)
    browser.board.check({**totals, "red": totals["red"] + 1})
    assert browser.mark(entry) == "missed" and browser.label(entry).startswith("○ ")
    lost = browser.progress.player.rating
    assert lost < 1500 and Progress.load(browser.progress.path).mark(entry.key) == "missed"
    solve_final(browser)
    assert "counts as a miss for your rating" in browser.board.status
    assert browser.mark(entry) == "missed" and browser.progress.player.rating == lost
    assert browser.summary().startswith("0 of ")
    browser.set_unsolved_only(True)
    assert entry in browser.visible()  # a miss is still there to solve
    browser.open("base/count-crossroads.toml")
    browser.board.hint()  # a hint before any answer: a miss, then the answer seen
    assert browser.mark(browser.current) == "missed"
    browser.board.reveal()
    assert browser.mark(browser.current) == "revealed" and browser.label(browser.current).startswith("◐ ")


def test_difficulty_filter_lists_the_easiest_first(browser: BrowserModel):
    shown = browser.visible()
    levels = [e.difficulty for e in shown]
    assert all(1 <= d <= 5 for d in levels)  # every shipped puzzle is graded
    # the easiest first, except that a puzzle waits until another board has come between
    assert shown == boards_apart(sorted(shown, key=lambda e: (e.difficulty, e.key)), lambda e: e.board)
    hardest = max(levels)
    browser.set_difficulty(hardest)
    assert browser.visible() and all(e.difficulty == hardest for e in browser.visible())
    assert browser.current.difficulty == hardest and "★" * hardest in browser.label(browser.current)
    browser.set_difficulty(None)
    assert len(browser.visible()) == len(KEYS)
    with pytest.raises(CarcnbError, match="expected 1 to 5"):
        browser.set_difficulty(9)


def test_a_bad_file_is_a_message_not_an_exception(shelf: Path, tmp_path: Path):
    (shelf / "base" / "broken.toml").write_text('format = "carcnb/1"\nplayers = ["red", "red"]\n', encoding="utf-8")
    (shelf / "base" / "no-question.toml").write_text('format = "carcnb/1"\nplayers = ["red", "blue"]\n',
                                                     encoding="utf-8")
    browser = BrowserModel(shelf, progress=tmp_path / "progress.json")
    assert len(browser.entries) == len(KEYS)
    problems = read_collection(shelf).problems
    assert any("broken.toml:2" in p and "players" in p for p in problems)
    assert any("no-question.toml" in p and "not a puzzle" in p for p in problems)
    assert any("2 file(s)" in m and "could not be read" in m for m in browser.messages)


@pytest.mark.parametrize("broken", ["{broken", "[" * 100_000], ids=["not-json", "nested-too-deeply"])
def test_a_broken_progress_file_starts_fresh_with_a_message(shelf: Path, tmp_path: Path, broken: str):
    path = tmp_path / "progress.json"
    path.write_text(broken, encoding="utf-8")
    browser = BrowserModel(shelf, progress=path)
    assert any("could not read the progress file" in m for m in browser.messages)
    assert all(browser.mark(e) is None for e in browser.entries)
    browser.open("base/road-loop.toml")
    solve_final(browser)
    assert Progress.load(path).solved("base/road-loop.toml")
    [aside] = tmp_path.glob("progress.json.broken-*")
    assert aside.read_text(encoding="utf-8") == broken


def test_no_collection_is_a_clear_error(tmp_path: Path):
    with pytest.raises(CarcnbError, match="no puzzle collection at"):
        BrowserModel(tmp_path / "nowhere")


def test_the_shipped_collection_is_the_default(tmp_path: Path):
    browser = BrowserModel(progress=tmp_path / "progress.json")
    assert browser.collection.root == (ROOT / "puzzles").resolve()
    asked = [part for _, p in collection() for part in readings_asked(p)]
    assert len(browser.entries) == len(asked) and not browser.collection.problems


def test_the_browser_widget_picks_solves_and_marks(shelf: Path, tmp_path: Path):
    from carcnb.widgets.puzzleboard import PuzzleBrowser

    view = PuzzleBrowser(shelf, progress=tmp_path / "progress.json")
    assert view.list.value == view.model.current.key and view.board.model is view.model.board
    view.list.value = "base/road-loop.toml"
    board = view.board
    assert board.model.position.path.endswith("road-loop.toml")
    for color, points in answer_of("base/road-loop.toml"):
        board.boxes[color].value = str(points)
    board.check_button.click()
    label = dict((key, text) for text, key in view.list.options)["base/road-loop.toml"]
    assert label.startswith("✓ ") and view.summary.value.startswith("1 of 7 puzzles solved")
    view.topic.value = "meteor"
    assert {key for _, key in view.list.options} == {*EQ, "disasters/meteor-point-beside.toml"}
    first = view.list.value
    view.next_button.click()
    assert view.list.value != first and view.board is not board


def answer_of(key: str) -> tuple:
    return load(ROOT / "puzzles" / key).question.answer


def test_a_puzzle_solved_after_a_reveal_on_another_day_stays_marked_revealed(browser: BrowserModel, shelf: Path):
    browser.open("base/road-loop.toml")
    browser.board.reveal()
    tomorrow = BrowserModel(shelf, progress=browser.progress.path)
    tomorrow.open("base/road-loop.toml")
    solve_final(tomorrow)  # a fresh board: no reveal on it, but the answer was seen before
    assert tomorrow.mark(tomorrow.current) == "revealed" and tomorrow.label(tomorrow.current).startswith("◐ ")
    assert tomorrow.status.startswith("revealed on ") and "that first result stands" in tomorrow.status
    assert tomorrow.summary().startswith(f"0 of {len(tomorrow.entries)} puzzles solved")


def test_a_solve_in_one_notebook_stays_a_solve_when_another_opened_before_reveals(shelf: Path, tmp_path: Path):
    path = tmp_path / "progress.json"
    first, second = BrowserModel(shelf, progress=path), BrowserModel(shelf, progress=path)
    first.open("base/road-loop.toml")
    second.open("base/road-loop.toml")
    solve_final(first)
    rating = Progress.load(path).player
    second.board.reveal()
    assert Progress.load(path).mark("base/road-loop.toml") == "solved" and Progress.load(path).player == rating
    assert second.mark(second.current) == "solved" and second.label(second.current).startswith("✓ ")
    assert second.progress.player == rating


def test_a_first_try_rates_and_the_next_offer_is_near_the_new_rating(browser: BrowserModel):
    assert "your rating 1500 ± 700" in browser.summary()
    browser.open("base/road-loop.toml")
    solve_final(browser)
    player = browser.progress.player.rating
    assert player > 1500 and browser.progress.rating("base/road-loop.toml").rating < 1500 + 200
    offered = browser.near_rating()
    untried = [e for e in browser.entries if browser.mark(e) is None]
    gap = {e.key: abs(browser.progress.rating(e.key, e.difficulty).rating - player) for e in untried}
    assert offered.key in gap and gap[offered.key] == min(gap.values())
    assert browser.open_near_rating() and browser.current == offered and f"you {player:.0f}" in browser.status
    browser.set_topic("ferries")  # its only puzzle opens: none other to offer
    assert browser.current.key == "ferries/steal-by-moving.toml" and browser.near_rating() is None
    assert not browser.open_near_rating() and browser.status == "no other puzzle of this topic"


def test_the_topic_menu_shows_all_on_load_and_every_puzzle_shows_its_rating(shelf: Path, tmp_path: Path):
    from carcnb.widgets.puzzleboard import PuzzleBrowser

    view = PuzzleBrowser(shelf, progress=tmp_path / "progress.json")
    assert view.topic.index == 0 and view.topic.label.startswith("all (")
    view.topic.value = "meteor"
    assert view.model.topic == "meteor"
    view.topic.value = view.topic.options[0][1]
    assert view.model.topic is None
    for text, key in view.list.options:
        entry = next(e for e in view.model.entries if e.key == key)
        assert text.endswith(f", rated {view.model.rating(entry):.0f})")
    view.list.value = view.list.options[1][1]  # opening a puzzle says its rating beside the player's
    assert f"rated {view.model.rating(view.model.current):.0f}, you " in view.model.status
    view.close()
