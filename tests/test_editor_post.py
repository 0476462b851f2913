"""The editor's Post button: the position written as a forum post (``carcnb.telling.post.write_post``) into a folder,
the text shown ready to copy beside its picture; a folder that cannot be written loses nothing."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from conftest import position_from_text

from carcnb.positions.dump import dump
from carcnb.positions.model import Position
from carcnb.positions.parse import parse
from carcnb.telling.post import post_paths
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.editor.model import EDIT


@dataclass(frozen=True)
class Written:
    text_path: Path
    picture_path: Path
    text: str


@pytest.fixture
def posts(monkeypatch):
    """``write_post`` that records what it was given and writes a text and a picture as the real one does."""
    calls = []

    def write_post(p: Position, out_dir: Path, fmt: str = "markdown", progress=None) -> Written:
        calls.append((p, out_dir, fmt))
        for done in range(3):
            if progress is not None:
                progress(done + 1, 3, f"reading {done + 1}")
        out_dir.mkdir(parents=True, exist_ok=True)
        from carcnb.telling.render import png_bytes
        text_path, picture, _ = post_paths(p, out_dir, fmt)
        picture.write_bytes(png_bytes(p))
        text = f"# position\n\n![position]({picture.name})\n\n```toml\n{dump(p)}```\n"
        text_path.write_text(text, encoding="utf-8")
        return Written(text_path, picture, text)

    if "carcnb.telling.post" not in sys.modules or not hasattr(sys.modules["carcnb.telling.post"], "write_post"):
        monkeypatch.setitem(sys.modules, "carcnb.telling.post", types.ModuleType("carcnb.telling.post"))
    monkeypatch.setattr(sys.modules["carcnb.telling.post"], "write_post", write_post, raising=False)
    return calls


def test_post_writes_the_position_as_it_stands(posts, tmp_path):
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    m.rotation = 180
    m.click((0, 1))
    files = m.post(tmp_path / "thread")
    [(p, out_dir, fmt)] = posts
    assert replace(p, question=None) == m.value and p.played == ("place 0,1 180",)
    assert p.question.kind == "best"  # the turn waits for red's follower: the post asks how to finish it
    assert out_dir == tmp_path / "thread" and fmt == "markdown"
    assert files.text_path.exists() and files.picture_path.exists()
    assert m.status == f"post written: {files.text_path} and {files.picture_path}"


def test_a_post_that_cannot_be_written_changes_nothing(posts, tmp_path):
    m = EditorModel(position_from_text("0,0 D 0"), mode=EDIT)
    before = m.value
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")
    assert m.post(blocker) is None
    assert m.status.startswith("no post written:") and "is a file: posts go into a folder" in m.status
    assert m.value == before and posts == [] and blocker.read_text() == "a file, not a folder"


def test_post_button_shows_the_text_and_the_picture(posts, tmp_path):
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text("0,0 D 0\n0,1 E 180 red@S"), mode=EDIT)
    panel = ed.posting
    assert panel.result.layout.display == "none"
    panel.folder.value = str(tmp_path / "post")
    panel.button.click()
    assert panel.result.layout.display is None
    assert panel.text.value == (tmp_path / "post" / "test.md").read_text()
    block = panel.text.value.split("```toml\n")[1].split("```")[0]
    assert parse(block) == ed.model.posted()  # the text carries the position, as it is on the board
    assert bytes(panel.picture.value[:4]) == b"\x89PNG"
    assert "test.md" in panel.where.value and "post written" in ed.status.value
    assert panel.working.value == 3 and panel.working.max == 3  # the bar followed the readings
    assert panel.working.layout.display == "none" and not panel.button.disabled
