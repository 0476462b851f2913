"""Seeded random games pinned by a digest of their whole action history and their final scores: a change made
for speed (placement index, undo record, caches) must play every set's games exactly as before, with and without
the undo record."""
from __future__ import annotations

import hashlib
import random

import pytest
from conftest import COLORS

from carcnb.engine.state import Game, GameState
from carcnb.search.playout import random_playout

SETS = {"base": (), "river": ("river",), "disasters": ("river", "disasters"), "ferries": ("ferries",),
        "cropcircles": ("cropcircles",), "all": ("river", "disasters", "ferries", "cropcircles")}

# (sets, seed, players, the first 16 hex digits of the sha256 of the history's notation, final scores by seat)
PINNED = [
    ("base", 1, 2, "bdf51a113049c8bd", (20, 14)),
    ("base", 2, 3, "37c4e46c67371539", (14, 33, 12)),
    ("base", 3, 4, "5e2991e59a0fae72", (18, 24, 17, 8)),
    ("river", 1, 2, "cf1b8640ee9e43c0", (10, 8)),
    ("river", 2, 3, "e7b1eec00fd9bd14", (17, 15, 17)),
    ("river", 3, 4, "39b3fac8b4a6c469", (29, 22, 18, 15)),
    ("disasters", 1, 2, "c46bc91e95d6091f", (18, 14)),
    ("disasters", 2, 3, "15b4d8c01072aa0d", (19, 23, 15)),
    ("disasters", 3, 4, "90460bb4d2b8a8d0", (27, 13, 20, 5)),
    ("ferries", 1, 2, "cec5ce846177a6ad", (25, 4)),
    ("ferries", 2, 3, "3a55cf2624f5b9d4", (24, 35, 25)),
    ("ferries", 3, 4, "80f977bdc37d37b8", (8, 22, 18, 10)),
    ("cropcircles", 1, 2, "b868a833af13616f", (19, 10)),
    ("cropcircles", 2, 3, "ac1d49902c579bf4", (17, 18, 31)),
    ("cropcircles", 3, 4, "fb0ccb51078bd7a5", (17, 31, 8, 22)),
    ("all", 1, 2, "4329a7bfd72d9e96", (12, 20)),
    ("all", 2, 3, "6e722d297e41bac2", (22, 30, 13)),
    ("all", 3, 4, "9075c5a641a1de5d", (16, 15, 24, 14)),
]


def played(sets: str, seed: int, players: int, undo: bool) -> tuple[str, tuple[int, ...]]:
    state = GameState(Game(players=COLORS[:players], sets=frozenset(SETS[sets])), seed=seed)
    random_playout(state, random.Random(seed), undo=undo)
    digest = hashlib.sha256("\n".join(map(str, state.history)).encode()).hexdigest()[:16]
    return digest, tuple(state.scores.values())


@pytest.mark.parametrize("sets, seed, players, digest, scores", PINNED)
def test_a_seeded_game_plays_as_pinned(sets, seed, players, digest, scores):
    assert played(sets, seed, players, undo=False) == (digest, scores)


@pytest.mark.parametrize("sets", sorted(SETS))
def test_the_undo_record_changes_no_game(sets):
    _, seed, players, digest, scores = next(p for p in PINNED if p[0] == sets)
    assert played(sets, seed, players, undo=True) == (digest, scores)
