"""The matplotlib renderer: every tile draws, geometry is where the docs say, exports are valid files."""
from __future__ import annotations

import io
import subprocess
import sys

import numpy as np
import pytest
from conftest import position_from_text, state_from_text
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from PIL import Image

from carcnb.engine.actions import parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_INDEX, PORT_NAMES, ROTATIONS, rotate_port
from carcnb.engine.state import Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import problems, state_from_position
from carcnb.positions.model import Position, TileLine
from carcnb.telling.render import (BoardGeometry, draw_board, png_bytes, port_at, port_point, render_png, save_picture,
                                   style, svg_text)
from carcnb.telling.render.alone import COLUMNS, tile_pictures
from carcnb.telling.render.masks import RES, segment_labels
from carcnb.telling.render.tileart import tile_art


def board_state(*tiles: tuple[str, int, int, int]) -> GameState:
    """A state whose board holds just these (tile, x, y, rot), put down without rule checks."""
    state = GameState(Game(players=("red", "blue")), empty=True)
    for tid, x, y, rot in tiles:
        state.board.put((x, y), catalogue()[tid], rot)
    return state


def lone_tile(tid: str, rot: int = 0) -> GameState:
    return board_state((tid, 0, 0, rot))


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def colour_at(png: bytes, geometry: BoardGeometry, bx: float, by: float) -> np.ndarray:
    px, py = geometry.to_pixel(bx, by)
    return pixels(png)[int(py), int(px)]


def tile_pixels(png: bytes, geometry: BoardGeometry, x: int, y: int) -> np.ndarray:
    """The pixels of the square of tile (x, y)."""
    left, top = (round(v) for v in geometry.to_pixel(x, y + 1))
    right, bottom = (round(v) for v in geometry.to_pixel(x + 1, y))
    return pixels(png)[top:bottom, left:right]


def close_to(rgb: np.ndarray, colour: str, tolerance: int = 6) -> bool:
    want = np.array([round(255 * c) for c in to_rgb(colour)])
    return bool(np.abs(rgb - want).max() <= tolerance)


# ----- every tile draws ------------------------------------------------------------------------------------
@pytest.mark.parametrize("tid", catalogue().ids())
def test_every_tile_draws_at_every_rotation(tid):
    fig = Figure(figsize=(4, 1), dpi=50)
    for i, rot in enumerate(ROTATIONS):
        ax = fig.add_axes((i / 4, 0, 0.25, 1))
        artists = draw_board(ax, lone_tile(tid, rot), extent=(0, 1, 0, 1))
        assert artists, f"{tid} at {rot} drew nothing"
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    image = np.asarray(canvas.buffer_rgba())[..., :3].astype(int)
    background = np.array([round(255 * c) for c in to_rgb(style.BACKGROUND)])
    for i in range(4):
        quarter = image[:, i * 50:(i + 1) * 50]
        assert np.abs(quarter - background).max(axis=2).mean() > 10, f"{tid} at {ROTATIONS[i]} is blank"


def test_tiles_drawn_together_are_each_the_tile_drawn_alone():
    """The palette draws its tiles in one picture and cuts it apart: each cut is the tile's picture drawn on its
    own, on every row of the shared picture."""
    tiles = [(tid, rot) for tid, rot in zip(catalogue().ids()[:COLUMNS + 3], [0, 90, 180, 270] * 4)]
    cut = tile_pictures(tiles, 40)
    assert list(cut) == tiles
    for tid, rot in tiles:
        alone, _ = render_png(Position(players=("red", "blue"), board=(TileLine(0, 0, tid, rot),)), px_per_tile=40,
                              extent=(0, 1, 0, 1), coords=False)
        with Image.open(io.BytesIO(cut[(tid, rot)])) as a, Image.open(io.BytesIO(alone)) as b:
            assert a.size == b.size == (40, 40)
            differ = np.abs(np.asarray(a.convert("RGBA"), dtype=int) - np.asarray(b.convert("RGBA"), dtype=int))
            assert differ.max() <= 2, (tid, rot)  # the smoothing of an edge may round the other way


