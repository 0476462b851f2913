"""carcnb.telling.explain: the notebooks' one-line calls show captioned pictures, compare rulings by what differs,
and refuse bad input with a message that says how to fix it."""
from __future__ import annotations

import re

import pytest

from carcnb.engine.errors import CarcnbError
from carcnb.engine.rulings import RULINGS
from carcnb.positions.game_io import problems
from carcnb.telling.explain import (Picture, compare, decision_marks, event_strip, example, example_names,
                                    final_scoring, legend, picture, play, ruling, rulings_table, side_by_side, tiles,
                                    turn_scoring, under)


@pytest.mark.parametrize("name", example_names())
def test_every_example_position_is_legal(name):
    assert problems(example(name)) == []


def test_an_unknown_example_names_the_known_ones():
    with pytest.raises(CarcnbError, match=r"no example position 'meteor-gird' \(known: .*meteor-grid"):
        example("meteor-gird")


def test_a_picture_is_a_captioned_figure_with_its_image_inline():
    shown = picture(example("tour"), "Red's thief on the road")._repr_html_()
    assert re.search(r'<figure class="carcnb-figure".*<img src="data:image/png;base64,[A-Za-z0-9+/=]+" '
                     r'alt="Red&#x27;s thief on the road".*<figcaption[^>]*>Red&#x27;s thief on the road</figcaption>',
                     shown)


def test_a_picture_without_a_caption_is_refused():
    with pytest.raises(CarcnbError, match="needs a caption"):
        picture(example("tour"), "  ")


def test_side_by_side_titles_each_board_with_its_own_caption():
    both = side_by_side(picture(example("tour"), "before"), picture(example("tour"), "after"), caption="both")
    assert [p.title for p in both.panels] == ["before", "after"]
    assert both.caption == "both"
    widths = both.figure().get_size_inches()[0]
    assert widths > picture(example("tour"), "one").figure().get_size_inches()[0]


def test_tiles_are_shown_one_by_one_and_an_unknown_tile_is_refused():
    assert [p.title for p in tiles("D", "MT", caption="two tiles").panels] == ["D", "MT"]
    with pytest.raises(CarcnbError, match="unknown tile 'Q9'"):
        tiles("Q9", caption="no such tile")


def test_decision_marks_are_placements_for_a_tile_and_positions_for_other_decisions():
    placements, spots = decision_marks(example("tour"))
    assert (0, 1, 180) in placements and spots == []
    placements, spots = decision_marks(example("meteor-grid"))
    assert placements == [] and (0, 0) not in spots and len(spots) == 7


def test_play_never_changes_the_state_it_starts_from():
    start = play(example("meteor-road"), "meteor 2,0")
    later = play(start, "pass", "pass")
    assert start.current_player() >= 0 and later.is_chance()


def test_under_refuses_an_unknown_ruling_or_option():
    with pytest.raises(CarcnbError, match="unknown ruling 'meteor.adjacent'"):
        under(example("meteor-grid"), "meteor.adjacent", "king")
    with pytest.raises(CarcnbError, match=r"has no option 'queen' \(options: orthogonal, king\)"):
        under(example("meteor-grid"), "meteor.adjacency", "queen")


def test_a_comparison_keeps_only_the_facts_that_differ():
    lost = compare(example("meteor-road"), "meteor.followers_on_target", "meteor 1,0", "pass", "pass")
    assert lost.differences == {"followers in supply": ("red 7, blue 7", "red 6, blue 7"),
                                "followers out of the game": ("none", "red 1")}
    assert lost["lost"].state.lost["red"] == 1
    assert "<b>red 1</b>" in lost._repr_html_() and "What differs" in lost._repr_html_()


def test_a_comparison_bolds_only_the_choices_one_option_adds():
    shown = compare(example("meteor-grid"), "meteor.adjacency", "meteor 0,-1")._repr_html_()
    assert "<b>meteor -1,0</b>" in shown and "<b>meteor 1,0</b>" in shown and "<b>meteor 1,-1</b>" not in shown


def test_a_comparison_where_nothing_differs_says_so():
    same = compare(example("meteor-road"), "meteor.ferry_on_target", "meteor 1,0", "pass", "pass")
    assert same.differences == {}
    assert "The options agree here" in same._repr_html_()


def test_a_comparison_outlines_the_feature_that_scores_differently():
    third = compare(example("tour"), "scoring.edition", "place 0,1 180", "pass")
    assert third.differences["scores"] == ("red 4, blue 6, green 0", "red 4, blue 4, green 0")
    assert [third.panel(o).differs for o in third.outcomes] == [(((0, 0), 0),), (((0, 0), 0),)]


