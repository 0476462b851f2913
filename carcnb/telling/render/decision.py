"""What a decision picture adds to the board: who moves, each player's points and followers in supply, the
rulings in force that differ from the defaults (a header over the board), and the tile in hand drawn beside
it with its letter and, once it lies on the board, its rotation.

``decision_facts`` reads these from a game state as plain values; the ``draw_*`` functions set them into
Axes laid out in pixels (one data unit is one pixel), so that text keeps its size at any board size.
"""
from __future__ import annotations

from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.patches import PathPatch
from matplotlib.path import Path

from carcnb.engine.geometry import pos_text
from carcnb.engine.rulings import RULINGS
from carcnb.engine.state import GameState
from carcnb.engine.tiles import catalogue
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.glyphs import text_width
from carcnb.telling.render.marks import polys
from carcnb.telling.render.tileart import tile_art

LEADING = 1.35  # a header line's height, in em
PAD = 0.5  # round the header and the hand panel, in em


@dataclass(frozen=True)
class PlayerLine:
    colour: str
    points: int
    supply: int


@dataclass(frozen=True)
class DecisionFacts:
    """Who decides, everyone's points and supply, the rulings that differ from the defaults (id, option), and
    the tile in hand: its id, and its rotation and spot once placed this turn (None before); ``over`` once
    the game has ended (nobody decides: the points are the final scores)."""

    mover: str
    players: tuple[PlayerLine, ...]
    rulings: tuple[tuple[str, str], ...]
    hand: str | None
    rot: int | None
    placed: tuple[int, int] | None
    over: bool = False


def decision_facts(state: GameState, mover: str | None = None) -> DecisionFacts:
    """The facts of ``state``'s decision; ``mover`` names who decides when the state does not (at a draw)."""
    seat = state.current_player()
    who = state.players[seat] if seat >= 0 else (mover or state.active)
    players = tuple(PlayerLine(c, state.scores[c], state.supply(c)) for c in state.players)
    rulings = tuple((rid, option) for rid, option in state.game.rulings.items() if option != RULINGS[rid].default)
    if state.over:
        return DecisionFacts(who, players, rulings, None, None, None, over=True)
    placed = state.board.tiles.get(state.placed) if state.placed is not None else None
    if placed is not None:  # this turn's tile, on the board now
        return DecisionFacts(who, players, rulings, placed.tile.id, placed.rot, state.placed)
    return DecisionFacts(who, players, rulings, state.hand, None, None)


def outcome(players: tuple[PlayerLine, ...]) -> tuple[str, str | None]:
    """A finished game's first header line, and the colour of the meeple before it (the winner's, if one)."""
    best = max(p.points for p in players)
    first = [p.colour for p in players if p.points == best]
    if len(first) == 1:
        return (f"game over: {first[0]} wins", first[0])
    return (f"game over: {', '.join(first[:-1])} and {first[-1]} tie", None)


def header_lines(facts: DecisionFacts) -> list[list[tuple[str, str | None]]]:
    """The header as lines of pieces (text, the player colour of a meeple drawn before it, or None); the
    first line, who moves, is set in bold."""
    first = outcome(facts.players) if facts.over else (f"{facts.mover} to move", facts.mover)
    lines: list[list[tuple[str, str | None]]] = [[first]]
    lines.append([(f"{p.colour}: {p.points} points{' in all' if facts.over else ''}, {p.supply} "
                   f"{'follower' if p.supply == 1 else 'followers'} in supply", p.colour) for p in facts.players])
    if facts.rulings:
        last = len(facts.rulings) - 1
        lines.append([(f"{'rulings: ' if k == 0 else ''}{rid} = {option}{',' if k < last else ''}", None)
                      for k, (rid, option) in enumerate(facts.rulings)])
    return lines


def header_width(facts: DecisionFacts, font: float) -> int:
    """The least width the header needs: its widest piece."""
    return round(max(_piece_width(text, colour, k == 0) for k, line in enumerate(header_lines(facts))
                     for text, colour in line) * font + 2 * PAD * font)


def _piece_width(text: str, colour: str | None, bold: bool) -> float:
    """A header piece's width in em: a meeple before it (when it has a colour), its text, a gap after."""
    return text_width(text) * (1.1 if bold else 1) + (1.1 if colour else 0) + 1.0


def header_height(facts: DecisionFacts, font: float, width: float) -> int:
    """The header's height when it is ``width`` pixels wide (its lines wrap between pieces)."""
    return round((_rows(facts, font, width) * LEADING + 2 * PAD) * font)


