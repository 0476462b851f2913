"""Reading position files (position-format.md) strictly: ``parse`` rejects only what cannot be read, naming the
file, the line, the text and what was expected; what breaks a rule is listed by ``problems``, so an illegal
position still loads and draws. What the rules make certain is written in (``consistency.completed``).
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from carcnb.engine.actions import parse_action
from carcnb.engine.errors import ActionSyntaxError, PositionFormatError, UnknownRulingError
from carcnb.engine.features import FIGURE_KINDS
from carcnb.engine.geometry import PORT_INDEX, PORT_NAMES, ROTATIONS, Pos
from carcnb.engine.rulings import RULINGS, resolve
from carcnb.engine.state import FOLLOWERS
from carcnb.engine.tiles import SETS, catalogue
from carcnb.engine.tokens import FerryToken, FloodedToken, FollowerToken, QuakeToken, Token, TornadoToken
from carcnb.positions.model import (ANSWER_FORMS, COLORS, COUNTINGS, EXPANSIONS, FORMAT, HORIZONS, KEYS, LEVELS,
                                    MEMORY, MOST_FUTURES, QUESTION_KEYS, Position, Question, TileLine)
from carcnb.positions.tomlvalue import toml_value
from carcnb.storage.files import read_text, words


class _Where:
    """Line numbers of keys in the raw text, for error messages."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.lines = text.splitlines()

    def key(self, key: str, section: str | None = None) -> int:
        in_section = section is None
        for i, line in enumerate(self.lines, 1):
            stripped = line.strip()
            if stripped.startswith("["):
                in_section = stripped == f"[{section}]"
                continue
            if in_section and re.match(rf'^\s*"?{re.escape(key)}"?\s*=', line):
                return i
        return 0

    def error(self, key: str, value: object, expected: str, section: str | None = None) -> PositionFormatError:
        line = self.key(key, section)
        text = self.lines[line - 1].strip() if line else repr(value)
        return PositionFormatError(self.path, line, text, expected)


def parse(text: str, path: str = "<position>") -> Position:
    """Read a position file's text; raises ``PositionFormatError`` for anything that is not the format. A
    byte-order mark before it (Notepad writes one) is not part of the text."""
    text = text.removeprefix("\ufeff")
    where = _Where(path, text)
    try:
        doc = tomllib.loads(text)
    except ValueError as e:  # TOMLDecodeError, or an integer too long to convert
        m = re.search(r"line (\d+)", str(e))
        line = int(m.group(1)) if m else 0
        shown = where.lines[line - 1].strip() if 0 < line <= len(where.lines) else ""
        raise PositionFormatError(path, line, shown, f"not valid TOML ({e})") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise PositionFormatError(path, 0, "", "arrays or tables nested too deeply: a position file needs "
                                               "only a few levels") from None
    for key in doc:
        if key not in KEYS:
            raise where.error(key, key, f"unknown key {key!r} (known: {', '.join(KEYS)})")
    if doc.get("format") != FORMAT:
        raise where.error("format", doc.get("format"), f'expected format = "{FORMAT}"')
    players = doc.get("players")
    if (not isinstance(players, list) or not 2 <= len(players) <= 6 or any(p not in COLORS for p in players)
            or len(set(players)) != len(players)):
        raise where.error("players", players, f"expected 2 to 6 different colours from {', '.join(COLORS)}")
    sets = doc.get("sets", [])
    if not isinstance(sets, list) or any(s not in SETS for s in sets) or len(set(sets)) != len(sets):
        raise where.error("sets", sets, f"expected a list of different sets from {', '.join(EXPANSIONS)}")
    title = _opt_str(doc, "title", where)
    to_move = doc.get("to_move")
    if to_move is not None and to_move not in players:
        raise where.error("to_move", to_move, f"expected one of the players ({', '.join(players)})")
    scores = _per_player(doc, "scores", players, where, "expected { colour = points } with each colour a player "
                                                          "and whole points >= 0")
    lost = _per_player(doc, "lost", players, where, f"expected {{ colour = followers }} with each colour a player "
                                                    f"and 0 to {FOLLOWERS} followers out of the game", FOLLOWERS)
    hand = _opt_str(doc, "hand", where)
    if hand is not None and hand not in catalogue():
        raise where.error("hand", hand, f"unknown tile {hand!r} (known: {_known_tiles()})")
    played = doc.get("played", [])
    if not isinstance(played, list) or any(not isinstance(a, str) for a in played):
        raise where.error("played", played, 'expected played = ["place 1,0 90", ...] (action notation)')
    if played and hand is None:
        raise where.error("played", played, "played actions need the tile they follow: add hand = \"TILE\"")
    for text in played:
        try:
            parse_action(text)
        except ActionSyntaxError as e:
            raise where.error("played", played, str(e)) from None
    gone = doc.get("gone", [])
    if not isinstance(gone, list) or any(not isinstance(t, str) for t in gone):
        raise where.error("gone", gone, 'expected gone = ["TILE", ...]: the tiles out of the game')
    unknown = [t for t in gone if t not in catalogue()]
    if unknown:
        raise where.error("gone", gone, f"unknown tile {unknown[0]!r} (known: {_known_tiles()})")
    pile = _parse_pile(doc.get("pile"), where)
    rulings = doc.get("rulings", {})
    if not isinstance(rulings, dict):
        raise where.error("rulings", rulings, 'expected { "ruling.id" = "option" }')
    try:
        resolve(rulings)
    except UnknownRulingError as e:
        raise where.error("rulings", rulings, str(e)) from None
    memory = {key: _parse_memory(doc, key, players, where) for key in MEMORY}
    board = _parse_board(doc.get("board", ""), where, players)
    question = _parse_question(doc.get("question"), where, players, tuple(rulings.items()))
    p = Position(players=tuple(players), board=board, sets=tuple(sets), title=title, to_move=to_move,
                 scores=tuple(scores.items()), lost=tuple(lost.items()), hand=hand, played=tuple(played),
                 gone=tuple(gone), pile=pile, rulings=tuple(rulings.items()), question=question, path=path,
                 **memory)
    from carcnb.positions.consistency import completed
    return completed(p)


