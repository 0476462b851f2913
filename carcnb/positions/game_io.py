"""The bridge between position files and game states, and the rule problems of a position."""
from __future__ import annotations

from dataclasses import replace

from carcnb.engine.actions import Action, Draw, parse_action
from carcnb.engine.board import Board
from carcnb.engine.errors import IllegalActionError, IllegalPositionError
from carcnb.engine.features import figure, may_stand, split_figure
from carcnb.engine.geometry import PORT_NAMES, Pos, neighbour
from carcnb.engine.rulings import RULINGS, consulted, consulting
from carcnb.engine.state import FOLLOWERS, Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FerryToken, FloodedToken, FollowerToken, TornadoToken
from carcnb.positions.model import EXPANSIONS, Position, Problem, TileLine
from carcnb.positions.reachable import problems as consistency_problems


def game_of(p: Position) -> Game:
    return Game(players=p.players, sets=frozenset(p.sets), rulings=dict(p.rulings))


def problems(p: Position) -> list[Problem]:
    """Everything in ``p`` that breaks a rule; an empty list for a legal position."""
    out: list[Problem] = []
    cat = catalogue()
    enabled = set(p.sets) | {"base"}
    tiles = {t.pos: t for t in p.board}
    game = game_of(p)
    used: dict[str, int] = {}
    for tid in (*(t.tile for t in p.board), *([p.hand] if p.hand else []), *p.gone, *(p.pile or ())):
        used[tid] = used.get(tid, 0) + 1
    allowed_counts: dict[str, int] = {}
    for stage in pile_for(game, list(used), with_start=False):
        for tid, n in stage.items():
            allowed_counts[tid] = allowed_counts.get(tid, 0) + n
    start = game.start_tile()
    allowed_counts[start] = allowed_counts.get(start, 0) + 1
    for tid, n in sorted(used.items()):
        tile = cat[tid]
        if tile.set not in enabled and tid not in allowed_counts:  # The Ferries bring one crop circle tile
            hint = (f"; with ferries alone, only the tile named by ruling ferries.crop_circle_tile "
                    f"({game.ruling('ferries.crop_circle_tile')}) comes in"
                    if tile.set == "cropcircles" and "ferries" in enabled else "")
            out.append(Problem("set-not-enabled", f"tile {tid} belongs to set {tile.set!r}, which is not in sets: "
                                                  f"add it to sets{hint}"))
        elif n > allowed_counts.get(tid, 0):
            out.append(Problem("too-many-copies", f"{n} copies of {tid} ({_where_used(p, tid)}), the sets have "
                                                  f"{allowed_counts.get(tid, 0)}"))
    if p.board and not _connected(set(tiles)):
        out.append(Problem("disconnected", "the tiles do not form one connected board"))
    for t in p.board:
        o = cat[t.tile].at(t.rot)
        for side in (1, 0):  # east and north: each shared edge once
            other = tiles.get(neighbour(t.pos, side))
            if other is None:
                continue
            a, b = o.edges[side], cat[other.tile].at(other.rot).edges[(side + 2) % 4]
            if a != b and "-" not in (a, b):
                out.append(Problem("edge-mismatch", f"{t.x},{t.y} {t.tile} shows {a} to the {'NESW'[side]} "
                                                    f"but {other.x},{other.y} {other.tile} shows {b}", t.line))
    counts: dict[str, int] = {c: 0 for c in p.players}
    stacking = any(cat[tid].has("crop_circle") for tid in allowed_counts)  # a crop circle adds a 2nd follower

    def mixing() -> bool:  # ... beside another player's when it may stand anywhere on the feature, or when the
        # tornado swaps one (asked only of a shared segment: the ruling is read where it matters)
        return stacking and ("disasters" in game.sets or game.ruling("cropcircles.add_where") == "feature")
    for t in p.board:
        tile = cat[t.tile]
        o = tile.at(t.rot)
        segs_used: dict[int, list[str]] = {}
        for tok in t.tokens:
            if isinstance(tok, FollowerToken):
                counts[tok.color] += tok.kind == "follower"
                seg = o.port_segment[tok.port]
                if seg < 0:
                    out.append(_no_feature(tok, t))
                    continue
                if o.segments[seg].kind == "river":
                    out.append(Problem("follower-on-river", f"{tok} on {t.x},{t.y} stands on the river", t.line))
                elif not may_stand(tok.kind, o.segments[seg].kind):
                    out.append(Problem("figure-misplaced", f"{tok} on {t.x},{t.y}: a {tok.kind} may not stand on "
                                                           f"a {o.segments[seg].kind}", t.line))
                if tok.kind == "follower":
                    segs_used.setdefault(seg, []).append(tok.color)
            elif isinstance(tok, FloodedToken) and o.port_segment[tok.port] < 0:
                out.append(_no_feature(tok, t))
            elif isinstance(tok, FerryToken):
                if not tile.has("ferry_lake"):
                    out.append(Problem("ferry-not-on-lake", f"{tok} on {t.x},{t.y} {t.tile}, not a lake tile",
                                       t.line))
                elif o.port_segment[tok.a] < 0 or o.port_segment[tok.b] < 0:
                    out.append(Problem("ferry-without-jetty", f"{tok} on {t.x},{t.y}: no road at both ends",
                                       t.line))
        for seg, colors in segs_used.items():
            if len(colors) > 1 and not (stacking and len(set(colors)) == 1 or mixing()):
                out.append(Problem("shared-segment", f"{len(colors)} followers on one segment of {t.x},{t.y} "
                                                     f"{t.tile}", t.line))
        if tile.has("ferry_lake") and sum(isinstance(k, FerryToken) for k in t.tokens) != 1:
            out.append(Problem("ferry-count", f"lake tile {t.x},{t.y} needs exactly one ferry", t.line))
    lost = dict(p.lost)
    for color, n in counts.items():
        if n + lost.get(color, 0) > FOLLOWERS:
            out_of_game = f" and {lost[color]} out of the game" if lost.get(color) else ""
            out.append(Problem("too-many-followers", f"{color} has {n} followers on the board{out_of_game}, at most "
                                                     f"{FOLLOWERS}"))
    if sum(isinstance(k, TornadoToken) for t in p.board for k in t.tokens) > 1:
        out.append(Problem("tornado-count", "more than one tornado token"))
    out += consistency_problems(p)
    if not out:
        try:
            state = _build(p, None)
        except IllegalActionError as e:
            return [Problem("played-illegal", str(e), 0)]
        for m in state.modules:
            out += [Problem(m.name, msg) for msg in m.problems(state)]
    return out


