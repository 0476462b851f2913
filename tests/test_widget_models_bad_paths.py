"""The editor's Load and the puzzle browser given files they cannot read: a message in the widget's status,
never an exception, never waiting on a FIFO; file names with bytes that are not UTF-8 shown so that a widget
can send them to the browser.

The FIFO and the unreadable files are tried in a child process (see ``test_cli_bad_paths``): a model that
waited on the FIFO would hang the tests, and root reads any file unless its capabilities are dropped.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from test_cli_bad_paths import ROOT, as_a_user

from carcnb.puzzles.listing import read_collection

CHILD = """
import json, sys
from pathlib import Path
from carcnb.widgets.editor import EditorModel
from carcnb.widgets.puzzleboard.browser_model import BrowserModel
shelf = Path(sys.argv[1])
editor = EditorModel()
loads = [[editor.load(shelf / name), editor.status] for name in json.loads(sys.argv[2])]
browser = BrowserModel(shelf, progress=shelf.parent / "progress.json")
(shelf / "road-loop.toml").chmod(0)  # taken away after it was listed
opened = browser.open("road-loop.toml")
print(json.dumps({"loads": loads, "keys": [e.key for e in browser.entries], "titles": [e.title for e in browser.entries],
                  "messages": browser.messages, "opened": opened, "status": browser.status}, ensure_ascii=False))
"""


def test_load_and_the_browser_turn_every_unreadable_file_into_a_message(tmp_path):
    prefix = as_a_user()
    shelf = tmp_path / "shelf"
    shutil.copytree(ROOT / "puzzles/base", shelf)
    listed = len(read_collection(shelf).entries)  # a puzzle asked under each reading of a ruling lists each
    os.mkfifo(shelf / "pipe.toml")
    os.symlink("loop.toml", shelf / "loop.toml")
    shutil.copyfile(shelf / "road-loop.toml", shelf / "locked.toml")
    (shelf / "locked.toml").chmod(0)
    (shelf / "shut").mkdir()
    shutil.copyfile(shelf / "road-loop.toml", shelf / "shut" / "x.toml")
    (shelf / "shut").chmod(0)
    (shelf / "afile").write_text("x", encoding="utf-8")
    shutil.copyfile(shelf / "road-loop.toml", os.fsencode(shelf) + b"/latin-\xe9.toml")
    names = {"pipe.toml": "named pipe (FIFO)", "loop.toml": "symbolic links", "locked.toml": "permission denied",
             "shut": "is a directory", "afile/x.toml": "not a directory", "nope.toml": "no such file",
             "x" * 300 + ".toml": "file name too long"}
    latin = os.fsdecode(b"latin-\xe9.toml")
    child = subprocess.run([*prefix, sys.executable, "-c", CHILD, str(shelf), json.dumps([*names, latin])],
                           capture_output=True, stdin=subprocess.DEVNULL, timeout=300)
    assert child.returncode == 0, child.stderr.decode("utf-8", "replace")
    seen = json.loads(child.stdout.decode("utf-8"))  # strict: every text the widgets show is UTF-8
    for (name, problem), (ok, status) in zip(names.items(), seen["loads"]):
        assert not ok and status.startswith(f"not loaded: {shelf / name}: ") and problem in status, status
    ok, status = seen["loads"][-1]
    assert ok and status.startswith(f"loaded {shelf}/latin-\\xe9.toml")
    assert len(seen["keys"]) == listed + 1 and "latin-\\xe9.toml" in seen["keys"]
    (unread,) = [m for m in seen["messages"] if "could not be read" in m]
    assert unread.startswith("4 file(s)") and "shut: permission denied" in unread
    assert not seen["opened"] and "road-loop.toml: permission denied" in seen["status"]


PROGRESS = """
import json, sys
from carcnb.widgets.puzzleboard.browser_model import BrowserModel
print(json.dumps([BrowserModel(sys.argv[1], progress=path).messages for path in sys.argv[2:]]))
"""


def test_a_progress_file_that_cannot_be_read_is_a_message(tmp_path):
    fifo, deep = tmp_path / "fifo.json", tmp_path / "deep.json"
    os.mkfifo(fifo)
    deep.write_text("[" * 100_000, encoding="utf-8")
    child = subprocess.run([sys.executable, "-c", PROGRESS, str(ROOT / "puzzles/base"), str(fifo), str(deep)],
                           capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    assert child.returncode == 0, child.stderr
    for messages in json.loads(child.stdout):
        assert any("could not read the progress file" in m for m in messages), messages
