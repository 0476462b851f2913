"""The game as a state machine in the OpenSpiel shape.

``current_player()`` is a seat index, ``CHANCE`` (the tile draw) or ``TERMINAL``; ``legal_actions()`` is
sorted and deterministic; ``apply`` checks legality once; ``undo`` restores the previous state exactly
through the journal; ``clone`` gives an independent copy.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from carcnb.engine.actions import Action, draw
from carcnb.engine.board import Board
from carcnb.engine.errors import CarcnbError, IllegalActionError
from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import Pos
from carcnb.engine.journal import Journal, Unrecorded
from carcnb.engine.rules import modules_for
from carcnb.engine.rules.module import RuleModule, overriding
from carcnb.engine.rulings import Rulings, consulted, consulting, resolve
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.steps import CHANCE, TERMINAL, Step  # noqa: F401  (CHANCE re-exported)
from carcnb.engine.tiles import TileType, catalogue

M = TypeVar("M", bound=RuleModule)
COLORS = ("red", "blue", "green", "yellow", "black", "gray")
FOLLOWERS = 7
PICTURE_ONLY = frozenset({"tornado_path"})  # ext entries kept for pictures, not for the rules


@dataclass(frozen=True)
class Game:
    """What does not change during a game: seats, sets, rulings."""

    players: tuple[str, ...] = ("red", "blue")
    sets: frozenset[str] = frozenset({"base"})
    rulings: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sets", frozenset(self.sets) | {"base"})
        object.__setattr__(self, "rulings", Rulings(resolve(self.rulings)))
        object.__setattr__(self, "players", tuple(self.players))
        if not 2 <= len(self.players) <= 6 or len(set(self.players)) != len(self.players):
            raise CarcnbError(f"a game needs 2 to 6 different players, got {list(self.players)!r}")

    @property
    def modules(self) -> list[RuleModule]:
        return _modules(self.sets, tuple(sorted(self.rulings.items())))

    def ruling(self, rid: str) -> str:
        """The option in force for ruling ``rid`` (the read is recorded: see ``rulings.consulting``)."""
        return self.rulings[rid]

    def start_tile(self) -> str:
        for m in self.modules:
            tid = m.start_tile(self.sets)
            if tid is not None:
                last = tid
        return last

    def pile(self, with_start: bool = False) -> list[dict[str, int]]:
        """The tiles to draw, by stage (river, lake, the rest), without the start tile unless asked: made once
        for these sets and rulings (the rulings read to make it count as read by every game that asks)."""
        key = (self.sets, tuple(sorted(self.rulings.items())), with_start)
        if key not in _PILE_CACHE:
            with consulting() as read:
                stages = self._pile(with_start)
            _PILE_CACHE[key] = stages, tuple(read.rulings)
        stages, read_to_make = _PILE_CACHE[key]
        consulted(read_to_make)
        return [dict(stage) for stage in stages]

    def _pile(self, with_start: bool) -> list[dict[str, int]]:
        stages: list[dict[str, int]] = [{}, {}, {}]
        for m in self.modules:
            for stage, tiles in m.pile(self.sets, self.rulings).items():
                for tid, n in tiles.items():
                    stages[stage][tid] = stages[stage].get(tid, 0) + n
        start = self.start_tile()
        for stage in stages:
            if stage.get(start) and not with_start:
                stage[start] -= 1
                break
        return [{t: n for t, n in s.items() if n > 0} for s in stages]


_MODULE_CACHE: dict = {}
_PILE_CACHE: dict = {}


class _Hooks(dict):
    """Hook name -> the rule modules' methods for it that change something (see ``rules.overriding``)."""

    def __init__(self, modules: list[RuleModule]):
        super().__init__()
        self.modules = modules

    def __missing__(self, hook: str) -> tuple[Callable, ...]:
        found = self[hook] = overriding(self.modules, hook)
        return found


def _for_rules(ext: dict) -> dict:
    """``ext`` without what is kept only for pictures (``PICTURE_ONLY``)."""
    if PICTURE_ONLY.isdisjoint(ext):
        return ext
    return {key: value for key, value in ext.items() if key not in PICTURE_ONLY}


def _restore_turn(state: GameState, fields: tuple, ext: dict) -> None:
    state.todo, state.hand, state.placed, state.turn = fields
    state.board.ext.clear()
    state.board.ext.update(ext)


def _modules(sets: frozenset[str], rulings: tuple) -> list[RuleModule]:
    """The rule modules of these sets and rulings, made once; the rulings read to choose them count as read
    by every game that plays by them."""
    key = (sets, rulings)
    if key not in _MODULE_CACHE:
        with consulting() as read:
            modules = modules_for(sets, Rulings(rulings))
        _MODULE_CACHE[key] = modules, tuple(read.rulings)
    modules, read_to_choose = _MODULE_CACHE[key]
    consulted(read_to_choose)
    return modules