# ----- where followers stand -------------------------------------------------------------------------------
def test_port_points_follow_the_documented_layout():
    assert port_point("C", 2, 3) == (2.5, 3.5)
    assert port_point("N") == pytest.approx((0.5, 0.86))
    assert port_point("E", -1, 0) == pytest.approx((-0.14, 0.5))
    assert port_point("NNW") == pytest.approx((0.25, 0.88))
    assert port_point("NNE") == pytest.approx((0.75, 0.88))
    assert port_point("ESE") == pytest.approx((0.88, 0.25))
    assert port_point(PORT_INDEX["WSW"]) == port_point("WSW")


@pytest.mark.parametrize("name", PORT_NAMES)
def test_port_points_turn_with_the_tile(name):
    """Turning a port clockwise moves its point a quarter turn clockwise round the tile centre."""
    port = PORT_INDEX[name]
    fx, fy = port_point(port)
    tx, ty = port_point(rotate_port(port, 90))
    assert (tx - 0.5, ty - 0.5) == pytest.approx((fy - 0.5, -(fx - 0.5)))


def test_port_at_finds_the_port_under_a_point():
    assert PORT_NAMES[port_at(0.5, 0.97)] == "N"
    assert PORT_NAMES[port_at(0.5, 0.5)] == "C"
    assert PORT_NAMES[port_at(0.03, 0.5)] == "W"
    assert PORT_NAMES[port_at(0.8, 0.95)] == "NNE"
    assert PORT_NAMES[port_at(0.97, 0.2)] == "ESE"
    for port in range(13):
        assert port_at(*port_point(port)) == port


def _pixel_label(labels: np.ndarray, fx: float, fy: float) -> int:
    return int(labels[min(RES - 1, int((1 - fy) * RES)), min(RES - 1, int(fx * RES))])


@pytest.mark.parametrize("tid", catalogue().ids())
def test_a_follower_stands_on_its_own_feature(tid):
    """The point where a follower on a segment is drawn (its anchor port) lies inside that segment's
    shape in the picture, at every rotation."""
    tile = catalogue()[tid]
    for rot in ROTATIONS:
        labels = segment_labels(tile, rot)
        for i, seg in enumerate(tile.at(rot).segments):
            if seg.kind != "river":
                assert _pixel_label(labels, *port_point(seg.anchor)) == i, (tid, rot, seg.kind)


def _components(free: np.ndarray) -> np.ndarray:
    """Connected regions of ``free`` pixels (4-neighbourhood), as the smallest pixel number in each."""
    big = free.size
    ids = np.full((RES + 2, RES + 2), big)
    ids[1:-1, 1:-1] = np.where(free, np.arange(big).reshape(free.shape), big)
    inner = ids[1:-1, 1:-1]
    while True:
        low = np.minimum(np.minimum(ids[:-2, 1:-1], ids[2:, 1:-1]), np.minimum(ids[1:-1, :-2], ids[1:-1, 2:]))
        new = np.where(free, np.minimum(inner, low), big)
        if np.array_equal(new, inner):
            return inner.copy()
        inner[...] = new


@pytest.mark.parametrize("tid", [t.id for t in catalogue().tiles.values() if t.has_edges])
def test_drawn_fields_are_the_catalogue_fields(tid):
    """Each field of the catalogue is one region of the picture, cut off from the tile's other fields by
    roads, rivers, cities and centre pieces, so highlights and pictures agree with the data."""
    tile = catalogue()[tid]
    segments = tile.at(0).segments
    labels = segment_labels(tile, 0)
    fields = [i for i, s in enumerate(segments) if s.kind == "field"]
    regions = _components(np.isin(labels, fields))
    for i in fields:
        assert (labels == i).any(), f"{tid}: field {i} has no pixels"
        assert len(np.unique(regions[labels == i])) == 1, f"{tid}: field {i} is in pieces"
    for i in fields:
        for j in fields:
            if i < j:
                assert regions[labels == i][0] != regions[labels == j][0], f"{tid}: fields {i} and {j} touch"


