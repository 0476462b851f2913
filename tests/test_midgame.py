"""Mid-game puzzles: kept only when the answer is ahead of every other option over the rest of the game, is not
the greedy move and needs an opponent's pieces; ``carcnb check`` runs the analysis again with the file's seed and
fails a puzzle whose conclusion no longer holds; the file reads and writes its futures; the quiz judges a line by
the position it leaves."""
from __future__ import annotations

import functools
import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from conftest import collected, collection, position_from_text

from carcnb.cli import main
from carcnb.engine.actions import parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import TERMINAL
from carcnb.players.analysis import Analysis, Option, analyse_question
from carcnb.positions.dump import dump
from carcnb.positions.game_io import position_from_state
from carcnb.positions.model import Position
from carcnb.positions.parse import load, parse
from carcnb.puzzles import midgame
from carcnb.puzzles.collection import puzzle_root
from carcnb.search.playout import random_action
from carcnb.telling.idea import compared
from carcnb.telling.verdict import check_answer, hints, reveal
from carcnb.telling.wording import question_text

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

# Blue holds H with three tiles left. Placed on 1,-2 it closes the little city at 0,-2 with a knight: 4 points at
# once, the most this turn, but a second completed city for red's farmer at 0,-1. On 0,3 it takes the big open
# city (five tiles and a pennant) nobody holds. Without red's farmer the greedy move comes within 3 points.
PUZZLE = '''format = "carcnb/1"
title = "Don't feed red's farmer: blue to place H, 3 tiles left"
players = ["red", "blue"]
to_move = "blue"
hand = "H"
pile = ["U", "R", "B"]

board = """
0,2 C 270
-1,1 I 90
0,1 T 270
1,1 L 0
0,0 D 0
-1,-1 E 90 blue@NNW
0,-1 E 270 red@NNW
0,-2 J 90
"""

[question]
kind = "best"
horizon = "game"
level = "random"
seed = 7
futures = 200
answer = { line = ["place 0,3 0", "deploy 0,3 S"], value = 0 }
difficulty = 3
topics = ["base", "placement", "mid-game"]
explanation = """
Expected final margin after it: -0.2 ± 1.1.
Expected final margin after it: +5.6 ± 0.3, ahead of the greedy move by 5.8 ± 1.0, and of every other option by at least 3 points (95% confidence).
"""
'''
GREEDY = ["place 1,-2 90", "deploy 1,-2 W"]


@pytest.fixture
def puzzle(tmp_path):
    path = tmp_path / "mid.toml"
    path.write_text(PUZZLE, encoding="utf-8")
    return path


def _without_question(text: str = PUZZLE):
    p = parse(text)
    return replace(p, question=None, title=None)


# ----- the keep condition -----------------------------------------------------------------------------------
def test_a_position_where_looking_past_the_turn_wins_against_an_opponent_is_kept():
    made = midgame.found(_without_question(), 7)
    assert made is not None
    c, idea = made
    assert [str(a) for a in c.best.line] == ["place 0,3 0", "deploy 0,3 S"]
    assert [str(a) for a in c.greedy.line] == GREEDY and c.greedy.points > c.best.points
    assert c.best.futures == midgame.FUTURES
    assert (idea.theme, idea.opponent) == ("feed", "red")


@pytest.mark.parametrize("change, why", [
    (("0,-1 E 270 red@NNW", "0,-1 E 270"), "the opponent's farmer"),  # then the greedy move is within 3
    (("0,2 C 270", "0,2 C 270 red@N"), "red holds the big city"),  # then the greedy move is best
    (('pile = ["U", "R", "B"]', "pile = []"), "the last turn"),  # nothing to look past
])
def test_a_position_missing_a_clause_is_not_kept(change, why):
    assert midgame.found(_without_question(PUZZLE.replace(*change)), 7) is None, why


# Red holds D with two tiles left. On -3,0 it closes a little city for 4 points at once, the third completed city
# of blue's farm. On 2,0 with a thief, the ferry of 1,0 turned east-west, the road through both lakes is red's.
FERRY = """
-2,2 A 0
0,2 E 180
1,2 F 270
-3,1 J 180
-2,1 V 180 blue@NNE
-1,1 V 0
0,1 H 0
-1,0 FB 180 ferry:N-E
0,0 D 0
1,0 FB 180 ferry:N-E
"""


