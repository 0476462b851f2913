"""Readings: a position's answer under every reading of the rules that can change it, and under no more.

A forum thread about an edge case asks "which reading of the rule decides this?". ``readings`` answers the
position's question (the final scores when it has none) with the rulings as the file sets them, and records
which rulings that evaluation consulted (``rulings.consulting``). Any choice of options that agrees on those
gives the same answer, so only they are branched on: each other option of each consulted ruling is
evaluated in turn, the earlier ones held as they were (a lazy decision tree over the options). The leaves
cover every choice of options exactly once; from them follow which rulings change the answer under some
choice of the others, the answer under each combination of those, and the readings grouped by answer.

A rule module that has to take on trust something the file does not record (which tiles came after the
earthquake) says so (``rulings.history_missing``): those rulings are reported as depending on history, with
what the file would need to say, never as changing nothing.

Answers take the JSON form of the file's question: ``final`` the scores object, ``count`` the number,
``best`` ``{"line": [...], "value": N}`` (``{"lines": [[...], ...], "value": N}`` when several lines are
equally good); an answer that could not be had is ``{"error": "..."}``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import islice, product
from math import prod

from carcnb.engine.errors import CarcnbError, IllegalPositionError, SearchLimitError
from carcnb.engine.rulings import RULINGS, consulting, involved, resolve
from carcnb.positions.model import Position
from carcnb.search.budget import current, limit_named, one_budget
from carcnb.search.gcpause import paused_gc

MAX_COMBINATIONS = 64
MAX_TABLE = 4096  # choices of the consulted rulings looked up to tell which change the answer
MAX_GROUPED = 256  # choices of the deciding rulings told in as few partial choices as can be (beyond: per leaf)
MAX_LINES = 12  # equally good lines listed in a tied ``best`` answer

Answer = dict | int
Progress = Callable[[int, int, str], None]  # (done, planned so far, what is being tried)


@dataclass(frozen=True)
class Change:
    """A ruling that changes the answer under some choice of the others: each option's answer with the
    others as the file sets them."""

    ruling: str
    answers: dict[str, Answer]


@dataclass(frozen=True)
class Combination:
    """One choice of option for each ruling that changes the answer, and the answer under it."""

    rulings: dict[str, str]
    answer: Answer


@dataclass(frozen=True)
class Group:
    """An answer and every reading that gives it: each a choice of options for some of the rulings that
    change the answer (the others may be anything)."""

    answer: Answer
    readings: tuple[dict[str, str], ...]


@dataclass(frozen=True)
class Leaf:
    """One evaluation: the rulings it consulted with the options they had (any choice that agrees on them
    gives the same answer), the answer, and the rulings whose effect it took on trust."""

    consulted: dict[str, str]
    answer: Answer
    history: tuple[str, ...]

    def covers(self, chosen: dict[str, str]) -> bool:
        return all(chosen[rid] == option for rid, option in self.consulted.items())


@dataclass(frozen=True)
class Readings:
    """What ``readings`` found; ``as_dict`` is the JSON of ``carcnb readings --json``."""

    kind: str  # the question's kind: final (also for a position without a question), count or best
    rulings: dict[str, str]  # every ruling as the file sets it (defaults filled in)
    answer: Answer  # the answer under those rulings
    changes: tuple[Change, ...]  # every ruling that changes the answer under some choice of the others
    unchanged: tuple[str, ...]  # involved rulings that change it under no choice of the others
    combinations: tuple[Combination, ...]  # every combination of the rulings in ``changes``
    skipped: int  # combinations left out beyond MAX_COMBINATIONS
    groups: tuple[Group, ...] = ()  # the readings by answer, the file's answer first
    depends_on_history: tuple[str, ...] = ()  # rulings whose effect needs turns the file does not record
    evaluated: int = 1  # how many evaluations it took

    def as_dict(self) -> dict:
        return {"answer": self.answer,
                "changes": [{"ruling": c.ruling, "answers": c.answers} for c in self.changes],
                "unchanged": list(self.unchanged),
                "combinations": [{"rulings": c.rulings, "answer": c.answer} for c in self.combinations],
                "groups": [{"answer": g.answer, "readings": list(g.readings)} for g in self.groups],
                "depends_on_history": list(self.depends_on_history)}


def answer_under(p: Position, rulings: dict[str, str], node_limit: int | None = None) -> Answer:
    """The answer to ``p``'s question with ``rulings`` in force, or ``{"error": ...}`` saying why there is
    none (an illegal position, a played action that is not legal). A search past its budget (or past
    ``node_limit`` positions) raises ``SearchLimitError``: a reading without its answer is not told."""
    try:
        return _answer(replace(p, rulings=tuple(rulings.items())), node_limit)
    except SearchLimitError:
        raise
    except IllegalPositionError as e:  # the legal actions an illegal one lists are left out of a table
        return {"error": "illegal position: " + "; ".join(problem.message.split(" (legal: ")[0]
                                                          for problem in e.problems)}
    except CarcnbError as e:
        return {"error": str(e).removeprefix(f"{p.path}: ")}


def _answer(p: Position, node_limit: int | None = None) -> Answer:
    """The answer to ``p``'s question (its final scores when it has none) in its JSON form; raises."""
    from carcnb.search.questions import answer, final_score

    if p.question is None:
        return final_score(p).scores
    if p.question.kind == "best":
        from carcnb.positions.game_io import state_from_position
        from carcnb.search.ties import best_lines

        with limit_named(p.path):
            lines, value = best_lines(state_from_position(p), node_limit, MAX_LINES)
        shown = [[str(a) for a in line] for line in lines]
        return {"line": shown[0], "value": value} if len(shown) == 1 else {"lines": shown, "value": value}
    got = answer(p, node_limit)
    return dict(got) if isinstance(got, tuple) else got


