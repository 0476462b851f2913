"""Tables in words: a score breakdown row by row, and a ruling with its options."""
from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from carcnb.engine.errors import CarcnbError
from carcnb.engine.rulings import RULINGS, Ruling
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.model import Position
from carcnb.search.questions import final_score
from carcnb.telling.explain.game import Source, ended, state_of
from carcnb.telling.render.style import PLAYER

TABLE = 'class="carcnb-table" style="border-collapse: collapse; margin: 0.4em 0"'
CELL = 'style="padding: 2px 10px; text-align: left; vertical-align: top"'


def who(color: str) -> str:
    """A player's name with a dot of their colour, as HTML."""
    dot = PLAYER.get(color, PLAYER["gray"])
    return f'<span style="color: {dot}">&#9679;</span>&nbsp;{html.escape(color)}'


def scores_html(scores: dict[str, int]) -> str:
    return ", ".join(f"{who(c)} {n}" for c, n in scores.items())


def scores_text(scores: dict[str, int]) -> str:
    return ", ".join(f"{c} {n}" for c, n in scores.items())


def tiles_text(tiles: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{x},{y}" for x, y in tiles)


def table(head: list[str], rows: list[list[str]], caption: str = "") -> str:
    """An HTML table; cells are HTML already."""
    top = f"<caption style=\"text-align: left; font-weight: bold\">{html.escape(caption)}</caption>" if caption else ""
    cells = "".join(f"<th {CELL}>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td {CELL}>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table {TABLE}>{top}<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def why(row: ScoreRow) -> str:
    """A row's reason and its notes, each said once."""
    return "; ".join(dict.fromkeys((row.reason, *row.notes)))


@dataclass(frozen=True)
class Breakdown:
    """Score rows as a table: each feature, who scores it, the points and why; then the totals."""

    rows: tuple[ScoreRow, ...]
    scores: dict[str, int]
    title: str

    def _repr_html_(self) -> str:
        body = [[html.escape(r.kind), html.escape(tiles_text(r.tiles)),
                 ", ".join(who(c) for c in r.scorers) or "nobody", str(r.points),
                 html.escape(why(r))] for r in self.rows]
        if not body:
            body = [["", "", "nobody scores", "", ""]]
        return (table(["feature", "tiles", "scores", "points", "why"], body, self.title)
                + f"<p style=\"margin: 0.2em 0 0.8em\"><b>Totals:</b> {scores_html(self.scores)}</p>")

    def __str__(self) -> str:
        lines = [self.title]
        for r in self.rows:
            lines.append(f"  {r.kind:8} {tiles_text(r.tiles):22} {', '.join(r.scorers) or 'nobody':12} "
                         f"{r.points:3}  {why(r)}")
        lines.append(f"  totals: {scores_text(self.scores)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def final_scoring(source: Source, title: str = "If the game ended now") -> Breakdown:
    """Final scoring of a position or a game state, row by row (the original is not changed)."""
    if isinstance(source, Position):
        result = final_score(source)
        return Breakdown(tuple(result.rows), result.scores, title)
    state, rows = ended(source)
    return Breakdown(rows, dict(state.scores), title)


def turn_scoring(state: GameState, title: str = "Scored this turn") -> Breakdown:
    """What the last scoring of a game in progress gave, row by row, and the scores now."""
    if not isinstance(state, GameState):
        raise CarcnbError(f"turn_scoring takes a game state (from play(...)), not {type(state).__name__}")
    return Breakdown(tuple(state.rows), dict(state.scores), title)


@dataclass(frozen=True)
class Points:
    """Everyone's points at one moment, under a title: what a board's players have scored so far."""

    scores: dict[str, int]
    title: str

    def _repr_html_(self) -> str:
        return f"<p style=\"margin: 0.2em 0 0.8em\"><b>{html.escape(self.title)}:</b> {scores_html(self.scores)}</p>"

    def __repr__(self) -> str:
        return f"{self.title}: {scores_text(self.scores)}"


def points(source: Source, title: str = "The points so far") -> Points:
    """The players' points in a position or a game state, as the board stands (nothing is scored here)."""
    return Points(dict(state_of(source).scores), title)


@dataclass(frozen=True)
class RulingCard:
    """A ruling: the open question, where the rules raise it, and its options (the default first)."""

    ruling: Ruling

    def _repr_html_(self) -> str:
        r = self.ruling
        options = "".join(f"<li><code>{html.escape(o)}</code>{' (the default)' if o == r.default else ''}: "
                          f"{html.escape(meaning)}</li>" for o, meaning in r.options.items())
        return (f'<div class="carcnb-ruling" style="border-left: 4px solid #ff8c00; padding: 0.2em 0.8em; '
                f'margin: 0.4em 0"><b>Ruling <code>{html.escape(r.id)}</code>:</b> {html.escape(r.question)}'
                f"<br><small>Raised by {html.escape(r.source)}</small><ul style=\"margin: 0.3em 0\">{options}</ul></div>")

    def __str__(self) -> str:
        r = self.ruling
        lines = [f"ruling {r.id}: {r.question}  ({r.source})"]
        lines += [f"  {'*' if o == r.default else ' '} {o}: {m}" for o, m in r.options.items()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)


def ruling(rid: str) -> RulingCard:
    """A ruling's question and options, to show."""
    if rid not in RULINGS:
        raise CarcnbError(f"unknown ruling {rid!r} (known: {', '.join(RULINGS)})")
    return RulingCard(RULINGS[rid])


@dataclass(frozen=True)
class RulingsTable:
    """Every ruling with its question, its default and the notebook that shows its options side by side."""

    where: dict[str, str]  # the first part of a ruling id ("meteor") -> a notebook name ("05-meteor")

    def _repr_html_(self) -> str:
        rows = []
        for r in RULINGS.values():
            page = self.where.get(r.id.partition(".")[0])
            link = f'<a href="{html.escape(page)}.ipynb">{html.escape(page)}</a>' if page else ""
            rows.append([f"<code>{html.escape(r.id)}</code>", html.escape(r.question),
                         f"<code>{html.escape(r.default)}</code>: {html.escape(r.options[r.default])}", link])
        return table(["ruling", "the open question", "the default reading", "shown in"], rows)

    def __repr__(self) -> str:
        return "\n".join(f"{r.id:28} {r.default:18} {self.where.get(r.id.partition('.')[0], ''):16} {r.question}"
                         for r in RULINGS.values())


def rulings_table(where: dict[str, str]) -> RulingsTable:
    """Every ruling of the registry, each linked to the notebook that shows it: ``where`` maps the first part
    of a ruling id (``"meteor"``) to a notebook name (``"05-meteor"``)."""
    return RulingsTable(dict(where))
