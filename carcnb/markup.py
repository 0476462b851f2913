"""A small document model for forum posts, written as Markdown, BBCode or HTML.

A post is a list of blocks (headings, paragraphs, a picture, a code block, tables, lists) whose text is made
of spans (plain, bold, code). Each writer renders every block in its markup, escaping what the markup would
read as its own: the post's content is built once and reads the same in every format. BBCode has no tables
(phpBB and most forum software), so its writer turns a table into a list with each cell named by its column.
"""
from __future__ import annotations

import base64
import html as html_lib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass


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


def _md_escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


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
            out.append(f"![{_md_text((b.alt,))}]({b.path})")
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


# ----- BBCode (phpBB and the common forum software) --------------------------------------------------------
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
            out.append(f"[size={200 if b.level == 1 else 150}][b]{_bb_escape(b.text)}[/b][/size]")
        elif isinstance(b, Para):
            out.append(_bb_text(b.spans))
        elif isinstance(b, Picture):
            out.append(f"[img]{b.path}[/img]")
        elif isinstance(b, CodeBlock):
            out.append(f"[code]{_bb_code(b.text.rstrip())}[/code]")
        elif isinstance(b, Table):
            items = ["[*]" + "; ".join(f"{_bb_escape(h)}: {_bb_text(c)}" for h, c in zip(b.header, row) if c)
                     for row in b.rows]
            out.append("[list]\n" + "\n".join(items) + "\n[/list]")
        elif isinstance(b, Items):
            out.append("[list]\n" + "\n".join(f"[*]{_bb_text(item)}" for item in b.items) + "\n[/list]")
    return "\n\n".join(out) + "\n"


# ----- HTML (a fragment; characters beyond ASCII as references, so it reads right in any page) ------------
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


def html(blocks: Sequence[Block]) -> str:
    out = ["<article>"]
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
    out.append("</article>")
    return "\n".join(out) + "\n"


WRITERS: dict[str, tuple[Callable[[Sequence[Block]], str], str]] = {
    "markdown": (markdown, ".md"), "bbcode": (bbcode, ".bbcode.txt"), "html": (html, ".html")}
