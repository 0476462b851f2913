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
equally good); an answer that could not be had is ``{"error": "...", "cause": ...}``: ``impossible`` (the
position or its played line breaks a rule under that reading; the error names the action and why),
``out_of_game`` (the reading takes tiles of the position out of the game: ``"tiles": [...]``) or ``stopped``
(the search reached its budget). A ruling changes the answer only where an answer differs: two impossible
answers are the same answer, whatever their reasons.

Beside the answer, each evaluation notes where the pieces end up (``Pieces``: supplies, followers out of the
game, figures and ferries on the board, after the final scoring or along the best line). A ruling that moves
pieces under some reading but never changes the answer (a follower under the meteor home or out of the game)
is reported apart (``fates``). A ruling whose other options only take the position's tiles out of the game
(``ferries.crop_circle_tile`` beside a CF2 on the board) is one line (``excluded``), never a table.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import islice, product
from math import prod

from carcnb.engine.errors import CarcnbError, IllegalPositionError, SearchLimitError
from carcnb.engine.features import split_figure
from carcnb.engine.geometry import PORT_NAMES, Pos
from carcnb.engine.rulings import RULINGS, consulting, involved, resolve
from carcnb.engine.state import GameState
from carcnb.positions.model import Position, Problem
from carcnb.search.budget import current, limit_named, one_budget
from carcnb.search.gcpause import paused_gc

MAX_COMBINATIONS = 64
MAX_TABLE = 4096  # choices of the consulted rulings looked up to tell which change the answer
MAX_GROUPED = 256  # choices of the deciding rulings told in as few partial choices as can be (beyond: per leaf)
MAX_LINES = 12  # equally good lines listed in a tied ``best`` answer

Answer = dict | int
Progress = Callable[[int, int, str], None]  # (done, planned so far, what is being tried)


def outcome(a: Answer) -> str:
    """What tells answers apart: the answer itself, except that every impossible answer is one (a reading
    under which the line cannot be played gives no answer, whatever the step that fails) and every stopped
    search another."""
    if isinstance(a, dict) and "error" in a:
        return "stopped" if a.get("cause") == "stopped" else "impossible"
    return repr(a)


@dataclass(frozen=True)
class Pieces:
    """Where the pieces are once the answer is played: each player's followers in supply and out of the game,
    the ferries out of the game, every figure on the board (colour, kind, feature kind, tile, port) and every
    ferry (lake tile, the two ports it joins)."""

    supply: tuple[tuple[str, int], ...]
    lost: tuple[tuple[str, int], ...]
    ferries_lost: int
    figures: tuple[tuple[str, str, str, Pos, int], ...]  # sorted; two on one segment (a crop circle) twice
    ferries: frozenset[tuple[Pos, tuple[int, int]]]

    @staticmethod
    def of(state: GameState) -> Pieces:
        board = state.board
        figures = tuple(sorted((*split_figure(entry), board.segment(node).kind, node[0], board.segment(node).anchor)
                               for node, entries in board.followers.items() for entry in entries))
        ferries = frozenset((pos, (board.segment((pos, a)).anchor, board.segment((pos, b)).anchor))
                            for pos, (a, b) in board.ferries.items())
        return Pieces(tuple((c, state.supply(c)) for c in state.players), tuple(state.lost.items()),
                      state.ext.get("ferries_lost", 0), figures, ferries)


@dataclass(frozen=True)
class Change:
    """A ruling that changes the answer under some choice of the others: each option's answer with the
    others as the file sets them."""

    ruling: str
    answers: dict[str, Answer]

    @property
    def with_others(self) -> bool:
        """Whether it changes the answer only together with other options (with the file's, every option of it
        gives the same)."""
        return len({outcome(a) for a in self.answers.values()}) == 1


@dataclass(frozen=True)
class Fate:
    """A ruling that never changes the answer but changes where pieces end up: each option's pieces with the
    others as the file sets them (all alike when it does so only together with other options)."""

    ruling: str
    pieces: dict[str, Pieces]


