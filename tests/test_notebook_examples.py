"""What the notebooks' captions and text claim, checked with the same carcnb.telling.explain calls on the same example
positions (the notebooks themselves show pictures, never assert)."""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.geometry import PORT_INDEX
from carcnb.engine.rules.earthquake import quake_area
from carcnb.engine.tiles import catalogue
from carcnb.telling.explain import (compare, decision_marks, event_strip, example, final_scoring, finish_event, play,
                                    play_first)


def spots(source) -> list[tuple[int, int]]:
    return sorted(decision_marks(source)[1])


def rotations_at(source, x: int, y: int) -> list[int]:
    return [rot for px, py, rot in decision_marks(source)[0] if (px, py) == (x, y)]


# ----- 00-start-here ----------------------------------------------------------------------------------------
def test_start_tour_scores_as_the_text_says():
    tour = example("tour")
    assert dict(tour.scores) == {"red": 4, "blue": 2, "green": 0}
    assert final_scoring(tour).scores == {"red": 8, "blue": 3, "green": 5}
    assert not any(r.complete for r in final_scoring(tour).rows)


def test_start_e_closes_blues_city_for_four():
    tour = example("tour")
    assert rotations_at(tour, 0, 1) == [180]
    closed = play(tour, "place 0,1 180", "pass")
    assert [(r.kind, r.scorers, r.points) for r in closed.rows] == [("city", ("blue",), 4)]
    assert closed.scores == {"red": 4, "blue": 6, "green": 0} and closed.supply("blue") == 7


# ----- 05-meteor ----------------------------------------------------------------------------------------------
def test_meteor_red_may_point_at_every_tile_but_the_start_tile():
    grid = example("meteor-grid")
    assert spots(grid) == sorted(t.pos for t in grid.board if t.pos != (0, 0)) and len(spots(grid)) == 7


def test_meteor_targets_only_the_second_reading_allows_the_flood():
    shown = compare(example("meteor-river-flood"), "meteor.targets")
    assert (2, -4) not in spots(shown["start,spring,flood"].state) and (2, -4) in spots(shown["start"].state)
    assert all((0, 0) not in spots(o.state) for o in shown.outcomes)


def test_meteor_each_move_goes_beside_the_last_never_back():
    grid = example("meteor-grid")
    assert spots(play(grid, "meteor 1,0")) == [(1, -1), (2, 0)]
    assert spots(play(grid, "meteor 1,0", "meteor 1,-1")) == [(0, -1), (2, -1)]
    last = play(grid, "meteor 1,0", "meteor 1,-1", "meteor 2,-1")
    assert last.players[last.current_player()] == "red" and spots(last) == [(2, 0)]
    assert "pass" in [str(a) for a in last.legal_actions()]


def test_meteor_adjacency_corners_under_king_only():
    shown = compare(example("meteor-grid"), "meteor.adjacency", "meteor 0,-1")
    assert spots(shown["orthogonal"].state) == [(-1, -1), (1, -1)]
    assert spots(shown["king"].state) == [(-1, -1), (-1, 0), (1, -1), (1, 0)]


def test_meteor_replaces_the_last_tile_chosen():
    fell = play(example("meteor-grid"), "meteor 1,0", "meteor 1,-1", "meteor 2,-1", "meteor 2,0")
    assert fell.board.tiles[(2, 0)].tile.id == "MT" and fell.is_chance()


def test_meteor_followers_and_ferries_on_the_target():
    followers = compare(example("meteor-road"), "meteor.followers_on_target", "meteor 1,0", "pass", "pass")
    assert (followers["return"].state.supply("red"), followers["lost"].state.supply("red")) == (7, 6)
    ferry = compare(example("meteor-lake"), "meteor.ferry_on_target", "meteor 1,0", "pass", "pass")
    assert ferry.differences == {"ferries out of the game": ("0", "1")}


def test_meteor_where_it_lands_decides_the_road():
    road = example("meteor-road")
    landed = {at: play(road, f"meteor {at}", "pass", "pass") for at in ("3,0", "2,0", "1,0", "-1,0")}
    assert {at: s.scores["red"] for at, s in landed.items()} == {"3,0": 4, "2,0": 3, "1,0": 0, "-1,0": 0}
    assert [(r.kind, r.tiles, r.points) for r in landed["2,0"].rows] == [("road", ((-1, 0), (0, 0), (1, 0)), 3)]
    assert landed["1,0"].supply("red") == 7 and landed["-1,0"].rows == ()


