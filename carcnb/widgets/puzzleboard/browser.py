"""The puzzle browser as ipywidgets: filters, the list with solved marks, next and previous, and the open
puzzle's ``PuzzleBoard``. A thin view of a ``BrowserModel``."""
from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from carcnb.puzzles.progress import Progress
from carcnb.widgets.editor.keyguard import KeyGuard
from carcnb.widgets.editor.panels import classed
from carcnb.widgets.puzzleboard.browser_model import ALL, BrowserModel
from carcnb.puzzles.listing import is_ruling
from carcnb.widgets.puzzleboard.widget import PuzzleBoard

ANY = "any"
EVERY = "all"  # the topic menu's first choice (a menu whose value is None shows nothing chosen)


class PuzzleBrowser(w.VBox):
    """Every puzzle of a collection (default: the one that comes with carcnb) by topic and difficulty, with
    your solved marks and rating; pick one to solve it, or let it offer the one nearest your rating. Progress
    is kept in your data folder (see ``carcnb.puzzles.progress``)."""

    def __init__(self, root: str | Path | None = None, *, model: BrowserModel | None = None,
                 progress: Progress | str | Path | None = None, px_per_tile: int = 80, seed: int | None = None):
        self.model = model if model is not None else BrowserModel(root, progress=progress, seed=seed)
        self.px_per_tile = px_per_tile
        m = self.model
        self._syncing = False
        self.messages = classed(w.HTML(), "carcnb-browser-messages")
        self.topic = classed(w.Dropdown(description="topic", options=self._topic_options(), value=EVERY),
                             "carcnb-topic")
        self.difficulty = classed(w.Dropdown(description="difficulty", options=self._difficulty_options(),
                                              layout=w.Layout(width="14em")), "carcnb-difficulty")
        self.unsolved = classed(w.Checkbox(description="unsolved only", indent=False), "carcnb-unsolved")
        self.list = classed(w.Select(rows=8, layout=w.Layout(width="46em")), "carcnb-puzzle-list")
        self.previous_button = classed(w.Button(description="previous", icon="arrow-left"), "carcnb-previous")
        self.next_button = classed(w.Button(description="next", icon="arrow-right"), "carcnb-next")
        self.near_button = classed(w.Button(description="near my rating", icon="crosshairs",
                                            tooltip="the untried puzzle of this topic nearest your rating"),
                                   "carcnb-near-rating")
        self.summary = classed(w.Label(), "carcnb-summary")
        self.status = classed(w.HTML(), "carcnb-browser-status")
        self.stage = classed(w.VBox(), "carcnb-stage")
        self.key_guard = KeyGuard(".carcnb-browser", press=self.press)  # the open puzzle's keys, anywhere in it
        self._board: PuzzleBoard | None = None
        self._board_model = None

        self.topic.observe(lambda c: self._command(m.set_topic, ALL if c["new"] == EVERY else c["new"]), names="value")
        self.difficulty.observe(lambda c: self._command(m.set_difficulty, None if c["new"] == ANY else c["new"]),
                                names="value")
        self.unsolved.observe(lambda c: self._command(m.set_unsolved_only, c["new"]), names="value")
        self.list.observe(lambda c: self._command(m.open, c["new"]) if c["new"] else None, names="value")
        self.previous_button.on_click(lambda _: m.previous())
        self.next_button.on_click(lambda _: m.next())
        self.near_button.on_click(lambda _: m.open_near_rating())
        super().__init__(children=[
            self.messages,
            w.HBox([self.topic, self.difficulty, self.unsolved]),
            self.list,
            w.HBox([self.previous_button, self.next_button, self.near_button, self.summary]),
            self.status, self.stage,
            self.key_guard,
        ])
        self.add_class("carcnb-browser")
        m.on_change(self.refresh)
        self.refresh()

    @property
    def board(self) -> PuzzleBoard | None:
        """The board of the open puzzle."""
        return self._board

    def press(self, key: str) -> None:
        """A key typed in the browser outside the open puzzle (its list and menus aside): the open puzzle's."""
        if self._board is not None:
            self._board.view.press(key)

    def _topic_options(self) -> list[tuple[str, str | None]]:
        return [(f"all ({len(self.model.entries)})", EVERY)] + [
            (f"{'ruling ' if is_ruling(t) else ''}{t} ({n})", t) for t, n in self.model.topics()]

    def _difficulty_options(self) -> list[tuple[str, object]]:
        return [(ANY, ANY)] + [("★" * d, d) for d in self.model.difficulties()]

    def _command(self, command, value) -> None:
        if not self._syncing:
            command(value)

    def refresh(self) -> None:
        """Bring the view up to date with the model."""
        m = self.model
        self._syncing = True
        try:
            shown = m.visible()
            self.list.options = [(m.label(e), e.key) for e in shown]
            self.list.value = m.current.key if m.current is not None and m.current in shown else None
            self.summary.value = m.summary()
            self.status.value = f"<span>{html.escape(m.status)}</span>"
            self.messages.value = "".join(f"<div class='carcnb-message'><i>{html.escape(x)}</i></div>"
                                          for x in m.messages)
            if m.board is not self._board_model:
                old = self._board
                self._board_model = m.board
                self._board = PuzzleBoard(model=m.board, px_per_tile=self.px_per_tile) if m.board else None
                self.stage.children = [self._board] if self._board else []
                self.key_guard.own_keys = list(self._board.view.keys) if self._board else []
                if old is not None:
                    old.close()
        finally:
            self._syncing = False
