"""The look-ahead analysis: on the last turn it is ``solve``'s answer, exactly, for every last-turn puzzle; in
mid-game every option is played out in the same sampled futures, the same seed gives the same numbers, and
the text says what best means."""
from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from conftest import collection

from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.players import analysis
from carcnb.players.analysis import analyse, mover_options
from carcnb.positions.dump import save
from carcnb.positions.game_io import position_from_state, state_from_position
from carcnb.positions.parse import load
from carcnb.search.questions import readings_asked
from carcnb.search.solve import solve
from carcnb.telling.lookahead import analysis_lines

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

LAST_TURNS = [p for _, p0 in collection() if p0.pile == () and p0.question
              and p0.question.kind == "best" for p in readings_asked(p0)]


def test_on_every_last_turn_puzzle_the_analysis_is_solves_answer():
    """Each file's answer is ``solve``'s (``carcnb check puzzles`` solves every one again and holds the file to
    it), so the analysis is compared with the file: every puzzle searched once here, not twice."""
    assert len(LAST_TURNS) > 100
    for p in LAST_TURNS:
        found = analyse(p, seconds=60)
        answer = dict(p.question.answer)
        assert found.exact, p.path
        assert ([str(a) for a in found.best.line], found.best.points) == (list(answer["line"]), answer["value"]), \
            p.path
        assert all(o.futures == 1 and o.half_width == 0 for o in found.options)


def test_on_a_last_turn_puzzle_the_analysis_is_what_solve_finds_now():
    """The link the test above leans on, made here on a puzzle of each kind of decision, solved again."""
    names = ("earthquake/into-range.toml", "flood/three-players.toml", "disasters/meteor-s1900-006.toml",
             "disasters/tornado-drop-must.toml", "ferries/forced-ferry.toml", "cropcircles/crop-circle-short-road.toml")
    kinds = set()
    for name in names:
        p = next(p for p in LAST_TURNS if p.path.endswith(f"/{name}"))
        found, solved = analyse(p, seconds=60), solve(state_from_position(p))
        assert (found.best.line, found.best.points) == (solved.line, solved.value), p.path
        kinds |= {type(a).__name__ for a in solved.line}
    assert kinds >= {"Place", "Deploy", "Flood", "Meteor", "TornadoStep", "Drop", "Ferry", "Crop"}


@pytest.fixture(scope="module")
def midgame(tmp_path_factory) -> Path:
    """A base game after 14 random turns, blue to move with a tile in hand."""
    state = GameState(Game(), seed=42)
    rng = random.Random(42)
    draws = 0
    while draws < 15 or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance())
            draws += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
    path = tmp_path_factory.mktemp("analysis") / "mid.toml"
    save(position_from_state(state, "mid-game"), path)
    return path


def test_every_line_of_the_mover_is_an_option_once(midgame):
    state = state_from_position(load(midgame))
    options = mover_options(state, state.current_player())
    places = state.legal_actions()
    firsts = {o.line[0] for o in options}
    assert firsts <= set(places)  # placements that leave the same board (a turned symmetric tile) are one option
    assert {a.pos for a in firsts} == {a.pos for a in places}
    assert len({tuple(o.line) for o in options}) == len(options)


def test_mid_game_options_share_their_futures_and_the_seed_fixes_the_numbers(midgame):
    p = load(midgame)
    one = analyse(p, seconds=600, seed=3, most_futures=4)
    two = analyse(p, seconds=600, seed=3, most_futures=4)
    assert not one.exact
    assert [(o.line, o.margins) for o in one.options] == [(o.line, o.margins) for o in two.options]
    assert one.options[0].futures == 4
    means = [o.estimate for o in one.options]
    assert means == sorted(means, reverse=True)
    for o in one.options[1:]:  # within noise exactly when the difference's interval reaches zero
        n = o.futures
        diffs = [a - b for a, b in zip(one.best.margins[:n], o.margins[:n])]
        assert o.within_noise == (sum(diffs) / n - o.diff_half_width <= 0)
    other = analyse(p, seconds=600, seed=4, most_futures=2)
    assert [o.margins[:2] for o in other.options] != [o.margins[:2] for o in one.options]


