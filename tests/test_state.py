"""The game as a state machine: action notation, legal actions, apply/undo/clone, placement counts checked by
hand (perft), random-play conformance and a golden playthrough transcript."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from conftest import COLORS, act, snapshot, state_from_text
from hypothesis import given, settings
from hypothesis import strategies as st

from carcnb.engine.actions import (Action, Crop, Deploy, Discard, Draw, Drop, Ferry, Flood, Meteor, Pass, Pick, Place,
                                   Remove, TornadoStep, parse_action)
from carcnb.engine.errors import ActionSyntaxError, IllegalActionError
from carcnb.engine.geometry import PORT_INDEX, neighbour
from carcnb.engine.rules.base import legal_placements
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.engine.tiles import catalogue
from carcnb.search.playout import random_playout

P = PORT_INDEX


# ----- action notation ---------------------------------------------------------------------------------------
EXAMPLES = [
    (Draw("V"), "draw V"), (Draw("R10"), "draw R10"), (Place(1, -2, 90), "place 1,-2 90"),
    (Place(-10, 0, 0), "place -10,0 0"), (Discard(), "discard"), (Pass(), "pass"),
    (Deploy((1, -2), P["NNE"]), "deploy 1,-2 NNE"), (Deploy((0, 0), P["C"]), "deploy 0,0 C"),
    (Remove((1, 0), P["N"]), "remove 1,0 N"), (Ferry((3, 0), P["E"], P["S"]), "ferry 3,0 E-S"),
    (Meteor((2, 1)), "meteor 2,1"), (Flood((0, -3)), "flood 0,-3"), (TornadoStep((1, 1)), "tornado 1,1"),
    (Pick("red", (1, 1), P["N"]), "pick red 1,1 N"), (Drop("blue", (-1, 1), P["WSW"]), "drop blue -1,1 WSW"),
    (Crop("add"), "crop add"), (Crop("remove"), "crop remove"),
]


@pytest.mark.parametrize("action, text", EXAMPLES)
def test_action_notation_round_trips(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert parse_action("  " + text.replace(" ", "   ") + "\n") == action  # any whitespace between fields


def test_every_action_class_has_an_example():
    assert {type(a) for a, _ in EXAMPLES} == set(_subclasses(Action))


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


_pos = st.tuples(st.integers(-99, 99), st.integers(-99, 99))
_port = st.integers(0, 12)
ACTIONS = st.one_of(
    st.builds(Draw, st.sampled_from(catalogue().ids())),
    st.builds(Place, st.integers(-99, 99), st.integers(-99, 99), st.sampled_from([0, 90, 180, 270])),
    st.just(Discard()), st.just(Pass()), st.builds(Deploy, _pos, _port), st.builds(Remove, _pos, _port),
    st.builds(Ferry, _pos, st.sampled_from([1, 4, 7, 10]), st.sampled_from([1, 4, 7, 10])),
    st.builds(Meteor, _pos), st.builds(Flood, _pos), st.builds(TornadoStep, _pos),
    st.builds(Pick, st.sampled_from(COLORS), _pos, _port), st.builds(Drop, st.sampled_from(COLORS), _pos, _port),
    st.builds(Crop, st.sampled_from(["add", "remove"])),
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_any_action_round_trips(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "jump 1,2", "place 1,2 45", "place 1;2 90", "place 1,2", "deploy 1,2 XX",
                                  "deploy 1,2", "ferry 1,1 E", "ferry 1,1 E-Q", "crop maybe", "pass now",
                                  "draw", "meteor x,y"])
def test_bad_action_text_raises_the_syntax_error(text):
    with pytest.raises(ActionSyntaxError) as err:
        parse_action(text)
    assert repr(text) in str(err.value) or repr(text.split()[-1] if text else text) in str(err.value)


# ----- legal actions, apply, undo, clone ------------------------------------------------------------------
def _random_states(seed: int, sets=()):
    """The live state of a random three-player game, yielded before each action (the caller may look, and
    must leave the state as it found it)."""
    state = GameState(Game(players=("red", "blue", "green"), sets=frozenset(sets)), seed=seed)
    rng = random.Random(seed)
    while state.current_player() != TERMINAL:
        yield state
        who = state.current_player()
        state.apply(state.sample_chance() if who == CHANCE else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed, sets", [(5, ()), (6, ("river",))])
def test_legal_actions_are_sorted_and_deterministic(seed, sets):
    recorded = []
    for state in _random_states(seed, sets):
        acts = state.legal_actions()
        assert acts == state.legal_actions()
        kinds = {type(a) for a in acts}
        if kinds == {Draw} or kinds == {Place}:
            assert acts == sorted(acts) and len(set(acts)) == len(acts)
        elif Pass in kinds:  # deploying: the targets in order, then pass
            assert acts[-1] == Pass() and acts[:-1] == sorted(acts[:-1]) and kinds <= {Deploy, Pass}
        else:
            assert acts == [Discard()]
        recorded.append(acts)
    # replaying the same history from a fresh game meets the same lists and reaches the same state
    replay = GameState(Game(players=("red", "blue", "green"), sets=frozenset(sets)), seed=seed)
    for action, acts in zip(state.history, recorded):
        assert replay.legal_actions() == acts
        replay.apply(action)
    assert replay == state and replay.is_terminal()


def _illegal_examples(state: GameState) -> list[Action]:
    out: list[Action] = [Draw("ZZ"), Place(50, 50, 0), Deploy((50, 50), P["N"]), Remove((0, 0), P["N"]),
                         Crop("add"), Meteor((0, 0))]
    if state.is_chance():
        out += [Pass(), Discard()] + [Draw(t) for t in catalogue().ids() if t not in state.pile_stage()][:3]
    elif Pass() in state.legal_actions():
        out += [Discard(), Deploy((0, 0), P["C"])]
    else:
        out += [Pass(), Draw("A")]
    return out


def test_illegal_actions_raise_and_change_nothing():
    checked = 0
    for state in _random_states(8):
        if random.Random(len(state.history)).random() < 0.8:
            continue
        before = snapshot(state)
        for bad in _illegal_examples(state):
            if bad in state.legal_actions():
                continue
            with pytest.raises(IllegalActionError) as err:
                state.apply(bad)
            assert repr(str(bad)) in str(err.value)
            assert snapshot(state) == before
            checked += 1
    assert checked > 50


def test_illegal_action_message_lists_legal_actions():
    state = act(GameState(Game(), seed=0), "draw U")
    with pytest.raises(IllegalActionError, match=r"illegal action 'pass' .*legal: place -1,0 90"):
        state.apply(Pass())


def _undo_check(state: GameState, text: str) -> None:
    before, twin = snapshot(state), state.clone()
    state.apply(parse_action(text))
    assert snapshot(state) != before
    assert state.undo() == parse_action(text)
    assert snapshot(state) == before
    assert state == twin
    assert state.legal_actions() == twin.legal_actions()
    state.apply(parse_action(text))  # and the game goes on from there


def test_undo_is_exact_after_every_kind_of_action():
    state = GameState(Game(), seed=0)
    _undo_check(state, "draw U")                 # a draw
    _undo_check(state, "place 1,0 90")           # a placement
    _undo_check(state, "deploy 1,0 E")           # a deploy (then the turn ends and blue is at the draw)
    _undo_check(state, "draw E")
    _undo_check(state, "place 0,1 180")          # completes D's city
    _undo_check(state, "deploy 0,1 S")           # ... and scores it: 4 points, the follower goes home
    assert state.scores == {"red": 0, "blue": 4}
    _undo_check(state, "draw V")
    _undo_check(state, "place 2,0 0")            # extends red's road
    _undo_check(state, "pass")                   # a pass
    discard = state_from_text("0,0 C 0", hand="U")
    _undo_check(discard, "discard")              # a discard
    last = state_from_text("0,0 D 0 red@E", hand="U")
    last.stages = [{}, {}, {}]
    last.apply(parse_action("place 1,0 90"))
    _undo_check(last, "pass")                    # the last action: final scoring, the game is over
    assert last.is_terminal() and last.scores == {"red": 2, "blue": 0}


def test_undo_with_nothing_to_undo_raises():
    with pytest.raises(IllegalActionError):
        GameState(Game(), seed=0).undo()


@pytest.mark.parametrize("sets", [frozenset(), frozenset({"river", "disasters", "ferries", "cropcircles"})])
def test_a_playout_without_undo_plays_the_same_game_and_refuses_undo(sets):
    from carcnb.search.playout import random_playout

    recorded = random_playout(GameState(Game(sets=sets), seed=3), random.Random(3))
    unrecorded = random_playout(GameState(Game(sets=sets), seed=3), random.Random(3), undo=False)
    assert unrecorded.history == recorded.history
    assert unrecorded.key() == recorded.key() and unrecorded.rows == recorded.rows
    with pytest.raises(IllegalActionError, match="no record for undo"):
        unrecorded.undo()
    assert unrecorded.key() == recorded.key()


def test_clones_are_independent():
    state = act(GameState(Game(), seed=0), "draw U", "place 1,0 90")
    twin = state.clone()
    assert twin == state and snapshot(twin) == snapshot(state)
    act(twin, "deploy 1,0 E", "draw E")
    assert snapshot(state) != snapshot(twin)
    act(state, "pass", "draw C")
    assert twin.board.followers == {twin.board.node_at((1, 0), P["E"]): ("red",)} and twin.hand == "E"
    assert state.board.followers == {} and state.hand == "C"
    twin.undo()
    twin.undo()
    assert state.hand == "C"
    assert twin.legal_actions()[-1] == Pass()


def test_a_clone_undoes_the_whole_past_exactly_and_leaves_its_state_alone():
    """A clone shares the board's values with its state (it copies only the containers): undone on the clone,
    150 actions into a game with every set and back to its first action, each earlier state comes back exactly,
    and the state it was cloned from is left as it was."""
    seen = [snapshot(s) for s, _ in zip(_random_states(12, ("river", "disasters", "ferries", "cropcircles")),
                                        range(150))]
    state = GameState(Game(players=("red", "blue", "green"), sets=frozenset({"river", "disasters", "ferries",
                                                                              "cropcircles"})), seed=12)
    rng = random.Random(12)
    for _ in seen[:-1]:  # the same game again, up to the last state seen
        who = state.current_player()
        state.apply(state.sample_chance() if who == CHANCE else rng.choice(state.legal_actions()))
    twin, last = state.clone(), snapshot(state)
    assert snapshot(twin) == last == seen[-1]
    for earlier in reversed(seen[:-1]):
        twin.undo()
        assert snapshot(twin) == earlier
    assert snapshot(state) == last
    state.undo()
    assert snapshot(state) == seen[-2]


@pytest.mark.parametrize("seed, sets", [(8, ()), (9, ("river", "disasters", "ferries", "cropcircles"))])
def test_a_fork_plays_on_as_a_clone_and_leaves_its_state_alone(seed, sets):
    """Every twentieth state of a random game is forked and played to the end both on the fork and on a clone
    (the same random numbers): the same game, and the forked state unchanged. A recording fork undoes back to
    where it was forked."""
    forks = 0
    for i, state in enumerate(_random_states(seed, sets)):
        if i % 20:
            continue
        before = snapshot(state)
        fork, twin = state.fork(), state.clone()
        random_playout(fork, random.Random(i), undo=False)
        random_playout(twin, random.Random(i), undo=False)
        assert fork.history == twin.history and fork.rows == twin.rows and fork.key() == twin.key()
        assert snapshot(state) == before
        recording = state.fork(record=True)
        random_playout(recording, random.Random(i))
        while len(recording.history) > len(state.history):
            recording.undo()
        assert snapshot(recording) == before
        forks += 1
    assert forks >= 8


# ----- perft: legal placement counts, worked out by hand ------------------------------------------------------
# Edges N E S W at each rotation (a quarter turn moves each edge one step clockwise):
#   C  CCCC at every rotation           B  FFFF at every rotation
#   U  0 RFRF  90 FRFR  180 RFRF  270 FRFR
#   V  0 FFRR  90 RFFR  180 RRFF  270 FRRF
#   E  0 CFFF  90 FCFF  180 FFCF  270 FFFC
#   R  0 CCFC  90 CCCF  180 FCCC  270 CFCC
# D alone at 0,0 (CRFR) leaves four open positions: 0,1 needs S=C; 1,0 needs W=R; 0,-1 needs N=F; -1,0 needs E=R.
LONE_D = "0,0 D 0"
# D, C above it and V (rot 0) east of it: open positions and what they need
#   0,2 S=C | -1,1 E=C | 1,1 W=C and S=F | -1,0 E=R | 0,-1 N=F | 2,0 W=F | 1,-1 N=R
THREE = "0,0 D 0\n0,1 C 0\n1,0 V 0"
# Seven tiles (the majority board of test_rules_base): open positions and what they need
#   0,1 N=C E=F S=C W=C | 0,-1 N=F | 1,-1 N=F | 2,0 W=R | 2,1 W=F | 2,2 W=R | 1,3 S=F | 0,3 S=F
#   -1,2 E=R S=R | -2,1 E=F | -2,0 E=F | -1,-1 N=F
SEVEN = "0,0 D 0\n1,0 U 90\n1,1 B 0\n1,2 U 90\n0,2 D 180\n-1,0 V 180\n-1,1 D 90"
PERFT = [
    # C fits only at 0,1, at each of its 4 rotations
    (LONE_D, "C", 4),
    # U: 1,0 at 90/270, -1,0 at 90/270, 0,-1 at 90/270; nothing at 0,1
    (LONE_D, "U", 6),
    # B: only 0,-1, 4 rotations
    (LONE_D, "B", 4),
    # V: 1,0 (W=R) 0/90; 0,-1 (N=F) 0/270; -1,0 (E=R) 180/270
    (LONE_D, "V", 6),
    # E: 0,1 at 180; 0,-1 at 90/180/270
    (LONE_D, "E", 4),
    # D (CRFR; 90 RCRF, 180 FRCR, 270 RFRC): 0,1 (S=C) 180; 1,0 (W=R) 0,180; 0,-1 (N=F) 180; -1,0 (E=R) 0,180
    (LONE_D, "D", 6),
    # E beside D and V (0,0 D; 1,0 V): 0,1 (S=C) 180; 0,-1 (N=F) 90/180/270; -1,0 (E=R) none;
    # 1,1 (S=F) 0/90/270; 2,0 (W=F) 0/90/180; 1,-1 (N=R) none -> 1 + 3 + 3 + 3
    ("0,0 D 0\n1,0 V 0", "E", 10),
    # R on THREE: 0,2 90/180/270; -1,1 0/90/180; 1,1 only 0; 0,-1 180; 2,0 90 -> 3 + 3 + 1 + 1 + 1
    (THREE, "R", 9),
    # R on SEVEN: 0,1 270; 0,-1 180; 1,-1 180; 2,1 90; 1,3 0; 0,3 0; -2,1 270; -2,0 270; -1,-1 180
    (SEVEN, "R", 9),
    # V on SEVEN: two rotations at each of the 10 single-constraint positions except 0,1 (city): 0,-1 1,-1
    # 2,0 2,1 2,2 1,3 0,3 -2,1 -2,0 -1,-1 -> 20; -1,2 (E=R S=R) only 270 -> 21
    (SEVEN, "V", 21),
    # U on SEVEN: RFRF/FRFR: 0,-1 1,-1 -1,-1 (N=F) 90/270 each; 2,0 2,2 (W=R) 90/270; 2,1 (W=F) 0/180;
    # 1,3 0,3 (S=F) 90/270; -2,1 -2,0 (E=F) 0/180; -1,2 (E=R, S=R) none; 0,1 none -> 10 * 2
    (SEVEN, "U", 20),
    # every position next to a lone C needs a city edge: nothing for U
    ("0,0 C 0", "U", 0),
    # the spring: the first river tile must take the water at 0,-1: R10 at 90 (west) or 180 (east)
    ("0,0 R1 0", "R10", 2),
]


@pytest.mark.parametrize("board, hand, count", PERFT)
def test_perft_placement_counts(board, hand, count):
    sets = ["river"] if hand.startswith("R") and hand != "R" else []
    state = state_from_text(board, hand=hand, sets=sets)
    assert len(legal_placements(state)) == count
    if count == 0:
        assert state.legal_actions() == [Discard()]


def _edges_match(state: GameState, tile, x: int, y: int, rot: int) -> bool:
    """Independent check of the placement rule from the catalogue's edge letters."""
    mine = tile.at(rot).edges
    touching = 0
    for side in range(4):
        other = state.board.tiles.get(neighbour((x, y), side))
        if other is None:
            continue
        touching += 1
        if other.orient.edges[(side + 2) % 4] != mine[side]:
            return False
    return touching > 0 and (x, y) not in state.board.tiles


