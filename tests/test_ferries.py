"""The Ferries: one test per clause of rules.md §4 and per footnote of the-ferries.txt, the cases of the
brief (closing with an unconnected jetty, the jetty trick, first ferries, two directions, loops), random play
and exact undo."""
from __future__ import annotations

import random

import pytest
from conftest import act, connected_features, legal_texts, play_random, snapshot, state_from_text

from carcnb.engine.actions import Crop, Ferry, Pass, Remove
from carcnb.engine.rules.ferries import FerriesRules, first_ferries
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.positions.game_io import position_from_state, state_from_position

FERRIES = ["ferries"]

# A road from a cloister (-1,0) through D (0,0) that stops at the open east edge of 0,0.
CLOISTER_ROAD = """
-1,0  A  270
0,0   D  0    blue@E
"""

# The same road with a hole at 1,0 for a lake and a second cloister at 2,0 to end it beyond the hole.
CLOISTER_GAP_CLOISTER = CLOISTER_ROAD + """
0,1   E  180
1,1   E  180
2,1   B  0
2,0   A  90
"""

# Two ferries in a row east of the start: D (0,0), FB (1,0) ferried W-E, FB (2,0) ferried W-E.
TWO_IN_A_ROW = """
0,0  D   0
1,0  FB  0  ferry:W-E
2,0  FB  0  ferry:W-E
"""

# A hole at 0,0 with a lake on each of its four sides, each ferried from the jetty that faces the hole.
FOUR_LAKES = """
-1,1  V   270
0,1   FB  0    ferry:S-E
1,1   V   90
-1,0  FB  180  ferry:E-N
1,0   FB  0    ferry:W-E
-1,-1 V   270
0,-1  FB  180  ferry:N-E
1,-1  V   90
"""

# A ring of road round 0,0 through the lake at 0,1 (ferried E-W); U at 0,0 rot 90 closes it.
RING = """
-1,1  V   270
0,1   FB  180  ferry:E-W
1,1   V   0
-1,0  V   180
1,0   V   90
"""

# Red's road from the cloister at 0,0 ends at the W jetty of the lake at 1,0, ferried on to the E jetty,
# whose road runs east through U (2,0) to the open edge at 3,0.
FERRIED_ROAD = """
0,0  A   270  {who}@E
1,0  FB  0    ferry:W-E
2,0  U   90
"""


def mover(state: GameState) -> str:
    who = state.current_player()
    return {CHANCE: "chance", TERMINAL: "over"}.get(who) or state.players[who]


def pending(state: GameState) -> str:
    return state.todo[0].describe() if state.todo else ""


def offered_lakes(state: GameState) -> list[tuple[int, int]]:
    """Play ``pass`` at every ferry-move decision of the turn, collecting the lakes offered."""
    lakes = []
    while state.todo and pending(state).startswith("move the ferry"):
        lakes.append(state.todo[0].pos)
        act(state, "pass")
    return lakes


# ----- §4: the pile ------------------------------------------------------------------------------------------
def test_ferries_set_adds_eight_lake_tiles():
    """'Eight lake tiles (FA×3, FB×4, FC×1).'"""
    pile = Game(sets=frozenset(FERRIES)).pile()[2]
    assert (pile["FA"], pile["FB"], pile["FC"]) == (3, 4, 1)
    assert "FA" not in Game().pile()[2]


# ----- §4: a lake tile's roads each end at a jetty -----------------------------------------------------------
def test_lake_roads_are_separate_segments_until_the_ferry():
    state = state_from_text(CLOISTER_ROAD, hand="FA", sets=FERRIES, played=["place 1,0 0", "pass"])
    board = state.board
    roads = [board.node_at((1, 0), p) for p in (4, 7, 10)]  # E S W
    assert len({board.find(n) for n in roads}) == 3
    assert board.feature(roads[0]).tiles == ((1, 0),)