def load(path: str | Path) -> Position:
    """Read a position file; errors name the file and line."""
    try:
        text = read_text(path)  # a FIFO is refused, not waited on
    except OSError as e:
        raise PositionFormatError(str(path), 0, "", words(e)) from None
    except UnicodeDecodeError:
        raise PositionFormatError(str(path), 0, "", "not UTF-8 text") from None
    return parse(text, str(path))


def _per_player(doc: dict, key: str, players: list[str], where: _Where, expected: str,
                most: int | None = None) -> dict[str, int]:
    """A ``{ colour = n }`` table of whole numbers >= 0 (at most ``most``) for some of the players."""
    table = doc.get(key, {})
    if (not isinstance(table, dict) or any(k not in players for k in table)
            or any(type(v) is not int or v < 0 or most is not None and v > most for v in table.values())):
        raise where.error(key, table, expected)
    return table


def _parse_memory(doc: dict, key: str, players: list[str], where: _Where) -> tuple[tuple[str, object], ...]:
    """A rule module's memory table (``MEMORY``): only its own fields, each checked."""
    fields = MEMORY[key]
    table = doc.get(key, {})
    if not isinstance(table, dict):
        forms = ", ".join(form for _, form in fields.values())
        raise where.error(key, table, f"expected {key} = {{ ... }} with any of {forms}")
    for name, value in table.items():
        if name not in fields:
            raise where.error(key, table, f"unknown field {name!r} in {key} (known: {', '.join(fields)})")
        ok, form = fields[name]
        if not ok(value, players):
            raise where.error(key, table, f"bad {key}.{name} = {toml_value(value)}: expected {form}")
    return tuple(table.items())


def _opt_str(doc: dict, key: str, where: _Where) -> str | None:
    value = doc.get(key)
    if value is not None and not isinstance(value, str):
        raise where.error(key, value, f"expected {key} to be a string")
    return value


def _parse_pile(pile: object, where: _Where) -> tuple[str, ...] | None:
    if pile is None:
        return None
    if not isinstance(pile, list) or any(not isinstance(t, str) for t in pile):
        raise where.error("pile", pile, 'expected pile = ["TILE", ...]: the tiles still to draw, in any order '
                                        "(pile = [] when the tile in hand is the last of the game)")
    unknown = [t for t in pile if t not in catalogue()]
    if unknown:
        raise where.error("pile", pile, f"unknown tile {unknown[0]!r} (known: {_known_tiles()})")
    return tuple(pile)


def _known_tiles() -> str:
    ids = catalogue().ids()
    return ", ".join(ids)


def _parse_board(board: object, where: _Where, players: list[str]) -> tuple[TileLine, ...]:
    if not isinstance(board, str):
        raise where.error("board", board, 'expected board = """ ... """ with one tile a line')
    first = where.key("board")
    opening = where.lines[first - 1] if first else ""
    offset = first if first and opening.rstrip().endswith('"""') else max(first - 1, 0)
    lines = []
    seen: dict[Pos, int] = {}
    for i, raw in enumerate(board.split("\n")):
        lineno = offset + i + 1 if first else 0
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        tl = _parse_tile_line(text, raw.strip(), where.path, lineno, players)
        if tl.pos in seen:
            raise PositionFormatError(where.path, lineno, raw.strip(),
                                      f"a second tile at {tl.x},{tl.y} (the first is on line {seen[tl.pos]})")
        seen[tl.pos] = lineno
        lines.append(tl)
    return tuple(lines)


