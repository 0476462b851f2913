"""The miner: the same seed writes the same files, and every file it writes passes check."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest

from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.positions.parse import load
from carcnb.puzzles import mine as mine_module
from carcnb.puzzles.grade import search
from carcnb.puzzles.mine import mine

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first


def _mine_in_a_fresh_process(out, hash_seed: str, *argv: str) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    subprocess.run([sys.executable, "-m", "carcnb", "mine", *argv, "-o", str(out)], check=True, env=env,
                   capture_output=True)
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


@pytest.mark.parametrize("argv", [
    ("--sets", "river,disasters", "--kind", "final", "--count", "2", "--seed", "1"),
    ("--sets", "ferries", "--kind", "best", "--count", "1", "--seed", "35", "--only", "ferry", "--last-tile",
     "--min-margin", "1"),
    ("--sets", "base", "--kind", "best", "--count", "1", "--seed", "4", "--last-tile", "--min-margin", "1"),
], ids=["final", "ferry", "last-tile"])  # seeds whose first games hold a puzzle: a second or two each
def test_every_mined_file_passes_check_and_is_graded(tmp_path, capsys, argv):
    assert main(["mine", *argv, "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    files = sorted(tmp_path.glob("*.toml"))
    assert len(files) == int(argv[argv.index("--count") + 1])
    assert "positions examined" in out and "positions/s" in out
    written = [f.read_bytes() for f in files]
    assert main(["mine", *argv, "-o", str(tmp_path)]) == 2  # mined again into the same folder: refused
    seed = argv[argv.index("--seed") + 1]
    assert f"already there from seed {seed}" in capsys.readouterr().err
    assert [f.read_bytes() for f in sorted(tmp_path.glob("*.toml"))] == written
    assert main(["check", str(tmp_path)]) == 0, capsys.readouterr().out
    for path in files:
        p = load(path)
        assert p.title and p.question.explanation and p.question.difficulty and p.question.topics
        assert path.read_text(encoding="utf-8").startswith("# mined: carcnb mine")
        if p.question.kind == "best":
            if "--only" not in argv:  # a placement puzzle: the title never says where the tile goes
                assert p.hand and not p.played
                assert dict(p.question.answer)["line"][0].split()[1] not in p.title
        if "--last-tile" in argv:
            assert p.pile == ()
            if "--only" not in argv:
                assert "last tile" in p.title and "last-tile" in p.question.topics


def test_a_best_puzzle_is_kept_only_with_the_margin_asked():
    # seed 10: its first game holds a puzzle of margin 3, passed over here; its second, one of 4
    strict = mine([], "best", 1, 10, min_margin=4, last_tile=True)
    assert len(strict) == 1
    for m in strict:
        found = search(m.position)
        assert found.margin >= 4
        assert f"reaches {found.value - found.margin}." in m.position.question.explanation


def test_mining_refuses_to_overwrite_and_explains_bad_options(tmp_path, capsys, monkeypatch):
    # a folder that already holds a file of the seed (test_every_mined_file_passes_check_and_is_graded mines one
    # and tries again), and options that are refused before any game is played
    (tmp_path / "last-tile-s3-001.toml").write_text("# mined earlier\n", encoding="utf-8")
    monkeypatch.setattr(mine_module, "_game", lambda *a: pytest.fail("a game was played for a refused command"))
    assert main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "3", "--last-tile", "-o",
                 str(tmp_path)]) == 2
    assert "already there from seed 3" in capsys.readouterr().err
    assert (tmp_path / "last-tile-s3-001.toml").read_text(encoding="utf-8") == "# mined earlier\n"
    assert main(["mine", "--sets", "moon", "--kind", "best", "--count", "1", "--seed", "3", "-o",
                 str(tmp_path / "x")]) == 2
    assert "unknown set 'moon'" in capsys.readouterr().err
    assert main(["mine", "--sets", "base", "--kind", "best", "--count", "0", "--seed", "3", "-o", "x"]) == 2
    assert "expected a number >= 1" in capsys.readouterr().err
    with pytest.raises(CarcnbError, match="unknown decision 'dragon'"):
        mine([], "best", 1, 1, only=["dragon"])
    assert main(["mine", "--sets", "disasters", "--kind", "final", "--only", "meteor", "--count", "1", "--seed", "3",
                 "-o", str(tmp_path / "x")]) == 2
    assert "--only chooses the decisions a best hunt examines" in capsys.readouterr().err


def test_a_hunt_that_falls_short_says_so_and_exits_1(tmp_path, capsys):
    code = main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "2", "--last-tile",
                 "--min-margin", "500", "--games", "1", "-o", str(tmp_path)])
    assert code == 1
    assert "found 0 of 1 puzzles" in capsys.readouterr().err


def test_a_position_that_asks_nothing_is_no_candidate():
    # Pruning a mid-turn position can take away the decision it was about (a ferry no longer first on a road):
    # such a position is skipped, not an error.
    from conftest import position_from_text

    from carcnb.puzzles.mine import _solved

    assert _solved(position_from_text("0,0 D 0\n1,0 U 90"), 3, placement=False) is None


def test_ctrl_c_keeps_the_puzzles_written_so_far_and_says_how_many(tmp_path, capsys, monkeypatch):
    real, kept = mine_module._game, []

    def stopped_after_two(*args):  # Ctrl-C as the hunt goes on after its second puzzle
        if len(kept) == 2:
            raise KeyboardInterrupt
        game = real(*args)
        if game.puzzle is not None:
            kept.append(game)
        return game

    monkeypatch.setattr(mine_module, "_game", stopped_after_two)
    try:  # seed 4, margin 1: its first two games each hold a puzzle
        code = main(["mine", "--sets", "base", "--kind", "best", "--count", "5", "--seed", "4", "--last-tile",
                     "--min-margin", "1", "-o", str(tmp_path)])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C went through carcnb mine as a traceback")
    out, err = capsys.readouterr()
    assert code == 130 and "Traceback" not in err
    assert f"stopped: the 2 puzzles found so far are kept in {tmp_path}" in err
    files = sorted(tmp_path.glob("*.toml"))
    assert len(files) == 2 and all(f"wrote {f}" in out for f in files)
    assert all(load(f).question.difficulty is not None for f in files)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f.name for f in files]  # no temporary file left


def test_an_output_folder_that_cannot_be_made_is_refused_before_any_work(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine", encoding="utf-8")
    monkeypatch.setattr("carcnb.cli.mine.mine", lambda *a, **k: pytest.fail("mined before checking -o"))
    for out in (blocker, blocker / "mined"):
        assert main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "3", "-o", str(out)]) == 2
        assert f"{blocker} is a file, not a folder" in capsys.readouterr().err
    assert blocker.read_text(encoding="utf-8") == "mine"


# ----- what makes a mined position a puzzle ------------------------------------------------------------------
def _best_puzzle_from(board: str, **header) -> object:
    from conftest import position_from_text

    from carcnb.puzzles.mine import _best_puzzle

    p = position_from_text(board, **header)
    return _best_puzzle(p, 3, placement=not p.played)


def test_a_greedy_answer_that_gives_up_an_open_city_is_no_puzzle():
    # Blue turns the meteor onto 0,1 and closes the 3-tile city for 6 now; the meteor left where it is keeps
    # the open city, with its pennants, which is worth more once it is counted.
    board = "-1,3 E 180 blue@S\n-2,2 K 90\n-1,2 R 270\n-2,1 V 270\n-1,1 O 90\n0,1 C 0\n1,1 L 270\n0,0 D 0"
    assert _best_puzzle_from(board, sets=["disasters"], players=["red", "blue"], to_move="red", hand="MT",
                             played=["meteor 1,1"]) is None


def test_a_board_with_no_opponent_in_play_is_no_puzzle():
    board = ("-3,1 K 270\n-2,1 L 0\n-2,0 V 90\n-1,0 V 180\n0,0 D 0\n0,-1 F 0\n0,-2 B 180\n1,-2 A 270\n"
             "2,-2 D 180\n3,-2 D 0\n4,-2 V 0\n0,-3 E 180\n-2,-4 W 180\n-1,-4 P 90\n0,-4 R 270\n-2,-5 B 90")
    assert _best_puzzle_from(board, players=["red", "blue"], to_move="red", hand="T") is None


def test_an_answer_that_scores_the_most_at_once_is_no_puzzle():
    board = ("-5,2 N 180\n-5,1 D 0 red@N\n-5,0 G 90\n-4,0 P 0 red@E\n-3,0 U 270\n-2,0 U 270\n-1,0 L 0\n"
             "0,0 D 0\n-5,-1 H 90 blue@W\n0,-1 E 270 red@W")
    assert _best_puzzle_from(board, players=["red", "blue", "green"], to_move="red", hand="E", pile=[]) is None


THEMES = ("Steal ", "Share ", "Deny ", "Don't feed ", "Hold ", "Knock out ", "Think of ", "The reading of ", "Look past ",
          "Where the meteor ",
          "Where the flood ", "The tornado's path", "Where the ferry ", "What the crop circle ")


@pytest.fixture(scope="module")
def hunted():
    return mine([], "best", 2, 12, min_margin=2, last_tile=True)  # from games 0 and 1, both short


def test_each_mined_puzzle_is_an_idea_against_the_obvious_move_from_a_game_of_its_own(hunted):
    from carcnb.telling.idea import judge

    assert len(hunted) == 2
    games = [m.origin.split(": game ")[1].split(",")[0] for m in hunted]
    assert len(set(games)) == 2
    for m in hunted:
        p = m.position
        assert p.title.startswith(THEMES) and f": {p.to_move} to place " in p.title, p.title
        words = p.question.explanation
        assert "The obvious move: " in words or "The nearest other choice: " in words
        assert "The answer, for " not in words  # the answer's own events are the reveal's, told once
        found = search(p)
        idea = judge(p, found.line, found.replies)
        assert idea is not None and idea.answer.mine == found.line
        seat = [*p.players].index(p.to_move)
        assert idea.obvious.own(seat) > idea.answer.own(seat) or not idea.greedy  # the greedy move is not it


def test_a_mined_picture_holds_only_the_tiles_the_idea_needs(hunted):
    from carcnb.positions.game_io import problems
    from carcnb.puzzles.playable import unplayable
    from carcnb.telling.idea import judge

    for m in hunted:
        p = m.position
        found = search(p)
        key = judge(p, found.line, found.replies).key
        assert not unplayable(p)  # the start tile stays at 0,0, and every set named is in use
        for t in p.board:
            if t.pos == (0, 0):
                continue
            smaller = p.with_board(tuple(o for o in p.board if o.pos != t.pos))
            if problems(smaller):
                continue
            again = search(smaller)
            same = (again.line, again.value) == (found.line, found.value) and (again.margin or 0) >= 2 \
                and (idea := judge(smaller, again.line, again.replies)) is not None and idea.key == key
            assert not same, f"{m.name}: {t.x},{t.y} could go"


def test_the_same_seed_writes_the_same_files_byte_for_byte_whatever_the_workers(hunted, tmp_path):
    # the command in a fresh process with two workers, its string hashing unlike this one's, writes the files of
    # the hunt above (one worker, in this process)
    hash_seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    argv = ("--sets", "base", "--kind", "best", "--count", "2", "--seed", "12", "--last-tile", "--min-margin", "2",
            "--workers", "2")
    written = _mine_in_a_fresh_process(tmp_path / "a", hash_seed, *argv)
    assert written == {f"{m.name}.toml": m.text().encode("utf-8") for m in hunted}


# ----- workers -----------------------------------------------------------------------------------------------
def test_workers_are_capped_at_the_cores_available_and_the_command_says_so(tmp_path, capsys, monkeypatch):
    asked = []
    monkeypatch.setattr("carcnb.cli.mine.cores", lambda: 3)
    monkeypatch.setattr("carcnb.cli.mine.mine", lambda *a, **k: asked.append(a[-1]) or [])
    main(["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "1", "--workers", "100000",
          "-o", str(tmp_path)])
    assert asked == [3]
    assert "--workers 100000 is more than the 3 cores available: mining with 3" in capsys.readouterr().err
    monkeypatch.setattr(mine_module, "cores", lambda: 1)  # called as a library: capped too, no pool at all
    monkeypatch.setattr("multiprocessing.Pool", lambda *a, **k: pytest.fail("a pool started on one core"))
    assert mine([], "best", 1, 4, min_margin=1, last_tile=True, max_games=1, workers=100000)


CTRL_C_AS_THE_POOL_STARTS = """
import os, signal, sys, time
import carcnb.cli.mine
carcnb.cli.mine.cores = carcnb.puzzles.mine.cores = lambda: 4  # a pool of four, whatever the machine
sent = os.environ["CTRL_C_SENT"]
def ctrl_c_as_the_first_worker_starts():  # to every process of the terminal, while the main one forks
    if not os.path.exists(sent):
        os.killpg(0, signal.SIGINT)
        open(sent, "w").close()
