"""Any right answer is right: answers are compared as game actions, not strings. Every spelling of every answer
in the collection is accepted -- each port of the same feature, a ferry's ends in either order, any letter
case and spacing, with or without the decisions that leave no choice -- and a wrong answer is still refused."""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import collection

from carcnb.cli import main
from carcnb.engine.actions import Action, Ferry, parse_action
from carcnb.engine.geometry import PORT_NAMES
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import parse
from carcnb.search.lines import answer_moves, forced
from carcnb.search.questions import readings_asked
from carcnb.search.solve import Solver, objective
from carcnb.telling.verdict import check_answer, parse_answer
from carcnb.widgets.puzzleboard.model import PuzzleModel

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
# every question of the collection: one per reading for a puzzle asked under each reading of a ruling
# Two puzzles whose lines teach spelling (their answers lose once what the turn leaves open is valued, so the
# collection does not keep them)
LAKE_IN_HAND = '''format = "carcnb/1"
title = "A lake tile in hand, a gap between red's road and blue's"
sets = ["ferries"]
players = ["red", "blue"]
to_move = "red"
hand = "FA"

board = """
# x,y  tile rot  tokens
0,1    E    180
1,1    E    180
2,1    B    0
-1,0   A    270
0,0    D    0    red@E
2,0    U    90   blue@E
3,0    A    90
"""

[question]
kind = "best"
answer = { line = ["place 1,0 0", "deploy 1,0 N", "ferry 1,0 E-S"], value = 7 }
'''
BANKS = '''format = "carcnb/1"
title = "Three one-tile cities on the banks of the river"
sets = ["river"]
players = ["red", "blue"]
scores = { red = 12, blue = 14 }
to_move = "red"
hand = "E"
board = """
# the river from the spring (0,0) to the lake (5,-6)
0,0   R1   0
0,-1  R7   0
0,-2  R6   0
0,-3  R7   0
0,-4  R8   270
1,-4  R3   0    red@N blue@S
2,-4  R4   0    blue@N
3,-4  R5   0
4,-4  R9   0
4,-5  R10  180
5,-5  R10  0
5,-6  R2   0
1,-2  U    90   blue@SSE
-1,-2 U    90
"""
[question]
kind = "best"
answer = { line = ["place 1,-3 180", "pass"], value = 4 }
'''
COLLECTION = [part for _, p in collection() for part in readings_asked(p)]


class OneSearch(Solver):
    """A solver that keeps what it found for the next search from the same position in the same game: a puzzle
    is searched once, then every spelling's verdict, the replies and the wrong answer's verdict read it (within a
    turn the solver's memo is keyed by ``turn_key``, which tells apart every state reachable from one state). The
    verdict's own work, matching each action and playing the line, runs for every spelling."""

    memos: ClassVar[dict[tuple, dict]] = {}

    def __init__(self, state, node_limit=None, prefer=objective, leaf=None):
        super().__init__(state, node_limit, prefer, leaf)
        if prefer is objective and leaf is None:
            self.memo = self.memos.setdefault((repr(state.game), state.key()), {})


@pytest.fixture(autouse=True)
def one_search_a_position(monkeypatch):
    monkeypatch.setattr("carcnb.telling.verdict.Solver", OneSearch)
    yield
    OneSearch.memos.clear()


@dataclass(frozen=True)
class Step:
    """One action of a ``best`` answer, with the other ways to spell it and whether it leaves no choice."""

    action: Action
    spellings: tuple[str, ...]
    forced: bool


def steps_of(p: Position) -> list[Step]:
    """Replay the answer's line, the engine's replies between, noting each action's other spellings."""
    state = state_from_position(p)
    mover = state.current_player()
    solver = OneSearch(state)
    steps = []
    for text in dict(p.question.answer)["line"]:
        action = parse_action(text)
        steps.append(Step(action, tuple(other_spellings(state, action)), forced(state) is not None))
        state.apply(action)
        answer_moves(state, mover, solver)
    return steps


def other_spellings(state, action: Action) -> list[str]:
    """The action with each other port of the same feature, and (a ferry) its ends the other way round."""
    if isinstance(action, Ferry):
        return [f"ferry {action.pos[0]},{action.pos[1]} {PORT_NAMES[action.b]}-{PORT_NAMES[action.a]}"]
    port = getattr(action, "port", None)
    if port is None:
        return []
    node = state.board.node_at(action.pos, port)
    return [str(replace(action, port=other)) for other in range(len(PORT_NAMES))
            if other != port and state.board.node_at(action.pos, other) == node]


def spaced(line: list[str]) -> str:
    """Extra spaces everywhere a player might type them: around ``;``, between fields, after commas."""
    return "  " + "  ;   ".join("   ".join(a.replace(",", ", ").split(" ")) for a in line) + "  "


def as_written(p: Position):
    """The answer as the file writes it, given as it is: a line of action texts, the totals, the count."""
    q = p.question
    return dict(q.answer)["line"] if q.kind == "best" else dict(q.answer) if q.kind == "final" else q.answer


