"""A puzzle collection as a list a player browses: each puzzle's key, title, kind, topics and difficulty.

Topics come from the file itself: the ``topics`` that ``carcnb grade`` writes into ``[question]`` when
present, and always the areas of the rules it involves, read from its sets, the tiles and tokens on its
board and in hand, the rulings it sets and the words of its file name (``meteor-point-beside.toml``). A
puzzle with two or more expansion rules in it is also a *combination*.

``by_rating`` is the order in which puzzles are offered: the untried ones nearest the player's rating first.
It only sorts, so another ordering (say, never two puzzles from one board in a row) can be applied to its
result.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from carcnb.engine.errors import CarcnbError, printable
from carcnb.engine.tiles import catalogue
from carcnb.engine.tokens import FerryToken, QuakeToken, TornadoToken
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.puzzles.duplicates import board_of
from carcnb.puzzles.progress import Progress
from carcnb.puzzles.rating import nearest
from carcnb.puzzles.titles import ruling_label, without_label
from carcnb.search.questions import reading_of, readings_asked
from carcnb.storage.files import files_under
from carcnb.telling.wording import readings_in_force

BASE = "base"
COMBINATIONS = "combinations"
DISASTERS = ("earthquake", "flood", "meteor", "tornado")
EXPANSION_RULES = (*DISASTERS, "ferries", "crop circles")
AREAS = (BASE, "river", *EXPANSION_RULES, COMBINATIONS)  # the order a player meets them in
SET_TOPICS = {"river": "river", "ferries": "ferries", "cropcircles": "crop circles"}
FLAG_TOPICS = {"earthquake": "earthquake", "flood": "flood", "meteor": "meteor", "tornado": "tornado",
               "ferry_lake": "ferries", "crop_circle": "crop circles"}
GRADE_NAMES = {"cropcircles": "crop circles"}  # ``carcnb grade`` names topics by rule module
TOKEN_TOPICS = {QuakeToken: "earthquake", TornadoToken: "tornado", FerryToken: "ferries"}
WORD_TOPICS = {**{d: d for d in DISASTERS}, "river": "river", "ferry": "ferries", "ferries": "ferries",
               "crop": "crop circles"}


@dataclass(frozen=True)
class PuzzleEntry:
    """One puzzle of a collection, as a browser lists it."""

    key: str  # its path inside the collection, with '/': how progress knows it
    path: Path
    title: str
    kind: str
    topics: tuple[str, ...]
    difficulty: int | None
    board: frozenset[str] = frozenset()  # its tiles and tokens (``duplicates.board_of``): kept apart in order
    reading: str | None = None  # for a question under each reading of a ruling: the one this entry asks


@dataclass(frozen=True)
class Collection:
    root: Path
    entries: tuple[PuzzleEntry, ...]
    problems: tuple[str, ...]  # files that could not be read, each with its reason


def read_collection(root: str | Path) -> Collection:
    """Every puzzle under ``root`` (folders recursively, files in path order). A file that does not load,
    or holds no question, and a folder that cannot be read, are reported in ``problems`` and left out."""
    base = Path(root)
    if not base.is_dir():
        raise CarcnbError(f"no puzzle collection at {str(root)!r}: expected a folder of .toml puzzle files")
    paths, problems = files_under(base, ".toml")
    entries = []
    for path in paths:
        try:
            entries += entries_of(path, printable(path.relative_to(base).as_posix()))
        except CarcnbError as e:
            problems.append(str(e))
    return Collection(base, tuple(entries), tuple(problems))


def entries_of(path: Path, key: str) -> list[PuzzleEntry]:
    """The list entries of one puzzle file, known as ``key``: one, or one per reading for a question asked
    under each reading of a ruling (``KEY#OPTION``); raises ``CarcnbError`` when it is no puzzle."""
    p = load(path)
    if p.question is None:
        raise CarcnbError(f"{printable(str(path))}: a position without a [question], not a puzzle")
    title = without_label(p.title or printable(path.stem).replace("-", " "))
    entries = []
    for part in readings_asked(p):
        reading = part.question.reading
        asked = [(p.question.under, reading)] if reading is not None else []
        label = ruling_label([*readings_in_force(part), *asked])
        entries.append(PuzzleEntry(key if reading is None else f"{key}#{reading}", path,
                                   f"{title} {label}".strip(), p.question.kind, topics_of(p, key),
                                   p.question.difficulty, board_of(p), reading))
    return entries


def same_titles(files: list[str | Path]) -> list[list[str]]:
    """Files whose puzzles the list would show under one title (a file that does not load is reported by its
    own check): a player could not tell them apart."""
    groups: dict[str, list[str]] = {}
    for path in files:
        try:
            found = entries_of(Path(path), str(path))
        except CarcnbError:
            continue
        for entry in found:
            groups.setdefault(entry.title, []).append(str(path))
    return [paths for paths in groups.values() if len(paths) > 1]


def question_of(entry: PuzzleEntry) -> Position:
    """The puzzle an entry asks, read from its file: the reading it names, for a question under a ruling."""
    return reading_of(load(entry.path), entry.reading)


def by_rating(entries: list[PuzzleEntry] | tuple[PuzzleEntry, ...], progress: Progress) -> list[PuzzleEntry]:
    """The puzzles in the order to offer them: those not tried yet nearest the player's rating first, then
    the tried ones the same way (a puzzle's rating: from its tries, else from its difficulty)."""
    target = progress.player.rating

    def rating(e: PuzzleEntry) -> float:
        return progress.rating(e.key, e.difficulty).rating

    untried = [e for e in entries if progress.mark(e.key) is None]
    tried = [e for e in entries if progress.mark(e.key) is not None]
    return nearest(untried, rating, target) + nearest(tried, rating, target)


def is_ruling(topic: str) -> bool:
    """Whether a topic names a ruling (``meteor.adjacency``): the puzzle's answer depends on it."""
    return "." in topic


def topics_of(p: Position, key: str = "") -> tuple[str, ...]:
    """The topics of a puzzle: the rule areas it involves (``AREAS`` order), then any others its file
    names. An expansion rule counts when the puzzle shows it (a tile, a token, a ruling, its file name);
    the sets alone decide only when nothing shows; the River counts when no expansion rule does."""
    cat = catalogue()
    tiles = [cat[t.tile] for t in p.board] + ([cat[p.hand]] if p.hand else [])
    found = {FLAG_TOPICS[f] for t in tiles for f in t.flags if f in FLAG_TOPICS}
    for line in p.board:
        found |= {TOKEN_TOPICS[type(k)] for k in line.tokens if type(k) in TOKEN_TOPICS}
    words = [rid.split(".")[0] for rid, _ in p.rulings] + re.split(r"[-_/.\s]+", Path(key).stem.lower())
    found |= {WORD_TOPICS[w] for w in words if w in WORD_TOPICS}
    graded = [GRADE_NAMES.get(t, t) for t in (p.question and p.question.topics or ())]
    rules = (found | set(graded)) & set(EXPANSION_RULES)
    if not rules:
        rules = {SET_TOPICS[s] for s in p.sets if s in SET_TOPICS} - {"river"}
    areas = set(rules)
    if len(rules) >= 2:
        areas.add(COMBINATIONS)
    if "river" in graded or not rules and ("river" in found or "river" in p.sets
                                           or any(t.set == "river" for t in tiles)):
        areas.add("river")
    if not areas:
        areas.add(BASE)
    extra = [t for t in graded if t not in AREAS]
    return tuple(t for t in AREAS if t in areas) + tuple(dict.fromkeys(extra))