def _parse_tile_line(text: str, shown: str, path: str, lineno: int, players: list[str]) -> TileLine:
    def fail(expected: str) -> PositionFormatError:
        return PositionFormatError(path, lineno, shown, expected)

    words = text.split()
    if len(words) < 3:
        raise fail("expected X,Y TILE ROT TOKEN* (e.g. '1,0 B 0 red@C')")
    m = re.fullmatch(r"(-?[0-9]{1,9}),(-?[0-9]{1,9})", words[0])
    if not m:
        raise fail(f"bad position {words[0]!r}: expected integers X,Y such as 1,-2")
    tid = words[1]
    if tid not in catalogue():
        raise fail(f"unknown tile {tid!r} (known: {_known_tiles()})")
    if words[2] not in {str(r) for r in ROTATIONS}:
        raise fail(f"bad rotation {words[2]!r}: expected 0, 90, 180 or 270")
    rot = int(words[2])
    tokens: list[Token] = []
    for word in words[3:]:
        tokens.append(_parse_token(word, fail, players))
    return TileLine(int(m.group(1)), int(m.group(2)), tid, rot, tuple(tokens), lineno)


def _parse_token(word: str, fail, players: list[str]) -> Token:
    if word == "tornado":
        return TornadoToken()
    if word.startswith("ferry:"):
        ends = word[6:].split("-")
        if len(ends) != 2 or any(e not in ("N", "E", "S", "W") for e in ends) or ends[0] == ends[1]:
            raise fail(f"bad ferry {word!r}: expected ferry:P-Q with two different edges of N E S W")
        return FerryToken(PORT_INDEX[ends[0]], PORT_INDEX[ends[1]])
    if word.startswith("quake@"):
        port = word[6:]
        if port not in PORT_INDEX:
            raise fail(f"bad earthquake token {word!r}: expected quake@PORT with a port of {' '.join(PORT_NAMES)}")
        return QuakeToken(PORT_INDEX[port])
    if word.startswith("flooded@"):
        port = word[8:]
        if port not in PORT_INDEX:
            raise fail(f"bad flood mark {word!r}: expected flooded@PORT with a port of {' '.join(PORT_NAMES)}")
        return FloodedToken(PORT_INDEX[port])
    if "@" in word:
        who, port = word.split("@", 1)
        color, _, kind = who.partition(":")
        if color not in players:
            raise fail(f"bad follower {word!r}: colour {color!r} is not a player ({', '.join(players)})")
        if kind and (kind not in FIGURE_KINDS or kind == "follower"):
            raise fail(f"bad figure {word!r}: expected COLOR@PORT or COLOR:KIND@PORT with KIND one of "
                       f"{', '.join(k for k in FIGURE_KINDS if k != 'follower')}")
        if port not in PORT_INDEX:
            raise fail(f"bad follower {word!r}: expected a port of {' '.join(PORT_NAMES)}")
        return FollowerToken(color, PORT_INDEX[port], kind or "follower")
    raise fail(f"bad token {word!r}: expected COLOR@PORT, COLOR:KIND@PORT, ferry:P-Q, quake@PORT, flooded@PORT "
               "or tornado")