def _ferry_position(board: str = FERRY) -> Position:
    return position_from_text(board, sets=["ferries"], to_move="red", hand="D", pile=["U", "V"])


def test_an_answer_that_turns_on_where_the_ferry_goes_is_kept_when_the_opponents_figures_matter():
    c, idea = midgame.found(_ferry_position(), 92)
    assert [str(a) for a in c.best.line] == ["place 2,0 0", "deploy 2,0 E", "ferry 1,0 E-W"]
    assert idea.theme == "ferry" and c.greedy.line[0] != c.best.line[0]
    worded = midgame.finished(midgame.asked(_ferry_position(), 92), c, idea)
    assert worded.title.startswith("Where the ferry goes: red to place D")
    assert "What it leaves open: counted as at the end of the game, blue scores 9 for the field" in \
        worded.question.explanation
    assert midgame.found(_ferry_position(FERRY.replace("blue@NNE", "")), 92) is None  # blue's farmer matters


# Blue has placed the lake FB at -3,-2 with a thief. Laid south-west, the ferry closes a short road for 2 points
# at once; laid north-south, it joins the thief to red's road, where blue's other thief stands: two against one.
STEAL = """
-5,0 O 0 red@E
-4,0 FC 0 ferry:E-W
-3,0 V 0
-2,0 V 180
-1,0 FB 0 ferry:E-W
0,0 D 0
1,0 L 90
2,0 J 270
-3,-1 FB 90 ferry:N-S blue@S
2,-1 R 180
"""


def test_a_ferry_that_joins_a_second_thief_to_an_opponents_road_is_a_steal_and_said_so():
    p = position_from_text(STEAL, sets=["ferries"], to_move="blue", hand="FB",
                           played=["place -3,-2 90", "deploy -3,-2 S"], pile=["F", "F", "I", "P"])
    c, idea = midgame.found(p, 92)
    assert [str(a) for a in c.best.line] == ["ferry -3,-2 N-S", "pass"]
    assert (idea.theme, idea.feature, idea.opponent) == ("steal", "road", "red")
    worded = midgame.finished(midgame.asked(p, 92), c, idea)
    assert worded.title.startswith("Steal from red: blue lays the ferry at -3,-2")
    assert "It does not take the road from red: counted as at the end of the game, red scores 4 for the road" in \
        worded.question.explanation


def _option(line: str, margins: list[float], points: int = 0) -> Option:
    o = Option((parse_action(line),), (), points, list(margins))
    o.estimate = sum(margins) / len(margins)
    return o


def _conclusion(best: Option, greedy: Option, *others: Option, exact: bool = False) -> midgame.Conclusion:
    return midgame.Conclusion(Analysis("blue", (best, greedy, *others), "random", exact, 0.0, 1), greedy)


def test_each_clause_of_the_conclusion_fails_alone():
    rng = random.Random(5)
    best = _option("place 0,3 0", [8 + rng.random() for _ in range(200)])
    greedy = _option("place 1,-2 90", [2 + rng.random() for _ in range(32)], points=4)
    far = _option("place 5,5 0", [1 + rng.random() for _ in range(32)])
    assert midgame.failure(_conclusion(best, greedy, far), 200) is None
    near = _option("place 6,6 0", [7 + rng.random() for _ in range(200)])
    assert "place 6,6 0 is not 3 points behind the best" in midgame.failure(_conclusion(best, greedy, near), 200)
    assert "greedy move (place 0,3 0) is the best" in midgame.failure(midgame.Conclusion(
        Analysis("blue", (best, far), "random", False, 0.0, 1), best), 200)
    assert "played in 200 futures, not 400" in midgame.failure(_conclusion(best, greedy, far), 400)
    assert "the last turn" in midgame.failure(_conclusion(best, greedy, far, exact=True), 200)
    assert "not 7.5 points behind" in midgame.failure(_conclusion(best, greedy, far), 200, lead=7.5)


def _same_puzzle(p: Position, made: tuple[midgame.Conclusion, object]) -> bool:
    """Whether the whole analysis (``found``) makes ``p`` the puzzle ``made``: the same answer and idea."""
    again = midgame.found(p, 7)
    return again is not None and again[0].best.line == made[0].best.line and again[1].key == made[1].key