@dataclass(frozen=True)
class Excluded:
    """Options of a ruling under which the position cannot arise: they take its ``tiles`` out of the game."""

    ruling: str
    options: tuple[str, ...]
    tiles: tuple[str, ...]


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
    pieces: Pieces | None = None  # None for a count, or when there is no answer
    aspects: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the parts of each ruling that mattered

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
    fates: tuple[Fate, ...] = ()  # rulings that change where pieces end up and never the answer
    excluded: tuple[Excluded, ...] = ()  # options under which the position's tiles are not in the game
    aspects: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ruling -> the parts of it met here

    def label(self, rid: str, option: str) -> str:
        """An option in a few words that say what it decides in this position (``a 2-tile city worth 4``)."""
        met = self.aspects.get(rid)
        return ", ".join(RULINGS[rid].aspects[part][option] for part in met) if met else RULINGS[rid].short[option]

    def partly(self, rid: str) -> bool:
        """Whether only some of the things ``rid`` decides matter here (its meaning would say too much)."""
        return 0 < len(self.aspects.get(rid, ())) < len(RULINGS[rid].aspects)

    def as_dict(self) -> dict:
        return {"answer": self.answer,
                "changes": [{"ruling": c.ruling, "answers": c.answers} for c in self.changes],
                "unchanged": list(self.unchanged),
                "combinations": [{"rulings": c.rulings, "answer": c.answer} for c in self.combinations],
                "groups": [{"answer": g.answer, "readings": list(g.readings)} for g in self.groups],
                "depends_on_history": list(self.depends_on_history),
                "fates": [{"ruling": f.ruling, "pieces": {o: _pieces_dict(pc) for o, pc in f.pieces.items()}}
                          for f in self.fates],
                "excluded": [{"ruling": e.ruling, "options": list(e.options), "tiles": list(e.tiles)}
                             for e in self.excluded],
                "aspects": {rid: list(parts) for rid, parts in self.aspects.items()}}


def _pieces_dict(pieces: Pieces) -> dict:
    return {"supply": dict(pieces.supply), "lost": dict(pieces.lost), "ferries_lost": pieces.ferries_lost,
            "figures": sorted([c, kind, f"{x},{y}", PORT_NAMES[port]] for c, kind, _, (x, y), port in pieces.figures)}


def answer_under(p: Position, rulings: dict[str, str], node_limit: int | None = None) -> Answer:
    """The answer to ``p``'s question with ``rulings`` in force, or ``{"error": ...}`` saying why there is
    none (an illegal position, a played action that is not legal). A search past its budget (or past
    ``node_limit`` positions) raises ``SearchLimitError``: a reading without its answer is not told."""
    return _evaluated(p, rulings, node_limit)[0]


def _evaluated(p: Position, rulings: dict[str, str], node_limit: int | None) -> tuple[Answer, Pieces | None]:
    """``answer_under`` and where the pieces end up."""
    try:
        return _answer(replace(p, rulings=tuple(rulings.items())), node_limit)
    except SearchLimitError:
        raise
    except IllegalPositionError as e:
        return _impossible(e.problems), None
    except CarcnbError as e:
        return {"error": str(e).removeprefix(f"{p.path}: "), "cause": "impossible"}, None


def _impossible(problems: list[Problem]) -> Answer:
    """The answer of a position that breaks a rule under a reading: the tiles it takes out of the game, or the
    problems (a played action that cannot be played says which and why; the legal actions are left out)."""
    if all(problem.code == "set-not-enabled" for problem in problems):
        tiles = [problem.message.split()[1] for problem in problems]  # "tile CF2 belongs to set ..."
        return {"error": f"{', '.join(tiles)} {'is' if len(tiles) == 1 else 'are'} not in the game",
                "cause": "out_of_game", "tiles": tiles}
    said = "; ".join(problem.message.split(" (legal: ")[0] for problem in problems)
    if any(problem.code != "played-illegal" for problem in problems):
        said = "illegal position: " + said
    return {"error": said, "cause": "impossible"}


