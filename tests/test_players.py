"""The computer players: every one plays only legal actions in every set with 2 to 6 players, the greedy one
plays the best line of the turn and breaks its ties by how the game stands, the tree search looks past the
turn and knows the pile's contents, never its order, and the same seed plays the same game."""
from __future__ import annotations

import random

import pytest
from conftest import state_from_text

from carcnb.engine.errors import SearchLimitError
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.lines import NODE_LIMIT, greedy_line, judge, turn_lines
from carcnb.players.match import LEVELS, Budget, make_player, play_game
from carcnb.players.mcts import MctsPlayer
from carcnb.players.player import RandomPlayer
from carcnb.players.standing import margins, standing
from carcnb.search.playout import random_action

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

# F turned 270 carries D's city north to an open end at 0,2: K there (city to the south) closes it.
CITY = "0,0 D 0\n0,1 F 270 red@N"
SMALL = Budget(iterations=40)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("sets, players", [({"base"}, 2), ({"river", "disasters"}, 3),
                                           ({"ferries", "cropcircles"}, 4), ({"river", "disasters", "ferries"}, 6)])
def test_every_player_finishes_a_game_with_legal_actions_only(level, sets, players):
    """``play_game`` applies each choice with the legality check on: an illegal choice raises."""
    colours = ("red", "blue", "green", "yellow", "black", "gray")[:players]
    seated = [make_player(level, seed, Budget(iterations=2)) for seed in range(players)]
    state = GameState(Game(players=colours, sets=frozenset(sets)), seed=11)
    state.stages = [dict(list(stage.items())[:3]) for stage in state.stages]  # a short game: a few tiles a stage
    end = play_game(state, seated)
    assert end.is_terminal() and end.over


def test_standing_is_the_final_scoring_of_the_board_and_changes_nothing():
    state = state_from_text(CITY, hand="K", pile=["V"])
    before = (state.key(), len(state.history))
    assert standing(state) == (3, 0)  # red's knight on an unfinished city: two tiles and a pennant
    assert (state.key(), len(state.history)) == before
    assert margins((4, 0)) == (4, -4) and margins((5, 9, 2)) == (-4, 4, -7)


def test_standing_reads_the_board_as_it_is_and_changes_nothing_with_the_disasters():
    """The earthquake's end effects are the real end's (``apply_final``); a judgement leaves them out."""
    state = GameState(Game(sets=frozenset({"river", "disasters"})), seed=5)
    rng = random.Random(5)
    for _ in range(120):
        who = state.current_player()
        if who == TERMINAL:
            break
        state.apply(state.sample_chance() if who == CHANCE else rng.choice(state.legal_actions()), check=False)
    key = state.key()
    judged = standing(state)
    assert state.key() == key and not state.over
    assert all(j >= state.scores[c] for j, c in zip(judged, state.players))


def _turn_by(player, state: GameState) -> GameState:
    """The rest of the turn played by ``player`` (until the next draw or the end)."""
    while state.current_player() >= 0:
        state.apply(player.choose(state))
    return state


def test_greedy_closes_the_city_for_its_points():
    state = state_from_text(CITY, hand="K", pile=["V"])
    assert _turn_by(GreedyPlayer(), state).scores["red"] > 0


def test_greedy_breaks_a_tie_of_this_turn_by_the_standing():
    """Putting the knight and passing both score nothing this turn; a knight on the open city counts when the
    game ends, so greedy puts it."""
    state = state_from_text("0,0 D 0", hand="E", pile=["V"])
    place = next(a for a in state.legal_actions() if str(a).startswith("place 0,1"))  # E's city joins D's
    state.apply(place)
    action = GreedyPlayer().choose(state)
    state.apply(action)
    assert str(action).startswith("deploy") and state.board.feature(state.board.node_at((0, 1), action.port)).kind == "city"


def test_the_tree_search_plays_the_same_game_for_the_same_seed():
    def game(seed):
        state = GameState(Game(), seed=3)
        state.stages = [dict(list(stage.items())[:6]) for stage in state.stages]
        end = play_game(state, [MctsPlayer(seed, iterations=30), RandomPlayer(seed)])
        return [str(a) for a in end.history], dict(end.scores)

    assert game(1) == game(1)


def test_the_tree_search_knows_the_pile_not_the_order_of_its_draws():
    """Two games alike but for the random generator the draws come from: the player chooses the same."""
    a, b = (state_from_text(CITY, hand="K", pile=["V", "E", "U"], seed=seed) for seed in (1, 2))
    assert a.key() == b.key()
    assert MctsPlayer(4, iterations=120).choose(a) == MctsPlayer(4, iterations=120).choose(b)


def test_the_tree_search_leaves_the_state_as_it_was():
    state = state_from_text(CITY, hand="K", pile=["V", "E"])
    key, depth = state.key(), len(state.history)
    weighed = MctsPlayer(0, iterations=12).weigh(state)
    assert len(weighed) >= 1 and (state.key(), len(state.history)) == (key, depth)


