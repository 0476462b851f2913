"""What the board editor shows, as plain values a view renders: palette entries, score lines and tables,
the picture to draw, ruling choices; and how actions name places on the board."""
from __future__ import annotations

from dataclasses import dataclass, replace

from carcnb.engine.features import Node
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import position_as_it_stands, position_from_state, state_from_position
from carcnb.positions.model import Position


@dataclass(frozen=True)
class PaletteEntry:
    """A catalogue tile of the enabled sets: copies left (in the pile in play, not on the board in edit)."""

    tile: str
    left: int
    total: int
    drawable: bool  # play: a draw of it is legal now; edit: always


@dataclass(frozen=True)
class ScoreLine:
    kind: str
    tiles: str
    scorers: str
    points: int
    reason: str

    @classmethod
    def of(cls, row: ScoreRow) -> ScoreLine:
        reason = row.reason + (f" ({'; '.join(row.notes)})" if row.notes else "")
        return cls(row.kind, " ".join(f"{x},{y}" for x, y in row.tiles), ", ".join(row.scorers) or "nobody",
                   row.points, reason)


@dataclass(frozen=True)
class ScoreTable:
    """Points scored so far (rows of this game) and what final scoring would add if the game ended now."""

    played: tuple[ScoreLine, ...]
    scores: dict[str, int]
    final: tuple[ScoreLine, ...]
    final_scores: dict[str, int] | None
    note: str


@dataclass(frozen=True)
class Picture:
    """What the board picture shows; ``key`` changes exactly when the picture must be drawn again."""

    source: Position | GameState
    legal: list[tuple[int, int, int]] | None
    preview: tuple[str, int, int, int] | None
    highlight: Node | None
    extent: tuple[int, int, int, int]  # (xmin, xmax, ymin, ymax): the board and a margin, steady under the pointer
    key: tuple
    preview_fits: bool = True  # the previewed tile may go there at that rotation
    decision: bool = False  # a decision picture's header: who moves, points, supplies, rulings


@dataclass(frozen=True)
class HandView:
    """The tile a click would put, drawn beside the board at its rotation, with a line saying whose it is."""

    tile: str | None
    rot: int
    caption: str


@dataclass(frozen=True)
class RulingChoice:
    id: str
    question: str
    options: tuple[tuple[str, str], ...]  # (option, meaning)
    current: str
    involved: bool = True  # the game's sets can bring the question up (rulings of sets that are off: False)


@dataclass(frozen=True)
class QuestionView:
    """The question Post answers, as the question controls show it."""

    kind: str  # final, best or count
    chosen: bool  # the position asks it; False: the editor's choice for a position that asks nothing
    ask: str  # the user's own words ("" none: the engine words it)
    last_turn: bool  # no tiles left to draw after the tile in hand
    last_turn_settable: bool  # free edit sets the pile; in play the game's pile says it
    horizon: str  # a best question: "turn" (this turn's points) or "game" (the expected final margin)
    counting: str  # a count question: "boards" or "rotations"
    rulings: tuple[str, ...]  # the rulings it is asked under that differ from the defaults, as ``id = option``
    words: str  # the question as the post asks it
    refusal: str | None  # why Post cannot answer it now, with the fix (None: it can)


def root_position(state: GameState) -> Position:
    """The position the state's recorded history starts from."""
    first = state.clone()
    while first.history:
        first.undo()
    return position_from_state(first)


def as_it_stands(p: Position) -> Position:
    """``p`` with its turn's played actions carried out on the board, for editing the board itself."""
    if not p.played:
        return p
    state = state_from_position(p, allow_problems=True)
    return replace(position_as_it_stands(state, p.title), question=p.question)

