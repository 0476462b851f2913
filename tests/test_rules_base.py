"""One test per clause of rules.md §1 (base game). Every expected number is worked out by hand in a comment.

Edge strings are N E S W. A rotation turns a tile clockwise: at 90 the north edge faces east, so a tile's
edges at 90 are its rot-0 edges shifted right by one (D "CRFR" at 90 shows "RCRF").
"""
from __future__ import annotations

import pytest
from conftest import act, legal_texts, state_from_text

from carcnb.engine.actions import Deploy, Discard, Draw, Pass, Place
from carcnb.engine.errors import CarcnbError, IllegalActionError
from carcnb.engine.geometry import PORT_INDEX
from carcnb.engine.rules.base import apply_final
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE
from carcnb.engine.tiles import catalogue


def node(state: GameState, pos: tuple[int, int], port: str):
    return state.board.node_at(pos, PORT_INDEX[port])


def feature(state: GameState, pos: tuple[int, int], port: str):
    return state.board.feature(node(state, pos, port))


# ----- set-up ----------------------------------------------------------------------------------------------
def test_start_tile_d_is_placed_and_71_tiles_are_in_the_pile():
    state = GameState(Game(), seed=3)
    assert {pos: (t.tile.id, t.rot) for pos, t in state.board.tiles.items()} == {(0, 0): ("D", 0)}
    assert state.pile_size() == 71
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert outcomes[Draw("D")] == pytest.approx(3 / 71)  # 4 D in the box, one is the start tile
    assert outcomes[Draw("V")] == pytest.approx(9 / 71)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert len(outcomes) == 24  # every base tile type A..X is still in the pile


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_with_seven_followers(n):
    colors = ("red", "blue", "green", "yellow", "black", "gray")[:n]
    state = GameState(Game(players=colors), seed=0)
    assert [state.supply(c) for c in colors] == [7] * n
    assert state.scores == dict.fromkeys(colors, 0)


@pytest.mark.parametrize("players", [("red",), ("red", "blue", "green", "yellow", "black", "gray", "red"),
                                     ("red", "red")])
def test_other_player_counts_are_refused(players):
    with pytest.raises(CarcnbError):
        Game(players=players)


def test_turns_go_round_the_table_in_seat_order():
    state = GameState(Game(players=("red", "blue", "green")), seed=0)
    seen = []
    for tile in ("U", "U", "U", "U"):
        act(state, f"draw {tile}")
        seen.append(state.players[state.current_player()])
        state.apply(state.legal_actions()[0])  # some placement
        act(state, "pass")
    assert seen == ["red", "blue", "green", "red"]


# ----- placing ----------------------------------------------------------------------------------------------
# D at 0,0 shows C to the north, R to the east, F to the south, R to the west. So a new tile needs
# S=C at 0,1; W=R at 1,0; N=F at 0,-1; E=R at -1,0.
def test_placement_city_must_meet_city_and_field_field():
    state = act(GameState(Game(), seed=0), "draw E")
    # E is CFFF; at 180 it shows FFCF (city south): the only way to meet D's city at 0,1.
    # At 0,-1 any rotation with a field to the north: 90 (FCFF), 180 (FFCF), 270 (FFFC). No road: nothing E/W.
    assert legal_texts(state) == ["place 0,-1 90", "place 0,-1 180", "place 0,-1 270",
                                  "place 0,1 180"]


def test_placement_road_must_meet_road():
    state = act(GameState(Game(), seed=0), "draw U")
    # U is RFRF; at 90 and 270 it shows FRFR: road east and west (meets D's roads at 1,0 and -1,0)
    # and field north (meets D's field at 0,-1). No city: nothing at 0,1.
    assert legal_texts(state) == ["place -1,0 90", "place -1,0 270", "place 0,-1 90", "place 0,-1 270",
                                  "place 1,0 90", "place 1,0 270"]