def test_pruning_tries_smaller_boards_in_a_few_futures_and_the_whole_analysis_holds_where_it_ends(monkeypatch):
    start = _without_question()
    made = midgame.found(start, 7)
    asked = []
    real = midgame.found
    monkeypatch.setattr(midgame, "found", lambda *a, **k: asked.append(a[0]) or real(*a, **k))
    p = midgame.puzzle(start, 7)
    monkeypatch.undo()
    assert len(p.board) < len(start.board) and _same_puzzle(replace(p, question=None), made)
    assert len(asked) <= 3  # the start, then the boards pruning ended on: not every board it tried


def test_a_board_pruning_accepted_that_the_whole_analysis_rejects_gives_way_to_a_less_pruned_one(monkeypatch):
    start = _without_question()
    made = midgame.found(start, 7)
    monkeypatch.setattr(midgame, "_tried", lambda q, made, lead: True)  # a trial that lets every tile go
    p = midgame.puzzle(start, 7)
    monkeypatch.undo()
    assert _same_puzzle(replace(p, question=None), made)


def test_the_pile_is_cut_to_a_few_tiles_left_and_never_while_the_river_flows():
    state = GameState(Game(players=("red", "blue"), sets=frozenset({"river"})), seed=3)
    rng = random.Random(3)
    flowing = cuts = 0
    while state.current_player() != TERMINAL and cuts < 3:
        if state.current_player() >= 0 and len(state.board.tiles) > 1:
            cut = midgame.cut(position_from_state(state), state, random.Random(len(state.history)))
            if any(sum(stage.values()) for stage in state.stages[:-1]):  # river tiles still to draw
                assert cut is None
                flowing += 1
            else:
                left = [t for t, n in state.stages[-1].items() for _ in range(n)]
                assert midgame.LEFT[0] <= len(cut.pile) <= midgame.LEFT[1]
                assert all(cut.pile.count(t) <= left.count(t) for t in cut.pile)
                cuts += 1
        state.apply(random_action(state, rng), check=False)
    assert flowing and cuts == 3


# ----- the file and the check -------------------------------------------------------------------------------
def test_a_question_over_the_game_records_its_futures_and_writes_them_back(puzzle):
    p = load(puzzle)
    assert (p.question.horizon, p.question.level, p.question.seed, p.question.futures) == ("game", "random", 7, 200)
    assert parse(dump(p)) == p


@pytest.mark.parametrize("change, says", [
    (('horizon = "game"\n', ""), 'add horizon = "game"'),
    (('level = "random"', 'level = "mcts"'), "level names who plays the futures"),
    (("seed = 7", "seed = -1"), "seed = a whole number"),
    (("futures = 200", "futures = 0"), "futures = a whole number"),
])
def test_a_wrong_futures_key_names_the_line_and_what_was_expected(change, says):
    with pytest.raises(CarcnbError, match=says):
        parse(PUZZLE.replace(*change), "bad.toml")


def _check(path, capsys) -> tuple[int, str]:
    code = main(["check", str(path)])
    return code, capsys.readouterr().out


def test_check_runs_the_analysis_again_and_passes_the_puzzle(puzzle, capsys):
    code, out = _check(puzzle, capsys)
    assert code == 0, out
    assert "ahead of the greedy move by 5.8 ± 1.0 (200 futures, seed 7)" in out


@pytest.mark.parametrize("change, says", [
    (('answer = { line = ["place 0,3 0", "deploy 0,3 S"], value = 0 }',
      f'answer = {{ line = {json.dumps(GREEDY)}, value = 4 }}'), "file says line place 1,-2 90"),
    (("0,-1 E 270 red@NNW", "0,-1 E 270"), "deploy 1,-2 W is not 3 points behind the best"),
    (("0,2 C 270", "0,2 C 270 red@N"), "best over the game: "),  # no answer stands out, the greedy move leads
    (("futures = 200\n", ""), "records its futures: add seed = N and futures = 200"),
    (("+5.6 ± 0.3", "+6.6 ± 0.3"), "the explanation's numbers are not the analysis's"),
])
def test_check_fails_a_tampered_mid_game_puzzle(puzzle, capsys, change, says):
    assert change[0] in PUZZLE
    text = PUZZLE.replace(*change)
    if "red" in change[1]:  # no option is set aside: fewer futures
        text = text.replace("futures = 200", "futures = 40")
    puzzle.write_text(text, encoding="utf-8")
    code, out = _check(puzzle, capsys)
    assert code == 1 and "FAIL" in out and says in out, out


