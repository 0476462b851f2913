"""A forum post of a position: what a rules expert pastes into a thread about an edge case.

A moderator keeps a post that answers the question asked and nothing else, so the post says, in order: the
title; the question, once (the user's own words when the file has ``ask``); the decision picture (who moves,
the points, the supplies, and the best line's moves numbered on the board; for a file that records part of its
turn, the board as the turn began with the recorded moves numbered first); the answer with every point and
its reason and, for a ``best`` question, each equally good line, what the value counts and the next-best lines
with the replies that make them worse; what happens, event by event (``account``), with the result picture;
the readings of the rules that change the answer, each option in words, the answers by reading, one line for
the rest, and the rulings that depend on turns the file does not record; the position file in a code block (a
reader can load it and check), a line on reading the notation, and one line naming the kit. Written as
Markdown, BBCode, BoardGameGeek's markup or a standalone HTML page (``markup``), with the pictures as PNGs
beside the text; the HTML embeds them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from carcnb import __version__
from carcnb.engine.actions import Action, parse_action
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import pos_text
from carcnb.engine.rulings import RULINGS
from carcnb.engine.scoring import ScoreRow
from carcnb.positions.consistency import as_asked
from carcnb.positions.dump import dump
from carcnb.positions.model import Position
from carcnb.search.budget import one_budget
from carcnb.search.questions import final_score, reading_of
from carcnb.search.readings import Progress, Readings, answer_text, reading_text, readings
from carcnb.storage.safewrite import check_writable, write_file
from carcnb.players.analysis import Analysis, analyse_question
from carcnb.telling.account import Account, account
from carcnb.telling.lookahead import MOST_SHOWN, meaning, option_text
from carcnb.telling.markup import WRITERS, Block, Bold, Code, CodeBlock, Heading, Items, Para, Picture, Table, Text
from carcnb.telling.notation import reading_help
from carcnb.telling.ranking import RankedLine, Ranking, rank
from carcnb.telling.readings import excluded_text, fate_texts, point_text
from carcnb.telling.wording import question_text, sentence

FORMATS = tuple(WRITERS)
LOOKAHEAD_SECONDS = 10.0  # the futures a post samples for a question over the whole game
MOST_TILES = 8  # tiles named in a breakdown row; a bigger feature says how many more
MOST_ALIKE = 6  # lines named that come to the same thing as the one shown
MOST_SHOWN_TIES = 3  # equally good lines an answer under another reading names


# a small record, like the picture header's ``PlayerLine`` in shape only
@dataclass(frozen=True)
class PostFiles:
    """What ``write_post`` wrote: the text's file, the picture's file, and the text itself."""

    text_path: Path
    picture_path: Path
    text: str


@dataclass(frozen=True)
class PictureOptions:
    """How the post draws the position (as ``carcnb render`` does): coordinates, a caption under it, the
    legend beside it."""

    coords: bool = True
    caption: str | None = None
    legend: bool = False


@dataclass(frozen=True)
class Answered:
    """The engine's answer to the post's question: the final scoring, the ranked lines of a ``best`` question,
    or the placements of a ``count``; ``told`` is what the answer does, event by event (None for ``count``)."""

    kind: str
    ranking: Ranking | None
    told: Account | None
    count_text: str = ""
    lookahead: Analysis | None = None  # a best question over the whole game (``horizon = "game"``)


def post_paths(p: Position, out_dir: str | Path, fmt: str = "markdown") -> tuple[Path, Path, Path]:
    """The text's file, the picture's file and the result picture's file (the board after the answer; none
    for a ``count`` question) that ``write_post`` writes for ``p`` into ``out_dir``."""
    if fmt not in WRITERS:
        raise CarcnbError(f"unknown post format {fmt!r} (known: {', '.join(FORMATS)})")
    name, suffix = _stem(p), WRITERS[fmt][1]
    return Path(out_dir) / f"{name}{suffix}", Path(out_dir) / f"{name}.png", Path(out_dir) / f"{name}-result.png"


def write_post(p: Position, out_dir: Path, fmt: str = "markdown", progress: Progress | None = None,
               node_limit: int | None = None, picture: PictureOptions = PictureOptions()) -> PostFiles:
    """Write the post of ``p`` into ``out_dir`` (made if missing) as ``fmt`` (markdown, bbcode, bgg or html),
    its pictures beside it. Everything is worked out before anything is written: a position the engine cannot
    answer raises ``CarcnbError`` and leaves the folder as it was. ``progress`` and ``node_limit`` go to
    ``readings``. A puzzle asked under each reading of a ruling is posted under its first."""
    p = reading_of(p)
    text_path, picture_path, result_path = post_paths(p, out_dir, fmt)
    from carcnb.telling.render.result import result_caption, result_marks, result_png

    p = as_asked(p)
    with one_budget():  # the answer, the readings and the pictures share one budget, and what one search found
        answered = answer_of(p)
        found = readings(p, progress, node_limit)
        board = Picture(picture_path.name, picture.caption or p.title or "the position",
                        decision_png(p, answered, picture))
        result = None
        if answered.told is not None:  # the caption names only what the picture marks
            result = Picture(result_path.name, result_caption(result_marks(answered.told)),
                             result_png(answered.told, coords=picture.coords))
    blocks = post_blocks(p, found, board, answered, result, picture.coords)
    text = WRITERS[fmt][0](blocks)
    pictures = [block for block in blocks if isinstance(block, Picture)]
    check_writable([text_path, *(Path(out_dir) / block.path for block in pictures)])  # all or nothing
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for block in pictures:
        write_file(Path(out_dir) / block.path, block.png)
    write_file(text_path, text)
    return PostFiles(text_path, picture_path, text)


def answer_of(p: Position) -> Answered:
    """The engine's answer to ``p``'s question (the final scores when it asks none)."""
    kind = p.question.kind if p.question is not None else "final"
    if kind == "best":
        ranking = rank(p)
        over_game = analyse_question(p, LOOKAHEAD_SECONDS) if p.question.horizon == "game" else None
        best = ranking.best[0]  # told from the turn's start, its recorded actions first, as the pictures show it
        told = account(p, [*best.line, *(a for _, a in best.rest)]) if p.played else best.told
        return Answered(kind, ranking, told, lookahead=over_game)
    if kind == "count":
        from carcnb.telling.verdict import reveal

        return Answered(kind, None, None, reveal(p).answer_text)
    return Answered(kind, None, account(p, end=True))


def decision_png(p: Position, answered: Answered, opts: PictureOptions) -> bytes:
    """The decision picture of the position as its turn began (who moves, the points, the supplies, the
    rulings, the tile in hand), with the turn's decisions numbered on it: those the file records (``played``),
    then the best line's (the mover's in one colour, the replies in another)."""
    from carcnb.telling.render import render_png

    start, steps = decision_source(p, answered)
    return render_png(start, coords=opts.coords, caption=opts.caption, legend=opts.legend, decision=True,
                      steps=steps)[0]


def decision_source(p: Position, answered: Answered) -> tuple[Position, list]:
    """What the decision picture draws: the position as its turn began, and the numbered steps on it."""
    from carcnb.positions.game_io import state_from_position
    from carcnb.telling.render.steps import steps_of

    start, play = turn_start(p)
    mover = p.mover
    if answered.ranking is not None:
        best, mover = answered.ranking.best[0], answered.ranking.mover
        play += (*((mover, a) for a in best.line), *best.rest)
    return start, steps_of(play, mover, state_from_position(start))


def turn_start(p: Position) -> tuple[Position, tuple[tuple[str, Action], ...]]:
    """The position as its turn began (the tile in hand, the figures in place, the points before), and the
    turn's actions the file records (``played``), each with the player who took it."""
    if not p.played:
        return p, ()
    from carcnb.positions.game_io import state_from_position

    start = replace(p, played=())
    state = state_from_position(start)
    play = []
    for text in p.played:
        action = parse_action(text)
        play.append((state.players[state.current_player()], action))
        state.apply(action)
    return start, tuple(play)


