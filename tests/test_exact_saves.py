"""A position saved from any moment of a game loads as the same game.

Random games (2 to 6 players, every combination of the sets, every ruling drawn at random) are saved at a
random moment — half the time inside a meteor, tornado, flood, ferry or crop circle decision — written to
text, read back, and the saved game and the loaded one play on with the same random choices: the same player
acts, with the same legal actions (the same draws at a chance node), at every step, and the final scores are
equal. A failure names its seed; ``CARCNB_SEED=N pytest tests/test_exact_saves.py -k replay`` plays that
game alone.
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from conftest import COLORS, RIVER, act, position_text, state_from_text

from carcnb.engine.errors import PositionFormatError
from carcnb.engine.rules.base import apply_final
from carcnb.engine.rules.cropcircles import CropActStep, CropChoiceStep
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep
from carcnb.engine.rules.flood import FloodStep
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from carcnb.engine.rulings import RULINGS
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.positions.dump import dump
from carcnb.positions.game_io import position_from_state, problems, state_from_position
from carcnb.positions.parse import parse

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

SETS = ("river", "disasters", "ferries", "cropcircles")
EVENTS = {MeteorStep: "meteor", TornadoMoveStep: "tornado", TornadoPickStep: "tornado", TornadoDropStep: "tornado",
          FloodStep: "flood", LayFerryStep: "ferry", MoveFerryStep: "ferry", CropChoiceStep: "crop circle",
          CropActStep: "crop circle"}
# 300 games (2000 before), some 40 ms each, in chunks of 100: each chunk reaches every moment a save can
# fall on (the test asserts it). A flood is the rarest (1.2% of saves): the 300 save inside 4 floods, 10 meteors,
# 17 tornadoes, 16 ferries and 41 crop circles, draw every option of every ruling and every number of players,
# and cover 78 of the 89 pairs of moment and sets that the 2000 games reached.
GAMES, CHUNK = 300, 100


def game_for(seed: int) -> Game:
    """Seeds 0-15 cover every combination of the sets; players and rulings are drawn from the seed."""
    rng = random.Random(f"exact-{seed}")
    sets = frozenset(s for i, s in enumerate(SETS) if seed >> i & 1)
    rulings = {rid: rng.choice(sorted(RULINGS[rid].options)) for rid in RULINGS}
    return Game(players=COLORS[:rng.randint(2, 6)], sets=sets, rulings=rulings)


def choose(state: GameState, rng: random.Random):
    """A random legal action; at a chance node a draw weighted as the pile holds it (by ``rng``, not the state's
    own generator, so that two states with the same pile draw alike)."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def kind_of(state: GameState) -> str:
    """What the game waits for: the event decision, a placement or deploy, a draw, or nothing (the end)."""
    who = state.current_player()
    if who == TERMINAL:
        return "end"
    if who == CHANCE:
        return "draw"
    return EVENTS.get(type(state.todo[0]), "turn")


def events_of(game: Game) -> list[str]:
    """The event decisions a game with these sets and rulings can come to."""
    sets = game.sets
    crop = "cropcircles" in sets or "ferries" in sets and game.ruling("ferries.crop_circle_tile") != "none"
    return (["flood", "meteor", "tornado"] * ("disasters" in sets) + ["ferry"] * ("ferries" in sets)
            + ["crop circle"] * crop)


def play_to_save_point(seed: int, rng: random.Random) -> GameState:
    """The game of ``seed`` after a random number of turns; half the time on to the next decision of an event
    the game can have (sometimes one action into it), otherwise a few actions into the turn."""
    state = GameState(game_for(seed), seed=seed)
    events = events_of(state.game)
    turns = rng.randrange(state.pile_size())
    target = rng.choice(events) if events and rng.random() < 0.5 else None
    while state.current_player() != TERMINAL and turns:
        turns -= state.current_player() == CHANCE
        state.apply(choose(state, rng), check=False)
    extra = rng.randrange(4)
    while state.current_player() != TERMINAL and (extra or target):
        if target and kind_of(state) == target:
            target, extra = None, rng.randrange(2)
            continue
        extra -= not target
        state.apply(choose(state, rng), check=False)
    return state


