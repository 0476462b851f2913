"""The board editor as ipywidgets: a thin view that turns clicks into model commands and shows the model.

The board picture and its clicks are a ``BoardView``; the tile in hand and the position's header are
``panels``; the question Post answers is an ``AskingPanel``; a ``KeyGuard`` keeps the keys typed in the
editor from the notebook and gives the editor its own; every change is autosaved.
"""
from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from carcnb.engine.features import FIGURE_KINDS
from carcnb.engine.state import GameState
from carcnb.positions.model import EXPANSIONS, Position
from carcnb.widgets.editor import autosave as _autosave
from carcnb.widgets.editor.asking_panel import AskingPanel
from carcnb.widgets.editor.board_view import BoardView
from carcnb.widgets.editor.keyguard import KeyGuard
from carcnb.widgets.editor.model import EDIT, PLAY, TOOLS, EditorModel
from carcnb.widgets.editor.panels import HandPanel, PalettePanel, PositionPanel, PostPanel, classed, show_decisions
from carcnb.widgets.editor.views import ScoreLine, ScoreTable

NO_TILE = ""


SCORE_STYLE = ("<style>.carcnb-score table{border-collapse:collapse;margin:0.4em 0}"
               ".carcnb-score caption{caption-side:top;text-align:left;font-weight:bold;white-space:nowrap}"
               ".carcnb-score th,.carcnb-score td{padding:1px 0.8em 1px 0;text-align:left;vertical-align:top}"
               ".carcnb-score th{border-bottom:1px solid #999}</style>")


def score_html(table: ScoreTable) -> str:
    """The score breakdown as HTML tables: rows so far, then final scoring if the game ended now."""
    def rows(lines: tuple[ScoreLine, ...]) -> str:
        if not lines:
            return '<tr><td colspan="5"><i>nothing</i></td></tr>'
        return "".join(
            f"<tr><td>{html.escape(r.kind)}</td><td>{html.escape(r.tiles)}</td><td>{html.escape(r.scorers)}</td>"
            f"<td style='text-align:right'>{r.points}</td><td>{html.escape(r.reason)}</td></tr>" for r in lines)

    def totals(scores: dict[str, int]) -> str:
        return ", ".join(f"{html.escape(c)} {n}" for c, n in scores.items())

    head = "<tr><th>kind</th><th>tiles</th><th>scorers</th><th>points</th><th>reason</th></tr>"
    out = [SCORE_STYLE, f"<table class='carcnb-score-played'><caption>Scored so far: {totals(table.scores)}</caption>"
           f"<thead>{head}</thead><tbody>{rows(table.played)}</tbody></table>"]
    if table.final_scores is not None:
        out.append(f"<table class='carcnb-score-final'><caption>{html.escape(table.note.capitalize())}: "
                   f"{totals(table.final_scores)}</caption><thead>{head}</thead><tbody>{rows(table.final)}"
                   f"</tbody></table>")
    else:
        out.append(f"<p class='carcnb-score-note'>{html.escape(table.note)}</p>")
    return "".join(out)


