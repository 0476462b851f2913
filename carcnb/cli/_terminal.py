"""A board in a terminal: inline pictures where the terminal says it can show them, text everywhere else.

The picture goes inline through the kitty or iTerm2 image protocol when ``$TERM``/``$TERM_PROGRAM`` names
such a terminal (inside tmux or screen they do not, and the text board of ``_textboard`` is drawn).
"""
from __future__ import annotations

import base64
import os
from collections.abc import Mapping

from carcnb.cli._textboard import text_board, tile_cell

__all__ = ["PROTOCOLS", "image_protocol", "inline_image", "text_board", "tile_cell"]

KITTY_CHUNK = 4096
PROTOCOLS = ("kitty", "iterm")


def image_protocol(env: Mapping[str, str] | None = None) -> str | None:
    """``kitty``, ``iterm`` or None: the inline image protocol the terminal announces."""
    env = os.environ if env is None else env
    term, program = env.get("TERM", ""), env.get("TERM_PROGRAM", "")
    if term.startswith(("screen", "tmux")) or "TMUX" in env:
        return None  # a multiplexer would have to pass the picture through: text is safer
    if term == "xterm-kitty" or program in ("kitty", "ghostty") or "KITTY_WINDOW_ID" in env:
        return "kitty"
    if program in ("iTerm.app", "WezTerm") or env.get("LC_TERMINAL") == "iTerm2":
        return "iterm"
    return None


def inline_image(png: bytes, protocol: str) -> str:
    """The escape sequence that shows ``png`` in the terminal at the cursor."""
    data = base64.standard_b64encode(png).decode("ascii")
    if protocol == "iterm":
        return f"\x1b]1337;File=inline=1;size={len(png)};preserveAspectRatio=1:{data}\x07\n"
    chunks = [data[i:i + KITTY_CHUNK] for i in range(0, len(data), KITTY_CHUNK)] or [""]
    out = []
    for n, chunk in enumerate(chunks):
        more = int(n < len(chunks) - 1)
        head = f"a=T,f=100,m={more}" if n == 0 else f"m={more}"
        out.append(f"\x1b_G{head};{chunk}\x1b\\")
    return "".join(out) + "\n"
