"""Shared helpers for the engine tests: positions written inline, scripted turns, random play."""
from __future__ import annotations

import functools
import itertools
import json
import os
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

from carcnb.engine.actions import parse_action
from carcnb.engine.state import Game, GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import load, parse
from carcnb.puzzles.collection import puzzle_root
from carcnb.search.playout import random_playout
from carcnb.telling.notation import notation_pictures

COLORS = ("red", "blue", "green", "yellow", "black", "gray")


@functools.cache
def collection() -> tuple[tuple[Path, Position], ...]:
    """Every puzzle file of the collection with its position, loaded once a test process: several modules ask a
    question of each puzzle, and they make their lists as the tests are collected, in every worker."""
    return tuple((path, load(path)) for path in sorted(puzzle_root().rglob("*.toml")))


def collected(path: Path) -> Position:
    """The position of a file of the collection, as ``load`` reads it (``collection``: loaded once)."""
    return _by_path()[path]


@functools.cache
def _by_path() -> dict[Path, Position]:
    return dict(collection())

# A forum user's board: red's thief on the road from the cloister, open to the east, a city below its end.
THIEF_ROAD = """board = \"\"\"
-1,0   A    270
0,0    D    0
1,0    U    90   red@E
2,0    U    90
3,0    U    90
3,-1   E    180
\"\"\"
"""

# The whole River I laid out from the spring at 0,0 to the lake at 5,-6 (flood and meteor tests use it).
RIVER = """
0,0   R1  0
0,-1  R7  0
0,-2  R6  0
0,-3  R7  0
0,-4  R8  270
1,-4  R3  0
2,-4  R4  0
3,-4  R5  0
4,-4  R9  0
4,-5  R10 180
5,-5  R10 0
5,-6  R2  0
"""


# Blue laid FL in place of R4 (2,-4) and has not spread it; red plays the last tile of the game. Red's knight
# is on R3's north city at 1,-4, a square the cut-out would cover.
LAST_TILE_BEFORE_THE_SPREAD = '''format = "carcnb/1"
sets = ["river", "disasters"]
players = ["red", "blue"]
to_move = "red"
hand = "U"
pile = []
gone = ["R4"]
flood = { by = "blue" }
board = """
0,0   R1  0
0,-1  R7  0
0,-2  R6  0
0,-3  R7  0
0,-4  R8  270
1,-4  R3  0    red@N
2,-4  FL  0
3,-4  R5  0
4,-4  R9  0
4,-5  R10 180
5,-5  R10 0
5,-6  R2  0
"""
'''


