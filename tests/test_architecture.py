"""The house a maintainer reads: layer packages whose imports only go down (``lint-imports`` keeps the layers
contract; here, the rest), no import circle at all, rooms of a readable size, and a command line that loads
only what the command uses."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "carcnb"
LAYERS = ("engine", "storage", "positions", "search", "players", "telling", "puzzles", "widgets", "site", "cli")
MOST_LINES = 500
PUZZLE = REPO / "puzzles" / "themes" / "earthquake" / "into-range.toml"
DRAWING = ("matplotlib", "ipywidgets", "ipyevents", "anywidget", "PIL", "carcnb.widgets", "carcnb.telling.render")


def test_the_package_holds_only_its_layers():
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert modules == ["__init__.py", "__main__.py"]
    assert packages == sorted(LAYERS)


@pytest.mark.parametrize("layer", LAYERS)
def test_each_layer_says_what_it_is_and_what_it_may_use(layer):
    doc = ast.get_docstring(ast.parse((PACKAGE / layer / "__init__.py").read_text(encoding="utf-8")))
    assert doc and len(doc.split()) >= 12, f"carcnb.{layer} needs a docstring saying what it is and may use"


def test_no_import_circle_function_level_imports_included():
    """Every import that runs counts, at the top of a module or inside a function; imports for type annotations
    alone (under TYPE_CHECKING) run nothing and are left out."""
    graph = grimp.build_graph("carcnb", cache_dir=None, exclude_type_checking_imports=True)
    circles = _strongly_connected(graph)
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_circle_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.x")
    graph.add_import(importer="a.y", imported="a.z")
    assert _strongly_connected(graph) == [["a.x", "a.y"]]


def _strongly_connected(graph) -> list[list[str]]:
    """The groups of modules that import each other, round and round (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return sorted(found)


def test_no_module_is_over_five_hundred_lines():
    long = {str(p.relative_to(REPO)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}, f"modules over {MOST_LINES} lines: {long}"


@pytest.mark.parametrize("command", [
    ["score", str(PUZZLE)],
    ["solve", str(PUZZLE)],
    ["readings", str(PUZZLE)],
    ["rulings"],
    ["quiz", "--answer", "place 0,1 0", str(PUZZLE)],
])
def test_a_command_that_draws_nothing_loads_no_drawing_or_widget_library(command):
    code = ("import json, sys\nfrom carcnb.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True, cwd=REPO,
                          timeout=300)
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    drawn = sorted(m for m in loaded if any(m == d or m.startswith(d + ".") for d in DRAWING))
    assert drawn == [], f"carcnb {command[0]} loaded {drawn[:8]}"
    assert "carcnb.search.questions" in loaded or command == ["rulings"], "the command did not run"


def test_render_does_load_the_drawing_code(tmp_path):
    """The check above can fail: a command that draws loads matplotlib."""
    code = ("import json, sys\nfrom carcnb.cli import main\nmain(sys.argv[1:])\n"
            "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "render", str(PUZZLE), "-o", str(tmp_path / "p.png")],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert "matplotlib" in json.loads(done.stderr.strip().splitlines()[-1])