def test_placement_must_touch_the_board_and_match():
    state = act(GameState(Game(), seed=0), "draw U")
    for bad in (Place(2, 0, 90), Place(1, 1, 90), Place(1, 0, 0), Place(0, 1, 90), Place(0, 0, 90)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


def test_every_touching_edge_must_match():
    # A hole at 1,1 between C (city to the east) at 0,1 and V (field to the north) at 1,0: it needs W=C and S=F.
    # R is CCFC; only rot 0 shows W=C with S=F (90: CCCF, 180: FCCC, 270: CFCC).
    state = state_from_text("""
        0,0 D 0
        0,1 C 0
        1,0 V 0
    """, hand="R")
    assert [a for a in legal_texts(state) if a.startswith("place 1,1")] == ["place 1,1 0"]


# ----- discarding -------------------------------------------------------------------------------------------
def test_an_unplaceable_tile_is_discarded_and_the_player_draws_again():
    # Every open position beside the lone C needs a city edge; U (RFRF) has none.
    state = state_from_text("0,0 C 0", hand="U", to_move="blue")
    pile = state.pile_size()
    assert state.legal_actions() == [Discard()]
    with pytest.raises(IllegalActionError):
        state.apply(Pass())
    state.apply(Discard())
    assert state.current_player() == CHANCE
    assert state.pile_size() == pile  # the tile left the game, it did not go back
    assert (0, 0) in state.board.tiles and len(state.board.tiles) == 1
    act(state, "draw E")
    assert state.players[state.current_player()] == "blue"  # the same player plays again
    assert "place 0,1 180" in legal_texts(state)


# ----- deploying --------------------------------------------------------------------------------------------
def test_deploy_only_on_the_features_of_the_tile_just_placed():
    state = act(GameState(Game(), seed=0), "draw U", "place 1,0 90")
    # U at 90: road W-E (named by E), north field NNW..ENE (named NNW), south field ESE..WSW (named ESE).
    assert legal_texts(state) == ["deploy 1,0 NNW", "deploy 1,0 E", "deploy 1,0 ESE", "pass"]
    for bad in (Deploy((0, 0), PORT_INDEX["N"]), Deploy((0, 0), PORT_INDEX["E"]), Deploy((1, 0), PORT_INDEX["C"])):
        with pytest.raises(IllegalActionError):
            state.apply(bad)


# The hole at 1,0 takes V at 0 (road S-W): its road joins D's road (west) and U's road (south), its small field
# (SSW WSW) joins D's south field, B's field and U's west field; its big field (NNW ... WNW) joins D's north
# field and U's east field.
JOIN_BOARD = """
0,0  D 0
0,-1 B 0 {b}
1,-1 U 0 {u}
"""


@pytest.mark.parametrize("b, u, expected", [
    ("", "", ["deploy 1,0 NNW", "deploy 1,0 S", "deploy 1,0 SSW", "pass"]),
    ("", "red@N", ["deploy 1,0 NNW", "deploy 1,0 SSW", "pass"]),          # the road is red's
    ("red@NNW", "", ["deploy 1,0 NNW", "deploy 1,0 S", "pass"]),           # the small field is red's (via B)
    ("red@NNW", "red@N", ["deploy 1,0 NNW", "pass"]),
    ("red@C", "red@NNE", ["deploy 1,0 S", "deploy 1,0 SSW", "pass"]),      # monk: not a field; U's east field
])
def test_deploy_only_where_the_connected_feature_holds_no_follower(b, u, expected):
    state = state_from_text(JOIN_BOARD.format(b=b, u=u), hand="V", to_move="blue")
    act(state, "place 1,0 0")
    assert legal_texts(state) == expected


def test_no_deploy_without_a_follower_in_supply():
    # red has all 7 followers on the board: 4 on D's segments, 2 on U's fields, 1 monk on B.
    state = state_from_text("""
        0,0  D 0  red@N red@E red@ENE red@SSE
        -1,0 U 90 red@NNW red@ESE
        0,-1 B 0  red@C
    """, hand="U")
    assert state.supply("red") == 0
    act(state, "place 1,0 90")
    assert legal_texts(state) == ["pass"]


# ----- completion and scoring -------------------------------------------------------------------------------
def test_road_complete_when_both_ends_end_scores_one_per_tile():
    # W (FRRR) is a junction: at 1,0 its west road meets D's road. Placing another W at -1,0 ends the road at
    # both junctions: 3 tiles -> 3 points, and red's follower goes home.
    state = state_from_text("""
        0,0 D 0 red@E
        1,0 W 0
    """, hand="W")
    assert not feature(state, (0, 0), "E").complete
    act(state, "place -1,0 0", "pass")
    assert state.scores == {"red": 3, "blue": 0}
    assert state.supply("red") == 7
    assert not state.board.followers
    assert feature(state, (0, 0), "E").complete


def test_road_loop_is_complete_and_farmers_stay():
    # Four V curves round a 2x2 block: 0,0 at 270 (E-S), 1,0 at 0 (S-W), 0,-1 at 180 (N-E), 1,-1 at 90 (N-W).
    # The loop covers 4 tiles: red scores 4. Blue's farmer inside the loop stays (fields never complete).
    state = state_from_text("""
        0,0  V 270 red@E blue@SSE
        1,0  V 0
        0,-1 V 180
    """, hand="V")
    act(state, "place 1,-1 90", "pass")
    assert state.scores == {"red": 4, "blue": 0}
    assert state.supply("red") == 7 and state.supply("blue") == 6
    field = feature(state, (0, 0), "SSE")
    assert field.kind == "field" and not field.complete
    assert [f.color for f in field.followers] == ["blue"]


def test_city_with_no_open_edge_scores_two_per_tile_and_two_per_pennant():
    # D's city (north) + M at 180 (city south and east, pennant) + E at 270 (city west) at 1,1:
    # 3 tiles, 1 pennant: 2*3 + 2*1 = 8.
    state = state_from_text("""
        0,0 D 0 red@N
        0,1 M 180
    """, hand="E")
    assert not feature(state, (0, 0), "N").complete
    act(state, "place 1,1 270", "pass")
    assert state.scores == {"red": 8, "blue": 0}
    assert state.supply("red") == 7


def test_two_tile_city_scores_four():
    state = state_from_text("0,0 D 0 blue@N", hand="E", to_move="red")
    act(state, "place 0,1 180")
    # red may not deploy on the city (joined to blue's); only E's field (named NNW at 180) is free
    assert legal_texts(state) == ["deploy 0,1 NNW", "pass"]
    act(state, "pass")
    assert state.scores == {"red": 0, "blue": 4}


def test_a_tile_counts_once_even_when_the_city_crosses_it_twice():
    # I at 0,0 has two separate cities (N and W); three N tiles round 0,0's north-west corner join them:
    # 0,1 N at 270 (city W,S), -1,1 N at 180 (city E,S), -1,0 N at 90 (city N,E). 4 tiles, no pennant: 8
    # (counting I twice would give 10).
    state = state_from_text("""
        0,1  N 270 red@S
        -1,1 N 180
        -1,0 N 90
    """, hand="I")
    act(state, "place 0,0 0", "pass")
    assert state.scores["red"] == 8
    (row,) = state.rows
    assert row.tiles == ((-1, 0), (-1, 1), (0, 0), (0, 1))
    assert len(feature(state, (0, 0), "N").nodes) == 5  # 5 segments over 4 tiles


def _cloister_board(hole: str | None) -> str:
    """B at 0,0 with red's monk, and its 8 neighbours, all with fields inward (E tiles turn their city out)."""
    tiles = {(-1, 1): "B 0", (0, 1): "E 0", (1, 1): "E 0", (-1, 0): "E 270", (1, 0): "E 90",
             (-1, -1): "B 0", (0, -1): "E 180", (1, -1): "B 0"}
    lines = ["0,0 B 0 red@C"] + [f"{x},{y} {t}" for (x, y), t in tiles.items() if (x, y) != hole]
    return "\n".join(lines)


def test_cloister_complete_with_eight_neighbours_scores_nine():
    state = state_from_text(_cloister_board(hole=(1, -1)), hand="B")
    assert not feature(state, (0, 0), "C").complete  # 7 neighbours
    act(state, "place 1,-1 0", "pass")
    assert state.scores == {"red": 9, "blue": 0}
    assert state.supply("red") == 7
    assert feature(state, (0, 0), "C").complete


def test_cloister_placed_last_into_its_eight_neighbours_scores_at_once():
    board = _cloister_board(hole=None).replace("0,0 B 0 red@C\n", "")
    state = state_from_text(board, hand="B")
    act(state, "place 0,0 0", "deploy 0,0 C")
    assert state.scores == {"red": 9, "blue": 0}
    assert state.supply("red") == 7


# Three cities meet in the hole at 0,1: D's (south), D at 180's at 0,2 (north) and D at 90's at -1,1 (west).
# R at 270 (CFCC) joins them: 4 tiles, no pennant -> 8 points.
MAJORITY_BOARD = """
0,0  D 0   red@N
1,0  U 90
1,1  B 0
1,2  U 90
0,2  D 180 blue@S
-1,0 V 180
-1,1 D 90  {west}
"""


@pytest.mark.parametrize("west, red, blue", [("red@E", 8, 0), ("", 8, 8), ("blue@E", 0, 8)])
def test_majority_scores_and_a_tie_scores_for_all(west, red, blue):
    state = state_from_text(MAJORITY_BOARD.format(west=west), hand="R", to_move="blue")
    act(state, "place 0,1 270", "pass")
    assert state.scores == {"red": red, "blue": blue}
    assert state.supply("red") == 7 and state.supply("blue") == 7  # every follower on the city goes home


def test_completed_feature_without_followers_scores_nothing_and_others_stay():
    state = state_from_text("0,0 D 0 red@E red@SSE", hand="E")
    act(state, "place 0,1 180", "pass")
    assert state.scores == {"red": 0, "blue": 0}
    assert state.supply("red") == 5


# ----- end of the game ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("board, red, blue", [
    # road D+U, open both ends: 2 tiles -> 2
    ("0,0 D 0 red@E\n1,0 U 90", 2, 0),
    # city D + M at 180 (pennant), open to the east: 2 tiles + 1 pennant -> 3
    ("0,0 D 0 blue@N\n0,1 M 180", 0, 3),
    # monk on B at 0,-1 with neighbours D (0,0) and U (1,0): 1 + 2 -> 3
    ("0,0 D 0\n1,0 U 90\n0,-1 B 0 red@C", 3, 0),
    # tie on the unfinished road D+U+U (3 tiles): both 3
    ("0,0 D 0 red@E\n1,0 U 90 blue@E\n-1,0 U 90", 3, 3),
    # a completed city still holding a follower scores its completion value: D + E at 180 -> 4
    ("0,0 D 0 red@N\n0,1 E 180", 4, 0),
])
def test_end_of_game_scores_unfinished_features(board, red, blue):
    state = state_from_text(board, scores={"red": 10, "blue": 20})
    apply_final(state)
    assert state.scores == {"red": 10 + red, "blue": 20 + blue}
    assert state.is_terminal()


