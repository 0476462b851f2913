"""The board editor: the model without a browser (play, free edit, undo, files), and one view smoke test."""
from __future__ import annotations

import random

import pytest
from conftest import position_from_text

from carcnb.engine.actions import Place, action_ports, action_pos, parse_action
from carcnb.engine.geometry import PORT_INDEX
from carcnb.engine.state import Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FerryToken, FollowerToken
from carcnb.positions.dump import dump
from carcnb.positions.parse import load
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.model import EDIT, PLAY

N, E, S, W, C = (PORT_INDEX[p] for p in ("N", "E", "S", "W", "C"))


def fresh(seed: int = 1, **game) -> EditorModel:
    return EditorModel(GameState(Game(**game), seed=seed))


def test_play_draw_rotate_place_and_deploy():
    m = fresh()
    m.select_tile("E")
    m.click((0, 1))  # drawn, but E's city faces away from D's city at rotation 0
    assert m.state.hand == "E" and (0, 1) not in m.state.board.tiles
    assert "S edge is field but D at 0,0 shows city" in m.status
    assert "fits here at rotation 180" in m.status
    m.rotate()
    m.rotate()
    assert m.rotation == 180
    assert m.preview is None
    m.hover((0, 1))
    assert m.preview == ("E", 0, 1, 180)
    assert m.click((0, 1))
    assert m.state.board.tiles[(0, 1)].tile.id == "E"
    assert "deploy a follower" in m.status
    assert m.click((0, 1), S)  # the city half of E: closes the two-tile city at once
    assert m.state.scores == {"red": 4, "blue": 0}
    assert "red +4 (city, completed)" in m.status
    table = m.score_table()
    assert [(r.kind, r.tiles, r.scorers, r.points) for r in table.played] == [("city", "0,0 0,1", "red", 4)]
    assert table.final_scores == {"red": 4, "blue": 0}


@pytest.mark.parametrize("pos, rot, reason", [
    ((5, 5), 0, "5,5 touches no tile"),
    ((0, 0), 0, "0,0 is occupied by D"),
    ((0, 1), 0, "its S edge is field but D at 0,0 shows city"),
    ((1, 0), 0, "its W edge is field but D at 0,0 shows road"),
])
def test_illegal_placement_says_why(pos, rot, reason):
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    m.rotation = rot
    assert not m.click(pos)
    assert reason in m.status
    assert m.state.hand == "E" and len(m.state.board.tiles) == 1


def test_river_rule_named_when_edges_fit():
    m = EditorModel(position_from_text("0,0 R1 0", hand="R7", sets=["river"]))
    assert not m.click((-1, 0))
    assert m.status.startswith("river rule: the river flows on from 0,0, so the next river tile goes at 0,-1")
    bent = "0,0 R1 0\n0,-1 R7 180\n0,-2 R7 180\n0,-3 R10 90\n-1,-3 R4 180"  # last curve: R10
    m = EditorModel(position_from_text(bent, hand="R8", sets=["river"]))
    m.rotation = 270
    assert not m.click((-2, -3))
    assert m.status.startswith("river rule: the river may not turn the same way on two curves in a row")


def test_deploy_refusals_and_ambiguous_click():
    m = EditorModel(position_from_text("0,0 D 0 blue@N", hand="E", to_move="red"))
    m.rotation = 180
    assert m.click((0, 1))
    assert not m.click((0, 1), S)
    assert "that city is already occupied (blue)" in m.status
    assert not m.click((0, 0), E)
    assert "followers go on the tile just placed (0,1)" in m.status
    assert m.legal_actions() == ["deploy 0,1 NNW", "pass"] and m.quick_actions() == ["pass"]
    assert m.apply_text("pass")
    assert m.state.is_chance()


def test_ambiguous_click_narrows_on_the_next_one():
    m = fresh()
    m.apply_text("draw E")
    m.apply_text("place 0,1 180")
    assert not m.click((0, 1))  # no port: both follower spots of the tile are candidates
    assert m.status.startswith("2 decisions at 0,1: deploy 0,1 NNW, deploy 0,1 S")
    assert m.click((0, 1), PORT_INDEX["SSW"])  # the city half-edge picks the city
    assert m.state.history[-1] == parse_action("deploy 0,1 S")


