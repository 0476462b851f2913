"""The puzzle board as ipywidgets: a thin view that shows a ``PuzzleModel`` and turns clicks and button
presses into its commands.

The picture is the editor's ``BoardView``; the answer input fits the question: a box per player
(``final``), one box (``count``), or the board itself with the list of decisions (``best``).
"""
from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w

from carcnb.positions.model import Position
from carcnb.telling.explain.figures import figure_html
from carcnb.telling.explain.tables import Breakdown
from carcnb.telling.render.result import CAPTION as RESULT_CAPTION
from carcnb.telling.render.steps import OWN, REPLY
from carcnb.widgets.editor.board_view import BoardView
from carcnb.widgets.editor.keyguard import KeyGuard
from carcnb.widgets.editor.panels import HandPanel, classed
from carcnb.widgets.puzzleboard.model import BEST, COUNT, FINAL, PuzzleModel

SHOWN_AT = 100  # the result picture's pixels per CSS inch: one picture pixel to one CSS pixel


def explanation_html(text: str) -> str:
    """An explanation as its author wrapped it: a line that starts with '- ' is a list item and indented
    lines continue it; blank lines end paragraphs; other line breaks are spaces."""
    blocks: list[list[str]] = []  # each: ["p" or "li", lines...]
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            blocks.append([])
        elif line.startswith("- "):
            blocks.append(["li", line[2:]])
        elif blocks and blocks[-1] and (blocks[-1][0] == "p" or raw[:1].isspace()):
            blocks[-1].append(line)
        else:
            blocks.append(["p", line])
    out, in_list = [], False
    for block in filter(None, blocks):
        kind, words = block[0], html.escape(" ".join(block[1:]))
        if kind == "li" and not in_list:
            out.append("<ul style='margin:0.2em 0'>")
        elif kind == "p" and in_list:
            out.append("</ul>")
        in_list = kind == "li"
        out.append(f"<li>{words}</li>" if in_list else f"<p style='margin:0.3em 0'>{words}</p>")
    return "".join(out) + ("</ul>" if in_list else "")


