"""Every command given a path it cannot use: exit 2 and one line on stderr naming the path and the problem,
never a traceback, never waiting on a FIFO. Also: a folder with one bad file is checked to the end, Ctrl-C
ends with one line and exit 130, a file nested too deeply or named with bytes that are not UTF-8 is said
plainly.

Paths that only an ordinary user cannot read or write are tried in a child process; run as root, the child
drops the capabilities that let root read and write anything (``setpriv``), so permissions count as they
would for a user. A FIFO is tried in a child too: a command that waited on it would hang the tests.
"""
from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_fuzz import commands

from carcnb.cli import main

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

ROOT = Path(__file__).parent.parent
GOOD = str(ROOT / "puzzles/base/road-loop.toml")
NOTEBOOK = str(ROOT / "notebooks/00-start-here.ipynb")
PATH = "PATH"  # where a case puts the bad path


def readers() -> dict[str, list[str]]:
    """Every command that reads position files, as argv with PATH for the file it is given."""
    found = {name: [name, PATH, *(a.format(tmp="{tmp}") for a in extra)] for name, extra in commands().items()}
    found["quiz (a session)"] = ["quiz", PATH]
    return found


# commands that write, with PATH for the file (render) or the folder (the others) they write into
WRITERS = {"render": ["render", GOOD, "-o", PATH], "render --legend": ["render", "--legend", "-o", PATH],
           "post": ["post", GOOD, "-o", PATH],
           "mine": ["mine", "--sets", "base", "--kind", "final", "--count", "1", "--seed", "1", "-o", PATH],
           "notebooks": ["notebooks", PATH], "quiz --picture-dir": ["quiz", GOOD, "--picture-dir", PATH],
           "site": ["site", NOTEBOOK, "-o", PATH], "notation": ["notation", "-o", PATH]}
FILE_WRITERS = {"render", "render --legend"}


def bad_inputs(tmp: Path) -> dict[str, Path]:
    """Each kind of path a reader cannot read, made under ``tmp``."""
    (tmp / "folder.toml").mkdir()
    (tmp / "afile").write_text("x", encoding="utf-8")
    os.symlink("loop.toml", tmp / "loop.toml")
    return {"missing": tmp / "nope.toml", "a directory": tmp / "folder.toml", "a symlink loop": tmp / "loop.toml",
            "a name too long": tmp / ("x" * 300 + ".toml"), "a file in the way": tmp / "afile" / "x.toml",
            "a missing folder": tmp / "nowhere" / "x.toml"}


def bad_outputs(tmp: Path, name: str) -> dict[str, Path]:
    """Each kind of path ``name`` cannot write to, made under ``tmp``."""
    (tmp / "afile").write_text("x", encoding="utf-8")
    os.symlink("loop.png", tmp / "loop.png")
    found = {"a file in the way": tmp / "afile" / "out.png" if name in FILE_WRITERS else tmp / "afile",
             "a symlink loop": tmp / "loop.png", "a name too long": tmp / ("x" * 300 + ".png")}
    if name in FILE_WRITERS:
        (tmp / "folder.png").mkdir()
        found["a directory"] = tmp / "folder.png"
    return found


def argv_for(case: list[str], path: Path, tmp: Path) -> list[str]:
    return [str(path) if a == PATH else a.format(tmp=tmp) for a in case]


def assert_said_in_one_line(argv: list[str], code: int, err: str, path: Path) -> None:
    shown = f"carcnb {' '.join(a[:60] for a in argv)}"
    assert "Traceback" not in err, f"{shown}:\n{err}"
    assert code == 2, f"{shown} exited {code}:\n{err}"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"carcnb {argv[0]}: "), f"{shown}:\n{err}"
    assert str(path) in lines[0] or str(path.parent) in lines[0], f"{shown} does not name the path:\n{err}"


@pytest.mark.parametrize("name", sorted(readers()))
def test_every_reader_given_a_path_it_cannot_read_says_so_in_one_line(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)  # whatever a command writes by default lands here
    (tmp_path / "in").mkdir()
    for path in bad_inputs(tmp_path / "in").values():
        argv = argv_for(readers()[name], path, tmp_path)
        code = main(argv)
        _, err = capsys.readouterr()
        assert_said_in_one_line(argv, code, err, path)


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_every_writer_given_a_place_it_cannot_write_says_so_in_one_line(tmp_path, monkeypatch, capsys, name,
                                                                     notation_drawn_once):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    for path in bad_outputs(tmp_path / "out", name).values():
        argv = argv_for(WRITERS[name], path, tmp_path)
        code = main(argv)
        _, err = capsys.readouterr()
        assert_said_in_one_line(argv, code, err, path)


