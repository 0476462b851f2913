"""The board as text in a terminal: the quiz and the game draw pennants, cloisters, and which fields connect."""
from __future__ import annotations

import io

from conftest import position_from_text

from carcnb.cli import main
from carcnb.cli._textboard import HEIGHT, WIDTH, field_marks, text_board, tile_cell
from carcnb.positions.model import TileLine
from carcnb.puzzles.collection import puzzle_root


def cells(board: str, row: int, columns: int) -> list[list[str]]:
    """The cells of the ``row``-th row of tiles of a text board (from the top), as rows of characters."""
    lines = board.splitlines()[1 + row * HEIGHT:1 + (row + 1) * HEIGHT]
    margin = lines[0].index("+")
    return [[line[margin + c * WIDTH:margin + (c + 1) * WIDTH] for line in lines] for c in range(columns)]


def test_a_pennant_and_a_cloister_are_drawn_on_their_tiles():
    assert "*" in "".join(tile_cell(TileLine(0, 0, "Q", 180)))  # Q's city has a pennant
    plain = "".join(tile_cell(TileLine(0, 0, "R", 0)))  # a city without a pennant
    assert "*" not in plain and "[+]" not in plain
    assert "[+]" in "".join(tile_cell(TileLine(0, 0, "B", 0)))


def test_each_half_edge_shows_its_feature_and_a_field_its_mark():
    cell = tile_cell(TileLine(0, 0, "D", 0))  # city north, road west-east, a field each side of the road
    assert cell[0] == "+#######+"  # the city's edge
    north, south = cell[1][0], cell[3][0]
    assert cell[2][0] == cell[2][-1] == "=" and north != south and north.isdigit() and south.isdigit()
    assert cell[1][-1] == north and cell[3][-1] == south and set(cell[4][1:-1]) == {south}


def test_fields_joined_across_tiles_share_a_mark_and_fields_kept_apart_do_not():
    """D at 0,0 and U turned 90 at 1,0 carry one road: the fields north of it are one, those south of it
    another; E at 3,0 touches neither."""
    p = position_from_text("0,0 D 0\n1,0 U 90\n3,0 E 0")
    marks = field_marks(p)
    d, u = cells(text_board(p), 0, 4)[:2]
    assert d[1][-1] == u[1][0] != d[3][-1]  # north of the road: one field over both tiles
    assert d[3][-1] == u[3][0] == u[4][4]
    e_field = marks[(3, 0), 1]
    assert e_field not in {marks[(0, 0), 2], marks[(0, 0), 3]}
    assert len(set(marks.values())) == 3


def test_the_quiz_draws_the_board_with_its_pennants_cloisters_and_fields(capsys, monkeypatch, tmp_path):
    puzzle = puzzle_root() / "base" / "cloisters-complete-and-incomplete.toml"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["quiz", str(puzzle), "--picture-dir", str(tmp_path), "--board", "text"]) == 0
    out = capsys.readouterr().out
    assert out.count("[+]") >= 2 and "fields (one mark, one field" in out