def test_deploy_on_a_lake_road_takes_one_segment():
    """'on a road only on one of its road segments': each free jetty road is its own target."""
    state = state_from_text("0,0 D 0", hand="FA", sets=FERRIES, played=["place 1,0 0"])
    assert {"deploy 1,0 E", "deploy 1,0 S", "deploy 1,0 W"} <= set(legal_texts(state))
    act(state, "deploy 1,0 S")
    node = state.board.node_at((1, 0), 7)
    assert state.board.feature(node).followers[0].segment == node[1]
    assert not state.board.occupied(state.board.node_at((1, 0), 4))


# ----- §4 and footnote 1: the ferry must be laid, follower or not --------------------------------------------
@pytest.mark.parametrize("deploy", ["pass", "deploy 1,0 ENE"])
def test_ferry_must_be_laid_whether_or_not_a_follower_was_deployed(deploy):
    state = state_from_text("0,0 D 0", hand="FA", sets=FERRIES, played=["place 1,0 0", deploy])
    assert pending(state) == "lay the ferry"
    assert legal_texts(state) == ["ferry 1,0 E-S", "ferry 1,0 E-W", "ferry 1,0 S-W"]
    assert Pass() not in state.legal_actions()


def test_fc_offers_every_pair_of_its_four_jetties():
    state = state_from_text("0,0 U 0", hand="FC", sets=FERRIES, played=["place 0,1 0", "pass"])
    assert len(state.legal_actions()) == 6


# ----- §4: the two segments become one road; a jetty without a ferry closes its road -------------------------
def test_ferry_joins_two_segments_and_the_tile_counts_once():
    state = state_from_text("0,0 D 0", hand="FA", sets=FERRIES, played=["place 1,0 0", "pass", "ferry 1,0 E-W"])
    board = state.board
    road = board.feature(board.node_at((1, 0), 4))
    assert board.node_at((1, 0), 10) in road.nodes
    assert road.tiles == ((0, 0), (1, 0))
    assert not board.feature(board.node_at((1, 0), 7)).complete


def test_lake_closes_another_players_road_with_its_unconnected_jetty():
    """Red's lake meets blue's road at the W jetty and ferries E-S: blue's road is closed and scores at once."""
    state = state_from_text(CLOISTER_ROAD, hand="FA", sets=FERRIES)
    act(state, "place 1,0 0", "pass", "ferry 1,0 E-S")
    assert state.scores == {"red": 0, "blue": 3}
    row = state.rows[-1]
    assert row.tiles == ((-1, 0), (0, 0), (1, 0)) and row.scorers == ("blue",)
    assert "ends at a lake at 1,0" in row.notes
    assert state.board.followers == {}


# ----- footnote 2: deploy first, then ferry onto an occupied road ---------------------------------------------
def test_follower_on_an_empty_jetty_then_ferried_onto_an_occupied_road():
    state = state_from_text(CLOISTER_GAP_CLOISTER, hand="FA", sets=FERRIES, played=["place 1,0 0"])
    assert "deploy 1,0 W" not in legal_texts(state)  # blue's road holds a follower
    act(state, "deploy 1,0 E", "ferry 1,0 E-W")
    assert state.scores == {"red": 4, "blue": 4}
    assert state.rows[-1].scorers == ("blue", "red")
    assert "passes a ferry at 1,0" in state.rows[-1].notes


# ----- §4 and footnote 4: only the first ferry along the road ------------------------------------------------
def test_two_ferries_in_a_row_only_the_first_may_move():
    state = state_from_text(TWO_IN_A_ROW, hand="U", sets=FERRIES, played=["place -1,0 90", "pass"])
    assert pending(state) == "move the ferry at 1,0 or pass"
    assert legal_texts(state) == ["ferry 1,0 E-S", "ferry 1,0 S-W", "pass"]
    act(state, "ferry 1,0 S-W")
    assert mover(state) == "chance"  # the ferry at 2,0 is never offered, even with 1,0 moved aside


