"""The computer players judge a position by the points of final scoring read without its rows
(``rules.final_points``): for every colour they must be what the rows of ``final_rows`` add up to, with every
set, every ruling and 2-5 players, at every turn of a game, in both editions' farm scoring."""
from __future__ import annotations

import random

from conftest import COLORS

from carcnb.engine.rules.base import final_rows
from carcnb.engine.rules.final_points import final_points
from carcnb.engine.rulings import RULINGS
from carcnb.engine.state import Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.search.playout import random_action

SETS = [frozenset({"base"}), frozenset({"river", "disasters"}), frozenset({"ferries"}),
        frozenset({"river", "disasters", "ferries"})]


def summed(state: GameState) -> dict[str, int]:
    points = dict.fromkeys(state.players, 0)
    for row in final_rows(state):
        for color in row.scorers:
            points[color] += row.points
    return points


def play_checking(seed: int) -> tuple[int, int, int]:
    """Play a random game comparing the two at every draw; returns how many draws were checked, at how many a
    farm was worth points, and at how many a farm lost a city to the earthquake."""
    rng = random.Random(f"final-points-{seed}")
    rulings = {rid: rng.choice(sorted(RULINGS[rid].options)) for rid in RULINGS}
    rulings["scoring.edition"] = sorted(RULINGS["scoring.edition"].options)[seed % 2]
    state = GameState(Game(players=COLORS[:2 + seed % 4], sets=SETS[seed % 4], rulings=rulings), seed=seed)
    checked = farmed = quaked = 0
    while (who := state.current_player()) != TERMINAL:
        if who == CHANCE:
            assert final_points(state) == summed(state), f"game {seed}, draw {checked}"
            checked += 1
            farms = [row for row in final_rows(state) if row.kind == "field"]
            farmed += any(row.points for row in farms)
            quaked += any("earthquake" in note for row in farms for note in row.notes)
        state.apply(random_action(state, rng), check=False)
    return checked, farmed, quaked


def test_the_points_without_rows_are_the_rows_summed_at_every_turn():
    counts = [play_checking(seed) for seed in (*range(10), 15, 23)]  # 15 and 23: a farm's city hit by the quake
    assert all(checked > 40 for checked, _, _ in counts)
    assert sum(farmed for _, farmed, _ in counts) > 20, "farms were seldom worth points: the fields went untested"
    assert sum(quaked for _, _, quaked in counts), "no farm lost a city to the earthquake: that case went untested"