def _no_feature(tok: FollowerToken | FloodedToken, t: TileLine) -> Problem:
    return Problem("no-feature", f"{tok} on {t.x},{t.y} {t.tile}: no feature holds port {PORT_NAMES[tok.port]}",
                   t.line)


def _where_used(p: Position, tid: str) -> str:
    """Where a position uses copies of ``tid``, for the too-many-copies message: "board 2, pile 1"."""
    counts = {"board": sum(t.tile == tid for t in p.board), "hand": int(p.hand == tid), "gone": p.gone.count(tid),
              "pile": (p.pile or ()).count(tid)}
    return ", ".join(f"{where} {n}" for where, n in counts.items() if n)


def _connected(positions: set[Pos]) -> bool:
    start = next(iter(positions))
    seen, todo = {start}, [start]
    while todo:
        pos = todo.pop()
        for side in range(4):
            n = neighbour(pos, side)
            if n in positions and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(positions)


def state_from_position(p: Position, seed: int | None = None, *, allow_problems: bool = False) -> GameState:
    """A game state at the position: the pile holds the file's ``pile``, or else what the sets have left; the
    mover plays the hand."""
    if not allow_problems:
        found = problems(p)
        if found:
            raise IllegalPositionError(found)
    return _build(p, seed)


def _build(p: Position, seed: int | None) -> GameState:
    from carcnb.engine.rules.base import draw_or_end, turn_steps

    game = game_of(p)
    state = GameState(game, seed=seed, empty=True)
    board: Board = state.board
    cat = catalogue()
    for t in p.board:
        board.put(t.pos, cat[t.tile], t.rot)
    for t in p.board:
        for tok in t.tokens:
            if isinstance(tok, FerryToken):
                o = cat[t.tile].at(t.rot)
                a, b = o.port_segment[tok.a], o.port_segment[tok.b]
                if cat[t.tile].has("ferry_lake") and a >= 0 and b >= 0:
                    board.set_ferry(t.pos, (a, b))
    for t in p.board:
        for tok in t.tokens:
            if isinstance(tok, FollowerToken):
                node = board.node_at(t.pos, tok.port)
                if node is not None:
                    board.add_follower(node, figure(tok.color, tok.kind))
    for color, n in p.scores:
        state.scores[color] = n
    for color, n in p.lost:
        state.lost[color] = n
    state.turn = p.players.index(p.mover)
    for m in state.modules:
        m.load(state, p)
    if p.pile is None:
        state.stages = game.pile(with_start=True)
        for tid in [t.tile for t in p.board] + list(p.gone) + [p.hand] * bool(p.hand):
            _take(state, tid)
    else:
        state.stages = _stages_of(game, p.pile)
    if p.hand:
        state.hand = p.hand
        state.todo = tuple(turn_steps(state))
        state._advance()
    else:
        draw_or_end(state)
    state.j.entries.clear()
    state.j.marks.clear()
    for i, text in enumerate(p.played, 1):
        try:
            state.apply(parse_action(text))
        except IllegalActionError as e:
            raise IllegalActionError(_refused(i, len(p.played), e), e.action, e.where, e.why) from None
    return state


