"""What 07-ferries' captions and text claim, checked with the same carcnb.telling.explain calls on the same example
positions (the notebook itself shows pictures, never asserts)."""
from __future__ import annotations

from carcnb.telling.explain import decision_marks, example, final_scoring, play, turn_scoring
from carcnb.telling.explain.rounds import decisions_strip


def spots(source) -> list[tuple[int, int]]:
    return sorted(decision_marks(source)[1])


def choices(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def moving():
    return play(example("ferry-move"), "place -1,0 270", "pass")


def placed():
    return play(example("ferry-lay"), "place 1,0 0", "pass")


def test_fa_fits_only_where_its_edges_match():
    """Above the start tile only with its city against the city; at the road's open end with a jetty on it."""
    places = decision_marks(example("ferry-lay"))[0]
    assert {(x, y) for x, y, _ in places} == {(0, 1), (1, 0)}
    assert [rot for x, y, rot in places if (x, y) == (0, 1)] == [180]
    assert 270 not in [rot for x, y, rot in places if (x, y) == (1, 0)]  # its city would face the road


def test_a_thief_may_go_on_the_east_or_south_road_not_on_reds():
    offered = choices(play(example("ferry-lay"), "place 1,0 0"))
    assert "deploy 1,0 E" in offered and "deploy 1,0 S" in offered and "deploy 1,0 W" not in offered
    assert "pass" in offered


def test_the_ferry_must_be_laid_three_ways_and_e_s_closes_reds_road():
    assert choices(placed()) == ["ferry 1,0 E-S", "ferry 1,0 E-W", "ferry 1,0 S-W"]
    closed = turn_scoring(play(placed(), "ferry 1,0 E-S"))
    assert [(r.tiles, r.scorers, r.points, r.complete) for r in closed.rows] == [
        (((-1, 0), (0, 0), (1, 0)), ("red",), 3, True)]
    assert all(play(placed(), f"ferry 1,0 {p}").rows == () for p in ("E-W", "S-W"))


def test_the_follower_first_then_the_ferry_shares_blues_road():
    shown = decisions_strip(example("ferry-share"), "place 1,0 0", "deploy 1,0 E", "ferry 1,0 E-W", caption="c")
    shared = shown.panels[-1].source
    road = shared.board.info[shared.board.find(shared.board.node_at((0, 0), 4))]
    assert sorted(c for n in road.members for c in shared.board.followers.get(n, ())) == ["blue", "red"]


def test_extending_the_road_offers_the_ferry_move_or_leaving_it():
    assert choices(moving()) == ["ferry 1,0 E-S", "ferry 1,0 S-W", "pass"] and spots(moving()) == [(1, 0)]
    away = play(moving(), "ferry 1,0 E-S")
    assert away.scores == {"red": 3, "blue": 0} and away.supply("red") == 7
    assert play(moving(), "pass").rows == () and play(moving(), "ferry 1,0 S-W").rows == ()
    assert [r.points for r in turn_scoring(away).rows] == [3]


def test_a_road_ending_at_a_free_jetty_moves_no_ferry():
    done = play(example("ferry-no-ferry"), "place -1,0 270", "pass")
    assert done.is_chance() and done.active == "blue" and done.scores["red"] == 3


def test_only_the_first_of_two_ferries_may_move():
    assert spots(play(example("ferry-two-lakes"), "place -1,0 270", "pass")) == [(1, 0)]


def test_two_directions_two_moves_east_first():
    both = play(example("ferry-two-ways"), "place 0,0 90", "pass")
    assert spots(both) == [(1, 0)]
    assert spots(play(both, "ferry 1,0 S-W")) == [(-1, 0)]
    assert play(both, "ferry 1,0 S-W", "ferry -1,0 E-S").is_chance()


def test_a_new_lake_lays_its_ferry_before_the_move_that_closes_reds_road():
    laid = play(example("ferry-new-lake"), "place 1,0 0", "pass")
    assert choices(laid) == ["ferry 1,0 E-S", "ferry 1,0 E-W", "ferry 1,0 S-W"]
    assert spots(play(laid, "ferry 1,0 E-W")) == [(2, 0)]
    done = play(laid, "ferry 1,0 E-W", "ferry 2,0 E-S")
    assert [(r.tiles, r.points) for r in turn_scoring(done).rows] == [(((-1, 0), (0, 0), (1, 0), (2, 0)), 4)]


def test_an_open_road_through_a_lake_scores_the_lake_once_at_the_end():
    end = final_scoring(play(placed(), "ferry 1,0 E-W"))
    assert [(r.tiles, r.points, r.complete) for r in end.rows] == [(((-1, 0), (0, 0), (1, 0)), 3, False)]
