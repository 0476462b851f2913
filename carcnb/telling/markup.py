"""A small document model for forum posts, written as Markdown, BBCode, BoardGameGeek's markup or HTML.

A post is a list of blocks (headings, paragraphs, a picture, a code block, tables, lists) whose text is made
of spans (plain, bold, code). Each writer renders every block in its markup, escaping what the markup would
read as its own: the post's content is built once and reads the same in every format. BBCode has no tables
(phpBB and most forum software), so its writer turns a table into a list with each cell named by its column;
BoardGameGeek has no lists either, so its writer sets each item on a line of its own. A forum shows only
pictures it can reach, so the BBCode and BoardGameGeek posts say where each picture's file is to be uploaded
and where its address or number goes; the HTML page carries its pictures and a small stylesheet inside it.
"""
from __future__ import annotations

import base64
import html as html_lib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import quote


@dataclass(frozen=True)
class Bold:
    text: str


@dataclass(frozen=True)
class Code:
    text: str


Span = str | Bold | Code
Text = tuple[Span, ...]


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1  # 1 the post's title, 2 a section


@dataclass(frozen=True)
class Para:
    spans: Text


@dataclass(frozen=True)
class Picture:
    path: str  # the picture's file name, beside the post
    alt: str
    png: bytes  # embedded by the HTML writer


@dataclass(frozen=True)
class CodeBlock:
    text: str
    language: str = ""


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[Text, ...], ...]  # each row's cells


@dataclass(frozen=True)
class Items:
    items: tuple[Text, ...]


Block = Heading | Para | Picture | CodeBlock | Table | Items


# ----- Markdown (CommonMark with GitHub tables) ------------------------------------------------------------
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


# The writers (Markdown, BBCode, BGG, HTML) share one shape and write different text: each is kept whole.
def _md_escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_link(path: str) -> str:
    """A file name as a link's target: every character but letters, digits and ``_.-~`` percent-encoded, so
    that a space, a bracket or a parenthesis in the name neither breaks the link nor makes another."""
    return quote(path, safe="")


def _md_span(span: Span) -> str:
    if isinstance(span, Bold):  # spaces stay outside the stars, or CommonMark reads no emphasis
        core = span.text.strip()
        lead, trail = span.text[:len(span.text) - len(span.text.lstrip())], span.text[len(span.text.rstrip()):]
        return f"{lead}**{_md_escape(core)}**{trail}" if core else span.text
    if isinstance(span, Code):
        ticks = "`" * (max(map(len, re.findall("`+", span.text)), default=0) + 1)
        pad = " " if span.text.startswith("`") or span.text.endswith("`") else ""
        return f"{ticks}{pad}{span.text}{pad}{ticks}"
    return _md_escape(span)


def _md_text(spans: Text) -> str:
    return "".join(_md_span(s) for s in spans)


def markdown(blocks: Sequence[Block]) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"{'#' * b.level} {_md_text((b.text,))}")
        elif isinstance(b, Para):
            out.append(_md_text(b.spans))
        elif isinstance(b, Picture):
            out.append(f"![{_md_text((b.alt,))}]({_md_link(b.path)})")
        elif isinstance(b, CodeBlock):
            fence = "`" * max(3, max(map(len, re.findall("`+", b.text)), default=0) + 1)
            out.append(f"{fence}{b.language}\n{b.text.rstrip()}\n{fence}")
        elif isinstance(b, Table):
            lines = ["| " + " | ".join(_md_text((h,)) for h in b.header) + " |",
                     "|" + "|".join("---" for _ in b.header) + "|"]
            lines += ["| " + " | ".join(_md_text(c) for c in row) + " |" for row in b.rows]
            out.append("\n".join(lines))
        elif isinstance(b, Items):
            out.append("\n".join(f"- {_md_text(item)}" for item in b.items))
    return "\n\n".join(out) + "\n"


# ----- BBCode (the tags every forum software reads: no sizes, whose units differ between them) --------------
# BBCode has no escape character. A '[' that would start a tag is followed by an empty tag, which splits the
# tag's name from its bracket: "[[b][/b]url=...]" shows as "[url=...]". Inside [code] nothing but the
# closing tag is read, and an empty tag would show as typed, so there a zero-width space splits "[/code]".
_BB_TAG = re.compile(r"\[(?=/?[A-Za-z*])")
_BB_CODE_END = re.compile(r"\[(?=/code)", re.IGNORECASE)


def _bb_escape(text: str) -> str:
    return _BB_TAG.sub("[[b][/b]", text)


def _bb_code(text: str) -> str:
    return _BB_CODE_END.sub("[\u200b", text)


def _bb_span(span: Span) -> str:
    if isinstance(span, Bold):
        return f"[b]{_bb_escape(span.text)}[/b]"
    return _bb_escape(span if isinstance(span, str) else span.text)


def _bb_text(spans: Text) -> str:
    return "".join(_bb_span(s) for s in spans)


