"""Readings: a position's answer under every option of every ruling its sets involve.

A forum thread about an edge case asks "which reading of the rule decides this?". ``readings`` answers the
position's question (the final scores when it has none) with the rulings as the file sets them, then with one
ruling changed at a time, then under every combination of the rulings that changed something. An option under
which the position is illegal or has no unique answer is reported with what went wrong, not raised.

Answers take the JSON form of the file's question: ``final`` the scores object, ``count`` the number,
``best`` ``{"line": [...], "value": N}``; an answer that could not be had is ``{"error": "..."}``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import islice, product
from math import prod

from .errors import CarcnbError, IllegalPositionError
from .position import Position
from .questions import answer, final_score, reading_of
from .rulings import RULINGS, involved, resolve

MAX_COMBINATIONS = 64

Answer = dict | int
Progress = Callable[[int, int, str], None]  # (done, total, what is being tried)


@dataclass(frozen=True)
class Change:
    """A ruling whose options give different answers: each option with its answer."""

    ruling: str
    answers: dict[str, Answer]


@dataclass(frozen=True)
class Combination:
    """One choice of option for each ruling that changes the answer, and the answer under it."""

    rulings: dict[str, str]
    answer: Answer


@dataclass(frozen=True)
class Readings:
    kind: str  # the question's kind: final (also for a position without a question), count or best
    rulings: dict[str, str]  # every ruling as the file sets it (defaults filled in)
    answer: Answer  # the answer under those rulings
    changes: tuple[Change, ...]
    unchanged: tuple[str, ...]  # involved rulings tried that change nothing
    combinations: tuple[Combination, ...]
    skipped: int  # combinations left out beyond MAX_COMBINATIONS

    def as_dict(self) -> dict:
        return {"answer": self.answer,
                "changes": [{"ruling": c.ruling, "answers": c.answers} for c in self.changes],
                "unchanged": list(self.unchanged),
                "combinations": [{"rulings": c.rulings, "answer": c.answer} for c in self.combinations]}


def answer_under(p: Position, rulings: dict[str, str], node_limit: int | None = None) -> Answer:
    """The answer to ``p``'s question with ``rulings`` in force, or ``{"error": ...}`` saying why there is
    none (an illegal position, a played action that is not legal, a best choice that is not unique, a search
    longer than ``node_limit`` positions)."""
    try:
        return _answer(replace(p, rulings=tuple(rulings.items())), node_limit)
    except IllegalPositionError as e:  # the legal actions an illegal one lists are left out of a table
        return {"error": "illegal position: " + "; ".join(problem.message.split(" (legal: ")[0]
                                                          for problem in e.problems)}
    except CarcnbError as e:
        return {"error": str(e).removeprefix(f"{p.path}: ")}


def _answer(p: Position, node_limit: int | None = None) -> Answer:
    """The answer to ``p``'s question (its final scores when it has none) in its JSON form; raises."""
    if p.question is None:
        return final_score(p).scores
    got = answer(p, node_limit)
    return dict(got) if isinstance(got, tuple) else got


def involved_rulings(p: Position) -> list[str]:
    """The rulings that can matter with ``p``'s sets, whichever crop circle tile the Ferries bring."""
    found = set(involved(p.sets, dict(p.rulings))) | set(involved(p.sets))
    return [rid for rid in RULINGS if rid in found]


def readings(p: Position, progress: Progress | None = None, node_limit: int | None = None) -> Readings:
    """``p``'s answer as the file sets the rulings, under each other option of each involved ruling, and
    under every combination of the rulings that change it (at most ``MAX_COMBINATIONS``). Raises
    ``CarcnbError`` only when the file's own rulings give no answer; every search stops at the budget
    (``solve.max_nodes()``), the searches under other readings at ``node_limit`` positions when it is lower,
    and one that stops there is reported in its cell. ``progress`` hears of every answer computed: how many
    are done, how many are planned so far, and which rulings it is tried under. A puzzle asked under each
    reading of a ruling is answered from its first."""
    p = reading_of(p)
    base = resolve(dict(p.rulings))
    ids = involved_rulings(p)
    cache: dict[tuple, Answer] = {}
    planned = 1 + sum(len(RULINGS[rid].options) - 1 for rid in ids)

    def key(changed: dict[str, str]) -> tuple:
        return tuple(sorted({**base, **changed}.items()))

    def under(changed: dict[str, str]) -> Answer:
        k = key(changed)
        if k not in cache:
            if progress is not None:
                what = ", ".join(f"{rid} = {option}" for rid, option in changed.items()) or "the file's rulings"
                progress(len(cache), planned, what)
            cache[k] = answer_under(p, dict(k), node_limit) if changed else _answer(p)
        return cache[k]

    start = under({})  # the file's own rulings: an error here is the file's, and raised
    changes, unchanged = [], []
    for rid in ids:
        answers = {option: under({rid: option}) for option in RULINGS[rid].options}
        if any(a != start for a in answers.values()):
            changes.append(Change(rid, answers))
        else:
            unchanged.append(rid)
    combinations: list[Combination] = []
    skipped = 0
    if changes:
        names = [c.ruling for c in changes]
        choices = list(islice(product(*(RULINGS[rid].options for rid in names)), MAX_COMBINATIONS + 1))
        if len(choices) > MAX_COMBINATIONS:
            skipped = prod(len(RULINGS[rid].options) for rid in names) - MAX_COMBINATIONS
            choices = choices[:MAX_COMBINATIONS]
        picks = [dict(zip(names, choice)) for choice in choices]
        planned += sum(key(chosen) not in cache for chosen in picks)
        combinations = [Combination(chosen, under(chosen)) for chosen in picks]
    return Readings(p.question.kind if p.question else "final", base, start, tuple(changes), tuple(unchanged),
                    tuple(combinations), skipped)


def answer_text(kind: str, a: Answer) -> str:
    """An answer in words for a table cell: ``red 18, blue 11``, ``7``, ``meteor 0,-1; pass (value 3)``."""
    if isinstance(a, dict) and "error" in a:
        return f"no answer: {a['error']}"
    if kind == "count":
        return str(a)
    if kind == "best":
        return f"{'; '.join(a['line'])} (value {a['value']})"
    return ", ".join(f"{color} {points}" for color, points in a.items())
