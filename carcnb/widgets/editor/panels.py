"""Parts of the editor's view beside the board: the palette as tile pictures, the tile in hand, the position's
header (who moves, the scores, clearing the board), and the Post button with its confirmation. Each is built
from the model, calls only model commands, and brings itself up to date in ``refresh``; ``observe`` is the
editor's (it ignores the changes a refresh makes).
"""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import ipywidgets as w
from ipyevents import Event

from carcnb.widgets.editor.model import EDIT, EditorModel

HAND_PX = 96
PALETTE_PX = 44  # a palette tile's picture, shown this wide


def classed(widget: w.Widget, name: str) -> w.Widget:
    widget.add_class(name)
    return widget


def show_decisions(menu: w.Dropdown, button: w.Button, quick: w.Box, legal: list[str], quick_texts: list[str],
                   choose: Callable[[str], object]) -> None:
    """The row of decisions, the editor's and the game's: the legal ones in ``menu`` (the first chosen),
    ``button`` off when there is none, and a button a decision that names no place, which ``choose`` plays."""
    menu.options = legal
    menu.value = legal[0] if legal else None
    button.disabled = not legal
    buttons = []
    for text in quick_texts:
        one = classed(w.Button(description=text), "carcnb-quick-action")
        one.on_click(lambda _, text=text: choose(text))
        buttons.append(one)
    quick.children = buttons


_TILE_PICTURES: dict[tuple[str, int], bytes] = {}


def tile_png(tid: str, rot: int) -> bytes:
    """One tile alone at a rotation (cached: there are a few hundred at most)."""
    draw_tiles([(tid, rot)])
    return _TILE_PICTURES[(tid, rot)]


def draw_tiles(tiles: list[tuple[str, int]]) -> None:
    """Draw the tiles (ids and rotations) not drawn yet, all in one picture (``tile_pictures``)."""
    missing = [tile for tile in dict.fromkeys(tiles) if tile not in _TILE_PICTURES]
    if missing:
        from carcnb.telling.render.alone import tile_pictures

        _TILE_PICTURES.update(tile_pictures(missing, HAND_PX))


class PalettePanel:
    """The palette as pictures: every tile of the sets in play at rotation 0 with its letter and the copies
    left; a click on a picture chooses that tile, as the tile menu does. The chosen tile is framed; a tile
    that cannot be drawn now is faded."""

    def __init__(self, model: EditorModel):
        self.model = model
        self.box = classed(w.HBox(layout=w.Layout(flex_flow="row wrap", max_width="960px")), "carcnb-palette-tiles")
        self.cells: dict[str, tuple[w.Image, w.HTML, w.VBox]] = {}
        self.events: list[Event] = []  # the pictures' click listeners

    def _cell(self, tid: str) -> tuple[w.Image, w.HTML, w.VBox]:
        picture = w.Image(value=tile_png(tid, 0), format="png", width=PALETTE_PX, height=PALETTE_PX)
        label = w.HTML()
        cell = classed(w.VBox([picture, label], layout=w.Layout(align_items="center", margin="1px 2px",
                                                                 border="2px solid transparent")),
                       "carcnb-palette-tile")
        click = Event(source=picture, watched_events=["click"])
        click.on_dom_event(lambda _event, tid=tid: self.choose(tid))
        self.events.append(click)
        return picture, label, cell

    def choose(self, tid: str) -> None:
        """A click on the picture of ``tid``."""
        self.model.select_tile(tid)

    def refresh(self, drawing: bool) -> None:
        """Bring the pictures up to the model's palette; ``drawing``: the game waits for a draw, so a tile
        that cannot be drawn now is faded."""
        entries = self.model.palette()
        if [e.tile for e in entries] != list(self.cells):
            draw_tiles([(e.tile, 0) for e in entries])
            self.cells = {e.tile: self.cells.get(e.tile) or self._cell(e.tile) for e in entries}
            self.box.children = [cell for _, _, cell in self.cells.values()]
        for e in entries:
            picture, label, cell = self.cells[e.tile]
            label.value = f"<small><b>{html.escape(e.tile)}</b> {e.left}/{e.total}</small>"
            cell.layout.border = "2px solid #ff8c00" if e.tile == self.model.tile else "2px solid transparent"
            picture.layout.opacity = "0.35" if drawing and not e.drawable else "1"


class HandPanel:
    """The tile in hand (or the palette tile to put) drawn at its rotation, with whose it is."""

    def __init__(self, model: EditorModel):
        self.model = model
        self.picture = classed(w.Image(format="png", width=HAND_PX, height=HAND_PX), "carcnb-hand-tile")
        self.caption = classed(w.HTML(layout=w.Layout(width=f"{HAND_PX + 64}px")), "carcnb-hand-caption")
        self.box = classed(w.VBox([self.picture, self.caption], layout=w.Layout(margin="0 0 0 12px")),
                           "carcnb-hand")
        self._shown: tuple[str | None, int] | None = None

    def refresh(self) -> None:
        view = self.model.in_hand()
        self.caption.value = f"<small>{html.escape(view.caption)}</small>"
        if (view.tile, view.rot) == self._shown:
            return
        self._shown = (view.tile, view.rot)
        self.picture.layout.visibility = "hidden" if view.tile is None else "visible"
        if view.tile is not None:
            self.picture.value = tile_png(view.tile, view.rot)