def _layout(facts: DecisionFacts, font: float, width: float) -> list[list[tuple[float, int, str, str | None]]]:
    """Each header line's pieces with their x (pixels) and row, a line wrapping between pieces."""
    rows: list[list[tuple[float, int, str, str | None]]] = []
    row = 0
    for k, line in enumerate(header_lines(facts)):
        x = PAD * font
        placed: list[tuple[float, int, str, str | None]] = []
        for text, colour in line:
            w = _piece_width(text, colour, k == 0) * font
            if placed and x + w > width:
                row, x = row + 1, PAD * font
            placed.append((x, row, text, colour))
            x += w
        rows.append(placed)
        row += 1
    return rows


def _rows(facts: DecisionFacts, font: float, width: float) -> int:
    return max((r for line in _layout(facts, font, width) for _, r, _, _ in line), default=-1) + 1


def draw_header(ax: Axes, facts: DecisionFacts, font: float, width: float, height: float, dpi: float) -> list:
    """The header into ``ax`` (data units are pixels, y down from the top; ``font`` in pixels)."""
    size = font * 72 / dpi
    _pixel_axes(ax, width, height)
    artists = []
    for k, line in enumerate(_layout(facts, font, width)):
        for x, row, text, colour in line:
            y = (PAD + (row + 0.5) * LEADING) * font
            if colour:
                meeple = sh.meeple(x + 0.45 * font, 0, 0.9 * font) * (1, -1) + (0, y)  # y grows downwards
                artists += polys(ax, [meeple], st.PLAYER.get(colour, st.PLAYER["gray"]), st.FOLLOWER_EDGE, 0.8,
                                 z=2)
                x += 1.1 * font
            artists.append(ax.text(x, y, text, ha="left", va="center", color=st.CAPTION, fontsize=size,
                                   fontfamily="DejaVu Sans", fontweight="bold" if k == 0 else "normal"))
    return artists


def hand_width(facts: DecisionFacts, font: float, px_per_tile: float) -> int:
    """The hand panel's width: the tile and its lines of text, whichever is wider."""
    texts = hand_texts(facts)
    return round(max(1.1 * px_per_tile, max(text_width(t) for t in texts) * font) + 2 * PAD * font)


def hand_texts(facts: DecisionFacts) -> list[str]:
    if facts.placed is None:
        return ["in hand", facts.hand, "any rotation"]
    return ["in hand", facts.hand, f"placed {pos_text(facts.placed)}, {facts.rot}°"]


def hand_height(font: float, px_per_tile: float) -> int:
    return round(px_per_tile + (3 * LEADING + 3 * PAD) * font)


def draw_hand(ax: Axes, facts: DecisionFacts, font: float, px_per_tile: float, width: float, height: float,
              dpi: float) -> list:
    """The tile in hand at its rotation (unturned before it is placed), with its letter and rotation."""
    pt = font * 72 / dpi
    scale = px_per_tile / dpi
    _pixel_axes(ax, width, height)
    label, letter, turn = hand_texts(facts)
    cx = width / 2
    artists = [ax.text(cx, PAD * font, label, ha="center", va="top", color=st.CAPTION, fontsize=pt,
                       fontfamily="DejaVu Sans")]
    top = (PAD + LEADING) * font
    art = tile_art(catalogue()[facts.hand], facts.rot or 0)
    size = px_per_tile
    left = cx - size / 2
    for style, verts, codes in art.paths:
        level, face, edge, lw = style
        flipped = verts * (size, -size) + (left, top + size)
        patch = PathPatch(Path(flipped, codes), facecolor=face, edgecolor=edge, linewidth=lw * scale,
                          zorder=1 + level / 100, joinstyle="round")
        ax.add_artist(patch)
        artists.append(patch)
    y = top + size + 0.5 * PAD * font
    artists.append(ax.text(cx, y, letter, ha="center", va="top", color=st.CAPTION, fontsize=pt * 1.2,
                           fontfamily="DejaVu Sans", fontweight="bold"))
    artists.append(ax.text(cx, y + LEADING * font, turn, ha="center", va="top", color=st.CAPTION,
                           fontsize=pt, fontfamily="DejaVu Sans"))
    return artists


def _pixel_axes(ax: Axes, width: float, height: float) -> None:
    """``ax`` as a blank sheet ``width`` x ``height`` pixels, y growing downwards."""
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
