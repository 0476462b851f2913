"""The static site's parts: links made page links, widgets frozen to their last state, and the command's exit
codes. A small notebook run and built into a page that loads nothing: test_site_pages.py, with the whole site."""
from __future__ import annotations

import json
import re

import ipywidgets as w
import nbformat
import pytest

from carcnb.cli import main
from carcnb.site import SiteError, build_site
from carcnb.site.build import title_and_summary, to_page_links
from carcnb.site.snapshot import snapshot, static_html

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


def test_links_to_notebooks_become_links_to_pages():
    assert to_page_links("see [05-meteor](05-meteor.ipynb) and [x](06-tornado.ipynb#top)") == \
        "see [05-meteor](05-meteor.html) and [x](06-tornado.html#top)"
    assert to_page_links('<a href="05-meteor.ipynb">') == '<a href="05-meteor.html">'
    assert to_page_links("[a](https://example.org/a.ipynb) [b](/abs/b.ipynb)") == \
        "[a](https://example.org/a.ipynb) [b](/abs/b.ipynb)"


def test_a_widget_is_frozen_to_its_pictures_and_text():
    board = w.VBox([w.Image(value=PNG, format="png"), w.HTML("<b>red to move</b>"),
                    w.HBox([w.Button(description="undo"), w.Dropdown(options=["place 0,1 0"], description="decision")]),
                    w.Label("hidden", layout=w.Layout(display="none")),
                    w.Accordion(children=[w.Label("inside")], titles=("sets and rulings",))])
    shown = static_html(board)
    assert 'src="data:image/png;base64,' in shown and "<b>red to move</b>" in shown
    assert "<button disabled>undo</button>" in shown and "<option>place 0,1 0</option>" in shown
    assert "hidden" not in shown and "sets and rulings" in shown and "inside" not in shown
    assert re.search(r"<figure class=\"carcnb-widget\".*<figcaption", snapshot(board))


def test_a_page_title_and_its_first_sentence():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# The Meteor\n\nIt falls. Then more.")])
    assert title_and_summary(nb) == ("The Meteor", "It falls.")


def _notebook(path, *cells):
    nb = nbformat.v4.new_notebook(cells=list(cells))
    nbformat.write(nb, path)
    return path


def test_the_command_exits_1_when_a_notebook_fails_and_2_on_bad_input(tmp_path, capsys):
    bad = _notebook(tmp_path / "bad.ipynb", nbformat.v4.new_markdown_cell("# Bad"), nbformat.v4.new_code_cell("1 / 0"))
    assert main(["site", str(bad), "-o", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err  # not a terminal: the traceback in plain text, without colour codes
    assert re.search(r"bad.ipynb: cell 1 failed:(.|\n)*ZeroDivisionError", err) and "\x1b" not in err, err
    assert main(["site", str(tmp_path / "missing.ipynb"), "-o", str(tmp_path / "site")]) == 2
    assert "no such notebook" in capsys.readouterr().err
    assert main(["site", str(tmp_path / "empty-folder-does-not-exist"), "-o", str(tmp_path / "s")]) == 2
    (tmp_path / "text.ipynb").write_text("not json", encoding="utf-8")
    assert main(["site", str(tmp_path / "text.ipynb"), "-o", str(tmp_path / "site")]) == 2
    assert "not a readable notebook" in capsys.readouterr().err
    with pytest.raises(SiteError, match="no notebooks to build"):
        build_site([], tmp_path / "site")
    assert json.loads(bad.read_text(encoding="utf-8"))["cells"][1]["outputs"] == []  # the source is untouched


def test_pages_already_there_are_overwritten_only_with_force(tmp_path, capsys, monkeypatch, notation_drawn_once):
    page = _notebook(tmp_path / "01-page.ipynb", nbformat.v4.new_markdown_cell("# A page"))
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("my own index", encoding="utf-8")
    data_dirs = []

    def run(notebook, data_dir):  # the notebook as it is, without a kernel: what is tested is the writing
        data_dirs.append(data_dir)
        return nbformat.read(notebook, as_version=4)

    monkeypatch.setattr("carcnb.site.build.execute", run)
    assert main(["site", str(page), "-o", str(site)]) == 2
    err = capsys.readouterr().err
    assert f"{site / 'index.html'} is already there: nothing was written" in err and "--force" in err
    assert data_dirs == [] and sorted(p.name for p in site.iterdir()) == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "my own index"
    assert main(["site", str(page), "-o", str(site), "--force"]) == 0
    assert "A page" in (site / "01-page.html").read_text(encoding="utf-8")
    assert "my own index" not in (site / "index.html").read_text(encoding="utf-8")
    assert len(data_dirs) == 1 and not data_dirs[0].exists()  # the notebooks' data folder is removed