os.register_at_fork(after_in_parent=ctrl_c_as_the_first_worker_starts)
ready = carcnb.puzzles.mine._ignore_ctrl_c
def ready_once_ctrl_c_came():  # the worker is still starting when Ctrl-C comes
    for _ in range(1000):
        if os.path.exists(sent):
            break
        time.sleep(0.01)
    ready()
carcnb.puzzles.mine._ignore_ctrl_c = ready_once_ctrl_c_came
from carcnb.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_as_the_pool_starts_stops_every_worker_with_one_line_and_exit_130(tmp_path):
    argv = ["mine", "--sets", "base", "--kind", "best", "--count", "1", "--seed", "1", "--games", "4", "--workers",
            "4", "-o", str(tmp_path)]
    child = subprocess.Popen([sys.executable, "-c", CTRL_C_AS_THE_POOL_STARTS, *argv],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                             env={**os.environ, "CTRL_C_SENT": str(tmp_path / "ctrl-c-sent")})
    _, err = child.communicate(timeout=300)
    said = [line for line in re.split(r"[\r\n]", err) if line and not line.startswith("mining:")]  # not the bar
    assert child.returncode == 130, err
    assert said == [f"carcnb mine: stopped: the 0 puzzles found so far are kept in {tmp_path}"], err
    assert not _left_running(child.pid), "workers were left running"


def _left_running(group: int) -> bool:
    """Whether a process of the group is still there once its leader has exited (a terminated worker takes
    a moment to be reaped: asked again for up to a minute)."""
    for _ in range(600):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.1)
    return True