class PuzzleBoard(w.VBox):
    """Solve one puzzle in a notebook: its picture, the question, an answer, and Check, Hint, Reveal and
    Try again. ``model`` is the ``PuzzleModel`` behind it."""

    def __init__(self, source: Position | str | Path | None = None, *, model: PuzzleModel | None = None,
                 px_per_tile: int = 80, max_width: int = 960, seed: int | None = None, reading: str | None = None):
        self.model = model if model is not None else PuzzleModel(source, seed=seed, reading=reading)
        m = self.model
        self.view = BoardView(m, px_per_tile=px_per_tile, max_width=max_width, steps=m.line_steps,
                              keys={"r": lambda: m.rotate(1), "R": lambda: m.rotate(-1), "z": m.take_back,
                                    "u": m.take_back})
        self.title = classed(w.HTML(), "carcnb-puzzle-title")
        self.question = classed(w.HTML(), "carcnb-question")
        self.hand = HandPanel(m)
        self.boxes = {c: classed(w.Text(description=c, placeholder="points", layout=w.Layout(width="11em"),
                                         style={"description_width": "4em"}), f"carcnb-answer-{c}")
                      for c in m.players} if m.kind == FINAL else {}
        self.count = classed(w.Text(description="placements", placeholder="number",
                                     style={"description_width": "6em"}, layout=w.Layout(width="13em")),
                              "carcnb-answer-count")
        self.decisions = classed(w.Dropdown(description="decision"), "carcnb-actions")
        self.play_button = classed(w.Button(description="play it"), "carcnb-play")
        self.quick = classed(w.HBox(), "carcnb-quick")
        self.rotate_button = classed(w.Button(description="rotate (r)", icon="rotate-right"), "carcnb-rotate")
        self.back_button = classed(w.Button(description="take back (z)", icon="undo"), "carcnb-take-back")
        self.check_button = classed(w.Button(description="Check", button_style="primary", icon="check"),
                                     "carcnb-check")
        self.hint_button = classed(w.Button(description="Hint", icon="lightbulb-o"), "carcnb-hint")
        self.reveal_button = classed(w.Button(description="Reveal", icon="eye"), "carcnb-reveal")
        self.again_button = classed(w.Button(description="Try again", icon="refresh"), "carcnb-try-again")
        self.status = classed(w.HTML(), "carcnb-status")
        self.played = classed(w.HTML(), "carcnb-played")
        self.hints = classed(w.HTML(), "carcnb-hints")
        self.verdict = classed(w.HTML(), "carcnb-verdict")
        self.answer = classed(w.HTML(), "carcnb-answer")

        if m.kind == FINAL:
            answer_row = w.HBox(list(self.boxes.values()))
        elif m.kind == COUNT:
            answer_row = w.HBox([self.count])
        else:
            answer_row = self.play_row = w.VBox([w.HBox([self.rotate_button, self.back_button]),
                                 w.HBox([self.decisions, self.play_button, self.quick])])
        self._wire()
        children = [self.title, self.question,
                    w.HBox([self.view.image, self.hand.box], layout=w.Layout(align_items="flex-start")),
                    self.view.pointer,
                    classed(answer_row, "carcnb-answer-input"),
                    w.HBox([self.check_button, self.hint_button, self.reveal_button, self.again_button]),
                    self.status, self.played, self.hints, self.verdict, self.answer, self.view.map,
                    KeyGuard(".carcnb-puzzle", self.view.keys, self.view.press)]
        super().__init__(children=children)
        self.add_class("carcnb-puzzle")
        m.on_change(self.refresh)
        self.refresh()

    def close(self) -> None:
        """Close this board and every widget in it (a browser closes the board it no longer shows)."""
        for widget in _descendants(self):
            widget.close()
        for event in self.view.events:
            event.close()
        super().close()

    def _wire(self) -> None:
        m = self.model
        self.check_button.on_click(lambda _: m.check(self._given()))
        self.hint_button.on_click(lambda _: m.hint())
        self.reveal_button.on_click(lambda _: m.reveal())
        self.again_button.on_click(lambda _: self._again())
        self.rotate_button.on_click(lambda _: m.rotate())
        self.back_button.on_click(lambda _: m.take_back())
        self.play_button.on_click(lambda _: m.choose(self.decisions.value or ""))

    def _given(self):
        """What the answer boxes hold, as the model takes it (a box that holds no number is an error
        the model words)."""
        m = self.model
        if m.kind == FINAL:
            return {c: _number(box.value) for c, box in self.boxes.items()}
        if m.kind == COUNT:
            return _number(self.count.value)
        return None

    def _again(self) -> None:
        for box in [*self.boxes.values(), self.count]:
            box.value = ""
        self.model.try_again()

    # ----- showing the model --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the view up to date with the model (called after each model command)."""
        m = self.model
        shown = m.shown()
        self.view.draw()
        self.title.value = f"<h3 style='margin:0.3em 0'>{html.escape(m.title)}</h3>"
        self.question.value = f"<p style='font-size:110%;margin:0.2em 0'><b>{html.escape(shown.question)}</b></p>"
        self.hand.box.layout.display = None if m.in_hand().tile else "none"
        self.hand.refresh()
        self.status.value = f"<span>{html.escape(shown.status)}</span>"
        self.played.value = "" if not shown.played else "<b>This turn so far:</b> " + " → ".join(
            f"{n}. {html.escape(who)}: {html.escape(action)}" + ("" if who == m.mover else " <i>(the engine)</i>")
            for n, (who, action) in enumerate(shown.played, 1))
        self.hints.value = ("" if not shown.hints else "<b>Hints</b><ol>" + "".join(
            f"<li>{html.escape(h)}</li>" for h in shown.hints) + "</ol>")
        if shown.right is None:
            self.verdict.value = ""
        else:
            colour = "#1f7a35" if shown.right else "#b3261e"
            self.verdict.value = (f"<div style='color:{colour};font-weight:bold'>{html.escape(shown.headline)}"
                                  "</div>" + "".join(f"<div>{html.escape(d)}</div>" for d in shown.details))
        self.answer.value = "" if not shown.answer else (
            (f"<div class='carcnb-idea'><b>{html.escape(shown.idea)}</b></div>" if shown.idea else "")
            + f"<div><b>Answer:</b> {html.escape(shown.answer)}</div>"
            + (f"<div><b>What happens</b>"
               + (f" (numbered on the picture: <span style='color:{OWN}'>●</span> {html.escape(m.mover)}, "
                  f"<span style='color:{REPLY}'>●</span> the others)" if m.kind == BEST else "")
               + "<ol style='margin:0.2em 0'>"
               + "".join(f"<li>{html.escape(said)}" + (f": {html.escape('; '.join(rest))}" if rest else "") + "</li>"
                         for said, rest in zip(shown.line, shown.then)) + "</ol>"
               + figure_html(m.result_png(), RESULT_CAPTION, SHOWN_AT)
               + "</div>" if shown.line else "")
            + (Breakdown(shown.breakdown, shown.totals, "Breakdown")._repr_html_() if shown.breakdown else "")
            + (f"<div><b>More</b>{explanation_html(shown.explanation)}</div>" if shown.explanation else ""))
        done = m.finished
        self.check_button.disabled = done
        self.hint_button.disabled = bool(shown.answer) or not m.more_hints
        self.reveal_button.disabled = bool(shown.answer)
        for box in [*self.boxes.values(), self.count]:
            box.disabled = done
        if m.kind == BEST:
            self.play_row.layout.display = "none" if done else None
            self._refresh_decisions(done)

    def _refresh_decisions(self, done: bool) -> None:
        m = self.model
        board = m.board
        playing = not done and not m.line_complete
        legal = board.legal_actions() if playing else []
        if list(self.decisions.options) != legal:
            self.decisions.options = legal
            self.decisions.value = legal[0] if legal else None
        self.decisions.disabled = self.play_button.disabled = not legal
        quick = board.quick_actions() if playing else []
        if [b.description for b in self.quick.children] != quick:
            buttons = []
            for text in quick:
                button = classed(w.Button(description=text), "carcnb-quick-action")
                button.on_click(lambda _, text=text: m.choose(text))
                buttons.append(button)
            self.quick.children = buttons
        self.rotate_button.layout.display = None if playing and m.placing else "none"
        self.back_button.disabled = done or not m.own_moves()


def _descendants(box: w.Box) -> list[w.Widget]:
    out = []
    for child in box.children:
        out.append(child)
        if isinstance(child, w.Box):
            out += _descendants(child)
    return out


def _number(text: str) -> int | str | None:
    """A box's whole number; None when empty; the text itself when it is not a number (the model says so)."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text
