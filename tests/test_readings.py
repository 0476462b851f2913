"""``carcnb readings``: the answer under every option of every ruling a position's sets involve, each checked
against the engine run with that option set by hand."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from carcnb import readings as readings_module
from carcnb.cli import main
from carcnb.errors import IllegalPositionError, SearchLimitError
from carcnb.game_io import state_from_position
from carcnb.position import load
from carcnb.questions import counted, final_score, reading_of
from carcnb.readings import involved_rulings, readings
from carcnb.rulings import involved
from carcnb.solve import solve

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
    assert r.answer == {"line": ["meteor 3,1"], "value": 4}


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
            assert "illegal" in combo.answer["error"] and "place 2,-3 270" in combo.answer["error"]
        else:
            assert combo.answer == final_score(by_hand).scores
    assert r.changes[0].answers["segment"] != r.changes[0].answers["edge"]
    assert "flood.covered_scope" not in r.unchanged and "meteor.adjacency" in r.unchanged


def test_combinations_beyond_the_cap_are_counted_as_skipped(monkeypatch):
    monkeypatch.setattr(readings_module, "MAX_COMBINATIONS", 3)
    r = readings(reading_of(load(PUZZLES / "disasters/flood-scope.toml"), "edge"))
    assert (len(r.combinations), r.skipped) == (3, 1)


def test_a_search_over_its_limit_is_reported_for_that_reading():
    p = reading_of(load(PUZZLES / "disasters/tornado-over-empty.toml"), "no")
    r = readings(p, node_limit=50)
    answers = {c.ruling: c.answers for c in r.changes}
    assert "stopped after 50 positions" in answers["tornado.over_empty"]["yes"]["error"]
    assert r.answer == dict(p.question.answer)  # the file's own search has the whole budget


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
    assert heard == [(0, 2, "the file's rulings"), (1, 2, "scoring.edition = third")]


def test_cli_json_is_exactly_the_contract(capsys):
    assert main(["readings", str(PUZZLES / "disasters/flood-scope.toml"), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""
    assert set(data) == {"answer", "changes", "unchanged", "combinations"}
    assert data["answer"] == {"red": 23, "blue": 20}  # under its first reading, covered_scope = segment
    assert [c["ruling"] for c in data["changes"]] == ["flood.covered_scope", "flood.covered_empty"]
    assert all(set(c) == {"ruling", "answers"} for c in data["changes"])
    assert all(set(c) == {"rulings", "answer"} for c in data["combinations"])


def test_cli_text_marks_the_files_option_and_lists_the_rest(capsys):
    assert main(["readings", str(PUZZLES / "base/farm-edition.toml")]) == 0
    out = capsys.readouterr().out
    assert "scoring.edition" in out
    assert "* third: red" in out and "  second: red" in out  # asked under third first
    assert "tried, change nothing: none" in out


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