def test_the_text_says_what_best_means(midgame):
    found = analyse(load(midgame), seconds=600, seed=1, most_futures=2)
    text = "\n".join(analysis_lines(found))
    assert "expected final margin" in text and "sampled futures of the real pile" in text
    assert "random player" in text and "95% interval" in text


def test_the_command_prints_json(midgame, capsys):
    assert main(["analyse", str(midgame), "--seconds", "0.5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["level"] == "random" and not doc["exact"]
    assert set(doc["options"][0]) >= {"line", "points", "expected_margin", "half_width_95", "within_noise"}


def test_nothing_to_decide_and_a_bad_level_are_refused(midgame):
    p = load(midgame)
    with pytest.raises(CarcnbError, match="expected one of random, greedy"):
        analyse(p, level="mcts")
    assert main(["analyse", str(midgame), "--seconds", "0"]) == 2


def _over_the_game(path: Path) -> Path:
    text = path.read_text() + '\n[question]\nkind = "best"\nhorizon = "game"\n'
    asked = path.with_name("asked.toml")
    asked.write_text(text)
    return asked


def test_a_best_question_over_the_whole_game_reads_and_writes_back(midgame):
    p = load(_over_the_game(midgame))
    assert p.question.horizon == "game"
    from carcnb.positions.dump import dump
    from carcnb.positions.parse import parse

    assert parse(dump(p)) == p and 'horizon = "game"' in dump(p)


@pytest.mark.parametrize("question, says", [
    ('kind = "best"\nhorizon = "week"', 'horizon = "turn"'),
    ('kind = "final"\nhorizon = "game"', "other questions have none"),
])
def test_a_wrong_horizon_names_the_line_and_what_was_expected(midgame, question, says):
    bad = midgame.with_name("bad.toml")
    bad.write_text(midgame.read_text() + f"\n[question]\n{question}\n")
    with pytest.raises(CarcnbError, match=says):
        load(bad)


def test_solve_and_post_answer_a_question_over_the_whole_game_with_the_analysis(midgame, capsys, monkeypatch,
                                                                                 tmp_path):
    asked = _over_the_game(midgame)
    assert main(["solve", str(asked), "--seconds", "0.5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Best means the highest expected final margin") and "±" in out
    monkeypatch.setattr("carcnb.telling.post.LOOKAHEAD_SECONDS", 0.5)
    assert main(["post", str(asked), "-o", str(tmp_path)]) == 0
    post = (tmp_path / "asked.md").read_text()
    assert "best line over the whole game" in post and "expected final margin" in post
    assert "over the rest of the game (" in post and "as the random player plays it" in post  # the question too


def test_an_option_set_aside_against_an_earlier_best_is_weighed_again_against_the_last(monkeypatch):
    """A leads in the first round and C, 7 points behind it, is set aside; then A falls and B, whose futures swing
    by 12 points, is the best. Against B, C's 16 futures leave its difference wider than ``SETTLED``: C comes
    back, is played in the futures it missed, and its difference from the best ends as closely known as the
    others'."""
    a, b, c = (analysis.Option((), (), 0) for _ in range(3))
    scripted = {id(a): lambda f: 10.0 if f < 16 else 0.0, id(b): lambda f: 4.0 if f % 2 else 16.0,
                id(c): lambda f: 3.0}
    monkeypatch.setattr(analysis, "future_margin", lambda state, o, *rest: scripted[id(o)](rest[-1]))
    analysis._sample(None, [a, b, c], 0, "random", 1, math.inf, None, 512, analysis.Separation(0, 0.0, 16))
    assert max((a, b, c), key=lambda o: o.mean) is b
    assert c.futures > 16
    for other in (a, c):
        mean, half = analysis.difference(b, other)
        assert mean > 0 and half <= analysis.SETTLED