def test_a_moved_ferry_still_blocks_the_ones_beyond():
    state = state_from_text(TWO_IN_A_ROW, hand="U", sets=FERRIES, played=["place -1,0 90", "pass"])
    assert offered_lakes(state) == [(1, 0)]
    state = state_from_text(TWO_IN_A_ROW, hand="U", sets=FERRIES, played=["place -1,0 90", "pass"])
    act(state, "ferry 1,0 E-S")
    assert first_ferries(state.board, (-1, 0)) == []  # W jetty now without ferry: the walk stops there
    assert mover(state) == "chance"


# ----- special case and footnote 5: several directions, up to four -------------------------------------------
def test_a_tile_that_extends_roads_in_two_directions_moves_both_first_ferries_once_each():
    board = """
    -1,1 B 0
    0,1  B 0
    1,1  B 0
    -1,0 FB 0 ferry:W-E
    1,0  FB 0 ferry:W-E
    """
    state = state_from_text(board, hand="U", sets=FERRIES, played=["place 0,0 90", "pass"])
    assert pending(state) == "move the ferry at 1,0 or pass"
    act(state, "ferry 1,0 E-S")
    assert pending(state) == "move the ferry at -1,0 or pass"
    act(state, "ferry -1,0 S-W")
    assert mover(state) == "chance"
    assert state.history[-2:] == [Ferry((1, 0), 4, 7), Ferry((-1, 0), 7, 10)]


def test_crossroads_reaches_four_first_ferries():
    state = state_from_text(FOUR_LAKES, hand="X", sets=FERRIES, played=["place 0,0 0", "pass"])
    assert offered_lakes(state) == [(0, 1), (1, 0), (0, -1), (-1, 0)]
    assert mover(state) == "chance"


def test_a_lake_tile_lays_its_ferry_before_moves_and_its_own_ferry_never_moves():
    state = state_from_text(FOUR_LAKES, hand="FC", sets=FERRIES, played=["place 0,0 0", "pass"])
    assert pending(state) == "lay the ferry"
    act(state, "ferry 0,0 N-S")
    assert offered_lakes(state) == [(0, 1), (1, 0), (0, -1), (-1, 0)]


# ----- §4: move to any pair, including away from the extended road -------------------------------------------
def test_a_move_may_take_the_ferry_away_from_the_extended_road():
    state = state_from_text(FERRIED_ROAD.format(who="red"), hand="U", sets=FERRIES, played=["place 3,0 90", "pass"])
    assert legal_texts(state) == ["ferry 1,0 E-S", "ferry 1,0 S-W", "pass"]
    act(state, "ferry 1,0 S-W")
    board = state.board
    assert board.find(board.node_at((1, 0), 4)) != board.find(board.node_at((1, 0), 10))


# ----- §4 and footnote 7: a move may complete roads; they score in the turn's scoring --------------------------
def test_a_move_that_completes_the_movers_road():
    state = state_from_text(FERRIED_ROAD.format(who="red"), hand="U", sets=FERRIES)
    act(state, "place 3,0 90", "pass", "ferry 1,0 E-S")
    assert state.scores == {"red": 2, "blue": 0}
    assert state.rows[-1].tiles == ((0, 0), (1, 0))
    assert "completed by a ferry move" in state.rows[-1].notes
    assert "ends at a lake at 1,0" in state.rows[-1].notes


def test_a_move_that_completes_an_opponents_road():
    state = state_from_text(FERRIED_ROAD.format(who="blue"), hand="U", sets=FERRIES)
    act(state, "place 3,0 90", "pass", "ferry 1,0 E-S")
    assert state.scores == {"red": 0, "blue": 2}
    assert state.rows[-1].scorers == ("blue",)


def test_leaving_the_ferry_scores_nothing_and_adds_no_note():
    state = state_from_text(FERRIED_ROAD.format(who="red"), hand="U", sets=FERRIES)
    act(state, "place 3,0 90", "pass", "pass")
    assert state.scores == {"red": 0, "blue": 0}
    assert state.ext.get("ferries.moves") is None


