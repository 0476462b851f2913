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

from carcnb.engine.actions import Action, Discard, Draw, Place, action_ports, action_pos, parse_action
from carcnb.engine.errors import CarcnbError, IllegalPositionError, printable
from carcnb.engine.features import FIGURE_KINDS, Node
from carcnb.engine.geometry import PORT_NAMES, Pos, pos_text
from carcnb.engine.rules.base import DeployStep, apply_final
from carcnb.engine.rulings import RULINGS, involved, resolve
from carcnb.engine.state import CHANCE, Game, GameState
from carcnb.engine.tiles import catalogue
from carcnb.positions.dump import save
from carcnb.positions.game_io import (
    game_of,
    position_as_it_stands,
    position_from_state,
    problems,
    state_from_position,
)
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.widgets.editor import edits, figures, why
from carcnb.widgets.editor.frame import Frame
from carcnb.widgets.editor.spots import figure_port
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

PLAY = "play"
EDIT = "edit"
MODES = (PLAY, EDIT)
TOOLS = ("tile", "remove", "follower", "ferry", "quake", "tornado")
FEATURE_TOOLS = ("follower", "ferry", "quake")  # tools that act on the feature under the pointer


class EditorModel:
    """The editor: a game (play) or a position (edit), the palette, undo/redo, scores, rulings, files."""

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
    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every command (a view refreshes itself from the model)."""
        self._listeners.append(callback)

    def _notify(self, changed: bool = False) -> None:
        if changed:
            self.version += 1
            self._cache.clear()
        for cb in self._listeners:
            cb()

    # ----- what the editor shows ----------------------------------------------------------------------------
    @property
    def value(self) -> Position:
        """The current position (in play, the position the game has reached)."""
        if self.mode == EDIT:
            return self.position
        if "value" not in self._cache:
            st = self.state
            self._cache["value"] = position_from_state(st, title=self.origin.title) if st.history else self.origin
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

    def question(self) -> str | None:
        """A loaded puzzle's question in words, the file's own ``ask`` when it has one (None for a position
        without a question)."""
        p = self.position if self.mode == EDIT else self.origin
        if p.question is None:
            return None
        if "question" not in self._cache:
            from carcnb.telling.post import asked

            try:
                self._cache["question"] = asked(p)
            except CarcnbError as e:
                self._cache["question"] = f"{p.question.kind} question (not worded: {e})"
        return self._cache["question"]  # type: ignore[return-value]

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

    # ----- settings -----------------------------------------------------------------------------------------
    def set_mode(self, mode: str) -> bool:
        """Switch between play and free edit; each mode starts its own undo history from the position."""
        if mode not in MODES:
            raise CarcnbError(f"unknown mode {mode!r} (known: {', '.join(MODES)})")
        if mode == self.mode:
            return True
        if mode == EDIT:
            self.position = as_it_stands(self.value)
            self._undo.clear()
            self._redo_pos.clear()
            self._ferry_from = None
            self.mode = EDIT
            self.status = "free edit: " + self._edit_hint()
        else:
            try:
                st = state_from_position(self.position, self.seed, allow_problems=True)
            except CarcnbError as e:
                self.status = f"cannot play from this position: {e}"
                self._notify()
                return False
            self.origin, self.state, self.mode = self.position, st, PLAY
            self._redo.clear()
            self._pending = []
            self.status = "play: " + self._prompt()
        self._notify(changed=True)
        return True

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the tile to place clockwise (negative: anticlockwise)."""
        self.rotation = (self.rotation + 90 * quarter_turns) % 360
        tid = self._current_tile()
        self.status = f"rotation {self.rotation}" + (f" for {tid}" if tid else "")
        if self.mode == PLAY and self._placing() and self.hover_pos is not None:
            reason = why.placement(self.state, self.state.hand_tile, self.hover_pos,
                                   self._place_rotation(self.state.hand))
            self.status += f": {reason}" if reason else f": fits at {pos_text(self.hover_pos)}"
        self._notify()

    def _current_tile(self) -> str | None:
        if self.mode == PLAY and self.state.hand:
            return self.state.hand
        return self.tile

    def select_tile(self, tid: str | None) -> None:
        """Choose a palette tile: the tile to put (edit) or to draw (play, at the draw)."""
        if tid is not None and tid not in catalogue():
            raise CarcnbError(f"unknown tile {tid!r}")
        self.tile = tid
        self.status = f"{tid} chosen" if tid else "no tile chosen"
        if self.mode == PLAY and tid and self.state.is_chance() and Draw(tid) not in self.legal():
            self.status += f": {tid} cannot be drawn now (none left in the pile being drawn from)"
        self._notify()

    def set_tool(self, tool: str) -> None:
        if tool not in TOOLS:
            raise CarcnbError(f"unknown tool {tool!r} (known: {', '.join(TOOLS)})")
        self.tool = tool
        self._ferry_from = None
        self.status = f"tool: {tool}: " + self._edit_hint()
        self._notify()

    def set_figure(self, kind: str) -> None:
        """The kind of figure the follower tool puts: follower, builder or pig."""
        if kind not in FIGURE_KINDS:
            raise CarcnbError(f"unknown figure {kind!r} (known: {', '.join(FIGURE_KINDS)})")
        self.figure = kind
        self.status = f"figure: {kind}: " + self._edit_hint()
        self._notify()

    def set_color(self, color: str) -> None:
        if color not in self._players():
            raise CarcnbError(f"colour {color!r} is not a player ({', '.join(self._players())})")
        self.color = color
        self._notify()

    def hover(self, pos: Pos | None, port: int | None = None) -> bool:
        """The pointer is over ``pos`` (None: off the board); True when the picture must change."""
        before = (self.preview, self.highlight)
        self.hover_pos, self.hover_port = pos, port
        return (self.preview, self.highlight) != before

    # ----- play ---------------------------------------------------------------------------------------------
    def _placing(self) -> bool:
        return self.state.hand is not None and any(isinstance(a, (Place, Discard)) for a in self.legal())

    def _prompt(self) -> str:
        st = self.state
        who = st.current_player()
        if st.over:
            return "game over: " + ", ".join(f"{c} {n}" for c, n in st.scores.items())
        if who == CHANCE:
            return (f"draw: choose a tile in the palette and click the board, or draw at random "
                    f"({st.pile_size()} tiles left)")
        if who is None or who < 0 or not st.todo:
            return "no decision left"
        color = st.players[who]
        if self._placing():
            if any(isinstance(a, Place) for a in self.legal()):
                return (f"{color}: place {st.hand} (rotation {self._place_rotation(st.hand)}; r turns it) "
                        f"on a marked spot")
            return f"{color}: {st.hand} fits nowhere: discard it"
        if isinstance(st.todo[0], DeployStep):
            return (f"{color}: click a feature of {pos_text(st.placed)} to deploy a follower "
                    f"({st.supply(color)} left), or pass")
        return f"{color}: {st.todo[0].describe()}: click the board or choose a decision from the list"

    def _apply(self, action: Action, *, from_redo: bool = False) -> bool:
        st = self.state
        who = st.current_player()
        name = "chance" if who == CHANCE else st.players[who] if who is not None and who >= 0 else "?"
        seen = len(st.rows)
        try:
            st.apply(action)
        except CarcnbError as e:
            self.status = str(e)
            self._notify()
            return False
        if not from_redo:
            self._redo.clear()
        self._pending = []
        if isinstance(action, Draw):  # a new tile in hand: it starts unturned, and the palette lets it go
            self.rotation = 0
            self.tile = None
        scored = [f"{', '.join(r.scorers) or 'nobody'} +{r.points} ({r.kind}, {r.reason})" for r in st.rows[seen:]]
        self.status = f"{name}: {action}" + (f"; scored: {'; '.join(scored)}" if scored else "") + \
            f". {self._prompt()}"
        self._notify(changed=True)
        return True

    def apply_text(self, text: str) -> bool:
        """Play the action written in notation (from the list of legal actions)."""
        if self.mode != PLAY:
            self.status = "actions are for play mode; switch to play"
            self._notify()
            return False
        try:
            action = parse_action(text)
        except CarcnbError as e:
            self.status = str(e)
            self._notify()
            return False
        return self._apply(action)

    def draw(self, tid: str | None = None) -> bool:
        """The chance decision: draw ``tid`` (or a random tile from the pile when None)."""
        if self.mode != PLAY or not self.state.is_chance():
            self.status = "no draw now: " + (self._prompt() if self.mode == PLAY else "free edit mode")
            self._notify()
            return False
        return self._apply(Draw(tid) if tid else self.state.sample_chance())

    def click(self, pos: Pos, port: int | None = None) -> bool:
        """A click on ``pos`` (at ``port`` of its tile). Returns True when something changed."""
        if self.mode == EDIT:
            return self._edit_click(pos, port)
        st = self.state
        if st.is_chance():
            tid = self.tile
            if tid is None or Draw(tid) not in self.legal():
                self.status = ("draw first: choose a tile in the palette that is still in the pile, "
                               "or draw at random")
                self._notify()
                return False
            turned = self.rotation  # the preview the player turned before clicking
            if not self._apply(Draw(tid)):
                return False
            self.rotation = turned
            if self._placing() and not self._place(pos):
                self.status = f"drew {tid}, but {self.status}"
                self._notify()
            return True
        if self._placing():
            return self._place(pos)
        legal = self.legal()
        here = [a for a in legal if action_pos(a) == pos]
        matched = [a for a in here if self._port_matches(a, pos, port)]
        narrowed = [a for a in self._pending if a in matched]
        if narrowed:
            matched = narrowed
        if len(matched) == 1:
            return self._apply(matched[0])
        if matched:
            self._pending = matched
            self.status = (f"{len(matched)} decisions at {pos_text(pos)}: {', '.join(map(str, matched))}: click again "
                           f"to narrow down, or choose one from the list")
        else:
            self._pending = []
            self.status = self._refusal(pos, port, legal, here)
        self._notify()
        return False

    def _port_matches(self, a: Action, pos: Pos, port: int | None) -> bool:
        ports = action_ports(a)
        if not ports or port is None:
            return True
        board = self.state.board
        clicked = board.node_at(pos, port)
        return any(p == port or (clicked is not None and board.node_at(pos, p) == clicked) for p in ports)

    def _place(self, pos: Pos) -> bool:
        st = self.state
        tile = st.hand_tile
        rot = self._place_rotation(tile.id)
        action = Place(pos[0], pos[1], rot)
        legal = self.legal()
        if action in legal:
            return self._apply(action)
        reason = why.placement(st, tile, pos, rot) or f"place {pos_text(pos)} {rot} is not legal now"
        others = [str(a.rot) for a in legal if isinstance(a, Place) and a.pos == pos]
        if others:
            reason += f" (it fits here at rotation {', '.join(others)}: press r)"
        elif Discard() in legal:
            reason += f" ({tile.id} fits nowhere: discard it)"
        self.status = reason
        self._notify()
        return False

    def _refusal(self, pos: Pos, port: int | None, legal: list[Action], here: list[Action]) -> str:
        st = self.state
        if st.todo and isinstance(st.todo[0], DeployStep):
            return why.deploy(st, pos, port)
        if here:
            where = PORT_NAMES[port] if port is not None else "there"
            return f"nothing at {where} on {pos_text(pos)}; here you may: {', '.join(map(str, here))}"
        spots = sorted({action_pos(a) for a in legal if action_pos(a) is not None})
        if spots:
            return (f"nothing to do at {pos_text(pos)}; the decision is at {' '.join(map(pos_text, spots[:8]))}"
                    + (" …" if len(spots) > 8 else ""))
        return f"this decision is not made on the board: choose from the list ({', '.join(map(str, legal))})"

    # ----- free edit ----------------------------------------------------------------------------------------
    def _edit_hint(self) -> str:
        return {"tile": "click to put the palette tile (r turns it)", "remove": "click a tile to remove it",
                "follower": f"click a feature to put or take a {self.color} {self.figure}",
                "ferry": "click the two road ends of a lake tile to lay its ferry",
                "quake": "click a city to put or take an earthquake token",
                "tornado": "click a tile to put the tornado there (click it again to take it off)"}[self.tool]

    def _commit(self, p: Position, message: str) -> bool:
        self._undo.append(self.position)
        self._redo_pos.clear()
        self.position = p
        self._cache.clear()
        found = self.problems()
        self.status = message + (f"; {len(found)} problem(s): {found[0]}" + (" …" if len(found) > 1 else "")
                                 if found else "; no problems")
        self._notify(changed=True)
        return True

    def _edit_click(self, pos: Pos, port: int | None) -> bool:
        p = self.position
        line = p.tile_at(pos)
        try:
            if self.tool == "tile":
                if self.tile is None:
                    raise edits.EditError("choose a tile in the palette first")
                rot = self._place_rotation(self.tile)
                return self._commit(edits.put_tile(p, pos, self.tile, rot),
                                    f"{'replaced ' + line.tile + ' by' if line else 'put'} {self.tile} "
                                    f"at {pos_text(pos)} rotation {rot}")
            if line is None:
                raise edits.EditError(f"no tile at {pos_text(pos)}")
            if self.tool == "remove":
                return self._commit(edits.remove_tile(p, pos), f"removed {line.tile} from {pos_text(pos)}")
            if self.tool == "tornado":
                q, put = figures.toggle_tornado(p, pos)
                return self._commit(q, f"tornado {'on' if put else 'taken off'} {pos_text(pos)}")
            if port is None:
                raise edits.EditError("click a feature of the tile")
            if self.tool == "follower":
                port = figure_port(line.tile, line.rot, port)
                q, added = edits.toggle_follower(p, pos, port, self.color, self.figure)
                return self._commit(q, f"{'put' if added else 'took'} a {self.color} {self.figure} "
                                       f"{'on' if added else 'from'} {pos_text(pos)}")
            if self.tool == "quake":
                q, added = figures.toggle_quake(p, pos, port)
                return self._commit(q, f"earthquake token {'put in' if added else 'taken from'} "
                                       f"{PORT_NAMES[port]} of {pos_text(pos)}")
            return self._ferry_click(pos, port, line.tile)
        except edits.EditError as e:
            self.status = str(e)
            self._notify()
            return False

    def _ferry_click(self, pos: Pos, port: int, tid: str) -> bool:
        if not catalogue()[tid].has("ferry_lake"):
            raise edits.EditError(f"{tid} at {pos_text(pos)} is not a lake tile: ferries go on lake tiles")
        end = edits.jetty(port)
        first = self._ferry_from
        if first is None or first[0] != pos or first[1] == end:
            self._ferry_from = (pos, end)
            self.status = f"ferry on {pos_text(pos)} from {PORT_NAMES[end]}: click the other end"
            self._notify()
            return False
        self._ferry_from = None
        q = edits.set_ferry(self.position, pos, first[1], end)
        return self._commit(q, f"ferry on {pos_text(pos)} joins {PORT_NAMES[first[1]]} and {PORT_NAMES[end]}")

    def set_hand(self, tid: str | None) -> bool:
        """Free edit: the tile in hand (None: none)."""
        return self._edit(lambda p: edits.set_hand(p, tid), f"hand: {tid or 'none'}")

    def set_to_move(self, color: str) -> bool:
        """Free edit: whose turn it is."""
        return self._edit(lambda p: edits.set_to_move(p, color), f"{color} to move")

    def set_score(self, color: str, points: int) -> bool:
        """Free edit: the points ``color`` has already scored."""
        return self._edit(lambda p: edits.set_score(p, color, points), f"{color} has {points} points")

    def clear_board(self) -> bool:
        """Free edit: take every tile off, with the tile in hand and the title (undo brings them back)."""
        return self._edit(edits.clear_board, f"board cleared ({len(self.position.board)} tiles taken off, "
                                             "the hand and the title with them)")

    @property
    def title(self) -> str:
        """The title that Post and Save write (empty: none)."""
        return (self.position.title if self.mode == EDIT else self.origin.title) or ""

    def set_title(self, text: str) -> bool:
        """Title the position (blank: no title); Post and Save use it."""
        title = " ".join(text.split()) or None
        if title == (self.title or None):
            return True
        message = f"title: {title}" if title else "no title"
        if self.mode == EDIT:
            return self._commit(replace(self.position, title=title), message)
        self.origin = replace(self.origin, title=title)
        self.status = message
        self._notify(changed=True)
        return True

    def _edit(self, change: Callable[[Position], Position], message: str) -> bool:
        if self.mode != EDIT:
            self.status = "switch to free edit to change the position"
            self._notify()
            return False
        try:
            return self._commit(change(self.position), message)
        except edits.EditError as e:
            self.status = str(e)
            self._notify()
            return False

    # ----- game settings: rebuild and replay ----------------------------------------------------------------
    def set_ruling(self, rid: str, option: str) -> bool:
        """Play under another ruling: in play the game is rebuilt with it and its actions replayed."""
        resolve({rid: option})
        default = RULINGS[rid].default
        return self._reconfigure(lambda p: edits.set_ruling(p, rid, option, default), f"{rid} = {option}")

    def set_sets(self, sets: tuple[str, ...]) -> bool:
        return self._reconfigure(lambda p: edits.set_sets(p, sets), f"sets: {', '.join(sets) or 'base'}")

    def _reconfigure(self, change: Callable[[Position], Position], message: str) -> bool:
        if self.mode == EDIT:
            return self._commit(change(self.position), message)
        origin = change(self.origin)
        actions = list(self.state.history)  # includes the origin's own played actions
        try:
            st = state_from_position(replace(origin, played=()), self.seed, allow_problems=True)
        except CarcnbError as e:
            self.status = f"cannot rebuild the game: {e}"
            self._notify()
            return False
        done = 0
        for a in actions:
            if a not in st.legal_actions():
                break
            st.apply(a)
            done += 1
        self.origin, self.state = origin, st
        self._redo.clear()
        self._pending = []
        replay = (f"replayed all {done} actions" if done == len(actions) else
                  f"replayed {done} of {len(actions)} actions: {actions[done]} is not legal under it")
        self.status = f"{message}: {replay}. {self._prompt()}"
        self._notify(changed=True)
        return True

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

    # ----- files --------------------------------------------------------------------------------------------
    def save(self, path: str | Path) -> bool:
        """Write the current position; on failure the editor and any existing file are left as they were."""
        target = Path(path)
        try:
            if target.is_dir():
                raise IsADirectoryError(f"{str(path)!r} is a directory")
            save(self.value, target)
        except (OSError, CarcnbError) as e:
            self.status = f"not saved: {e}; nothing was changed"
            self._notify()
            return False
        self.status = f"saved {len(self.value.board)} tiles to {path}"
        self._notify()
        return True

    def post(self, directory: str | Path, fmt: str = "markdown",
             progress: Callable[[int, int, str], None] | None = None):
        """Write a forum post of the position into ``directory`` (``carcnb.telling.post.write_post``: the text, with
        the verdict under each reading that matters, and its picture); ``progress`` hears (done, total, what)
        as the readings are worked out. Returns the written files, or None when nothing could be written
        (the status says why; the editor is left as it was)."""
        from carcnb.telling.post import write_post

        target = Path(directory)
        try:
            if target.exists() and not target.is_dir():
                raise NotADirectoryError(f"{str(directory)!r} is a file: posts go into a folder")
            files = write_post(self.value, target, fmt, progress=progress)
        except IllegalPositionError as e:
            first = e.problems[0]
            self.status = (f"no post written: the position breaks {len(e.problems)} rule(s), first {first}; fix "
                           f"{'it' if len(e.problems) == 1 else 'them'} in free edit (the problems list names "
                           "each) or undo the change that made it, then post again")
            self._notify()
            return None
        except (OSError, CarcnbError) as e:
            self.status = f"no post written: {e}; nothing was changed"
            self._notify()
            return None
        self.status = f"post written: {files.text_path} and {files.picture_path}"
        self._notify()
        return files

    def load(self, path: str | Path) -> bool:
        """Open a position file: an undoable edit in free edit, a new game from it in play."""
        try:
            p = load(path)
            st = state_from_position(p, self.seed, allow_problems=True) if self.mode == PLAY else None
        except CarcnbError as e:
            self.status = f"not loaded: {e}"
            self._notify()
            return False
        if self.color not in p.players:
            self.color = p.players[0]
        if self.mode == EDIT:
            return self._commit(as_it_stands(p), f"loaded {printable(str(path))}")
        self.origin, self.state, self.position = p, st, p
        self._redo.clear()
        self._pending = []
        self.status = f"loaded {printable(str(path))}. {self._prompt()}"
        self._notify(changed=True)
        return True
