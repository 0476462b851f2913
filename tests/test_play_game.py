"""A game against the computer (``carcnb.widgets.game``), without a browser: a person's move and the computer's
reply, Undo back to the person's decision, the hint, saving and loading the same game, the rule page a
disaster names, whole games between computer seats; and the view's buttons. Fixed seeds and small iteration
budgets keep every game the same and fast."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from carcnb.engine.actions import Place, parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.telling.rulepages import every_note
from carcnb.widgets.game import GameModel
from carcnb.widgets.game.seats import read_sidecar, sidecar_of

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "carcnb" / "data" / "examples"
ALL = ("river", "disasters", "ferries")


def person_turn(m: GameModel) -> None:
    """The person's whole turn: the first legal placement, then no follower (and the first of anything else)."""
    number = len(m.turns())
    while m.human_to_act and len(m.turns()) == number:
        legal = m.legal_actions()
        assert m.choose("pass" if "pass" in legal else legal[0]), m.status


def test_a_move_of_yours_then_the_computer_replies():
    m = GameModel(("base",), players=("you", "random"), seed=1)
    assert m.human_to_act and m.turns()[0].lines[0].startswith("red draws")
    assert m.choose(m.legal_actions()[0])
    assert m.human_to_act and "deploy" in m.prompt()  # still red's turn: the follower
    assert m.choose("pass")
    first, reply, now = m.turns()
    assert (first.player, first.seat, first.finished) == ("red", "you", True)
    assert first.lines[1].startswith("red places") and first.lines[2] == "red puts no follower down"
    assert (reply.player, reply.seat, reply.finished) == ("blue", "random", True)
    assert reply.lines[0].startswith("blue draws") and reply.lines[1].startswith("blue places")
    assert reply.text().startswith("Turn 2: blue (computer, random)\n  blue draws")
    assert (now.player, now.finished) == ("red", False) and m.human_to_act
    assert "blue (computer, random) played turn 2" in m.status


