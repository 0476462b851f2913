"""Positions a forum user writes that the rules cannot reach: completed when the rules force the missing part,
refused with the fix otherwise; a ``played`` list that stops inside the turn is never scored as the game's end."""
from __future__ import annotations

import pytest
from conftest import RIVER, THIEF_ROAD

from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.positions.dump import dump
from carcnb.positions.game_io import problems
from carcnb.positions.parse import parse
from carcnb.search.questions import final_score, placements

# blue laid FL on 2,-4 last turn and is to move again, E in hand: the flood has spread before the draw
FLOODED = """format = "carcnb/1"
sets = ["river", "disasters"]
players = ["red", "blue"]
to_move = "blue"
flood = { by = "blue"%s }
hand = "E"
board = \"\"\"""" + RIVER.replace("2,-4  R4  0", "2,-4  FL  0") + """1,-3   N    180  red@E
3,-5   U    0    blue@N
\"\"\"
"""


def test_the_flood_has_spread_when_its_placer_is_to_move_with_a_drawn_tile():
    p = parse(FLOODED % "", "forum.toml")
    assert dict(p.flood)["spread"] is True
    # the covered empty positions take no tile (flood.covered_empty = no): the same as writing spread = true
    assert placements(p) == placements(parse(FLOODED % ", spread = true"))
    assert "spread = true" in dump(p)


def test_a_flood_said_not_to_have_spread_is_refused_with_the_fix():
    p = parse(FLOODED % ", spread = false", "forum.toml")
    (found,) = [x for x in problems(p) if x.code == "flood-not-spread"]
    assert "write spread = true" in found.message and "before the draw" in found.message
    with pytest.raises(CarcnbError, match="flood-not-spread"):
        placements(p)


def test_the_flood_without_the_river_set_is_reported():
    text = (FLOODED % ", spread = true").replace('sets = ["river", "disasters"]', 'sets = ["disasters"]')
    text = "\n".join(line for line in text.splitlines() if " R" not in line).replace("0,0    R1   0", "")
    p = parse(text + "", "forum.toml")
    found = [x for x in problems(p) if x.code == "flood-without-river"]
    assert found and 'add "river" to sets' in found[0].message and "any_tile" in found[0].message
    assert found[0].line == 8  # the line of FL


def test_a_flood_line_without_fl_on_the_board_is_refused():
    text = (FLOODED % "").replace("2,-4  FL  0", "")
    codes = [x.code for x in problems(parse(text))]
    assert "flood-without-tile" in codes


METEOR = """format = "carcnb/1"
sets = ["disasters"]
players = ["red", "blue"]
hand = "MT"
played = ["meteor 2,0"]
""" + THIEF_ROAD


def test_a_played_list_that_stops_inside_the_meteor_event_is_not_scored_as_the_end(tmp_path, capsys):
    p = parse(METEOR, "forum.toml")
    with pytest.raises(CarcnbError, match=r"stops in the middle of the turn.*blue's decision: move the meteor"):
        final_score(p)
    path = tmp_path / "forum.toml"
    path.write_text(METEOR, encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert 'ask [question] kind = "best"' in capsys.readouterr().err


def test_a_played_deploy_names_the_feature_by_any_of_its_ports():
    text = """format = "carcnb/1"
players = ["red", "blue"]
hand = "U"
played = ["place 1,0 90", "deploy 1,0 W"]
board = \"\"\"
0,0    D    0
\"\"\"
"""
    p = parse(text)
    assert p.played == ("place 1,0 90", "deploy 1,0 E")  # the road of U, named as the engine names it
    assert final_score(p).scores == {"red": 2, "blue": 0}


def test_readings_answer_a_turn_stopped_inside_the_meteor_event(tmp_path, capsys):
    path = tmp_path / "mid.toml"
    path.write_text(METEOR, encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    assert capsys.readouterr().out.startswith("answer, with the rulings as the file sets them: meteor 1,0")
