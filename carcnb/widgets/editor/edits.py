"""Free edits of a position: pure functions from a ``Position`` to a new one, with no rule checks.

Free edit draws illegal and hypothetical boards, so nothing here refuses a mismatch; the position's
``problems()`` list says what such a board breaks.
"""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.errors import CarcnbError
from carcnb.engine.features import FIGURE_KINDS
from carcnb.engine.geometry import CENTRE, PORT_NAMES, Pos, pos_text, side_centre, side_of
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FerryToken, FollowerToken
from carcnb.positions.model import Position, Question, TileLine


class EditError(CarcnbError):
    """A free edit that cannot be written down in a position file."""



def line_at(p: Position, pos: Pos) -> TileLine:
    line = p.tile_at(pos)
    if line is None:
        raise EditError(f"no tile at {pos_text(pos)}")
    return line


def swap(p: Position, old: TileLine | None, new: TileLine | None) -> Position:
    board = [t for t in p.board if t is not old]
    if new is not None:
        board.append(new)
    board.sort(key=lambda t: (-t.y, t.x))
    return p.with_board(tuple(board))


def put_tile(p: Position, pos: Pos, tid: str, rot: int) -> Position:
    """Put ``tid`` at ``pos`` (replacing what lies there, with its tokens), matching or not."""
    if tid not in catalogue():
        raise EditError(f"unknown tile {tid!r}")
    return swap(p, p.tile_at(pos), TileLine(pos[0], pos[1], tid, rot))


def remove_tile(p: Position, pos: Pos) -> Position:
    return swap(p, line_at(p, pos), None)


def follower_port(tid: str, rot: int, port: int) -> int:
    """The port that names the feature under ``port``: the feature's anchor, or a neighbouring half-edge
    when ``port`` is the bare centre of a field edge; ``port`` itself on a tile without features."""
    o = catalogue()[tid].at(rot)
    tries = [port] if port == CENTRE else [port, side_centre(side_of(port)) - 1, side_centre(side_of(port)) + 1]
    for q in tries:
        seg = o.port_segment[q]
        if seg >= 0:
            return o.segments[seg].anchor
    return port


def toggle_follower(p: Position, pos: Pos, port: int, color: str, kind: str = "follower") -> tuple[Position, bool]:
    """Remove ``color``'s figure of ``kind`` (follower, builder, pig) from the feature under ``port`` if one
    stands there, else add one. Returns the new position and whether a figure was added."""
    if color not in p.players:
        raise EditError(f"colour {color!r} is not a player ({', '.join(p.players)})")
    if kind not in FIGURE_KINDS:
        raise EditError(f"unknown figure {kind!r} (known: {', '.join(FIGURE_KINDS)})")
    line = line_at(p, pos)
    anchor = follower_port(line.tile, line.rot, port)
    seg_of = catalogue()[line.tile].at(line.rot).port_segment
    for i, tok in enumerate(line.tokens):
        if isinstance(tok, FollowerToken) and (tok.color, tok.kind) == (color, kind) and same_feature(seg_of, tok.port, anchor):
            tokens = line.tokens[:i] + line.tokens[i + 1:]
            return swap(p, line, replace(line, tokens=tokens)), False
    return swap(p, line, replace(line, tokens=line.tokens + (FollowerToken(color, anchor, kind),))), True


def same_feature(seg_of: tuple[int, ...], port: int, other: int) -> bool:
    """Whether two ports of a tile (``seg_of``: its port-to-segment table) are on one segment."""
    return port == other or (seg_of[port] >= 0 and seg_of[port] == seg_of[other])


def jetty(port: int) -> int:
    """The edge centre (ferry end) on the side of ``port``."""
    if port == CENTRE:
        raise EditError("a ferry end is an edge (N E S W), not the centre")
    return side_centre(side_of(port))


def set_ferry(p: Position, pos: Pos, a: int, b: int) -> Position:
    """Lay the ferry of the lake tile at ``pos`` between the jetties at edges ``a`` and ``b``."""
    line = line_at(p, pos)
    if not catalogue()[line.tile].has("ferry_lake"):
        raise EditError(f"{line.tile} at {pos_text(pos)} is not a lake tile: ferries go on lake tiles")
    a, b = sorted((jetty(a), jetty(b)))
    if a == b:
        raise EditError(f"a ferry joins two different edges, got {PORT_NAMES[a]} twice")
    tokens = tuple(t for t in line.tokens if not isinstance(t, FerryToken)) + (FerryToken(a, b),)
    return swap(p, line, replace(line, tokens=tokens))


def set_hand(p: Position, tid: str | None) -> Position:
    if tid is not None and tid not in catalogue():
        raise EditError(f"unknown tile {tid!r}")
    return replace(p, hand=tid)


def clear_board(p: Position) -> Position:
    """``p`` with no tiles: players, sets, scores and rulings stay; the tile in hand, the pile, the turn's
    actions, the tiles and followers out of the game, the rule modules' memory, the title and the question's
    answer go with the board (they were the old board's: a tile in hand would count as a copy too many once it
    is put down again, and a follower the meteor took would still be missing)."""
    return replace(p, board=(), played=(), gone=(), lost=(), flood=(), earthquake=(), meteor=(), hand=None,
                   pile=None, title=None, question=p.question and open_question(p.question))


def open_question(q: Question) -> Question:
    """``q`` as the user asks it of a board it may no longer fit: its kind, words, horizon and counting; no
    answer, explanation or grade (they were the old board's), no readings (they need an answer each)."""
    return Question(q.kind, ask=q.ask, horizon=q.horizon, counting=q.counting)


def set_score(p: Position, color: str, points: int) -> Position:
    if color not in p.players:
        raise EditError(f"colour {color!r} is not a player ({', '.join(p.players)})")
    if type(points) is not int or points < 0:
        raise EditError(f"a score is a whole number of points >= 0, got {points!r}")
    scores = dict(p.scores)
    scores[color] = points
    return replace(p, scores=tuple((c, scores[c]) for c in p.players if scores.get(c)))


def set_to_move(p: Position, color: str) -> Position:
    if color not in p.players:
        raise EditError(f"colour {color!r} is not a player ({', '.join(p.players)})")
    return replace(p, to_move=color)


def set_ruling(p: Position, rid: str, option: str, default: str) -> Position:
    """The position with ruling ``rid`` set (a default is left out of the file)."""
    rulings = tuple((k, v) for k, v in p.rulings if k != rid)
    if option != default:
        rulings += ((rid, option),)
    return replace(p, rulings=rulings)


def set_sets(p: Position, sets: tuple[str, ...]) -> Position:
    return replace(p, sets=tuple(s for s in sets if s != "base"))