def test_the_seed_reproduces_the_analysis_and_solve_uses_it(puzzle, capsys):
    p = load(puzzle)
    one, two = analyse_question(p), analyse_question(p, futures=40)
    assert [o.margins[:32] for o in one.options] == [o.margins[:32] for o in two.options]
    other = analyse_question(replace(p, question=replace(p.question, seed=8)), futures=40)
    assert [o.margins[:32] for o in other.options] != [o.margins[:32] for o in one.options]
    assert main(["solve", str(puzzle), "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["answer"]["line"] == ["place 0,3 0", "deploy 0,3 S"]
    assert solved["answer"]["expected_margin"] == round(one.best.mean, 2)


# ----- playing it -------------------------------------------------------------------------------------------
def test_the_quiz_takes_the_answer_in_any_spelling_and_tells_why_the_greedy_move_is_wrong(puzzle):
    p = load(puzzle)
    assert check_answer(p, "Place 0,3 0; deploy 0,3 s").right
    verdict = check_answer(p, "; ".join(GREEDY))
    assert not verdict.right and verdict.value == 4 and verdict.best_value == 0
    assert "scores more this turn than the best line over the whole game" in " ".join(verdict.details)
    assert not check_answer(p, "place 0,3 0; deploy 0,3 N").right
    said = hints(p)
    assert said[0].startswith("Look past the turn: 3 tiles (B, R, U) are still to be drawn")
    assert "The theme: not feeding a farmer." in said[0]
    assert said[1] == "It turns on red's farmer in the field at 0,-1." and said[2].startswith("The move: ")
    assert not any("0,3" in hint for hint in said)  # no hint names the answer's spot
    shown = reveal(p)
    assert shown.line == tuple(map(parse_action, ["place 0,3 0", "deploy 0,3 S"]))  # the file's line
    assert shown.idea.startswith("The idea: don't feed red's farmer")
    assert "3 tiles still to draw" in question_text(p) and "as the random player plays it" in question_text(p)


# ----- the shipped collection -------------------------------------------------------------------------------
@functools.cache
def _shipped_mid_game() -> list[tuple[str, Position]]:
    return [(str(path.relative_to(puzzle_root())), p) for path, p in collection()
            if p.question is not None and p.question.horizon == "game"]


@functools.cache
def _idea(name: str) -> str:
    """The theme of the shipped mid-game puzzle ``name``: its answer's line against the greedy move, as the miner
    judged it (once a file: each puzzle's test and the collection's ask it)."""
    p = collected(puzzle_root() / name)
    line = tuple(map(parse_action, dict(p.question.answer)["line"]))
    idea = compared(p, line, midgame.greedy_line(p), 0)
    return idea.theme if idea is not None else ""


@pytest.mark.parametrize("name, p", _shipped_mid_game(), ids=lambda v: v if isinstance(v, str) else "")
def test_each_shipped_mid_game_puzzle_records_its_futures_says_what_best_means_and_has_a_kept_idea(name, p):
    """``carcnb check`` runs the analysis again from what the file records; the question and the explanation
    say that best means the expected final margin as the stated level plays every seat."""
    q = p.question
    assert q.level and q.seed is not None and q.futures is not None and q.futures >= midgame.FUTURES
    asked = question_text(p)
    assert "highest expected final margin" in asked and f"as the {q.level} player plays it" in asked
    assert q.explanation.startswith("Best means the highest expected final margin")
    assert f"every seat played by the {q.level} player" in q.explanation
    assert _idea(name) in midgame.KEPT_THEMES


def test_the_collection_holds_30_mid_game_puzzles_on_5_ideas():
    """Not only farms: at least five ideas, none in more than half of the puzzles, from at least four
    combinations of sets."""
    shipped = _shipped_mid_game()
    ideas = Counter(_idea(name) for name, _ in shipped)
    assert len(shipped) >= 30 and len(ideas) >= 5, ideas
    assert max(ideas.values()) <= len(shipped) / 2, ideas
    assert len({frozenset(p.sets) for _, p in shipped}) >= 4
