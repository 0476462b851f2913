"""A forum post of a position: what a rules expert pastes into a thread about an edge case.

The post has a title, the picture, the position file in a code block (a reader can load it and check), the
question in words, the engine's verdict with every point and its reason, what the answer does event by event
(``account``) with the result picture, the answer under each reading of the rules that changes it, and one
line naming the kit and its version. Written as Markdown, BBCode or HTML (``markup``), with the pictures as
PNGs beside the text; the HTML embeds them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from pathlib import Path

from . import __version__
from .account import Account, account
from .errors import CarcnbError
from .geometry import pos_text
from .markup import WRITERS, Block, Bold, Code, CodeBlock, Heading, Items, Para, Picture, Table, Text
from .notation import reading_help
from .position import Position, dump, parse
from .questions import final_score, reading_of
from .readings import Progress, Readings, answer_text, readings
from .rulings import RULINGS
from .safewrite import write_file
from .scoring import ScoreRow
from .wording import question_text

if TYPE_CHECKING:
    from .verdict import Reveal

FORMATS = tuple(WRITERS)
MOST_TILES = 8  # tiles named in a breakdown row; a bigger feature says how many more


@dataclass(frozen=True)
class PostFiles:
    """What ``write_post`` wrote: the text's file, the picture's file, and the text itself."""

    text_path: Path
    picture_path: Path
    text: str


def post_paths(p: Position, out_dir: str | Path, fmt: str = "markdown") -> tuple[Path, Path, Path]:
    """The text's file, the picture's file and the result picture's file (the board after the answer; none
    for a ``count`` question) that ``write_post`` writes for ``p`` into ``out_dir``."""
    if fmt not in WRITERS:
        raise CarcnbError(f"unknown post format {fmt!r} (known: {', '.join(FORMATS)})")
    name, suffix = _stem(p), WRITERS[fmt][1]
    return Path(out_dir) / f"{name}{suffix}", Path(out_dir) / f"{name}.png", Path(out_dir) / f"{name}-result.png"


def write_post(p: Position, out_dir: Path, fmt: str = "markdown", progress: Progress | None = None,
               node_limit: int | None = None) -> PostFiles:
    """Write the post of ``p`` into ``out_dir`` (made if missing) as ``fmt`` (markdown, bbcode or html), its
    picture beside it. Everything is worked out before anything is written: a position the engine cannot
    answer raises ``CarcnbError`` and leaves the folder as it was. ``progress`` and ``node_limit`` go to
    ``readings``. A puzzle asked under each reading of a ruling is posted under its first."""
    p = reading_of(p)
    text_path, picture_path, result_path = post_paths(p, out_dir, fmt)
    from .render import png_bytes
    from .render.result import CAPTION, result_png

    found = readings(p, progress, node_limit)
    png = png_bytes(p, caption=question_text(p), decision=True)
    shown = _revealed(p)
    told = _told(p, shown)
    result = None if told is None else Picture(result_path.name, CAPTION, result_png(told))
    blocks = post_blocks(p, found, Picture(picture_path.name, p.title or _stem(p), png), shown, told, result)
    text = WRITERS[fmt][0](blocks)
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for block in blocks:
        if isinstance(block, Picture):
            write_file(Path(out_dir) / block.path, block.png)
    write_file(text_path, text)
    return PostFiles(text_path, picture_path, text)


def _revealed(p: Position) -> Reveal | None:
    """The answer of a question other than ``final`` (None for ``final`` or no question)."""
    if p.question is None or p.question.kind == "final":
        return None
    from .verdict import reveal

    return reveal(p)


def _told(p: Position, shown: Reveal | None) -> Account | None:
    """What the answer does, event by event: the game's end, or the answer's line (None for ``count``)."""
    return shown.told if shown is not None else account(p, end=True)


def post_blocks(p: Position, found: Readings, picture: Picture, shown: Reveal | None = None,
                told: Account | None = None, result: Picture | None = None) -> list[Block]:
    """The post's content, the same in every format: ``shown`` is the answer of a question other than
    ``final`` (worked out when not given), ``told`` what the answer does, event by event, and ``result``
    the picture of the board after it."""
    blocks: list[Block] = [Heading(p.title or f"Position {_stem(p)}"), picture,
                           Para((Bold("Question:"), f" {question_text(p)}")),
                           Para(("The position (a carcnb file: load it to check):",)),
                           CodeBlock(position_text(p), "toml"),
                           Heading("Verdict", 2)]
    blocks += verdict_blocks(p, found, shown)
    if told is not None:
        blocks += [Para(("What happens, event by event:",)), Items(tuple((line,) for line in told.lines()))]
        if result is not None:
            blocks += [result, Para((f"{result.alt}.",))]
    blocks += [Heading("Under each reading of the rules", 2)]
    blocks += readings_blocks(found)
    blocks.append(Para(reading_help()))
    blocks.append(Para(footer(p, found)))
    return blocks


def position_text(p: Position) -> str:
    """The position's file as its author wrote it (comments kept) when it still reads as ``p``, otherwise
    as ``dump`` writes it."""
    try:
        original = Path(p.path).read_text(encoding="utf-8")
        if parse(original, p.path) == p:
            return original
    except (OSError, ValueError):
        pass
    return dump(p)


def verdict_blocks(p: Position, found: Readings, shown: Reveal | None = None) -> list[Block]:
    """The answer with the rulings the file sets, and every point of it with its reason (``shown``: the
    answer of a question other than ``final``, when worked out already)."""
    rulings = [Code(f"{rid} = {option}") for rid, option in p.rulings]
    under: Text = ((" (with ", *_joined(rulings), ")") if rulings else ())
    if _final(p):
        scored = final_score(p)
        blocks: list[Block] = [Para((Bold("Answer:"), f" {answer_text('final', found.answer)}", *under))]
        if p.played:
            blocks.append(Para((f"Before this turn: {_scores(scored.start)}. This turn: {'; '.join(p.played)}.",)))
        elif any(scored.start.values()):
            blocks.append(Para((f"Points scored before: {_scores(scored.start)}.",)))
        totals = Para((Bold("Totals:"), f" {_scores(scored.scores)}."))
        return blocks + [breakdown_table(scored.when(), bool(p.played)), totals]
    shown = shown or _revealed(p)
    blocks = [Para((Bold("Answer:"), f" {shown.answer_text}", *under))]
    if shown.rows:
        blocks += [Para(("Scored along that line:",)), breakdown_table([("turn", r) for r in shown.rows], False)]
    return blocks


def breakdown_table(rows: list[tuple[str, ScoreRow]], when: bool) -> Table:
    """Every scoring row: who, how many points, the feature and why (and ``when``: this turn or at the end)."""
    cells = []
    for moment, row in rows:
        notes = [n for n in row.notes if n != row.reason]
        why = row.reason + (f" ({'; '.join(notes)})" if notes else "")
        cells.append(((("this turn" if moment == "turn" else "end of game"),),) * when +
                     ((", ".join(row.scorers) or "nobody",), (str(row.points),), (feature_text(row),), (why,)))
    return Table(("When",) * when + ("Scores", "Points", "Feature", "Why"), tuple(cells))


def feature_text(row: ScoreRow) -> str:
    """``cloister at 1,-1``, ``city of 3 tiles: 1,0 1,1 1,2``."""
    tiles = [pos_text(t) for t in row.tiles]
    if len(tiles) == 1:
        return f"{row.kind} at {tiles[0]}"
    more = f" and {len(tiles) - MOST_TILES} more" if len(tiles) > MOST_TILES else ""
    return f"{row.kind} of {len(tiles)} tiles: {' '.join(tiles[:MOST_TILES])}{more}"


def readings_blocks(found: Readings) -> list[Block]:
    """The readings table: each ruling that changes the answer, with each option's answer; then their
    combinations when more than one does."""
    if not found.changes:
        return [Para((f"No ruling changes this answer: each option of the {len(found.unchanged)} rulings these "
                      "sets involve was tried.",))]
    rows = []
    for change in found.changes:
        for option, a in change.answers.items():
            mine = " (this file)" if option == found.rulings[change.ruling] else ""
            rows.append(((Code(change.ruling),), (Code(option), mine), (answer_text(found.kind, a),)))
    blocks: list[Block] = [
        Para(("One open question of the rules changes this answer:" if len(found.changes) == 1 else
              f"{len(found.changes)} open questions of the rules change this answer:",)),
        Items(tuple((Code(c.ruling), f": {RULINGS[c.ruling].question}") for c in found.changes)),
        Table(("Ruling", "Option", "Answer"), tuple(rows))]
    if len(found.changes) > 1:
        names = [c.ruling for c in found.changes]
        combos = tuple(tuple((Code(combo.rulings[rid]),) for rid in names)
                       + ((answer_text(found.kind, combo.answer),),) for combo in found.combinations)
        blocks += [Para(("Every combination of them:",)), Table((*names, "Answer"), combos)]
    if found.skipped:
        blocks.append(Para((f"{_count(found.skipped, 'more combination')} not tried (at most "
                            f"{len(found.combinations)} are).",)))
    return blocks


def footer(p: Position, found: Readings) -> Text:
    """The kit, its version, and what was checked beyond the table."""
    sets = ", ".join(("base", *p.sets))
    n = len(found.unchanged)
    if not n:
        return (f"Worked out with carcnb {__version__} (sets: {sets}): every ruling these sets involve is "
                "listed above.",)
    rulings = _count(n, "other ruling" if found.changes else "ruling")
    return (f"Worked out with carcnb {__version__} (sets: {sets}): the {rulings} of these sets "
            "(", *_joined([Code(rid) for rid in found.unchanged]),
            f") {'was' if n == 1 else 'were'} checked and {'changes' if n == 1 else 'change'} nothing.")


def _final(p: Position) -> bool:
    """Whether the post answers the final scores (a ``final`` question, or none)."""
    return p.question is None or p.question.kind == "final"


def _stem(p: Position) -> str:
    name = Path(p.path).stem
    return name if p.path != "<position>" and name else "position"


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{c} {n}" for c, n in scores.items())


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _joined(spans: list[Code]) -> Text:
    """The spans with commas between them."""
    out: list = []
    for i, span in enumerate(spans):
        out += [", "] * bool(i) + [span]
    return tuple(out)
