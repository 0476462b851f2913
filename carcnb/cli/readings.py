"""``carcnb readings FILE``: the file's answer under every option of every ruling its sets involve."""
from __future__ import annotations

import argparse
import json
import sys
import textwrap

from carcnb.cli._budget import add_max_nodes
from carcnb.cli._files import file_command
from carcnb.engine.rulings import RULINGS
from carcnb.positions.consistency import as_asked
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.search.questions import reading_of
from carcnb.search.readings import MAX_COMBINATIONS, Readings, answer_text, reading_text, readings
from carcnb.telling.readings import excluded_text, fate_texts


def text(r: Readings, p: Position | None = None) -> list[str]:
    """The readings as the command prints them; ``p`` (the position as answered) lets a ruling that moves only
    pieces say what happens to them."""
    lines = [f"answer, with the rulings as the file sets them: {answer_text(r.kind, r.answer)}"]
    if r.changes:
        lines += ["", "answers by reading (the file's first):"]
        for group in r.groups:
            lines += textwrap.wrap(answer_text(r.kind, group.answer), 110, initial_indent="  ",
                                   subsequent_indent="    ")
            lines += [f"      {reading_text(chosen, r)}" for chosen in group.readings]
        lines += ["", "rulings that change the answer (each option with the others as the file sets them):"]
        for c in r.changes:
            lines += _options(r, c.ruling, {option: answer_text(r.kind, a) for option, a in c.answers.items()})
            if c.with_others:
                lines.append("      (the same with the file's other options: it changes the answer only together "
                             "with others, as the answers by reading show)")
    else:
        lines.append("no ruling changes the answer")
    if len(r.changes) > 1:
        lines.append("")
        lines.append("every combination of them:")
        names = [c.ruling for c in r.changes]
        widths = [max(len(rid), *map(len, RULINGS[rid].options)) for rid in names]
        lines.append("  " + "  ".join(rid.ljust(w) for rid, w in zip(names, widths)) + "  answer")
        for combo in r.combinations:
            cells = [combo.rulings[rid].ljust(w) for rid, w in zip(names, widths)]
            lines.append("  " + "  ".join(cells) + "  " + answer_text(r.kind, combo.answer))
    if r.skipped:
        lines.append(f"  ({r.skipped} more combinations skipped: at most {MAX_COMBINATIONS} are shown)")
    if r.fates:
        lines += ["", "rulings that change only where pieces end up (each option with the others as the file sets "
                      "them):"]
        for fate in r.fates:
            told = fate_texts(fate, p)
            lines += _options(r, fate.ruling, told)
            if len(set(told.values())) == 1:
                lines.append("      (the same with the file's other options: it moves pieces only together with "
                             "others)")
    if r.excluded:
        lines += ["", "readings under which the position cannot arise:"]
        lines += [w for e in r.excluded for w in textwrap.wrap(excluded_text(e), 110, initial_indent="  ",
                                                                subsequent_indent="    ")]
    if r.depends_on_history:
        lines += ["", "depends on earlier turns the file does not record:"]
        for rid in r.depends_on_history:
            lines += textwrap.wrap(f"{rid}: {RULINGS[rid].history}", 110, initial_indent="  ",
                                   subsequent_indent="      ")
    lines.append("")
    lines += textwrap.wrap("tried, change nothing under any reading: " + (", ".join(r.unchanged) or "none"),
                           110, subsequent_indent="  ")
    lines.append("(* the option the file uses)")
    return lines


def _options(r: Readings, rid: str, told: dict[str, str]) -> list[str]:
    """A ruling's question, then each option (the file's starred) in the words of this position, and what it
    gives."""
    lines = [f"  {rid}: {RULINGS[rid].question}"]
    for option, said in told.items():
        mark = "*" if option == r.rulings[rid] else " "
        lines.append(f"    {mark} {option} ({r.label(rid, option)}): {said}")
    return lines


def run(args: argparse.Namespace) -> int:
    p = as_asked(load(args.file))  # a turn stopped inside an event asks how it is best finished
    result = readings(p)  # within the command's budget, a bar on a terminal (``_budget``)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        if result.skipped:
            print(f"carcnb readings: {result.skipped} more combinations skipped (at most {MAX_COMBINATIONS})",
                  file=sys.stderr)
    else:
        print("\n".join(text(result, reading_of(p))))
    return 0


def register(sub) -> None:
    p = file_command(sub, "readings", "the answer under every option of every ruling the position's sets "
                                      "involve", run)
    add_max_nodes(p)