def involved_rulings(p: Position) -> list[str]:
    """The rulings that can matter with ``p``'s sets, whichever crop circle tile the Ferries bring."""
    found = set(involved(p.sets, dict(p.rulings))) | set(involved(p.sets))
    return [rid for rid in RULINGS if rid in found]


def explore(p: Position, progress: Progress | None = None, node_limit: int | None = None) -> list[Leaf]:
    """Evaluate ``p`` under as few choices of options as tell every reading apart: the file's rulings first
    (an error there is the file's, and raised), then, for each ruling the evaluation consulted that is not held
    yet, each of its other options with the rulings consulted before it held. Each evaluation counts as a
    position of the budget (it scores the board at least once) beside the positions its searches enter."""
    base = resolve(dict(p.rulings))
    leaves: list[Leaf] = []
    pending: list[dict[str, str]] = [{}]  # the options held by each evaluation still to do
    budget = current()
    while pending:
        held = pending.pop(0)
        chosen = {**base, **held}
        what = ", ".join(f"{rid} = {option}" for rid, option in held.items()) or "the file's rulings"
        if progress is not None:
            progress(len(leaves), len(leaves) + 1 + len(pending), what)
        if budget is not None:
            budget.progress = (len(leaves), len(leaves) + 1 + len(pending))
            budget.doing = f"reading {len(leaves) + 1} of {budget.progress[1]} so far: {what}"
            budget.charge()
            budget.check()
        with consulting() as read:
            if leaves:
                answer = answer_under(p, chosen, node_limit)
            else:  # the file's own rulings: an error is raised
                answer = _answer(replace(p, rulings=tuple(chosen.items())), node_limit)
        leaves.append(Leaf({rid: chosen[rid] for rid in read.rulings}, answer, tuple(read.history)))
        kept = dict(held)
        for rid in read.rulings:
            if rid in held:
                continue
            pending += [{**kept, rid: option} for option in RULINGS[rid].options if option != chosen[rid]]
            kept[rid] = chosen[rid]
    if budget is not None:
        budget.progress, budget.doing = None, ""
    return leaves


def readings(p: Position, progress: Progress | None = None, node_limit: int | None = None) -> Readings:
    """``p``'s answer as the file sets the rulings, the rulings that change it under some choice of the
    others (with each option's answer), every combination of those (at most ``MAX_COMBINATIONS``), the
    readings grouped by answer, and the rulings whose effect depends on turns the file does not record.
    Raises ``CarcnbError`` when the file's own rulings give no answer, and ``SearchLimitError`` when the
    searches under all the readings together need more than one budget (``budget.one_budget``; each search at
    most ``node_limit`` positions): they share it, and what one found the others take. ``progress`` hears of
    every evaluation: how many are done, how many are planned so far, and which options it holds."""
    from carcnb.search.questions import reading_of

    p = reading_of(p)  # a puzzle asked under each reading of a ruling: answered from its first
    base = resolve(dict(p.rulings))
    with one_budget(), limit_named(p.path), paused_gc():  # the collector would go over every kept value again
        leaves = explore(p, progress, node_limit)
    lookup = _Lookup(leaves, base)
    deciding = lookup.deciding()
    history = tuple(rid for rid in RULINGS if any(rid in leaf.history for leaf in leaves))
    changes = tuple(Change(rid, {option: lookup({rid: option}) for option in RULINGS[rid].options})
                    for rid in deciding)
    unchanged = tuple(rid for rid in involved_rulings(p) if rid not in deciding and rid not in history)
    size = prod(len(RULINGS[rid].options) for rid in deciding) if deciding else 0
    table = list(islice(_choices(deciding), max(MAX_COMBINATIONS, MAX_GROUPED) + 1)) if deciding else []
    combinations = tuple(Combination(chosen, lookup(chosen)) for chosen in table[:MAX_COMBINATIONS])
    if size <= MAX_GROUPED:
        groups = _groups(table, lookup, deciding, base)
    else:
        groups = _leaf_groups(leaves, deciding, lookup({rid: base[rid] for rid in deciding}))
    return Readings(p.question.kind if p.question else "final", base, leaves[0].answer, changes, unchanged,
                    combinations, max(0, size - MAX_COMBINATIONS), groups, history, len(leaves))


