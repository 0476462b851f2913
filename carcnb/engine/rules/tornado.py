"""Tornado (TO1-3): placed normally, then the turn is interrupted. From the placer clockwise, each player
moves the tornado token 2 steps orthogonally (one action per step). A figure on a tile the tornado enters
is picked up (the mover chooses among several); if the tornado carries one already, the two swap places,
and a figure that may not stand where it lands goes back to supply. After 12 steps, or when the tornado
cannot move, the owner of a carried follower puts it on an unoccupied, uncompleted feature of the tile
where the tornado stopped, or it returns to supply. Then the turn goes on (deploy, score).

Rulings: ``tornado.steps``, ``tornado.over_empty``, ``tornado.short_move``, ``tornado.revisit``,
``tornado.drop``. Reading:
"not the same tile twice" counts the tile a move starts from, so a move never goes back where it began.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Drop, Pass, Pick, TornadoStep, shared
from carcnb.engine.features import Node, may_stand, split_figure
from carcnb.engine.geometry import SIDE_DELTA, Pos, neighbour, pos_text
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.rulings import ruled
from carcnb.engine.steps import Step

if TYPE_CHECKING:
    from carcnb.engine.state import GameState

MAX_STEPS = 12
_EVENT_KEYS = ("tornado", "tornado_carry", "tornado_steps", "tornado_move", "tornado_dir", "tornado_seen")


# its rulings read as properties, like the meteor's: alike in shape, each a different ruling
class TornadoRules(RuleModule):
    name = "tornado"

    straight = ruled("tornado.steps", "straight")
    over_empty = ruled("tornado.over_empty", "yes")
    skip_short = ruled("tornado.short_move", "skip")
    whole_event = ruled("tornado.revisit", "per_tornado")
    drop_optional = ruled("tornado.drop", "may")

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {"TO1": 1, "TO2": 1, "TO3": 1}}

    def after_place(self, state: GameState, pos: Pos) -> list[Step]:
        if not state.board.tiles[pos].tile.has("tornado"):
            return []
        state.set_ext("tornado", pos)
        state.set_ext("tornado_path", (pos,))  # for pictures only
        if self.whole_event:
            state.set_ext("tornado_seen", frozenset({pos}))
        state.set_ext("tornado_steps", 0)
        state.set_ext("tornado_move", (pos,))
        return [shared(TornadoMoveStep, state.turn, 0)]

    def after_score(self, state: GameState) -> list[Step]:
        """The turn's tornado has done its work: its path, drawn while the event is played, goes."""
        state.set_ext("tornado_path", None)
        return []

    def load(self, state: GameState, position) -> None:
        """A ``tornado`` token in a file marks where the tornado stands (for pictures of an event)."""
        from carcnb.engine.tokens import TornadoToken
        at = next((t.pos for t in position.board if any(isinstance(k, TornadoToken) for k in t.tokens)), None)
        if at is not None and not position.played:
            state.set_ext("tornado", at)

    def tokens_at(self, state: GameState, pos: Pos) -> list:
        from carcnb.engine.tokens import TornadoToken
        return [TornadoToken()] if state.ext.get("tornado") == pos else []

    def held(self, state: GameState, color: str) -> int:
        carry = state.ext.get("tornado_carry")
        return int(carry == color)

    def step_options(self, state: GameState, first: bool) -> list[Pos]:
        """Where the tornado may step now (for a first step under ``skip``, only where a second step follows)."""
        return sorted(self._steps(state, first))

    def can_step(self, state: GameState, first: bool) -> bool:
        return next(self._steps(state, first), None) is not None

    def _steps(self, state: GameState, first: bool) -> Iterator[Pos]:
        ext = state.ext
        x, y = ext["tornado"]
        visited = self._visited(state)
        for side, (dx, dy) in enumerate(SIDE_DELTA):
            if not first and side != ext.get("tornado_dir") and self.straight:
                continue
            to = (x + dx, y + dy)
            if not self._may_enter(state, to, visited):
                continue
            if first and not self._second_step(state, to, side) and self.skip_short:
                continue
            yield to

    def why_not(self, state: GameState, to: Pos, first: bool) -> str | None:
        """Why the tornado may not step onto ``to`` now, in words naming the ruling that forbids it (None when
        it may): what a recorded line that a reading makes impossible says."""
        here = state.ext["tornado"]
        step = f"the step from {pos_text(here)} to {pos_text(to)}"
        delta = (to[0] - here[0], to[1] - here[1])
        if delta not in SIDE_DELTA:
            return (f"{pos_text(to)} is not next to {pos_text(here)}: the tornado moves one square a step, never "
                    "diagonally")
        side = SIDE_DELTA.index(delta)
        if not first and self.straight and side != state.ext.get("tornado_dir"):
            return f"{step} turns, and both steps of a move go the same way (tornado.steps = straight)"
        if to not in state.board.tiles and not self.over_empty:
            return f"{step} goes onto an empty position, and the tornado crosses tiles only (tornado.over_empty = no)"
        if to in self._visited(state):
            if self.whole_event:
                return f"{step} revisits a square this tornado already crossed (tornado.revisit = per_tornado)"
            return f"{step} goes back to a square this move already crossed or started from"
        if first and self.skip_short and not self._second_step(state, to, side):
            return (f"from {pos_text(to)} the tornado could not make its second step, and a move with one step left "
                    "stops instead (tornado.short_move = skip)")
        return None

    def why_stopped(self, state: GameState, to: Pos) -> str:
        """Why the tornado, stopped now, did not step onto ``to``."""
        ext = state.ext
        if ext["tornado_steps"] >= MAX_STEPS:
            return f"the tornado has made its {MAX_STEPS} steps and stopped at {pos_text(ext['tornado'])}"
        why = self.why_not(state, to, len(ext["tornado_move"]) == 1)
        stopped = f"the tornado stopped at {pos_text(ext['tornado'])}, where no step was left"
        return stopped + (f": {why}" if why else "")

    def _visited(self, state: GameState) -> tuple[Pos, ...]:
        return state.ext["tornado_seen"] if self.whole_event else state.ext["tornado_move"]

    def _may_enter(self, state: GameState, to: Pos, visited) -> bool:
        return (to in state.board.tiles or self.over_empty) and to not in visited

    def _second_step(self, state: GameState, via: Pos, side: int) -> bool:
        if state.ext["tornado_steps"] + 1 >= MAX_STEPS:
            return True
        visited = set(self._visited(state)) | {via}
        sides = [side] if self.straight else range(4)
        return any(self._may_enter(state, neighbour(via, s), visited) for s in sides)