@pytest.mark.parametrize("seed", [11, 12])
def test_legal_placements_equal_brute_force_edge_matching(seed):
    checked = 0
    for state in _random_states(seed):
        if state.hand is None or state.is_chance() or Pass() in state.legal_actions():
            continue
        tile = state.hand_tile
        cells = {neighbour(p, s) for p in state.board.tiles for s in range(4)} - set(state.board.tiles)
        brute = sorted((x, y, r) for x, y in cells for r in (0, 90, 180, 270) if _edges_match(state, tile, x, y, r))
        assert legal_placements(state) == brute
        checked += 1
    assert checked >= 60


# ----- random-play conformance -----------------------------------------------------------------------------
def _on_board(state: GameState) -> dict[str, int]:
    """Followers of each colour on the board, counted from the board's own record."""
    out: dict[str, int] = {}
    for entries in state.board.followers.values():
        for color in entries:
            out[color] = out.get(color, 0) + 1
    return out


def _conformance_game(seed: int, players: int, sets: tuple[str, ...], deep: bool) -> int:
    """One game checked at every step; how many tiles it discarded."""
    colors = COLORS[:players]
    state = GameState(Game(players=colors, sets=frozenset(sets)), seed=seed)
    fresh = snapshot(state)
    rng = random.Random(seed)
    scores = dict(state.scores)
    total_tiles = 72 + (12 if "river" in sets else 0)
    discards = 0
    while True:
        who = state.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            action = state.sample_chance()
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            if isinstance(action, Deploy):
                assert state.supply(state.active) > 0
            discards += action == Discard()
        rows_before = len(state.rows)
        state.apply(action, check=False)
        on_board = _on_board(state)
        for c in colors:
            supply = state.supply(c)
            assert supply >= 0 and state.lost[c] == 0
            assert supply + on_board.get(c, 0) + state.lost[c] == 7
            assert state.scores[c] >= scores[c]
        if state.rows[rows_before:] and not state.is_terminal():
            # points during play come from completed features, each with a follower that went home
            for row in state.rows[rows_before:]:
                assert row.complete and row.points > 0 and row.followers
                assert all(((pos, seg) not in state.board.followers) for _, pos, seg in row.followers)
        scores = dict(state.scores)
        if deep and who == CHANCE:
            for node in state.board.followers:  # no follower stands on a completed feature between turns
                f = state.board.feature(node)
                assert not f.complete or f.kind == "field"
    assert state.pile_size() == 0
    assert len(state.board.tiles) + discards == total_tiles
    assert state.legal_actions() == []
    if deep:
        while state.history:
            state.undo()
        assert snapshot(state) == fresh
        assert state == GameState(Game(players=colors, sets=frozenset(sets)), seed=seed)
    return discards


