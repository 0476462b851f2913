"""One budget for all the searches of a command: shared by the readings of a position, in positions and in
seconds, with a message that says what to simplify; what one search found taken by the next unless a ruling
it read differs; searches that leave out what cannot change a choice and give the same values; a progress bar
on a terminal. No timing is asserted: the clock is either given a budget of a nanosecond or set back."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from carcnb.cli import main
from carcnb.cli._budget import SHOW_AFTER, ProgressBar
from carcnb.engine.errors import SearchLimitError
from carcnb.engine.rulings import RULINGS, consulting, resolve
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.search.budget import search_budget
from carcnb.search.questions import reading_of
from carcnb.search.readings import answer_under, explore, readings
from carcnb.search.solve import Solver, objective

PUZZLES = Path(__file__).parent.parent / "puzzles"
METEOR = PUZZLES / "disasters/meteor-point-beside.toml"  # four readings, each a search of under 50 positions


def each_alone(p) -> list[int]:
    """The positions the search under each combination of readings takes with a budget of its own."""
    with search_budget(10**6):
        leaves = explore(p)
    used = []
    for leaf in leaves:
        with search_budget(10**6) as alone:
            answer_under(p, {**resolve(dict(p.rulings)), **leaf.consulted})
        used.append(alone.used)
    return used


def test_the_readings_of_a_position_share_one_budget():
    p = load(METEOR)
    alone = each_alone(p)
    assert len(alone) > 1
    with search_budget(max(alone)), pytest.raises(SearchLimitError, match=f"stopped after {max(alone)} "
                                                                            "positions, its limit") as stopped:
        readings(p)  # each reading fits in the budget by itself, all of them together do not
    assert str(METEOR) in str(stopped.value) and "--max-nodes" in str(stopped.value)
    with search_budget(sum(alone) + len(alone)):
        assert readings(p).answer == dict(p.question.answer)


def test_a_later_search_takes_what_an_earlier_found_unless_a_ruling_it_read_differs():
    p = load(METEOR)
    with consulting() as read, search_budget(10**6):
        first = Solver(state_from_position(p))
        value = first.value()
    unread = next(rid for rid in RULINGS if rid not in read.rulings and rid.startswith("tornado."))
    read_one = next(rid for rid in read.rulings if rid.startswith("meteor."))
    other = next(o for o in RULINGS[read_one].options if o != resolve(dict(p.rulings))[read_one])
    with search_budget(10**6):
        Solver(state_from_position(p)).value()
        same = Solver(state_from_position(with_option(p, unread, list(RULINGS[unread].options)[-1])))
        assert same.value() == value and same.nodes == 0  # every position taken from the first search
        differs = Solver(state_from_position(with_option(p, read_one, other)))
        found = differs.value()
    alone = Solver(state_from_position(with_option(p, read_one, other)))
    assert found == alone.value() and differs.nodes > 0


def with_option(p, rid: str, option: str):
    return replace(p, rulings=tuple({**dict(p.rulings), rid: option}.items()))


def test_a_seconds_budget_stops_the_readings_saying_what_to_simplify():
    with search_budget(10**6, seconds=1e-9), pytest.raises(SearchLimitError) as stopped:
        readings(load(METEOR))
    said = str(stopped.value)
    assert "the search stopped after 1e-09 seconds" in said and "--max-seconds S, now 1e-09" in said
    assert "simplify the position" in said and str(METEOR) in said


@pytest.mark.parametrize("command", [["readings"], ["solve"], ["post", "-o", "{tmp}"]])
def test_every_command_stops_at_its_seconds_saying_what_to_simplify(capsys, tmp_path, command):
    argv = [command[0], str(METEOR), *(a.replace("{tmp}", str(tmp_path)) for a in command[1:]), "--max-seconds",
            "0.000001"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "the search stopped after 1e-06 seconds" in err and "--max-seconds" in err
    assert "simplify the position" in err and str(METEOR) in err and "Traceback" not in err


@pytest.mark.parametrize("given", ["0", "-1", "soon", "1e9"])
def test_a_seconds_budget_must_be_a_number_above_zero(capsys, given):
    assert main(["readings", str(METEOR), "--max-seconds", given]) == 2
    assert "--max-seconds" in capsys.readouterr().err


@pytest.mark.parametrize("name, changed", [
    ("disasters/tornado-over-empty.toml", ("tornado.steps", "tornado.revisit", "tornado.short_move")),
    ("disasters/tornado-drop-may.toml", ("tornado.drop", "scoring.edition")),
    ("mined/combinations/tornado-s1600-001.toml", ("tornado.drop",)),  # three players
])
def test_a_search_that_leaves_out_what_cannot_change_a_choice_finds_the_same_values(name, changed):
    """Every choice's value, under the file's rulings and each other option of the rulings named, as the full
    search finds it (a preference other than ``objective`` searches everything)."""
    p = reading_of(load(PUZZLES / name))
    variants = [p] + [with_option(p, rid, option) for rid in changed for option in RULINGS[rid].options]
    for q in variants:
        pruned = Solver(state_from_position(q))
        full = Solver(state_from_position(q), prefer=lambda gains, seat: objective(gains, seat))
        assert pruned.choices() == full.choices(), dict(q.rulings)


def test_the_progress_bar_shows_after_two_seconds_what_is_done_and_goes():
    shown = io.StringIO()
    bar = ProgressBar(shown)
    with search_budget(1000, seconds=25.0, ticker=bar) as budget:
        budget.charge(100)
        bar(budget)
        assert shown.getvalue() == ""  # a quick command shows nothing
        budget.started -= SHOW_AFTER  # as if the command had run two seconds
        budget.progress, budget.doing = (3, 12), "reading 4 of 12 so far: tornado.steps = straight"
        bar(budget)
    line = shown.getvalue()
    assert line.startswith("\r\033[K[######------------------] reading 4 of 12 so far: tornado.st")
    assert line.endswith(" · 2 of 25 s") and len(line) == len("\r\033[K") + 79  # the time kept, the line cut
    bar.clear()
    assert shown.getvalue().endswith("\r\033[K")


def test_the_end_of_the_game_is_scored_once_for_searches_with_other_preferences(monkeypatch):
    """Grading's simpler players search the same last turn as the answer's search: within one budget the end
    of the game each move leads to is scored once, whatever the player prefers, and the values stay right."""
    import carcnb.engine.rules.base as base

    p = load(PUZZLES / "base/last-tile-three-cities-one-gap.toml")

    def own(gains, _actor):
        return gains[0]

    alone = Solver(state_from_position(p), prefer=own).value()
    scored = []
    final = base.apply_final
    monkeypatch.setattr(base, "apply_final", lambda state: scored.append(1) or final(state))
    with search_budget(10**6):
        Solver(state_from_position(p)).value()
        assert scored  # the first search scores the game's ends
        scored.clear()
        assert Solver(state_from_position(p), prefer=own).value() == alone
    assert not scored