# ----- pixels -------------------------------------------------------------------------------------------
def test_a_city_tile_is_city_coloured_and_a_field_half_is_green():
    png_c, geo_c = render_png(lone_tile("C"), margin=0, coords=False)
    assert (geo_c.width, geo_c.height) == (80, 80)
    for fx, fy in ((0.5, 0.25), (0.1, 0.1), (0.9, 0.3), (0.3, 0.95)):  # the pennant is in the middle
        assert close_to(colour_at(png_c, geo_c, fx, fy), style.CITY), (fx, fy)
    png_e, geo_e = render_png(lone_tile("E"), margin=0, coords=False)
    assert close_to(colour_at(png_e, geo_e, 0.5, 0.9), style.CITY)
    for fx, fy in ((0.5, 0.4), (0.2, 0.2), (0.8, 0.1), (0.5, 0.1)):
        assert close_to(colour_at(png_e, geo_e, fx, fy), style.FIELD), (fx, fy)
    # turned half a turn, E has its city in the south
    png_e2, geo_e2 = render_png(lone_tile("E", 180), margin=0, coords=False)
    assert close_to(colour_at(png_e2, geo_e2, 0.5, 0.1), style.CITY)
    assert close_to(colour_at(png_e2, geo_e2, 0.5, 0.9), style.FIELD)


def test_roads_rivers_and_special_tiles_have_their_colours():
    png, geo = render_png(lone_tile("U", 90), margin=0, coords=False)  # road west-east
    assert close_to(colour_at(png, geo, 0.2, 0.5), style.ROAD)
    assert close_to(colour_at(png, geo, 0.5, 0.2), style.FIELD)
    png, geo = render_png(lone_tile("R7"), margin=0, coords=False)  # river north-south
    assert close_to(colour_at(png, geo, 0.5, 0.2), style.RIVER)
    png, geo = render_png(lone_tile("FC"), margin=0, coords=False)  # a ferry lake in the middle
    assert close_to(colour_at(png, geo, 0.4, 0.6), style.RIVER)
    png, geo = render_png(lone_tile("MT"), margin=0, coords=False)
    assert close_to(colour_at(png, geo, 0.05, 0.5), style.CRATER)
    png, geo = render_png(lone_tile("FL"), margin=0, coords=False)
    assert close_to(colour_at(png, geo, 0.05, 0.5), style.WATER)


def test_followers_stand_at_their_port_in_the_player_colour():
    state = state_from_text("0,0 D 0 red@N\n1,0 U 90 blue@NNE\n0,-1 B 0 green@C", players=["red", "blue", "green"])
    png, geo = render_png(state, px_per_tile=160)
    reach = 0.42 * style.MEEPLE_SIZE  # from a meeple's middle: inside its head, or between its legs

    def is_(colour: str, x: float, y: float) -> bool:
        return close_to(colour_at(png, geo, x, y), style.PLAYER[colour], 12)

    cx, cy = port_point("N", 0, 0)  # a knight stands: head up, legs down
    assert is_("red", cx, cy) and is_("red", cx, cy + reach) and not is_("red", cx, cy - reach)
    # a farmer lies: head to one side, legs to the other; it stands at its field's anchor port (NNW here)
    anchor = state.board.segment(state.board.node_at((1, 0), PORT_INDEX["NNE"])).anchor
    assert PORT_NAMES[anchor] == "NNW"
    cx, cy = port_point(anchor, 1, 0)
    assert is_("blue", cx, cy)
    assert is_("blue", cx - reach, cy) != is_("blue", cx + reach, cy)
    monk = tile_art(catalogue()["B"], 0).marks[0]  # a monk stands beside its cloister's house
    assert is_("green", monk[0], monk[1] - 1) and not is_("green", *port_point("C", 0, -1))


def test_highlight_tints_the_feature_on_every_tile_it_spans():
    state = state_from_text("0,0 D 0\n0,1 E 180\n1,0 U 90")
    plain, geo = render_png(state)
    lit, geo2 = render_png(state, highlight=((0, 0), 0))  # D's city, closed by E
    assert geo == geo2
    assert not close_to(colour_at(lit, geo, 0.5, 0.93), style.CITY, 20)  # the city on D
    assert not close_to(colour_at(lit, geo, 0.5, 1.07), style.CITY, 20)  # and on E
    assert close_to(colour_at(lit, geo, 0.5, 0.3), style.FIELD)  # D's south field is not lit
    assert np.array_equal(colour_at(plain, geo, 1.5, 0.2), colour_at(lit, geo, 1.5, 0.2))  # nor is U
    feature = state.board.feature(((1, 0), 0))  # the road through D and U, as a Feature
    lit_road, _ = render_png(state, highlight=feature)
    assert not close_to(colour_at(lit_road, geo, 1.3, 0.5), style.ROAD, 20)


