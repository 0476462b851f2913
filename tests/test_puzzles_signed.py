"""Puzzles an editor would sign: a board that could arise in play, in the folder of the sets it uses, a title of
its own that names the theme without the move and claims nothing the answer does not do, every ruling that
decides stated in words with its reading in force, and ruling labels in one format."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import collected

from carcnb.cli import main
from carcnb.engine.actions import parse_action
from carcnb.engine.rulings import RULINGS
from carcnb.positions.parse import load
from carcnb.puzzles.collection import puzzle_root
from carcnb.puzzles.grade import search
from carcnb.puzzles.listing import read_collection
from carcnb.puzzles.midgame import greedy_line
from carcnb.puzzles.playable import sets_in_use, unplayable
from carcnb.puzzles.titles import OLD_LABEL, theme_phrase
from carcnb.search.questions import readings_asked
from carcnb.telling.idea import compared, judge
from carcnb.telling.wording import option_text, question_text, readings_in_force

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

ROOT = puzzle_root()
PATHS = sorted(ROOT.rglob("*.toml"))
MINED = [p for p in PATHS if "mined" in p.parts]
SETS = ("base", "river", "disasters", "ferries", "cropcircles")
LABEL = re.compile(r"\((rulings?) ([a-z]+\.[a-z_]+ = [\w,]+(?:, [a-z]+\.[a-z_]+ = [\w,]+)*)\)$")


def test_every_board_could_arise_in_play():
    bad = {str(p.relative_to(ROOT)): unplayable(collected(p)) for p in PATHS}
    assert not {k: v for k, v in bad.items() if v}


def test_every_puzzle_sits_in_the_folder_of_the_sets_it_uses():
    for path in PATHS:
        folder, used = path.parent.name, sets_in_use(collected(path))
        if folder in SETS:
            assert folder in used, f"{path}: in {folder}/, which it does not use ({sorted(used)})"
        elif folder in ("combos", "combinations"):
            assert len(used - {"base"}) >= 2, f"{path}: a combination of one set ({sorted(used)})"


def test_every_puzzle_has_a_title_of_its_own_and_every_ruling_label_one_format():
    entries = read_collection(ROOT).entries
    titles = [e.title for e in entries]
    assert len(set(titles)) == len(titles), sorted(t for t in titles if titles.count(t) > 1)
    for path in PATHS:
        assert not OLD_LABEL.search(collected(path).title or ""), f"{path}: its title carries a ruling label of its own"
    for entry in entries:
        label = re.search(r"\(rulings? [^)]*\)$", entry.title)
        if label:
            said = LABEL.search(entry.title)
            assert said and all(r.split(" = ")[0] in RULINGS for r in said.group(2).split(", ")), entry.title
            assert (said.group(1) == "rulings") == (", " in said.group(2)), entry.title


def test_every_ruling_that_decides_is_stated_in_words_with_its_reading():
    for path in PATHS:
        for part in readings_asked(collected(path)):
            deciding = [t for t in part.question.topics or () if t in RULINGS]
            said = question_text(part)
            for rid, option in readings_in_force(part):
                assert option_text(rid, option) in said, f"{path}: {rid} = {option} not said"
            assert {rid for rid, _ in readings_in_force(part)} | {part.question.under} >= set(deciding)


@pytest.mark.parametrize("path", [p for p in MINED if re.search(r'^title = "(Don\'t feed|Hold|Knock out)',
                                                                  p.read_text(encoding="utf-8"), re.M)],
                         ids=lambda p: p.stem)
def test_a_mined_title_names_the_theme_its_answer_bears_out_and_not_the_move(path):
    """A farmer not fed, a player held back: the opponent's loss is what the answer wins by; a follower knocked
    out: the title does not say which."""
    p = collected(path)
    if p.question.horizon == "game":  # a mid-game puzzle: the file's line against the greedy move
        line = tuple(map(parse_action, dict(p.question.answer)["line"]))
        idea = compared(p, line, greedy_line(p), 0)
    else:
        found = search(p)
        line, idea = found.line, judge(p, found.line, found.replies)
    assert idea is not None and p.title.startswith(theme_phrase(idea) + ": ")
    seat = list(p.players).index(idea.mover)
    seats = {c: i for i, c in enumerate(p.players)}
    if idea.theme in ("feed", "deny"):
        loss = idea.obvious.valued[seats[idea.opponent]] - idea.answer.valued[seats[idea.opponent]]
        assert loss > idea.answer.valued[seat] - idea.obvious.valued[seat]  # not a win on its own points
    assert not re.search(r"\b(monk|knight|thief|farmer)\b", p.title) or idea.theme == "feed"
    spots = {f"{a.pos[0]},{a.pos[1]}" for a in line if getattr(a, "pos", None)}
    assert not any(re.search(rf"(?<![\d-]){re.escape(s)}(?!\d)", p.title) for s in spots)


def test_check_refuses_a_board_that_could_not_arise_in_play(tmp_path, capsys):
    text = (ROOT / "base" / "count-straight-road.toml").read_text(encoding="utf-8")
    moved = tmp_path / "moved.toml"
    moved.write_text(re.sub(r"^0,0 ", "5,5 ", text, flags=re.M).replace("\n0,0    D", "\n5,5    D"),
                     encoding="utf-8")
    unused = tmp_path / "unused.toml"
    unused.write_text(text.replace('hand = "U"', 'sets = ["ferries"]\nhand = "U"\npile = []'), encoding="utf-8")
    assert load(moved).board and not any(t.pos == (0, 0) for t in load(moved).board)
    assert main(["check", str(moved), str(unused)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {moved}  a board that could not arise in play: no start tile at 0,0" in out
    assert f"FAIL {unused}  a board that could not arise in play: sets names 'ferries'" in out


def test_the_answers_of_the_mined_puzzles_move_no_tile_the_title_names():
    for path in MINED:
        p = collected(path)
        line = dict(p.question.answer)["line"]
        assert not any(action in p.title for action in line if parse_action(action).__class__.__name__ != "Pass")
