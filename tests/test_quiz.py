"""``carcnb quiz``: the verdict on one answer (exit 0 / 1 / 2), and the interactive session fed through stdin."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import collection, position_text

from carcnb.cli import main
from carcnb.cli._terminal import image_protocol, inline_image
from carcnb.positions.dump import save
from carcnb.positions.parse import load
from carcnb.puzzles.collection import puzzle_root
from carcnb.puzzles.progress import Progress
from carcnb.search.questions import reading_of, readings_asked
from carcnb.puzzles.listing import read_collection

# final: red's knight in the closed city D + E (2 tiles, 4 points), blue's thief on D's road (1 point)
FINAL = position_text("0,0 D 0 red@N blue@E\n0,1 E 180", {
    "kind": "final", "answer": {"red": 9, "blue": 1}, "explanation": "The city scores 4, the road 1."},
    title="A small city and a road", scores={"red": 5})
# count: U beside a lone D: east and west (road to road), south (field to field), its two rotations at each
# making one board
COUNT = position_text("0,0 D 0", {"kind": "count", "answer": 3}, hand="U")
# best: K at 0,2 turned 180 closes D-F-K (3 tiles and a pennant) with red's knight deployed on it: 8
BEST = position_text("0,0 D 0\n0,1 F 270", {
    "kind": "best", "answer": {"line": ["place 0,2 180", "deploy 0,2 S"], "value": 8},
    "explanation": "Close the city and stand in it: 8."}, title="Close it and claim it", hand="K")


@pytest.fixture
def puzzles(tmp_path) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name, text in (("a-final.toml", FINAL), ("b-count.toml", COUNT), ("c-best.toml", BEST)):
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----- --answer --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, answer", [("a-final.toml", "blue=1 red=9"), ("b-count.toml", "3"),
                                          ("c-best.toml", "place 0,2 180; deploy 0,2 S")])
def test_a_right_answer_exits_0_and_then_shows_the_explanation(puzzles, capsys, name, answer):
    code, out, err = run(capsys, "quiz", str(puzzles / name), "--answer", answer)
    assert (code, err) == (0, "")
    assert out.startswith("Right!\n")


def test_the_explanation_follows_a_right_answer_only(puzzles, capsys):
    _, right, _ = run(capsys, "quiz", str(puzzles / "c-best.toml"), "--answer", "place 0,2 180; deploy 0,2 S")
    assert "Close the city and stand in it: 8." in right
    code, wrong, _ = run(capsys, "quiz", str(puzzles / "c-best.toml"), "--answer", "place 0,2 180; pass")
    assert code == 1 and "Close the city" not in wrong


@pytest.mark.parametrize("name, answer, says", [
    ("a-final.toml", "red=9 blue=2", "Blue: 2 is too high."),
    ("b-count.toml", "2", "There are more than 2"),
    ("c-best.toml", "place 0,2 180; pass", "Your line reaches a value of 0 (red +0, blue +0 this turn); there is "
                                           "a better one."),
    ("c-best.toml", "place 9,9 0", "Action 1, 'place 9,9 0', is not legal here"),
    ("c-best.toml", "place 0,2 180", "The line is not complete"),
])
def test_a_wrong_answer_exits_1_and_says_what_is_wrong(puzzles, capsys, name, answer, says):
    code, out, err = run(capsys, "quiz", str(puzzles / name), "--answer", answer)
    assert (code, err) == (1, "")
    assert out.startswith("Not quite.\n") and says in out


@pytest.mark.parametrize("name, answer, form", [
    ("a-final.toml", "red=9", "e.g. 'red=18 blue=11'"),
    ("b-count.toml", "six", "e.g. '7'"),
    ("c-best.toml", "place 0,2", "e.g. 'place 1,-2 180; deploy 1,-2 N'"),
])
def test_a_malformed_answer_exits_2_showing_the_expected_form(puzzles, capsys, name, answer, form):
    code, out, err = run(capsys, "quiz", str(puzzles / name), "--answer", answer)
    assert (code, out) == (2, "")
    assert err.startswith(f"carcnb quiz: {puzzles / name}: ") and form in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv, says", [
    (["--answer", "1"], "--answer needs the puzzle file"),
    (["DIR", "--answer", "1"], "is a directory"),
    (["NOPE", "--answer", "1"], "no such file"),
    (["PLAIN", "--answer", "1"], "no [question] in the file"),
])
def test_bad_input_exits_2(puzzles, capsys, argv, says):
    (puzzles / "plain.toml").write_text(position_text("0,0 D 0"), encoding="utf-8")
    names = {"DIR": str(puzzles), "NOPE": str(puzzles / "nope.toml"), "PLAIN": str(puzzles / "plain.toml")}
    code, out, err = run(capsys, "quiz", *[names.get(a, a) for a in argv])
    assert (code, out) == (2, "") and says in err


# ----- the interactive session -------------------------------------------------------------------------------
def test_a_session_writes_the_picture_asks_in_words_and_checks_answers(puzzles, tmp_path, capsys, monkeypatch):
    pictures = tmp_path / "pictures"
    code, out, err = run(capsys, "quiz", str(puzzles / "a-final.toml"), "--picture-dir", str(pictures),
                         stdin="red=8 blue=1\nred=9 blue=1\n", monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    picture = pictures / "001-a-final.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"Picture: {picture}" in out
    assert "Puzzle 1 of 1: A small city and a road" in out
    assert "The game ends now. With the points scored so far (red 5, blue 0), what is each player's total?" in out
    before, after = out.split("Right — solved on a later try, so it counts as a miss for your rating.")
    assert "Red: 8 is too low." in before and "Try again" in before
    assert "The city scores 4, the road 1." not in before  # the explanation only after the answer
    assert "The city scores 4, the road 1." in after
    assert "Right!" not in out and "Streak" not in out
    assert out.rstrip().endswith("Solved 0 of 1; 1 more on a later try.")


def test_hints_one_at_a_time_then_reveal_then_the_next_puzzle(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzles), "--picture-dir", str(tmp_path),
                       stdin="hint\nhint\nhint\nhint\nreveal\nquit\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "Hint 1 of 4: The theme: unfinished features." in out
    assert "Hint 2 of 4: It turns on the city at 0,0, where red has a knight." in out
    assert "Hint 4 of 4: A ruling decides it here, read as: " in out
    assert out.index("Hint 4 of 4") < out.index("The idea: ") < out.index("Answer: Final totals: red 9, blue 1.")
    assert out.index("What happens:") < out.index("  city       4  red")  # the events, then the breakdown
    assert out.index("Answer: Final totals") < out.index("The city scores 4, the road 1.")
    assert "Puzzle 2 of 3" in out and "How many legal placements does U have here?" in out
    assert "Puzzle 3 of 3" not in out  # quit
    assert out.rstrip().endswith("Solved 0 of 3; 1 revealed.")


def test_next_skips_and_a_syntax_error_shows_the_form_and_asks_again(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzles), "--picture-dir", str(tmp_path),
                       stdin="next\nsix\n3\nplace 0,2 180; deploy 0,2 S\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "'six' is not a count\n  expected a whole number, e.g. '7'" in out
    assert "Red has drawn K. Where should red place it, and with which follower?" in out
    assert out.count("Right!") == 2
    assert "Close the city and stand in it: 8." in out
    assert out.rstrip().endswith("Solved 2 of 3.")


def test_puzzles_that_cannot_be_played_are_skipped_with_the_reason(puzzles, tmp_path, capsys, monkeypatch):
    (puzzles / "0-broken.toml").write_text(position_text("0,0 D 0\n0,1 D 0", {"kind": "count", "answer": 1},
                                                         hand="E"), encoding="utf-8")  # city faces field
    (puzzles / "0-unreadable.toml").write_text("format = 1\n", encoding="utf-8")
    nothing = {"kind": "best", "answer": {"line": ["pass"], "value": 0}}  # no tile in hand: nothing to decide
    (puzzles / "0-nothing.toml").write_text(position_text("0,0 D 0", nothing), encoding="utf-8")
    code, out, err = run(capsys, "quiz", str(puzzles), "--picture-dir", str(tmp_path), stdin="pass\nquit\n",
                         monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    assert f"Skipping {puzzles / '0-broken.toml'}: position has problems:" in out and "edge-mismatch" in out
    assert f"Skipping {puzzles / '0-unreadable.toml'}:1: " in out and 'expected format = "carcnb/1"' in out
    assert "This puzzle cannot be played: " in out and "nothing to decide" in out
    assert "Puzzle 3 of 5: A small city and a road" in out  # on to the next one


def test_end_of_input_ends_the_session_cleanly(puzzles, tmp_path, capsys, monkeypatch):
    code, out, err = run(capsys, "quiz", str(puzzles), "--picture-dir", str(tmp_path), stdin="hint\n",
                         monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    assert out.rstrip().endswith("Solved 0 of 3; 1 missed.")  # a hint before any answer: a miss


def test_ctrl_c_ends_the_session_cleanly(puzzles, tmp_path, capsys, monkeypatch):
    class Interrupted(io.StringIO):
        def readline(self, *args) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    code = main(["quiz", str(puzzles / "b-count.toml"), "--picture-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert (code, err) == (130, "carcnb quiz: interrupted\n")  # as every command: one line, exit 130
    assert out.rstrip().endswith("Solved 0 of 1.")  # the session's tally all the same


def test_the_session_removes_the_pictures_it_wrote_in_a_folder_of_its_own(puzzles, capsys, monkeypatch, tmp_path):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code, out, _ = run(capsys, "quiz", str(puzzles / "b-count.toml"), stdin="quit\n", monkeypatch=monkeypatch)
    assert code == 0 and "carcnb-quiz-" in out  # the picture's path was shown while the puzzle was asked
    assert not list(tmp_path.glob("carcnb-quiz-*"))


def test_without_a_path_the_shipped_collection_is_played(tmp_path, capsys, monkeypatch):
    shipped = sorted(puzzle_root().rglob("*.toml"))
    asked = [part for _, p in collection() for part in readings_asked(p)]  # one question per reading
    code, out, _ = run(capsys, "quiz", "--picture-dir", str(tmp_path), stdin="quit\n", monkeypatch=monkeypatch)
    assert code == 0
    assert f"Puzzle 1 of {len(asked)}:" in out and f"({shipped[0]})" in out
    assert (tmp_path / f"001-{shipped[0].stem}.png").exists()


def test_a_reveal_tells_the_line_event_by_event_and_draws_the_board_after_it(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzles / "c-best.toml"), "--picture-dir", str(tmp_path),
                       stdin="reveal\n", monkeypatch=monkeypatch)
    assert code == 0
    assert ("What happens:\n  1. red places K on 0,2 turned 180°\n  2. red puts a knight on the city at 0,2 (S): "
            "red scores 8 for the city at 0,0 (3 tiles, completed); red's knight on the city at 0,2 (S) goes back "
            "to the supply\n") in out
    assert out.index("The idea: ") < out.index("Answer: ") < out.index("What happens:") < out.index("Scored:")
    assert out.count("red scores 8 for the city") == 1  # the events once, then the rows
    result = tmp_path / "001-c-best-result.png"
    assert f"Picture after it: {result}" in out and result.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ----- rating, progress, topics and the board in the terminal -------------------------------------------------
def _graded(text: str, difficulty: int) -> str:
    return text.replace("[question]\n", f"[question]\ndifficulty = {difficulty}\n")


@pytest.fixture
def rated(tmp_path) -> Path:
    """The same three puzzles graded 1 (the count), 3 (the final) and 5 (the best)."""
    folder = tmp_path / "rated"
    folder.mkdir()
    for name, text, level in (("a-final.toml", FINAL, 3), ("b-count.toml", COUNT, 1), ("c-best.toml", BEST, 5)):
        (folder / name).write_text(_graded(text, level), encoding="utf-8")
    return folder


def test_the_next_puzzle_is_the_untried_one_nearest_the_players_rating(rated, tmp_path, capsys, monkeypatch):
    # A new player (1500) gets the ★★★ puzzle first; after solving it the ★★★★★ one is nearer than the ★.
    code, out, _ = run(capsys, "quiz", str(rated), "--picture-dir", str(tmp_path), stdin="red=9 blue=1\nquit\n",
                       monkeypatch=monkeypatch)
    assert code == 0
    assert "Puzzle 1 of 3: A small city and a road" in out and "Rated 1500, ★★★; you: 1500" in out
    assert "Puzzle 2 of 3: Close it and claim it" in out


def test_first_tries_are_marked_and_rated_as_in_the_notebooks(rated, tmp_path, capsys, monkeypatch):
    run(capsys, "quiz", str(rated), "--picture-dir", str(tmp_path), stdin="red=9 blue=1\nreveal\nquit\n",
        monkeypatch=monkeypatch)
    progress = Progress.load()
    assert progress.mark("a-final.toml") == "solved" and progress.mark("c-best.toml") == "revealed"
    assert progress.rating("c-best.toml").rating > 1900 > progress.player.rating > 1500
    # a puzzle of the shipped collection is known by its place in it, as the puzzle browser knows it
    run(capsys, "quiz", str(puzzle_root() / "base" / "road-loop.toml"), "--picture-dir", str(tmp_path),
        stdin="reveal\n", monkeypatch=monkeypatch)
    assert Progress.load().mark("base/road-loop.toml") == "revealed"
    code, out, _ = run(capsys, "quiz", "--rating")
    assert code == 0 and "Your rating: " in out and "3 puzzle(s) tried: 1 solved, 2 revealed (solved: right" in out


def test_a_progress_file_nested_too_deeply_is_set_aside_and_the_mark_saved(puzzles, tmp_path, capsys, monkeypatch,
                                                                            data_folder):
    data_folder.mkdir()
    broken = "[" * 100_000
    (data_folder / "progress.json").write_text(broken, encoding="utf-8")
    code, out, err = run(capsys, "quiz", str(puzzles / "b-count.toml"), "--picture-dir", str(tmp_path),
                         stdin="3\n", monkeypatch=monkeypatch)
    assert (code, err) == (0, "") and "could not read the progress file" in out and "Right!" in out
    [aside] = data_folder.glob("progress.json.broken-*")
    assert aside.read_text(encoding="utf-8") == broken and f"kept as {aside}" in out
    assert Progress.load().mark("b-count.toml") == "solved"


def test_only_a_right_first_answer_without_a_hint_is_a_win(rated, tmp_path, capsys, monkeypatch):
    # the best puzzle (value 8): a wrong line, three hints, then the right line; the count: a hint, then right
    code, out, _ = run(capsys, "quiz", str(rated / "c-best.toml"), "--picture-dir", str(tmp_path),
                       stdin="place 0,2 180; pass\nhint\nhint\nhint\nplace 0,2 180; deploy 0,2 S\n",
                       monkeypatch=monkeypatch)
    assert code == 0 and "counts as solved when your first answer is right, with no hint before it" in out
    wrong = out[out.index("Not quite."):out.index("Try again, or type hint or reveal.")]
    assert "value of 0" in wrong and "8" not in wrong  # the value to reach is not given away
    assert "Right — solved on a later try, so it counts as a miss for your rating." in out
    assert "Streak" not in out and "Right!" not in out and "(+" not in out
    assert out.rstrip().endswith("Solved 0 of 1; 1 more on a later try.")
    progress = Progress.load()
    assert progress.mark("c-best.toml") == "missed" and progress.player.rating < 1500
    code, out, _ = run(capsys, "quiz", str(rated / "b-count.toml"), "--picture-dir", str(tmp_path),
                       stdin="hint\n3\n", monkeypatch=monkeypatch)
    assert "Right — with a hint, so it counts as a miss for your rating." in out and "Streak" not in out
    assert Progress.load().mark("b-count.toml") == "missed"


def test_a_line_that_cannot_be_played_is_no_answer_and_the_next_right_one_wins(rated, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(rated / "c-best.toml"), "--picture-dir", str(tmp_path),
                       stdin="place 9,9 0\nplace 0,2 180\nplace 0,2 180; deploy 0,2 S\n", monkeypatch=monkeypatch)
    assert out.count("so it is not counted as an answer") == 2  # an illegal line, then one left unfinished
    assert "Right!" in out and "Streak: 1." in out and out.rstrip().endswith("Solved 1 of 1.")
    assert Progress.load().mark("c-best.toml") == "solved"


def test_a_wrong_first_answer_is_a_miss_even_when_the_puzzle_is_skipped(rated, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(rated / "b-count.toml"), "--picture-dir", str(tmp_path),
                       stdin="5\nnext\n", monkeypatch=monkeypatch)
    assert "There are fewer than 5" in out and "Counted as a miss. Your rating: " in out
    progress = Progress.load()
    assert progress.mark("b-count.toml") == "missed" and progress.player.rating < 1500
    assert out.rstrip().endswith("Solved 0 of 1; 1 missed.")
    code, out, _ = run(capsys, "quiz", str(rated / "b-count.toml"), "--picture-dir", str(tmp_path),
                       stdin="3\n", monkeypatch=monkeypatch)  # another day: right at once, but the miss stands
    assert "missed before: the ratings move only on a first try" in out and "Your rating stays" in out
    assert Progress.load().mark("b-count.toml") == "missed"


def test_a_streak_counts_puzzles_solved_in_a_row_until_a_reveal(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzles), "--picture-dir", str(tmp_path),
                       stdin="red=9 blue=1\n3\nreveal\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "Streak: 1." in out and "Streak: 2." in out and "Streak ended at 2." in out
    assert "best streak 2." in out


def test_topic_keeps_one_topic_and_an_unknown_one_says_which_there_are(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzle_root()), "--topic", "tornado", "--picture-dir", str(tmp_path),
                       stdin="quit\n", monkeypatch=monkeypatch)
    tornado = [e for e in read_collection(puzzle_root()).entries if "tornado" in e.topics]
    first = next(line for line in out.splitlines() if line.startswith("Puzzle 1 of "))
    assert code == 0 and first.startswith(f"Puzzle 1 of {len(tornado)}:")
    assert first.endswith(tuple(f"({e.path})" for e in tornado))
    code, out, err = run(capsys, "quiz", str(puzzles), "--topic", "volcano")
    assert code == 2 and "--topic 'volcano': no puzzle here has that topic; known: base" in err


def test_the_board_is_drawn_as_text_with_the_pieces_and_the_tile_in_hand(puzzles, tmp_path, capsys, monkeypatch):
    code, out, _ = run(capsys, "quiz", str(puzzles / "c-best.toml"), "--picture-dir", str(tmp_path),
                       stdin="quit\n", monkeypatch=monkeypatch)
    assert code == 0
    board = out[out.index("Rated"):out.index("Picture:")]
    assert "  D 0  " in board and " F 270 " in board  # each tile by its letter and turn
    assert "+#######+" in board  # the city edge between D and F
    assert "In hand: K, as drawn (turned 0):" in board
    code, out, _ = run(capsys, "quiz", str(puzzles / "a-final.toml"), "--picture-dir", str(tmp_path),
                       stdin="quit\n", monkeypatch=monkeypatch)
    assert "On the board:\n  0,0 D: red@N blue@E" in out and "  rb   " in out
    # in the middle of a turn, the board as played so far: the tornado on the tile just placed
    mid_turn = tmp_path / "tornado-over-empty-yes.toml"  # one reading of the puzzle, saved as a puzzle of its own
    save(reading_of(load(puzzle_root() / "disasters" / "tornado-over-empty.toml"), "yes"), mid_turn)
    code, out, _ = run(capsys, "quiz", str(mid_turn), "--picture-dir", str(tmp_path), stdin="quit\n",
                       monkeypatch=monkeypatch)
    assert "=TO3 180=" in out and "On the board:\n  1,2 TO3: tornado\n" in out and "In hand" not in out


def test_the_picture_goes_inline_where_the_terminal_says_it_can(puzzles, tmp_path, capsys, monkeypatch):
    assert image_protocol({"TERM": "xterm-kitty"}) == "kitty"
    assert image_protocol({"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}) == "iterm"
    assert image_protocol({"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}) == "iterm"
    assert image_protocol({"TERM": "xterm-256color"}) is None
    assert image_protocol({"TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/x"}) is None
    png = b"\x89PNG" + bytes(8000)
    kitty = inline_image(png, "kitty")
    assert kitty.startswith("\x1b_Ga=T,f=100,m=1;") and kitty.count("\x1b_G") == 3 and "\x1b_Gm=0;" in kitty
    assert inline_image(png, "iterm").startswith(f"\x1b]1337;File=inline=1;size={len(png)};")
    code, out, _ = run(capsys, "quiz", str(puzzles / "b-count.toml"), "--board", "iterm", "--picture-dir",
                       str(tmp_path), stdin="quit\n", monkeypatch=monkeypatch)
    assert "\x1b]1337;File=inline=1;" in out and f"Picture: {tmp_path / '001-b-count.png'}" in out
    assert "On the board" not in out and "In hand" not in out
def test_puzzles_on_one_board_are_never_asked_in_a_row(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name, text in (("a-count.toml", COUNT), ("b-count-again.toml", COUNT.replace('hand = "U"', 'hand = "V"')),
                       ("c-final.toml", FINAL)):
        (folder / name).write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "quiz", str(folder), "--picture-dir", str(tmp_path / "pictures"),
                       stdin="next\nnext\nnext\n", monkeypatch=monkeypatch)
    assert code == 0
    order = [line.split("(")[-1].rstrip(")") for line in out.splitlines() if line.startswith("Puzzle ")]
    assert [Path(p).name for p in order] == ["a-count.toml", "c-final.toml", "b-count-again.toml"]