# ----- footnote 3: a road that ends at a jetty without a ferry moves nothing ----------------------------------
def test_extending_a_road_that_ends_at_an_unferried_jetty_offers_no_move():
    state = state_from_text("1,0 FB 0 ferry:S-E", hand="U", sets=FERRIES, played=["place 0,0 90", "pass"])
    assert mover(state) == "chance"
    assert first_ferries(state.board, (0, 0)) == []


# ----- footnote 6: moves do not need a follower --------------------------------------------------------------
@pytest.mark.parametrize("deploy", ["pass", "deploy 3,0 NNW"])
def test_moves_are_offered_whether_or_not_a_follower_was_deployed(deploy):
    state = state_from_text(FERRIED_ROAD.format(who="red"), hand="U", sets=FERRIES, played=["place 3,0 90", deploy])
    assert pending(state) == "move the ferry at 1,0 or pass"


# ----- §4: joining roads by a move is not extending ----------------------------------------------------------
def test_a_road_joined_by_a_move_does_not_free_its_ferries():
    board = """
    0,0  D   0
    1,0  FB  0  ferry:W-E
    1,-1 FB  180  ferry:N-E
    """
    state = state_from_text(board, hand="U", sets=FERRIES, played=["place -1,0 90", "pass"])
    act(state, "ferry 1,0 S-W")  # now joins the road to the ferried lake at 1,-1
    assert mover(state) == "chance"


# ----- each ferry once; a loop through one lake -------------------------------------------------------------
def test_a_loop_through_one_lake_scores_each_tile_once_and_its_ferry_is_offered_once():
    state = state_from_text(RING, hand="U", sets=FERRIES, played=["place 0,0 90", "deploy 0,0 E"])
    assert offered_lakes(state) == [(0, 1)]
    assert state.scores["red"] == 6  # six tiles, the lake once though two of its roads are in the ring
    assert state.rows[-1].tiles == ((-1, 0), (-1, 1), (0, 0), (0, 1), (1, 0), (1, 1))


def test_a_lake_that_closes_a_ring_through_its_own_ferry():
    ring = """
    1,0  V  0
    1,-1 V  90
    0,-1 V  180
    """
    state = state_from_text(ring, hand="FB", sets=FERRIES)
    act(state, "place 0,0 0", "deploy 0,0 E", "ferry 0,0 E-S")
    assert state.scores["red"] == 4
    assert mover(state) == "chance"  # the only ferry on the ring is the new tile's own


# ----- footnote 8: a ferry lake is no inn lake -----------------------------------------------------------------
def test_a_road_through_a_lake_scores_one_per_tile():
    state = state_from_text(CLOISTER_GAP_CLOISTER, hand="FA", sets=FERRIES)
    act(state, "place 1,0 0", "pass", "ferry 1,0 E-W")
    assert state.rows[-1].points == len(state.rows[-1].tiles) == 4


# ----- footnote 9 (builders are not in this kit): a move that splits a road leaves followers standing -------
def test_a_move_that_splits_a_road_leaves_its_followers_where_they_stand():
    board = """
    0,0  A   270  red@E
    1,0  FB  0    ferry:W-E
    2,0  U   90   red@E
    """
    state = state_from_text(board, hand="U", sets=FERRIES, played=["place 3,0 90", "pass", "ferry 1,0 S-W"])
    assert sorted(state.board.followers) == [((0, 0), 1), ((2, 0), 0)]
    b = state.board
    assert b.find(((0, 0), 1)) != b.find(((2, 0), 0))


# ----- score notes ---------------------------------------------------------------------------------------------
def test_notes_name_lakes_passed_and_ended_at():
    state = state_from_text(CLOISTER_ROAD, hand="FA", sets=FERRIES, played=["place 1,0 0", "pass", "ferry 1,0 E-W"])
    notes = FerriesRules().notes(state.board, state.board.feature(((0, 0), 1)))
    assert notes == ["passes a ferry at 1,0"]
    notes = FerriesRules().notes(state.board, state.board.feature(state.board.node_at((1, 0), 7)))
    assert notes == ["ends at a lake at 1,0"]


