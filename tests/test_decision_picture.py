"""The decision picture (who moves, points, supplies, rulings, the tile in hand), the notation page that
teaches the names verdicts use, and the editor's palette of tile pictures."""
from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from carcnb.cli import main
from carcnb.engine.actions import Deploy, Drop, Ferry, Place, TornadoStep
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.telling import notation
from carcnb.telling.notation import DECISIONS, examples, write_notation
from carcnb.telling.post import write_post
from carcnb.telling.render import render_png
from carcnb.telling.render.decision import decision_facts, header_lines

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

PUZZLES = Path(__file__).parent.parent / "puzzles"
SOUTH_FIELD = PUZZLES / "disasters" / "tornado-drop-may-south-field.toml"  # red placed TO3 at 0,1 turned 180


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_the_facts_of_a_decision_are_who_moves_the_points_the_supplies_the_rulings_and_the_tile():
    facts = decision_facts(state_from_position(load(SOUTH_FIELD)))
    assert facts.mover == "red"
    assert [(p.colour, p.points, p.supply) for p in facts.players] == [("red", 52, 0), ("blue", 49, 6)]
    assert dict(facts.rulings) == {"tornado.revisit": "per_tornado", "tornado.drop": "may"}  # not the defaults
    assert (facts.hand, facts.rot, facts.placed) == ("TO3", 180, (0, 1))
    words = " ".join(text for line in header_lines(facts) for text, _ in line)
    assert "red to move" in words and "red: 52 points, 0 followers in supply" in words
    assert "rulings: tornado.revisit = per_tornado, tornado.drop = may" in words


def test_a_tile_not_yet_placed_is_in_hand_at_any_rotation():
    facts = decision_facts(state_from_position(load(PUZZLES / "base" / "count-straight-road.toml")))
    assert facts.hand is not None and facts.rot is None and facts.placed is None
    assert facts.rulings == ()


def test_the_decision_picture_puts_the_header_over_the_board_and_the_tile_beside_it():
    p = load(SOUTH_FIELD)
    board, plain = render_png(p)
    png, geometry = render_png(p, decision=True)
    assert geometry.top > 0 and (geometry.width, geometry.height) == (plain.width, plain.height)
    assert size(png)[0] > size(board)[0] + 60  # the tile in hand beside the board
    assert size(png)[1] >= size(board)[1] + geometry.top
    x, y = geometry.to_pixel(0.5, 1.5)  # a pixel of the tile at 0,1 still maps to it, under the header
    assert geometry.to_board(x, y)[:2] == (0, 1)
    assert geometry.to_board(x, geometry.top - 1) is None  # the header is not the board


def test_render_draws_a_puzzle_as_a_decision_picture_unless_asked_for_the_board_alone(tmp_path, capsys):
    whole, alone = tmp_path / "whole.png", tmp_path / "alone.png"
    assert main(["render", str(SOUTH_FIELD), "-o", str(whole)]) == 0
    assert main(["render", str(SOUTH_FIELD), "-o", str(alone), "--board-only"]) == 0
    (w1, h1), (w0, h0) = size(whole.read_bytes()), size(alone.read_bytes())
    assert w1 > w0 and h1 > h0


def test_a_post_shows_the_decision_picture_and_says_where_the_notation_is(tmp_path):
    p = load(SOUTH_FIELD)
    files = write_post(p, tmp_path, "markdown", node_limit=20000)
    assert size(files.picture_path.read_bytes())[0] > size(render_png(p)[0])[0]
    assert "`docs/notation.md`" in files.text and "`deploy 0,1 NNW`" in files.text


def test_the_notation_page_has_an_example_of_each_decision_the_puzzles_play(tmp_path, notation_drawn_once):
    found = examples(PUZZLES)
    for kind in (Place, Deploy, TornadoStep, Drop, Ferry):
        assert kind in found, f"no example of {kind.__name__}"
    written = write_notation(tmp_path, PUZZLES)
    page = (tmp_path / "notation.md").read_text(encoding="utf-8")
    assert written[-1] == tmp_path / "notation.md"
    for d in DECISIONS:
        assert f"`{d.form}`" in page
    for port in ("NNW", "ENE", "SSE", "C"):
        assert f"`{port}`" in page
    pictures = [line.split("](", 1)[1].rstrip(")").split(' "')[0] for line in page.splitlines()
                if line.startswith("![")]  # each picture with its title: ![alt](path "title")
    assert len(pictures) >= 2 + 5 + len(found)  # ports, legend, five tile sets, an example a decision
    for name in pictures:
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG")