def _answer(p: Position, node_limit: int | None = None) -> tuple[Answer, Pieces | None]:
    """The answer to ``p``'s question (its final scores when it has none) in its JSON form, and where the pieces
    end up; raises."""
    from carcnb.search.questions import answer, final_state

    if p.question is None or p.question.kind == "final":
        state = final_state(p)
        return dict(state.scores), Pieces.of(state)
    if p.question.kind == "best":
        from carcnb.positions.game_io import state_from_position
        from carcnb.search.solve import Solver
        from carcnb.search.ties import best_lines, played_out

        state = state_from_position(p)
        solver = Solver(state, node_limit)
        with limit_named(p.path):
            lines, value = best_lines(state, node_limit, MAX_LINES, solver)
            pieces = played_out(state, lines[0], solver, Pieces.of)
        shown = [[str(a) for a in line] for line in lines]
        return ({"line": shown[0], "value": value} if len(shown) == 1 else {"lines": shown, "value": value}), pieces
    got = answer(p, node_limit)
    return (dict(got) if isinstance(got, tuple) else got), None


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
                answer, pieces = _evaluated(p, chosen, node_limit)
            else:  # the file's own rulings: an error is raised
                answer, pieces = _answer(replace(p, rulings=tuple(chosen.items())), node_limit)
        leaves.append(Leaf({rid: chosen[rid] for rid in read.rulings}, answer, tuple(read.history), pieces,
                           {rid: tuple(parts) for rid, parts in read.aspects.items()}))
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
    readings grouped by answer, the rulings that change only where pieces end up, the options under which the
    position's tiles are out of the game, and the rulings whose effect depends on turns the file does not
    record. Raises ``CarcnbError`` when the file's own rulings give no answer, and ``SearchLimitError`` when the
    searches under all the readings together need more than one budget (``budget.one_budget``; each search at
    most ``node_limit`` positions): they share it, and what one found the others take. ``progress`` hears of
    every evaluation: how many are done, how many are planned so far, and which options it holds."""
    from carcnb.search.questions import reading_of

    p = reading_of(p)  # a puzzle asked under each reading of a ruling: answered from its first
    base = resolve(dict(p.rulings))
    with one_budget(), limit_named(p.path), paused_gc():  # the collector would go over every kept value again
        leaves = explore(p, progress, node_limit)
    lookup = _Lookup(leaves, base)
    excluded = lookup.exclude()
    deciding = lookup.varying(lambda leaf: outcome(leaf.answer))
    history = tuple(rid for rid in RULINGS if any(rid in leaf.history for leaf in leaves))
    moving = [rid for rid in lookup.varying(lambda leaf: leaf.pieces) if rid not in deciding and rid not in history]
    changes = tuple(Change(rid, {option: lookup({rid: option}) for option in lookup.options[rid]})
                    for rid in deciding)
    fates = tuple(Fate(rid, {option: lookup.leaf({rid: option}).pieces for option in lookup.options[rid]})
                  for rid in moving)
    unchanged = tuple(rid for rid in involved_rulings(p) if rid not in deciding and rid not in history
                      and rid not in moving and len(lookup.options[rid]) > 1)
    size = prod(len(lookup.options[rid]) for rid in deciding) if deciding else 0
    table = list(islice(lookup.choices(deciding), max(MAX_COMBINATIONS, MAX_GROUPED) + 1)) if deciding else []
    combinations = tuple(Combination(chosen, lookup(chosen)) for chosen in table[:MAX_COMBINATIONS])
    if size <= MAX_GROUPED:
        groups = _groups(table, lookup, deciding, base)
    else:
        groups = _leaf_groups(leaves, deciding, lookup({rid: base[rid] for rid in deciding}))
    return Readings(p.question.kind if p.question else "final", base, leaves[0].answer, changes, unchanged,
                    combinations, max(0, size - MAX_COMBINATIONS), groups, history, len(leaves), fates, excluded,
                    _aspects(leaves, [*deciding, *moving]))


def _aspects(leaves: list[Leaf], rids: list[str]) -> dict[str, tuple[str, ...]]:
    """For each ruling of ``rids`` that decides several things, the parts that mattered in some evaluation
    (``Ruling.aspects``)."""
    met = {rid: tuple(part for part in RULINGS[rid].aspects if any(part in leaf.aspects.get(rid, ())
                                                                   for leaf in leaves)) for rid in rids}
    return {rid: parts for rid, parts in met.items() if parts}


class _Lookup:
    """The answer under any choice of options, from the leaves that cover every choice; ``options`` are each
    ruling's options still in play (``exclude`` takes out those under which the position cannot arise)."""

    def __init__(self, leaves: list[Leaf], base: dict[str, str]):
        self.leaves, self.base = leaves, base
        self.read = [rid for rid in RULINGS if any(rid in leaf.consulted for leaf in leaves)]
        self.options = {rid: tuple(ruling.options) for rid, ruling in RULINGS.items()}

    def leaf(self, chosen: dict[str, str]) -> Leaf:
        """The evaluation that covers ``chosen`` options and the file's for the other rulings."""
        full = {**self.base, **chosen}
        return next(leaf for leaf in self.leaves if leaf.covers(full))

    def __call__(self, chosen: dict[str, str]) -> Answer:
        """The answer with ``chosen`` options and the file's for the other rulings."""
        return self.leaf(chosen).answer

    def choices(self, rids: list[str]) -> Iterator[dict[str, str]]:
        """Every choice of one option still in play for each of ``rids``, in registry order of the options."""
        for options in product(*(self.options[rid] for rid in rids)):
            yield dict(zip(rids, options))

    def exclude(self) -> tuple[Excluded, ...]:
        """Take out of play each option (never the file's) under which every evaluation finds tiles of the
        position out of the game: every leaf that covers a choice with that option says so."""
        out = []
        for rid in self.read:
            gone, tiles = [], []
            for option in self.options[rid]:
                under = [leaf.answer for leaf in self.leaves if leaf.consulted.get(rid, option) == option]
                if option != self.base[rid] and under and all(isinstance(a, dict) and a.get("cause") == "out_of_game"
                                                              for a in under):
                    gone.append(option)
                    tiles += [tile for a in under for tile in a["tiles"]]
            if gone:
                self.options[rid] = tuple(o for o in self.options[rid] if o not in gone)
                out.append(Excluded(rid, tuple(gone), tuple(dict.fromkeys(tiles))))
        return tuple(out)

    def varying(self, key: Callable[[Leaf], object]) -> list[str]:
        """The consulted rulings whose options change ``key`` of the evaluation (the answer's ``outcome``, the
        pieces) under some choice of the others (all the consulted ones when there are too many choices to look
        at and the leaves differ: then some may change nothing)."""
        if prod(len(self.options[rid]) for rid in self.read) > MAX_TABLE:
            differ = len({key(leaf) for leaf in self.leaves}) > 1
            return [rid for rid in self.read if len(self.options[rid]) > 1] if differ else []
        seen = {tuple(chosen.values()): key(self.leaf(chosen)) for chosen in self.choices(self.read)}
        out = []
        for i, rid in enumerate(self.read):
            groups: dict[tuple, set] = {}
            for chosen, got in seen.items():
                groups.setdefault(chosen[:i] + chosen[i + 1:], set()).add(got)
            if any(len(got) > 1 for got in groups.values()):
                out.append(rid)
        return out