def _parse_question(q: object, where: _Where, players: list[str], rulings: tuple) -> Question | None:
    if q is None:
        return None
    if not isinstance(q, dict) or q.get("kind") not in ("final", "count", "best"):
        raise where.error("kind", q, 'expected [question] kind = "final", "count" or "best"', "question")
    unknown = set(q) - set(QUESTION_KEYS)
    if unknown:
        raise where.error(sorted(unknown)[0], q, f"unknown key in [question] (known: {', '.join(QUESTION_KEYS)})",
                          "question")
    kind, answer = q["kind"], q.get("answer")
    ask = q.get("ask")
    if ask is not None and (not isinstance(ask, str) or not ask.strip()):
        raise where.error("ask", ask, 'expected ask = "..." (your question in words)', "question")
    under = q.get("under")
    if under is not None:
        if not isinstance(under, str) or under not in RULINGS:
            raise where.error("under", under, f"under names a ruling (known: {', '.join(RULINGS)})", "question")
        options = RULINGS[under].options
        if not isinstance(answer, dict) or len(answer) < 2 or set(answer) - set(options):
            raise where.error("answer", answer, f"a question under {under} gives an answer for each of at least "
                                                f"two of its options ({', '.join(options)}): answer = {{ OPTION = "
                                                "ANSWER, ... }", "question")
        if any(rid == under for rid, _ in rulings):
            raise where.error("under", under, f"the question is asked under each reading of {under}: remove it "
                                              "from rulings", "question")
        answer = tuple((option, _answer(kind, value, where, players)) for option, value in answer.items())
    elif answer is not None:  # without one, an open question: solve, readings, post and the editor answer it
        answer = _answer(kind, answer, where, players)
    counting = q.get("counting", "boards")
    if counting not in COUNTINGS or (kind != "count" and "counting" in q):
        raise where.error("counting", counting, 'a count question may say counting = "boards" (the default: '
                                                'distinct resulting boards) or "rotations" (every rotation that '
                                                'fits); other questions count nothing', "question")
    explanation = q.get("explanation")
    if isinstance(explanation, dict) and under is not None:  # one explanation per reading
        if set(explanation) != {option for option, _ in answer} or not all(
                isinstance(text, str) for text in explanation.values()):
            raise where.error("explanation", explanation, "a question under a ruling explains each reading it "
                                                          "answers: explanation = { OPTION = \"...\", ... }",
                              "question")
        explanation = tuple(explanation.items())
    elif explanation is not None and not isinstance(explanation, str):
        raise where.error("explanation", explanation, "expected a string", "question")
    difficulty = q.get("difficulty")
    if difficulty is not None and (type(difficulty) is not int or not 1 <= difficulty <= 5):
        raise where.error("difficulty", difficulty, "expected difficulty = 1 to 5 (run carcnb grade FILE)",
                          "question")
    topics = q.get("topics")
    if topics is not None and (not isinstance(topics, list) or not all(isinstance(t, str) and t for t in topics)):
        raise where.error("topics", topics, 'expected topics = ["meteor", ...] (run carcnb grade FILE)', "question")
    horizon = q.get("horizon", "turn")
    if horizon not in HORIZONS or (kind != "best" and "horizon" in q):
        raise where.error("horizon", horizon, 'a best question may say horizon = "turn" (the default: the most '
                                              'points this turn) or "game" (the highest expected final margin, '
                                              'carcnb analyse); other questions have none', "question")
    level, seed, futures = _over_the_game(q, horizon, where)
    return Question(kind, answer, explanation, difficulty, None if topics is None else tuple(topics), ask,
                    _section_line(where), counting, under, horizon=horizon, level=level, seed=seed, futures=futures)


def _over_the_game(q: dict, horizon: str, where: _Where) -> tuple[str, int | None, int | None]:
    """``level``, ``seed`` and ``futures``: how the futures of a question over the whole game are sampled."""
    if horizon != "game":
        for key in ("level", "seed", "futures"):
            if key in q:
                raise where.error(key, q[key], f'{key} says how the futures of a question over the whole game are '
                                               'sampled: add horizon = "game" or remove it', "question")
        return "random", None, None
    level, seed, futures = q.get("level", "random"), q.get("seed"), q.get("futures")
    if level not in LEVELS:
        raise where.error("level", level, f"level names who plays the futures: one of {', '.join(LEVELS)}", "question")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2 ** 32):
        raise where.error("seed", seed, "expected seed = a whole number from 0 to 4294967295", "question")
    if futures is not None and (type(futures) is not int or not 1 <= futures <= MOST_FUTURES):
        raise where.error("futures", futures, f"expected futures = a whole number from 1 to {MOST_FUTURES}",
                          "question")
    return level, seed, futures


def _answer(kind: str, answer: object, where: _Where, players: list[str]) -> object:
    """One answer in the shape of its kind (tables as tuples of pairs); raises when it is not that shape."""
    if kind == "final" and (not isinstance(answer, dict) or set(answer) != set(players)
                            or any(type(v) is not int for v in answer.values())):
        raise where.error("answer", answer, "a final answer maps every player to a whole number of points",
                          "question")
    if kind == "count" and (type(answer) is not int or answer < 0):
        raise where.error("answer", answer, "a count answer is a whole number >= 0", "question")
    if kind == "best" and (not isinstance(answer, dict) or not _comparable(answer)):
        raise where.error("answer", answer, f"expected {ANSWER_FORMS['best']}", "question")
    return tuple(answer.items()) if isinstance(answer, dict) else answer


def _section_line(where: _Where) -> int:
    """The line of ``[question]`` in the file (0 when it is written inline)."""
    return next((i for i, line in enumerate(where.lines, 1) if line.strip() == "[question]"), 0)


def _comparable(v: object) -> bool:
    """Whether every number in ``v`` equals itself: a NaN answer could never be checked."""
    if isinstance(v, float):
        return v == v
    if isinstance(v, dict):
        return all(_comparable(x) for x in v.values())
    if isinstance(v, list):
        return all(_comparable(x) for x in v)
    return True