def test_meteor_takes_no_follower_and_blue_draws_next():
    fell = play(example("meteor-road"), "meteor 2,0", "pass", "pass")
    assert fell.is_chance() and fell.active == "blue"


def test_meteor_cloister_beside_it_scores_eight():
    closed = play(example("meteor-cloister"), "place 1,-2 180", "pass")
    assert [(r.kind, r.points, r.notes) for r in closed.rows] == [("cloister", 8, ("meteor does not count",))]


def test_meteor_any_edge_may_face_it():
    beside = play(example("meteor-road"), "meteor 3,0", "pass", "pass", "draw E")
    assert rotations_at(beside, 4, 0) == [0, 90, 180, 270]


# ----- 06-tornado ---------------------------------------------------------------------------------------------
def test_tornado_waits_for_the_event_before_any_deploy():
    placed = play(example("tornado-row"), "place 1,0 90")
    assert [str(a) for a in placed.legal_actions()] == ["tornado 0,0"] and placed.ext["tornado"] == (1, 0)


def test_tornado_twelve_steps_two_a_player_from_the_placer():
    shown = event_strip(example("tornado-square"), "place 1,0 90", columns=5, caption="twelve")
    movers = [p.title.split()[1] for p in shown.panels[1:]]
    assert len(movers) == 12 and movers[::2] == ["red", "blue", "green", "yellow", "black", "red"]
    assert all(p.title.endswith("carries nothing") for p in shown.panels)


def test_tornado_rulings_as_the_captions_say():
    steps = compare(example("tornado-corner"), "tornado.steps", "place 1,0 90", "tornado 0,0")
    assert spots(steps["turning"].state) == [(-1, 0), (0, 1)] and spots(steps["straight"].state) == [(-1, 0)]
    empty = compare(example("tornado-square"), "tornado.over_empty", "place 1,0 90")
    assert len(spots(empty["no"].state)) == 2 and len(spots(empty["yes"].state)) == 4
    back = compare(example("tornado-line"), "tornado.revisit", "place 1,0 90", then=finish_event)
    assert back.differences == {"tornado steps": ("12", "2")}
    short = compare(example("tornado-dead-end"), "tornado.short_move", "place 1,0 90", "tornado 0,0", "tornado 0,1")
    assert spots(short["stop"].state) == [(0, 0), (0, 2)] and spots(short["skip"].state) == [(0, 0)]
    drop = compare(example("tornado-thief"), "tornado.drop", "place 3,0 90", "tornado 2,0", "tornado 1,0",
                   "tornado 0,0")
    assert "pass" not in [str(a) for a in drop["must"].state.legal_actions()]
    assert "pass" in [str(a) for a in drop["may"].state.legal_actions()]


def test_tornado_picks_swaps_and_sends_the_builder_home():
    row = example("tornado-row")
    choose = play(row, "place 1,0 90", "tornado 0,0")
    assert [str(a) for a in choose.legal_actions()] == ["pick blue 0,0 ESE", "pick red 0,0 N"]
    swapped = play(choose, "pick blue 0,0 ESE", "tornado -1,0")
    assert swapped.ext["tornado_carry"] == "red:builder" and swapped.board.followers[((-1, 0), 0)] == ("blue",)
    home = play(swapped, "tornado -2,0")
    assert home.ext["tornado_carry"] == "blue"
    assert not any("builder" in e for es in home.board.followers.values() for e in es)  # the builder went home
    shown = event_strip(row, "place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0", "tornado -2,0",
                        caption="the event")
    assert shown.panels[-1].title.startswith("5. blue puts the farmer the tornado carried")


def test_tornado_then_the_placer_may_deploy_on_the_tornado_tile():
    after = play(example("tornado-row"), "place 1,0 90", "tornado 0,0", "pick blue 0,0 ESE", "tornado -1,0",
                 "tornado -2,0", "drop blue -2,0 NNW")
    assert after.players[after.current_player()] == "red" and spots(after) == [(1, 0)]


