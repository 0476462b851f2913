"""The question controls of the editor's view: the question Post answers (the model's ``asking``), set field by
field, with the reason Post cannot answer it when it cannot. Built from the model, it calls only model
commands and brings itself up to date in ``refresh``; ``observe`` is the editor's (it ignores the changes a
refresh makes).
"""
from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from carcnb.widgets.editor.model import EditorModel
from carcnb.widgets.editor.panels import classed

KIND_OPTIONS = (("best: what should the player to act do?", "best"),
                ("final: the game ends now; the scores?", "final"),
                ("count: where can the tile in hand go?", "count"))
HORIZON_OPTIONS = (("this turn", "turn"), ("the whole game", "game"))
COUNTING_OPTIONS = (("distinct boards", "boards"), ("every rotation", "rotations"))


class AskingPanel:
    """The kind of question, the user's own words, the last turn, what best values, what a count counts and
    the rulings it is asked under."""

    def __init__(self, model: EditorModel, observe: Callable[[w.Widget, Callable], None]):
        self.model = model
        label = {"description_width": "7em"}
        self.kind = classed(w.Dropdown(description="question", options=KIND_OPTIONS, style=label,
                                       layout=w.Layout(width="28em")), "carcnb-question-kind")
        self.ask = classed(w.Text(description="in your words", style=label, layout=w.Layout(width="40em"),
                                  placeholder="blank: the engine words the question", continuous_update=False),
                           "carcnb-ask")
        self.last_turn = classed(w.Checkbox(description="last turn of the game (no tiles left to draw)",
                                            indent=False, layout=w.Layout(width="auto")), "carcnb-last-turn")
        self.horizon = classed(w.ToggleButtons(description="best over", options=HORIZON_OPTIONS, style=label,
                                               tooltips=["the most points this turn",
                                                         "the highest expected final margin (carcnb analyse)"]),
                               "carcnb-horizon")
        self.counting = classed(w.ToggleButtons(description="count", options=COUNTING_OPTIONS, style=label,
                                                tooltips=["look-alike turns of a tile on one spot count once",
                                                          "every turn that fits counts"]), "carcnb-counting")
        self.rulings = classed(w.HTML(), "carcnb-question-rulings")
        self.refusal = classed(w.HTML(), "carcnb-question-refusal")
        observe(self.kind, model.set_question_kind)
        observe(self.ask, model.set_ask)
        observe(self.last_turn, model.set_last_turn)
        observe(self.horizon, model.set_horizon)
        observe(self.counting, model.set_counting)
        self.box = classed(w.VBox([w.HBox([self.kind, self.last_turn]), self.ask, self.horizon, self.counting,
                                   self.rulings, self.refusal]), "carcnb-asking")

    def refresh(self) -> None:
        q = self.model.asking()
        self.kind.value = q.kind
        self.ask.value = q.ask
        self.last_turn.value = q.last_turn
        self.last_turn.disabled = not q.last_turn_settable
        self.last_turn.tooltip = None if q.last_turn_settable else "in play the game's pile says it: free edit sets it"
        self.horizon.value = q.horizon
        self.horizon.disabled = q.last_turn  # the last turn's best already counts to the end of the game
        self.horizon.layout.display = None if q.kind == "best" else "none"
        self.counting.value = q.counting
        self.counting.layout.display = None if q.kind == "count" else "none"
        under = "; ".join(q.rulings) or "the defaults"
        self.rulings.value = (f"<small>Asked under the rulings: {html.escape(under)} (set them under 'sets and "
                              "rulings'); the post also answers under each other reading that changes the answer."
                              "</small>")
        self.refusal.layout.display = "none" if q.refusal is None else None
        self.refusal.value = f"<span style='color:#b00020'>Post cannot answer it: {html.escape(q.refusal or '')}</span>"