def test_the_shipped_notation_page_is_the_one_the_command_writes(tmp_path, notation_drawn_once):
    docs = Path(__file__).parent.parent / "docs"
    write_notation(tmp_path, PUZZLES)
    assert (tmp_path / "notation.md").read_text(encoding="utf-8") == (docs / "notation.md").read_text(encoding="utf-8")


def test_the_shipped_notation_notebook_is_the_page_the_kit_makes(notation_drawn_once):
    """The notebook beside the pages holds the notation page's text and every picture it shows, attached to the
    text cell that shows it (no kernel needed): ``tools/store_outputs.py notebooks/notation.ipynb`` writes it."""
    shipped = json.loads((PUZZLES.parent / "notebooks" / notation.NOTEBOOK).read_text(encoding="utf-8"))
    found = examples(PUZZLES)
    made = notation.notation_notebook(found, notation.notation_pictures(found), PUZZLES)
    assert ["".join(c["source"]) for c in shipped["cells"]] == ["".join(c["source"]) for c in made["cells"]]
    for cell in shipped["cells"]:
        cited = set(re.findall(r"\(attachment:([\w.-]+)", "".join(cell["source"])))
        assert cited == set(cell.get("attachments", {}))
        assert all(base64.b64decode(a["image/png"]).startswith(b"\x89PNG") for a in cell.get("attachments", {}).values())
    assert "deploy X,Y PORT" in "".join(shipped["cells"][1]["source"])


def test_the_editor_palette_shows_a_picture_of_every_tile_and_a_click_chooses_it():
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor
    from carcnb.widgets.editor.model import EDIT

    ed = BoardEditor(load(PUZZLES / "base" / "count-straight-road.toml"), mode=EDIT, autosave=False)
    panel = ed.tile_pictures
    assert list(panel.cells) == [e.tile for e in ed.model.palette()]
    picture, label, cell = panel.cells["E"]
    assert bytes(picture.value[:4]) == b"\x89PNG" and "<b>E</b>" in label.value
    panel.choose("E")
    assert ed.model.tile == "E" and ed.palette.value == "E"
    assert cell.layout.border != panel.cells["D"][2].layout.border  # the chosen tile is framed


def test_the_notation_page_is_not_written_over_without_force(tmp_path, capsys, notation_drawn_once):
    assert main(["notation", "-o", str(tmp_path)]) == 0
    page = tmp_path / "notation.md"
    page.write_text("my own notes", encoding="utf-8")
    assert main(["notation", "-o", str(tmp_path)]) == 2
    assert "add --force" in capsys.readouterr().err and page.read_text(encoding="utf-8") == "my own notes"
    assert main(["notation", "-o", str(tmp_path), "--force"]) == 0
    assert page.read_text(encoding="utf-8").startswith("# Reading the notation")


def test_the_puzzle_board_shows_the_header_over_its_board_and_the_tile_in_hand_once(data_folder):
    pytest.importorskip("ipyevents")
    from carcnb.widgets.puzzleboard import PuzzleBoard

    board = PuzzleBoard(str(PUZZLES / "base" / "count-straight-road.toml"))
    geometry = board.view.geometry
    assert geometry.top > 0  # the header: who moves, points, supplies
    assert geometry.picture_width == geometry.width  # the tile in hand is beside it already, not in it
    assert board.hand.box.layout.display is None
    board.close()


def test_a_finished_game_says_so_in_the_header_not_who_would_move(data_folder):
    """Red plays the last tile of a last-turn puzzle on the board: the header says the game is over and who
    won, with the final points, and names nobody to move."""
    from carcnb.telling.render.draw import as_state
    from carcnb.widgets.puzzleboard.model import PuzzleModel

    m = PuzzleModel(PUZZLES / "base" / "last-tile-three-cities-one-gap.toml", seed=1)
    assert m.choose("place 0,1 180") and m.choose("deploy 0,1 NNW"), m.status
    pic = m.picture()
    state = as_state(pic.source)
    assert state.over and pic.decision
    facts = decision_facts(state)
    lines = [" ".join(text for text, _ in line) for line in header_lines(facts)]
    best = max(state.scores.values())
    winners = [c for c, n in state.scores.items() if n == best]
    assert lines[0] == f"game over: {winners[0]} wins" and len(winners) == 1
    assert "to move" not in " ".join(lines) and f"{winners[0]}: {best} points in all" in lines[1]
    assert facts.hand is None
