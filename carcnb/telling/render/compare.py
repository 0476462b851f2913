"""A ruling comparison: one position under each option of a ruling, side by side, never two pictures alike.

Each option's panel shows what decides its verdict: for a ``final`` question (or none) the board as the
final scoring sees it, with the features whose score rows differ between the options marked; for
``count`` the legal spots; for ``best`` the board after the mover's best line. Options whose pictures come
out the same share one panel, whose caption gives each option's verdict.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from PIL import Image

from carcnb.engine.features import Node
from carcnb.engine.rulings import RULINGS, resolve
from carcnb.engine.scoring import ScoreRow
from carcnb.engine.state import GameState
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.telling.render import style as st
from carcnb.telling.render.draw import Extent, as_state, resolve_legal, view_extent
from carcnb.telling.render.export import fitted_px, render_png

GAP = 0.25  # between panels, in tiles


@dataclass(frozen=True)
class Panel:
    """What one panel draws: the options it stands for with their verdicts, and ``draw_board``'s source and
    options (``draw_board(ax, panel.source, **panel.draw_opts)``)."""

    ruling: str
    verdicts: tuple[tuple[str, str], ...]  # (option, verdict in words)
    source: Position | GameState
    draw_opts: dict

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(option for option, _ in self.verdicts)

    @property
    def caption(self) -> str:
        verdicts = {v for _, v in self.verdicts}
        if len(self.verdicts) > 1 and len(verdicts) == 1:
            return f"{self.ruling} = {' or '.join(self.options)}: {self.verdicts[0][1]}"
        return "\n".join(f"{self.ruling} = {option}: {verdict}" for option, verdict in self.verdicts)


def under(p: Position, ruling: str, option: str) -> Position:
    """The same position with ``ruling`` set to ``option`` (checked against the registry)."""
    rulings = {**dict(p.rulings), ruling: option}
    resolve(rulings)
    return replace(p, rulings=tuple(rulings.items()))


def _row_key(row: ScoreRow) -> tuple:
    return (row.kind, row.tiles, row.scorers, row.points, row.reason)


def _row_nodes(rows: Sequence[ScoreRow]) -> tuple[Node, ...]:
    """A node of each row's feature (where one of its followers stands)."""
    return tuple(sorted({(f[1], f[2]) for row in rows for f in row.followers[:1]}))


def _final(p: Position) -> tuple[str, tuple[ScoreRow, ...]]:
    """The final scores in words, and every row scored (the turn's too, when the position has ``played``)."""
    from carcnb.engine.rules.base import apply_final

    state = state_from_position(p)
    apply_final(state)
    return ", ".join(f"{c} {n}" for c, n in state.scores.items()), state.rows


def _best_play(p: Position) -> tuple[str, GameState]:
    """The verdict of a ``best`` question, and the state after the turn played out as the solver expects
    (every player choosing their best, ties to the first legal action)."""
    from carcnb.search.solve import Solver, limit_named, objective, solve

    state = state_from_position(p)
    with limit_named(p.path):
        solution = solve(state)
    solver = Solver(state)
    play = []
    while (seat := state.current_player()) >= 0:
        action = max(solver.choices(), key=lambda choice: objective(choice[1], seat))[0]
        state.apply(action)
        play.append(str(action))
    line = "; ".join(map(str, solution.line))
    tie = "" if solution.unique else " (one of several equally good)"
    return f"best {line}, value {solution.value}{tie}; the turn then goes: {'; '.join(play)}", state


def ruling_panels(p: Position, ruling: str, options: Sequence[str] | None = None) -> list[Panel]:
    """One panel per option of ``ruling`` (all of them by default), before options sharing a picture are
    merged (``compare_png`` merges them). The features of score rows that not every option has are marked
    (``highlight_features``)."""
    if ruling not in RULINGS:
        resolve({ruling: ""})  # raises the registry's error, which lists the known rulings
    options = tuple(options or RULINGS[ruling].options)
    positions = {o: under(p, ruling, o) for o in options}
    kind = p.question.kind if p.question else "final"
    if kind == "count":
        from carcnb.search.questions import placements

        return [Panel(ruling, ((o, f"{len(placements(q))} legal placements"),), q, {"legal": True})
                for o, q in positions.items()]
    outcomes: dict[str, tuple[str, Position | GameState, tuple[ScoreRow, ...]]] = {}
    for o, q in positions.items():
        if kind == "best":
            verdict, state = _best_play(q)
            outcomes[o] = (verdict, state, state.rows)
        else:
            verdict, rows = _final(q)
            outcomes[o] = (verdict, q, rows)
    common = set.intersection(*({_row_key(r) for r in rows} for _, _, rows in outcomes.values()))
    panels = []
    for o, (verdict, source, rows) in outcomes.items():
        board = as_state(source).board
        differ = [n for n in _row_nodes([r for r in rows if _row_key(r) not in common]) if n in board.parent]
        opts = {"highlight_features": differ} if kind == "best" else {"highlight_features": differ, "at_end": True}
        panels.append(Panel(ruling, ((o, verdict),), source, opts))
    return panels


def _extent(panels: Sequence[Panel], margin: int) -> Extent:
    """One view that holds every panel's board and marks, so that the panels line up."""
    boxes = []
    for panel in panels:
        state = as_state(panel.source)
        boxes.append(view_extent(state, margin, resolve_legal(state, panel.draw_opts.get("legal")), None))
    return (min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes))


def merged_panels(panels: Sequence[Panel], extent: Extent, px_per_tile: int) -> list[Panel]:
    """Panels whose pictures are pixel for pixel the same, merged into one (in the order of options)."""
    groups: list[tuple[np.ndarray, Panel]] = []
    for panel in panels:
        png, _ = render_png(panel.source, extent=extent, px_per_tile=px_per_tile, **panel.draw_opts)
        pixels = np.asarray(Image.open(io.BytesIO(png)))
        for k, (seen, first) in enumerate(groups):
            if np.array_equal(seen, pixels):
                groups[k] = (seen, replace(first, verdicts=first.verdicts + panel.verdicts))
                break
        else:
            groups.append((pixels, panel))
    return [panel for _, panel in groups]


def compare_png(p: Position, ruling: str, options: Sequence[str] | None = None, *, px_per_tile: int = 60,
                margin: int = 1, coords: bool = True, legend: bool = False) -> bytes:
    """The position under each option of ``ruling`` side by side, each panel captioned with its verdict; the
    features that score differently are marked, and options with the same picture share a panel."""
    panels = ruling_panels(p, ruling, options)
    extent = _extent(panels, margin)
    px_per_tile = fitted_px(px_per_tile, extent[1] - extent[0], extent[3] - extent[2], len(panels))
    shown = merged_panels(panels, extent, px_per_tile)
    images = []
    for k, panel in enumerate(shown):
        png, _ = render_png(panel.source, extent=extent, px_per_tile=px_per_tile, coords=coords,
                            caption=panel.caption, legend=legend and k == len(shown) - 1, **panel.draw_opts)
        images.append(Image.open(io.BytesIO(png)).convert("RGB"))
    gap = round(GAP * px_per_tile)
    width = sum(im.width for im in images) + gap * (len(images) - 1)
    sheet = Image.new("RGB", (width, max(im.height for im in images)), st.BACKGROUND)
    left = 0
    for im in images:
        sheet.paste(im, (left, 0))
        left += im.width + gap
    out = io.BytesIO()
    sheet.save(out, "PNG", compress_level=1)
    return out.getvalue()