def _refused(i: int, n: int, e: IllegalActionError) -> str:
    """A played action the rules refuse, said with its place in ``played`` and the rule's reason."""
    legal = str(e).partition(" (legal: ")[2]
    why = e.why or f"it is not a legal decision at {e.where}"
    return f"played action {i} of {n}, {e.action!r}, cannot be played: {why}" + (f" (legal: {legal}" if legal else "")


def pile_for(game: Game, tiles: list[str], with_start: bool = True) -> list[dict[str, int]]:
    """The sets' pile of ``game``, for a position that uses ``tiles``: which crop circle tile the Ferries bring
    (``ferries.crop_circle_tile``) is read only when one of them is a crop circle tile, so that the readings of
    a position without one never branch on it."""
    with consulting() as read:
        stages = game.pile(with_start=with_start)
    crops = any(catalogue()[tid].set == "cropcircles" for tid in tiles if tid in catalogue())
    consulted(rid for rid in read.rulings if rid != "ferries.crop_circle_tile" or crops)
    return stages


def _stages_of(game: Game, pile: tuple[str, ...]) -> list[dict[str, int]]:
    """A given pile split into the game's stages (river first): each tile goes to the stage of its kind."""
    sets_pile = pile_for(game, list(pile))
    stages: list[dict[str, int]] = [{} for _ in sets_pile]
    home = {tid: i for i, stage in reversed(list(enumerate(sets_pile))) for tid in stage}
    for tid in pile:
        stage = stages[home.get(tid, len(stages) - 1)]  # a tile of no set (a problem) waits in the last stage
        stage[tid] = stage.get(tid, 0) + 1
    return stages


def _pile(state: GameState) -> tuple[str, ...]:
    return tuple(tid for stage in state.stages for tid in sorted(stage) for _ in range(stage[tid]))


