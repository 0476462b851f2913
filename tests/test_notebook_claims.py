"""What a page says about its own boards holds: one event told in two sections ends the same way in both, the
points the text calls shown are shown above it, and the counting rule the puzzles page states is the engine's.
The pages are read as stored (their code parsed, their outputs as the last run left them)."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from carcnb.engine.actions import parse_action
from carcnb.positions.model import Position, Question, TileLine
from carcnb.search.questions import counted, placements
from carcnb.telling.explain import example, finish_event, play
from carcnb.telling.explain.game import state_of

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def calls(name: str, function: str) -> list[ast.Call]:
    """Every call of ``function`` in the page's code cells."""
    found = []
    for cell in cells(name):
        if cell["cell_type"] == "code":
            found += [node for node in ast.walk(ast.parse(source(cell)))
                      if isinstance(node, ast.Call) and getattr(node.func, "id", "") == function]
    return found


def actions(call: ast.Call) -> list[str]:
    """The action strings a call passes after its board."""
    return [arg.value for arg in call.args[1:] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]


def test_the_tornado_page_ends_its_event_the_same_way_in_both_sections():
    """Section 5's strip and section 8's board play the same event from the row: the carried farmer lands in
    the same field in both (the strip plays on by itself where its actions stop)."""
    strip = next(c for c in calls("06-tornado.ipynb", "event_strip") if getattr(c.args[0], "id", "") == "row")
    after = next(c for c in calls("06-tornado.ipynb", "play")
                 if getattr(c.args[0], "id", "") == "row" and len(actions(c)) > 3)
    state = state_of(example("tornado-row"))
    for text in actions(strip):
        state.apply(parse_action(text))
    finish_event(state)  # what the strip shows after its last given action
    shown = play(example("tornado-row"), *actions(after))
    assert actions(strip)[:len(actions(after))] == actions(after)[:len(actions(strip))]
    assert state.board.followers == shown.board.followers


def test_the_points_the_start_page_calls_shown_are_shown_above():
    page = cells("00-start-here.ipynb")
    said = next(i for i, c in enumerate(page) if c["cell_type"] == "markdown" and "red 4, blue 2, green 0" in source(c))
    shown = [text for c in page[:said] if c["cell_type"] == "code" for out in c.get("outputs", [])
             for text in ["".join(out.get("data", {}).get("text/plain", ""))]]
    assert any("red 4, blue 2, green 0" in text for text in shown)
    assert dict(example("tour").scores) == {"red": 4, "blue": 2, "green": 0}


def test_the_puzzles_page_counts_a_crossroads_as_the_engine_does():
    """The introduction's example: a crossroads that fits one spot in all four rotations."""
    intro = source(cells("10-puzzles.ipynb")[0])
    claimed = re.search(r"crossroads that fits one spot in all four\s+rotations[^.]*?counts (\d+)", intro)
    assert claimed, "the puzzles page no longer gives the crossroads example"
    beside = Position(players=("red", "blue"), board=(TileLine(0, 0, "D", 0),), hand="X",
                      question=Question("count", ()))
    at_one_spot = [r for x, y, r in counted(beside) if (x, y) == (1, 0)]
    fits = [r for x, y, r in placements(beside) if (x, y) == (1, 0)]
    assert len(fits) == 4  # the crossroads fits there in all four rotations
    assert int(claimed.group(1)) == len(at_one_spot)