def difference(saved: GameState, loaded: GameState, rng: random.Random) -> str | None:
    """Where the two games part when played on alike, or None when they never do."""
    saved.stop_recording()  # neither is taken back: playing on is cheaper
    loaded.stop_recording()
    step = 0
    while True:
        who = saved.current_player()
        if loaded.current_player() != who:
            return f"step {step}: seat {who} acts in the saved game, seat {loaded.current_player()} in the loaded one"
        if who == TERMINAL:
            break
        if who == CHANCE:
            mine, theirs = saved.chance_outcomes(), loaded.chance_outcomes()
        else:
            mine, theirs = saved.legal_actions(), loaded.legal_actions()
        if mine != theirs:
            only = [str(a) for a in mine if a not in theirs][:6], [str(a) for a in theirs if a not in mine][:6]
            return (f"step {step} ({saved.todo[0].describe()}): legal actions differ; only in the saved game "
                    f"{only[0]}, only in the loaded one {only[1]}")
        action = choose(saved, rng)
        saved.apply(action, check=False)
        loaded.apply(action, check=False)
        step += 1
    if saved.scores != loaded.scores:
        return f"final scores differ: saved game {saved.scores}, loaded one {loaded.scores}"
    return None


def round_trip(seed: int) -> str:
    """Save the game of ``seed`` at its save point, load it and play both on; returns the kind of moment
    saved. Fails with the seed, the game, the file and where the two games part."""
    rng = random.Random(seed)
    state = play_to_save_point(seed, rng)
    kind, moves = kind_of(state), len(state.history)
    text = dump(position_from_state(state))
    game = state.game
    about = (f"seed {seed} (replay: CARCNB_SEED={seed} pytest tests/test_exact_saves.py -k replay): players "
             f"{list(game.players)}, sets {sorted(game.sets)}, saved after {moves} actions ({kind})\n")
    try:
        loaded = state_from_position(parse(text, f"seed-{seed}.toml"))
    except Exception as e:  # any failure to load is the finding
        pytest.fail(f"{about}the saved file does not load: {e}\n{text}")
    found = difference(state, loaded, random.Random(-seed))
    assert found is None, f"{about}{found}\n{text}"
    return kind


def run(first: int, n: int) -> Counter:
    return Counter(round_trip(seed) for seed in range(first, first + n))


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_a_saved_game_loads_as_the_same_game(first):
    saved = run(first, CHUNK)
    assert set(EVENTS.values()) | {"turn", "draw", "end"} <= set(saved), saved


def test_replay_one_seed():
    """One game's round trip, the game a failure names (``CARCNB_SEED=N``; the first game by default)."""
    round_trip(int(os.environ.get("CARCNB_SEED", "0")))


# ----- each piece of state a save keeps ------------------------------------------------------------------------
def reloaded(state: GameState) -> GameState:
    """The state saved to text and read back."""
    return state_from_position(parse(dump(position_from_state(state)), "saved.toml"))


def test_followers_the_meteor_took_stay_out_of_the_game():
    # the meteor lands on red's follower under "lost": a saved game keeps red's supply at 6, not 7
    board = "-1,0 U 90\n0,0 D 0\n1,0 U 90 red@E\n2,0 U 90"
    state = state_from_text(board, sets=["disasters"], hand="MT", rulings={"meteor.followers_on_target": "lost"})
    act(state, "meteor 1,0", "pass", "pass")
    assert "lost = { red = 1 }" in dump(position_from_state(state))
    again = reloaded(state)
    assert (again.supply("red"), again.lost) == (6, {"red": 1, "blue": 0})
    assert again.key() == state.key()


def test_a_flood_the_meteor_replaced_keeps_its_marks_and_still_spreads():
    # meteor.targets = start: the meteor lands on FL (placed by green, who has not spread it yet). What touched FL
    # stays flooded, and the cut-out spreads around the meteor on green's next turn: the file says where FL lay.
    board = RIVER.replace("2,-4  R4  0", "2,-4  FL  0") + "2,-3 U 0 red@N\n2,-2 A 0"
    state = state_from_text(board, sets=["river", "disasters"], hand="MT", flood={"by": "green"}, gone=["R4"],
                            players=["red", "blue", "green"], rulings={"meteor.targets": "start"})
    act(state, "meteor 2,-4", "pass", "pass", "pass")
    text = dump(position_from_state(state))
    assert 'flood = { spread = false, by = "green", at = "2,-4" }' in text and "2,-3 U 0 red@N flooded@N" in text
    again = reloaded(state)
    assert again.key() == state.key()
    while state.turn != 2 or state.is_chance():  # blue's turn, first choices; then green's draw: the cut-out
        action = state.chance_outcomes()[0][0] if state.is_chance() else state.legal_actions()[0]
        state.apply(action)
        again.apply(action)
    assert state.ext["flood_spread"] and again.key() == state.key()


