"""``carcnb post``: a forum post in Markdown, BBCode or HTML, with the picture beside it, the position text
that loads back to the same position, the verdict with its breakdown and the readings table."""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path

import pytest
from conftest import position_from_text

import carcnb
from carcnb.cli import main
from carcnb.engine.errors import CarcnbError
from carcnb.positions.parse import load, parse
from carcnb.search.questions import reading_of
from carcnb.storage.safewrite import ReadOnlyFileError
from carcnb.telling.post import FORMATS, write_post
from carcnb.widgets.editor import EditorModel

PUZZLES = Path(__file__).parent.parent / "puzzles"
FARM = PUZZLES / "base/farm-edition.toml"  # scoring.edition changes it; posted under its first reading (third)
CODE = {"markdown": r"```toml\n(.*?)\n```", "bbcode": r"\[code\](.*?)\[/code\]", "bgg": r"\[c\](format.*?)\[/c\]",
        "html": r"<pre><code>(.*?)</code></pre>"}
SECOND = "each city counts at most once per player; a 2-tile city scores 2: red 18, blue 20"
READINGS = {"markdown": f"- `second`, {SECOND}", "bbcode": f"[*]second, {SECOND}",
            "bgg": f"• [c]second[/c], {SECOND}", "html": f"<li><code>second</code>, {SECOND}"}


def code_block(fmt: str, text: str) -> str:
    """The position text as a reader sees it (BoardGameGeek reads tags in [c] too: an empty tag splits them)."""
    (found,) = re.findall(CODE[fmt], text, re.S)
    return html.unescape(found) if fmt == "html" else found.replace("[[b][/b]", "[") if fmt == "bgg" else found


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_writes_text_and_picture(tmp_path, fmt):
    p = load(FARM)
    files = write_post(p, tmp_path / "thread", fmt)
    assert files.text_path.parent == files.picture_path.parent == tmp_path / "thread"
    assert files.text_path.read_text(encoding="utf-8") == files.text
    assert files.picture_path.name == "farm-edition.png"
    assert files.picture_path.read_bytes().startswith(b"\x89PNG")
    posted = parse(code_block(fmt, files.text))  # the code block loads back to the position, under its first reading
    assert posted.board == p.board and dict(posted.rulings) == {"scoring.edition": "third"}
    assert READINGS[fmt] in files.text
    assert "red 26, blue 22" in files.text and "red 18, blue 20" in files.text  # third (the first reading), and second
    assert f"carcnb {carcnb.__version__}" in files.text
    assert p.title in files.text


def test_markdown_shows_the_picture_and_bbcode_uses_forum_tags(tmp_path):
    md = write_post(load(FARM), tmp_path, "markdown").text
    assert "![Two small cities" in md and "](farm-edition.png)" in md
    assert "**Question:** This puzzle asks under each reading of 'Field scoring and two-tile cities'" in md
    assert "this time: 3 per completed city per field; a 2-tile city scores 4 (scoring.edition = third). The game ends now." in md
    bb = write_post(load(FARM), tmp_path, "bbcode").text
    assert "[img]farm-edition.png[/img]" in bb and "[b]Answer:[/b]" in bb
    assert bb.count("[list]") == bb.count("[/list]") >= 2
    assert "**" not in bb and "<" not in bb


def test_html_embeds_the_picture(tmp_path):
    files = write_post(load(FARM), tmp_path, "html")
    data, result = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', files.text)
    assert base64.b64decode(data) == files.picture_path.read_bytes()
    assert base64.b64decode(result) == (tmp_path / "farm-edition-result.png").read_bytes()
    assert files.text.isascii()  # characters beyond ASCII are written as references


def test_the_verdict_lists_every_point_with_its_reason(tmp_path):
    text = write_post(load(PUZZLES / "disasters/meteor-cloister-eight.toml"), tmp_path).text
    assert "Before this turn: red 10, blue 10. This turn: place 1,-2 180; pass." in text
    assert "| this turn | red | 8 | cloister at 1,-1 | completed (meteor does not count) |" in text
    assert "| end of game | blue | 1 | city at 2,-1 | unfinished |" in text
    assert "**Totals:** red 18, blue 11." in text
    assert "- red's monk on the cloister at 1,-1 (C) goes back to the supply\n" in text  # what happens, told
    caption = ("The board after the answer: new tiles outlined, what scored tinted with its points (striped when "
               "shared), followers that left dashed where they stood (to the supply or lost)")
    assert f"![{caption}](meteor-cloister-eight-result.png)" in text  # only what this picture marks
    assert (tmp_path / "meteor-cloister-eight-result.png").read_bytes().startswith(b"\x89PNG")
    assert "No reading of the rules changes this answer." in text
    assert "meteor.adjacency" not in text  # the rulings that change nothing are one line, not a list of ids