def test_a_folder_name_too_long_is_refused_before_the_work(tmp_path, capsys, monkeypatch):
    """A folder whose name the file system cannot hold is found before the pictures are drawn (or, for a site,
    before the notebook tools are loaded): the answer comes at once, not after seconds of work that cannot be
    written."""
    def work(*_args, **_kwargs):
        raise AssertionError("the work began before the folder was checked")

    monkeypatch.setattr("carcnb.telling.notation.notation_pictures", work)
    too_long = tmp_path / ("x" * 300)
    for argv in (["notation", "-o", str(too_long)], ["site", NOTEBOOK, "-o", str(too_long / "site")]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "is 300 bytes long" in err and "choose a shorter name" in err, err
    assert list(tmp_path.iterdir()) == []


# ----- in a child process: permissions, FIFOs, Ctrl-C -------------------------------------------------------
def as_a_user() -> list[str]:
    """The prefix that runs a child with a user's permissions: nothing for a user; for root, without the
    capabilities that override file permissions."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("run as root without setpriv: permissions cannot be tried")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


CHILD = """
import contextlib, io, json, sys
from carcnb.cli import main
for argv in json.loads(sys.argv[1]):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    print(json.dumps([argv, code, err.getvalue()]), flush=True)
"""


def run_in_a_child(argvs: list[list[str]], prefix: list[str] = (), **kw) -> list[tuple[list[str], int, str]]:
    """Run each argv through ``main`` in one child process; what each returned and wrote on stderr. A case
    that waits for ever (on a FIFO) fails the test when the child is given up, naming the cases done."""
    try:
        child = subprocess.run([*prefix, sys.executable, "-c", CHILD, json.dumps(argvs)], capture_output=True,
                               text=True, stdin=subprocess.DEVNULL, timeout=300, **kw)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"a command waited for ever; done before it:\n{e.stdout}")
    assert child.returncode == 0, child.stderr
    return [tuple(json.loads(line)) for line in child.stdout.splitlines()]


def test_every_reader_refuses_a_fifo_and_a_file_or_folder_it_may_not_read(tmp_path):
    prefix = as_a_user()
    fifo, locked, shut = tmp_path / "pipe.toml", tmp_path / "locked.toml", tmp_path / "shut"
    os.mkfifo(fifo)
    shutil.copyfile(GOOD, locked)
    locked.chmod(0)
    shut.mkdir()
    shut.chmod(0)
    argvs = [argv_for(case, path, tmp_path) for case in readers().values() for path in (fifo, locked, shut)]
    results = run_in_a_child(argvs, prefix, cwd=tmp_path)
    assert len(results) == len(argvs)
    for argv, code, err in results:
        path = next(p for p in (fifo, locked, shut) if str(p) in argv)
        assert_said_in_one_line(argv, code, err, path)
        takes_folders = argv[0] in ("check", "grade") or argv == ["quiz", str(shut)]
        said = {fifo: "named pipe (FIFO)", locked: "permission denied",
                shut: "permission denied" if takes_folders else "is a directory"}[path]
        assert said in err, err


def test_every_writer_given_a_read_only_folder_says_so(tmp_path):
    prefix = as_a_user()
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    argvs = [argv_for(case, ro / ("out.png" if name in FILE_WRITERS else "sub"), tmp_path)
             for name, case in WRITERS.items()]
    for argv, code, err in run_in_a_child(argvs, prefix, cwd=tmp_path):
        assert_said_in_one_line(argv, code, err, ro)
        assert "permission denied" in err.lower() or "not writable" in err


def test_a_folder_with_bad_files_is_checked_and_graded_to_the_end(tmp_path):
    prefix = as_a_user()
    shelf = tmp_path / "shelf"
    shutil.copytree(ROOT / "puzzles/base", shelf)
    good = len(list(shelf.glob("*.toml")))
    os.mkfifo(shelf / "a-pipe.toml")
    os.symlink("b-loop.toml", shelf / "b-loop.toml")
    shutil.copyfile(GOOD, shelf / "c-locked.toml")
    (shelf / "c-locked.toml").chmod(0)
    (shelf / "d-shut").mkdir()
    shutil.copyfile(GOOD, shelf / "d-shut" / "x.toml")
    (shelf / "d-shut").chmod(0)
    for command, done in (("check", f"{good} passed, 4 failed"), ("grade", f"{good} graded (0 changed), 4 failed")):
        child = subprocess.run([*prefix, sys.executable, "-m", "carcnb", command, str(shelf)], capture_output=True,
                               text=True, stdin=subprocess.DEVNULL, timeout=300)
        assert child.returncode == 1 and "Traceback" not in child.stderr, child.stderr
        out = child.stdout.splitlines()
        assert out[-1] == done
        assert any("a-pipe.toml" in line and "named pipe (FIFO)" in line for line in out)
        assert any("b-loop.toml" in line and "symbolic links" in line for line in out)
        assert any("c-locked.toml" in line and "permission denied" in line for line in out)
        assert any(line.startswith("FAIL") and "d-shut: permission denied" in line for line in out)


@pytest.mark.parametrize("command", ["check", "grade"])
def test_ctrl_c_ends_any_command_with_one_line_and_exit_130(tmp_path, command):
    shutil.copytree(ROOT / "puzzles", tmp_path / "puzzles")  # grade may write: a copy of the collection
    child = subprocess.Popen([sys.executable, "-m", "carcnb", command, "puzzles"], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    seen = ""
    while "puzzles/" not in seen:  # the first file is done: the command is at work
        char = child.stdout.read(1)
        assert char, f"the command ended before it could be interrupted:\n{seen}"
        seen += char
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines() == [f"carcnb {command}: interrupted"]


def test_ctrl_c_that_a_library_turns_into_another_error_still_ends_with_one_line(monkeypatch, capsys):
    def drawing(args):
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:  # as matplotlib's drawing may do, in C
            raise ValueError("Invalid bounding box") from None

    monkeypatch.setattr("carcnb.cli.score.run", drawing)
    before = signal.getsignal(signal.SIGINT)
    assert main(["score", GOOD]) == 130
    assert capsys.readouterr().err == "carcnb score: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is before  # the caller's own Ctrl-C handling is back


# ----- what is in a file, and what a file is named -----------------------------------------------------------
def test_a_file_nested_too_deeply_is_a_clear_error_naming_it(tmp_path, capsys):
    deep = tmp_path / "deep.toml"
    deep.write_text('format = "carcnb/1"\nx = ' + "[" * 100_000 + "\n", encoding="utf-8")
    for command in ("score", "check"):
        code = main([command, str(deep)])
        out, err = capsys.readouterr()
        assert code == (2 if command == "score" else 1)
        assert f"{deep}: arrays or tables nested too deeply" in err + out


def test_a_file_name_that_is_not_utf8_is_printed_safely(tmp_path):
    folder = os.fsencode(tmp_path / "shelf")
    os.mkdir(folder)
    shutil.copyfile(GOOD, folder + b"/road-\xff.toml")  # a Latin-1 name, as an old archive may hold
    (tmp_path / "shelf" / "broken.toml").write_text("format = 1\n", encoding="utf-8")
    strict = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # a terminal that takes only UTF-8
    for argv in (["check", folder], ["score", folder + b"/nope-\xff.toml"], ["grade", folder]):
        child = subprocess.run([sys.executable, "-m", "carcnb", *argv], capture_output=True, env=strict,
                               stdin=subprocess.DEVNULL, timeout=300)
        out, err = child.stdout.decode("utf-8"), child.stderr.decode("utf-8")
        assert "Traceback" not in err, err
        assert "\\xff" in out + err
    assert child.returncode == 1 and "road-\\xff.toml" in out


def test_a_caption_typed_in_bytes_that_are_not_utf8_is_drawn(tmp_path, capsys):
    out = tmp_path / "caption.png"
    code = main(["render", GOOD, "-o", str(out), "--caption", os.fsdecode(b"caf\xe9 in Latin-1")])
    assert code == 0, capsys.readouterr().err
    assert out.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("name", WRITERS)
@pytest.mark.parametrize("empty", ["", " "])
def test_an_empty_name_to_write_into_is_refused_and_nothing_lands_here(tmp_path, capsys, monkeypatch, name, empty):
    monkeypatch.chdir(tmp_path)  # an empty name would be the current folder
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code = main([empty if a == PATH else a for a in WRITERS[name]])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "an empty name: name the " in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_be_written_is_refused_before_any_drawing_or_notebook_tool(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setattr("carcnb.telling.notation.notation_pictures", lambda *a: pytest.fail("drew the notation"))
    monkeypatch.setattr("carcnb.telling.render.save_picture", lambda *a, **k: pytest.fail("drew the picture"))
    monkeypatch.setitem(sys.modules, "carcnb.site", None)  # loading the notebook tools would fail the command
    for argv in (["notation", "-o", str(blocker / "docs")], ["render", GOOD, "-o", str(blocker / "p.png")],
                 ["site", NOTEBOOK, "-o", str(blocker / "site")]):
        assert main(argv) == 2
        assert f"{blocker} is a file, not a folder" in capsys.readouterr().err
