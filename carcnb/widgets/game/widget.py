"""A game against the computer as ipywidgets: a thin view of a ``GameModel`` that turns clicks and button
presses into its commands.

The board is the editor's ``BoardView`` (click to place, ``r`` turns the tile, a click on a feature deploys);
beside it the tile in hand; under it the decisions that are not made on the board (pass, discard, a crop
circle's choice), the table's scores, Undo, "What would the computer play?", Save and Load, and the log of
the turns told in words, the latest first, each with the rule page to read when an expansion's rule fired.
A ``KeyGuard`` keeps the keys typed here from the notebook.
"""
from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

import ipywidgets as w

from carcnb.telling.render.overlay import ring_targets
from carcnb.widgets.editor.board_view import BoardView
from carcnb.widgets.editor.keyguard import KeyGuard
from carcnb.widgets.editor.panels import HandPanel, classed, show_decisions
from carcnb.widgets.game.model import HUMAN, GameModel, Turn

LOG_STYLE = ("<style>.carcnb-game-log{max-height:22em;overflow-y:auto;border-top:1px solid #ccc;padding-top:2px}"
             ".carcnb-game-log ul{margin:0.1em 0 0.4em 0;padding-left:1.4em}"
             ".carcnb-game-log .carcnb-rule{color:#7a3b00}</style>")


def turn_html(turn: Turn) -> str:
    """One turn told: its headline, each event, and the rule pages to read (as links)."""
    lines = "".join(f"<li>{html.escape(line)}</li>" for line in turn.lines)
    rules = "".join(f"<li class='carcnb-rule'>Rule: {html.escape(note.rule)}: {html.escape(note.clause)} — see "
                    f"<a href='{html.escape(note.page)}' target='_blank'>{html.escape(note.page)}</a></li>"
                    for note in turn.rules)
    return f"<div class='carcnb-turn'><b>{html.escape(turn.headline())}</b><ul>{lines}{rules}</ul></div>"


class PlayGame(w.VBox):
    """Play against the computer in a notebook. ``model`` is the ``GameModel`` behind it; without one, the
    arguments are the model's (sets, rulings, players such as ``("you", "mcts")``, ``seconds``, ``seed``...)."""

    def __init__(self, sets: Iterable[str] = ("base",), rulings: Mapping[str, str] | None = None,
                 players: Sequence[str] = (HUMAN, "mcts"), *, model: GameModel | None = None,
                 px_per_tile: int = 80, max_width: int = 960, **options):
        self.model = model if model is not None else GameModel(sets, rulings, players, **options)
        m = self.model
        self._shown_version: int | None = None
        self.view = BoardView(m, px_per_tile=px_per_tile, max_width=max_width, overlay=self._mark_targets,
                              keys={"r": lambda: m.rotate(1), "R": lambda: m.rotate(-1), "z": m.undo, "u": m.undo})
        self.hand = HandPanel(m)
        self.table = classed(w.HTML(), "carcnb-game-table")
        self.status = classed(w.HTML(), "carcnb-status")
        self.rotate_button = classed(w.Button(description="rotate (r)", icon="rotate-right"), "carcnb-rotate")
        self.undo_button = classed(w.Button(description="undo (z)", icon="undo",
                                            tooltip="take back your last decision and the computer's replies"),
                                   "carcnb-undo")
        self.hint_button = classed(w.Button(description="What would the computer play?", icon="lightbulb-o",
                                            layout=w.Layout(width="auto")), "carcnb-hint")
        self.decisions = classed(w.Dropdown(description="decision"), "carcnb-actions")
        self.play_button = classed(w.Button(description="play it"), "carcnb-play-it")
        self.quick = classed(w.HBox(), "carcnb-quick")
        self.filename = classed(w.Text(description="file", value="game.toml"), "carcnb-filename")
        self.save_button = classed(w.Button(description="save", icon="save"), "carcnb-save")
        self.load_button = classed(w.Button(description="load", icon="folder-open"), "carcnb-load")
        self.turn_log = classed(w.HTML(), "carcnb-game-log")
        self._wire()
        super().__init__(children=[
            self.table,
            w.HBox([self.view.image, self.hand.box], layout=w.Layout(align_items="flex-start")),
            self.view.pointer, self.status,
            classed(w.HBox([self.rotate_button, self.undo_button, self.hint_button]), "carcnb-game-buttons"),
            classed(w.HBox([self.decisions, self.play_button, self.quick]), "carcnb-decisions"),
            self.turn_log,
            classed(w.HBox([self.filename, self.save_button, self.load_button]), "carcnb-file"),
            self.view.map,
            KeyGuard(".carcnb-play", self.view.keys, self.view.press),
        ])
        self.add_class("carcnb-play")
        m.on_change(self.refresh)
        self.refresh()

    def _wire(self) -> None:
        m = self.model
        self.rotate_button.on_click(lambda _: m.rotate())
        self.undo_button.on_click(lambda _: m.undo())
        self.hint_button.on_click(lambda _: m.suggest())
        self.play_button.on_click(lambda _: m.choose(self.decisions.value or ""))
        self.save_button.on_click(lambda _: m.save(self.filename.value))
        self.load_button.on_click(lambda _: m.load(self.filename.value))

    def handle_event(self, event: dict) -> None:
        """An ipyevents event on the board picture (also callable directly, as the tests do)."""
        self.view.handle_event(event)

    def _mark_targets(self, png: bytes, geometry) -> bytes:
        """The picture with a ring on each spot a click may choose in the decision being made."""
        return ring_targets(png, geometry, self.model.targets())

    # ----- showing the model --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the view up to date with the model (called after each model command)."""
        m = self.model
        self.view.draw()
        self.status.value = f"<span>{html.escape(m.status)}</span>"
        self.hand.refresh()
        self.hand.box.layout.display = None if m.in_hand().tile else "none"
        people = m.human_to_act
        self.hint_button.disabled = not people
        self.rotate_button.disabled = not people
        if self._shown_version == m.version:  # the log, the table and the decisions change with the game only
            return
        self._shown_version = m.version
        self.table.value = f"<b>{html.escape(m.table())}</b>"
        self.undo_button.disabled = not m.can_undo
        show_decisions(self.decisions, self.play_button, self.quick, m.legal_actions(), m.quick_actions(), m.choose)
        turns = m.turns()
        told = "".join(turn_html(t) for t in reversed(turns)) or "<i>no turn played yet</i>"
        self.turn_log.value = LOG_STYLE + told