# D's north field (ENE) and E at 180's field (NNW) both touch the completed 2-tile city D+E. D's south field
# (SSE) touches no city. U at 90 at 1,0 and -1,0 extend D's north field (NNW on each).
@pytest.mark.parametrize("board, red, blue", [
    ("0,0 D 0 red@ENE\n0,1 E 180 blue@NNW", 3, 3),                 # the city counts for both fields
    ("0,0 D 0 red@ENE\n0,1 E 180 red@NNW", 6, 0),                  # ... even for one player
    ("0,0 D 0 red@SSE\n0,1 E 180", 0, 0),                          # a field touching no city
    ("0,0 D 0 red@ENE", 0, 0),                                     # the city is not complete
    ("0,0 D 0 red@ENE\n0,1 E 180\n1,0 U 90 red@NNW\n-1,0 U 90 blue@NNW", 3, 0),   # red 2 : blue 1
    ("0,0 D 0 red@ENE\n0,1 E 180\n-1,0 U 90 blue@NNW", 3, 3),                      # 1 : 1, both score
])
def test_end_of_game_fields_score_three_per_completed_city(board, red, blue):
    state = state_from_text(board)
    apply_final(state)
    assert state.scores == {"red": red, "blue": blue}


def test_field_touching_two_completed_cities_scores_six():
    # H at 0,0 has cities N and S and one field touching both. E at 180 above and E at 0 below close both.
    state = state_from_text("0,0 H 0 red@ENE\n0,1 E 180\n0,-1 E 0")
    apply_final(state)
    assert state.scores == {"red": 6, "blue": 0}