# ----- positions: ferries round-trip through position files, mid-turn too -----------------------------------
def test_mid_turn_position_round_trips_through_moves():
    state = state_from_text(TWO_IN_A_ROW, hand="U", sets=FERRIES, played=["place -1,0 90", "pass"])
    act(state, "ferry 1,0 E-S")
    again = state_from_position(position_from_state(state))
    assert again == state


# ----- undo is exact through lays and moves -----------------------------------------------------------------
def test_undo_is_exact_through_ferry_lays_and_moves():
    state = state_from_text(FOUR_LAKES, hand="FC", sets=FERRIES)
    script = ["place 0,0 0", "deploy 0,0 N", "ferry 0,0 N-S", "ferry 0,1 E-W", "pass", "ferry 0,-1 E-W", "pass"]
    seen = [snapshot(state)]
    for text in script:
        act(state, text)
        seen.append(snapshot(state))
    assert mover(state) == "chance"
    for before in reversed(seen[:-1]):
        state.undo()
        assert snapshot(state) == before


def test_random_games_undo_exactly_at_every_ferry_decision():
    """Undo then redo every action of random games with ferries and crop circles: the state comes back
    exactly (everything observable after ferry and crop decisions, the state key after the others)."""
    moves = 0

    def on_step(state: GameState, action) -> None:
        nonlocal moves
        deep = isinstance(action, (Ferry, Crop, Remove))
        moves += isinstance(action, Ferry)
        before = snapshot(state) if deep else state.key()
        state.undo()
        state.apply(action)
        assert (snapshot(state) if deep else state.key()) == before

    for seed in range(16):
        play_random(seed, players=2 + seed % 4, sets=("ferries", "cropcircles"), on_step=on_step)
    assert moves > 150


def test_a_ferry_move_rebuilds_the_same_roads_as_a_full_rebuild():
    """A move recomputes only the roads through its lake; the whole board rebuilt must agree."""
    moves = 0

    def on_step(state: GameState, action) -> None:
        nonlocal moves
        if isinstance(action, Ferry):
            moves += 1
            after_move = connected_features(state)
            state.board.rebuild()
            assert connected_features(state) == after_move

    for seed in range(12):
        play_random(seed, players=2, sets=("ferries", "river"), on_step=on_step)
    assert moves > 80


# ----- random play conformance --------------------------------------------------------------------------------
def _invariants(state: GameState, action) -> None:
    """Between turns: every lake holds exactly one ferry, the turn's ferry memory is gone, supplies add up."""
    if not (state.is_chance() or state.is_terminal()):
        return
    board = state.board
    lakes = [p for p, t in board.tiles.items() if t.tile.has("ferry_lake")]
    assert sorted(board.ferries) == sorted(lakes) and len(lakes) <= 8
    assert not any(k.startswith("ferries.") for k in state.ext)
    for c in state.players:
        assert 0 <= state.supply(c) <= 7


def test_random_play_conformance_with_ferries_and_crop_circles():
    # 100 games (1000 before): every decision of the two sets comes hundreds of times (1245 ferries laid or
    # moved, 323 crop circles that add, 276 that remove, 738 followers taken back), a tile is discarded 3 times
    rng = random.Random(2024)
    lays, played = 0, set()
    for seed in range(100):
        state = play_random(seed, players=rng.randint(2, 5), sets=("ferries", "cropcircles"), on_step=_invariants)
        assert state.is_terminal() and state.pile_size() == 0
        assert all(v >= 0 for v in state.scores.values())
        lays += len(state.board.ferries)
        played.update(str(a) if isinstance(a, Crop) else type(a).__name__ for a in state.history)
    assert lays > 700  # nearly every game lays all eight ferries
    assert {"Ferry", "crop add", "crop remove", "Remove", "Discard"} <= played
