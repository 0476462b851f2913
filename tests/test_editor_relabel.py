"""A title or a question says something of the position, not of its board: in free edit setting it can be
undone; in play it goes to the game's starting position and the game goes on where it was."""
from pathlib import Path

from carcnb.positions.parse import load
from carcnb.widgets.editor.model import EDIT, PLAY, EditorModel

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_in_play_a_title_keeps_the_game_where_it_is():
    m = EditorModel(load(PUZZLES / "base/farm-edition.toml"), mode=PLAY)
    played, version = list(m.state.history), m.version
    assert m.set_title("  A  farm ") and m.title == "A farm" and m.status == "title: A farm"
    assert m.origin.title == "A farm" and m.state.history == played and m.version == version + 1
    assert not m.can_undo


def test_in_free_edit_a_title_can_be_undone():
    m = EditorModel(load(PUZZLES / "base/farm-edition.toml"), mode=EDIT)
    before = m.title
    assert m.set_title("") and m.title == "" and m.status.startswith("no title")
    assert m.undo() and m.title == before
