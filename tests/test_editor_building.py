"""The editor as a tool for building positions: who moves, scores, figures of every kind, disaster tokens,
clearing, a steady view, a preview that says whether it fits, the rulings of the sets in play."""
from __future__ import annotations

from dataclasses import replace

from conftest import position_from_text

from carcnb.engine.geometry import PORT_INDEX
from carcnb.engine.rulings import RULINGS
from carcnb.engine.state import Game, GameState
from carcnb.engine.tokens import FollowerToken, QuakeToken, TornadoToken
from carcnb.positions.dump import dump
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import parse
from carcnb.search.questions import final_score
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.frame import Frame
from carcnb.widgets.editor.model import EDIT

N, E, S, W, C = (PORT_INDEX[p] for p in ("N", "E", "S", "W", "C"))

# A city cap D at the start and a road running east: a city, a road and fields to stand on.
ROAD_CITY = "0,0 D 0\n1,0 U 90\n0,1 E 180"


def edit(board: str = ROAD_CITY, **header) -> EditorModel:
    return EditorModel(position_from_text(board, **header), mode=EDIT)


def test_who_moves_and_scores_go_into_the_file():
    m = edit(players=["red", "blue", "green"])
    assert m.set_to_move("green") and m.value.to_move == "green"
    assert m.set_score("blue", 17) and m.set_score("red", 3)
    assert dict(m.value.scores) == {"red": 3, "blue": 17}
    assert m.score_table().scores == {"red": 3, "blue": 17, "green": 0}
    text = dump(m.value)
    assert 'to_move = "green"' in text and parse(text) == m.value
    assert not m.set_score("blue", -2) and "a score is a whole number of points >= 0" in m.status
    assert not m.set_to_move("black") and "colour 'black' is not a player" in m.status
    assert dict(m.value.scores)["blue"] == 17
    m.undo()
    assert dict(m.value.scores) == {"blue": 17}


def test_builders_and_pigs_stand_where_they_may_and_count_as_the_rules_say():
    m = edit(ROAD_CITY + " red@S")
    m.set_tool("follower")
    m.set_color("red")
    m.set_figure("builder")
    assert m.click((1, 0), E)  # on the road
    assert "put a red builder on 1,0" in m.status
    m.set_figure("pig")
    assert m.click((1, 0), PORT_INDEX["NNE"])  # in the field north of the road
    tokens = m.value.tile_at((1, 0)).tokens
    assert FollowerToken("red", tokens[0].port, "builder") in tokens and tokens[1].kind == "pig"
    assert "red:builder@" in dump(m.value) and "red:pig@" in dump(m.value)
    assert not m.problems()
    assert m.click((1, 0), PORT_INDEX["NNE"]) and m.value.tile_at((1, 0)).tokens == tokens[:1]  # toggled off
    m.set_figure("builder")
    m.click((1, 0), PORT_INDEX["NNE"])  # a builder in a field: drawn, and named as a problem
    assert any(x.startswith("figure-misplaced") for x in m.problems())


def test_quake_tokens_in_cities_change_the_final_scoring():
    m = edit("0,0 D 0 red@N\n1,0 U 90", sets=["disasters"])
    assert final_score(m.value).scores["red"] == 1  # an unfinished one-tile city
    m.set_tool("quake")
    assert m.click((0, 0), PORT_INDEX["NNW"])
    assert m.value.tile_at((0, 0)).tokens[-1] == QuakeToken(N) and "quake@N" in dump(m.value)
    assert not m.problems()
    assert final_score(m.value).scores["red"] == 0  # "an unfinished city with a token scores nothing"
    assert m.click((0, 0), N) and not any(isinstance(t, QuakeToken) for t in m.value.tile_at((0, 0)).tokens)
    m.click((0, 0), E)  # the road: drawn, and named as a problem
    assert any("is not in a city" in x for x in m.problems())
    assert not m.click((5, 5), N) and "no tile at 5,5" in m.status


def test_the_tornado_token_moves_and_comes_off():
    m = edit(sets=["disasters"])
    m.set_tool("tornado")
    assert m.click((1, 0)) and "tornado on 1,0" in m.status
    assert m.click((0, 1))
    assert [t.pos for t in m.value.board if TornadoToken() in t.tokens] == [(0, 1)]
    assert "0,1 E 180 tornado" in dump(m.value)
    assert state_from_position(m.value, allow_problems=True).ext.get("tornado") == (0, 1)
    assert m.click((0, 1)) and not any(TornadoToken() in t.tokens for t in m.value.board)
    assert "tornado taken off 0,1" in m.status


def test_clear_board_keeps_the_game_and_undo_brings_the_tiles_back():
    m = edit(sets=["disasters"], scores={"red": 4}, hand="MT", rulings={"meteor.adjacency": "king"})
    full = m.value
    assert m.clear_board() and m.value.board == () and "3 tiles taken off" in m.status
    assert (m.value.players, m.value.sets, m.value.scores, m.value.rulings) == \
        (full.players, full.sets, full.scores, full.rulings)
    assert m.value.hand is None  # the old tile in hand would be a copy too many on the new board
    m.undo()
    assert m.value == full
    lost = EditorModel(replace(full, lost=(("red", 1),), meteor=(("ferries_lost", 1),)), mode=EDIT)
    assert lost.clear_board() and lost.value.lost == () and lost.value.meteor == ()  # the old game's losses go
    m.clear_board()
    m.undo()
    assert m.value == full
    play = EditorModel(full)
    assert not play.clear_board() and "switch to free edit" in play.status