def test_an_earthquake_the_meteor_destroyed_is_centred_on_the_meteor():
    # earthquake.destroyed_center = at_meteor: the meteor on EQ at 0,-1; blue's open city at 1,-1 is in range of
    # the meteor, so it scores 0 at the end, in the saved game too
    state = state_from_text("0,0 D 0\n0,-1 EQ 180\n1,-1 E 0 blue@N", sets=["disasters"], hand="MT",
                            rulings={"earthquake.destroyed_center": "at_meteor"})
    act(state, "meteor 0,-1", "pass", "pass")
    assert 'earthquake = { destroyed = "0,-1" }' in dump(position_from_state(state))
    again = reloaded(state)
    apply_final(state)
    apply_final(again)
    assert again.scores == state.scores == {"red": 0, "blue": 0}


def test_followers_of_two_players_on_one_segment_after_a_crop_circle_load():
    # cropcircles.add_where = feature: blue adds a follower on the segment of the field where red stands
    text = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"],
                         rulings={"cropcircles.add_where": "feature"})
    assert problems(parse(text, "crop.toml")) == []
    same_segment = position_text("0,0 D 0 red@SSE blue@SSE", sets=["cropcircles"])
    assert [p.code for p in problems(parse(same_segment, "crop.toml"))] == ["shared-segment"]


def test_a_game_that_ended_on_a_flood_with_nothing_to_flood_is_saved_from_its_last_draw():
    # FL is the last tile and no river tile is in play (flood.without_river = redraw): it leaves by itself and
    # the game ends. The saved game ends the same way, scoring once.
    state = state_from_text("0,0 D 0", sets=["disasters"], hand="E", pile=["FL"])
    act(state, "place 0,1 180", "deploy 0,1 NNW", "draw FL")  # red's farmer beside D's city: 3 at the end
    assert state.is_terminal() and state.scores == {"red": 3, "blue": 0}
    again = reloaded(state)
    assert again.is_terminal() and again.scores == state.scores


@pytest.mark.parametrize("line, expected", [
    ("lost = { red = 8 }", "0 to 7 followers out of the game"),
    ('flood = { at = "north" }', 'bad flood.at = "north": expected at = "X,Y"'),
    ("earthquake = { tokens_down = false }", "bad earthquake.tokens_down = false: expected tokens_down = true"),
    ("meteor = { ferries = 1 }", "unknown field 'ferries' in meteor (known: ferries_lost)"),
])
def test_a_bad_memory_key_names_the_file_the_line_and_what_was_expected(line, expected):
    text = 'format = "carcnb/1"\nplayers = ["red", "blue"]\n' + line + '\nboard = """\n0,0 D 0\n"""\n'
    with pytest.raises(PositionFormatError) as e:
        parse(text, "memory.toml")
    assert str(e.value).startswith(f"memory.toml:3: {line!r}: ") and expected in str(e.value)


def test_a_bad_flood_mark_names_its_line():
    with pytest.raises(PositionFormatError, match=r"^m.toml:4: '0,0 D 0 flooded@Q': bad flood mark 'flooded@Q'"):
        parse('format = "carcnb/1"\nplayers = ["red", "blue"]\nboard = """\n0,0 D 0 flooded@Q\n"""\n', "m.toml")


def test_a_flood_mark_where_no_feature_is_a_problem():
    found = problems(parse(position_text("0,0 D 0 flooded@C"), "m.toml"))
    assert [(p.code, p.line) for p in found] == [("no-feature", 4)]


@pytest.mark.parametrize("memory, expected", [
    ({"flood": {"at": "4,4"}}, 'flood: flood.at = "4,4": no tile lies there'),
    ({"earthquake": {"destroyed": "0,1"}}, 'earthquake: earthquake.destroyed = "0,1": no meteor lies there'),
])
def test_memory_that_names_a_missing_tile_is_a_problem(memory, expected):
    found = problems(parse(position_text("0,0 D 0\n0,1 E 180", sets=["disasters"], **memory), "m.toml"))
    assert len(found) == 1 and str(found[0]).startswith(expected), found
