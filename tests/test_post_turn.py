"""A post of a position that records part of its turn (``played``) shows the position asked, then the result:
the first picture is the board as the turn began (the tile in hand, the followers in place, the points before)
with the recorded moves numbered first, the second the board after, with every tornado step of the turn drawn
and every follower the tornado carried marked from where it stood to where it stands."""
from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from carcnb.engine.geometry import PORT_INDEX
from carcnb.positions.consistency import as_asked
from carcnb.positions.parse import load
from carcnb.telling.account import account
from carcnb.telling.explain import example
from carcnb.telling.markup import Items, Para
from carcnb.telling.post import answer_of, decision_source, happened_blocks, recorded_text
from carcnb.telling.render import result as result_picture
from carcnb.telling.render.decision import decision_facts
from carcnb.telling.render.draw import as_state
from carcnb.telling.render.result import result_marks

PUZZLES = Path(__file__).parent.parent / "puzzles"
# red placed TO3 at 0,1 and stepped the tornado onto D, picking up red's farmer (0,0 ENE); red steps again
TORNADO = PUZZLES / "disasters/tornado-drop-must.toml"
# red placed E at 1,-2, closing the monk's ring, and put no follower down: what does each player score?
MONK = PUZZLES / "disasters/meteor-cloister-eight.toml"


def stands(state, pos, port, color) -> bool:
    return color in state.board.followers.get(state.board.node_at(pos, PORT_INDEX[port]), ())


def test_the_first_picture_of_a_recorded_turn_is_the_board_as_it_began():
    p = as_asked(load(MONK))
    start, steps = decision_source(p, answer_of(p))
    state = as_state(start)
    facts = decision_facts(state, start.mover)
    assert (facts.mover, facts.hand, facts.placed) == ("red", "E", None)  # the tile still in hand
    assert {line.colour: line.points for line in facts.players} == {"red": 10, "blue": 10}  # before the turn
    assert stands(state, (1, -1), "C", "red")  # the monk that scores in the turn is still on the board
    assert (1, -2) not in state.board.tiles
    assert [(s.number, s.label) for s in steps] == [(1, "place 1,-2 180"), (2, "pass")]


def test_a_recorded_tornado_turn_is_numbered_from_its_start_then_the_answer():
    p = as_asked(load(TORNADO))
    answered = answer_of(p)
    start, steps = decision_source(p, answered)
    state = as_state(start)
    assert state.hand == "TO3" and stands(state, (0, 0), "ENE", "red")  # the farmer not yet picked up
    assert [s.label for s in steps] == ["place 0,1 180", "tornado 0,0", "tornado 1,0", "drop red 1,0 NNW", "pass"]
    assert [(s.origin, s.pos) for s in steps[1:3]] == [((0, 1), (0, 0)), ((0, 0), (1, 0))]  # drawn as arrows
    assert recorded_text(p, answered) == ("The board as red's turn began with TO3 in hand, with the points before "
                                          "it: steps 1-2 are what the file records of the turn, steps 3-5 the "
                                          "answer.")


def test_the_result_draws_the_whole_turns_tornado_and_the_farmer_it_carried():
    p = as_asked(load(TORNADO))
    told = answer_of(p).told
    marks = result_marks(told)
    assert [(s.number, s.origin, s.pos) for s in marks.tornado] == [(1, (0, 1), (0, 0)), (2, (0, 0), (1, 0))]
    (farmer,) = marks.moved
    assert (farmer.before.pos, farmer.before.port, farmer.now.pos, farmer.now.port) == (
        (0, 0), PORT_INDEX["ENE"], (1, 0), PORT_INDEX["NNW"])
    assert not marks.gone
    blocks = happened_blocks(p, told)
    assert blocks[0] == Para(("What the file records of the turn:",))
    assert blocks[1] == Items((("red places the tornado TO3 on 0,1 turned 180°",),
                               ("red moves the tornado from 0,1 to 0,0 (step 1)",),
                               ("the tornado picks up red's farmer on the field at 0,0 (ENE)",)))
    assert blocks[2] == Para(("Then:",)) and blocks[3].items[0] == ("red moves the tornado from 0,0 to 1,0 (step 2)",)


def test_a_swap_marks_both_figures_and_the_path_is_drawn_once(monkeypatch):
    line = ["place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0", "tornado -2,0", "drop blue -2,0 NNW"]
    told = account(example("tornado-row"), line)
    marks = result_marks(told)
    # blue's farmer, picked up at 0,0, is set down where red's builder stood (a thief now); the builder, carried
    # on, goes home from where it stood; blue's other farmer is carried and put back where it stood
    assert [(m.before.pos, m.before.name, m.now.pos, m.now.name) for m in marks.moved] == [
        ((0, 0), "farmer", (-1, 0), "thief"), ((-2, 0), "farmer", (-2, 0), "farmer")]
    assert [(g.figure.pos, g.figure.kind, g.where) for g in marks.gone] == [((-1, 0), "builder", "supply")]
    drawn = []
    real = result_picture.draw_board

    def drawing(ax, state, **opts):
        drawn.append((state.ext.get("tornado_path"), [s.number for s in opts["steps"]]))
        return real(ax, state, **opts)

    monkeypatch.setattr(result_picture, "draw_board", drawing)
    result_picture.draw_result(Figure().add_subplot(), told)
    assert told.after.ext.get("tornado_path")  # the event is still in the turn: the state keeps its path
    assert drawn == [(None, [1, 2, 3])]  # drawn once, from the account