class PositionPanel:
    """Free edit: whose turn it is, the points already scored, and a button that clears the board."""

    def __init__(self, model: EditorModel, observe: Callable[[w.Widget, Callable], None]):
        self.model = model
        self._observe = observe
        self.to_move = classed(w.Dropdown(description="to move", layout=w.Layout(width="12em"),
                                          style={"description_width": "4.5em"}), "carcnb-to-move")
        observe(self.to_move, model.set_to_move)
        self.scores = classed(w.HBox(), "carcnb-scores")
        self.clear_button = classed(w.Button(description="clear board", icon="eraser"), "carcnb-clear")
        self.clear_button.on_click(lambda _: model.clear_board())
        self.box = classed(w.HBox([self.to_move, w.HTML("&nbsp;scores:"), self.scores, self.clear_button]),
                           "carcnb-position-tools")
        self._players: tuple[str, ...] = ()

    def score_box(self, color: str) -> w.BoundedIntText:
        """The score field of player ``color``."""
        return next(b for b in self.scores.children if b.description == color)

    def refresh(self) -> None:
        m = self.model
        self.box.layout.display = None if m.mode == EDIT else "none"
        if m.mode != EDIT:
            return
        p = m.value
        if p.players != self._players:
            self._players = p.players
            boxes = []
            for color in p.players:
                box = w.BoundedIntText(description=color, min=0, max=9999, layout=w.Layout(width="9em"),
                                       style={"description_width": "3.5em"})
                box.add_class(f"carcnb-score-{color}")
                self._observe(box, lambda points, color=color: m.set_score(color, points))
                boxes.append(box)
            self.scores.children = boxes
            self.to_move.options = p.players
        self.to_move.value = p.mover
        scores = dict(p.scores)
        for box in self.scores.children:
            box.value = scores.get(box.description, 0)


class PostPanel:
    """The position's title (Post and Save write it) and a Post button: writes the position as a forum post
    answering the editor's question into a folder and shows the text, ready to copy, beside its picture. A post
    already there is replaced only after a second yes ("replace"; "keep it" leaves it)."""

    def __init__(self, model: EditorModel, observe: Callable[[w.Widget, Callable], None]):
        self.model = model
        self.title = classed(w.Text(description="title", placeholder="what the post is about",
                                    style={"description_width": "5em"}, layout=w.Layout(width="40em"),
                                    continuous_update=False), "carcnb-title")
        observe(self.title, model.set_title)
        self.folder = classed(w.Text(description="post into", value="post", style={"description_width": "5em"}),
                              "carcnb-post-folder")
        self.folder.observe(lambda _: model.keep_post(), names="value")  # another folder: nothing to replace
        self.button = classed(w.Button(description="post", icon="share-square",
                                       tooltip="write the pictures and a forum post (Markdown) answering the "
                                               "question above"), "carcnb-post")
        self.replace_button = classed(w.Button(description="replace", icon="check", button_style="warning",
                                               tooltip="write over the post already there"), "carcnb-post-replace")
        self.keep_button = classed(w.Button(description="keep it", tooltip="leave the post already there as it "
                                                                           "is"), "carcnb-post-keep")
        self.confirm = classed(w.HBox([self.replace_button, self.keep_button], layout=w.Layout(display="none")),
                               "carcnb-post-confirm")
        self.text = classed(w.Textarea(layout=w.Layout(width="100%", height="18em")), "carcnb-post-text")
        self.picture = classed(w.Image(format="png", layout=w.Layout(max_width="100%", height="auto",
                                                                     align_self="flex-start")),
                               "carcnb-post-picture")
        self.where = classed(w.HTML(), "carcnb-post-files")
        self.working = classed(w.IntProgress(min=0, max=1, layout=w.Layout(display="none", width="24em")),
                               "carcnb-post-progress")
        self.working_label = classed(w.Label(), "carcnb-post-working")
        self.result = classed(w.VBox([self.where, w.HTML("<small>Select the text (Ctrl+A in the box), copy it and "
                                                         "paste it into the forum; upload the picture beside it."
                                                         "</small>"), self.text, self.picture],
                                     layout=w.Layout(display="none")), "carcnb-post-result")
        self.box = classed(w.VBox([self.title, w.HBox([self.folder, self.button, self.confirm, self.working,
                                                       self.working_label]), self.result]), "carcnb-post-panel")
        self.button.on_click(lambda _: self.post())
        self.replace_button.on_click(lambda _: self.post(replace=True))
        self.keep_button.on_click(lambda _: model.keep_post())

    def refresh(self) -> None:
        self.title.value = self.model.title
        asked = self.model.replacing
        self.confirm.layout.display = None if asked is not None and asked.version == self.model.version else "none"

    def _progress(self, done: int, total: int, what: str) -> None:
        self.working.max = max(total, 1)
        self.working.value = min(done, self.working.max)
        self.working_label.value = f"readings {done} of {total}: {what}"

    def post(self, replace: bool = False) -> None:
        """Write the post, or (``replace``) write over the one Post found there (the readings can take a
        while: a bar shows how far they are)."""
        self.button.disabled = self.replace_button.disabled = True
        self.working.layout.display = None
        try:
            m = self.model
            files = m.confirm_post(self._progress) if replace else m.post(self.folder.value, progress=self._progress)
        finally:
            self.button.disabled = self.replace_button.disabled = False
            self.working.layout.display = "none"
            self.working_label.value = ""
        if files is None:
            return
        self.text.value = files.text
        self.picture.value = Path(files.picture_path).read_bytes()
        self.where.value = (f"written: <code>{html.escape(str(files.text_path))}</code> and "
                            f"<code>{html.escape(str(files.picture_path))}</code>")
        self.result.layout.display = None