class _Lookup:
    """The answer under any choice of options, from the leaves that cover every choice."""

    def __init__(self, leaves: list[Leaf], base: dict[str, str]):
        self.leaves, self.base = leaves, base
        self.read = [rid for rid in RULINGS if any(rid in leaf.consulted for leaf in leaves)]

    def __call__(self, chosen: dict[str, str]) -> Answer:
        """The answer with ``chosen`` options and the file's for the other rulings."""
        full = {**self.base, **chosen}
        return next(leaf.answer for leaf in self.leaves if leaf.covers(full))

    def deciding(self) -> list[str]:
        """The consulted rulings whose options change the answer under some choice of the others (all the
        consulted ones when there are too many choices to look at: then some may change nothing)."""
        if prod(len(RULINGS[rid].options) for rid in self.read) > MAX_TABLE:
            return self.read if len({repr(leaf.answer) for leaf in self.leaves}) > 1 else []
        answers = {tuple(chosen.values()): repr(self(chosen)) for chosen in _choices(self.read)}
        out = []
        for i, rid in enumerate(self.read):
            groups: dict[tuple, set[str]] = {}
            for key, got in answers.items():
                groups.setdefault(key[:i] + key[i + 1:], set()).add(got)
            if any(len(got) > 1 for got in groups.values()):
                out.append(rid)
        return out


def _choices(rids: list[str]) -> Iterator[dict[str, str]]:
    """Every choice of one option for each of ``rids``, in registry order of the options."""
    for options in product(*(RULINGS[rid].options for rid in rids)):
        yield dict(zip(rids, options))


def _groups(table: list[dict[str, str]], lookup: _Lookup, deciding: list[str],
            base: dict[str, str]) -> tuple[Group, ...]:
    """The choices of ``table`` by answer, the file's answer first, each group told as few partial choices as
    cover it exactly (a ruling left out may take any option)."""
    if not table:  # nothing changes the answer: every reading gives the file's
        return (Group(lookup({}), ({},)),)
    by_answer: dict[str, tuple[Answer, list[tuple[str, ...]]]] = {}
    for chosen in table:
        got = lookup(chosen)
        by_answer.setdefault(repr(got), (got, []))[1].append(tuple(chosen.values()))
    mine = repr(lookup({rid: base[rid] for rid in deciding}))
    order = sorted(by_answer, key=lambda k: k != mine)
    return tuple(Group(by_answer[k][0], _cover(by_answer[k][1], deciding)) for k in order)


def _leaf_groups(leaves: list[Leaf], deciding: list[str], mine: Answer) -> tuple[Group, ...]:
    """The readings by answer as the leaves found them (for too many choices to group more tightly): each
    leaf's options of the deciding rulings, the file's answer first."""
    by_answer: dict[str, tuple[Answer, list[dict[str, str]]]] = {}
    for leaf in leaves:
        chosen = {rid: option for rid, option in leaf.consulted.items() if rid in deciding}
        found = by_answer.setdefault(repr(leaf.answer), (leaf.answer, []))[1]
        if chosen not in found:
            found.append(chosen)
    order = sorted(by_answer, key=lambda k: k != repr(mine))
    return tuple(Group(by_answer[k][0], tuple(by_answer[k][1])) for k in order)


def _cover(members: list[tuple[str, ...]], names: list[str]) -> tuple[dict[str, str], ...]:
    """Partial choices whose every completion is in ``members`` and that together cover them: each member in
    turn, with every ruling dropped that can be dropped while all its completions stay members."""
    inside = set(members)

    def fits(partial: dict[str, str]) -> bool:
        return all(tuple({**full, **partial}.values()) in inside for full in _choices(names))

    out: list[dict[str, str]] = []
    left = set(members)
    for member in members:
        if member not in left:
            continue
        partial = dict(zip(names, member))
        for rid in names:
            trial = {k: v for k, v in partial.items() if k != rid}
            if fits(trial):
                partial = trial
        out.append(partial)
        left -= {m for m in left if all(m[names.index(rid)] == option for rid, option in partial.items())}
    return tuple(out)


def reading_text(chosen: dict[str, str]) -> str:
    """A choice of options in words: ``earthquake on placement, 3rd-edition farms``; ``every reading`` when
    it holds none."""
    return ", ".join(RULINGS[rid].short[option] for rid, option in chosen.items()) or "every reading"


def answer_text(kind: str, a: Answer) -> str:
    """An answer in words for a table cell: ``red 18, blue 11``, ``7``, ``meteor 0,-1; pass (value 3)``; a tie
    lists every equally good line."""
    if isinstance(a, dict) and "error" in a:
        return f"no answer: {a['error']}"
    if kind == "count":
        return str(a)
    if kind == "best":
        if "lines" in a:
            more = " | ..." if len(a["lines"]) >= MAX_LINES else ""
            return (f"any of {' | '.join('; '.join(line) for line in a['lines'])}{more} "
                    f"(value {a['value']}, equally good)")
        return f"{'; '.join(a['line'])} (value {a['value']})"
    return ", ".join(f"{color} {points}" for color, points in a.items())
