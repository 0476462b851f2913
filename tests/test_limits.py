"""Limits instead of hangs: an answer's length and digits, a search's positions and memory, a picture's pixels.
Each limit is enforced with a message that says what to change, never by a timing."""
from __future__ import annotations

import io
import shutil
import tempfile
import warnings
from pathlib import Path

import pytest

from carcnb.cli import main
from carcnb.engine.errors import SearchLimitError
from carcnb.positions.dump import save
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.search import budget as budget_module
from carcnb.search.questions import reading_of
from carcnb.search.budget import DEFAULT_MAX_NODES, search_budget
from carcnb.search.solve import Solver, solve
from carcnb.telling.render import PictureScaled, render_png
from carcnb.telling.render import export
from carcnb.telling.render.export import MAX_PIXELS, fitted_px
from carcnb.telling.render.result import result_png
from carcnb.telling.verdict import check_answer, reveal
from carcnb.widgets.puzzleboard.model import PuzzleModel

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
FINAL = PUZZLES / "base/road-loop.toml"
COUNT = PUZZLES / "disasters/count-beside-the-meteor.toml"
BEST = PUZZLES / "disasters/meteor-point-beside.toml"
# one reading of a puzzle asked under each, saved as a puzzle of its own: about 4000 positions to search
TORNADO = Path(tempfile.mkdtemp(prefix="carcnb-limits-")) / "tornado-over-empty-yes.toml"
save(reading_of(load(PUZZLES / "disasters/tornado-over-empty.toml"), "yes"), TORNADO)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# ----- answers ---------------------------------------------------------------------------------------------
def test_an_answer_longer_than_ten_thousand_characters_is_refused_unread(capsys):
    padded = "red=46 blue=45 green=45".ljust(10_001)
    code, _, err = run(capsys, "quiz", FINAL, "--answer", padded)
    assert code == 2
    assert "the answer is 10001 characters long: at most 10000 are read" in err
    assert str(FINAL) in err


@pytest.mark.parametrize("path, answer", [
    (FINAL, "red=" + "9" * 5000 + " blue=45 green=45"),
    (COUNT, "7" * 5000),
    (BEST, "meteor 3," + "1" * 5000),
])
def test_a_number_of_thousands_of_digits_is_refused_without_echoing_it(capsys, path, answer):
    code, _, err = run(capsys, "quiz", path, "--answer", answer)
    assert code == 2
    assert "has 5000 digits: at most 6 are read" in err
    assert len(err) < 600  # the message quotes the number cut short


def test_the_puzzle_board_refuses_a_total_of_thousands_of_digits_in_its_status():
    model = PuzzleModel(FINAL)
    assert model.check({"red": "9" * 5000, "blue": "45", "green": "45"}) is None
    assert model.status == "red's total: '9999999999999999999999999999999999999...' has 5000 digits: at most 6 are read"


# ----- searches --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [
    ["solve"], ["check"], ["grade"], ["readings"], ["post", "-o", "{tmp}"],
    ["quiz", "--answer", "tornado 1,1; tornado 2,1"], ["render", "-o", "{tmp}/c.png", "--compare", "tornado.steps"],
])
def test_every_searching_command_stops_at_max_nodes_saying_what_to_simplify(capsys, tmp_path, command):
    puzzle = shutil.copy(TORNADO, tmp_path / TORNADO.name)  # grade writes into the file
    argv = [command[0], puzzle, *(a.replace("{tmp}", str(tmp_path)) for a in command[1:]), "--max-nodes", "1000"]
    code, out, err = run(capsys, *argv)
    said = out + err
    assert code in (1, 2), said  # check and grade list the file as failed (1), the others stop (2)
    assert "the search stopped after 1000 positions, its limit" in said
    assert "simplify the position" in said and "--max-nodes" in said
    assert str(puzzle) in said


def test_a_search_has_the_default_budget_unless_a_command_sets_another():
    state = state_from_position(load(TORNADO))
    assert Solver(state).node_limit == DEFAULT_MAX_NODES
    with search_budget(1000):
        assert Solver(state).node_limit == 1000
        assert Solver(state, 50).node_limit == 50
        with pytest.raises(SearchLimitError, match="stopped after 1000 positions"):
            check_answer(load(TORNADO), "tornado 1,1; tornado 2,1")
    assert Solver(state).node_limit == DEFAULT_MAX_NODES


def test_a_search_that_outgrows_its_memory_stops_and_says_more_positions_would_not_help(monkeypatch):
    monkeypatch.setattr(budget_module, "SEARCH_MEMORY", -(1 << 40))  # any memory at all is too much
    state = state_from_position(load(TORNADO))
    before = len(state.history)
    with pytest.raises(SearchLimitError, match="a higher --max-nodes will not help"):
        solve(state)
    assert len(state.history) == before


def test_the_puzzle_board_shows_a_search_limit_in_its_status_instead_of_raising():
    with search_budget(100):
        model = PuzzleModel(TORNADO)
        assert model.reveal() is None
        assert "the search stopped after 100 positions" in model.status
        assert model.hint() is None
        assert "simplify the position" in model.status


# ----- pictures --------------------------------------------------------------------------------------------
# The pictures below are capped at a tenth of the pixels a picture may have: the cap's arithmetic is the same, and
# drawing forty million pixels a test took seconds.
FEWER_PIXELS = MAX_PIXELS // 10
FAR = """format = "carcnb/1"
players = ["red", "blue"]
board = \"\"\"
0,0 D 0
196,196 B 0
\"\"\"
"""


def test_a_picture_too_large_for_its_pixels_per_tile_is_drawn_smaller_and_says_so(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(export, "MAX_PIXELS", FEWER_PIXELS)
    far = tmp_path / "far.toml"
    far.write_text(FAR, encoding="utf-8")
    code, _, err = run(capsys, "render", far, "-o", tmp_path / "far.png", "--px", "160")
    assert code == 0
    assert "drawn at 10 pixels per tile, not 160: the board spans 199 by 199 tiles" in err
    assert "a picture has at most 4 million; check the tiles' coordinates, or ask for fewer pixels per tile (--px)" \
        in err
    from PIL import Image

    with Image.open(tmp_path / "far.png") as im:
        assert im.width * im.height <= FEWER_PIXELS


def test_render_png_warns_when_it_draws_smaller_and_maps_the_pixels_it_drew(tmp_path, monkeypatch):
    monkeypatch.setattr(export, "MAX_PIXELS", FEWER_PIXELS)
    far = tmp_path / "far.toml"
    far.write_text(FAR, encoding="utf-8")
    with pytest.warns(PictureScaled, match="drawn at 10 pixels per tile"):
        _, geometry = render_png(load(far), px_per_tile=160, coords=False)
    assert geometry.width * geometry.height <= FEWER_PIXELS
    assert geometry.to_board(10.5, geometry.height - 10.5)[:2] == (0, 0)


def test_the_result_picture_is_capped_in_pixels_too(monkeypatch):
    monkeypatch.setattr(export, "MAX_PIXELS", FEWER_PIXELS)
    told = reveal(load(BEST)).told  # 7 by 4 tiles with the margin
    with pytest.warns(PictureScaled, match="drawn at 377 pixels per tile, not 3000"):
        png = result_png(told, px_per_tile=3000)
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        assert im.width * im.height <= FEWER_PIXELS


def test_side_by_side_panels_share_the_pixels_of_one_picture():
    with pytest.warns(PictureScaled, match="in each of 3 panels"):
        px = fitted_px(160, 100, 100, panels=3)
    assert 3 * (100 * px) ** 2 <= MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fitted_px(80, 20, 10, panels=3) == 80