def test_a_draw_resets_the_rotation_and_the_palette_lets_the_old_tile_go():
    m = EditorModel(GameState(Game(), seed=2))
    m.select_tile("E")
    m.rotate(2)
    assert m.click((0, 1))  # drawn and placed at the rotation the player turned the preview to
    assert m.state.board.tiles[(0, 1)].rot == 180
    assert m.apply_text("pass")
    m.rotate()
    assert m.draw()  # at random: the next player starts from rotation 0, the palette shows no stale tile
    assert m.rotation == 0 and m.tile is None


def test_a_hover_that_does_not_fit_is_told_apart():
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    m.hover((0, 1))
    assert m.preview == ("E", 0, 1, 0) and not m.preview_fits() and not m.picture().preview_fits
    m.rotate(2)
    assert m.preview_fits() and m.picture().preview_fits
    m.hover((3, 3))
    assert not m.preview_fits()  # touches no tile
    e = edit("0,0 D 0")
    e.select_tile("E")
    e.hover((0, 1))
    assert not e.preview_fits()  # free edit would put it, but its edges do not match
    e.rotate(2)
    assert e.preview_fits()


def test_the_view_holds_still_under_the_pointer():
    m = edit("0,0 D 0")
    m.select_tile("C")
    m.hover((1, 0))
    first = m.picture().extent
    assert first == (-1, 2, -1, 2)
    assert m.click((1, 0))  # at the edge of the view: it would need to grow by a column
    m.hover((1, 0))
    grown = m.picture().extent
    assert grown[0] <= first[0] and grown[1] >= 4  # grows, with room to spare
    m.click((2, 0))
    m.hover((2, 0))
    assert m.picture().extent == grown  # the next tile at that edge moves nothing
    m.set_tool("remove")
    m.click((2, 0))
    m.click((1, 0))
    assert m.picture().extent == grown  # nor does taking tiles off while the pointer is there
    m.hover(None)
    assert m.picture().extent == (-1, 2, -1, 2)  # the pointer left: the view fits the board again


def test_frame_grows_only_where_the_board_outgrows_it():
    f = Frame()
    assert f.fit([(0, 0)], steady=True) == (-1, 2, -1, 2)
    assert f.fit([(0, 0), (0, 1)], steady=True) == (-1, 2, -1, 4)  # the top grows, with a tile to spare
    assert f.fit([(0, 0), (0, 1), (0, 2)], steady=True) == (-1, 2, -1, 4)
    assert f.fit([(0, 0), (-1, 0)], steady=True) == (-3, 2, -1, 4)  # never shrinks while steady
    assert f.fit([(0, 0)], steady=False) == (-1, 2, -1, 2)


def test_rulings_of_sets_that_are_off_are_hidden():
    shown = {r.id for r in edit().rulings() if r.involved}
    assert shown == {"scoring.edition"}
    m = edit(sets=["disasters"])
    shown = {r.id for r in m.rulings() if r.involved}
    assert "meteor.adjacency" in shown and "meteor.ferry_on_target" not in shown
    assert not any(r.startswith("ferries.") or r.startswith("cropcircles.") for r in shown)
    m.set_sets(("disasters", "ferries"))
    shown = {r.id for r in m.rulings() if r.involved}
    assert {"meteor.ferry_on_target", "ferries.crop_circle_tile", "cropcircles.add_where"} <= shown
    assert len(m.rulings()) == len(RULINGS)  # every menu stays known to the view: only hidden


def test_view_controls_drive_the_model():
    import pytest
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text(ROAD_CITY, sets=["disasters"]), mode=EDIT)
    tools = ed.position_tools
    assert tools.box.layout.display is None and [b.description for b in tools.scores.children] == ["red", "blue"]
    tools.to_move.value = "blue"
    tools.score_box("blue").value = 12
    assert ed.value.to_move == "blue" and dict(ed.value.scores) == {"blue": 12}
    ed.tool.value = "follower"
    ed.figure.value = "pig"
    ed.handle_event({"type": "click", **dict(zip(("dataX", "dataY"), ed.geometry.to_pixel(1.5, 0.9)))})
    assert ed.value.tile_at((1, 0)).tokens[0].kind == "pig"
    assert not ed.hand.picture.value or ed.hand.picture.layout.visibility == "hidden"  # no tile to put
    ed.tool.value = "tile"
    ed.palette.value = "V"
    ed.rotate_button.click()
    assert bytes(ed.hand.picture.value[:4]) == b"\x89PNG" and ed.hand.picture.layout.visibility == "visible"
    assert "to put: V, rotation 90" in ed.hand.caption.value
    assert ed.ruling_rows["meteor.adjacency"].layout.display is None
    assert ed.ruling_rows["ferries.crop_circle_tile"].layout.display == "none"
    ed.sets["ferries"].value = True
    assert ed.ruling_rows["ferries.crop_circle_tile"].layout.display is None
    tools.clear_button.click()
    assert ed.value.board == () and dict(ed.value.scores) == {"blue": 12}
    ed.undo_button.click()
    assert len(ed.value.board) == 3
    ed.mode.value = "play"
    assert tools.box.layout.display == "none"
    assert "to draw: V, rotation 90 (a click draws and places it)" in ed.hand.caption.value  # the palette tile
