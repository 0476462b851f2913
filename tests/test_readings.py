"""``carcnb readings``: the answer under every option of every ruling a position's sets involve, each checked
against the engine run with that option set by hand."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import RIVER

from carcnb.cli import main
from carcnb.engine.actions import parse_action
from carcnb.engine.errors import CarcnbError, IllegalPositionError, SearchLimitError
from carcnb.engine.rulings import RULINGS, involved
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load, parse
from carcnb.search import readings as readings_module
from carcnb.search.questions import counted, final_score, reading_of
from carcnb.search.readings import answer_under, involved_rulings, readings
from carcnb.search.solve import Solver, best_answer, objective, solve

PUZZLES = Path(__file__).parent.parent / "puzzles"


def with_rulings(p, **chosen: str):
    """``p`` with rulings set by hand (ids written with ``__`` for the dot)."""
    return replace(p, rulings=tuple({**dict(p.rulings), **{k.replace("__", "."): v for k, v in chosen.items()}}
                                    .items()))


def by_hand_best(p) -> dict:
    solution = solve(state_from_position(p))
    return {"line": [str(a) for a in solution.line], "value": solution.value}


def test_no_ruling_changes_a_base_road_loop():
    p = load(PUZZLES / "base/road-loop.toml")
    r = readings(p)
    assert r.answer == final_score(p).scores
    assert (r.changes, r.combinations, r.skipped) == ((), (), 0)
    assert r.unchanged == ("scoring.edition",)  # the one ruling the base game involves


def test_no_ruling_changes_the_meteor_cloister_and_every_disasters_ruling_is_tried():
    p = load(PUZZLES / "disasters/meteor-cloister-eight.toml")
    r = readings(p)
    assert r.changes == ()
    assert list(r.unchanged) == involved(["disasters"]) == involved_rulings(p)
    assert r.answer == {"red": 18, "blue": 11}


def test_one_ruling_scoring_edition_changes_the_farm():
    p = reading_of(load(PUZZLES / "base/farm-edition.toml"), "second")
    r = readings(p)
    (change,) = r.changes
    assert change.ruling == "scoring.edition"
    third = final_score(with_rulings(p, scoring__edition="third")).scores
    second = final_score(with_rulings(p, scoring__edition="second")).scores
    assert third != second
    assert change.answers == {"third": third, "second": second}
    assert r.answer == second  # the file's own choice
    assert [(c.rulings, c.answer) for c in r.combinations] == [({"scoring.edition": "third"}, third),
                                                               ({"scoring.edition": "second"}, second)]


def test_one_ruling_meteor_adjacency_changes_the_best_decision():
    p = reading_of(load(PUZZLES / "disasters/meteor-adjacency.toml"), "king")
    r = readings(p)
    assert [c.ruling for c in r.changes] == ["meteor.adjacency"]
    assert r.changes[0].answers == {
        "orthogonal": by_hand_best(with_rulings(p, meteor__adjacency="orthogonal")),
        "king": by_hand_best(with_rulings(p, meteor__adjacency="king"))}
    assert r.answer == {"line": ["meteor 1,-2"], "value": 2}


def test_one_ruling_changes_a_count():
    p = reading_of(load(PUZZLES / "disasters/flood-covered-empty.toml"), "yes")
    r = readings(p)
    assert r.answer == 5
    (change,) = r.changes
    assert change.ruling == "flood.covered_empty"
    assert change.answers == {"no": len(counted(with_rulings(p, flood__covered_empty="no"))), "yes": 5}
    assert change.answers["no"] < 5


def test_two_rulings_and_their_combinations_with_an_illegal_reading():
    p = reading_of(load(PUZZLES / "disasters/flood-scope.toml"), "edge")
    r = readings(p)
    assert [c.ruling for c in r.changes] == ["flood.covered_scope", "flood.covered_empty"]
    assert len(r.combinations) == 4 and r.skipped == 0
    for combo in r.combinations:
        scope, empty = combo.rulings["flood.covered_scope"], combo.rulings["flood.covered_empty"]
        by_hand = with_rulings(p, flood__covered_scope=scope, flood__covered_empty=empty)
        if empty == "no":  # red's played tile went on a covered empty position: not legal under "no"
            with pytest.raises(IllegalPositionError):
                state_from_position(by_hand)
            assert combo.answer["cause"] == "impossible" and "place 2,-3 270" in combo.answer["error"]
            assert "lies under the flood's cut-out" in combo.answer["error"]  # which action, and why
        else:
            assert combo.answer == final_score(by_hand).scores
    assert r.changes[0].answers["segment"] != r.changes[0].answers["edge"]
    assert "flood.covered_scope" not in r.unchanged and "meteor.adjacency" in r.unchanged


def test_combinations_beyond_the_cap_are_counted_as_skipped(monkeypatch):
    monkeypatch.setattr(readings_module, "MAX_COMBINATIONS", 3)
    r = readings(reading_of(load(PUZZLES / "disasters/flood-scope.toml"), "edge"))
    assert (len(r.combinations), r.skipped) == (3, 1)


def test_a_search_over_its_limit_stops_the_readings_naming_the_file():
    p = reading_of(load(PUZZLES / "disasters/tornado-over-empty.toml"), "no")
    with pytest.raises(SearchLimitError, match="stopped after 50 positions") as stopped:
        readings(p, node_limit=50)  # a reading without its answer is not told as one
    assert str(stopped.value).startswith(f"{p.path}: ") and str(stopped.value).count(p.path) == 1


def test_a_search_over_its_limit_leaves_the_state_as_it_was():
    p = with_rulings(reading_of(load(PUZZLES / "disasters/tornado-over-empty.toml"), "no"), tornado__over_empty="yes")
    state = state_from_position(p)
    before = (state.key(), len(state.history))
    with pytest.raises(SearchLimitError):
        solve(state, node_limit=10)
    assert (state.key(), len(state.history)) == before


def test_progress_hears_of_every_answer():
    heard = []
    readings(reading_of(load(PUZZLES / "base/farm-edition.toml"), "second"), lambda done, planned, what: heard.append(
        (done, planned, what)))
    assert heard == [(0, 1, "the file's rulings"), (1, 2, "scoring.edition = third")]


def test_cli_json_is_exactly_the_contract(capsys):
    assert main(["readings", str(PUZZLES / "disasters/flood-scope.toml"), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""
    assert {"answer", "changes", "unchanged", "combinations"} <= set(data)
    assert data["answer"] == {"red": 23, "blue": 20}  # under its first reading, covered_scope = segment
    assert [c["ruling"] for c in data["changes"]] == ["flood.covered_scope", "flood.covered_empty"]
    assert all(set(c) == {"ruling", "answers"} for c in data["changes"])
    assert all(set(c) == {"rulings", "answer"} for c in data["combinations"])


def test_cli_text_marks_the_files_option_and_lists_the_rest(capsys):
    assert main(["readings", str(PUZZLES / "base/farm-edition.toml")]) == 0
    out = capsys.readouterr().out
    assert "scoring.edition" in out
    assert "* third (3rd-edition farms, a 2-tile city worth 4): red" in out  # the file's option
    assert "  second (2nd-edition farms, a 2-tile city worth 2): red" in out
    assert "change nothing under any reading: none" in out


def test_cli_a_file_without_an_answer_of_its_own_exits_2(tmp_path, capsys):
    bad = tmp_path / "nohand.toml"
    bad.write_text('format = "carcnb/1"\nplayers = ["red", "blue"]\nboard = """\n0,0 D 0\n"""\n\n[question]\n'
                   'kind = "count"\nanswer = 3\n', encoding="utf-8")
    assert main(["readings", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "no tile in hand" in err and "Traceback" not in err


def test_cli_refuses_a_max_nodes_below_one(capsys):
    assert main(["readings", str(PUZZLES / "base/road-loop.toml"), "--max-nodes", "0"]) == 2
    assert "--max-nodes" in capsys.readouterr().err


# Positions as a forum user writes them: a board, the tokens that matter, and nothing else.
QUAKE_TOKENS_DOWN = '''format = "carcnb/1"
title = "EQ went down early: only its own city and D's got tokens"
sets = ["disasters"]
players = ["red", "blue"]
scores = { red = 30, blue = 30 }
board = """
-1,1   E    180  blue@NNE
0,1    E    180
2,1    E    180
-1,0   D    0
0,0    D    0    quake@N
1,0    U    90   blue@NNE
2,0    D    0
3,0    U    90
0,-1   EQ   180  red@S quake@S
2,-1   F    0    blue@E
3,-1   E    270
"""
'''

# The same board without tokens: the file does not say which tiles came after EQ.
QUAKE_NO_TOKENS = QUAKE_TOKENS_DOWN.replace("    quake@N", "").replace(" quake@S", "")

# Red's meteor beside a thief's road, a fresh flood on the river; the meteor may not land on FL.
METEOR_STRICT = '''format = "carcnb/1"
title = "The meteor may not land on the flood"
sets = ["river", "disasters"]
players = ["red", "blue"]
to_move = "red"
hand = "MT"
flood = { spread = false, by = "blue" }
rulings = { "meteor.targets" = "start,spring,flood" }

board = """''' + RIVER.replace("2,-4  R4  0", "2,-4  FL  0") + '''-1,-2  A    270  red@E
1,-2   V    0
1,-3   K    180
2,-3   D    180
3,-3   U    90
"""

'''  # blue put FL in place of R4 at 2,-4 last turn
# The same asked under king adjacency, where three aims are equally good.
METEOR_TIE = METEOR_STRICT.replace('rulings = { "meteor.targets" = "start,spring,flood" }',
                                   'rulings = { "meteor.adjacency" = "king" }') + \
    '[question]\nkind = "best"\nanswer = { line = ["meteor 2,-3"], value = 3 }\n'


def forum(text: str):
    return parse(text, "thread.toml")


def test_a_ruling_that_changes_the_answer_only_with_another_is_not_reported_as_changing_nothing():
    p = forum(QUAKE_TOKENS_DOWN)
    r = readings(p)
    assert [c.ruling for c in r.changes] == ["earthquake.timing", "scoring.edition"]
    assert "scoring.edition" not in r.unchanged
    table = {(c.rulings["earthquake.timing"], c.rulings["scoring.edition"]): c.answer["blue"]
             for c in r.combinations}
    by_hand = {key: final_score(with_rulings(p, earthquake__timing=key[0], scoring__edition=key[1])).scores["blue"]
               for key in table}
    assert table == by_hand == {("final", "third"): 33, ("final", "second"): 33,
                                ("on_place", "third"): 42, ("on_place", "second"): 39}
    said = [(g.answer["blue"], g.readings) for g in r.groups]
    assert said == [(33, ({"earthquake.timing": "final"},)),
                    (42, ({"earthquake.timing": "on_place", "scoring.edition": "third"},)),
                    (39, ({"earthquake.timing": "on_place", "scoring.edition": "second"},))]


def test_cli_says_when_a_ruling_changes_the_answer_only_with_other_options(tmp_path, capsys):
    path = tmp_path / "thread.toml"
    path.write_text(QUAKE_TOKENS_DOWN, encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    out = capsys.readouterr().out
    edition = out.split("scoring.edition: ")[1].split("every combination")[0]
    assert "the same with the file's other options" in edition
    assert "earthquake on placement, 2nd-edition farms" in out.split("rulings that change the answer")[0]


def test_every_ruling_called_unchanged_changes_nothing_under_any_choice_of_the_others():
    p = forum(QUAKE_TOKENS_DOWN)
    r = readings(p)
    rng = random.Random(5)
    ids = involved_rulings(p)
    for _ in range(12):
        chosen = {rid: rng.choice(list(RULINGS[rid].options)) for rid in ids}
        got = final_score(with_rulings(p, **{k.replace(".", "__"): v for k, v in chosen.items()})).scores
        expected = next(c.answer for c in r.combinations
                        if all(chosen[rid] == option for rid, option in c.rulings.items()))
        assert got == expected
        for rid in r.unchanged:
            for option in RULINGS[rid].options:
                other = {**chosen, rid: option}
                assert final_score(with_rulings(p, **{k.replace(".", "__"): v for k, v in other.items()})
                                   ).scores == got


def test_a_reading_that_needs_turns_the_file_does_not_record_says_so():
    r = readings(forum(QUAKE_NO_TOKENS))
    assert r.depends_on_history == ("earthquake.timing",)
    assert "earthquake.timing" not in r.unchanged
    assert readings(forum(QUAKE_TOKENS_DOWN)).depends_on_history == ()  # the tokens say it


def test_cli_says_what_the_file_would_need_to_say(tmp_path, capsys):
    path = tmp_path / "thread.toml"
    path.write_text(QUAKE_NO_TOKENS, encoding="utf-8")
    assert main(["readings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "depends on earlier turns the file does not record" in out
    assert "earthquake.timing" in out and "quake@PORT" in out
    assert "earthquake.timing" not in out.split("change nothing under any reading:")[1]
    assert main(["readings", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["depends_on_history"] == ["earthquake.timing"]


def test_a_tie_under_a_reading_lists_every_equally_good_line():
    p = forum(METEOR_TIE)
    tie = answer_under(p, dict(p.rulings))  # what readings(p) answers under the file's own rulings
    assert tie == {"lines": [["meteor 0,-4"], ["meteor 1,-4"], ["meteor 2,-3"]], "value": 3}
    for line in tie["lines"]:  # each one reaches the value: the replies cannot do better against it
        state = state_from_position(p)
        for action in line:
            state.apply(parse_action(action))
        assert solve_value_after(state, "red") == 3
    with pytest.raises(CarcnbError, match="not unique"):  # a puzzle still needs a single best line
        best_answer(p)
    lines = readings(parse(METEOR_STRICT + '[question]\nkind = "best"\n')).changes  # the tie is one reading of it
    assert tie in [a for c in lines for a in c.answers.values()]


def solve_value_after(state, mover: str) -> int:
    """What the mover gains minus the best opponent, once the others have replied as well as they can."""
    seat = state.players.index(mover)
    gains = Solver(state).value()
    return objective(gains, seat)


def test_a_post_names_the_rulings_that_depend_on_earlier_turns(tmp_path):
    from carcnb.telling.post import write_post

    text = write_post(forum(QUAKE_NO_TOKENS), tmp_path).text
    said = text.split("Depends on earlier turns the position does not record:")[1]
    assert "earthquake.timing" in said and "quake@PORT" in said
