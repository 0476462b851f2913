"""Hints and reveals that teach: three hints, each nearer the answer and none stating it (the theme, the piece or
feature the idea turns on, the kind of move), all read from what the answer does; a reveal that opens with the
idea in a sentence or two, tells the answer's events once, then shows the rows."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from carcnb.engine.actions import parse_action
from carcnb.positions.parse import load
from carcnb.search.lines import best_play
from carcnb.telling.account import account
from carcnb.telling.events import FollowerLeft
from carcnb.telling.hints import hints, idea_of
from carcnb.telling.idea_words import THEMES
from carcnb.telling.verdict import reveal

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
# one puzzle of each kind of idea: a farm not fed, a follower knocked out, a reply, a ferry, a look past the turn
BEST = ["mined/base/last-tile-s2600-002.toml", "mined/disasters/meteor-s1900-001.toml",
        "mined/disasters/tornado-s2200-002.toml", "mined/ferries/last-tile-s1400-002.toml",
        "mined/base/last-tile-s2600-001.toml", "ferries/steal-by-moving.toml"]


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?=\s+[A-Z]|\s*$)", text))


@pytest.mark.parametrize("name", BEST)
def test_best_hints_go_theme_then_what_it_turns_on_then_the_kind_of_move_never_the_answer(name):
    p = load(PUZZLES / name)
    idea = idea_of(p)
    given = hints(p)
    name_of_theme = THEMES[idea.theme][0].format(opp=idea.opponent, mover=idea.mover)
    assert given[0].startswith(f"The theme: {name_of_theme}.")
    assert given[1] == f"It turns on {idea.focus}."
    assert given[2].startswith("The move: ")
    line = dict(p.question.answer)["line"]
    spots = {f"{a.pos[0]},{a.pos[1]}" for a in map(parse_action, line) if getattr(a, "pos", None)}
    for hint in given:
        assert not any(action in hint for action in line if action != "pass"), hint
    assert not any(re.search(rf"(?<![\d-]){re.escape(spot)}(?!\d)", hint) for hint in given[:2] for spot in spots
                   if idea.theme not in ("destroy", "steal", "share", "feed", "deny")), given[:2]


def test_the_piece_a_knock_out_turns_on_is_the_follower_the_answer_takes_off():
    p = load(PUZZLES / "mined/disasters/meteor-s1900-001.toml")
    best = best_play(p)
    left = [e.figure.text() for e in account(p, [a for _, a in best.play]).of(FollowerLeft) if e.cause == "destroyed"]
    assert hints(p)[1] == f"It turns on {left[0]}."
    assert hints(p)[2] == f"The move: aim the meteor, so that {left[0]} leaves the board."


@pytest.mark.parametrize("name", BEST[:3] + ["base/farm-edition.toml", "base/count-crossroads.toml"])
def test_a_reveal_opens_with_the_idea_then_tells_the_events_once_then_the_rows(name):
    p = load(PUZZLES / name)
    shown = reveal(p)
    assert shown.idea.startswith("The idea: ") and 1 <= sentences(shown.idea) <= 2, shown.idea
    if p.question.kind == "best":
        assert [said for said, _ in shown.happened()] == [e.said for e in shown.told.entries]
        told = [line for said, rest in shown.happened() for line in (said, *rest)]
        assert told == shown.told.lines()  # every event once, in order
        listed = {line[2:] for line in (p.question.explanation or "").splitlines() if line.startswith("- ")}
        assert not {said for said, _ in shown.happened()[:len(shown.line)]} & listed  # the answer is told once


def test_no_mined_explanation_tells_the_answer_again():
    for path in sorted((PUZZLES / "mined").rglob("*.toml")):
        words = load(path).question.explanation or ""
        assert "The answer, for " not in words, path
