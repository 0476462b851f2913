"""Pictures that carry the argument: coordinates, captions, the legend, shading of flooded features and of the
cities the earthquake destroys, the meteor's aims in order, the tornado's path and load, ferries and crop
circles that read at 80 px a tile, and ruling comparisons whose pictures always differ."""
from __future__ import annotations

import io

import numpy as np
import pytest
from conftest import RIVER as WHOLE_RIVER
from conftest import act, position_from_text, position_text, state_from_text
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.text import Text
from PIL import Image
from test_render import close_to, lone_tile, pixels, tile_pixels

from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.positions.game_io import state_from_position
from carcnb.telling.render import compare_png, draw_board, legend_png, png_bytes, render_png, ruling_panels, style
from carcnb.telling.render.compare import merged_panels
from carcnb.telling.render.draw import step_plan
from carcnb.telling.render.glyphs import text_width, wrap
from carcnb.telling.render.legend import BY_KEY, ENTRIES, PAD, PITCH, entries_for, legend_size

RIVER = WHOLE_RIVER.replace("2,-4  R4  0\n", "")  # the whole River but 2,-4, where FL or R4 goes
FLOOD_AREA = "2,-3 G 0 red@N\n2,-2 E 180\n2,-5 U 0 blue@N\n2,-6 A 180 blue@C\n"

QUAKE = "0,0 D 0 quake@N red@E\n0,-1 EQ 180 quake@S red@S\n1,-1 E 0 blue@N"  # blue's city: token only at the end

METEOR_ROAD = "-1,0 A 270\n0,0 D 0 red@E\n1,0 U 90\n2,0 U 90\n3,0 U 90\n1,1 B 0\n2,1 B 0\n3,1 B 0"

TORNADO = "0,0 D 0\n1,0 K 0 blue@N\n1,1 F 270 red@N\n2,1 E 0"


def share_of(png: bytes, geometry, x: int, y: int, colour: str) -> float:
    """The share of the pixels of tile (x, y) that have ``colour``."""
    tile = tile_pixels(png, geometry, x, y)
    want = np.array([round(255 * c) for c in to_rgba(colour)[:3]])
    return float((np.abs(tile - want).max(axis=2) <= 6).mean())


def collections_of(artists: list, colour) -> list[PolyCollection]:
    want = np.array(to_rgba(colour))
    return [a for a in artists if isinstance(a, PolyCollection) and len(a.get_facecolor())
            and np.allclose(a.get_facecolor()[0], want, atol=0.01)]


# ----- coordinates and captions ----------------------------------------------------------------------------
def test_notebook_pictures_show_coordinates():
    p = position_from_text("0,0 D 0")
    assert png_bytes(p) == p._repr_png_() == render_png(p, coords=True)[0]
    assert p._repr_png_() != render_png(p, coords=False)[0]