def test_a_line_is_the_whole_turn_of_the_mover_and_every_placement_has_its_lines():
    """Where the tile goes is judged together with the follower decision after it; two placements that both
    pass are two lines."""
    state = state_from_text(CITY, hand="K", pile=["V"])
    mover, key = state.current_player(), state.key()
    lines = turn_lines(state)
    assert {line.actions[0] for line in lines} == set(state.legal_actions())
    assert [line.worth for line in lines] == sorted((line.worth for line in lines), reverse=True)
    for line in lines:
        for action in line.actions:
            state.apply(action)
        assert state.current_player() != mover
        for _ in line.actions:
            state.undo()
    assert state.key() == key


def test_the_tree_search_weighs_the_greedy_line_among_its_candidates():
    state = state_from_text("0,0 D 0", hand="E", pile=["V", "K"])
    greedy = greedy_line(state)
    assert greedy[0] == GreedyPlayer().choose(state)
    weighed = [line.actions for line in MctsPlayer(0, iterations=4).candidates(state)]
    assert greedy in weighed


def test_the_tree_search_plays_the_rest_of_its_line_where_the_game_is_as_it_planned():
    state = state_from_text(CITY, hand="K", pile=["V", "E"])
    player = MctsPlayer(0, iterations=12)
    first = player.choose(state)
    planned = player.plan
    state.apply(first)
    assert planned and player.choose(state) == planned[0]


def test_a_follower_in_hand_is_worth_points_while_tiles_are_left():
    """The standing counts a follower on an open feature as if the game ended now; the judgement of a
    look-ahead also counts the followers still in hand, less and less as the pile runs out."""
    long_pile = state_from_text("0,0 D 0", hand="E", pile=["V"] * 8 + ["U"] * 8 + ["B"] * 4 + ["K"] * 3)
    last_tile = state_from_text("0,0 D 0", hand="E", pile=["V"])
    assert standing(long_pile) == standing(last_tile) == (0, 0)
    assert judge(long_pile)[0] > judge(last_tile)[0] > 0


def test_the_tree_search_closes_the_city_it_can_close():
    state = state_from_text(CITY, hand="K", pile=["V", "E"])
    assert _turn_by(MctsPlayer(0, iterations=300), state).scores["red"] > 0


def _too_big_to_search(node_limit: int) -> GameState:
    """A decision of a random three-player game with the disasters whose turn search needs more than
    ``node_limit`` positions (the other players decide in it too)."""
    state = GameState(Game(players=("red", "blue", "green"), sets=frozenset({"disasters"})), seed=0)
    rng = random.Random(0)
    while (who := state.current_player()) != TERMINAL:
        if who >= 0 and len(state.legal_actions()) > 1:
            try:
                greedy_line(state, node_limit)
            except SearchLimitError:
                return state
        state.apply(random_action(state, rng), check=False)
    raise AssertionError(f"no turn of the game needed more than {node_limit} positions")


def test_a_budget_of_seconds_bounds_the_candidates_search_and_a_bigger_turn_is_weighed_decision_by_decision():
    """A turn in which every player decides (a tornado, a meteor) can hold more positions than the budget has
    time for: past the budget's share the candidates are the best single decisions, as the turn search judges
    them right after each."""
    quick, slow = MctsPlayer(0, seconds=0.5), MctsPlayer(0, seconds=60)
    assert quick.node_limit < slow.node_limit == NODE_LIMIT == MctsPlayer(0, iterations=4).node_limit
    player = MctsPlayer(0, iterations=4)
    player.node_limit = 30
    state = _too_big_to_search(player.node_limit)
    key, legal = state.key(), state.legal_actions()
    lines = player.candidates(state)
    assert lines and all(len(line.actions) == 1 and line.actions[0] in legal for line in lines)
    assert [line.worth for line in lines] == sorted((line.worth for line in lines), reverse=True)
    assert state.key() == key and player.choose(state) in legal


def test_the_tree_search_needs_a_budget():
    with pytest.raises(ValueError, match="budget"):
        MctsPlayer(0)


@pytest.mark.parametrize("seed", [0, 1])
def test_greedy_beats_random_on_fixed_seeds(seed):
    state = GameState(Game(), seed=seed)
    end = play_game(state, [GreedyPlayer(), RandomPlayer(seed)])
    assert end.scores["red"] > end.scores["blue"]


def test_the_tree_search_beats_random_on_a_fixed_seed():
    state = GameState(Game(), seed=7)
    state.stages = [dict(list(stage.items())[:12]) for stage in state.stages]  # half the tile kinds: a shorter game
    end = play_game(state, [RandomPlayer(7), MctsPlayer(7, iterations=6)])
    assert end.scores["blue"] > end.scores["red"]