def test_a_click_places_the_tile_as_in_the_editor():
    m = GameModel(("base",), players=("you", "random"), seed=1)
    assert not m.click((40, 40)) and m.status == m.board.status and len(m.state.history) == 1  # refused: why
    place = next(a for a in m.state.legal_actions() if isinstance(a, Place))
    m.rotate(place.rot // 90)
    assert m.click(place.pos) and m.state.history[-1] == place
    assert not m.click((40, 40)) and "followers go on the tile just placed" in m.status


def test_undo_goes_back_to_your_decision_taking_back_the_replies():
    m = GameModel(("base",), players=("you", "random"), seed=2)
    decisions = []  # the game at each of red's decisions: placing, deploying, placing, deploying
    for _ in range(2):
        for move in (m.legal_actions()[0], "pass"):
            decisions.append(m.state.clone())
            assert m.choose(move)
    assert len(m.turns()) == 5 and len(m.state.history) > len(decisions[-1].history) + 1  # blue replied
    for seen in reversed(decisions):
        assert m.undo() and m.state == seen and m.human_to_act and m.status.startswith("taken back. red:")
    assert len(m.turns()) == 1 and len(m.turns()[0].lines) == 1  # red's first draw, and nothing after it
    assert not m.can_undo and not m.undo() and "nothing to take back" in m.status


def test_after_an_undo_the_same_tiles_come_again():
    m = GameModel(("base",), players=("you", "random"), seed=4)
    person_turn(m)
    drawn = [t.lines[0] for t in m.turns()]
    m.undo()
    m.undo()
    person_turn(m)
    assert [t.lines[0] for t in m.turns()] == drawn


@pytest.mark.parametrize("hint", ["mcts", "greedy"])
def test_the_hint_is_a_legal_action_in_notation_and_in_words(hint):
    m = GameModel(ALL, players=("you", "mcts"), iterations=20, seed=5, hint=hint)
    before = m.state.clone()
    text = m.suggest()
    action = m.last_suggestion
    assert action in m.state.legal_actions() and m.state == before
    assert text.startswith(f"The computer would play {action}: red ") and parse_action(str(action)) == action
    assert m.choose(str(action)) and m.last_suggestion is None


def test_no_hint_once_the_game_is_over():
    m = GameModel(("base",), players=("random", "random"), seed=1)
    assert m.over and "no decision of yours" in m.suggest()


def test_save_then_load_is_the_same_game_and_the_same_players(tmp_path):
    m = GameModel(ALL, players=("you", "greedy", "random"), iterations=7, seed=6)
    person_turn(m)
    m.choose(m.legal_actions()[0])  # the middle of a turn: a tile placed, the follower still to decide
    path = tmp_path / "game.toml"
    assert m.save(path), m.status
    assert sidecar_of(path) == tmp_path / "game.players.toml"
    assert read_sidecar(path) == m.seats
    again = GameModel.open(path)
    assert again.state == m.state and again.legal_actions() == m.legal_actions()
    assert again.seats == m.seats and again.human_to_act
    for game in (m, again):  # it goes on the same: the same tiles drawn
        person_turn(game)
    assert [t.lines[0] for t in again.turns()[-2:]] == [t.lines[0] for t in m.turns()[-2:]]


def test_loading_without_the_players_file_keeps_the_players_or_asks(tmp_path):
    m = GameModel(("base",), players=("you", "random"), seed=3)
    person_turn(m)
    m.save(tmp_path / "g.toml")
    sidecar_of(tmp_path / "g.toml").unlink()
    other = GameModel(("base",), players=("you", "greedy"), seed=8)
    assert other.load(tmp_path / "g.toml") and other.seats.levels == ("you", "greedy")
    assert other.state == m.state
    three = GameModel(("base",), players=("you", "random", "random"), seed=3)
    assert not three.load(tmp_path / "g.toml")
    assert "has 2 players and no g.players.toml beside it" in three.status and len(three.colors) == 3
    assert three.load(tmp_path / "g.toml", players=("random", "you")) and three.seats.levels == ("random", "you")
    assert not three.load(tmp_path / "missing.toml") and three.status.startswith("not loaded:")


def test_a_disaster_names_its_rule_and_page():
    m = GameModel(("base",), players=("you", "random"), seed=3, iterations=5)
    assert m.load(EXAMPLES / "meteor-road.toml", players=("you", "random")), m.status
    while not m.turns() or not m.turns()[0].finished:
        m.choose(m.legal_actions()[0])
    told = m.turns()[0].text()
    assert "the meteor lands on" in told
    assert "Rule: Meteor: 2. The drawer points at a tile — see 05-meteor.ipynb" in told
    assert "Rule: Meteor: 6. The meteor replaces the tile — see 05-meteor.ipynb" in told


def test_the_tornado_names_its_page():
    m = GameModel(("base",), players=("you", "random"), seed=3, iterations=5)
    assert m.load(EXAMPLES / "tornado-line.toml", players=("you", "random"))
    while not m.turns() or not m.turns()[0].finished:
        m.choose(m.legal_actions()[0])
    pages = {note.page for note in m.turns()[0].rules}
    assert pages == {"06-tornado.ipynb"}
    assert "Tornado: 3. Two steps each, clockwise from the placer" in m.turns()[0].text()


def test_a_whole_game_between_computers_reaches_the_end_the_same_for_the_same_seed():
    m = GameModel(("base",), players=("mcts", "random"), iterations=1, seed=1)
    assert m.over and not m.human_to_act and m.turns()[-1].finished and len(m.turns()) == 71
    assert "the game ends: every follower left on the board scores" in m.turns()[-1].lines
    assert re.fullmatch(r"red \d+, blue \d+: (red|blue) wins|.* tie with \d+", m.result())
    again = GameModel(("base",), players=("mcts", "random"), iterations=1, seed=1)
    assert again.scores == m.scores and [t.text() for t in again.turns()] == [t.text() for t in m.turns()]


def test_a_game_with_every_expansion_names_every_rule_page():
    m = GameModel(ALL, players=("random", "random"), seed=3)
    assert m.over
    pages = {note.page for t in m.turns() for note in t.rules}
    assert pages == {"03-earthquake.ipynb", "04-flood.ipynb", "05-meteor.ipynb", "06-tornado.ipynb",
                     "07-ferries.ipynb", "08-crop-circles.ipynb"}


def test_the_earthquake_on_placement_sends_to_the_clause_of_its_tokens():
    m = GameModel(ALL, {"earthquake.timing": "on_place"}, players=("random", "random"), seed=3)
    clauses = {note.clause for t in m.turns() for note in t.rules if note.rule == "Earthquake"}
    assert "2. The range: two squares straight, one diagonally" in clauses
    assert "1. An ordinary tile until the end" not in clauses


def test_three_computers_play_a_whole_game():
    m = GameModel(("base",), players=("random", "mcts", "random"), iterations=1, seed=1)
    assert m.over and len(m.turns()) == 71 and set(m.scores) == {"red", "blue", "green"}
    assert {t.seat for t in m.turns()} == {"random", "mcts"}


def test_every_clause_named_is_a_heading_of_its_page():
    for note in every_note():
        cells = json.loads((ROOT / "notebooks" / note.page).read_text(encoding="utf-8"))["cells"]
        headings = {line.strip() for c in cells if c["cell_type"] == "markdown" for line in c["source"]}
        assert f"## {note.clause}" in headings, f"{note.page} has no heading {note.clause!r}"


@pytest.mark.parametrize("options, says", [
    ({"players": ("you", "robot")}, "unknown player 'robot': expected one of you, random, greedy, mcts"),
    ({"players": ("you",)}, "expected 2 to 6 seats"),
    ({"sets": ("moon",)}, "unknown set 'moon'"),
    ({"seconds": 0}, "seconds: expected a number of seconds above 0"),
    ({"hint": "random"}, "hint: unknown level 'random'"),
])
def test_a_table_that_cannot_be_set_says_why(options, says):
    with pytest.raises(CarcnbError, match=re.escape(says)):
        GameModel(**options)


def test_the_model_loads_no_drawing_or_widget_library():
    code = ("import json, sys\nfrom carcnb.widgets.game import GameModel\n"
            "GameModel(('base',), players=('you', 'mcts'), iterations=3, seed=1).choose('pass')\n"
            "print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                       cwd=ROOT).stdout)
    drawn = [m for m in loaded if m.split(".")[0] in ("matplotlib", "ipywidgets", "ipyevents", "anywidget", "PIL")
             or m.startswith("carcnb.telling.render")]
    assert drawn == []


# ----- the view ----------------------------------------------------------------------------------------------
def test_the_view_plays_a_turn_with_its_buttons_and_a_click():
    from carcnb.widgets.game import PlayGame

    game = PlayGame(("base",), players=("you", "random"), seed=1, iterations=5)
    m = game.model
    assert game.decisions.options == tuple(m.legal_actions()) and "place" in game.status.value
    place = next(a for a in m.state.legal_actions() if isinstance(a, Place) and a.rot == 0)
    g = game.view.geometry
    x = (place.x - g.xmin + 0.5) * g.px_per_tile
    y = g.top + (g.ymax - place.y - 0.5) * g.px_per_tile
    game.handle_event({"type": "click", "dataX": x, "dataY": y})
    assert m.state.history[-1] == place
    [button] = game.quick.children
    assert button.description == "pass"
    button.click()
    assert "Turn 2: blue (computer, random)" in game.turn_log.value
    assert game.turn_log.value.index("Turn 3") < game.turn_log.value.index("Turn 2")  # the latest first
    game.hint_button.click()
    assert game.status.value.startswith("<span>The computer would play")
    game.undo_button.click()
    assert "deploy" in game.decisions.value and "taken back" in game.status.value


def test_the_view_links_the_rule_page():
    from carcnb.widgets.game.widget import PlayGame

    m = GameModel(("base",), players=("you", "random"), seed=3)
    m.load(EXAMPLES / "tornado-line.toml", players=("you", "random"))
    game = PlayGame(model=m)
    while not m.turns() or not m.turns()[0].finished:
        game.decisions.value = game.decisions.options[0]
        game.play_button.click()
    assert "<a href='06-tornado.ipynb' target='_blank'>06-tornado.ipynb</a>" in game.turn_log.value