def test_free_edit_allows_a_mismatch_and_play_refuses_it():
    p = position_from_text("0,0 D 0", hand="E")
    play = EditorModel(p)
    assert not play.click((0, 1))
    assert len(play.state.board.tiles) == 1

    edit = EditorModel(p, mode=EDIT)
    assert edit.status == "free edit: click to put the palette tile (r turns it)"
    edit.select_tile("E")
    assert edit.click((0, 1))
    assert edit.value.tile_at((0, 1)).tile == "E"
    assert any(x.startswith("edge-mismatch") for x in edit.problems())
    assert "edge-mismatch" in edit.status
    assert edit.score_table().final_scores == {"red": 0, "blue": 0}


def test_free_edit_followers_of_any_colour_and_removal():
    m = EditorModel(position_from_text("0,0 D 0\n0,1 E 180", players=["red", "blue", "green"]), mode=EDIT)
    m.set_tool("follower")
    m.set_color("green")
    assert m.click((0, 0), PORT_INDEX["NNE"])  # the city: written with its anchor port N
    m.set_color("blue")
    assert m.click((0, 0), N)  # a second follower on the same city segment: illegal, but drawable
    assert m.value.tile_at((0, 0)).tokens == (FollowerToken("green", N), FollowerToken("blue", N))
    assert any(x.startswith("shared-segment") for x in m.problems())
    assert m.click((0, 0), N)  # toggles blue off again
    assert m.value.tile_at((0, 0)).tokens == (FollowerToken("green", N),)
    assert m.score_table().final_scores["green"] == 4
    m.set_tool("remove")
    assert m.click((0, 1))
    assert m.value.tile_at((0, 1)) is None
    assert not m.click((3, 3)) and "no tile at 3,3" in m.status


def test_free_edit_ferry_on_a_lake_tile():
    m = EditorModel(position_from_text("0,0 D 0", sets=["ferries"]), mode=EDIT)
    assert "FA" in [e.tile for e in m.palette()]
    m.select_tile("FA")
    m.click((1, 0))
    assert any(x.startswith("ferry-count") for x in m.problems())  # a lake tile needs its ferry
    m.set_tool("ferry")
    assert not m.click((1, 0), PORT_INDEX["ESE"])  # first end: the east jetty
    assert "click the other end" in m.status
    assert m.click((1, 0), S)
    assert m.value.tile_at((1, 0)).tokens == (FerryToken(E, S),)
    assert "1,0 FA 0 ferry:E-S" in dump(m.value)
    assert not any("ferry" in x for x in m.problems())
    assert not m.click((0, 0), E) and "not a lake tile" in m.status


def test_undo_redo_in_play_is_exact():
    m = fresh()
    start = m.state.key()
    for text in ("draw E", "place 0,1 180", "deploy 0,1 S"):
        assert m.apply_text(text)
    end = m.state.key()
    assert m.undo() and m.undo() and m.undo()
    assert m.state.key() == start and not m.can_undo
    assert not m.undo() and m.status == "nothing to undo"
    assert m.redo() and m.redo() and m.redo()
    assert m.state.key() == end and not m.can_redo
    m.undo()
    m.apply_text("pass")  # a new action forgets what could be redone
    assert not m.can_redo


def test_undo_redo_in_free_edit():
    m = EditorModel(position_from_text("0,0 D 0"), mode=EDIT)
    first = m.value
    m.select_tile("C")
    m.click((0, 1))
    m.set_tool("remove")
    m.click((0, 0))
    last = m.value
    assert m.undo() and m.undo() and m.value == first
    assert m.redo() and m.redo() and m.value == last