def test_the_game_ends_after_the_last_tile_with_final_scoring():
    state = state_from_text("0,0 D 0 red@E", hand="U")
    state.stages = [{}, {}, {}]  # the tile in hand is the last one
    act(state, "place 1,0 90", "deploy 1,0 NNW")
    assert state.is_terminal()
    # red: road D+U unfinished (2); the north field D+U touches D's open city (0)
    assert state.scores == {"red": 2, "blue": 0}
    assert state.legal_actions() == []


# ----- scoring.edition = "second" --------------------------------------------------------------------------
def test_second_edition_two_tile_city_scores_two():
    state = state_from_text("0,0 D 0 red@N", hand="E", rulings={"scoring.edition": "second"})
    act(state, "place 0,1 180", "pass")
    assert state.scores["red"] == 2


def test_second_edition_larger_city_still_scores_two_per_tile():
    state = state_from_text("0,0 D 0 red@N\n0,1 M 180", hand="E", rulings={"scoring.edition": "second"})
    act(state, "place 1,1 270", "pass")
    assert state.scores["red"] == 8  # 3 tiles, 1 pennant


@pytest.mark.parametrize("board, red, blue", [
    ("0,0 D 0 red@ENE\n0,1 E 180 red@NNW", 3, 0),   # one city, two of red's fields: counted once for red
    ("0,0 D 0 red@ENE\n0,1 E 180 blue@NNW", 3, 3),  # once per player
    ("0,0 H 0 red@ENE\n0,1 E 180\n0,-1 E 0", 6, 0),  # two different cities
])
def test_second_edition_each_city_counts_once_per_player_in_fields(board, red, blue):
    state = state_from_text(board, rulings={"scoring.edition": "second"})
    apply_final(state)
    assert state.scores == {"red": red, "blue": blue}


def test_second_edition_final_completed_two_tile_city_scores_two():
    state = state_from_text("0,0 D 0 red@N\n0,1 E 180", rulings={"scoring.edition": "second"})
    apply_final(state)
    assert state.scores["red"] == 2


def test_catalogue_sanity_for_the_boards_above():
    # The boards above lean on these rotated edges; if they change, the hand counts above are wrong.
    cat = catalogue()
    assert cat["E"].at(180).edges == "FFCF"
    assert cat["U"].at(90).edges == "FRFR"
    assert cat["V"].at(270).edges == "FRRF" and cat["V"].at(180).edges == "RRFF" and cat["V"].at(90).edges == "RFFR"
    assert cat["R"].at(270).edges == "CFCC"
    assert cat["N"].at(270).edges == "FFCC" and cat["N"].at(180).edges == "FCCF" and cat["N"].at(90).edges == "CCFF"
    assert cat["M"].at(180).edges == "FCCF" and cat["E"].at(270).edges == "FFFC"