def recorded_text(p: Position, answered: Answered) -> str:
    """What the first picture shows of a position that records part of its turn: the board as the turn began,
    the recorded decisions numbered first, then the answer's."""
    played = len(p.played)
    first = "step 1 is" if played == 1 else f"steps 1-{played} are"
    line = ""
    if answered.ranking is not None:
        best = answered.ranking.best[0]
        n = len(best.line) + len(best.rest)
        line = "" if not n else (f", step {played + 1} the answer" if n == 1 else
                                 f", steps {played + 1}-{played + n} the answer")
    tile = f" with {p.hand} in hand" if p.hand else ""
    return (f"The board as {p.mover}'s turn began{tile}, with the points before it: {first} what the file records "
            f"of the turn{line}.")


def post_blocks(p: Position, found: Readings, picture: Picture, answered: Answered | None = None,
                result: Picture | None = None, coords: bool = True) -> list[Block]:
    """The post's content, the same in every format: ``answered`` is the engine's answer (worked out when not
    given), ``result`` the picture of the board after it, ``coords`` whether the pictures number their
    columns and rows."""
    answered = answered or answer_of(p)
    play = _play(answered)
    lead, *why = verdict_blocks(p, found, answered)
    point = point_text(p, found, play)
    blocks: list[Block] = [Heading(p.title or f"Position {_stem(p)}"), Para((Bold("Question:"), f" {asked(p)}")),
                           lead, *([Para((point,))] if point else []), picture]
    if p.played:
        blocks.append(Para((recorded_text(p, answered),)))
    blocks += [Heading("Why", 2), *why] if why else []
    if answered.told is not None:
        blocks += [Heading("What happens", 2), *happened_blocks(p, answered.told)]
        if result is not None:
            blocks += [result, Para((f"{result.alt}.",))]
    blocks += [Heading("Under other readings of the rules", 2)]
    blocks += readings_blocks(found, p, play)
    blocks += [Heading("The position", 2), Para(("A carcnb file: load it to check.",)),
               CodeBlock(position_text(p), "toml"), Para(reading_help(coords)), Para(footer(p))]
    return blocks