def test_mode_switch_keeps_the_position():
    m = fresh()
    for text in ("draw E", "place 0,1 180", "deploy 0,1 S"):
        m.apply_text(text)
    reached = m.value
    assert m.set_mode(EDIT) and m.value == reached
    m.select_tile("B")
    m.click((1, 0))
    assert m.set_mode(PLAY)
    assert m.state.board.tiles[(1, 0)].tile.id == "B" and m.state.scores["red"] == 4


def test_palette_counts_left():
    m = fresh()
    counts = {e.tile: e for e in m.palette()}
    assert (counts["D"].left, counts["D"].total, counts["D"].drawable) == (3, 4, True)
    assert "R1" not in counts and "FA" not in counts
    m.draw("E")
    counts = {e.tile: e for e in m.palette()}
    assert counts["E"].left == counts["E"].total - 1 and not counts["E"].drawable
    m.set_mode(EDIT)
    counts = {e.tile: e for e in m.palette()}
    assert counts["D"].left == 3 and counts["E"].left == counts["E"].total - 1  # E is in hand


def test_ruling_change_rebuilds_and_replays():
    m = fresh()
    for text in ("draw E", "place 0,1 180", "deploy 0,1 S"):
        m.apply_text(text)
    assert m.state.scores["red"] == 4
    assert m.set_ruling("scoring.edition", "second")  # a two-tile city scores 2 in the second edition
    assert m.state.scores["red"] == 2 and "replayed all 3 actions" in m.status
    assert dict(m.value.rulings) == {"scoring.edition": "second"}
    choice = next(r for r in m.rulings() if r.id == "scoring.edition")
    assert choice.current == "second" and ("third", choice.options[0][1]) == choice.options[0]


def test_save_load_round_trip(tmp_path):
    m = fresh(seed=5)
    for text in ("draw E", "place 0,1 180", "deploy 0,1 S", "draw V"):
        m.apply_text(text)
    m.rotation = 90
    assert m.click((1, 0))  # mid-turn: the tile is down, the follower decision still open
    assert m.value.played == ("place 1,0 90",)
    path = tmp_path / "game.toml"
    assert m.save(path), m.status
    assert load(path) == m.value
    other = EditorModel(path)
    assert other.value == m.value and other.state.key() == m.state.key()
    edit = EditorModel(path, mode=EDIT)
    edit.select_tile("C")
    edit.click((5, 5))  # disconnected: a problem, still saved as it is
    assert edit.save(tmp_path / "edit.toml")
    assert load(tmp_path / "edit.toml") == edit.value


def test_failed_save_loses_nothing(tmp_path):
    m = fresh()
    m.apply_text("draw E")
    good = tmp_path / "kept.toml"
    assert m.save(good)
    kept = good.read_text()
    m.apply_text("place 0,1 180")
    before = m.value
    assert not m.save(tmp_path)  # a directory
    assert m.status.startswith("not saved:") and "is a directory" in m.status
    assert not m.save(tmp_path / "missing" / "x.toml")
    assert "nothing was changed" in m.status
    assert m.value == before and m.state.board.tiles[(0, 1)].tile.id == "E"
    assert good.read_text() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.toml"]
    assert not m.load(tmp_path / "nope.toml") and "no such file" in m.status
    assert m.value == before


def test_hover_highlights_the_feature_a_click_would_take():
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    assert not m.hover((0, 0), N) and m.highlight is None  # placing: a click places, it takes no feature
    pic = m.picture()
    assert (0, 1, 180) in pic.legal and all(Place(*t) in m.state.legal_actions() for t in pic.legal)
    assert pic.extent == (-1, 2, -1, 2)
    m.rotation = 180
    m.click((0, 1))
    assert m.hover((0, 1), S)  # deploying: the city under the pointer
    node = m.highlight
    assert node[0] == (0, 1) and m.state.board.segment(node).kind == "city"
    assert not m.hover((0, 1), PORT_INDEX["SSE"])  # the same segment: nothing to draw again
    assert m.picture().highlight == node and m.picture().legal is None
    assert m.picture().key != pic.key

    edit = EditorModel(position_from_text("0,0 D 0"), mode=EDIT)
    assert not edit.hover((0, 0), N)  # the tile tool puts tiles
    edit.set_tool("follower")
    assert edit.highlight == ((0, 0), 0)  # the city under the pointer: the tool changes the picture
    assert edit.hover((0, 0), E) and catalogue()["D"].at(0).segments[edit.highlight[1]].kind == "road"


