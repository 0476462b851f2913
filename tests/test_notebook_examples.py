"""What the notebooks' captions and text claim, checked with the same carcnb.explain calls on the same example
positions (the notebooks themselves show pictures, never assert)."""
from __future__ import annotations

from carcnb.explain import compare, decision_marks, example, final_scoring, play


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