def _play(answered: Answered) -> tuple[Action, ...]:
    """The best line and the rest of its turn, for a ``best`` answer (empty for the others)."""
    if answered.ranking is None:
        return ()
    best = answered.ranking.best[0]
    return (*best.line, *(a for _, a in best.rest))


def happened_blocks(p: Position, told: Account) -> list[Block]:
    """The account, event by event; a position that records part of its turn tells that part first, apart."""
    recorded = len(p.played)
    if not recorded:
        return [Items(tuple((line,) for line in told.lines()))]
    entries = told.entries
    before = [line for entry in entries[:recorded] for line in entry.lines()]
    after = [line for entry in entries[recorded:] for line in entry.lines()]
    blocks: list[Block] = [Para(("What the file records of the turn:",)), Items(tuple((line,) for line in before))]
    return blocks + ([Para(("Then:",)), Items(tuple((line,) for line in after))] if after else [])


def asked(p: Position) -> str:
    """The question, once: the user's own words when the file has them, else the engine's."""
    if p.question is not None and p.question.ask:
        return p.question.ask.strip()
    return question_text(p)


def position_text(p: Position) -> str:
    """The position as a reader needs it to check the answer: its keys and board as ``dump`` writes them and
    its question's kind (with the user's own words), without the file's comments or a puzzle's answer,
    explanation and grade (it loads as the open question the post answers)."""
    q = p.question
    if q is not None:
        q = replace(q, answer=None, explanation=None, difficulty=None, topics=None, under=None, reading=None)
    return dump(replace(p, question=q))