def spellings(p: Position) -> dict[str, str | list[str]]:
    """The answer of ``p`` as the file writes it, then every other way to write it, each with what it varies."""
    q = p.question
    if q.kind == "count":
        return {"as written in the file": as_written(p), "spaces": f"  {q.answer}  "}
    if q.kind == "final":
        totals = list(dict(q.answer).items())[::-1]
        return {"as written in the file": as_written(p),
                "order, case, spaces": " ,  ".join(f"{c.upper()}  =  {n}" for c, n in totals),
                "semicolons": "; ".join(f"{c}={n}" for c, n in totals)}
    steps = steps_of(p)
    line = [str(s.action) for s in steps]
    out: dict[str, str | list[str]] = {"as written in the file": as_written(p), "upper case": "; ".join(line).upper(),
                                       "lower case": "; ".join(line).lower(), "spaces": spaced(line)}
    for i, step in enumerate(steps):
        for other in step.spellings:
            out[f"action {i + 1} as {other!r}"] = "; ".join(line[:i] + [other] + line[i + 1:])
    if any(s.forced for s in steps):
        out["without the decisions that leave no choice"] = [t for t, s in zip(line, steps) if not s.forced]
    return out


@pytest.mark.parametrize("p", COLLECTION, ids=lambda p: "/".join(Path(p.path).parts[-2:]) + (
    f"#{p.question.reading}" if p.question.reading else ""))
def test_every_spelling_of_the_answer_is_right_and_a_wrong_answer_is_refused(p):
    """Every shipped puzzle accepts its own answer as its file writes it, and every other spelling of it.
    Spellings that read as the same answer get the same verdict (``check_answer`` reads action texts with
    ``parse_action``, as ``parse_answer`` does), so each answer read is judged once."""
    judged = {}
    for what, given in spellings(p).items():
        answer = given if not isinstance(given, str) else parse_answer(p, given)
        judged.setdefault(read_as(answer), (what, given, answer))
    for what, given, answer in judged.values():
        assert check_answer(p, answer).right, f"{what}: {given!r}"
    wrong = wrong_answer(p)
    assert wrong is None or not check_answer(p, wrong).right, wrong


def read_as(answer) -> object:
    """What an answer reads as: its actions (texts read as ``check_answer`` reads them), totals or count."""
    if isinstance(answer, list):
        return tuple(parse_action(a) if isinstance(a, str) else a for a in answer)
    return tuple(sorted(answer.items())) if isinstance(answer, dict) else answer


def wrong_answer(p: Position):
    """Another total, another count, or the answer's line turned another way at its first choice (None when
    the line has no choice at all: there is no other way to play it)."""
    q = p.question
    if q.kind == "count":
        return q.answer + 1
    if q.kind == "final":
        totals = dict(q.answer)
        first = p.players[0]
        return {**totals, first: totals[first] + 1}
    state = state_from_position(p)
    mover = state.current_player()
    solver = OneSearch(state)
    line = [parse_action(text) for text in dict(q.answer)["line"]]
    for i, action in enumerate(line):
        if forced(state) is None:
            return line[:i] + [next(a for a in state.legal_actions() if a != action)]
        state.apply(action)
        answer_moves(state, mover, solver)
    return None


def test_quiz_answer_takes_any_spelling(capsys, tmp_path):
    path = tmp_path / "lake-in-hand.toml"
    path.write_text(LAKE_IN_HAND, encoding="utf-8")
    code = main(["quiz", str(path), "--answer",
                 "DEPLOY 1, 0 n ;  Ferry 1,0  s - e"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("Right!")


def test_the_interactive_quiz_takes_a_line_without_the_decisions_that_leave_no_choice(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("PLACE 1 , -3   180\n"))  # the pass after it is forced
    path = tmp_path / "banks.toml"
    path.write_text(BANKS, encoding="utf-8")
    code = main(["quiz", str(path), "--picture-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "Right!" in out and out.rstrip().endswith("Solved 1 of 1.")


def test_the_puzzle_board_plays_a_pass_with_nothing_to_deploy_for_the_player():
    model = PuzzleModel(parse(BANKS))
    assert model.choose("place 1,-3 180")
    assert model.line_complete  # the pass was played: nothing could be deployed
    assert [str(a) for a in model.own_moves()] == ["place 1,-3 180", "pass"]
    assert model.check().right


def test_the_puzzle_board_never_asks_a_decision_without_a_choice():
    model = PuzzleModel(PUZZLES / "disasters/tornado-steps.toml", reading="straight")  # red's steps have one way to go
    assert [str(a) for a in model.own_moves()] == ["tornado 1,1", "tornado 1,0"] * 2  # blue's between
    assert all(a.startswith("drop red") for a in model.board.legal_actions())  # the first choice red has
    assert not model.take_back() and model.status == "nothing to take back"
    model = PuzzleModel(PUZZLES / "disasters/tornado-short-move.toml")  # the first step has one way
    assert [str(a) for a in model.own_moves()] == ["tornado 1,1"]
    assert model.choose("tornado 2,1")
    assert [str(a) for a in model.own_moves()][:2] == ["tornado 1,1", "tornado 2,1"]
    assert model.take_back() and [str(a) for a in model.own_moves()] == ["tornado 1,1"]
    model.try_again()
    assert [str(a) for a in model.own_moves()] == ["tornado 1,1"]