def bbcode(blocks: Sequence[Block]) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            title = _bb_escape(b.text)
            out.append(f"[u][b]{title}[/b][/u]" if b.level == 1 else f"[b]{title}[/b]")  # sizes differ by forum
        elif isinstance(b, Para):
            out.append(_bb_text(b.spans))
        elif isinstance(b, Picture):
            out.append(f"[img]{_bb_escape(b.path)}[/img]\n(Before posting: upload {_bb_escape(b.path)}, as an "
                       f"attachment or to an image host, and put its address in place of its name in the img tag "
                       "above.)")
        elif isinstance(b, CodeBlock):
            out.append(f"[code]{_bb_code(b.text.rstrip())}[/code]")
        elif isinstance(b, Table):
            items = ["[*]" + "; ".join(f"{_bb_escape(h)}: {_bb_text(c)}" for h, c in zip(b.header, row) if c)
                     for row in b.rows]
            out.append("[list]\n" + "\n".join(items) + "\n[/list]")
        elif isinstance(b, Items):
            out.append("[list]\n" + "\n".join(f"[*]{_bb_text(item)}" for item in b.items) + "\n[/list]")
    return "\n\n".join(out) + "\n"


# ----- BoardGameGeek (its forum markup: no lists, [c] for fixed width, pictures by their BGG image number) --
_BGG_TAG_START = re.compile(r"<(?=\S)")  # BGG drops a post from a "<" followed by a letter on


def _bgg_plain(text: str) -> str:
    """``text`` as typed: no "<" that would cut the post, no "[" that would open a tag (as in BBCode)."""
    return _bb_escape(_BGG_TAG_START.sub("< ", text))


def _bgg_span(span: Span) -> str:
    if isinstance(span, Bold):
        return f"[b]{_bgg_plain(span.text)}[/b]"
    if isinstance(span, Code):
        return f"[c]{_bgg_plain(span.text)}[/c]"
    return _bgg_plain(span)


def _bgg_text(spans: Text) -> str:
    return "".join(_bgg_span(s) for s in spans)


# the same walk over the blocks as ``markdown``, in another markup: each says its own tags, kept apart
def bgg(blocks: Sequence[Block]) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"[size={18 if b.level == 1 else 14}][b]{_bgg_plain(b.text)}[/b][/size]")
        elif isinstance(b, Para):
            out.append(_bgg_text(b.spans))
        elif isinstance(b, Picture):
            path = _bgg_plain(b.path)
            out.append(f"[b]Picture {path}[/b] ({_bgg_plain(b.alt)}): upload {path} to BoardGameGeek (the image "
                       "button of the post editor, or the game's Images page) and replace this line with the "
                       "tag ImageID=NUMBER in square brackets, NUMBER being the number BoardGameGeek gives it.")
        elif isinstance(b, CodeBlock):
            out.append(f"[c]{_bgg_plain(b.text.rstrip())}[/c]")
        elif isinstance(b, Table):
            out.append("\n".join("• " + "; ".join(f"{_bgg_plain(h)}: {_bgg_text(c)}" for h, c in zip(b.header, row)
                                                 if c) for row in b.rows))
        elif isinstance(b, Items):
            out.append("\n".join(f"• {_bgg_text(item)}" for item in b.items))
    return "\n\n".join(out) + "\n"


# ----- HTML (a page of its own; characters beyond ASCII as references, so it reads right anywhere) ---------
def _h(text: str) -> str:
    return html_lib.escape(text).encode("ascii", "xmlcharrefreplace").decode("ascii")


def _html_span(span: Span) -> str:
    if isinstance(span, Bold):
        return f"<strong>{_h(span.text)}</strong>"
    if isinstance(span, Code):
        return f"<code>{_h(span.text)}</code>"
    return _h(span)


def _html_text(spans: Text) -> str:
    return "".join(_html_span(s) for s in spans)


STYLE = """body { font-family: system-ui, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em;
       line-height: 1.45; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #eee; }
pre { background: #f6f6f6; border: 1px solid #ddd; padding: 0.6em; overflow-x: auto; }
code { font-family: ui-monospace, monospace; }
img { max-width: 100%; }"""


def html(blocks: Sequence[Block]) -> str:
    title = next((b.text for b in blocks if isinstance(b, Heading)), "carcnb post")
    out = ["<!DOCTYPE html>", '<html lang="en">', '<head>', '<meta charset="utf-8">', f"<title>{_h(title)}</title>",
           f"<style>\n{STYLE}\n</style>", "</head>", "<body>", "<article>"]
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"<h{b.level}>{_h(b.text)}</h{b.level}>")
        elif isinstance(b, Para):
            out.append(f"<p>{_html_text(b.spans)}</p>")
        elif isinstance(b, Picture):
            data = base64.b64encode(b.png).decode("ascii")
            out.append(f'<p><img src="data:image/png;base64,{data}" alt="{_h(b.alt)}"></p>')
        elif isinstance(b, CodeBlock):
            out.append(f"<pre><code>{_h(b.text.rstrip())}</code></pre>")
        elif isinstance(b, Table):
            head = "".join(f"<th>{_h(h)}</th>" for h in b.header)
            body = "".join("<tr>" + "".join(f"<td>{_html_text(c)}</td>" for c in row) + "</tr>\n"
                           for row in b.rows)
            out.append(f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>{body}</tbody>\n</table>")
        elif isinstance(b, Items):
            out.append("<ul>" + "".join(f"<li>{_html_text(item)}</li>" for item in b.items) + "</ul>")
    out += ["</article>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


WRITERS: dict[str, tuple[Callable[[Sequence[Block]], str], str]] = {
    "markdown": (markdown, ".md"), "bbcode": (bbcode, ".bbcode.txt"), "bgg": (bgg, ".bgg.txt"),
    "html": (html, ".html")}