def _groups(table: list[dict[str, str]], lookup: _Lookup, deciding: list[str],
            base: dict[str, str]) -> tuple[Group, ...]:
    """The choices of ``table`` by answer, the file's answer first, each group told as few partial choices as
    cover it exactly (a ruling left out may take any option still in play)."""
    if not table:  # nothing changes the answer: every reading gives the file's
        return (Group(lookup({}), ({},)),)
    by_answer: dict[str, tuple[Answer, list[tuple[str, ...]]]] = {}
    for chosen in table:
        got = lookup(chosen)
        by_answer.setdefault(repr(got), (got, []))[1].append(tuple(chosen.values()))
    mine = repr(lookup({rid: base[rid] for rid in deciding}))
    order = sorted(by_answer, key=lambda k: k != mine)
    return tuple(Group(by_answer[k][0], _cover(by_answer[k][1], deciding, lookup)) for k in order)


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


def _cover(members: list[tuple[str, ...]], names: list[str], lookup: _Lookup) -> tuple[dict[str, str], ...]:
    """Partial choices whose every completion is in ``members`` and that together cover them: each member in
    turn, with every ruling dropped that can be dropped while all its completions stay members."""
    inside = set(members)

    def fits(partial: dict[str, str]) -> bool:
        return all(tuple({**full, **partial}.values()) in inside for full in lookup.choices(names))

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


def reading_text(chosen: dict[str, str], found: Readings | None = None) -> str:
    """A choice of options in words: ``earthquake on placement, 3rd-edition farms`` (in the words of what they
    decide in ``found``'s position when given); ``every reading`` when it holds none."""
    def label(rid: str, option: str) -> str:
        return found.label(rid, option) if found is not None else RULINGS[rid].short[option]

    return ", ".join(label(rid, option) for rid, option in chosen.items()) or "every reading"


def answer_text(kind: str, a: Answer, most: int = MAX_LINES) -> str:
    """An answer in words for a table cell: ``red 18, blue 11``, ``7``, ``meteor 0,-1; pass (value 3)``; a tie
    lists every equally good line (at most ``most`` of them, then how many more)."""
    if isinstance(a, dict) and "error" in a:
        return f"{'no answer' if a.get('cause') == 'stopped' else 'impossible'}: {a['error']}"
    if kind == "count":
        return str(a)
    if kind == "best":
        if "lines" in a:
            lines = a["lines"]
            more = " | ..." if len(lines) >= MAX_LINES else ""
            if len(lines) > most:
                more = f" | and {'at least ' if len(lines) >= MAX_LINES else ''}{len(lines) - most} more"
            return (f"any of {' | '.join('; '.join(line) for line in lines[:most])}{more} "
                    f"(value {a['value']}, equally good)")
        return f"{'; '.join(a['line'])} (value {a['value']})"
    return ", ".join(f"{color} {points}" for color, points in a.items())