# 200 games (1000 before), 20 of them undone to the start: every decision comes thousands of times but one, the
# discard of a tile that fits nowhere, about once in 100 base games: each block of 100 holds one (the 200 hold 3)
CONFORMANCE_GAMES, BLOCKS = 200, 2


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_play_conformance(block):
    """Random games in blocks: 2-5 players, half with the river; every tenth game also checks that no follower
    stands on a completed feature between turns and undoes the whole game back to the start."""
    size = CONFORMANCE_GAMES // BLOCKS
    discards = sum(_conformance_game(seed=i, players=2 + i % 4, sets=("river",) if i % 2 else (), deep=i % 10 == 3)
                   for i in range(block * size, (block + 1) * size))
    assert discards >= 1


# ----- golden playthrough ---------------------------------------------------------------------------------------
GOLDEN = Path(__file__).parent / "golden" / "playthrough-base.txt"


def playthrough(seed: int = 2025) -> list[str]:
    """A seeded two-player base game: one line per action with who acts, the action, how many legal actions
    there were, and the scores after it."""
    state = GameState(Game(players=("red", "blue")), seed=seed)
    rng = random.Random(seed)
    lines = []
    while state.current_player() != TERMINAL:
        who = state.current_player()
        legal = state.legal_actions()
        action = state.sample_chance() if who == CHANCE else rng.choice(legal)
        state.apply(action)
        name = "chance" if who == CHANCE else state.players[who]
        lines.append(f"{name:6} {str(action):18} legal {len(legal):3}   red {state.scores['red']:3}  "
                     f"blue {state.scores['blue']:3}")
    return lines


def test_golden_playthrough():
    """Regenerate with CARCNB_REGENERATE_GOLDEN=1 after an intended change, and review the diff."""
    lines = playthrough()
    if os.environ.get("CARCNB_REGENERATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    # facts checked by hand: the first draw chooses among the 24 base tile types; 71 draws in all
    assert expected[0].startswith("chance") and " legal  24 " in expected[0]
    assert sum(line.startswith("chance") for line in expected) == 71
    assert lines == expected
