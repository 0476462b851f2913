"""Free edits of the disaster tokens a position file records: earthquake tokens in cities and the tornado.

Like ``edits``, these write down what the user puts, legal or not; the position's problems list says what
breaks a rule (a quake token in a road, for one). There is one tornado token: putting it moves it.
"""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.geometry import PORT_NAMES, Pos, pos_text
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import QuakeToken, TornadoToken
from carcnb.positions.model import Position
from carcnb.widgets.editor.edits import EditError, follower_port, line_at, same_feature, swap


def toggle_quake(p: Position, pos: Pos, port: int) -> tuple[Position, bool]:
    """Take the earthquake token out of the feature under ``port`` if one is there, else put one in.
    Returns the new position and whether a token was put."""
    line = line_at(p, pos)
    seg_of = catalogue()[line.tile].at(line.rot).port_segment
    anchor = follower_port(line.tile, line.rot, port)
    if seg_of[anchor] < 0:
        raise EditError(f"no feature at {PORT_NAMES[port]} on {pos_text(pos)}: earthquake tokens go in cities")
    for i, tok in enumerate(line.tokens):
        if isinstance(tok, QuakeToken) and same_feature(seg_of, tok.port, anchor):
            return swap(p, line, replace(line, tokens=line.tokens[:i] + line.tokens[i + 1:])), False
    return swap(p, line, replace(line, tokens=line.tokens + (QuakeToken(anchor),))), True


def tornado_at(p: Position) -> Pos | None:
    return next((t.pos for t in p.board if any(isinstance(k, TornadoToken) for k in t.tokens)), None)


def toggle_tornado(p: Position, pos: Pos) -> tuple[Position, bool]:
    """Put the tornado token on the tile at ``pos`` (moving it from where it stood), or take it off when it
    stands there already. Returns the new position and whether the token is now at ``pos``."""
    line_at(p, pos)  # the tornado stands on a tile
    was = tornado_at(p)
    if was is not None:
        old = p.tile_at(was)
        p = swap(p, old, replace(old, tokens=tuple(k for k in old.tokens if not isinstance(k, TornadoToken))))
    if was == pos:
        return p, False
    line = p.tile_at(pos)
    return swap(p, line, replace(line, tokens=line.tokens + (TornadoToken(),))), True