def _figures_at(state: GameState, pos: Pos) -> list[tuple[Node, str]]:
    here = [(node, entries) for node, entries in state.board.followers.items() if node[0] == pos]
    if len(here) > 1:
        here.sort()
    return [(node, entry) for node, entries in here for entry in entries]


def _swap(state: GameState, node: Node, entry: str) -> None:
    """Pick ``entry`` up from ``node``; a carried figure lands there, or goes home if it may not stand there."""
    board = state.board
    board.remove_follower(node, entry)
    carried = state.ext.get("tornado_carry")
    if carried is not None:
        _, kind = split_figure(carried)
        if may_stand(kind, board.segment(node).kind):
            board.add_follower(node, carried)
    state.set_ext("tornado_carry", entry)


@dataclass(frozen=True)
class TornadoMoveStep(Step):
    """Step ``k`` (0 or 1) of ``seat``'s move of the tornado. Runs by itself (ending the event) when the
    tornado cannot move."""

    seat: int
    k: int

    def actor(self, state: GameState) -> int | None:
        return self.seat if state.module(TornadoRules).can_step(state, self.k == 0) else None

    def legal(self, state: GameState) -> list[Action]:
        return [shared(TornadoStep, p) for p in state.module(TornadoRules).step_options(state, self.k == 0)]

    def run(self, state: GameState) -> None:
        _end_event(state)

    def apply(self, state: GameState, action: Action) -> None:
        assert isinstance(action, TornadoStep)
        ext = state.ext
        here, to = ext["tornado"], action.pos
        side = SIDE_DELTA.index((to[0] - here[0], to[1] - here[1]))
        state.set_ext("tornado", to)
        state.set_ext("tornado_path", ext["tornado_path"] + (to,))
        if "tornado_seen" in ext:
            state.set_ext("tornado_seen", ext["tornado_seen"] | {to})
        state.set_ext("tornado_move", ext["tornado_move"] + (to,))
        state.set_ext("tornado_steps", ext["tornado_steps"] + 1)
        state.set_ext("tornado_dir", side)
        after: list[Step]
        if ext["tornado_steps"] >= MAX_STEPS:
            after = [shared(TornadoEndStep)]
        elif self.k == 0:
            after = [shared(TornadoMoveStep, self.seat, 1)]
        else:
            nxt = (self.seat + 1) % len(state.players)
            after = [shared(TornadoNextMoveStep, nxt)]
        figures = _figures_at(state, to)
        if len(figures) == 1:
            _swap(state, *figures[0])
        elif figures:
            after = [shared(TornadoPickStep, self.seat)] + after
        state.push(after)

    def describe(self) -> str:
        return f"move the tornado (step {self.k + 1} of 2)"

    def refusal(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, TornadoStep):
            return state.module(TornadoRules).why_not(state, action.pos, self.k == 0)
        return f"the tornado has not stopped: {state.players[self.seat]} still moves it"