def test_legal_marks_and_preview_widen_the_view_and_draw():
    state = state_from_text("0,0 D 0", hand="E")
    legal = [(x, y, r) for x, y, r in state.board.placements(catalogue()["E"])]
    png, geo = render_png(state, legal=True)
    assert sorted({(x, y) for x, y, _ in legal}) == [(0, -1), (0, 1)]
    assert (geo.xmin, geo.xmax, geo.ymin, geo.ymax) == (-1, 2, -2, 3)
    spot = colour_at(png, geo, 0.5, -0.5)  # the empty spot south of D is marked
    assert not close_to(spot, style.BACKGROUND)
    png_list, _ = render_png(state, legal=legal)
    assert np.array_equal(pixels(png), pixels(png_list))
    png_p, geo_p = render_png(state, preview=("C", 3, 0, 0))
    assert geo_p.xmax == 5
    assert not close_to(colour_at(png_p, geo_p, 3.5, 0.5), style.BACKGROUND)


def test_rule_tokens_draw_when_present_and_are_skipped_when_absent():
    state = board_state(("R1", 0, 0, 0), ("FL", 0, -1, 0), ("TO1", 1, -1, 0), ("E", 1, 0, 90))
    before, geo = render_png(state, margin=2)
    state.ext["flood_spread"] = True
    state.ext["quake_cities"] = (((1, 0), 0),)
    state.ext["tornado"] = (1, -1)
    state.ext["tornado_path"] = ((1, -1), (2, -1), (2, -2))
    after, geo2 = render_png(state, margin=2)
    assert geo == geo2
    assert not close_to(colour_at(after, geo, -0.5, -1.5), style.BACKGROUND)  # the flood cut-out
    assert close_to(colour_at(before, geo, -0.5, -1.5), style.BACKGROUND)
    assert not np.array_equal(tile_pixels(before, geo, 2, -2), tile_pixels(after, geo, 2, -2))  # the path


def test_position_tokens_are_drawn_without_rule_modules():
    plain, geo = render_png(position_from_text("0,0 R1 0\n0,-1 FL 0"))  # problems: sets not enabled
    p = position_from_text("0,0 R1 0\n0,-1 FL 0 tornado", flood={"spread": True})
    png, geo2 = render_png(p)
    assert geo == geo2
    assert close_to(colour_at(plain, geo, -0.5, -1.5), style.BACKGROUND)
    assert not close_to(colour_at(png, geo, -0.5, -1.5), style.BACKGROUND)  # the flood cut-out
    assert not np.array_equal(colour_at(plain, geo, 0.5, -0.5), colour_at(png, geo, 0.5, -0.5))  # tornado


def test_coordinates_are_labelled_by_default_and_can_be_hidden():
    state = state_from_text("0,0 D 0")
    labelled, geo = render_png(state)
    plain, _ = render_png(state, coords=False)
    # column 0's number under the board, row 0's at the left edge: both in the empty margin
    for x, y in ((0, -1), (-1, 0)):
        assert not np.array_equal(tile_pixels(labelled, geo, x, y), tile_pixels(plain, geo, x, y))
        assert close_to(tile_pixels(plain, geo, x, y)[8:-8, 8:-8].reshape(-1, 3).max(axis=0), style.BACKGROUND)
    assert np.array_equal(tile_pixels(labelled, geo, 0, 0), tile_pixels(plain, geo, 0, 0))  # the tile itself


# ----- pixels to board -----------------------------------------------------------------------------------
def test_board_geometry_round_trips_tile_centres():
    state = state_from_text("0,0 D 0\n1,0 U 90\n1,1 E 180\n-1,0 V 270", allow_problems=True)
    png, geo = render_png(state, px_per_tile=64)
    image = pixels(png)
    assert image.shape[:2] == (geo.height, geo.width)
    assert (geo.width, geo.height) == ((3 + 2) * 64, (2 + 2) * 64)
    for x in range(int(geo.xmin), int(geo.xmax)):
        for y in range(int(geo.ymin), int(geo.ymax)):
            px, py = geo.to_pixel(x + 0.5, y + 0.5)
            assert geo.to_board(px, py) == pytest.approx((x, y, 0.5, 0.5))
            assert geo.to_board(int(px) + 0.5, int(py) + 0.5)[:2] == (x, y)
    assert geo.to_board(-1, 5) is None
    assert geo.to_board(geo.width, 5) is None
    assert geo.to_board(5, geo.height) is None