class BoardEditor(w.VBox):
    """Play or freely edit a Carcassonne board in a notebook. ``value`` is the position shown.

    Every change is autosaved (see ``autosave``): ``BoardEditor.restore()`` brings the last editor back.
    """

    def __init__(self, source: Position | GameState | str | Path | None = None, *,
                 model: EditorModel | None = None, px_per_tile: int = 80, max_width: int = 960,
                 autosave: bool = True, **options):
        self.model = model if model is not None else EditorModel(source, **options)
        self.autosave = _autosave.Autosave(self.model) if autosave else None
        self._shown: dict[str, object] = {}
        self._syncing = False
        m = self.model

        self.mode = classed(w.ToggleButtons(options=[("play", PLAY), ("free edit", EDIT)], value=m.mode),
                            "carcnb-mode")
        self.undo_button = classed(w.Button(description="undo", icon="undo"), "carcnb-undo")
        self.redo_button = classed(w.Button(description="redo", icon="repeat"), "carcnb-redo")
        self.rotate_button = classed(w.Button(description="rotate (r)", icon="rotate-right"), "carcnb-rotate")
        self.palette = classed(w.Dropdown(description="tile"), "carcnb-palette")
        self.draw_button = classed(w.Button(description="draw it"), "carcnb-draw")
        self.random_button = classed(w.Button(description="random draw"), "carcnb-random")
        self.tool = classed(w.ToggleButtons(options=TOOLS, value=m.tool, style={"button_width": "6.5em"}),
                            "carcnb-tool")
        self.color = classed(w.Dropdown(description="colour", options=m.players, value=m.color,
                                        layout=w.Layout(width="14em")), "carcnb-color")
        self.figure = classed(w.Dropdown(description="figure", options=list(FIGURE_KINDS), value=m.figure,
                                         layout=w.Layout(width="14em")), "carcnb-figure")
        self.hand_button = classed(w.Button(description="put in hand"), "carcnb-hand")
        self.view = BoardView(m, px_per_tile=px_per_tile, max_width=max_width, overlay=self._mark_decision,
                              keys={"r": m.rotate, "R": lambda: m.rotate(-1), "z": m.undo, "u": m.undo, "y": m.redo})
        self.board, self.pointer = self.view.image, self.view.pointer
        self.status = classed(w.HTML(), "carcnb-status")
        self.question = classed(w.HTML(), "carcnb-question")
        self.problems = classed(w.HTML(), "carcnb-problems")
        self.actions = classed(w.Dropdown(description="decision"), "carcnb-actions")
        self.apply_button = classed(w.Button(description="apply"), "carcnb-apply")
        self.quick = classed(w.HBox(), "carcnb-quick")
        self.scores = classed(w.HTML(), "carcnb-score")
        self.sets = {s: w.Checkbox(description=s, indent=False, layout=w.Layout(width="auto")) for s in EXPANSIONS}
        self.ruling_menus = {r.id: classed(w.Dropdown(options=[(f"{o}: {text}", o) for o, text in r.options],
                                                      value=r.current, tooltip=r.question,
                                                      layout=w.Layout(width="max-content", max_width="100%")),
                                           "carcnb-ruling-menu")
                             for r in m.rulings()}
        self.ruling_rows = {r.id: classed(w.VBox([w.HTML(f"<b>{html.escape(r.id)}</b>: {html.escape(r.question)}"),
                                                  self.ruling_menus[r.id]], layout=w.Layout(margin="0 0 6px 0")),
                                          "carcnb-ruling")
                            for r in m.rulings()}
        self.filename = classed(w.Text(description="file", value="position.toml"), "carcnb-filename")
        self.save_button = classed(w.Button(description="save", icon="save"), "carcnb-save")
        self.load_button = classed(w.Button(description="load", icon="folder-open"), "carcnb-load")

        self.hand = HandPanel(m)
        self.tile_pictures = PalettePanel(m)
        self.position_tools = PositionPanel(m, self._observe)
        self.posting = PostPanel(m, self._observe)
        self.asking = AskingPanel(m, self._observe)

        self._wire()
        self.play_row = classed(w.HBox([self.draw_button, self.random_button]), "carcnb-play-tools")
        self.edit_row = classed(w.VBox([self.tool, w.HBox([self.color, self.figure, self.hand_button]),
                                        self.position_tools.box]), "carcnb-edit-tools")
        game = w.Accordion(children=[w.VBox([w.HBox(list(self.sets.values())), *self.ruling_rows.values()])],
                           titles=("sets and rulings",))
        super().__init__(children=[
            w.HBox([self.mode, self.undo_button, self.redo_button]),
            w.HBox([self.palette, self.rotate_button]), self.tile_pictures.box,
            self.play_row, self.edit_row, self.question,
            w.HBox([self.board, self.hand.box], layout=w.Layout(align_items="flex-start")),
            self.pointer, self.status, self.problems,
            classed(w.HBox([self.actions, self.apply_button, self.quick]), "carcnb-decisions"),
            self.scores,
            classed(game, "carcnb-rulings"),
            classed(w.HBox([self.filename, self.save_button, self.load_button]), "carcnb-file"),
            self.asking.box,
            self.posting.box,
            self.view.map,
            KeyGuard(".carcnb-editor", self.view.keys, self.view.press),
        ])
        self.add_class("carcnb-editor")
        m.on_change(self.refresh)
        self.refresh()

    @classmethod
    def restore(cls, which: int | str | Path = 0, **options) -> BoardEditor:
        """The editor autosaved last, back with its position and mode (``which`` = 1: the one before, ...;
        or a file). An autosave goes on in the same file; any other file is never rewritten: its editor
        autosaves apart."""
        position, mode, path = _autosave.read(which)
        editor = cls(position, mode=mode, **options)
        resumed = _autosave.is_autosave(path)
        if resumed and editor.autosave is not None:
            editor.autosave.path = path
        said = f"restored {path}" if resumed else f"opened {path} (autosave never rewrites it)"
        editor.model.status = f"{said}. " + editor.model.status
        editor.refresh()
        return editor

    @staticmethod
    def autosaves() -> list[Path]:
        """The autosaved editors' files, the latest first (``restore(i)`` opens the i-th)."""
        return _autosave.saved()

    @property
    def value(self) -> Position:
        """The position on the board (read-only: change it through the editor or its model)."""
        return self.model.value

    @property
    def geometry(self):
        """The pixel-to-board mapping of the picture shown (the renderer's ``BoardGeometry``)."""
        return self.view.geometry

    # ----- wiring -------------------------------------------------------------------------------------------
    def _wire(self) -> None:
        m = self.model
        self.undo_button.on_click(lambda _: m.undo())
        self.redo_button.on_click(lambda _: m.redo())
        self.rotate_button.on_click(lambda _: m.rotate())
        self.draw_button.on_click(lambda _: m.draw(self.palette.value) if self.palette.value else
                                  m.select_tile(None))
        self.random_button.on_click(lambda _: m.draw())
        self.hand_button.on_click(lambda _: m.set_hand(self.palette.value or None))
        self.apply_button.on_click(lambda _: m.apply_text(self.actions.value or ""))
        self.save_button.on_click(lambda _: m.save(self.filename.value))
        self.load_button.on_click(lambda _: m.load(self.filename.value))
        self._observe(self.mode, m.set_mode)
        self._observe(self.palette, lambda tid: m.select_tile(tid or None))
        self._observe(self.tool, m.set_tool)
        self._observe(self.color, m.set_color)
        self._observe(self.figure, m.set_figure)
        for rid, menu in self.ruling_menus.items():
            self._observe(menu, lambda option, rid=rid: m.set_ruling(rid, option))
        for box in self.sets.values():
            self._observe(box, lambda _: m.set_sets(tuple(s for s, b in self.sets.items() if b.value)))

    def _observe(self, widget: w.Widget, command) -> None:
        def changed(change: dict) -> None:
            if not self._syncing:
                command(change["new"])
        widget.observe(changed, names="value")

    # ----- events -------------------------------------------------------------------------------------------
    def handle_event(self, event: dict) -> None:
        """An ipyevents event on the board picture (also callable directly, as the tests do)."""
        self.view.handle_event(event)

    def _mark_decision(self, png: bytes, geometry) -> bytes:
        """The picture with a ring on each spot a click may choose in the decision being made."""
        from carcnb.telling.render.overlay import ring_targets

        return ring_targets(png, geometry, self.model.targets())

    # ----- showing the model --------------------------------------------------------------------------------
    def _once(self, name: str, key: object) -> bool:
        """True when ``key`` differs from what part ``name`` shows (so it must be updated)."""
        if self._shown.get(name) == key:
            return False
        self._shown[name] = key
        return True

    def refresh(self) -> None:
        """Bring every part of the view up to date with the model (called after each model command)."""
        m = self.model
        self._syncing = True
        try:
            self.view.draw()
            self.status.value = f"<span>{html.escape(m.status)}</span>"
            self.mode.value = m.mode
            self.undo_button.disabled = not m.can_undo
            self.redo_button.disabled = not m.can_redo
            playing = m.mode == PLAY
            self.play_row.layout.display = None if playing else "none"
            self.edit_row.layout.display = "none" if playing else None
            self.draw_button.disabled = self.random_button.disabled = not (playing and m.state.is_chance())
            if self._once("version", (m.mode, m.version)):
                self._refresh_game()
            self.hand.refresh()
            self.asking.refresh()
            self.posting.refresh()
            self.palette.value = m.tile if m.tile in {v for _, v in self.palette.options} else NO_TILE
            self.tile_pictures.refresh(playing and m.state.is_chance())
            self.tool.value = m.tool
            self.figure.value = m.figure
        finally:
            self._syncing = False

    def _refresh_game(self) -> None:
        m = self.model
        entries = m.palette()
        drawing = m.mode == PLAY and m.state.is_chance()
        self.palette.options = [("(choose a tile)", NO_TILE)] + [
            (f"{e.tile}: {e.left} of {e.total} left" + (" (not drawable now)" if drawing and not e.drawable else ""),
             e.tile) for e in entries]
        show_decisions(self.actions, self.apply_button, self.quick, m.legal_actions(), m.quick_actions(),
                       m.apply_text)
        problems = m.problems()
        self.problems.value = ("" if not problems else "<b>Problems</b><ul>" + "".join(
            f"<li>{html.escape(p)}</li>" for p in problems) + "</ul>")
        self.scores.value = score_html(m.score_table())
        self.color.options = m.players
        self.color.value = m.color
        for r in m.rulings():
            self.ruling_menus[r.id].value = r.current
            self.ruling_rows[r.id].layout.display = None if r.involved else "none"
        self.position_tools.refresh()
        self.question.value = f"<b>{html.escape(m.question())}</b>"
        enabled = m.game.sets
        for s, box in self.sets.items():
            box.value = s in enabled