def _gone(state: GameState) -> tuple[str, ...]:
    """Tiles neither on the board, in hand nor in the pile: out of the game."""
    left: dict[str, int] = {}
    for stage in state.game.pile(with_start=True):
        for tid, n in stage.items():
            left[tid] = left.get(tid, 0) + n
    for tid in [t.tile.id for t in state.board.tiles.values()] + [state.hand] * bool(state.hand):
        left[tid] = left.get(tid, 0) - 1
    for stage in state.stages:
        for tid, n in stage.items():
            left[tid] = left.get(tid, 0) - n
    return tuple(tid for tid in sorted(left) for _ in range(max(left[tid], 0)))


def _take(state: GameState, tid: str) -> None:
    for stage in state.stages:
        if stage.get(tid):
            stage[tid] -= 1
            if not stage[tid]:
                del stage[tid]
            return


def position_from_state(state: GameState, title: str | None = None) -> Position:
    """A position file for the state as it stands. In the middle of a turn, the board is the one before the
    turn's tile and ``played`` lists the turn's actions so far, so that loading replays them exactly. A game
    that ended on a draw that went by itself (FL with nothing to flood as the last tile) is written from before
    that draw, the tile in hand: loading plays the end again, where the end as it stands would score twice."""
    taken: list[Action] = []
    if not state.is_chance():
        while state.history and not isinstance(state.history[-1], Draw):
            taken.append(state.undo())
        if state.history and state.hand is None:
            taken.append(state.undo())
    try:
        p = position_as_it_stands(state, title)
    finally:
        for action in reversed(taken):  # back to where the state was: replaying is exact
            state.apply(action, check=False)
    if taken and isinstance(taken[-1], Draw):
        p = _drawn(p, taken.pop().tile)
    return replace(p, played=tuple(str(a) for a in reversed(taken)))


def _drawn(p: Position, tid: str) -> Position:
    """``p`` (at a draw) with ``tid`` drawn: in hand, out of the pile."""
    pile = p.pile
    if pile is not None:
        i = pile.index(tid)
        pile = pile[:i] + pile[i + 1:]
    return replace(p, hand=tid, pile=pile)


def position_as_it_stands(state: GameState, title: str | None = None) -> Position:
    """The board, hand and scores as they are now (mid-turn decisions are not kept: see
    ``position_from_state``)."""
    board = state.board
    lines = []
    for pos in sorted(board.tiles, key=lambda q: (-q[1], q[0])):
        placed = board.tiles[pos]
        tokens: list = []
        if pos in board.ferries:
            o = placed.orient
            a, b = board.ferries[pos]
            pa = next(p for p in o.segments[a].edge_ports if p % 3 == 1)
            pb = next(p for p in o.segments[b].edge_ports if p % 3 == 1)
            tokens.append(FerryToken(*sorted((pa, pb))))
        for (npos, seg), entries in sorted(board.followers.items()):
            if npos == pos:
                port = placed.orient.segments[seg].anchor
                tokens += [FollowerToken(color, port, kind) for color, kind in map(split_figure, entries)]
        for m in state.modules:
            tokens += m.tokens_at(state, pos)
        lines.append(TileLine(pos[0], pos[1], placed.tile.id, placed.rot, tuple(tokens)))
    game = state.game
    sets = tuple(s for s in EXPANSIONS if s in game.sets)
    changed = tuple((k, v) for k, v in game.rulings.items() if v != RULINGS[k].default)
    actor = state.current_player()
    mover = state.players[actor] if actor >= 0 else state.active
    header: dict[str, object] = {}
    for m in state.modules:
        header.update(m.header(state))
    gone, pile = _gone(state), _pile(state)
    if len(pile) < len(gone):  # the shorter of the two says the same: late in a puzzle, the tiles left
        gone = ()
    else:
        pile = None
    lost = tuple((c, n) for c, n in state.lost.items() if n)
    return Position(players=game.players, board=tuple(lines), sets=sets, title=title, to_move=mover,
                    scores=tuple(state.scores.items()), lost=lost, hand=state.hand, gone=gone, pile=pile,
                    rulings=changed, **header)