@dataclass(frozen=True)
class TornadoNextMoveStep(Step):
    """A new player's move starts where the tornado stands."""

    seat: int

    def run(self, state: GameState) -> None:
        state.set_ext("tornado_move", (state.ext["tornado"],))
        state.set_ext("tornado_dir", None)
        state.push([shared(TornadoMoveStep, self.seat, 0)])


@dataclass(frozen=True)
class TornadoPickStep(Step):
    """The mover chooses which of several figures the tornado picks up."""

    seat: int

    def actor(self, state: GameState) -> int | None:
        return self.seat

    def legal(self, state: GameState) -> list[Action]:
        board = state.board
        here = state.ext["tornado"]
        return sorted({Pick(entry, node[0], board.segment(node).anchor) for node, entry in _figures_at(state, here)})

    def apply(self, state: GameState, action: Action) -> None:
        assert isinstance(action, Pick)
        _swap(state, state.board.node_at(action.pos, action.port), action.color)

    def describe(self) -> str:
        return "choose the figure the tornado picks up"


# The tornado's bookkeeping steps, like the flood's in shape: each runs a different part of the event.
@dataclass(frozen=True)
class TornadoEndStep(Step):
    def run(self, state: GameState) -> None:
        _end_event(state)


def drop_targets(state: GameState) -> list[Node]:
    """Where the carried figure may be put: unoccupied, uncompleted features of the tornado's last tile."""
    carried = state.ext.get("tornado_carry")
    pos = state.ext.get("tornado")
    board = state.board
    if carried is None or pos not in board.tiles:
        return []
    _, kind = split_figure(carried)
    out = []
    for i, seg in enumerate(board.tiles[pos].orient.segments):
        node = (pos, i)
        if may_stand(kind, seg.kind) and not board.occupied(node) and not board.is_complete(node):
            out.append(node)
    return out


def _end_event(state: GameState) -> None:
    if state.ext.get("tornado_carry") is not None:
        state.push([shared(TornadoDropStep), shared(TornadoClearStep)])
    else:
        _clear(state)


@dataclass(frozen=True)
class TornadoDropStep(Step):
    """The carried figure's owner puts it on the tornado's last tile (it goes home when nothing is free)."""

    def actor(self, state: GameState) -> int | None:
        if not drop_targets(state):
            return None
        color, _ = split_figure(state.ext["tornado_carry"])
        return state.players.index(color)

    def legal(self, state: GameState) -> list[Action]:
        carried = state.ext["tornado_carry"]
        drops: list[Action] = sorted(shared(Drop, carried, node[0], state.board.segment(node).anchor)
                                     for node in drop_targets(state))
        return drops + [shared(Pass)] if state.module(TornadoRules).drop_optional else drops

    def apply(self, state: GameState, action: Action) -> None:
        if isinstance(action, Drop):
            state.board.add_follower(state.board.node_at(action.pos, action.port), action.color)
        state.set_ext("tornado_carry", None)

    def run(self, state: GameState) -> None:
        state.set_ext("tornado_carry", None)

    def describe(self) -> str:
        return "put the follower the tornado carried"

    def refusal(self, state: GameState, action: Action) -> str | None:
        if isinstance(action, TornadoStep):
            return state.module(TornadoRules).why_stopped(state, action.pos)
        return None


@dataclass(frozen=True)
class TornadoClearStep(Step):
    def run(self, state: GameState) -> None:
        _clear(state)


def _clear(state: GameState) -> None:
    """The token leaves the board; the path stays for pictures until the turn's scoring."""
    for key in _EVENT_KEYS:
        state.set_ext(key, None)
