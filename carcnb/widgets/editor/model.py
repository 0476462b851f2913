"""The board editor's state and logic, apart from any widget: what a click means, what is legal, why not.

Two modes. **play** follows the rules through the game's state machine: every change is one of
``state.legal_actions()``, a click is matched to the legal action that names the clicked position (and the
feature under the clicked port), and a refused click says which rule it breaks. **edit** (free edit)
changes the position itself, so any tile may go anywhere and any follower on any feature; the position's
problems list says what such a board breaks.

The model works in board coordinates ``(x, y)`` and ports; a view turns its pixels into them.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from carcnb.engine.actions import Action, Draw, Place, action_ports, action_pos
from carcnb.engine.errors import CarcnbError
from carcnb.engine.features import Node
from carcnb.engine.geometry import Pos
from carcnb.engine.rules.base import apply_final
from carcnb.engine.rulings import RULINGS, involved
from carcnb.engine.state import Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.positions.game_io import (
    game_of,
    position_as_it_stands,
    position_from_state,
    problems,
    state_from_position,
)
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.widgets.editor import why
from carcnb.widgets.editor.asking import AskingMixin
from carcnb.widgets.editor.building import BuildingMixin
from carcnb.widgets.editor.edits import open_question
from carcnb.widgets.editor.files import FilesMixin
from carcnb.widgets.editor.frame import Frame
from carcnb.widgets.editor.modes import EDIT, FEATURE_TOOLS, MODES, PLAY, TOOLS
from carcnb.widgets.editor.playing import PlayMixin
from carcnb.widgets.editor.settings import SettingsMixin
from carcnb.widgets.editor.views import (
    HandView,
    PaletteEntry,
    Picture,
    RulingChoice,
    ScoreLine,
    ScoreTable,
    as_it_stands,
    root_position,
)
from carcnb.widgets.listening import Listened

__all__ = ["EDIT", "FEATURE_TOOLS", "MODES", "PLAY", "TOOLS", "EditorModel"]


class EditorModel(PlayMixin, BuildingMixin, SettingsMixin, AskingMixin, FilesMixin, Listened):
    """The editor: a game (play) or a position (edit), the palette, undo/redo, scores, rulings, the question,
    files.

    Its commands live in parts by what they do: ``PlayMixin`` (play by the rules), ``BuildingMixin`` (free
    edit), ``SettingsMixin`` (mode, tool, rotation, rulings), ``AskingMixin`` (the question Post answers),
    ``FilesMixin`` (title, Save, Load, Post); here are its state, what it shows, a click and undo."""

    def __init__(self, source: Position | GameState | str | Path | None = None, *, mode: str = PLAY,
                 seed: int | None = None, players: tuple[str, ...] = ("red", "blue"),
                 sets: tuple[str, ...] = ()):
        if mode not in MODES:
            raise CarcnbError(f"unknown mode {mode!r} (known: {', '.join(MODES)})")
        self.seed = seed
        self.rotation = 0
        self.tile: str | None = None
        self.tool = "tile"
        self.figure = "follower"  # the kind the follower tool puts: follower, builder or pig
        self.status = ""
        self.version = 0
        self.hover_pos: Pos | None = None
        self.hover_port: int | None = None
        self._listeners: list[Callable[[], None]] = []
        self._pending: list[Action] = []  # play: the actions an ambiguous click left to choose from
        self._ferry_from: tuple[Pos, int] | None = None  # edit: the first end of a ferry being laid
        self._undo: list[Position] = []  # edit
        self._redo_pos: list[Position] = []  # edit
        self._redo: list[Action] = []  # play
        self._cache: dict[str, object] = {}
        self._frame = Frame()
        self._problems: tuple[Position | None, list[str]] = (None, [])
        self.mode = mode
        if isinstance(source, (str, Path)):
            source = load(source)
        if source is None:
            source = GameState(Game(players=players, sets=frozenset(sets)), seed=seed)
        if isinstance(source, GameState):
            self.state = source.clone()
            self.origin = root_position(self.state)
            self.position = position_from_state(self.state)
        else:
            self.origin = source
            self.state = state_from_position(source, seed, allow_problems=True)
            self.position = as_it_stands(source)
        self.color = self._players()[0]
        self.status = self._prompt() if mode == PLAY else "free edit: " + self._edit_hint()

    # ----- listening ---------------------------------------------------------------------------------------
    def _notify(self, changed: bool = False) -> None:
        if changed:
            self._cache.clear()  # what the editor shows is worked out again from the changed model
        super()._notify(changed)

    # ----- what the editor shows ----------------------------------------------------------------------------
    @property
    def value(self) -> Position:
        """The current position (in play, the position the game has reached)."""
        if self.mode == EDIT:
            return self.position
        if "value" not in self._cache:
            st = self.state
            if st.history:  # the question of the starting position is asked of the one reached, answer aside
                q = self.origin.question and open_question(self.origin.question)
                self._cache["value"] = replace(position_from_state(st, title=self.origin.title), question=q)
            else:
                self._cache["value"] = self.origin
        return self._cache["value"]  # type: ignore[return-value]

    def _players(self) -> tuple[str, ...]:
        return self.position.players if self.mode == EDIT else self.state.players

    @property
    def players(self) -> tuple[str, ...]:
        return self._players()

    @property
    def game(self) -> Game:
        return game_of(self.position) if self.mode == EDIT else self.state.game

    def legal(self) -> list[Action]:
        """The legal actions now (play mode); free edit has none."""
        return self.state.legal_actions() if self.mode == PLAY else []

    def legal_actions(self) -> list[str]:
        """The legal actions as notation, for a list to choose from."""
        return [str(a) for a in self.legal()]

    def quick_actions(self) -> list[str]:
        """Legal actions that name no position (pass, discard, ...): buttons rather than clicks."""
        return [str(a) for a in self.legal() if action_pos(a) is None and not isinstance(a, Draw)]

    def problems(self) -> list[str]:
        """The rules the current position breaks. In play only the starting position can break any (legal
        actions break none), so its list is kept for the whole game."""
        p = self.position if self.mode == EDIT else self.origin
        if self._problems[0] is not p:
            self._problems = (p, [str(x) for x in problems(p)])
        return self._problems[1]

    def palette(self) -> list[PaletteEntry]:
        """Catalogue tiles of the enabled sets with the copies left."""
        game = self.game
        total: dict[str, int] = {game.start_tile(): 1}
        for stage in game.pile():
            for tid, n in stage.items():
                total[tid] = total.get(tid, 0) + n
        cat = catalogue()
        tiles = [t.id for t in cat.tiles.values() if t.set in game.sets]
        if self.mode == PLAY:
            st = self.state
            pile: dict[str, int] = {}
            for stage in st.stages:
                for tid, n in stage.items():
                    pile[tid] = pile.get(tid, 0) + n
            drawable = set(st.pile_stage()) if st.is_chance() else set()
            return [PaletteEntry(t, pile.get(t, 0), total.get(t, 0), t in drawable) for t in tiles]
        used: dict[str, int] = {}
        for line in self.position.board:
            used[line.tile] = used.get(line.tile, 0) + 1
        if self.position.hand:
            used[self.position.hand] = used.get(self.position.hand, 0) + 1
        return [PaletteEntry(t, max(total.get(t, 0) - used.get(t, 0), 0), total.get(t, 0), True) for t in tiles]

    def _place_rotation(self, tid: str) -> int:
        return self.rotation if catalogue()[tid].has_edges else 0

    @property
    def preview(self) -> tuple[str, int, int, int] | None:
        """The tile that would go where the pointer is: (tile, x, y, rot), or None."""
        pos = self.hover_pos
        if pos is None:
            return None
        if self.mode == EDIT:
            if self.tool != "tile" or self.tile is None:
                return None
            return (self.tile, pos[0], pos[1], self._place_rotation(self.tile))
        st = self.state
        tid = st.hand if self._placing() else (self.tile if st.is_chance() else None)
        if tid is None or pos in st.board.tiles:
            return None
        return (tid, pos[0], pos[1], self._place_rotation(tid))

    def question(self) -> str:
        """The question Post answers, in words: the position's own ``ask`` when it has one (``asking``)."""
        return self.asking().words

    def targets(self) -> tuple[tuple[Pos, int | None], ...]:
        """The spots a click may choose in the decision being made: a tile (the meteor's landing, the
        tornado's step) or a port of it (a follower to deploy, add or remove, a ferry's end). Play only;
        placing marks its legal squares instead. (The picture itself shows the meteor's aims so far and
        what the tornado carries.)"""
        if self.mode != PLAY or self._placing():
            return ()
        targets: dict[tuple[Pos, int | None], None] = {}
        for a in self.legal():
            pos = action_pos(a)
            if pos is not None:
                for port in action_ports(a) or (None,):
                    targets[(pos, port)] = None
        return tuple(targets)

    def in_hand(self) -> HandView:
        """The tile the next click puts (or draws), at the rotation it would go down."""
        if self.mode == EDIT:
            held = f" · in the position's hand: {self.position.hand}" if self.position.hand else ""
            if self.tool != "tile" or self.tile is None:
                return HandView(None, 0, "choose a tile in the palette to put it" + held)
            rot = self._place_rotation(self.tile)
            return HandView(self.tile, rot, f"to put: {self.tile}, rotation {rot} (r turns it){held}")
        st = self.state
        if st.hand is not None:
            rot = self._place_rotation(st.hand)
            return HandView(st.hand, rot, f"{st.active}'s tile: {st.hand}, rotation {rot}"
                                          + (" (r turns it)" if self._placing() else ""))
        if st.is_chance() and self.tile is not None:
            rot = self._place_rotation(self.tile)
            return HandView(self.tile, rot, f"to draw: {self.tile}, rotation {rot} (a click draws and places it)")
        return HandView(None, 0, "no tile in hand" + (": draw one" if st.is_chance() else ""))

    def preview_fits(self) -> bool:
        """Whether the previewed tile may go where it is shown: in play, by the rules; in free edit, where
        its edges match its neighbours' (free edit puts it anyway)."""
        preview = self.preview
        if preview is None:
            return True
        tid, x, y, rot = preview
        if self.mode == EDIT:
            return why.edges_fit(self.position, tid, (x, y), rot)
        if self._placing():
            return Place(x, y, rot) in self.legal()
        return why.placement(self.state, catalogue()[tid], (x, y), rot) is None

    @property
    def highlight(self) -> Node | None:
        """The feature segment under the pointer, when a click there would act on a feature (a follower
        or ferry decision in play; the follower and ferry tools in free edit)."""
        if self.hover_pos is None or self.hover_port is None:
            return None
        if self.mode == PLAY:
            placed = self.state.board.tiles.get(self.hover_pos)
            acts = placed is not None and not self._placing() and any(
                action_ports(a) and action_pos(a) == self.hover_pos for a in self.legal())
            orient = placed.orient if acts else None
        else:
            line = self.position.tile_at(self.hover_pos) if self.tool in FEATURE_TOOLS else None
            orient = catalogue()[line.tile].at(line.rot) if line else None
        if orient is None:
            return None
        seg = orient.port_segment[self.hover_port]
        return None if seg < 0 else (self.hover_pos, seg)

    def picture(self) -> Picture:
        """What to draw now, with a key that says whether it differs from the last picture."""
        legal = None
        if self.mode == PLAY:
            legal = sorted({(a.x, a.y, a.rot) for a in self.legal() if isinstance(a, Place)}) or None
        source = self.state if self.mode == PLAY else self.position
        spots = list(self.state.board.tiles) if self.mode == PLAY else [t.pos for t in self.position.board]
        extent = self._frame.fit(spots, steady=self.hover_pos is not None)
        preview, highlight = self.preview, self.highlight
        fits = preview is None or self.preview_fits()
        return Picture(source, legal, preview, highlight, extent,
                       (self.mode, self.version, preview, highlight, extent), fits)

    def score_table(self) -> ScoreTable:
        """Rows scored in this game so far, and the final scoring if the game ended now."""
        if "scores" in self._cache:
            return self._cache["scores"]  # type: ignore[return-value]
        if self.mode == PLAY:
            played = tuple(ScoreLine.of(r) for r in self.state.rows)
            scores = dict(self.state.scores)
        else:
            played = ()
            scores = {c: dict(self.position.scores).get(c, 0) for c in self.position.players}
        if self.mode == PLAY and self.state.over:
            table = ScoreTable(played, scores, (), None, "the game is over: final scoring is in the rows above")
        else:
            table = self._final(played, scores)
        self._cache["scores"] = table
        return table

    def _final(self, played: tuple[ScoreLine, ...], scores: dict[str, int]) -> ScoreTable:
        """``questions.final_score`` of the board as it stands, without checking the position again: its
        problems are known (and an illegal board is scored as it stands, saying so)."""
        p = self.position if self.mode == EDIT else position_as_it_stands(self.state, None)
        note = "final scoring if the game ended now"
        if self.problems():
            note += " (the position has problems: scored as it stands)"
        try:
            st = state_from_position(p, allow_problems=True)
        except CarcnbError as e:
            return ScoreTable(played, scores, (), None, f"no final scoring: {e}")
        rows = apply_final(st)
        return ScoreTable(played, scores, tuple(ScoreLine.of(r) for r in rows), dict(st.scores), note)

    def rulings(self) -> list[RulingChoice]:
        game = self.game
        current, shown = game.rulings, set(involved(game.sets, game.rulings))
        return [RulingChoice(r.id, r.question, tuple(r.options.items()), current[r.id], r.id in shown)
                for r in RULINGS.values()]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) if self.mode == EDIT else bool(self.state.history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo_pos) if self.mode == EDIT else bool(self._redo)

    # ----- a click ------------------------------------------------------------------------------------------
    def click(self, pos: Pos, port: int | None = None) -> bool:
        """A click on ``pos`` (at ``port`` of its tile). Returns True when something changed."""
        if self.mode == EDIT:
            return self._edit_click(pos, port)
        return self._play_click(pos, port)

    # ----- undo and redo ------------------------------------------------------------------------------------
    def undo(self) -> bool:
        if not self.can_undo:
            self.status = "nothing to undo"
            self._notify()
            return False
        if self.mode == EDIT:
            self._redo_pos.append(self.position)
            self.position = self._undo.pop()
            self.status = "undone"
        else:
            action = self.state.undo()
            self._redo.append(action)
            self._pending = []
            self.status = f"took back {action}. {self._prompt()}"
        self._notify(changed=True)
        return True

    # mirrors undo in free edit only: in play a redo plays the action again, so the two stay apart
    def redo(self) -> bool:
        if not self.can_redo:
            self.status = "nothing to redo"
            self._notify()
            return False
        if self.mode == EDIT:
            self._undo.append(self.position)
            self.position = self._redo_pos.pop()
            self.status = "redone"
            self._notify(changed=True)
            return True
        return self._apply(self._redo.pop(), from_redo=True)
