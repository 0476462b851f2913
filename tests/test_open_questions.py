"""Open questions: a forum user asks without knowing the answer (``[question]`` with a kind and their own words);
solve, readings and post answer it, and only ``check`` (for the collection) asks for the answer."""
from __future__ import annotations

import json

import pytest
from conftest import THIEF_ROAD

from carcnb.cli import main
from carcnb.engine.errors import PositionFormatError
from carcnb.positions.dump import dump
from carcnb.positions.parse import load, parse

ASKED = """format = "carcnb/1"
title = "Where should red aim the meteor?"
sets = ["disasters"]
players = ["red", "blue"]
hand = "MT"
""" + THIEF_ROAD + """
[question]
kind = "best"
ask = "Red drew the meteor. Where should it land to score the thief's road?"
"""


@pytest.fixture
def asked(tmp_path):
    path = tmp_path / "meteor-aim.toml"
    path.write_text(ASKED, encoding="utf-8")
    return path


def test_a_question_without_an_answer_loads_with_the_users_words(asked):
    p = load(asked)
    assert p.question.kind == "best" and p.question.answer is None
    assert p.question.ask.startswith("Red drew the meteor.")
    assert parse(dump(p)) == p


def test_solve_answers_an_open_question(asked, capsys):
    assert main(["solve", str(asked), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["kind"] == "best" and got["answer"]["value"] == 4


def test_readings_answers_an_open_question(asked, capsys):
    assert main(["readings", str(asked)]) == 0
    assert "meteor 3,-1" in capsys.readouterr().out


def test_check_requires_the_answer_naming_the_file_the_line_and_the_key(asked, capsys):
    assert main(["check", str(asked)]) == 1
    out = capsys.readouterr().out
    assert f"{asked}:15:" in out  # the line of [question]
    assert "answer = { line = [" in out and "action =" not in out


def test_a_best_answer_of_the_wrong_form_names_the_line_key(tmp_path):
    with pytest.raises(PositionFormatError, match=r"answer = \{ line = \[") as found:
        parse(ASKED + 'answer = "meteor 3,-1"\n', "bad.toml")
    assert "action =" not in found.value.expected
