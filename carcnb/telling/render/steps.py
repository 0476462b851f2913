"""Numbered steps on a board picture: a line of decisions (a puzzle's answer, a game's turn), the tornado's
path and the meteor's aims, drawn so that no number covers another or a piece.

Each step that moves something (a tornado step: from ``origin`` to ``pos``) is an arrow; the arrows of one
move made several times share one badge ("2·6·10"). Every other step that acts on the board has its own
badge. Badges stand beside their spot with a leader line (``badges``). A line of more than ``HANDFUL``
steps is also written out as a numbered list under the picture (``step_list``).
The player's own steps are one colour and the other players' replies another.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.patches import PathPatch

from carcnb.engine.actions import Action, TornadoStep, action_ports, action_pos
from carcnb.engine.geometry import Pos
from carcnb.engine.state import GameState
from carcnb.telling.render import shapes as sh
from carcnb.telling.render import style as st
from carcnb.telling.render.badges import Badge, Box, box_of, place_badges
from carcnb.telling.render.glyphs import glyphs, merged
from carcnb.telling.render.marks import Z_EVENTS, arrow_shape, path_arrows, polys
from carcnb.telling.render.ports import port_point

OWN = st.HIGHLIGHT
REPLY = "#6a3fb5"
PATH = st.TORNADO_PATH  # the tornado's path while its event is played
HANDFUL = 6  # a longer line is listed under the picture too
Z_BADGES = 4.5  # above the figures


class Step(Protocol):
    """One decision of a line: its number and notation, the tile it acts on (None: nowhere on the board, as
    ``pass``), the ports it names there (none: the whole tile), whether the player took it (False: another
    player's reply), and where what it moves came from (the tornado's tile before a step; else None)."""

    number: int
    label: str
    pos: Pos | None
    ports: tuple[int, ...]
    own: bool
    origin: Pos | None


@dataclass(frozen=True)
class EventStep:
    """A numbered step of a disaster's event while it is played: a step of the tornado's path (from
    ``origin``) or an aim of the meteor (``event_steps``)."""

    number: int
    pos: Pos
    origin: Pos | None
    colour: str
    label: str = ""
    ports: tuple[int, ...] = ()
    own: bool = True


def event_steps(tornado_path: Sequence[Pos], meteor_aims: Sequence[Pos]) -> list[EventStep]:
    """The tornado's path so far (its tiles in order) and the meteor's aims so far as numbered steps."""
    steps = [EventStep(k, b, a, PATH) for k, (a, b) in enumerate(zip(tornado_path, tornado_path[1:]), 1)]
    return steps + [EventStep(k, pos, None, st.METEOR_AIM) for k, pos in enumerate(meteor_aims, 1)]


@dataclass(frozen=True)
class LineStep:
    """One decision of the best play, numbered on the picture after a reveal: its notation, the tile it acts
    on (None: off the board, as ``pass``) and the ports it names, whether the player took it (False:
    another player's reply), and the tile a tornado step leaves (else None)."""

    number: int
    label: str
    pos: Pos | None
    ports: tuple[int, ...] = ()
    own: bool = True
    origin: Pos | None = None


@dataclass(frozen=True)
class StepPlan:
    """Where a line's marks go: arrows (tail, head, colour) and badges, their text ``em`` tiles tall."""

    arrows: tuple[tuple[np.ndarray, np.ndarray, str], ...]
    badges: tuple[Badge, ...]
    em: float


def step_list(steps: Sequence[Step]) -> list[str]:
    """A line of more than ``HANDFUL`` steps as numbered lines to write under the picture (none for fewer)."""
    if len(steps) <= HANDFUL:
        return []
    return [f"{s.number}. {s.label}{'' if s.own else ' (reply)'}" for s in steps]


def step_point(step: Step) -> tuple[float, float]:
    """The spot a step acts on: the middle of the ports it names, or the tile's centre."""
    x, y = step.pos
    if not step.ports:
        return (x + 0.5, y + 0.5)
    xs, ys = zip(*(port_point(p, x, y) for p in step.ports))
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def _colour(step: Step) -> str:
    if isinstance(step, EventStep):
        return step.colour
    return OWN if step.own else REPLY


def plan_steps(steps: Sequence[Step], em: float, pieces: Sequence[Box], bounds: Box, tiles: Sequence[Box] = ()
               ) -> StepPlan:
    """Arrows and badges for ``steps`` (badges ``em`` tiles tall), clear of ``pieces`` and inside ``bounds``,
    off the ``tiles`` where there is room nearby."""
    moves: dict[tuple[Pos, Pos, str], list[int]] = {}
    items: list[tuple[str, str, tuple[float, float]]] = []
    for s in steps:
        if s.pos is None:
            continue
        if s.origin is not None and tuple(s.origin) != tuple(s.pos):
            moves.setdefault((tuple(s.origin), tuple(s.pos), _colour(s)), []).append(s.number)
        else:
            items.append((str(s.number), _colour(s), step_point(s)))
    arrows = []
    for (a, b, colour), numbers in moves.items():
        tail, head = path_arrows([a, b])[0]
        arrows.append((tail, head, colour))
        items.append(("·".join(map(str, numbers)), colour, tuple(tail + (head - tail) * 0.45)))
    avoid = [box_of(arrow_shape(t, h)) for t, h, _ in arrows]
    return StepPlan(tuple(arrows), tuple(place_badges(items, em, pieces, bounds, avoid, tiles)), em)


def draw_plan(ax: Axes, plan: StepPlan, scale: float) -> list:
    """The plan's arrows, then its badges over them."""
    artists = []
    for colour in dict.fromkeys(c for _, _, c in plan.arrows):
        shapes = [arrow_shape(t, h) for t, h, c in plan.arrows if c == colour]
        artists += polys(ax, shapes, colour, st.ICON_BACK, 0.9 * scale, z=Z_EVENTS)
    return artists + draw_badges(ax, plan.badges, scale, plan.em)


def draw_badges(ax: Axes, badges: Sequence[Badge], scale: float, em: float, z: float = Z_BADGES) -> list:
    """Each badge: a leader line from its spot (marked with a dot), a rounded box in its colour, its text."""
    if not badges:
        return []
    leaders = LineCollection([[b.anchor, b.centre] for b in badges], colors=[b.colour for b in badges],
                             linewidths=1.4 * scale, zorder=z)
    ax.add_collection(leaders, autolim=False)
    artists: list = [leaders]
    artists += polys(ax, [sh.disc(*b.anchor, 0.035, 16) for b in badges], [b.colour for b in badges], st.ICON_BACK,
                     0.6 * scale, z=z + 0.01)
    artists += polys(ax, [_rounded(b) for b in badges], [b.colour for b in badges], st.ICON_BACK, 1.2 * scale,
                     z=z + 0.02)
    path = merged([glyphs(b.text, *b.centre, em) for b in badges])
    if path is not None:
        patch = PathPatch(path, facecolor="white", edgecolor="none", zorder=z + 0.03)
        ax.add_artist(patch)
        artists.append(patch)
    return artists


def _rounded(b: Badge) -> np.ndarray:
    """A badge's outline: a disc for one digit, a box with round ends for more."""
    (cx, cy), (hw, hh) = b.centre, b.half
    if hw <= hh + 1e-9:
        return sh.disc(cx, cy, hh, 24)
    a = np.linspace(-np.pi / 2, np.pi / 2, 9)
    right = np.column_stack((cx + hw - hh + hh * np.cos(a), cy + hh * np.sin(a)))
    left = np.column_stack((cx - hw + hh - hh * np.cos(a), cy - hh * np.sin(a)))
    return np.concatenate((right, left))


def steps_of(play: tuple[tuple[str, Action], ...], mover: str, start: GameState) -> list[LineStep]:
    """Decisions (who, action) played from ``start`` as numbered steps on the board, the mover's own apart
    from the replies; a tornado step knows the tile it leaves, so that the picture draws it as an arrow."""
    steps = []
    for n, (who, action) in enumerate(play, 1):
        origin = start.ext.get("tornado") if isinstance(action, TornadoStep) else None
        steps.append(LineStep(n, str(action), action_pos(action), action_ports(action), who == mover, origin))
        start.apply(action)
    return steps
