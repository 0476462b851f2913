"""Any right answer is right: answers are compared as game actions, not strings. Every spelling of every answer
in the collection is accepted -- each port of the same feature, a ferry's ends in either order, any letter
case and spacing, with or without the decisions that leave no choice -- and a wrong answer is still refused."""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from carcnb.actions import Action, Ferry, parse_action
from carcnb.cli import main
from carcnb.game_io import state_from_position
from carcnb.geometry import PORT_NAMES
from carcnb.lines import answer_moves, forced
from carcnb.position import Position, load
from carcnb.puzzleboard.model import PuzzleModel
from carcnb.questions import readings_asked
from carcnb.solve import Solver
from carcnb.verdict import check_answer, parse_answer

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
# every question of the collection: one per reading for a puzzle asked under each reading of a ruling
COLLECTION = [part for path in sorted(PUZZLES.rglob("*.toml")) for part in readings_asked(load(path))]


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
    solver = Solver(state)
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


def spellings(p: Position) -> dict[str, str | list[str]]:
    """Every other way to write the answer of ``p``, each with what it varies."""
    q = p.question
    if q.kind == "count":
        return {"spaces": f"  {q.answer}  "}
    if q.kind == "final":
        totals = list(dict(q.answer).items())[::-1]
        return {"order, case, spaces": " ,  ".join(f"{c.upper()}  =  {n}" for c, n in totals),
                "semicolons": "; ".join(f"{c}={n}" for c, n in totals)}
    steps = steps_of(p)
    line = [str(s.action) for s in steps]
    out: dict[str, str | list[str]] = {"upper case": "; ".join(line).upper(), "lower case": "; ".join(line).lower(),
                                       "spaces": spaced(line)}
    for i, step in enumerate(steps):
        for other in step.spellings:
            out[f"action {i + 1} as {other!r}"] = "; ".join(line[:i] + [other] + line[i + 1:])
    if any(s.forced for s in steps):
        out["without the decisions that leave no choice"] = [t for t, s in zip(line, steps) if not s.forced]
    return out


@pytest.mark.parametrize("p", COLLECTION, ids=lambda p: "/".join(Path(p.path).parts[-2:]) + (
    f"#{p.question.reading}" if p.question.reading else ""))
def test_every_spelling_of_the_answer_is_right_and_a_wrong_answer_is_refused(p):
    for what, given in spellings(p).items():
        answer = given if isinstance(given, list) else parse_answer(p, given)
        assert check_answer(p, answer).right, f"{what}: {given!r}"
    wrong = wrong_answer(p)
    assert wrong is None or not check_answer(p, wrong).right, wrong


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
    solver = Solver(state)
    line = [parse_action(text) for text in dict(q.answer)["line"]]
    for i, action in enumerate(line):
        if forced(state) is None:
            return line[:i] + [next(a for a in state.legal_actions() if a != action)]
        state.apply(action)
        answer_moves(state, mover, solver)
    return None


def test_quiz_answer_takes_any_spelling(capsys):
    code = main(["quiz", str(PUZZLES / "ferries/lake-in-hand-between-two-roads.toml"), "--answer",
                 "DEPLOY 1, 0 n ;  Ferry 1,0  s - e"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("Right!")


def test_the_interactive_quiz_takes_a_line_without_the_decisions_that_leave_no_choice(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("PLACE 1 , -3   180\n"))  # the pass after it is forced
    code = main(["quiz", str(PUZZLES / "river/three-cities-on-the-banks.toml"), "--picture-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "Right!" in out and out.rstrip().endswith("Solved 1 of 1.")


def test_the_puzzle_board_plays_a_pass_with_nothing_to_deploy_for_the_player():
    model = PuzzleModel(PUZZLES / "river/three-cities-on-the-banks.toml")
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
