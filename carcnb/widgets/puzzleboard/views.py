"""What the puzzle board shows besides its picture, as plain values a view renders."""
from __future__ import annotations

from dataclasses import dataclass

from carcnb.engine.scoring import ScoreRow


@dataclass(frozen=True)
class Shown:
    """The words around the picture. Every field about the answer is empty until Check or Reveal."""

    question: str
    status: str
    played: tuple[tuple[str, str], ...]  # ``best``: (who, action) taken on the board so far, replies included
    hints: tuple[str, ...]  # the hints asked for so far
    headline: str  # the verdict, after Check
    details: tuple[str, ...]
    right: bool | None  # None before Check
    answer: str  # after Reveal
    explanation: str
    breakdown: tuple[ScoreRow, ...]  # the rows the answer scores
    totals: dict[str, int]  # everyone's points after them
    line: tuple[str, ...]  # after Reveal: each decision of the answer in words (numbered as on the picture)
    then: tuple[tuple[str, ...], ...] = ()  # after Reveal: what followed each decision (scores, figures home)
    idea: str = ""  # after Reveal: what the answer turns on, in a sentence or two
