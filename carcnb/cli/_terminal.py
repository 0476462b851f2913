"""A board in a terminal: inline pictures where the terminal says it can show them, text everywhere else.

The text board is a grid of small tiles, north up: each tile's edges drawn by kind (``#`` city, ``|``/``=``
road, ``~`` river, ``.`` field), its letter and turn in the middle, and a line of what stands on it (a
follower by its colour's initial, ``F`` a ferry, ``Q`` an earthquake token, ``T`` the tornado), with the
coordinates along the sides; under it, each piece in the notation the answers use. The picture goes inline
through the kitty or iTerm2 image protocol when ``$TERM``/``$TERM_PROGRAM`` names such a terminal (inside tmux
or screen they do not, and the text is drawn).
"""
from __future__ import annotations

import base64
import os
from collections.abc import Mapping

from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FerryToken, FollowerToken, QuakeToken, TornadoToken
from carcnb.positions.model import Position, TileLine

WIDTH = 9  # characters a tile takes: its two side edges and seven between
EDGE_MARKS = {"C": "#", "F": ".", "W": "~", "-": " "}
ROAD = {0: "|", 1: "=", 2: "|", 3: "="}  # a road crossing the north, east, south or west edge
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


def text_board(p: Position) -> str:
    """The board of ``p`` as text: the grid, then the pieces on it in notation."""
    if not p.board:
        return "(the board is empty)"
    xs = [t.pos[0] for t in p.board]
    ys = [t.pos[1] for t in p.board]
    at = {t.pos: t for t in p.board}
    margin = max(len(str(y)) for y in ys) + 1
    lines = [" " * margin + "".join(f"{x:^{WIDTH}}" for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        rows = [tile_cell(at[x, y]) if (x, y) in at else [" " * WIDTH] * 4 for x in range(min(xs), max(xs) + 1)]
        for r in range(4):
            label = f"{y:>{margin - 1}} " if r == 1 else " " * margin
            lines.append((label + "".join(cell[r] for cell in rows)).rstrip())
    pieces = [f"  {t.pos[0]},{t.pos[1]} {t.tile}: {' '.join(map(str, t.tokens))}" for t in p.board if t.tokens]
    key = "# city  | = road  ~ river  . field; on a tile: a follower by its colour's initial, F ferry, " \
          "Q earthquake, T tornado"
    return "\n".join(lines + ([key, "On the board:"] + pieces if pieces else [key]))


def tile_cell(line: TileLine) -> list[str]:
    """One tile as four rows of ``WIDTH`` characters: its edges, its letter and turn, what stands on it."""
    edges = catalogue()[line.tile].at(line.rot).edges
    n, e, s, w = (_edge(edges[side], side) for side in range(4))
    inner = WIDTH - 2
    top = "+" + (n * inner if n != ROAD[0] else f"{n:.^{inner}}") + "+"
    bottom = "+" + (s * inner if s != ROAD[2] else f"{s:.^{inner}}") + "+"
    name = f"{line.tile} {line.rot}"[:inner]
    on = "".join(_token(t) for t in line.tokens)[:inner]
    west, east = (ROAD[3] if w == ROAD[3] else w), (ROAD[1] if e == ROAD[1] else e)
    return [top, f"{west}{name:^{inner}}{east}", f"{_side(w)}{on:^{inner}}{_side(e)}", bottom]


def _edge(kind: str, side: int) -> str:
    return ROAD[side] if kind == "R" else EDGE_MARKS.get(kind, "?")


def _side(mark: str) -> str:
    """The edge mark on the row beside a road's: a road crosses the side at one row only."""
    return "." if mark in "|=" else mark


def _token(token: object) -> str:
    # one letter a token: like the account's passing words in shape only
    if isinstance(token, FollowerToken):
        return token.color[0] if token.kind == "follower" else token.color[0].upper()
    if isinstance(token, FerryToken):
        return "F"
    if isinstance(token, QuakeToken):
        return "Q"
    if isinstance(token, TornadoToken):
        return "T"
    return "?"
