"""A ``best`` puzzle tells the solver why the obvious move fails: when the answer is not the move that scores most
for the mover at once (``carcnb.telling.idea``), the explanation names that move, by its notation (``meteor 2,0``) or in
the account's words after "obvious move" (as the mined puzzles do)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import collection

from carcnb.engine.actions import Action, parse_action
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.puzzles.collection import puzzle_root
from carcnb.search.questions import readings_asked
from carcnb.telling.account import account
from carcnb.telling.idea import Line, lines

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first


def _asked(path: Path, part: Position):
    """One best question of the collection, named by its file (and reading)."""
    reading = part.question.reading
    name = path.relative_to(puzzle_root()).as_posix() + (f"[{reading}]" if reading else "")
    return pytest.param(part, id=name)


BEST = [_asked(path, part) for path, p in collection() for part in readings_asked(p) if part.question.kind == "best"]


def _parted(line: Line, answer: tuple[Action, ...]) -> int | None:
    """Where the mover's decisions in ``line`` leave the answer's; None when they never do (the answer's line)."""
    return next((i for i, (mine, best) in enumerate(zip(line.mine, answer)) if mine != best), None)


def _obvious(p: Position) -> list[tuple[Line, int]]:
    """The obvious lines that are not the answer, each with where it leaves the answer: those scoring most for
    the mover at once, the best of them valued to the end (as the miner picks them); none when the answer
    itself scores as much at once."""
    found = lines(p)
    assert found is not None, "too many lines to find the obvious move"
    seat = state_from_position(p).current_player()
    answer = tuple(parse_action(a) for a in dict(p.question.answer)["line"])
    top = max(line.own(seat) for line in found)
    greedy = [(line, _parted(line, answer)) for line in found if line.own(seat) == top]
    if any(at is None for _, at in greedy):
        return []
    worth = max(line.worth(seat) for line, _ in greedy)
    return [(line, at) for line, at in greedy if line.worth(seat) == worth]


def _names(text: str, p: Position, line: Line, at: int) -> bool:
    """Whether ``text`` names the decision where ``line`` leaves the answer: its notation anywhere when that
    says where (``ferry 1,0 E-W``), else (``pass``) its notation or its words in a sentence on the obvious move."""
    move = str(line.mine[at])
    said = account(p, line.mine[:at + 1]).entries[-1].said
    flat = re.sub(r"\s+", " ", text)
    notation = re.compile(rf"(?<![\w,-]){re.escape(move)}(?![\w,-])")
    told = re.findall(r"(?:obvious|greedy) move([^.]*)", flat, flags=re.IGNORECASE)  # mid-game: "greedy"
    return (any(c.isdigit() for c in move) and notation.search(flat) is not None
            or any(notation.search(sentence) or said in sentence for sentence in told))


@pytest.mark.parametrize("p", BEST)
def test_the_explanation_names_the_obvious_move_when_it_is_not_the_answer(p):
    obvious = _obvious(p)
    text = p.question.explanation
    assert not obvious or any(_names(text, p, line, at) for line, at in obvious), (
        f"{p.path}: name the obvious move {' or '.join(sorted({str(line.mine[at]) for line, at in obvious}))} "
        "and say why it falls short")
