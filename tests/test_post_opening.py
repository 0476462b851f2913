"""A post answers first: right under the question asked (the user's ``ask``, else the one its kind asks) the
answer in words, and the reading it rests on when a ruling is the point, all before the first picture."""
from __future__ import annotations

from test_forum_post import METEOR
from test_readings import QUAKE_TOKENS_DOWN
from test_readings_words import QUAKE_METEOR

from carcnb.positions.parse import parse
from carcnb.telling.post import write_post

ASK = "Blue's knight stood on EQ when red's meteor hit it. Does it go back to blue's supply?"


def opening(text: str) -> str:
    """What a reader sees before the first picture."""
    return text.split("![")[0]


def post_of(text: str, tmp_path) -> str:
    path = tmp_path / "thread.toml"
    path.write_text(text, encoding="utf-8")
    return write_post(parse(text, str(path)), tmp_path / "post").text


def test_a_question_about_a_pieces_fate_is_answered_with_the_ruling_in_words_first(tmp_path):
    top = opening(post_of(QUAKE_METEOR + f'\n[question]\nkind = "final"\nask = "{ASK}"\n', tmp_path))
    assert top.index(f"**Question:** {ASK}") < top.index("**Answer:** red 35, blue 35.")
    assert ("Under the default reading (followers under the meteor go home), blue's knight on the city at 0,-1 "
            "(S) goes back to the supply; under the other reading (followers under the meteor lost), blue's knight "
            "on the city at 0,-1 (S) is lost: it leaves the game.") in top


def test_a_position_without_a_question_is_answered_under_the_question_its_kind_asks(tmp_path):
    top = opening(post_of(QUAKE_TOKENS_DOWN, tmp_path))
    assert top.index("**Question:** The game ends now. With the points scored so far (red 30, blue 30)") < \
        top.index("**Answer:** red 30, blue 33.")
    assert ("That is under the default reading: earthquake at the end. Under “earthquake on placement, "
            "3rd-edition farms”: red 30, blue 42. Under “earthquake on placement, 2nd-edition farms”: red 30, "
            "blue 39.") in top


def test_a_best_question_gets_the_line_in_words_before_the_picture(tmp_path):
    top = opening(post_of(METEOR + '\n[question]\nkind = "best"\n', tmp_path))
    assert "**Answer:** red's best line is `meteor 3,-1`, value 4. Red aims the meteor at 3,-1." in top
    assert "No reading" not in top  # no ruling is the point: nothing said of readings up here