def test_coordinate_labels_stay_readable_on_small_tiles():
    """A digit is at least 10 px tall even at 32 px a tile (the editor's smallest), and fits its column."""
    state = state_from_text("0,0 D 0\n1,0 U 90")
    small, geo = render_png(state, px_per_tile=32)
    plain, _ = render_png(state, coords=False, px_per_tile=32)
    changed = np.abs(pixels(small) - pixels(plain)).max(axis=2) > 40
    rows = np.flatnonzero(changed[:, geo.width // 2 - 16:geo.width // 2 + 16].any(axis=1))  # column 0's label
    assert rows.size and rows.max() - rows.min() + 1 >= 10
    assert not changed[:int(geo.to_pixel(0, 1)[1]), int(geo.to_pixel(0, 0)[0]):].any()  # nothing on the board's top


def test_caption_is_written_under_the_board_and_wrapped_to_its_width():
    state = state_from_text("0,0 D 0")
    caption = "the road ends at the meteor: 3 tiles, 3 points, and the city beside it is flooded for good"
    png, geo = render_png(state, caption=caption)
    image = pixels(png)
    assert image.shape[1] == geo.width and image.shape[0] > geo.height + 2 * 13  # wrapped: more than one line
    below = image[geo.height:]
    assert (np.abs(below - image[geo.height, 0]).max(axis=2) > 100).any()  # dark text under the board
    assert np.array_equal(image[:geo.height], pixels(render_png(state)[0]))  # the board is where it was
    texts = [a.get_text() for a in draw_board(Figure().add_subplot(), state, caption=caption) if isinstance(a, Text)]
    assert caption in texts


def test_wrap_breaks_at_spaces_within_the_width():
    lines = wrap("a short caption that has to go on three lines or more", 10)
    assert len(lines) >= 3 and " ".join(lines) == "a short caption that has to go on three lines or more"
    assert all(text_width(line) <= 10 for line in lines)
    assert wrap("one\ntwo", 100) == ["one", "two"]


# ----- the legend ----------------------------------------------------------------------------------------------
def test_the_legend_has_every_entry():
    required = {"follower", "farmer", "builder", "pig", "quake", "tornado", "flood", "flooded", "destroyed",
                "meteor", "ferry", "crop", "legal", "differs"}
    assert required <= {e.key for e in ENTRIES}
    image = pixels(legend_png(columns=2))
    size = legend_size(ENTRIES, 80, columns=2)
    assert image.shape[:2] == (size.height, size.width)
    background = np.array([round(255 * c) for c in to_rgba(style.BACKGROUND)[:3]])
    u = size.unit
    for k, entry in enumerate(ENTRIES):  # each entry: its swatch, and its label beside it
        col, row = divmod(k, size.rows)
        left, top = round((PAD + col * size.column_width) * u), round((PAD + row * PITCH) * u)
        swatch = image[top:top + round(u), left:left + round(u)]
        label = image[top:top + round(u), left + round((1 + PAD) * u):left + round((1 + PAD) * u + text_width(entry.label) * size.font)]
        for part in (swatch, label):
            assert (np.abs(part - background).max(axis=2) > 60).mean() > 0.02, entry.key
    with pytest.raises(CarcnbError, match="unknown legend entries"):
        legend_png(keys=["dragon"])


def test_a_legend_beside_the_board_names_only_what_the_board_shows():
    base = state_from_text("0,0 D 0 red@E")
    assert [e.key for e in entries_for(base)] == ["follower"]  # a thief: no farmer on this board
    assert [e.key for e in entries_for(state_from_text("0,0 D 0 red@SSE"))] == ["farmer"]
    disasters = state_from_text("0,0 D 0 red:builder@E", sets=["disasters"])
    assert [e.key for e in entries_for(disasters, legal=True)] == ["builder", "legal"]  # no disaster on it
    png, geo = render_png(disasters, legend=True)
    width = Image.open(io.BytesIO(png)).width
    assert width > geo.width and np.array_equal(pixels(png)[:geo.height, :geo.width],
                                                pixels(render_png(disasters)[0]))
    assert BY_KEY["crop"] in entries_for(state_from_text("0,0 CR1 0", sets=["cropcircles"]))
    marked = state_from_text("0,0 R1 0\n0,-1 FL 0\n1,0 E 90 blue@E", sets=["river", "disasters"],
                             flood={"spread": True}, hand="TO1")
    assert [e.key for e in entries_for(marked)] == ["follower", "flood", "flooded", "tornado"]  # TO1 in hand


def test_a_legend_adds_no_more_than_the_board_needs():
    # one follower on a small board of every set: the legend is one entry, not the key to every mark
    state = state_from_text("0,0 D 0 red@E\n1,0 U 90", sets=["river", "disasters", "ferries", "cropcircles"])
    plain, geo = render_png(state)
    keyed = Image.open(io.BytesIO(render_png(state, legend=True)[0]))
    assert keyed.height == Image.open(io.BytesIO(plain)).height
    assert keyed.width - geo.width == legend_size([BY_KEY["follower"]], 80, columns=1).width
    bare = state_from_text("0,0 D 0")  # nothing to explain: no legend at all
    assert render_png(bare, legend=True)[0] == render_png(bare)[0]


# ----- what the rules did to features --------------------------------------------------------------------------
def test_features_touching_the_flood_are_shaded():
    flooded = position_from_text(RIVER + "2,-4 FL 0\n" + FLOOD_AREA, sets=["river", "disasters"], to_move="blue",
                                 flood={"spread": False, "by": "red"})
    dry = position_from_text(RIVER + "2,-4 R4 0\n" + FLOOD_AREA, sets=["river", "disasters"], to_move="blue")
    png, geo = render_png(flooded, coords=False)
    plain, _ = render_png(dry, coords=False)
    city = state_from_position(flooded).board.feature(((2, -3), 0))
    assert city.kind == "city" and city.flooded  # the engine says so; the picture shows it
    assert share_of(plain, geo, 2, -3, style.CITY) > 0.3  # red's city G, ending at the river tile
    assert share_of(png, geo, 2, -3, style.CITY) < 0.02  # ... ending at FL: never completable
    assert share_of(plain, geo, 2, -5, style.ROAD) > 0.05  # blue's road U
    assert share_of(png, geo, 2, -5, style.ROAD) < 0.01
    assert np.array_equal(tile_pixels(png, geo, 4, -5), tile_pixels(plain, geo, 4, -5))  # the river is not


def test_cities_the_earthquake_destroys_are_shaded():
    p = position_from_text(QUAKE, sets=["disasters"], rulings={"earthquake.timing": "final"})
    now, geo = render_png(p, coords=False)
    end, _ = render_png(p, coords=False, at_end=True)
    assert share_of(now, geo, 0, -1, style.CITY) < 0.02  # EQ's own city has its token already: unfinished
    assert share_of(now, geo, 1, -1, style.CITY) > 0.05  # blue's city gets its token only at the end
    assert share_of(end, geo, 1, -1, style.CITY) < 0.02
    state = state_from_position(p)
    before = dict(state.ext)
    render_png(state, at_end=True)
    assert dict(state.ext) == before  # drawing at the end leaves the game as it was


def test_a_finished_city_the_earthquake_destroys_is_shaded_pale_with_one_token():
    """Red closed the city on EQ during the game: at the end it is destroyed too (it feeds no farmer), so the
    picture shades it, pale, and draws one token for the city, not one for each of its tiles in range."""
    from carcnb.telling.explain import ended, example, play
    from carcnb.telling.render.pieces import quake_points

    closed = play(example("quake-farm"), "place 0,-2 0", "pass")
    end = ended(closed)[0]
    png, geo = render_png(end, coords=False)
    plain, _ = render_png(closed, coords=False)
    assert share_of(plain, geo, 0, -2, style.CITY) > 0.05  # during the game: a city like any other
    assert share_of(png, geo, 0, -2, style.CITY) < 0.02  # at the end: hatched over
    on_closed_city = [(x, y) for x, y in quake_points(end) if 0 <= x < 1 and -2 <= y < 0]
    assert len(on_closed_city) == 1


# ----- events in progress ------------------------------------------------------------------------------------
def _meteor(*aims: str):
    state = state_from_text(METEOR_ROAD, sets=["disasters"], hand="MT", rulings={"meteor.adjacency": "king"})
    return act(state, *aims)


def test_the_meteors_aims_are_numbered_in_order_beside_their_tiles():
    extent = (-2, 5, -1, 3)

    def numbered(*aims: str) -> dict[str, tuple[float, float]]:
        state = _meteor(*aims)
        return {b.text: b.anchor for b in step_plan(state, (), extent, False, 200).badges}

    assert numbered("meteor 3,1", "meteor 2,0") == {"1": (3.5, 1.5), "2": (2.5, 0.5)}
    assert numbered("meteor 2,0", "meteor 3,1") == {"1": (2.5, 0.5), "2": (3.5, 1.5)}  # "1" on the first chosen
    assert numbered() == {}
    first_then_second, geo = render_png(_meteor("meteor 3,1", "meteor 2,0"), extent=extent, px_per_tile=200,
                                        coords=False)
    no_aim, _ = render_png(_meteor(), extent=extent, px_per_tile=200, coords=False)
    assert share_of(first_then_second, geo, 2, 0, style.METEOR_AIM) > 0.05
    assert share_of(no_aim, geo, 2, 0, style.METEOR_AIM) == 0


def test_the_tornados_path_is_arrows_in_order_and_it_carries_its_figure():
    state = state_from_text(TORNADO, sets=["disasters"], hand="TO3", played=["place 1,2 180"])
    act(state, "tornado 1,1", "tornado 2,1")
    assert state.ext["tornado_carry"] == "red"
    artists = draw_board(Figure(figsize=(4, 4)).add_axes((0, 0, 1, 1)), state)
    arrows = collections_of(artists, style.TORNADO_PATH)[0]  # the arrows come before their badges
    tips = [path.vertices[3] for path in arrows.get_paths()]  # an arrow's 4th vertex is its point
    assert len(tips) == 2
    assert 1 < tips[0][1] < 2 and 1 < tips[0][0] < 2  # the first step ends on 1,1 (down from 1,2)
    assert 2 < tips[1][0] < 3 and 1 < tips[1][1] < 2  # the second on 2,1
    riders = [p for c in collections_of(artists, style.PLAYER["red"]) for p in c.get_paths()
              if np.linalg.norm(p.vertices.mean(axis=0) - (2.5, 1.5)) < 0.15]
    assert riders, "red's knight rides on the tornado token at 2,1"


# ----- ferries and crop circles ----------------------------------------------------------------------------------
def test_the_jetties_a_ferry_joins_are_plain_to_see():
    p = position_from_text("0,0 D 0\n1,0 FA 0 ferry:S-W", sets=["ferries"])
    png, geo = render_png(p, coords=False, px_per_tile=80)
    west, east, south = (1 + 0.5 - style.LAKE_R, 0.5), (1 + 0.5 + style.LAKE_R, 0.5), (1.5, 0.5 - style.LAKE_R)
    at = [pixels(png)[int(py), int(px)] for px, py in (geo.to_pixel(*pt) for pt in (west, east, south))]
    assert close_to(at[0], style.FERRY_JETTY, 10) and close_to(at[2], style.FERRY_JETTY, 10)
    assert not close_to(at[1], style.FERRY_JETTY, 60)  # the east jetty is not joined


@pytest.mark.parametrize("tid", ["CR1", "CF1", "CC1"])
def test_crop_circle_symbols_are_big_enough_at_80_px(tid):
    png, geo = render_png(lone_tile(tid), margin=0, coords=False)
    want = np.array([round(255 * c) for c in to_rgba(style.CROP_SYMBOL)[:3]])
    rows, cols = np.nonzero(np.abs(pixels(png) - want).max(axis=2) <= 12)
    assert rows.max() - rows.min() >= 16 and cols.max() - cols.min() >= 10


# ----- ruling comparisons ------------------------------------------------------------------------------------------
def test_a_comparison_marks_what_scores_differently():
    p = position_from_text(QUAKE, sets=["disasters"], question={"kind": "final", "answer": {"red": 1, "blue": 0}})
    panels = ruling_panels(p, "earthquake.timing")
    assert [pn.options for pn in panels] == [("final",), ("on_place",)]
    assert [pn.verdicts[0][1] for pn in panels] == ["red 1, blue 0", "red 1, blue 1"]
    for panel in panels:  # blue's city: destroyed at the end under "final", 1 point under "on_place"
        assert panel.draw_opts["highlight_features"] == [((1, -1), 0)]
    image = Image.open(io.BytesIO(compare_png(p, "earthquake.timing")))
    one, _ = render_png(p, px_per_tile=60)
    assert image.width > 2 * Image.open(io.BytesIO(one)).width


def test_options_with_the_same_picture_share_one_panel():
    p = position_from_text(QUAKE, sets=["disasters"])
    panels = ruling_panels(p, "meteor.adjacency")  # no meteor: the ruling changes nothing here
    shown = merged_panels(panels, (-1, 3, -2, 2), 40)
    assert len(shown) == 1 and shown[0].options == ("orthogonal", "king")
    assert shown[0].caption == "meteor.adjacency = orthogonal or king: red 1, blue 0"


@pytest.mark.parametrize("ruling", ["earthquake.timing", "earthquake.destroyed_center", "scoring.edition"])
def test_a_comparison_never_shows_two_identical_pictures(ruling):
    p = position_from_text(QUAKE, sets=["disasters"])
    shown = merged_panels(ruling_panels(p, ruling), (-1, 3, -2, 2), 40)
    pictures = [pixels(render_png(pn.source, extent=(-1, 3, -2, 2), px_per_tile=40, **pn.draw_opts)[0])
                for pn in shown]
    assert all(not np.array_equal(a, b) for i, a in enumerate(pictures) for b in pictures[i + 1:])


def test_a_best_comparison_shows_the_turn_played_out():
    p = position_from_text(METEOR_ROAD, sets=["disasters"], hand="MT",
                           question={"kind": "best", "answer": {"line": ["meteor 3,1"], "value": 4}})
    panels = ruling_panels(p, "meteor.adjacency")
    landed = [[pos for pos, t in pn.source.board.tiles.items() if t.tile.id == "MT"] for pn in panels]
    assert landed == [[(2, 0)], [(3, 0)]]  # orthogonal: blue keeps it off 3,0; king: red reaches it
    assert "value 3" in panels[0].verdicts[0][1] and "value 4" in panels[1].verdicts[0][1]


def test_a_comparison_refuses_unknown_rulings_and_options():
    p = position_from_text(QUAKE, sets=["disasters"])
    with pytest.raises(CarcnbError, match="unknown ruling 'quake'"):
        ruling_panels(p, "quake")
    with pytest.raises(CarcnbError, match="no option 'maybe'"):
        ruling_panels(p, "earthquake.timing", ["maybe"])


# ----- the command line --------------------------------------------------------------------------------------------
def _position_file(tmp_path, text: str) -> str:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_render_options_on_the_command_line(tmp_path, capsys):
    src = _position_file(tmp_path, position_text(QUAKE, sets=["disasters"]))
    out = {name: tmp_path / f"{name}.png" for name in ("plain", "bare", "caption", "legend", "compare", "key")}
    assert main(["render", src, "-o", str(out["plain"])]) == 0
    assert main(["render", src, "-o", str(out["bare"]), "--no-coords"]) == 0
    assert main(["render", src, "-o", str(out["caption"]), "--caption", "blue's city is destroyed"]) == 0
    assert main(["render", src, "-o", str(out["legend"]), "--legend"]) == 0
    assert main(["render", src, "-o", str(out["compare"]), "--compare", "earthquake.timing", "--px", "40"]) == 0
    assert main(["render", "-o", str(out["key"]), "--legend"]) == 0
    size = {name: Image.open(path).size for name, path in out.items()}
    plain, bare = (pixels(out[n].read_bytes()) for n in ("plain", "bare"))
    assert plain.shape == bare.shape and not np.array_equal(plain, bare)
    assert size["caption"][1] > size["plain"][1] and size["legend"][0] > size["plain"][0]
    assert size["compare"][0] > 2 * 4 * 40
    assert size["key"] == Image.open(io.BytesIO(legend_png())).size
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["-o", "{tmp}/x.png"], "needs a position FILE"),
    (["{src}", "-o", "{tmp}/x.svg", "--compare", "earthquake.timing"], "written as PNG"),
    (["{src}", "-o", "{tmp}/x.png", "--compare", "earthquake.nope"], "unknown ruling"),
    (["{src}", "-o", "{tmp}/x.png", "--compare", "earthquake.timing", "--caption", "c"], "does not go with"),
    (["{src}", "-o", "{tmp}/no/such/dir/x.png"], "cannot write"),
    (["{src}", "-o", "{tmp}/x.png", "--px", "3"], "pixels per tile"),
])
def test_render_refuses_bad_input_with_exit_2(tmp_path, capsys, argv, message):
    src = _position_file(tmp_path, position_text(QUAKE, sets=["disasters"]))
    code = main(["render", *(a.format(src=src, tmp=tmp_path) for a in argv)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()
