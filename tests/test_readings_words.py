"""Readings as a rules expert reads them in a forum thread: a ruling changes the answer only where an answer
differs; a line a reading makes impossible says which action fails and why; a set a reading takes out is one
line; each option is named by what it decides in this position; a ruling that moves only pieces is told apart."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from test_readings import QUAKE_TOKENS_DOWN

from carcnb.cli import main
from carcnb.engine.rulings import RULINGS
from carcnb.positions.parse import load, parse
from carcnb.search.questions import final_score
from carcnb.search.readings import Excluded, readings
from carcnb.telling.post import write_post
from carcnb.telling.readings import fate_texts

# Red's tornado wanders the 3x2 block; every step is over a tile, and the line goes back to squares it crossed
# in earlier moves (legal by default: a tile only once per move).
TORNADO = '''format = "carcnb/1"
title = "The tornado goes back and forth"
sets = ["disasters"]
players = ["red", "blue"]
to_move = "red"
hand = "TO1"
pile = []
played = ["place 2,0 90", "tornado 1,0", "tornado 0,0", "tornado 0,-1", "tornado -1,-1", "tornado -1,0",
          "tornado 0,0", "tornado 0,-1", "tornado -1,-1", "tornado -1,0", "tornado 0,0", "tornado -1,0",
          "tornado -1,-1", "drop blue -1,-1 NNW", "deploy 2,0 NNW"]
board = """
-1,0  U  90  blue@E
0,0   D  0   red@N
1,0   U  90
-1,-1 B  0   blue@C
0,-1  B  0
1,-1  B  0   red@C
"""
'''

# The last tile: red's meteor lands on EQ, whose earthquake (on placement) has put a token in red's city.
QUAKE_METEOR = '''format = "carcnb/1"
title = "The earthquake already struck: does the meteor on EQ undo it?"
sets = ["disasters"]
players = ["red", "blue"]
scores = { red = 30, blue = 32 }
to_move = "red"
hand = "MT"
pile = []
played = ["meteor 0,-1", "pass", "pass"]
earthquake = { tokens_down = true }
board = """
0,0   D   0    red@N quake@N
0,1   G   0
0,2   C   0
1,2   E   270
2,2   B   0
0,-1  EQ  180  blue@S
1,0   U   90   blue@E
-1,0  U   90
"""
'''

# Red closes a two-tile city with a knight in it; nobody farms.
TWO_TILE_CITY = '''format = "carcnb/1"
title = "Does red's little city score 4 or 2?"
players = ["red", "blue"]
scores = { red = 20, blue = 22 }
to_move = "red"
hand = "E"
played = ["place 0,1 180", "pass"]
board = """
0,0   D   0    red@N
1,0   U   90   blue@E
"""
'''

CF2 = load(Path(__file__).parent.parent / "puzzles/cropcircles/pitchfork-cf2-two-tied-farms.toml")


def thread(text: str, path: str = "thread.toml"):
    return parse(text, path)


def test_a_ruling_that_changes_only_why_a_line_is_impossible_changes_nothing():
    r = readings(thread(TORNADO))
    assert "tornado.over_empty" in r.unchanged  # 9/4 under both; under per_tornado impossible under both
    assert "tornado.over_empty" not in [c.ruling for c in r.changes]
    assert [c.ruling for c in r.changes] == ["tornado.steps", "tornado.revisit"]


def test_a_line_a_reading_makes_impossible_says_which_action_fails_and_why():
    r = readings(thread(TORNADO))
    revisit = next(c for c in r.changes if c.ruling == "tornado.revisit").answers["per_tornado"]
    assert revisit["cause"] == "impossible"
    said = revisit["error"]
    assert "played action 7 of 15, 'tornado 0,0'" in said
    assert "the step from -1,0 to 0,0 revisits a square this tornado already crossed" in said
    assert "legal" not in said  # the legal actions are no reason
    straight = next(c for c in r.changes if c.ruling == "tornado.steps").answers["straight"]["error"]
    assert "'tornado -1,-1'" in straight and "turns, and both steps of a move go the same way" in straight


def test_the_meteor_on_eq_leaves_the_tokens_of_an_earthquake_that_struck_on_placement():
    p = thread(QUAKE_METEOR)
    on_place = replace(p, rulings=(("earthquake.timing", "on_place"),))
    assert final_score(on_place).scores["red"] == 30  # red's knight in a city with a token: nothing
    assert final_score(p).scores["red"] == 35  # at the end, with EQ gone, there is no earthquake
    r = readings(p)
    timing = next(c for c in r.changes if c.ruling == "earthquake.timing")
    assert timing.answers == {"final": {"red": 35, "blue": 35}, "on_place": {"red": 30, "blue": 35}}
    assert "earthquake.timing" not in r.unchanged


def test_a_ruling_that_moves_only_a_piece_is_listed_apart_with_where_it_goes(tmp_path, capsys):
    r = readings(thread(QUAKE_METEOR))
    (fate,) = r.fates
    assert fate.ruling == "meteor.followers_on_target"
    assert fate.ruling not in r.unchanged and fate.ruling not in [c.ruling for c in r.changes]
    assert fate_texts(fate) == {"return": "blue has 6 followers in supply and none out of the game",
                                "lost": "blue has 5 followers in supply and 1 out of the game"}
    told = fate_texts(fate, thread(QUAKE_METEOR))  # the game's end replayed under each: what happens
    assert told == {"return": "blue's knight on the city at 0,-1 (S) goes back to the supply",
                    "lost": "blue's knight on the city at 0,-1 (S) is lost: it leaves the game"}
    path = tmp_path / "thread.toml"
    path.write_text(QUAKE_METEOR, encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rulings that change only where pieces end up" in out
    assert f"lost (followers under the meteor lost): {told['lost']}" in out
    post = write_post(thread(QUAKE_METEOR, str(path)), tmp_path / "post").text
    assert "These change no answer, only where the pieces end up:" in post
    assert f"- `lost`, out of the game: {told['lost']}" in post


def test_a_set_a_reading_takes_out_is_one_line(tmp_path, capsys):
    r = readings(CF2)
    others = tuple(o for o in RULINGS["ferries.crop_circle_tile"].options if o != "CF2")
    assert r.excluded == (Excluded("ferries.crop_circle_tile", others, ("CF2",)),)
    assert "ferries.crop_circle_tile" not in [c.ruling for c in r.changes]
    assert all("error" not in c.answer for c in r.combinations)  # no row of the table is the missing tile
    assert main(["readings", str(CF2.path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as one line: the CLI wraps
    assert out.count("CF2 is not in the game") == 1 and "belongs to set" not in out
    post = write_post(CF2, tmp_path).text
    assert post.count("CF2 is not in the game") == 1 and "belongs to set" not in post
    assert main(["readings", str(CF2.path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["excluded"] == [
        {"ruling": "ferries.crop_circle_tile", "options": list(others), "tiles": ["CF2"]}]


def test_each_option_is_named_by_what_it_decides_here(tmp_path, capsys):
    city = readings(thread(TWO_TILE_CITY))
    assert city.label("scoring.edition", "third") == "a 2-tile city worth 4"  # no farmer: not "farms"
    farms = readings(CF2)
    assert farms.label("scoring.edition", "second") == "2nd-edition farms"  # a city counted in two fields
    path = tmp_path / "thread.toml"
    path.write_text(TWO_TILE_CITY, encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "second (a 2-tile city worth 2): red 22, blue 24" in out and "farms" not in out
    post = write_post(thread(TWO_TILE_CITY, str(path)), tmp_path / "post").text
    assert "`second`, a 2-tile city worth 2: red 22, blue 24" in post


def test_the_post_says_a_ruling_changes_the_answer_only_together_with_others(tmp_path):
    path = tmp_path / "thread.toml"
    path.write_text(QUAKE_TOKENS_DOWN, encoding="utf-8")
    post = write_post(thread(QUAKE_TOKENS_DOWN, str(path)), tmp_path / "post").text
    edition = post.split("`scoring.edition`: ")[1].split("The answers together")[0]
    assert "only together with others" in edition
    assert "only together with others" not in post.split("`scoring.edition`: ")[0].split("## Under other")[1]


def test_a_meteor_flight_a_reading_forbids_says_which_move_and_why():
    diagonal = load(Path(__file__).parent.parent / "docs/illustrate/meteor-diagonal.toml")  # king adjacency
    played = replace(diagonal, played=("meteor 3,1", "meteor 2,0", "meteor 3,0"), question=None)
    r = readings(played)
    orthogonal = next(c for c in r.changes if c.ruling == "meteor.adjacency").answers["orthogonal"]
    assert orthogonal["error"] == ("played action 2 of 3, 'meteor 2,0', cannot be played: 2,0 is not next to 3,1 "
                                   "along an edge (meteor.adjacency = orthogonal)")
