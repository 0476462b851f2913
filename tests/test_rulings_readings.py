"""Rulings this kit added where the rules texts are silent: one test per option."""
from __future__ import annotations

from conftest import act, legal_texts, state_from_text

from carcnb.engine.rules.tornado import TornadoDropStep
from carcnb.engine.rulings import RULINGS

# Red places TO1 at the end of a straight road; blue's follower stands on the road two tiles back.
TORNADO_LINE = """
0,0 D 0
1,0 U 90 blue@E
2,0 U 90
"""


def _drive_to_drop(rulings: dict[str, str]):
    """Play the tornado event by always taking the first legal step until the carried follower is put."""
    state = state_from_text(TORNADO_LINE, hand="TO1", sets=["disasters"], rulings=rulings)
    act(state, "place 3,0 90")
    for _ in range(40):
        if state.todo and isinstance(state.todo[0], TornadoDropStep):
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError("the tornado never had a follower to put down")


def test_tornado_drop_must_offers_no_return_when_a_feature_is_free():
    state = _drive_to_drop({"tornado.drop": "must"})
    options = legal_texts(state)
    assert options and all(o.startswith("drop blue") for o in options)
    assert state.players[state.current_player()] == "blue"  # the owner decides, not the placer


def test_tornado_drop_may_lets_the_owner_take_it_home():
    state = _drive_to_drop({"tornado.drop": "may"})
    options = legal_texts(state)
    assert "pass" in options and any(o.startswith("drop blue") for o in options)
    supply_before = state.supply("blue")
    act(state, "pass")
    assert state.supply("blue") == supply_before + 1


# No river (ruling any_tile): FL replaces the road tile at 1,0, a diagonal neighbour of red's cloister at
# 0,-1, whose other neighbours are down but for 0,-2; then blue closes that gap with E.
FLOOD_CLOISTER = """
0,0 D 0
0,-1 B 0 red@C
1,0 U 90
-1,0 U 90
1,-1 B 0
-1,-1 B 0
-1,-2 E 180
1,-2 E 180
"""


def _complete_the_cloister(option: str):
    state = state_from_text(FLOOD_CLOISTER, hand="FL", sets=["disasters"],
                            rulings={"flood.cloister_beside": option, "flood.without_river": "any_tile"})
    act(state, "flood 1,0", "draw E")
    return state


def test_flood_cloister_beside_dry_completes_and_scores():
    state = _complete_the_cloister("dry")
    act(state, "place 0,-2 180", "pass")
    assert any(r.kind == "cloister" and r.points == 9 for r in state.rows)
    assert state.scores["red"] == 9


def test_flood_cloister_beside_flooded_never_completes():
    state = _complete_the_cloister("flooded")
    act(state, "place 0,-2 180", "pass")
    assert not any(r.kind == "cloister" for r in state.rows)
    assert state.board.feature(((0, -1), 0)).flooded


def test_every_ruling_has_a_default_an_alternative_and_a_source():
    for ruling in RULINGS.values():
        assert len(ruling.options) >= 2 and ruling.default in ruling.options
        assert ruling.question and ruling.source


def test_the_rulings_page_is_the_registry():
    from pathlib import Path

    from carcnb.engine.rulings import markdown

    page = Path(__file__).parent.parent / "docs" / "rulings.md"
    assert page.read_text(encoding="utf-8") == markdown(), "regenerate: carcnb rulings --markdown > docs/rulings.md"