def test_a_best_post_gives_the_line_and_the_readings_of_two_rulings(tmp_path):
    text = write_post(reading_of(load(PUZZLES / "disasters/flood-scope.toml"), "edge"), tmp_path).text
    assert "2 open questions of the rules change this answer" in text
    assert "- `segment`, any feature with a segment on a covered tile: red 23, blue 20" in text
    assert ("- `no`, covered empty positions take no tile: impossible: played action 1 of 2, 'place 2,-3 270', "
            "cannot be played: 2,-3 lies under the flood's cut-out") in text
    assert "- Under “the flood stops every covered feature, tiles under the flood”: red 23, blue 20" in text
    text = write_post(reading_of(load(PUZZLES / "disasters/meteor-adjacency.toml"), "king"), tmp_path).text
    assert "**Answer:** red's best line is `meteor 1,-2`, value 2 (with `meteor.adjacency = king`)." in text
    assert "- blue's monk on the cloister at 0,-2 (C) goes back to the supply" in text
    assert "| red | 2 | road of 2 tiles: 0,0 1,0 | unfinished |" in text


def test_a_position_built_in_the_editor_is_written_as_position(tmp_path):
    p = position_from_text("0,0 D 0 red@E\n1,0 U 90", hand="E")
    files = write_post(p.__class__(**{**p.__dict__, "path": "<position>"}), tmp_path)
    assert (files.text_path.name, files.picture_path.name) == ("position.md", "position.png")
    assert parse(code_block("markdown", files.text)) == p


def test_the_editor_post_button_writes_a_real_post(tmp_path):
    m = EditorModel(position_from_text("0,0 D 0", hand="E"))
    m.rotation = 180
    m.click((0, 1))
    files = m.post(tmp_path / "thread")
    assert files is not None and files.text_path.exists() and files.picture_path.exists()
    assert "place 0,1 180" in files.text


def test_a_position_without_an_answer_writes_nothing(tmp_path):
    bad = position_from_text("0,0 D 0\n0,1 D 0")  # the edges do not match
    with pytest.raises(CarcnbError, match="edge-mismatch"):  # the problems, as every command lists them
        write_post(bad, tmp_path / "thread")
    assert not (tmp_path / "thread").exists()


def test_an_unknown_format_is_refused(tmp_path):
    with pytest.raises(CarcnbError, match="unknown post format 'rtf'"):
        write_post(load(FARM), tmp_path, "rtf")


def test_cli_writes_into_the_folder(tmp_path, capsys):
    assert main(["post", str(FARM), "-o", str(tmp_path / "out"), "--format", "bbcode"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == f"wrote {tmp_path / 'out' / 'farm-edition.bbcode.txt'} and " \
                  f"{tmp_path / 'out' / 'farm-edition.png'}\n"


def test_cli_bad_format_exits_2(tmp_path, capsys):
    assert main(["post", str(FARM), "-o", str(tmp_path), "--format", "rtf"]) == 2
    assert "invalid choice: 'rtf'" in capsys.readouterr().err


def test_cli_never_overwrites_a_post_without_force(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    mine = out / "farm-edition.md"
    mine.write_text("my edited post\n", encoding="utf-8")
    assert main(["post", str(FARM), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{mine} is already there: nothing was written" in err and "--force" in err
    assert mine.read_text(encoding="utf-8") == "my edited post\n" and not (out / "farm-edition.png").exists()
    assert main(["post", str(FARM), "-o", str(out), "--force"]) == 0
    assert mine.read_text(encoding="utf-8").startswith("#")


def test_cli_refuses_a_file_in_the_way_of_the_folder_before_any_work(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "notes"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setattr("carcnb.cli.post.write_post", lambda *a, **k: pytest.fail("worked before checking -o"))
    assert main(["post", str(FARM), "-o", str(blocker / "post")]) == 2
    assert f"{blocker} is a file, not a folder, so {blocker / 'post'} cannot be made" in capsys.readouterr().err


def test_post_force_over_a_read_only_post_writes_nothing(tmp_path, capsys, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    mine, picture = out / "farm-edition.md", out / "farm-edition.png"
    mine.write_text("my post, kept read-only\n", encoding="utf-8")
    picture.write_bytes(b"my picture")
    mine.chmod(0o444)
    monkeypatch.setattr("carcnb.cli.post.write_post", lambda *a, **k: pytest.fail("worked before checking"))
    assert main(["post", str(FARM), "-o", str(out), "--force"]) == 2
    assert f"{mine} is read-only: nothing was written" in capsys.readouterr().err
    assert picture.read_bytes() == b"my picture" and not (out / "farm-edition-result.png").exists()


def test_write_post_checks_every_file_before_it_writes_the_first(tmp_path):
    mine = tmp_path / "farm-edition.md"
    mine.write_text("my post, kept read-only\n", encoding="utf-8")
    mine.chmod(0o444)
    with pytest.raises(ReadOnlyFileError, match="is read-only: nothing was written"):
        write_post(load(FARM), tmp_path)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["farm-edition.md"]


def test_the_post_pastes_the_position_without_comments_answer_or_explanation(tmp_path):
    p = reading_of(load(PUZZLES / "disasters/meteor-cloister-eight.toml"))
    pasted = code_block("markdown", write_post(p, tmp_path).text)
    assert "#" not in pasted and "explanation" not in pasted and "answer" not in pasted and "topics" not in pasted
    back = parse(pasted)
    assert (back.board, back.played, back.scores, back.question.kind) == (p.board, p.played, p.scores, "final")
    assert back.question.answer is None  # the open question the post answers: solve checks it
