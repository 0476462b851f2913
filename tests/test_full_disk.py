"""Nothing lost on a full disk: a picture written over an old one leaves the old one whole, a new one leaves no
file at all (never a truncated or empty one), and the command says in one line which file it could not write.

The disk is made full two ways: a small file system the test mounts and fills (where user namespaces let a test
mount one: skipped with a message elsewhere), and a limit on the size of any file the process writes, which
fails a write halfway just as a full disk does, on any system.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PUZZLE = Path(__file__).parent.parent / "puzzles" / "base" / "road-tie.toml"

# Runs in its own process with the folder to write into: writes the old pictures, makes the disk full (fills
# it, or limits the size of files), then runs each command that writes a picture and prints what each said
# and what files are left.
ON_A_FULL_DISK = r"""
import contextlib, errno, hashlib, io, json, os, resource, sys
from pathlib import Path
from carcnb.cli import main

how, puzzle, disk = sys.argv[1], sys.argv[2], Path(sys.argv[3])
main(["render", puzzle, "-o", str(disk / "keep.png"), "--px", "16"])  # old pictures, small ones
(disk / "pictures").mkdir()
main(["render", puzzle, "-o", str(disk / "pictures" / f"001-{Path(puzzle).stem}.png"), "--px", "16"])
if how == "fill":
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    with contextlib.suppress(OSError):
        while True:
            os.write(fd, b"\0" * 4096)
    os.close(fd)
else:
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
said = {}
for name, argv in {
        "render over an old picture": ["render", puzzle, "-o", str(disk / "keep.png")],
        "render a new picture": ["render", puzzle, "-o", str(disk / "new.png")],
        "render a new svg": ["render", puzzle, "-o", str(disk / "new.svg")],
        "render the legend": ["render", "--legend", "-o", str(disk / "legend.png")],
        "quiz": ["quiz", puzzle, "--picture-dir", str(disk / "pictures")],
        "post": ["post", puzzle, "-o", str(disk / "post")]}.items():
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO("reveal\nquit\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    said[name] = [code, err.getvalue()]
files = {str(p.relative_to(disk)): hashlib.sha256(p.read_bytes()).hexdigest()
         for p in sorted(disk.rglob("*")) if p.is_file() and p.name != "filler"}
print(json.dumps({"said": said, "files": files}))
"""


def _small_disk_mounts(folder: Path) -> str | None:
    """None when a small file system can be mounted on ``folder`` in a namespace of the test's own; else why
    not."""
    if shutil.which("unshare") is None:
        return "no unshare command"
    probe = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
                            'mount -t tmpfs -o size=64k carcnb-full "$0"', str(folder)], capture_output=True,
                           text=True)
    return None if probe.returncode == 0 else (probe.stderr.strip() or f"exit {probe.returncode}")


def _run(how: str, disk: Path) -> dict:
    command = [sys.executable, "-c", ON_A_FULL_DISK, how, str(PUZZLE), str(disk)]
    if how == "fill":
        command = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
                   'mount -t tmpfs -o size=512k carcnb-full "$0" && exec "$@"', str(disk), *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("how", ["fill", "limit"], ids=["small file system filled", "file size limited"])
def test_a_full_disk_leaves_every_picture_whole_or_not_there(tmp_path, how):
    disk = tmp_path / "disk"
    disk.mkdir()
    if how == "fill" and (why := _small_disk_mounts(disk)) is not None:
        pytest.skip(f"cannot mount a small file system here ({why}); the file size limit stands in for it")
    if how == "limit" and sys.platform == "win32":
        pytest.skip("no file size limit on Windows")
    found = _run(how, disk)
    old = found["files"]
    assert set(old) == {"keep.png", "pictures/001-road-tie.png"}, old  # nothing new, nothing half-written
    for name, (code, err) in found["said"].items():
        assert code == 2 and err.count("\n") == 1, f"{name}: exit {code}, {err!r}"
        assert str(disk) in err and ("space" in err or "too large" in err), f"{name}: {err!r}"
    assert "keep.png" in found["said"]["render over an old picture"][1]
    # the old pictures are the ones written before the disk was full, byte for byte
    again = tmp_path / "again"
    again.mkdir()
    from carcnb.cli import main
    assert main(["render", str(PUZZLE), "-o", str(again / "keep.png"), "--px", "16"]) == 0
    picture = hashlib.sha256((again / "keep.png").read_bytes()).hexdigest()
    assert old == {"keep.png": picture, "pictures/001-road-tie.png": picture}


# ----- every file through the one safe writer ----------------------------------------------------------------
PACKAGE = Path(__file__).parent.parent / "carcnb"
SAFE_WRITER = PACKAGE / "storage" / "safewrite.py"
WRITES = {"write_bytes", "write_text", "fdopen", "symlink_to", "hardlink_to", "touch", "mkstemp"}
MODULE_WRITES = {"os": {"replace", "rename", "link", "symlink", "write", "truncate"},
                 "shutil": {"copy", "copy2", "copyfile", "copyfileobj", "copytree", "move"}}
DRAWS = {"savefig", "print_png", "print_svg", "print_figure", "save"}  # into a buffer only (``save``: Pillow's)


def _writes_outside_the_safe_writer(path: Path) -> list[str]:
    """The calls in ``path`` that write a file by another way than ``storage.safewrite``."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    buffers = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
               and getattr(node.value.func, "attr", getattr(node.value.func, "id", "")) in ("BytesIO", "StringIO")
               for t in node.targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        module = getattr(getattr(node.func, "value", None), "id", "")
        mode = next((a.value for a in node.args[1:2] if isinstance(a, ast.Constant)), None) or next(
            (k.value.value for k in node.keywords if k.arg == "mode" and isinstance(k.value, ast.Constant)), "r")
        opened_to_write = name == "open" and isinstance(mode, str) and set(mode) & set("wax+")
        flags = ast.unparse(node.args[1]) if name == "open" and len(node.args) > 1 else ""
        os_open_to_write = name == "open" and any(f in flags for f in ("O_WRONLY", "O_RDWR", "O_CREAT")) and (
            ast.unparse(node.args[0]) != "os.devnull")
        drawn_to_a_file = name in DRAWS and isinstance(node.func, ast.Attribute) and node.args and (name != "save" or len(node.args) > 1) and not (
            isinstance(node.args[0], ast.Name) and node.args[0].id in buffers)
        if name in WRITES or name in MODULE_WRITES.get(module, ()) or opened_to_write or os_open_to_write \
                or drawn_to_a_file:
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_every_file_the_kit_writes_goes_through_the_safe_writer():
    found = [line for path in sorted(PACKAGE.rglob("*.py")) if path != SAFE_WRITER
             for line in _writes_outside_the_safe_writer(path)]
    assert found == [], "\n".join(found)
