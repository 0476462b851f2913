"""Grades: difficulty and topics from the engine, written into [question] without touching anything else."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import collection, position_text
from test_account import THIEF_AND_KNIGHT

from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.positions.parse import load, parse
from carcnb.puzzles import grade as grade_module
from carcnb.puzzles.grade import BIG_BOARD, Grade, calibration, choice_cap, grade, grade_file, play, search, write_grade
from carcnb.search.questions import reading_of

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"

# A text with the traps a line-based edit could fall into: CRLF line ends, comments, a [question] table that
# is not last, and a multi-line explanation holding lines that look like keys and table headers.
TRICKY = (
    'format = "carcnb/1"\r\n'
    'players = ["red", "blue"]   # two seats\r\n'
    'hand = "U"\r\n'
    'board = """\r\n0,0 D 0\r\n"""\r\n'
    '\r\n'
    '[question]   # the puzzle\r\n'
    '# where U fits\r\n'
    'kind = "count"\r\n'
    'answer = 6\r\n'
    'explanation = """\r\n'
    'difficulty = 5\r\n'
    '[question]\r\n'
    'topics = ["nothing"]\r\n'
    '"""\r\n'
    '\r\n'
    '[flood]\r\n'
    'spread = false\r\n'
)


def _without_grade(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(("difficulty = ", "topics = ")))


def test_write_grade_adds_two_lines_and_keeps_every_other_byte():
    out = write_grade(TRICKY, Grade(2, ("base", "road")))
    added = [line for line in out.splitlines(keepends=True) if line not in TRICKY.splitlines(keepends=True)]
    assert added == ["difficulty = 2\r\n", 'topics = ["base", "road"]\r\n']
    assert out.replace("".join(added), "", 1) == TRICKY
    assert out.index("difficulty = 2") < out.index("explanation")  # the grade sits before the prose
    q = parse(out).question
    assert (q.difficulty, q.topics, q.explanation) == (2, ("base", "road"), parse(TRICKY).question.explanation)


def test_write_grade_replaces_an_old_grade_in_place():
    once = write_grade(TRICKY, Grade(2, ("base",)))
    spread = once.replace('topics = ["base"]', 'topics = [\r\n  "base",\r\n]')  # a hand-written list
    twice = write_grade(spread, Grade(4, ("river", "flood")))
    assert twice == once.replace("difficulty = 2", "difficulty = 4").replace('["base"]', '["river", "flood"]')


def test_write_grade_refuses_a_file_without_a_question_table():
    with pytest.raises(CarcnbError, match="no \\[question\\] table"):
        write_grade(position_text("0,0 D 0"), Grade(1, ("base",)))


def _one_of_each_shape() -> list[Path]:
    """A collection file of each shape the grade is written into: each kind of question, over the turn or the
    whole game, made by hand or mined (``carcnb check`` holds every file's grade to the engine's)."""
    shapes: dict[tuple, Path] = {}
    for path, p in collection():
        shapes.setdefault((p.question.kind, p.question.horizon, "mined" in path.parts), path)
    return list(shapes.values())


@pytest.mark.parametrize("path", _one_of_each_shape(), ids=lambda p: p.name)
def test_grading_a_collection_file_changes_only_its_grade(tmp_path, monkeypatch, path):
    text = _without_grade(path.read_text(encoding="utf-8"))
    copy = tmp_path / path.name
    copy.write_bytes(text.encode("utf-8"))
    g, changed = grade_file(copy)
    assert changed
    graded = copy.read_bytes().decode("utf-8")
    assert _without_grade(graded) == text
    assert graded == path.read_text(encoding="utf-8")  # the committed grade is the engine's
    # grading again finds the same grade (test_the_grade_is_deterministic) and writes nothing: the grade just
    # found stands in for a second search
    monkeypatch.setattr(grade_module, "grade", lambda p: g)
    assert grade_file(copy) == (g, False) and copy.read_bytes().decode("utf-8") == graded


def test_the_grade_is_deterministic(tmp_path):
    path = PUZZLES / "disasters" / "meteor-point-beside.toml"
    copy = tmp_path / "elsewhere.toml"
    copy.write_bytes(path.read_bytes())
    assert grade(load(path)) == grade(load(path)) == grade(load(copy))


