"""Play by the rules, the editor's play mode: what a click on the board means in the game's state machine,
playing an action, and why a click is refused.

A part of ``EditorModel`` (a mixin) kept apart so the model reads as its state and what it shows; it works
on the model's own attributes, named below.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Discard, Draw, Place, action_ports, action_pos, parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_NAMES, Pos, pos_text
from carcnb.engine.rules.base import DeployStep
from carcnb.engine.state import CHANCE
from carcnb.widgets.editor import why
from carcnb.widgets.editor.modes import PLAY

if TYPE_CHECKING:
    from collections.abc import Callable

    from carcnb.engine.state import GameState


class PlayMixin:
    """``EditorModel``'s play mode: clicks matched to legal actions, actions played, refusals explained."""

    # kept by EditorModel
    state: GameState
    mode: str
    status: str
    rotation: int
    tile: str | None
    _pending: list[Action]
    _redo: list[Action]
    legal: Callable[[], list[Action]]
    _notify: Callable[..., None]
    _place_rotation: Callable[[str], int]

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

    def prompt(self) -> str:
        """What the player to act is asked to do now, in words (the status line ends with it)."""
        return self._prompt()

    def play(self, action: Action) -> bool:
        """Play ``action`` (a value, as a computer player chooses it); False when it is not legal (the status
        says why)."""
        return self._apply(action)

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

    def _play_click(self, pos: Pos, port: int | None) -> bool:
        """A click in play: a draw at the draw, a placement while placing, else the decision it names."""
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