def test_a_breakdown_lists_every_row_and_the_totals():
    shown = final_scoring(example("tour"))
    assert [(r.kind, r.points) for r in shown.rows] == [("road", 4), ("city", 1), ("cloister", 5), ("field", 0)]
    assert shown.scores == {"red": 8, "blue": 3, "green": 5}
    assert "Totals:" in shown._repr_html_() and "totals: red 8, blue 3, green 5" in str(shown)


def test_turn_scoring_takes_a_game_state():
    with pytest.raises(CarcnbError, match="takes a game state"):
        turn_scoring(example("tour"))


def test_a_ruling_card_names_the_default():
    card = ruling("meteor.adjacency")
    assert "(the default)" in card._repr_html_() and "* orthogonal" in str(card)
    with pytest.raises(CarcnbError, match="unknown ruling"):
        ruling("meteor")


def test_the_rulings_table_links_every_ruling_to_its_page():
    shown = rulings_table({"meteor": "05-meteor"})._repr_html_()
    assert shown.count('<a href="05-meteor.ipynb">') == sum(rid.startswith("meteor.") for rid in RULINGS)


def test_the_tornado_strip_has_a_board_per_decision_saying_what_it_carries():
    row = example("tornado-row")
    shown = event_strip(row, "place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", caption="the event")
    titles = [p.title for p in shown.panels]
    assert titles[0] == "start at 1,0\ncarries nothing"
    assert titles[1:4] == ["1. red moves the tornado from 1,0 to 0,0 (step 1)\ncarries nothing",
                           "2. red has the tornado pick up blue's farmer on the field at 0,0 (ESE)\n"
                           "carries blue's follower",
                           "3. red moves the tornado from 0,0 to -1,0 (step 2); the tornado picks up red's builder "
                           "on the road at -1,0 (E); the tornado sets blue's farmer down on the road at -1,0 (E): a thief now\n"
                           "carries red's builder"]
    # a step that swaps figures says so: what it picked up and what it set down, not only where it went
    assert titles[-1].startswith("5. blue puts the farmer the tornado carried on the field at -2,0")
    assert isinstance(shown, Picture) and shown.columns == 4


@pytest.mark.parametrize("shown", [
    event_strip(example("tornado-square"), "place 1,0 90", columns=4, caption="twelve steps"),
    event_strip(example("tornado-row"), "place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0",
                "tornado -2,0", caption="the whole event")], ids=["twelve-steps", "swap"])
def test_a_strips_titles_never_overlap_each_other_a_board_or_the_edge(shown):
    """Each board's title is wrapped to its board's width: drawn, no title's box meets another title's, a
    board, or the picture's edge."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = shown.figure()
    renderer = FigureCanvasAgg(fig).get_renderer()
    titles = [(ax.title.get_text(), ax.title.get_window_extent(renderer)) for ax in fig.axes if ax.get_title()]
    boards = [ax.get_window_extent(renderer) for ax in fig.axes]
    assert len(titles) == len(shown.panels)
    edge = fig.bbox
    for i, (text, box) in enumerate(titles):
        assert edge.x0 <= box.x0 and box.x1 <= edge.x1 and edge.y0 <= box.y0 and box.y1 <= edge.y1, \
            f"{text!r} is cut off by the picture's edge"
        assert not any(box.overlaps(board) for board in boards), f"{text!r} covers a board"
        for other, other_box in titles[i + 1:]:
            assert not box.overlaps(other_box), f"{text!r} and {other!r} overlap"


def test_the_legend_is_a_captioned_figure():
    shown = legend("the key", keys=["follower", "meteor"])._repr_html_()
    assert "<figcaption" in shown and "the key" in shown and 'src="data:image/png;base64,' in shown
    with pytest.raises(CarcnbError, match="unknown legend entries"):
        legend("bad", keys=["dragon"]).png


def test_the_notation_is_drawn_as_moves_on_the_board_they_made_and_the_ports_of_a_tile():
    from carcnb.telling.explain import moves, points, ports

    shown = moves(example("tour"), "place 0,1 180", "deploy 0,1 NNW", caption="red's turn written out")
    assert shown.png.startswith(b"\x89PNG") and "red&#x27;s turn written out" in shown._repr_html_()
    with pytest.raises(CarcnbError):
        moves(example("tour"), "place 5,5 0", caption="not next to any tile")
    assert ports("the ports").png.startswith(b"\x89PNG")
    assert repr(points(example("tour"), "so far")) == "so far: red 4, blue 2, green 0"