def test_topics_name_the_rules_in_play_the_scoring_and_the_rulings_that_change_the_answer():
    assert grade(load(PUZZLES / "base" / "farm-edition.toml")).topics == (
        "base", "city", "farms", "scoring.edition")
    meteor = grade(load(PUZZLES / "disasters" / "meteor-adjacency.toml")).topics
    assert meteor[0] == "meteor" and "placement" in meteor and "meteor.adjacency" in meteor
    assert grade(load(PUZZLES / "base" / "river-count-no-u-turn.toml")).topics == ("river",)


def test_a_rule_is_a_topic_when_the_answer_turns_on_it_not_when_its_tile_only_lies_on_the_board():
    """The meteor fell at 2,-2. Red's monk at 1,-1 sees it: the meteor's tile does not count for the cloister,
    so the final scoring turns on the meteor rule. A knight far from it scores as in the base game."""
    board = "0,0 D 0 {}\n1,0 U 90\n2,0 U 90\n0,-1 V 0\n1,-1 B 0 {}\n2,-1 E 90\n0,-2 U 0\n2,-2 MT 0"
    question = '\n[question]\nkind = "final"\nanswer = {{ red = {}, blue = 0 }}\n'

    def topics(knight: str, monk: str, points: int) -> tuple[str, ...]:
        text = ('format = "carcnb/1"\nsets = ["disasters"]\nplayers = ["red", "blue"]\nboard = """\n'
                + board.format(knight, monk) + '\n"""\n' + question.format(points))
        return grade(parse(text, "meteor.toml")).topics

    assert topics("", "red@C", 7)[0] == "meteor"  # 1 + 6 neighbours: the meteor's tile does not count
    assert topics("red@N", "", 1) == ("base", "city")  # D's unfinished city: the meteor's tile alone is no topic


# A 24-tile last-tile board whose best line is also the one scoring most at once (no mined puzzle any more).
GREEDY_FILL = """
1,4 M 180 blue@E
1,3 R 0
-1,2 V 270
1,2 A 270
2,2 P 180
3,2 F 0
4,2 N 270
-4,1 U 270 blue@E
-3,1 U 90
-1,1 U 0
1,1 J 90
-3,0 B 270
-2,0 E 0 red@ENE
-1,0 V 180
0,0 D 0
1,0 K 90 red@N
2,0 S 180
3,0 O 270
4,0 K 0
-3,-1 V 270
1,-1 E 270
3,-1 Q 270
-3,-2 J 180 red@N
3,-2 D 0
"""


def test_difficulty_follows_how_simple_players_fare_and_how_much_there_is_to_weigh(monkeypatch):
    # A last-tile board that the greedy player (the most points at once) fills right is easy but for its size
    # and its ruling; the tornado line that both simple players miss, among many sensible options, is the
    # hardest (docs/grading.md).
    fill = parse(position_text(GREEDY_FILL, {"kind": "best", "answer": {"line": ["place 0,-1 90", "deploy 0,-1 E"],
                                                                          "value": 10}},
                               players=["red", "blue"], to_move="red", hand="E", pile=[]))
    tornado = reading_of(load(PUZZLES / "disasters" / "tornado-over-empty.toml"), "yes")
    played = []  # how the simple players fared, as each grade found it
    monkeypatch.setattr(grade_module, "play", lambda p, found: played.append(play(p, found)) or played[-1])
    filled, hard = grade(fill), grade(tornado)
    easy, deep = played
    assert easy.finder == "greedy" and easy.sensible < 4
    assert filled.difficulty == 1 + (len(fill.board) >= BIG_BOARD) + ("scoring.edition" in filled.topics)
    assert deep.finder == "search" and deep.sensible >= 10 and hard.difficulty == choice_cap(deep) == 5


def test_what_strong_players_found_wrong_is_graded_right():
    """A choice between two is never hard (the crop circle's add or remove, then which follower to take back);
    a one-decision puzzle among three options is at most two stars; a huge board the greedy player fills right
    is still more than one star."""
    two = load(PUZZLES / "cropcircles" / "crop-circle-short-road.toml")
    three = load(PUZZLES / "ferries" / "lay-ferry-close-your-road.toml")
    huge = load(PUZZLES / "ferries" / "crop-circle-add.toml")
    assert play(two, search(two)).options <= 2 and grade(two).difficulty <= 2
    assert play(three, search(three)).options == 2 and grade(three).difficulty <= 2
    assert len(huge.board) >= BIG_BOARD and play(huge, search(huge)).finder == "greedy" and grade(huge).difficulty >= 2


