"""Nothing lost: an editor autosaves its position at every change, keeps the last 20 editors, writes
atomically, and comes back with ``BoardEditor.restore()``. (conftest points the data folder at tmp_path.)"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from conftest import position_from_text, position_text

from carcnb.engine.errors import CarcnbError
from carcnb.engine.state import Game, GameState
from carcnb.positions.parse import load
from carcnb.storage import safewrite
from carcnb.widgets.editor import EditorModel, autosave
from carcnb.widgets.editor.model import EDIT, PLAY


def editing(**kw) -> tuple[EditorModel, autosave.Autosave]:
    m = EditorModel(position_from_text("0,0 D 0"), mode=EDIT, **kw)
    return m, autosave.Autosave(m)


def test_every_change_is_written_and_nothing_else(data_folder):
    m, saver = editing()
    assert autosave.saved() == [] and saver.path is None  # opening an editor writes nothing
    m.hover((0, 1))
    m.click((5, 5))  # refused: no tile chosen
    assert autosave.saved() == []
    m.select_tile("E")
    m.rotate(2)
    assert m.click((0, 1))
    [path] = autosave.saved()
    assert path.parent == data_folder / "autosave" and path == saver.path
    assert load(path) == m.value
    assert path.read_text().startswith("# carcnb editor autosave: mode = edit\n")
    m.undo()
    assert load(path) == m.value and m.value.tile_at((0, 1)) is None
    assert autosave.saved() == [path]  # one file per editor, rewritten


def test_play_mode_saves_the_game_mid_turn():
    m = EditorModel(GameState(Game(), seed=3))
    saver = autosave.Autosave(m)
    m.apply_text("draw E")
    m.apply_text("place 0,1 180")
    position, mode, path = autosave.read()
    assert mode == PLAY and path == saver.path
    assert position == m.value and position.played == ("place 0,1 180",) and position.hand == "E"


def test_the_last_twenty_editors_are_kept():
    paths = []
    for k in range(23):
        m, saver = editing()
        m.select_tile("C")
        m.click((k + 1, 0))
        paths.append(saver.path)
        time.sleep(0.01)  # file times are coarse: keep the order of writing visible
    kept = autosave.saved()
    assert len(kept) == autosave.KEPT
    assert kept == paths[::-1][:autosave.KEPT]
    assert not any(p.exists() for p in paths[:3])
    position, mode, path = autosave.read(0)
    assert path == paths[-1] and position.tile_at((23, 0)).tile == "C" and mode == EDIT
    assert autosave.read(1)[2] == paths[-2]
    with pytest.raises(CarcnbError, match="autosave 20 does not exist: there are 20"):
        autosave.read(20)


def test_no_autosave_yet_says_where_they_would_be(data_folder):
    with pytest.raises(CarcnbError, match=f"no autosaved editor in {data_folder / 'autosave'}"):
        autosave.read()


def test_a_failed_write_keeps_the_last_file_and_the_editor_goes_on(monkeypatch):
    m, saver = editing()
    m.select_tile("C")
    m.click((1, 0))
    before = saver.path.read_text()

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safewrite.os, "replace", broken)
    assert m.click((2, 0))
    assert "autosave failed: [Errno 28] No space left on device" in m.status
    assert m.value.tile_at((2, 0)).tile == "C"  # the edit itself is done
    assert saver.path.read_text() == before  # the old autosave is whole
    assert sorted(os.listdir(saver.path.parent)) == [saver.path.name]  # no temporary file left behind
    assert m.click((3, 0)) and "autosave failed" not in m.status  # said once
    monkeypatch.undo()
    assert m.click((4, 0)) and saver.error is None
    assert load(saver.path) == m.value


def test_board_editor_restores_the_last_one():
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    ed = BoardEditor(position_from_text("0,0 D 0"), mode=EDIT)
    ed.palette.value = "E"
    ed.model.rotate(2)
    ed.handle_event({"type": "click", **dict(zip(("dataX", "dataY"), ed.geometry.to_pixel(0.5, 1.5)))})
    assert ed.value.tile_at((0, 1)).tile == "E"
    BoardEditor()  # a fresh editor with no change writes nothing: the last one stays the latest
    back = BoardEditor.restore()
    assert back.value == ed.value and back.model.mode == EDIT
    assert back.status.value.startswith(f"<span>restored {ed.autosave.path}")
    assert BoardEditor.autosaves() == [ed.autosave.path]
    back.tool.value = "remove"
    back.handle_event({"type": "click", **dict(zip(("dataX", "dataY"), back.geometry.to_pixel(0.5, 1.5)))})
    assert BoardEditor.autosaves() == [ed.autosave.path]  # goes on in the same file
    assert load(ed.autosave.path).tile_at((0, 1)) is None


def test_restoring_a_file_of_the_users_never_rewrites_it(tmp_path):
    pytest.importorskip("ipyevents")
    from carcnb.widgets.editor import BoardEditor

    mine = tmp_path / "thread.toml"
    text = ("# the position from the thread\n"
            + position_text("0,0 D 0", question={"kind": "final", "answer": {"red": 0, "blue": 0}}))
    mine.write_text(text, encoding="utf-8")
    ed = BoardEditor.restore(mine)
    assert ed.status.value.startswith(f"<span>opened {mine} (autosave never rewrites it)")
    assert ed.model.set_mode(EDIT)
    ed.model.select_tile("E")
    assert ed.model.click((0, 1))
    assert mine.read_text(encoding="utf-8") == text  # the question, answer and comment are all still there
    [saved] = BoardEditor.autosaves()
    assert saved != mine and load(saved).tile_at((0, 1)).tile == "E"


def test_only_the_editors_own_files_count_as_autosaves(data_folder, tmp_path):
    m, saver = editing()
    m.select_tile("C")
    m.click((1, 0))
    assert autosave.is_autosave(saver.path)
    copy = tmp_path / saver.path.name  # an autosave copied out of the folder is the user's now
    copy.write_bytes(saver.path.read_bytes())
    assert not autosave.is_autosave(copy)
    plain = saver.path.with_name("editor-mine.toml")  # in the folder but without the editor's first line
    plain.write_text(position_text("0,0 D 0"), encoding="utf-8")
    assert not autosave.is_autosave(plain)


def test_a_read_only_autosave_is_a_message_and_the_editor_goes_on():
    m, saver = editing()
    m.select_tile("C")
    m.click((1, 0))
    before = saver.path.read_bytes()
    saver.path.chmod(0o444)
    assert m.click((2, 0))
    assert "autosave failed" in m.status and "is read-only" in m.status
    assert saver.path.read_bytes() == before and m.value.tile_at((2, 0)).tile == "C"


def test_another_editor_pruning_the_folder_meanwhile_is_no_failed_autosave(monkeypatch):
    # Editors in other kernels prune the same folder: a file may be gone just after it was looked at.
    autosave.folder().mkdir(parents=True)
    for k in range(autosave.KEPT + 2):
        (autosave.folder() / f"editor-20200101-000000-{k:06x}.toml").write_text("# old\n", encoding="utf-8")
    looked_at = Path.stat

    def pruned_by_another_editor_once_looked_at(self, **kw):
        found = looked_at(self, **kw)
        if self.name.startswith("editor-20200101-"):
            self.unlink(missing_ok=True)
        return found

    m, saver = editing()
    m.select_tile("C")
    with monkeypatch.context() as pruning:
        pruning.setattr(Path, "stat", pruned_by_another_editor_once_looked_at)
        assert m.click((1, 0))
    assert "autosave failed" not in m.status and saver.error is None
    assert load(saver.path) == m.value
    assert autosave.saved() == [saver.path]
