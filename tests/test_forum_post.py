"""A post a moderator would accept: the user's question once, a verdict that answers it (every equally good line,
what the value counts, the next-best lines and the replies that make them worse), the readings that change the
answer in words, and the formats forums read (BBCode, BoardGameGeek, a standalone HTML page)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import THIEF_ROAD

from carcnb.cli import main
from carcnb.positions.parse import load, parse
from carcnb.search.questions import reading_of
from carcnb.telling.post import write_post

PUZZLES = Path(__file__).parent.parent / "puzzles"
ASK = "Red drew the meteor. Where should it land to score the thief's road?"
METEOR = f"""format = "carcnb/1"
title = "Where should red aim the meteor?"
sets = ["disasters"]
players = ["red", "blue"]
hand = "MT"
""" + THIEF_ROAD


@pytest.fixture
def asked(tmp_path) -> Path:
    path = tmp_path / "meteor-aim.toml"
    path.write_text(METEOR + f'\n[question]\nkind = "best"\nask = "{ASK}"\n', encoding="utf-8")
    return path


def test_an_open_question_is_answered_with_the_users_question_once_at_the_top(asked, tmp_path):
    text = write_post(load(asked), tmp_path / "out").text
    assert text.count(ASK) == 2  # at the top, and in the position file below
    assert text.index(f"**Question:** {ASK}") < text.index("![")
    assert "Red has drawn the meteor" not in text  # the engine's wording is not added to the user's


def test_a_best_verdict_gives_the_next_best_lines_and_the_reply_that_refutes_them(asked, tmp_path):
    text = write_post(load(asked), tmp_path / "out").text
    assert "**Answer:** red's best line is `meteor 3,-1`, value 4." in text
    assert "The value is red's points minus the best opponent's, gained this turn (red +4, blue +0)." in text
    # each refuted by the reply, and red's own later move when red has one
    assert "- `meteor 1,0`: value 3 (red +3, blue +0); the turn goes on: `blue: pass`, `red: meteor 2,0`" in text
    assert "- `meteor 2,0`: value 0 (red +0, blue +0); the turn goes on: `blue: meteor 1,0`, `red: pass`" in text


def test_a_last_tile_value_says_it_counts_the_final_scoring(tmp_path):
    text = write_post(reading_of(load(PUZZLES / "disasters/flood-scope-last-tile.toml"), "edge"), tmp_path).text
    assert "gained this turn and in the final scoring (red +10, blue +3)" in text
    assert "this turn)" not in text.split("## Why")[1].split("## What happens")[0]


def test_solve_lists_every_equally_good_line(tmp_path, capsys):
    tie = tmp_path / "tie.toml"  # without the thief, every aim is worth nothing
    tie.write_text(METEOR.replace("1,0    U    90   red@E", "1,0    U    90") + '\n[question]\nkind = "best"\n',
                   encoding="utf-8")
    assert main(["solve", str(tie), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["answer"]
    assert got["value"] == 0 and "line" not in got
    assert sorted(got["lines"]) == [[f"meteor {aim}"] for aim in ("-1,0", "1,0", "2,0", "3,-1", "3,0")]
    assert main(["solve", str(tie)]) == 0
    assert capsys.readouterr().out.startswith("best: 5 lines of value 0, equally good:\n  meteor -1,0")


def test_a_post_lists_every_equally_good_line(tmp_path):
    tie = parse(METEOR.replace("1,0    U    90   red@E", "1,0    U    90") + '\n[question]\nkind = "best"\n',
                str(tmp_path / "tie.toml"))
    text = write_post(tie, tmp_path / "out").text
    assert "5 lines are equally good:" in text
    tied = text.split("5 lines are equally good:")[1].split("The value is")[0]
    for aim in ("-1,0", "1,0", "2,0", "3,-1", "3,0"):
        assert f"`meteor {aim}`" in tied
    assert "- `meteor 2,0` (or, to the same effect, `meteor 3,0`): red +0, blue +0" in tied  # the same end


def test_solve_explains_a_value_and_shows_the_runner_up(asked, capsys):
    assert main(["solve", str(asked)]) == 0
    out = capsys.readouterr().out
    assert "the value is red's points minus the best opponent's, gained this turn (red +4, blue +0)" in out
    assert "  meteor 1,0  value 3 (red +3, blue +0); the turn goes on: blue: pass; red: meteor 2,0" in out


def test_readings_that_change_nothing_are_one_line_without_their_ids(tmp_path):
    text = write_post(load(PUZZLES / "disasters/meteor-cloister-eight.toml"), tmp_path).text
    assert "No reading of the rules changes this answer." in text
    assert "The 16 rulings these sets involve were tried option by option and change nothing here" in text
    assert not re.search(r"(earthquake|flood|meteor|tornado)\.[a-z_]+", text.split("## The position")[0])


def test_a_position_stopped_inside_the_meteor_event_is_answered_as_that_event(tmp_path):
    mid = parse(METEOR.replace('hand = "MT"', 'hand = "MT"\nplayed = ["meteor 2,0"]'), str(tmp_path / "mid.toml"))
    text = write_post(mid, tmp_path / "out").text
    assert "**Answer:** blue's best line is `meteor 1,0`" in text
    assert "Totals:" not in text  # never scored as if the game ended there


def test_cli_post_takes_the_picture_options_of_render(asked, tmp_path):
    plain, dressed = tmp_path / "plain", tmp_path / "dressed"
    assert main(["post", str(asked), "-o", str(plain)]) == 0
    assert main(["post", str(asked), "-o", str(dressed), "--legend", "--caption", "the thief's road",
                 "--no-coords"]) == 0
    assert (plain / "meteor-aim.png").read_bytes() != (dressed / "meteor-aim.png").read_bytes()
    text = (dressed / "meteor-aim.md").read_text(encoding="utf-8")
    assert "![the thief's road](meteor-aim.png)" in text
    numbered = "columns (x, east) are numbered along the bottom of the picture"
    assert numbered in (plain / "meteor-aim.md").read_text(encoding="utf-8")
    assert numbered not in text and "How to read it: a port names a place on a tile" in text  # no numbers drawn


def test_bgg_posts_use_its_tags_and_say_where_the_picture_goes(asked, tmp_path):
    assert main(["post", str(asked), "-o", str(tmp_path), "--format", "bgg"]) == 0
    text = (tmp_path / "meteor-aim.bgg.txt").read_text(encoding="utf-8")
    assert "upload meteor-aim.png to BoardGameGeek" in text and "the tag ImageID=NUMBER in square brackets" in text
    assert "[c]meteor 3,-1[/c]" in text and "[list]" not in text and "[img]" not in text
    assert not re.search(r"<\S", text)  # BoardGameGeek drops everything from such a "<" on


def test_bbcode_posts_say_to_upload_the_picture(asked, tmp_path):
    text = write_post(load(asked), tmp_path, "bbcode").text
    assert "[img]meteor-aim.png[/img]\n(Before posting: upload meteor-aim.png" in text
    assert "[img] tag" not in text  # the note names no tag a forum would read


def test_html_is_a_page_with_bordered_tables(tmp_path):
    text = write_post(load(PUZZLES / "base/farm-edition.toml"), tmp_path, "html").text
    assert text.startswith("<!DOCTYPE html>") and "<title>Two small cities" in text
    assert re.search(r"<style>.*th, td \{ border: 1px solid", text, re.S)
    assert text.rstrip().endswith("</html>")


def test_the_readme_walkthrough_answers_as_it_shows(capsys):
    example = Path(__file__).parent.parent / "docs/illustrate/meteor-diagonal.toml"
    assert load(example).question.answer is None
    assert main(["solve", str(example)]) == 0
    shown = capsys.readouterr().out.splitlines()
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for line in shown[:5]:
        assert line in readme