@pytest.mark.parametrize("seed", range(4))
def test_every_decision_on_the_board_is_reachable_by_clicking(seed):
    """Random play with every set: each chosen action that names a position is made by clicking there
    (at the ports it names, one click each); the rest through the list of legal actions."""
    m = EditorModel(GameState(Game(players=("red", "blue", "green"),
                                   sets=frozenset({"river", "disasters", "ferries", "cropcircles"})), seed=seed))
    rng = random.Random(seed)
    clicked = set()
    for _ in range(300):
        st = m.state
        if st.is_terminal():
            break
        if st.is_chance():
            assert m.draw()
            continue
        action = rng.choice(st.legal_actions())
        pos, made = action_pos(action), len(st.history)
        if pos is None:
            assert m.apply_text(str(action))
            continue
        if isinstance(action, Place):
            m.rotation = action.rot
        for port in action_ports(action) or (None,):
            if len(st.history) == made:
                m.click(pos, port)
        assert len(st.history) == made + 1, (str(action), m.status)
        assert st.history[-1] == action
        clicked.add(type(action).__name__)
    assert {"Place", "Deploy"} <= clicked


def test_bad_action_text_is_reported():
    m = fresh()
    assert not m.apply_text("plaec 0,1 0") and "unknown action" in m.status
    assert not m.apply_text("place 0,1 0") and "illegal action" in m.status
    assert parse_action("draw E") in m.state.legal_actions()


def test_view_smoke(tmp_path):
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text("0,0 D 0", hand="E"))
    assert bytes(ed.board.value[:4]) == b"\x89PNG" and "carcnb-board" in ed.board._dom_classes
    assert "carcnb-status" in ed.status._dom_classes and "carcnb-score" in ed.scores._dom_classes
    g = ed.geometry
    scores_before = ed.scores.value
    assert "Scored so far: red 0, blue 0" in scores_before

    def click(bx: float, by: float) -> None:
        px, py = ed.geometry.to_pixel(bx, by)
        ed.handle_event({"type": "click", "dataX": px, "dataY": py})

    click(0.5, 1.5)
    assert "S edge is field but D at 0,0 shows city" in ed.status.value
    ed.rotate_button.click()
    ed.handle_event({"type": "keydown", "key": "r"})
    assert ed.model.rotation == 180
    ed.handle_event({"type": "mousemove", "dataX": g.to_pixel(0.5, 1.5)[0], "dataY": g.to_pixel(0.5, 1.5)[1]})
    assert ed.model.preview == ("E", 0, 1, 180)
    click(0.5, 1.5)
    assert ed.value.played == ("place 0,1 180",) and "deploy a follower" in ed.status.value
    assert [b.description for b in ed.quick.children] == ["pass"]
    click(0.5, 1.05)  # the city at the south edge of the new tile
    assert "red +4 (city, completed)" in ed.status.value
    assert ed.scores.value != scores_before and "<td>completed</td>" in ed.scores.value
    ed.undo_button.click()
    assert ed.scores.value == scores_before and not ed.redo_button.disabled
    ed.redo_button.click()
    assert "Scored so far: red 4, blue 0" in ed.scores.value

    path = tmp_path / "board.toml"
    ed.filename.value = str(path)
    ed.save_button.click()
    assert load(path) == ed.value and "saved 2 tiles" in ed.status.value
    ed.mode.value = EDIT
    assert ed.model.mode == EDIT and ed.edit_row.layout.display is None
    ed.tool.value = "remove"
    click(0.5, 1.5)
    assert ed.value.tile_at((0, 1)) is None
    ed.load_button.click()
    assert ed.value.tile_at((0, 1)).tile == "E"
    with pytest.raises(AttributeError):
        ed.value = ed.value
