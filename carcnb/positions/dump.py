"""Writing position files exactly: ``parse(dump(p)) == p``, and a save that leaves the old file whole when it
fails.
"""
from __future__ import annotations

from pathlib import Path

from carcnb.positions.model import FORMAT, MEMORY, Position
from carcnb.positions.parse import parse
from carcnb.positions.tomlvalue import toml_key, toml_text, toml_value
from carcnb.storage.safewrite import write_file


def dump(p: Position) -> str:
    """The file text for a position; ``parse(dump(p)) == p``."""
    out = [f'format = "{FORMAT}"']
    if p.title is not None:
        out.append(f"title = {toml_value(p.title)}")
    if p.sets:
        out.append(f"sets = {toml_value(p.sets)}")
    out.append(f"players = {toml_value(p.players)}")
    for key in ("to_move", "scores", "lost", "hand", "played", "gone", "pile", "rulings", *MEMORY):
        value = getattr(p, key)
        if key == "pile" and value is not None:  # an empty pile is written too: it says "the last turn"
            out.append(f"pile = {toml_value(list(value))}")
        elif value not in (None, ()):
            out.append(f"{key} = {toml_value(value)}")
    out.append("")
    out.append('board = """')
    out += [str(t) for t in p.board]
    out.append('"""')
    if p.question is not None:
        q = p.question
        out += ["", "[question]", f"kind = {toml_value(q.kind)}"]
        if q.ask is not None:
            out.append(f"ask = {toml_text(q.ask)}")
        if q.under is not None and q.reading is None:  # one reading alone is a question of its own
            out.append(f"under = {toml_value(q.under)}")
        if q.horizon != "turn":
            out.append(f"horizon = {toml_value(q.horizon)}")
            out.append(f"level = {toml_value(q.level)}")
            out += [f"{key} = {value}" for key in ("seed", "futures") if (value := getattr(q, key)) is not None]
        if q.answer is not None:
            out.append(f"answer = {toml_value(q.answer)}")
        if q.counting != "boards":
            out.append(f"counting = {toml_value(q.counting)}")
        if q.difficulty is not None:
            out.append(f"difficulty = {q.difficulty}")
        if q.topics is not None:
            out.append(f"topics = {toml_value(list(q.topics))}")
        if isinstance(q.explanation, tuple):
            out += ["", "[question.explanation]"] + [f"{toml_key(o)} = {toml_text(text)}" for o, text in q.explanation]
        elif q.explanation is not None:
            out.append(f"explanation = {toml_text(q.explanation)}")
    return "\n".join(out) + "\n"


def save(p: Position, path: str | Path) -> None:
    """Write a position; the text is built and checked first, so a failed save leaves the old file intact."""
    text = dump(p)
    parse(text, str(path))
    write_file(path, text)
