"""A position as data: the board's lines, the question, the players' scores and supplies, the rule modules'
memory; and a ``Problem``, a rule a position breaks. Reading and writing files is ``parse`` and ``dump``;
turning a position into a game is ``game_io``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from carcnb.engine import display
from carcnb.engine.geometry import Pos
from carcnb.engine.tiles import SETS
from carcnb.engine.tokens import Token, xy

FORMAT = "carcnb/1"
COLORS = ("red", "blue", "green", "yellow", "black", "gray")
KEYS = ("format", "title", "sets", "players", "to_move", "scores", "lost", "hand", "played", "gone", "pile",
        "rulings", "flood", "earthquake", "meteor", "board", "question")
QUESTION_KEYS = ("kind", "ask", "under", "horizon", "level", "seed", "futures", "answer", "counting", "explanation",
                 "difficulty", "topics")
HORIZONS = ("turn", "game")  # what a best question values: this turn's points, or the expected final margin
LEVELS = ("random", "greedy")  # who plays the futures of a question over the whole game, every seat
MOST_FUTURES = 100_000  # a question over the whole game samples at most this many futures an option
COUNTINGS = ("boards", "rotations")  # what a count question counts: distinct resulting boards, or every rotation
ANSWER_FORMS = {"final": "answer = { red = 18, blue = 11 } (every player's total)",
                "count": "answer = 7 (how many legal placements)",
                "best": 'answer = { line = ["meteor 1,0", "pass"], value = 3 } (the best line and its value)'}
EXPANSIONS = tuple(s for s in SETS if s != "base")


def _colour(v: object, players: list[str]) -> bool:
    return v in players


def _is_xy(v: object, players: list[str]) -> bool:
    return xy(v) is not None


# The rule modules' memory: each table's fields with a check and the form the file writes (a module's
# ``header`` writes its table and its ``load`` reads it back).
MEMORY = {
    "flood": {"spread": (lambda v, _: type(v) is bool, "spread = true|false (whether FL's cut-out is down)"),
              "by": (_colour, 'by = "COLOUR" (the player who placed FL; the flood spreads on their next turn)'),
              "at": (_is_xy, 'at = "X,Y" (where FL lay, when a meteor has replaced it)')},
    "earthquake": {"tokens_down": (lambda v, _: v is True, "tokens_down = true (the quake@ tokens on the board "
                                                           "are all the earthquake's tokens, none if none)"),
                   "destroyed": (_is_xy, 'destroyed = "X,Y" (where a meteor replaced EQ)')},
    "meteor": {"ferries_lost": (lambda v, _: type(v) is int and 0 <= v <= 99,
                                "ferries_lost = N (ferries the meteor sent out of the game)")},
}


@dataclass(frozen=True)
class TileLine:
    x: int
    y: int
    tile: str
    rot: int
    tokens: tuple[Token, ...] = ()
    line: int = field(default=0, compare=False)  # where it stood in its file, for messages

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    def __str__(self) -> str:
        return " ".join([f"{self.x},{self.y}", self.tile, str(self.rot), *map(str, self.tokens)])


@dataclass(frozen=True)
class Question:
    kind: str
    answer: object = None  # None: an open question (a forum user asks; the engine answers)
    explanation: str | tuple[tuple[str, str], ...] | None = None  # under a ruling: maybe one per reading
    difficulty: int | None = None  # 1..5, written by ``carcnb grade``
    topics: tuple[str, ...] | None = None  # what the puzzle teaches, written by ``carcnb grade``
    ask: str | None = None  # the user's own question in words
    line: int = field(default=0, compare=False)  # the line of ``[question]`` in its file, for messages
    counting: str = "boards"  # a count question: "boards" counts look-alike rotations once, "rotations" each
    under: str | None = None  # a ruling the question is asked under each reading of: ``answer`` per option
    reading: str | None = None  # one of those readings (``questions.readings_asked``): ``answer`` is its own
    horizon: str = "turn"  # a best question over the whole game ("game") is answered by the look-ahead analysis
    level: str = "random"  # horizon "game": who plays the futures
    seed: int | None = None  # horizon "game": the futures' seed, so that the analysis reproduces
    futures: int | None = None  # horizon "game": how many futures the best option is played in


@dataclass(frozen=True)
class Position:
    players: tuple[str, ...]
    board: tuple[TileLine, ...] = ()
    sets: tuple[str, ...] = ()
    title: str | None = None
    to_move: str | None = None
    scores: tuple[tuple[str, int], ...] = ()
    lost: tuple[tuple[str, int], ...] = ()  # followers out of the game (meteor, flood), per colour
    hand: str | None = None
    played: tuple[str, ...] = ()  # this turn's actions so far, after drawing ``hand`` (mid-turn positions)
    gone: tuple[str, ...] = ()  # tiles out of the game: discarded, or replaced by the flood or the meteor
    pile: tuple[str, ...] | None = None  # the tiles still to draw; None: every set's tiles not used elsewhere
    rulings: tuple[tuple[str, str], ...] = ()
    flood: tuple[tuple[str, bool | str], ...] = ()  # the rule modules' memory tables (``MEMORY``)
    earthquake: tuple[tuple[str, bool | str], ...] = ()
    meteor: tuple[tuple[str, int], ...] = ()
    question: Question | None = None
    path: str = field(default="<position>", compare=False)

    @property
    def mover(self) -> str:
        return self.to_move or self.players[0]

    def tile_at(self, pos: Pos) -> TileLine | None:
        return next((t for t in self.board if t.pos == pos), None)

    def with_board(self, board: tuple[TileLine, ...]) -> Position:
        return replace(self, board=board)

    def __repr__(self) -> str:
        return f"Position({self.title or self.path!r}, {len(self.board)} tiles, players={list(self.players)})"

    def _repr_png_(self) -> bytes | None:
        return display.png(self)


@dataclass(frozen=True)
class Problem:
    """A rule a loaded position breaks: a stable code, a message and the line it comes from."""

    code: str
    message: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" + (f" (line {self.line})" if self.line else "")