def _toml(value: object) -> str:
    """A TOML value for the small header values tests use (strings, numbers, lists, flat tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def position_text(board_text: str, question: dict | None = None, **header: object) -> str:
    """The text of a position file: ``header`` keys as in position-format.md (players defaults to
    red, blue), the board lines, and an optional ``[question]`` table."""
    header.setdefault("players", ["red", "blue"])
    lines = ['format = "carcnb/1"'] + [f"{k} = {_toml(v)}" for k, v in header.items()]
    lines += ['board = """', board_text.strip("\n"), '"""']
    if question is not None:
        lines += ["", "[question]"] + [f"{k} = {_toml(v)}" for k, v in question.items()]
    return "\n".join(lines) + "\n"


def position_from_text(board_text: str, question: dict | None = None, **header: object) -> Position:
    return parse(position_text(board_text, question, **header), "test.toml")


def state_from_text(board_text: str, *, allow_problems: bool = False, seed: int = 0, **header: object) -> GameState:
    """A game state at the position written as board lines plus header keys (hand, to_move, sets, ...)."""
    return state_from_position(position_from_text(board_text, **header), seed, allow_problems=allow_problems)


def act(state: GameState, *texts: str) -> GameState:
    """Apply actions given in notation, each checked for legality."""
    for text in texts:
        state.apply(parse_action(text))
    return state


def legal_texts(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play_random(seed: int, players: int = 2, sets: Iterable[str] = (),
                on_step: Callable[[GameState, object], None] | None = None) -> GameState:
    """Play a full game with every decision uniformly at random (draws from the state's seeded pile).
    ``on_step(state, action)`` is called after each action."""
    state = GameState(Game(players=COLORS[:players], sets=frozenset(sets)), seed=seed)
    return random_playout(state, random.Random(seed), on_step)


def snapshot(state: GameState) -> tuple:
    """Everything observable about a state, wider than ``state.key()``: open positions, every feature as
    connected now, the score rows and the history too. Two equal snapshots are the same situation."""
    board = state.board
    features = tuple((f.kind, f.nodes, f.complete, f.flooded, f.pennants, f.followers) for f in board.features())
    return (state.key(), tuple(sorted(board.open.items())), features, state.rows, tuple(state.history),
            tuple(sorted(state.lost.items())))


def connected_features(state: GameState) -> list:
    """Every feature as connected now, with its open ends (to compare the incremental board with a rebuild)."""
    board = state.board
    return sorted((f.kind, f.nodes, f.complete, f.flooded, f.pennants, f.followers, board.info[board.find(f.root)].open)
                  for f in board.features())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules marked ``heavy`` first, the rest in their order: make test's workers take a module at a
    time in this order, so the last ones to go are short and both workers finish together. A browser test
    (``e2e``) lives in a ``test_e2e_*.py`` file: make test collects only those for the browser tests."""
    stray = [item.nodeid for item in items
             if item.get_closest_marker("e2e") and not item.path.name.startswith("test_e2e_")]
    if stray:
        raise pytest.UsageError(f"browser tests outside a tests/test_e2e_*.py file, which make test would never "
                                f"run: {', '.join(stray)}; move them into one")
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


@pytest.fixture
def base_game() -> GameState:
    """A fresh two-player base game at its first draw."""
    return GameState(Game(players=("red", "blue")), seed=1)


@pytest.fixture(scope="session")
def data_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the tests' data folders are made, one name after another."""
    root = tmp_path_factory.mktemp("carcnb-data")
    return (root / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def data_folder(data_folders: Iterator[Path]) -> Iterator[Path]:
    """Every test keeps the user's data folder (editor autosaves) in a folder of its own, not made until the
    kit writes there: a test's own temporary folder and ``monkeypatch`` cost a millisecond a test, three seconds
    over the unit tests."""
    folder, before = next(data_folders), os.environ.get("CARCNB_DATA_DIR")
    os.environ["CARCNB_DATA_DIR"] = str(folder)
    yield folder
    if before is None:
        del os.environ["CARCNB_DATA_DIR"]
    else:
        os.environ["CARCNB_DATA_DIR"] = before


@pytest.fixture(scope="session")
def shared_lab(tmp_path_factory):
    """One JupyterLab server and one Chromium for every browser test of the run (``labserver.shared_lab``):
    starting them takes seconds of both cores, a test's own folder keeps it apart from the others."""
    from labserver import require_browser
    from labserver import shared_lab as started

    require_browser()
    with started(tmp_path_factory.mktemp("lab")) as lab:
        yield lab


_NOTATION_PICTURES: dict[str, dict[str, bytes]] = {}


def remembered_notation_pictures(found: dict) -> dict[str, bytes]:
    """``notation_pictures`` drawn once a test process for the same examples: the notation page's pictures take
    seconds to draw, and the tests that write the page again and again are about where and whether it is
    written. The first drawing is a real one."""
    key = repr(sorted((kind.__name__, repr(example)) for kind, example in found.items()))
    if key not in _NOTATION_PICTURES:
        _NOTATION_PICTURES[key] = notation_pictures(found)
    return dict(_NOTATION_PICTURES[key])


@pytest.fixture
def notation_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The notation page's pictures drawn once a test process (``remembered_notation_pictures``)."""
    monkeypatch.setattr("carcnb.telling.notation.notation_pictures", remembered_notation_pictures)
