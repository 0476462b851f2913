"""The post writers show a user's text as typed: brackets in a title, a question or a comment must not turn
into BBCode tags (as the Markdown and HTML writers already escape their own markup)."""
from __future__ import annotations

import re
from urllib.parse import unquote

import mistune
import pytest
from conftest import position_text

from carcnb.positions.parse import load, parse
from carcnb.telling.markup import Bold, Code, CodeBlock, Heading, Items, Para, Picture, Table, bbcode, markdown
from carcnb.telling.post import write_post

TAG = re.compile(r"\[(/?)(b|i|u|url|img|size|list|code|quote|\*)(=[^\]]*)?\]", re.IGNORECASE)
TYPED = "[b]loud[/b] [url=http://example.com]a link[/url] [*] [/list] [code] and a plain [1,0]"


def shown(text: str) -> str:
    """What a forum shows of BBCode, as the usual regex-based renderers read it: every tag dropped."""
    return TAG.sub("", text).replace("\u200b", "")


def test_bbcode_shows_brackets_in_every_kind_of_text_as_typed():
    blocks = [Heading(TYPED), Para((TYPED, Bold(TYPED), Code(TYPED))), Table(("column " + TYPED,), (((TYPED,),),)),
              Items(((TYPED,),))]
    text = bbcode(blocks)
    assert shown(text).count(TYPED) == 7  # heading, three spans, column name, cell, item
    assert "column " + TYPED in shown(text)


def test_a_code_block_is_closed_only_by_its_own_end():
    text = bbcode([CodeBlock('title = "ends here? [/code] [/CODE]"\n', "toml")])
    assert len(re.findall(r"\[/code\]", text, re.IGNORECASE)) == 1 and text.rstrip().endswith("[/code]")
    assert text[len("[code]"):-len("[/code]\n")].replace("\u200b", "") == 'title = "ends here? [/code] [/CODE]"'


def test_a_bbcode_post_shows_its_title_as_typed_and_pastes_no_comment(tmp_path):
    source = position_text("# a comment with [/code] and [b]\n0,0 D 0 red@E\n1,0 U 90", title=TYPED)
    path = tmp_path / "brackets.toml"
    path.write_text(source, encoding="utf-8")
    p = load(path)
    text = write_post(p, tmp_path / "post", "bbcode").text
    assert TYPED in shown(text)
    (code,) = re.findall(r"\[code\](.*?)\[/code\]", text, re.S)
    typed = code.replace("\u200b", "")  # inside [code] a forum reads no tag but [/code]
    assert parse(typed) == p and "# a comment" not in typed and TYPED in typed


@pytest.mark.parametrize("name", ["my puzzle (v2).png", "x](other.png) ![y", "<x>.png"])
def test_a_markdown_picture_links_its_file_whatever_its_name(name):
    shown = mistune.html(markdown([Picture(name, "the position", b"")]))
    (src,) = re.findall(r'<img src="([^"]*)" alt="the position"', shown)
    assert unquote(src) == name and "<a " not in shown and shown.count("<img") == 1
