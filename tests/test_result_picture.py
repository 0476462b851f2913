"""The result picture marks what a line changed, and agrees with the verdict: what scored, who went home or
was lost, a ferry's old place, the cities the earthquake destroys at the end."""
from __future__ import annotations

from pathlib import Path

from conftest import LAST_TILE_BEFORE_THE_SPREAD, position_from_text
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch

from carcnb.positions.parse import load, parse
from carcnb.search.lines import best_play
from carcnb.telling.account import account
from carcnb.telling.events import FeatureScored
from carcnb.telling.explain import example
from carcnb.telling.render import draw_board, style
from carcnb.telling.render.result import draw_result, result_marks, result_png
from carcnb.telling.verdict import reveal

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
# A road shared across a lake: red moves the ferry, and its old place is marked.
DENY = '''format = "carcnb/1"
title = "A shared road across a lake, closed by a cloister"
sets = ["ferries"]
players = ["red", "blue"]
to_move = "red"
hand = "A"
played = ["place 3,0 90", "pass"]

board = """
# x,y  tile rot  tokens
-1,0   A    270
0,0    D    0    blue@E
1,0    FB   0    ferry:W-E
2,0    U    90   red@E
1,-1   U    0
"""

[question]
kind = "best"
answer = { line = ["ferry 1,0 S-W"], value = 3 }
'''


def hatches(artists: list) -> list[str]:
    return [a.get_hatch() for a in artists if isinstance(a, PathPatch) and a.get_hatch()]


def cutouts(artists: list) -> int:
    """The flood cut-outs drawn (a dashed square in the cut-out's colour)."""
    return sum(isinstance(a, PolyCollection) and len(a.get_edgecolor()) > 0
               and tuple(a.get_edgecolor()[0]) == to_rgba(style.FLOOD_CUT) for a in artists)


def test_no_cut_out_and_no_flooded_feature_after_the_last_turn_when_the_flood_has_not_spread():
    told = account(parse(LAST_TILE_BEFORE_THE_SPREAD), ["place 6,-6 0", "pass"], end=True)
    drawn = draw_result(Figure().add_subplot(), told)
    assert cutouts(drawn) == 0 and "////" not in hatches(drawn)


def test_a_turn_in_the_middle_of_the_game_is_drawn_without_the_next_turns_spread():
    blue = ["flood 0,-2", "draw D", "place 1,-2 0", "pass"]
    assert cutouts(draw_result(Figure().add_subplot(), account(example("flood-river"), blue))) == 0
    assert cutouts(draw_result(Figure().add_subplot(), account(example("flood-river"), [*blue, "draw V"]))) == 1


def test_the_monk_that_scored_is_drawn_where_it_stood_going_home():
    marks = result_marks(account(load(PUZZLES / "disasters/meteor-cloister-eight.toml"), end=True))
    assert marks.new_tiles == ((1, -2),)
    (monk,) = marks.gone
    assert (monk.figure.color, monk.figure.name, monk.figure.pos, monk.where) == ("red", "monk", (1, -1), "supply")
    assert [(s.scorers, s.label, s.nodes) for s in marks.scored] == [
        (("red",), "+8", (((1, -1), 0),)), (("blue",), "+1", (((2, -1), 0),))]


def test_the_earthquakes_destroyed_cities_are_shaded_as_the_final_scoring_applies_them():
    p = load(PUZZLES / "disasters/earthquake-range.toml")
    told = reveal(p).told
    marks = result_marks(told)
    zero = [e.nodes for e in told.of(FeatureScored) if e.row.reason == "earthquake: unfinished city"]
    assert zero and all(nodes in marks.destroyed for nodes in zero)
    assert marks.destroyed == ((((-1, 0), 0),), (((0, -1), 0),), (((0, 0), 0),), (((2, -2), 0), ((2, -1), 0)))
    drawn = draw_result(Figure().add_subplot(), told)
    assert "xx" in hatches(drawn)  # the rubble's cross-hatching
    assert "xx" not in hatches(draw_board(Figure().add_subplot(), p))  # the position itself: tokens not down