# ----- 03-earthquake -----------------------------------------------------------------------------------------
def test_quake_tile_is_placed_like_an_e_and_takes_a_knight():
    small = example("quake-small")
    assert decision_marks(small)[0] == decision_marks(replace(small, hand="E"))[0]
    assert "deploy 0,1 S" in [str(a) for a in play(small, "place 0,1 180").legal_actions()]


def test_quake_range_and_what_it_destroys():
    quake = example("quake-range")
    assert len(quake_area((0, -1))) == 13 and (1, 0) in quake_area((0, -1)) and (2, 0) not in quake_area((0, -1))
    rows = {r.tiles: (r.points, r.reason) for r in final_scoring(quake).rows}
    assert rows[((-1, 0),)] == (0, "earthquake: unfinished city") and rows[((2, -2), (2, -1))][0] == 0
    assert rows[((1, 1),)] == (1, "unfinished") and rows[((2, 0),)] == (1, "unfinished")
    assert final_scoring(quake).scores == {"red": 1, "blue": 0, "green": 1}


def test_quake_timing_and_a_meteor_on_it():
    timing = compare(example("quake-timing"), "earthquake.timing", "place 0,-1 180", "pass", "draw E",
                     "place 1,-1 0", "deploy 1,-1 N", final=True)
    assert timing.differences == {"scores": ("red 0, blue 0", "red 0, blue 1")}
    meteor = compare(example("quake-meteor"), "earthquake.destroyed_center", "meteor 0,-1", "pass", "pass", final=True)
    assert meteor.differences == {"scores": ("red 0, blue 1", "red 0, blue 0")}


def test_quake_finished_city_scores_but_feeds_no_farmer():
    closed = play(example("quake-farm"), "place 0,-2 0", "pass")
    assert closed.scores == {"red": 4, "blue": 0}
    assert [(r.kind, r.points) for r in final_scoring(closed).rows] == [("field", 3)]


# ----- 04-flood ---------------------------------------------------------------------------------------------------
def test_flood_replaces_any_river_tile_and_floods_what_touches_it():
    river = example("flood-river")
    assert len(spots(river)) == 12 and (0, 0) in spots(river) and (5, -6) in spots(river)
    flooded = play(river, "flood 2,-4")
    assert flooded.board.tiles[(2, -4)].tile.id == "FL" and flooded.is_chance() and flooded.active == "blue"
    city = flooded.board.feature(flooded.board.node_at((2, -3), PORT_INDEX["N"]))
    assert city.flooded


def test_flood_closed_city_scores_nothing_then_one_a_tile():
    closed = play(example("flood-river"), "flood 2,-4", "draw E", "place 2,-2 180", "pass")
    assert closed.scores == {"red": 0, "blue": 0} and "flood_spread" not in closed.ext and closed.active == "red"
    assert [(r.kind, r.points, r.reason) for r in final_scoring(closed).rows] == [("city", 2, "flooded")]
    red_draws = play(closed, "draw V")  # the cut-out goes down as red's turn starts, before the tile is drawn
    assert red_draws.ext["flood_spread"]
    spread = red_draws.board
    for pos, port in [((3, -4), "C"), ((1, -4), "S")]:
        assert spread.feature(spread.node_at(pos, PORT_INDEX[port])).flooded


def test_flood_rulings_as_the_captions_say():
    river = compare(example("flood-no-river"), "flood.without_river")
    assert river["redraw"].state.is_chance() and spots(river["any_tile"].state) == [(-1, 0), (1, 0)]
    knight = compare(example("flood-knight"), "flood.followers_on_replaced", "flood 1,-4")
    assert (knight["return"].state.supply("red"), knight["lost"].state.supply("red")) == (7, 6)
    scope = compare(example("flood-scope"), "flood.covered_scope", "place 2,-3 270", "pass", final=True)
    assert scope.differences["scores"] == ("red 3, blue 0", "red 6, blue 0")
    covered = compare(example("flood-spread"), "flood.covered_empty")
    area = {(x, y) for x in (1, 2, 3) for y in (-5, -4, -3)} - {(1, -4), (2, -4), (3, -4)}
    assert not any((x, y) in area for x, y, _ in decision_marks(covered["no"].state)[0])
    assert any((x, y) in area for x, y, _ in decision_marks(covered["yes"].state)[0])
    cloister = compare(example("flood-cloister"), "flood.cloister_beside", "flood 1,0", "draw E", "place 0,-2 180",
                       "pass")
    assert cloister.differences["scores"] == ("red 9, blue 0", "red 0, blue 0")