def test_board_geometry_finds_the_port_under_a_click():
    png, geo = render_png(state_from_text("0,0 D 0"), margin=1, px_per_tile=100)
    px, py = geo.to_pixel(0.5, 0.97)  # near the top edge centre of tile 0,0
    x, y, fx, fy = geo.to_board(px, py)
    assert (x, y) == (0, 0) and PORT_NAMES[geo.port_at(fx, fy)] == "N"
    x, y, fx, fy = geo.to_board(*geo.to_pixel(0.5, 0.5))
    assert PORT_NAMES[geo.port_at(fx, fy)] == "C"


def test_extent_fixes_the_view():
    png, geo = render_png(state_from_text("0,0 D 0"), extent=(-3, 3, -2, 2), px_per_tile=50)
    assert (geo.width, geo.height) == (300, 200)
    assert geo.to_board(0.5, 0.5)[:2] == (-3, 1)
    with pytest.raises(CarcnbError, match="extent"):
        render_png(state_from_text("0,0 D 0"), extent=(1, 1, 0, 2))


# ----- files -------------------------------------------------------------------------------------------------
def test_save_picture_writes_png_and_svg(tmp_path):
    p = position_from_text("0,0 D 0 red@N\n0,1 E 180")
    save_picture(p, tmp_path / "board.png")
    data = (tmp_path / "board.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(data)).size == (3 * 80, 4 * 80)
    save_picture(p, tmp_path / "board.SVG")
    text = (tmp_path / "board.SVG").read_text(encoding="utf-8")
    assert text.lstrip().startswith(("<?xml", "<svg")) and "</svg>" in text
    assert svg_text(p).lstrip().startswith(("<?xml", "<svg"))


@pytest.mark.parametrize("name", ["board.jpg", "board", "board.png.txt"])
def test_save_picture_refuses_other_suffixes(tmp_path, name):
    with pytest.raises(CarcnbError, match=r"'\.jpg'|'\.txt'|without suffix"):
        save_picture(position_from_text("0,0 D 0"), tmp_path / name)
    assert not (tmp_path / name).exists()


def test_a_position_with_problems_still_draws():
    p = position_from_text("0,0 D 0\n1,0 C 0 red@N blue@E\n0,1 U 0", sets=[])
    assert problems(p), "the board should break a rule"
    png, geo = render_png(p)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and geo.width == 4 * 80
    assert close_to(colour_at(png, geo, 1.5, 0.2), style.CITY)
    assert draw_board(Figure().add_subplot(), p)


def test_notebooks_show_positions_and_states_as_png():
    p = position_from_text("0,0 D 0")
    assert p._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    state = state_from_position(p, seed=1)
    state.apply(parse_action("draw E"))
    assert state._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png_bytes(state) == state._repr_png_()


def test_drawing_twice_gives_the_same_picture():
    state = state_from_text("0,0 D 0 red@N\n1,0 U 90")
    first, _ = render_png(state, highlight=((0, 0), 0), coords=True)
    render_png(state_from_text("0,0 C 0"))  # a render between must leave nothing behind
    again, _ = render_png(state, highlight=((0, 0), 0), coords=True)
    assert np.array_equal(pixels(first), pixels(again))


def test_the_engine_does_not_import_matplotlib():
    code = ("import sys, carcnb.engine.state, carcnb.positions.parse, carcnb.positions.game_io, carcnb.cli; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_bad_input_is_refused_with_a_carcnb_error():
    state = state_from_text("0,0 D 0")
    with pytest.raises(CarcnbError, match="no tile at 3,3"):
        render_png(state, highlight=((3, 3), 0))
    with pytest.raises(CarcnbError, match="segment 9"):
        render_png(state, highlight=((0, 0), 9))
    with pytest.raises(CarcnbError, match="'str'"):
        png_bytes("0,0 D 0")
    with pytest.raises(CarcnbError, match="cannot preview"):
        render_png(state, preview=("Q9", 1, 0, 0))