def test_a_city_whose_token_the_file_writes_is_shaded_after_the_meteor_hits_the_earthquake():
    p = position_from_text("0,0 D 0 quake@N red@N\n0,-1 EQ 180 quake@S\n1,-1 E 0 blue@N", sets=["disasters"],
                           hand="MT", rulings={"earthquake.timing": "on_place"})
    told = account(p, ["meteor 0,-1", "pass", "pass"], end=True)
    assert result_marks(told).destroyed == ((((0, 0), 0),),)
    assert "xx" in hatches(draw_result(Figure().add_subplot(), told))


def test_a_moved_ferrys_old_place_and_the_follower_lost_to_the_flood():
    p = parse(DENY)
    marks = result_marks(account(p, [a for _, a in best_play(p).play]))
    assert marks.old_ferries == (((1, 0), (4, 10)),)  # it joined E and W before the move
    flooded = result_marks(account(load(PUZZLES / "disasters/flood-without-river-knight.toml"), ["flood 0,1"]))
    assert [(g.figure.color, g.figure.pos, g.where) for g in flooded.gone] == [("blue", (0, 1), "lost")]
    assert flooded.new_tiles == ((0, 1),)


def test_a_figure_the_tornado_carried_home_is_drawn_where_it_was_picked_up():
    line = ["place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0", "tornado -2,0", "drop blue -2,0 NNW"]
    told = account(example("tornado-row"), line)
    (builder,) = result_marks(told).gone
    assert (builder.figure.kind, builder.figure.pos, builder.where) == ("builder", (-1, 0), "supply")
    assert result_png(told).startswith(b"\x89PNG")


def test_a_shared_score_is_striped_in_each_scorers_colour_with_a_label_each():
    # red's and blue's thieves tie on the road: each scores 5, drawn in both colours, never in the orange of
    # new tiles and moves
    told = account(load(PUZZLES / "base/road-tie.toml"), end=True)
    (road,) = [s for s in result_marks(told).scored if s.kind == "road"]
    assert set(road.colours) == {style.PLAYER["red"], style.PLAYER["blue"]}
    assert [colour for _, colour in road.labels] == list(road.colours)
    drawn = draw_result(Figure().add_subplot(), told)
    labels = [a for a in drawn if hasattr(a, "get_bbox_patch") and a.get_text() == "+5"]
    assert sorted(to_rgba(a.get_bbox_patch().get_facecolor()) for a in labels) == sorted(
        to_rgba(c, 1) for c in road.colours)
    orange = to_rgba(style.HIGHLIGHT)
    outlines = [tuple(c) for a in drawn if isinstance(a, LineCollection) for c in a.get_edgecolor()]
    assert orange not in outlines and to_rgba(style.PLAYER["red"]) in outlines


def test_the_tags_and_points_read_at_the_size_the_puzzle_board_shows_them():
    """On a small picture (60 pixels a tile, shown one picture pixel to one screen pixel), "supply" and the
    points are set at least 12 and 15 pixels high, as tall as they are drawn."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    told = reveal(load(PUZZLES / "base/last-tile-three-cities-one-gap.toml")).told
    fig = Figure(figsize=(6, 4), dpi=60)
    renderer = FigureCanvasAgg(fig).get_renderer()
    texts = [a for a in draw_result(fig.add_axes((0, 0, 1, 1)), told, extent=(-2, 4, -1, 3)) if isinstance(a, Text)]
    tags = [t for t in texts if t.get_text() == "supply"]
    points = [t for t in texts if t.get_text().startswith("+")]
    assert len(tags) == 3 and points
    for text, least in [(t, 12) for t in tags] + [(t, 15) for t in points]:
        assert text.get_fontsize() * fig.dpi / 72 >= least, text.get_text()
        assert text.get_window_extent(renderer).height >= least, text.get_text()
