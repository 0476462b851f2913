"""The next-best lines argue the answer as a forum reader asks "why not ...?": they may leave the best line at
any of the mover's decisions, lines that come to the same thing (farmers anywhere on one field) are one, and each
comes with the reply that refutes it and the mover's own later moves."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from carcnb.engine.actions import parse_action
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.search.solve import Solver, objective
from carcnb.telling.post import write_post
from carcnb.telling.ranking import rank

ROOT = Path(__file__).parent.parent
# The last tile, CF2 (farmers): red puts a farmer on it, chooses add and adds a farmer beside the north one.
CF2 = load(ROOT / "puzzles/cropcircles/pitchfork-cf2-two-tied-farms.toml")


def value_by_hand(p, line: list[str]) -> int:
    """The mover's points minus the best opponent's once ``line`` is played and everyone answers as well as
    they can."""
    state = state_from_position(p)
    seat, solver = state.current_player(), Solver(state)  # gains counted from here
    for action in line:
        state.apply(parse_action(action))
    return objective(solver.value(), seat)


def test_the_next_best_lines_leave_the_best_line_at_each_of_its_decisions():
    ranking = rank(CF2)
    assert ranking.best[0].line_text == "deploy 0,-3 NNW; crop add; deploy -1,0 NNW"
    shown = {line.line_text: line.value for line in ranking.runners_up}
    assert shown == {"deploy 0,-3 E; crop add; deploy -1,0 NNW": -13,  # a thief instead of the farmer
                     "deploy 0,-3 NNW; crop add; deploy 1,0 ESE": -14,  # the farmer added beside the south one
                     "deploy 0,-3 NNW; crop remove": -17}  # remove, not add
    assert list(shown.values()) == sorted(shown.values(), reverse=True)
    for line in ranking.runners_up:
        assert value_by_hand(CF2, [str(a) for a in line.line]) == line.value


def test_farmers_added_anywhere_on_one_field_are_one_line():
    anywhere = replace(CF2, rulings=(("cropcircles.add_where", "feature"),))
    ranking = rank(anywhere)
    (best,) = ranking.best  # eight places on the north field, one line
    assert len(best.alike) == 7 and ranking.ties_text() == "8"
    assert {str(line[-1]) for line in best.alike} == {"deploy -1,0 NNW", "deploy -1,1 NNW", "deploy 0,0 ENE",
                                                       "deploy 0,1 NNW", "deploy 1,0 NNW", "deploy 1,1 ENE",
                                                       "deploy 2,0 WNW"}
    assert all(value_by_hand(anywhere, [str(a) for a in line]) == best.value for line in best.alike)


def test_a_post_shows_alike_lines_once_and_the_movers_later_moves(tmp_path):
    text = write_post(replace(CF2, rulings=(("cropcircles.add_where", "feature"),)), tmp_path).text
    assert ("- `deploy 0,-3 NNW; crop add; deploy -2,0 ENE` (or, to the same effect, `deploy -1,0 NNW`, "
            "`deploy -1,1 NNW`, `deploy 0,0 ENE`, `deploy 0,1 NNW`, `deploy 1,0 NNW`, `deploy 1,1 ENE` and 1 more in "
            "place of `deploy -2,0 ENE`): red +12, blue +23") in text
    refuted = text.split("The next-best lines:")[1].split("## What happens")[0]
    assert ("`deploy 0,-3 NNW; crop remove`") in refuted
    assert "the turn goes on: `blue: remove -1,0 ESE`, `red: remove 0,-3 NNW`" in refuted  # red's own move too