def verdict_blocks(p: Position, found: Readings, answered: Answered) -> list[Block]:
    """The answer with the rulings the file sets, and every point of it with its reason."""
    rulings = [Code(f"{rid} = {option}") for rid, option in p.rulings]
    under: Text = ((" (with ", *_joined(rulings), ")") if rulings else ())
    if answered.kind == "final":
        scored = final_score(p)
        blocks: list[Block] = [Para((Bold("Answer:"), f" {answer_text('final', found.answer)}", *under, "."))]
        if p.played:
            blocks.append(Para((f"Before this turn: {_scores(scored.start)}. This turn: {'; '.join(p.played)}.",)))
        elif any(scored.start.values()):
            blocks.append(Para((f"Points scored before: {_scores(scored.start)}.",)))
        totals = Para((Bold("Totals:"), f" {_scores(scored.scores)}."))
        return blocks + [breakdown_table(scored.when(), bool(p.played)), totals]
    if answered.kind == "count":
        return [Para((Bold("Answer:"), f" {answered.count_text}", *under))]
    if answered.lookahead is not None:
        return lookahead_blocks(answered.lookahead, under) + [Heading("This turn alone", 2)] + best_blocks(
            answered.ranking)
    return best_blocks(answered.ranking, under)


def lookahead_blocks(found: Analysis, under: Text = ()) -> list[Block]:
    """A best question over the whole game: what best then means, and every option with its interval."""
    best = found.best
    return [Para((Bold("Answer:"), f" {found.mover}'s best line over the whole game is ",
                  Code("; ".join(str(a) for a in best.line)), *under, ".")),
            Para((meaning(found),)),
            Items(tuple((Code("; ".join(str(a) for a in o.line)), f": {option_text(o, found).split(': ', 1)[1]}")
                        for o in found.options[:MOST_SHOWN]))]


def best_blocks(ranking: Ranking, under: Text = ()) -> list[Block]:
    """A ``best`` answer: the line (or every equally good one), what its value counts, each player's gain,
    the rest of the turn, the rows it scores, and the next-best lines with the replies that make them worse."""
    best, mover = ranking.best[0], ranking.mover
    said = "; ".join(entry.said for entry in best.told.entries[:len(best.line)])
    blocks: list[Block] = [Para((Bold("Answer:"), f" {mover}'s best line is ", Code(best.line_text),
                                 f", value {ranking.value}", *under, f". {sentence(said)}."))]
    if len(ranking.best) > 1 or best.alike:
        shown = f" ({sum(1 + len(line.alike) for line in ranking.best)} of them here)" if ranking.more_ties else ""
        blocks += [Para((f"{ranking.ties_text()} lines are equally good{shown}:",)),
                   Items(tuple((Code(line.line_text), *_alike_text(line), f": {ranking.gains_text(line)}")
                               for line in ranking.best))]
    blocks.append(Para((f"The value is {ranking.counts()} ({ranking.gains_text(best)}).",)))
    if best.rest:
        blocks.append(Para(("The turn goes on: ", *_joined([Code(f"{who}: {a}") for who, a in best.rest]), ".")))
    if best.rows:
        blocks += [Para(("Scored along that line:",)), breakdown_table([("turn", r) for r in best.rows], False)]
    if ranking.runners_up:
        blocks += [Para(("The next-best lines:",)),
                   Items(tuple(_runner_up(ranking, line) for line in ranking.runners_up))]
    return blocks


def _runner_up(ranking: Ranking, line: RankedLine) -> Text:
    """A next-best line, its alike ones, its value and what refutes it: the replies, and the mover's own later
    moves when there are some."""
    answer: Text = ()
    if line.later(ranking.mover):
        answer = ("; the turn goes on: ", *_joined([Code(f"{who}: {a}") for who, a in line.rest]))
    elif line.rest:
        answer = ("; the reply: ", *_joined([Code(f"{who}: {a}") for who, a in line.replies(ranking.mover)]))
    return (Code(line.line_text), *_alike_text(line), f": value {line.value} ({ranking.gains_text(line)})", *answer)