def test_a_calibration_shows_the_simple_players_solving_fewer_as_the_grade_rises(capsys):
    names = ["ferries/two-directions.toml", "ferries/crop-circle-add.toml", "themes/meteor/road-tug.toml",
             "mined/disasters/tornado-s2200-004.toml"]
    levels = calibration([load(PUZZLES / name) for name in names])
    assert [level.difficulty for level in levels] == [1, 2, 3, 4, 5] and sum(lv.puzzles for lv in levels) == 4
    shares = [lv.greedy / lv.puzzles for lv in levels if lv.puzzles]
    assert shares == sorted(shares, reverse=True) and shares[0] == 1 and shares[-1] == 0
    assert main(["grade", "--calibration", str(PUZZLES / names[0])]) == 0
    assert "1 puzzles; the greedy player solves 1 (100%), the reply-aware player 1 (100%)" in capsys.readouterr().out


def test_a_line_found_only_by_foreseeing_the_replies_is_harder_than_a_greedy_one():
    easy = parse(position_text("0,0 D 0", hand="U", question={"kind": "count", "answer": 6}))
    assert grade(easy).difficulty <= 2
    wary = parse(THIEF_AND_KNIGHT)
    greedy = load(PUZZLES / "ferries" / "two-directions.toml")
    assert play(wary, search(wary)).finder == "wary" and play(greedy, search(greedy)).finder == "greedy"
    assert grade(greedy).difficulty < grade(wary).difficulty


def _check(capsys, path) -> tuple[int, str]:
    code = main(["check", str(path)])
    return code, capsys.readouterr().out


def test_check_reports_a_missing_and_a_stale_grade(tmp_path, capsys):
    path = tmp_path / "p.toml"
    path.write_text(position_text("0,0 D 0", hand="U", question={"kind": "count", "answer": 3}), encoding="utf-8")
    code, out = _check(capsys, path)
    assert code == 1 and out.startswith("FAIL") and f"no grade (difficulty and topics): run carcnb grade {path}" in out
    grade_file(path)
    assert _check(capsys, path)[0] == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('topics = ["base"]', 'topics = ["meteor"]'), encoding="utf-8")
    code, out = _check(capsys, path)
    assert code == 1 and "stale grade" in out and "file says difficulty 2, topics meteor;" in out
    assert f"run carcnb grade {path}" in out


def test_grade_command_grades_directories_and_reports_failures(tmp_path, capsys):
    good = tmp_path / "set" / "good.toml"
    good.parent.mkdir()
    good.write_text(position_text("0,0 D 0", hand="U", question={"kind": "count", "answer": 3}), encoding="utf-8")
    (tmp_path / "set" / "plain.toml").write_text(position_text("0,0 D 0"), encoding="utf-8")
    code = main(["grade", str(tmp_path / "set")])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith("graded") and "good.toml" in out[0] and "topics base" in out[0]
    assert out[1].startswith("FAIL") and "plain.toml" in out[1] and "only puzzles are graded" in out[1]
    assert out[-1] == "1 graded (1 changed), 1 failed"
    assert main(["grade", str(good)]) == 0
    assert capsys.readouterr().out.startswith("same")


def _ungraded(path: Path) -> Path:
    path.write_text(position_text("0,0 D 0", hand="U", question={"kind": "count", "answer": 3}), encoding="utf-8")
    return path


def test_grading_keeps_a_file_named_like_a_temporary_one_and_the_files_mode(tmp_path):
    path = _ungraded(tmp_path / "p.toml")
    path.chmod(0o640)
    mine = tmp_path / "p.toml.tmp"
    mine.write_text("my notes\n", encoding="utf-8")
    assert grade_file(path)[1]
    assert mine.read_text(encoding="utf-8") == "my notes\n"
    assert (path.stat().st_mode & 0o777) == 0o640 and load(path).question.difficulty is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.toml", "p.toml.tmp"]


def test_grading_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path):
    (tmp_path / "collection").mkdir()
    target = _ungraded(tmp_path / "collection" / "p.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert main(["grade", str(link)]) == 0
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert load(target).question.difficulty is not None


def test_a_read_only_puzzle_is_refused_with_a_message_and_the_others_graded(tmp_path, capsys):
    locked = _ungraded(tmp_path / "a-locked.toml")
    before = locked.read_bytes()
    locked.chmod(0o444)
    other = _ungraded(tmp_path / "b-other.toml")
    assert main(["grade", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {locked}") and "is read-only: nothing was written" in out[0]
    assert f"chmod u+w {locked.resolve()}" in out[0]
    assert locked.read_bytes() == before and (locked.stat().st_mode & 0o777) == 0o444
    assert out[1].startswith(f"graded {other}") and load(other).question.difficulty is not None
