"""``carcnb play``: a game against the computer in a terminal, driven through stdin: moves told turn by turn,
the board as text, a bad action answered in one line with the form expected, undo, hint, save and --load, the
game's end (exit 0) and Ctrl-C (exit 130); and no drawing library loaded. Fixed seeds and iteration budgets."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from carcnb.cli import main
from carcnb.widgets.game import GameModel

ROOT = Path(__file__).resolve().parents[1]
BASE = ("play", "--sets", "base", "--seed", "1", "--move-iterations", "5")


def run(capsys, monkeypatch, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def first_move(seed: int = 1) -> str:
    """Red's first legal placement in the game the command plays with this seed."""
    return GameModel(("base",), players=("you", "random"), seed=seed).legal_actions()[0]


def test_a_few_moves_then_quit(capsys, monkeypatch):
    move = first_move()
    code, out, err = run(capsys, monkeypatch, *BASE, "--players", "you,random", stdin=f"{move}\npass\nquit\n")
    assert (code, err) == (0, "")
    assert out.startswith("carcnb play: red (you), blue (computer, random); seed 1; the tree search thinks 5 "
                          "iterations a decision.")
    hand = GameModel(("base",), seed=1).state.hand
    assert f"red (you), place the tile {hand}: such as {move} (" in out
    assert "0 =  D 0  =" in out and f"In hand: {hand}, as drawn (turned 0):" in out  # the board as text
    turn_1 = out.index("Turn 1: red (you)")
    assert out.index("red places", turn_1) < out.index("red puts no follower down") < out.index(
        "Turn 2: blue (computer, random)") < out.index("  blue draws") < out.index("Turn 3: red (you)")
    assert out.splitlines()[-1] == "> Stopped. The scores: red 0, blue 0: red and blue are level with 0."


@pytest.mark.parametrize("line, says", [
    ("place 0,1", "action 'place 0,1': place takes 2 argument(s), got 1"),
    ("fly away", "unknown action 'fly away': expected one of draw, place"),
    ("place 40,40 0", "illegal action 'place 40,40 0' at place the tile: "),
])
def test_a_bad_action_gets_one_line_naming_the_form_expected(capsys, monkeypatch, line, says):
    code, out, _ = run(capsys, monkeypatch, *BASE, "--players", "you,random", stdin=f"{line}\nquit\n")
    said = next(s for s in out.splitlines() if s.startswith("> ") and len(s) > 2)
    assert code == 0 and says in said
    assert said.endswith(f"expected a decision in the action notation, such as {first_move()} (legal lists them, "
                         "help the commands)")


def test_legal_undo_hint_and_save_then_load(capsys, monkeypatch, tmp_path):
    move, path = first_move(), tmp_path / "game.toml"
    stdin = f"legal\n{move}\nundo\n{move}\nhint\npass\nsave {path}\nsave\nquit\n"
    code, out, _ = run(capsys, monkeypatch, *BASE, "--players", "you,mcts", stdin=stdin)
    assert code == 0
    assert f"Legal now: {move}, " in out
    assert "Taken back." in out and out.count("red places") >= 2
    assert "(the computer is thinking...)\nThe computer would play " in out
    assert f"saved to {path} (who plays: game.players.toml)." in out and "save needs a file name: save FILE" in out
    saved = GameModel.open(path)
    assert saved.seats.levels == ("you", "mcts") and saved.seats.seed == 1 and saved.seats.budget.iterations == 5
    code, out, _ = run(capsys, monkeypatch, "play", "--load", str(path), stdin="quit\n")
    assert code == 0 and out.startswith("carcnb play: red (you), blue (computer, mcts); seed 1;")
    assert "red (you), place the tile" in out


def test_the_games_end_exits_0_with_the_final_scores(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, *BASE, "--players", "random,random")
    assert (code, err) == (0, "")
    assert "Turn 71: red (computer, random)" in out and "Turn 72" not in out
    assert out.splitlines()[-1].startswith("The game is over: red ")


def test_ctrl_c_exits_130_with_one_line(capsys, monkeypatch):
    class Interrupted(io.StringIO):
        def readline(self, *args) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    code = main([*BASE, "--players", "you,random"])
    _, err = capsys.readouterr()
    assert (code, err) == (130, "carcnb play: interrupted\n")


@pytest.mark.parametrize("argv, says", [
    (("--players", "you,robot"), "unknown player 'robot'"),
    (("--sets", "base,moon"), "unknown set 'moon'"),
    (("--rulings", "tornado.steps"), "expected ID=OPTION pairs"),
    (("--rulings", "tornado.steps=sideways"), "tornado.steps"),
    (("--load", "missing.toml"), "missing.toml"),
])
def test_bad_options_exit_2_saying_why(capsys, monkeypatch, argv, says):
    code, _, err = run(capsys, monkeypatch, *BASE, *argv, stdin="quit\n")
    assert code == 2 and says in err and len(err.splitlines()) == 1


def test_play_loads_no_drawing_or_widget_library():
    code = ("import io, json, sys\nfrom carcnb.cli import main\nsys.stdin = io.StringIO('pass\\nquit\\n')\n"
            "main(sys.argv[1:])\nprint(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *BASE, "--players", "you,mcts"], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    drawn = [m for m in loaded if m.split(".")[0] in ("matplotlib", "ipywidgets", "ipyevents", "anywidget", "PIL")
             or m.startswith("carcnb.telling.render")]
    assert drawn == [] and "carcnb.players.mcts" in loaded and "Turn 1: red (you)" in done.stdout
