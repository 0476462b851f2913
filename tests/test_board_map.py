"""The board picture tells the page how it maps to the board: each picture shown comes with its mapping and a
new count, and the pointer's tile is named only once the picture it points at is shown."""
from __future__ import annotations

from carcnb.engine.geometry import PORT_NAMES
from carcnb.widgets.editor import BoardEditor


def test_each_picture_comes_with_its_mapping_and_a_new_count():
    editor = BoardEditor(mode="edit", autosave=False)
    view = editor.view
    g = view.geometry
    first = view.map.mapping
    assert first == {"drawn": first["drawn"], "xmin": g.xmin, "ymax": g.ymax, "tile": g.px_per_tile, "top": g.top,
                     "width": g.picture_width or g.width}
    assert view.map.target in editor.board._dom_classes  # the picture's element is the one the mapping names

    editor.model.select_tile("E")
    editor.handle_event({"type": "click", "dataX": g.to_pixel(0.5, 1.5)[0], "dataY": g.to_pixel(0.5, 1.5)[1]})
    assert view.map.mapping["drawn"] > first["drawn"]
    shown = view.geometry.picture_width or view.geometry.width
    assert view.map.mapping["width"] == shown == int(editor.board.layout.width.removesuffix("px"))


def test_a_puzzle_boards_mapping_counts_the_header_above_the_board():
    """The puzzle board draws a decision picture: a header over the board. A page that clicks a tile must
    start its rows under the header, so the mapping says how many pixels it takes."""
    from pathlib import Path

    from carcnb.widgets.puzzleboard import PuzzleBoard

    board = PuzzleBoard(Path(__file__).resolve().parents[1] / "puzzles/ferries/jetty-trick.toml")
    view = board.view
    g = view.geometry
    assert g.top > 0
    assert view.map.mapping["top"] == g.top
    assert view.map.mapping["width"] == (g.picture_width or g.width)


def test_the_pointer_is_named_after_the_picture_it_points_at_is_shown():
    editor = BoardEditor(mode="edit", autosave=False)
    editor.model.select_tile("E")
    shown = []
    editor.board.observe(lambda _: shown.append("picture"), names="value")
    editor.pointer.observe(lambda _: shown.append("pointer"), names="value")
    g = editor.geometry
    editor.handle_event({"type": "mousemove", "dataX": g.to_pixel(0.5, 1.5)[0], "dataY": g.to_pixel(0.5, 1.5)[1]})
    assert shown == ["picture", "pointer"]
    assert editor.pointer.value == f"0,1 {PORT_NAMES[editor.geometry.port_at(0.5, 0.5)]}"
