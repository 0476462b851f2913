"""The puzzle collection keeps its coverage: its size, its placement and last-tile puzzles, every rule of the
expansions and every option of every ruling in puzzles whose answer it decides.

Only the files are read (their ``topics`` are the engine's own, kept current by ``carcnb check``), so this runs
in a second; ``carcnb check puzzles`` recomputes the answers and the grades.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import collection

from carcnb.engine.rulings import RULINGS, resolve
from carcnb.engine.tiles import catalogue
from carcnb.positions.model import Position
from carcnb.puzzles.collection import puzzle_root
from carcnb.search.questions import readings_asked

PUZZLES = [p for _, p in collection()]
# Every question asked: a puzzle under each reading of a ruling asks one per reading, each with that option in
# force; its grade (the ruling among its topics) is the file's.
ASKED = [part for p in PUZZLES for part in readings_asked(p)]

# Rules sections 3-5 of the rules digest, by the topic name the grade gives them.
RULE_TOPICS = ("earthquake", "flood", "meteor", "tornado", "ferries", "cropcircles")

# Ruling options that never change the answer of a one-turn question, with the reason. A puzzle cannot show
# them deciding anything, so for these the collection only has to play under the option with the ruling's tile
# in play (``_shows``).
_SUPPLY = "home or out of the game only changes the supply of later turns"
_CROP = "a position holding one crop circle tile is impossible under the others"
NEVER_DECIDE = {
    ("flood.without_river", "redraw"): "with FL in hand and no river, nothing is left to decide",
    ("flood.without_river", "any_tile"): "under 'redraw' the same position has nothing to decide",
    ("flood.followers_on_replaced", "return"): _SUPPLY,
    ("flood.followers_on_replaced", "lost"): _SUPPLY,
    ("meteor.followers_on_target", "return"): _SUPPLY,
    ("meteor.followers_on_target", "lost"): _SUPPLY,
    ("meteor.ferry_on_target", "return"): "the ferry supply is never short within a turn",
    ("meteor.ferry_on_target", "lost"): "the ferry supply is never short within a turn",
    **{("ferries.crop_circle_tile", option): _CROP for option in RULINGS["ferries.crop_circle_tile"].options},
    ("cropcircles.add_where", "feature"): "the follower joins the same feature from any of its segments, so a "
                                          "line that adds one is never the only best",
}
DECIDING = [(rid, option) for rid in sorted(RULINGS) for option in RULINGS[rid].options
            if (rid, option) not in NEVER_DECIDE]


def _tiles(p: Position) -> set[str]:
    return {t.tile for t in p.board} | ({p.hand} if p.hand else set())


def _shows(p: Position, ruling: str, option: str) -> bool:
    """Whether ``p`` plays a ruling that never decides an answer under ``option``, with its tile in play."""
    tiles = _tiles(p)
    if ruling.startswith("flood."):
        return "FL" in tiles
    if ruling.startswith("meteor."):
        return "MT" in tiles
    crop = {tid for tid in tiles if catalogue()[tid].has("crop_circle")}
    if ruling == "ferries.crop_circle_tile":
        if "cropcircles" in p.sets or "ferries" not in p.sets:
            return False
        return not crop if option == "none" else option in crop
    return bool(crop)


def _in_force(p: Position) -> dict[str, str]:
    return resolve(dict(p.rulings))


def test_every_puzzle_is_graded():
    ungraded = [str(p.path) for p in PUZZLES if p.question is None or p.question.topics is None]
    assert not ungraded, f"run carcnb grade on: {ungraded}"


def test_the_collection_asks_at_least_150_questions():
    """A puzzle asked under each reading of a ruling asks one question per reading."""
    assert len(ASKED) >= 150, f"only {len(ASKED)} questions in {puzzle_root()}"


def test_at_least_30_placement_or_last_tile_puzzles():
    turns = [p for p in PUZZLES if p.question.kind == "best" and p.hand and not p.played]
    assert len(turns) >= 30, f"only {len(turns)} puzzles play a whole turn from the tile in hand"
    assert sum(1 for p in turns if p.pile == ()) >= 10, "too few last-tile puzzles (pile = [])"


@pytest.mark.parametrize("topic", RULE_TOPICS)
def test_every_rule_of_the_expansions_is_in_two_puzzles(topic):
    named = [p.path for p in PUZZLES if topic in p.question.topics]
    assert len(named) >= 2, f"{topic}: only {[str(n) for n in named]}"


@pytest.mark.parametrize("ruling,option", DECIDING)
def test_every_option_decides_the_answer_of_two_puzzles(ruling, option):
    deciding = [p.path for p in ASKED if ruling in p.question.topics and _in_force(p)[ruling] == option]
    assert len(deciding) >= 2, f"{ruling} = {option}: decides only {[str(d) for d in deciding]}"


@pytest.mark.parametrize("ruling,option", sorted(NEVER_DECIDE))
def test_every_option_that_never_decides_is_played_in_two_puzzles(ruling, option):
    shown = [p.path for p in ASKED if _in_force(p)[ruling] == option and _shows(p, ruling, option)]
    assert len(shown) >= 2, f"{ruling} = {option} ({NEVER_DECIDE[ruling, option]}): only {[str(s) for s in shown]}"


def test_the_options_that_never_decide_decide_no_puzzle():
    """If one of them ever decides an answer, it belongs with the others (and NEVER_DECIDE is wrong)."""
    listed = Counter((t, _in_force(p)[t]) for p in ASKED for t in p.question.topics
                     if (t, _in_force(p).get(t)) in NEVER_DECIDE)
    assert not listed, f"these options decide answers after all: {dict(listed)}"


def test_every_folder_of_the_collection_is_a_topic_players_can_pick():
    folders = {Path(p.path).parent.name for p in PUZZLES}
    assert {"base", "river", "disasters", "ferries", "cropcircles", "combos"} <= folders
