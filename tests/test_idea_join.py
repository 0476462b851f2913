"""A tile that joins the mover's feature to an opponent's is a steal (the mover alone holds the most followers
then) or a share (as many as the opponent): no follower need be deployed, the join is the move."""
from conftest import position_from_text

from carcnb.engine.actions import parse_action
from carcnb.positions.model import Position
from carcnb.telling.idea import compared

THREE_CITIES = """
-1,0 F 0 red@W
1,0 F 0 blue@E
-1,1 B 0
0,1 E 180 {north}
1,1 B 0
"""
JOIN = ("place 0,0 0", "pass")  # the Q joins the city of -1,0, the one of 1,0 and the one of 0,1
ELSEWHERE = ("place -2,0 0", "pass")  # the Q only makes red's city longer

# Red's knight at -1,0 already shares blue's city; red's knight at -2,-1 holds a city of its own.
SHARED = """
-1,0 F 0 red@W
0,0 G 90
1,0 F 0 blue@E
-2,-1 E 0 red@N
-1,-1 B 0
"""


def _theme(p: Position, answer: tuple[str, ...], obvious: tuple[str, ...]) -> tuple[str, str, str] | None:
    idea = compared(p, tuple(map(parse_action, answer)), tuple(map(parse_action, obvious)), 0)
    return None if idea is None else (idea.theme, idea.feature, idea.opponent)


def _three_cities(north: str) -> tuple[str, str, str] | None:
    p = position_from_text(THREE_CITIES.format(north=north), to_move="red", hand="Q", pile=["U", "U"])
    return _theme(p, JOIN, ELSEWHERE)


def test_joining_two_knights_of_the_mover_to_one_of_an_opponent_steals_the_city():
    assert _three_cities("red@S") == ("steal", "city", "blue")


def test_joining_one_knight_of_the_mover_to_one_of_an_opponent_shares_the_city():
    assert _three_cities("") == ("share", "city", "blue")


def test_joining_a_city_the_opponent_holds_more_of_is_no_steal():
    assert _three_cities("blue@S") is None  # blue wins the city: the join is no idea of red's


def test_a_second_knight_joined_to_a_city_the_mover_already_shares_steals_it():
    """The N at -2,0 brings red's knight of -2,-1 into the city red shares with blue."""
    p = position_from_text(SHARED, to_move="red", hand="N", pile=["U", "U"])
    assert _theme(p, ("place -2,0 180", "pass"), ("place 2,0 0", "pass")) == ("steal", "city", "blue")