class GameState:
    """A game in progress. Every change goes through the journal ``j``, except the turn's own fields (``todo``,
    ``hand``, ``placed``, ``turn``) and the rule modules' ``ext``: ``apply`` keeps them as they were before the
    action, so the steps of a turn set them directly."""

    def __init__(self, game: Game | None = None, seed: int | None = None, *, empty: bool = False):
        self.game = game or Game()
        self.modules = self.game.modules
        self._module_of = {type(m): m for m in self.modules}
        self.hooks = _Hooks(self.modules)  # hook name -> the modules' methods that change something, in order
        self.j = Journal()
        self.board = Board(self.j)
        players = self.game.players
        self.scores: dict[str, int] = {c: 0 for c in players}
        self.lost: dict[str, int] = {c: 0 for c in players}
        self.stages: list[dict[str, int]] = [] if empty else self.game.pile()  # an empty state's pile is given
        self.turn = 0
        self.hand: str | None = None
        self.placed: Pos | None = None
        self.todo: tuple[Step, ...] = ()
        self.rows: tuple[ScoreRow, ...] = ()
        self.final_from: int | None = None  # where the end-of-game scoring starts in ``rows``, once it ran
        self.over = False
        self.history: list[Action] = []
        self.rng = random.Random(seed)
        if not empty:
            start = catalogue()[self.game.start_tile()]
            self.board.put((0, 0), start, 0)
            from carcnb.engine.rules.base import draw_or_end
            draw_or_end(self)
            self._advance()
        self.j.entries.clear()

    # ----- the OpenSpiel surface -------------------------------------------------------------------------
    def module(self, kind: type[M]) -> M:
        """The game's rule module of class ``kind`` (a rule's steps reach their module's rulings here)."""
        return self._module_of[kind]

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def current_player(self) -> int:
        if self.over or not self.todo:
            return TERMINAL
        return self.todo[0].actor(self)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        if self.over or not self.todo:
            return []
        return self.todo[0].legal(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The possible draws with their probabilities (only at a chance node)."""
        if not self.is_chance():
            return []
        stage = self.pile_stage()
        total = sum(stage.values())
        return [(draw(t), n / total) for t, n in sorted(stage.items())]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A draw from the pile's current stage, each tile as likely as its count, picked by ``rng`` (by default
        this state's seeded generator; a player or a game passes its own)."""
        stage = self.pile_stage()
        pick = (self.rng if rng is None else rng).randrange(sum(stage.values()))
        for tid in sorted(stage):
            pick -= stage[tid]
            if pick < 0:
                return draw(tid)
        raise AssertionError("empty pile at a chance node")

    def apply(self, action: Action, check: bool = True) -> int:
        """Play ``action``; raises ``IllegalActionError`` (listing the legal ones) when it is not legal.
        Returns who acts next, as ``current_player()`` would."""
        if check:
            legal = self.legal_actions()
            if action not in legal:
                shown = ", ".join(str(a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
                where = self.todo[0].describe() if self.todo else "game end"
                why = self.todo[0].refusal(self, action) if self.todo else None
                raise IllegalActionError(f"illegal action {str(action)!r} at {where}{f': {why}' if why else ''} "
                                         f"(legal: {shown or 'none'})", str(action), where, why)
        j = self.j
        if j.records:
            j.mark()
            j.inverse(_restore_turn, self, (self.todo, self.hand, self.placed, self.turn), dict(self.board.ext))
        step = self.todo[0]
        self.todo = self.todo[1:]
        step.apply(self, action)
        who = self._advance()
        self.history.append(action)
        return who

    def undo(self) -> Action:
        """Take back the last action exactly; returns it."""
        if not self.history:
            raise IllegalActionError("nothing to undo")
        if not self.j.records:
            raise IllegalActionError("this game keeps no record for undo: it was played on with `stop_recording`")
        self.j.rollback()
        return self.history.pop()

    def stop_recording(self) -> None:
        """Record nothing more for undo, for a game that will not be taken back (a random playout): every
        later action is cheaper, and ``undo`` is no longer possible."""
        self.j = self.board.j = Unrecorded()

    def clone(self) -> GameState:
        """An independent copy that can undo this state's past (``fork`` is cheaper where that is not needed)."""
        memo: dict = {}
        copy.deepcopy(self.board, memo)  # the board first: the journal's entries then point into its containers
        return copy.deepcopy(self, memo)

    def fork(self, record: bool = False) -> GameState:
        """An independent copy to play on, made far faster than ``clone``: it copies the containers and shares
        the values in them, which are never changed in place (tiles, features' infos, steps, actions, the rule
        modules' tokens). It cannot undo this state's past; it records its own actions for undo only with
        ``record`` (a playout that will not be taken back needs no record)."""
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.j = Journal() if record else Unrecorded()
        new.board = self.board.fork(new.j)
        new.scores, new.lost = dict(self.scores), dict(self.lost)
        new.stages = [dict(stage) for stage in self.stages]
        new.history = list(self.history)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    # ----- helpers used by rule modules ------------------------------------------------------------------
    def _advance(self) -> int:
        """Run the steps that run by themselves; returns who acts at the first step that waits."""
        while self.todo and not self.over:
            step = self.todo[0]
            who = step.actor(self)
            if who is not None:
                return who
            self.todo = self.todo[1:]
            step.run(self)
        return TERMINAL

    def push(self, steps: list[Step] | tuple[Step, ...]) -> None:
        """Put steps at the front of the queue, in order."""
        if steps:
            self.todo = tuple(steps) + self.todo

    def pile_stage(self) -> dict[str, int]:
        for stage in self.stages:
            if stage:
                return stage
        return {}

    def pile_size(self) -> int:
        return sum(sum(s.values()) for s in self.stages)

    def take_from_pile(self, tid: str) -> None:
        for stage in self.stages:
            if stage.get(tid):
                if stage[tid] == 1:
                    self.j.delitem(stage, tid)
                else:
                    self.j.setitem(stage, tid, stage[tid] - 1)
                return
        raise IllegalActionError(f"tile {tid!r} is not in the pile")

    def supply(self, color: str) -> int:
        held = 0
        for hook in self.hooks["held"]:
            held += hook(self, color)
        return FOLLOWERS - self.lost[color] - self.board.followers_of(color) - held

    def add_points(self, row: ScoreRow) -> None:
        for c in row.scorers:
            self.j.setitem(self.scores, c, self.scores[c] + row.points)
        self.j.setattr(self, "rows", self.rows + (row,))

    @property
    def ext(self) -> dict:
        """Rule modules' tokens and memory (the board's ``ext``); change it only through ``set_ext``."""
        return self.board.ext

    def set_ext(self, key: str, value) -> None:
        """Set (or, with None, remove) a rule module's entry; ``apply`` keeps ``ext`` as it was for undo."""
        if value is None:
            self.board.ext.pop(key, None)
        else:
            self.board.ext[key] = value

    @property
    def active(self) -> str:
        return self.players[self.turn]

    @property
    def hand_tile(self) -> TileType | None:
        return catalogue().tiles[self.hand] if self.hand else None

    def feature(self, node: Node) -> Feature:
        return self.board.feature(node)

    def key(self) -> tuple:
        """Everything that makes two states the same game situation (the random generator aside)."""
        b = self.board
        return (tuple(sorted((p, t.tile.id, t.rot) for p, t in b.tiles.items())),
                tuple(sorted(b.followers.items())), tuple(sorted(b.ferries.items())), tuple(sorted(b.flood_marks)),
                tuple(sorted(self.scores.items())), tuple(sorted(self.lost.items())),
                tuple(tuple(sorted(s.items())) for s in self.stages), self.turn, self.hand, self.placed,
                self.todo, self.over, tuple(sorted(self.ext.items())))

    def turn_key(self) -> tuple:
        """A cheaper ``key`` that tells apart the states reachable from one state within one turn (the
        solver's memo): the tiles can only differ where this turn placed or replaced one (which tile, at which
        rotation), and what is kept only for pictures (``PICTURE_ONLY`` in ``ext``) does not count."""
        b = self.board
        return (self.placed, b.tiles.get(self.placed), self.hand, len(b.tiles), frozenset(b.followers.items()),
                frozenset(b.ferries.items()), len(b.flood_marks), tuple(self.scores.values()),
                tuple(self.lost.values()), self.turn, self.todo, self.over,
                frozenset(_for_rules(b.ext).items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.game == other.game and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.current_player()
        name = {CHANCE: "chance", TERMINAL: "over"}.get(who) or self.players[who]
        return (f"<GameState {len(self.board.tiles)} tiles, pile {self.pile_size()}, to act: {name}, "
                f"scores {self.scores}>")

    def _repr_png_(self) -> bytes | None:
        from carcnb.engine.display import png
        return png(self)


def waiting_for(state: GameState) -> str:
    """What the game waits for now, in words."""
    seat = state.current_player()
    if seat == TERMINAL:
        return "nothing: the game is over"
    if seat == CHANCE:
        return "the next draw"
    return f"{state.players[seat]}'s decision: {state.todo[0].describe()}"
