"""TOML values written as people write them: tables inline, prose over several lines as a multi-line string.
Used to write position files and to quote a file's values in error messages."""
from __future__ import annotations

import re

import tomli_w


def toml_value(v: object) -> str:
    if isinstance(v, tuple) and all(isinstance(x, tuple) and len(x) == 2 for x in v):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v) + " }"
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):  # a table inside a best answer: written inline like the rest
        return toml_value(tuple(v.items()))
    return tomli_w.dumps({"v": v}).split("=", 1)[1].strip()


def toml_text(v: str) -> str:
    """A string value; prose over several lines is written as a multi-line string, as people write it."""
    if "\n" not in v or "\r" in v:  # a multi-line string would read a carriage return back as a newline
        return toml_value(v)
    return tomli_w.dumps({"v": v}, multiline_strings=True).split("=", 1)[1].strip()


def toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_value(k)
