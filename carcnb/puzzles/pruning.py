"""Pruning a mined position: the tiles and followers that change neither its answer nor its idea are taken off,
so that the picture shows only what the puzzle needs, and a set no tile left uses is dropped."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from carcnb.engine.geometry import Pos
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FollowerToken
from carcnb.positions.game_io import problems
from carcnb.positions.model import Position, TileLine
from carcnb.puzzles.playable import sets_in_use


def pruned(p: Position, keeps: Callable[[Position], bool]) -> Position:
    """``p`` without the tiles and followers whose removal keeps the board legal and ``keeps`` true, the
    farthest from the action first: the picture shows only what the puzzle needs. The start tile stays (a game
    starts from it at 0,0), and so does the river (its tiles are drawn first: a river tile taken off would come
    back as the next draw); a set no tile left uses is dropped (``playable``). The pile is left to the sets,
    except on the last tile and in a question over the whole game, whose few tiles left are the puzzle."""
    over_the_game = p.question is not None and p.question.horizon == "game"
    bare = replace(p, gone=(), pile=p.pile if p.pile == () or over_the_game else None)
    if bare != p and _legal(bare) and keeps(bare):
        p = bare
    action = _action_at(p)
    smaller = p
    while smaller is not None:  # again until no tile goes: a tile may go once another has gone
        p, smaller = smaller, None
        for t in sorted(filter(_prunable, p.board), key=lambda t: (-_distance(t.pos, action), t.y, t.x)):
            fewer = p.with_board(tuple(o for o in p.board if o.pos != t.pos))
            if _legal(fewer) and keeps(fewer):
                smaller = p = fewer
    for t in sorted(p.board, key=lambda t: (-_distance(t.pos, action), t.y, t.x)):
        for token in [k for k in t.tokens if isinstance(k, FollowerToken)]:
            here = next(o for o in p.board if o.pos == t.pos)
            fewer = replace(here, tokens=tuple(k for k in here.tokens if k != token))
            smaller = p.with_board(tuple(fewer if o.pos == t.pos else o for o in p.board))
            if _legal(smaller) and keeps(smaller):
                p = smaller
    used = replace(p, sets=tuple(s for s in p.sets if s in sets_in_use(p)))
    return used if used != p and _legal(used) and keeps(used) else p


def _prunable(t: TileLine) -> bool:
    return catalogue()[t.tile].set != "river" and t.pos != (0, 0)


def _action_at(p: Position) -> Pos:
    """Where the puzzle happens: the mean position of the tiles with tokens."""
    spots = [t.pos for t in p.board if t.tokens] or [t.pos for t in p.board]
    return (sum(x for x, _ in spots) // len(spots), sum(y for _, y in spots) // len(spots))


def _distance(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _legal(p: Position) -> bool:
    return not problems(p)
