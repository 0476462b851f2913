"""What the puzzle board shows besides its picture, as plain values a view renders."""
from __future__ import annotations

from dataclasses import dataclass

from ..editor.views import ScoreLine


@dataclass(frozen=True)
class Shown:
    """The words around the picture. Every field about the answer is empty until Check or Reveal."""

    question: str
    status: str
    replies: tuple[str, ...]  # the engine's replies inside the turn, ``best``
    hints: tuple[str, ...]  # the hints asked for so far
    headline: str  # the verdict, after Check
    details: tuple[str, ...]
    right: bool | None  # None before Check
    answer: str  # after Reveal
    explanation: str
    breakdown: tuple[ScoreLine, ...]
    line: tuple[str, ...]  # the answer line, ``best``, after Reveal