def _alike_text(line: RankedLine) -> Text:
    """The lines that come to the same thing as ``line``: the one decision they change when they change one,
    else each whole."""
    if not line.alike:
        return ()
    shown = [Code("; ".join(map(str, other))) for other in line.alike[:MOST_ALIKE]]
    more = f" and {len(line.alike) - MOST_ALIKE} more" if len(line.alike) > MOST_ALIKE else ""
    changed = {i for other in line.alike for i, (a, b) in enumerate(zip(line.line, other)) if a != b}
    if len(changed) == 1 and len(line.line) > 1 and all(len(other) == len(line.line) for other in line.alike):
        (i,) = changed
        shown = [Code(str(other[i])) for other in line.alike[:MOST_ALIKE]]
        return (" (or, to the same effect, ", *_joined(shown), more, " in place of ", Code(str(line.line[i])), ")")
    return (" (or, to the same effect, ", *_joined(shown), more, ")")


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


def readings_blocks(found: Readings, p: Position | None = None, play: tuple[Action, ...] = ()) -> list[Block]:
    """Each ruling that changes the answer, with its question and each option in the words of this position
    beside its answer; their combinations when more than one does; the rulings that change only where pieces
    end up (what happens to them along ``p``'s answer, ``play`` for a best one); one line for the readings
    under which the position cannot arise; one line for the rest."""
    rest = _count(len(found.unchanged), "other ruling" if found.changes or found.fates else "ruling")
    one = len(found.unchanged) == 1
    unchanged = Para((f"The {rest} these sets involve {'was' if one else 'were'} tried option by option and "
                      f"{'changes' if one else 'change'} nothing here (carcnb rulings lists them all).",))
    blocks: list[Block] = []
    if not found.changes:
        blocks.append(Para(("No reading of the rules changes this answer.",)))
    else:
        blocks.append(Para(("One open question of the rules changes this answer:" if len(found.changes) == 1
                            else f"{len(found.changes)} open questions of the rules change this answer:",)))
    for change in found.changes:
        told = {option: answer_text(found.kind, a, MOST_SHOWN_TIES) for option, a in change.answers.items()}
        blocks += _options_blocks(found, change.ruling, told)
        if change.with_others:
            blocks.append(Para(("(It changes the answer only together with others: with the other rulings as above, "
                                "every option gives the same; the answers together below show where.)",)))
    if len(found.groups) > 1 and len(found.changes) > 1:
        blocks += [Para(("The answers together, each with the readings that give it:",)),
                   Items(tuple((f"Under {' or '.join(f'“{reading_text(r, found)}”' for r in g.readings)}: "
                                f"{answer_text(found.kind, g.answer, MOST_SHOWN_TIES)}",) for g in found.groups))]
    if found.fates:
        blocks.append(Para(("These change no answer, only where the pieces end up:",)))
        for fate in found.fates:
            told = fate_texts(fate, p, play)
            blocks += _options_blocks(found, fate.ruling, told)
            if len(set(told.values())) == 1:
                blocks.append(Para(("(Only together with other rulings' options.)",)))
    blocks += [Para((excluded_text(e),)) for e in found.excluded]
    if found.unchanged:
        blocks.append(unchanged)
    return blocks + history_blocks(found)


def _options_blocks(found: Readings, rid: str, told: dict[str, str]) -> list[Block]:
    """A ruling's question, then each option in the words of this position (the file's marked) and what it
    gives."""
    ruling = RULINGS[rid]
    words = (lambda option: found.label(rid, option)) if found.partly(rid) else ruling.options.get
    items = tuple((Code(option), f"{' (the reading above)' if option == found.rulings[rid] else ''}, "
                                 f"{words(option)}: {said}") for option, said in told.items())
    return [Para((Code(rid), f": {ruling.question}")), Items(items)]


def history_blocks(found: Readings) -> list[Block]:
    """The rulings whose effect depends on earlier turns the file does not record, with what it would say."""
    if not found.depends_on_history:
        return []
    return [Para(("Depends on earlier turns the position does not record:",)),
            Items(tuple((Code(rid), f": {RULINGS[rid].history}.") for rid in found.depends_on_history))]


def footer(p: Position) -> Text:
    """The kit, its version and the sets."""
    return (f"Worked out with carcnb {__version__} (sets: {', '.join(('base', *p.sets))}).",)


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
