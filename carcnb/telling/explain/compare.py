"""One position under each option of a ruling: the pictures side by side, and only what differs.

A comparison plays the same actions under every option, then lists the facts a reader can check (scores,
followers in supply or out of the game, who may do what next, ...) and keeps those that differ between the
options; in the pictures it marks where the next decision may go and outlines a feature that scores
differently, so that two pictures never look alike without saying why.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from carcnb.engine.actions import TornadoStep
from carcnb.engine.errors import CarcnbError
from carcnb.engine.rules.base import apply_final
from carcnb.engine.rulings import RULINGS, Ruling
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.model import Position
from carcnb.telling.explain.figures import Panel, Picture
from carcnb.telling.explain.game import decision_marks, play, under
from carcnb.telling.explain.tables import RulingCard, scores_text, table

Fact = Callable[[GameState], str]
LONG = 12  # a list of more choices than this is shown as its count and what differs


def next_decision(state: GameState) -> str:
    """Who acts next and what they may do, in words."""
    if state.is_terminal():
        return "the game is over"
    if state.is_chance():
        return f"{state.active} draws a tile"
    legal = ", ".join(str(a) for a in state.legal_actions())
    return f"{state.players[state.current_player()]} may: {legal}"


FACTS: dict[str, Fact] = {
    "scores": lambda s: scores_text(s.scores),
    "next": next_decision,
    "followers in supply": lambda s: scores_text({c: s.supply(c) for c in s.players}),
    "followers out of the game": lambda s: scores_text({c: n for c, n in s.lost.items() if n}) or "none",
    "ferries out of the game": lambda s: str(s.ext.get("ferries_lost", 0)),
    "tornado steps": lambda s: str(sum(isinstance(a, TornadoStep) for a in s.history)),
}


@dataclass(frozen=True)
class Outcome:
    """The game under one option: the state reached and the rows of its last scoring."""

    option: str
    state: GameState
    rows: tuple[ScoreRow, ...]

    def fact(self, name: str) -> str:
        return FACTS[name](self.state)


def _row_key(row: ScoreRow) -> tuple:
    return (row.kind, row.tiles, row.scorers, row.points, row.reason)


@dataclass(frozen=True)
class Comparison:
    """A ruling's options side by side on one position."""

    ruling: Ruling
    outcomes: tuple[Outcome, ...]
    caption: str

    def __getitem__(self, option: str) -> Outcome:
        for o in self.outcomes:
            if o.option == option:
                return o
        raise KeyError(f"ruling {self.ruling.id!r} has no option {option!r}")

    @cached_property
    def differences(self) -> dict[str, tuple[str, ...]]:
        """The facts that differ between the options: name -> the value under each option, in order."""
        found = {}
        for name in FACTS:
            values = tuple(o.fact(name) for o in self.outcomes)
            if len(set(values)) > 1:
                found[name] = values
        return found

    def _changed(self, outcome: Outcome) -> tuple:
        """A node of each feature this option scores in a way not every option does."""
        common = set.intersection(*({_row_key(r) for r in o.rows} for o in self.outcomes))
        return tuple(sorted({(r.followers[0][1], r.followers[0][2]) for r in outcome.rows
                             if r.followers and _row_key(r) not in common}))

    def panel(self, outcome: Outcome) -> Panel:
        values = [v[self.outcomes.index(outcome)] for v in self.differences.values()]
        default = " (default)" if outcome.option == self.ruling.default else ""
        title = f"{outcome.option}{default}" + (f"\n{values[0]}" if values and len(values[0]) <= 40 else "")
        placements, spots = decision_marks(outcome.state)
        return Panel(outcome.state, title, legal=placements, spots=tuple(spots), differs=self._changed(outcome))

    @cached_property
    def picture(self) -> Picture:
        return Picture(tuple(self.panel(o) for o in self.outcomes), self.caption)

    def _repr_html_(self) -> str:
        if self.differences:
            head = ["", *(f"<code>{html.escape(o.option)}</code>" for o in self.outcomes)]
            rows = [[html.escape(name), *_marked(values)] for name, values in self.differences.items()]
            verdict = table(head, rows, "What differs")
        else:
            verdict = "<p><b>The options agree here:</b> nothing a player can see differs.</p>"
        return RulingCard(self.ruling)._repr_html_() + self.picture._repr_html_() + verdict

    def __repr__(self) -> str:
        lines = [f"ruling {self.ruling.id}: {self.caption}"]
        for name, values in self.differences.items():
            lines.append(f"  {name}: " + " | ".join(f"{o.option}: {v}" for o, v in zip(self.outcomes, values)))
        return "\n".join(lines)


def _marked(values: tuple[str, ...]) -> list[str]:
    """Each option's value as HTML, what differs in bold: for lists ("blue may: a, b, c") only the items
    that not every option has; a long list is cut down to its count and those items."""
    heads = {v.partition(": ")[0] for v in values}
    if len(heads) == 1 and all(": " in v for v in values):
        items = [v.partition(": ")[2].split(", ") for v in values]
        common = set.intersection(*map(set, items))
        shown = []
        for v, its in zip(values, items):
            head = html.escape(f"{v.partition(': ')[0]}: ")
            if len(its) > LONG:
                own = [i for i in its if i not in common]
                rest = f"; not under every option: <b>{html.escape(', '.join(own))}</b>" if own else ""
                shown.append(f"{head}{len(its)} choices{rest}")
            else:
                shown.append(head + ", ".join(html.escape(i) if i in common else f"<b>{html.escape(i)}</b>"
                                              for i in its))
        return shown
    return [f"<b>{html.escape(v)}</b>" for v in values]


def compare(p: Position, ruling: str, *actions: str, final: bool = False,
            then: Callable[[GameState], object] | None = None, caption: str | None = None) -> Comparison:
    """The position under each option of ``ruling``: ``actions`` played (action notation), then ``then``
    (a function that plays on), then, with ``final``, the end-of-game scoring."""
    if ruling not in RULINGS:
        raise CarcnbError(f"unknown ruling {ruling!r} (known: {', '.join(RULINGS)})")
    outcomes = []
    for option in RULINGS[ruling].options:
        state = play(under(p, ruling, option), *actions)
        if then is not None:
            then(state)
        rows = tuple(apply_final(state)) if final else tuple(state.rows)
        outcomes.append(Outcome(option, state, rows))
    text = caption or f"The same position under each option of {ruling}"
    return Comparison(RULINGS[ruling], tuple(outcomes), text)