# ----- 02-river ---------------------------------------------------------------------------------------------------
def test_river_carries_on_from_the_spring_and_never_bends_twice_the_same_way():
    spring = example("river-spring")
    assert len(play(spring).board.placements(catalogue()["R7"])) == 8
    assert decision_marks(spring)[0] == [(0, -1, 0), (0, -1, 180)]
    assert decision_marks(example("river-bend"))[0] == [(-1, -2, 270)]
    assert (-1, -2, 180) in play(example("river-bend")).board.placements(catalogue()["R10"])


def test_river_no_follower_on_the_water_and_one_field_round_the_spring():
    placed = play(example("river-spring"), "place 0,-1 0")
    assert [str(a) for a in placed.legal_actions()] == ["deploy 0,-1 NNW", "deploy 0,-1 NNE", "pass"]
    [field] = final_scoring(example("river-banks")).rows
    assert field.kind == "field" and set(field.scorers) == {"red", "blue"}


# ----- 08-crop-circles ----------------------------------------------------------------------------------------
def test_crop_circle_ends_the_road_then_everyone_adds_or_removes():
    placed = play(example("crop-road"), "place 2,0 180", "deploy 2,0 N")
    assert [(r.kind, r.points, r.scorers) for r in placed.rows] == [("road", 4, ("red",))]
    assert [str(a) for a in placed.legal_actions()] == ["crop add", "crop remove"]
    added = play_first(play(placed, "crop add")).board.followers
    assert added[((2, 0), 0)] == ("red", "red") and added[((1, -1), 0)] == ("blue", "blue")
    assert play_first(play(placed, "crop remove")).board.followers == {((0, 0), 0): ("green",)}


def test_crop_circle_blue_first_green_skipped():
    asked = play(example("crop-road"), "place 2,0 180", "deploy 2,0 N", "crop add")
    assert asked.players[asked.current_player()] == "blue" and spots(asked) == [(1, -1)]


def test_crop_circle_add_where():
    shown = compare(example("crop-lake"), "cropcircles.add_where", "place 0,-1 0", "pass", "crop add")
    assert spots(shown["segment"].state) == [(0, 0)]
    assert spots(shown["feature"].state) == [(0, 0), (1, 0), (2, 0), (3, 0)]


# ----- 01-base-game --------------------------------------------------------------------------------------------
def test_base_placing_deploying_and_scoring_at_once():
    start = example("base-start")
    assert decision_marks(start)[0] == [(0, -1, 90), (0, -1, 180), (0, -1, 270), (0, 1, 180)]
    closed = play(start, "place 0,1 180", "deploy 0,1 S")
    assert closed.scores == {"red": 4, "blue": 0} and closed.supply("red") == 7
    joined = play(example("base-road"), "place -1,0 180")
    assert [str(a) for a in joined.legal_actions()] == ["deploy -1,0 NNW", "deploy -1,0 NNE", "pass"]


def test_base_completion_majority_and_farms():
    board = play(example("base-complete")).board
    assert board.is_complete(((0, 1), 0)) and board.is_complete(((0, 0), 0)) and not board.is_complete(((2, 0), 0))
    majority = play(example("base-majority"), "place 3,0 90", "pass")
    assert [(r.kind, len(r.tiles), r.scorers, r.points) for r in majority.rows] == [("road", 6, ("red",), 6)]
    assert majority.supply("red") == 7 and majority.supply("blue") == 7
    farms = final_scoring(example("base-farms"))
    assert [(r.kind, r.scorers, r.points) for r in farms.rows] == [("city", ("blue",), 1), ("field", ("red",), 6)]
    edition = compare(example("tour"), "scoring.edition", "place 0,1 180", "pass")
    assert edition.differences == {"scores": ("red 4, blue 6, green 0", "red 4, blue 4, green 0")}
