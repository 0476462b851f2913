"""``carcnb solve FILE``: the engine's answer to the file's question (an open question too).

For a ``best`` question it prints every equally good line, what the value counts, and the next-best lines
with the replies that make them worse; a position without a question whose ``played`` list stops inside the
turn asks how the turn is best finished.
"""
from __future__ import annotations

import argparse
import json

from carcnb.cli._budget import add_max_nodes
from carcnb.cli._files import file_command
from carcnb.positions.consistency import as_asked
from carcnb.positions.parse import load
from carcnb.search.questions import answer, show_answer
from carcnb.telling.ranking import Ranking, rank


def run(args: argparse.Namespace) -> int:
    p = as_asked(load(args.file))
    kind = p.question.kind if p.question is not None else "final"
    if kind == "best" and p.question.horizon == "game":
        return _over_the_game(p, args)
    if kind == "best":
        ranking = rank(p)
        print(json.dumps({"kind": kind, "answer": best_json(ranking)}) if args.json else "\n".join(best_text(ranking)))
        return 0
    got = answer(p) if p.question is not None else answer(_final(p))
    if args.json:
        print(json.dumps({"kind": kind, "answer": dict(got) if isinstance(got, tuple) else got}))
    else:
        print(f"{kind}: {show_answer(kind, got)}")
    return 0


def best_json(ranking: Ranking) -> dict:
    """``{line, value}`` (``lines`` when several are equally good), what the value counts, and the next-best
    lines with the replies after them."""
    lines = [[str(a) for a in one] for line in ranking.best for one in (line.line, *line.alike)]
    found: dict = {"line": lines[0]} if len(lines) == 1 else {"lines": lines}
    return {**found, "value": ranking.value, "counts": ranking.counts(), "gains": ranking.best[0].gains,
            "next": [{"line": [str(a) for a in line.line], "value": line.value, "gains": line.gains,
                      "replies": [f"{who}: {a}" for who, a in line.replies(ranking.mover)],
                      "rest": [f"{who}: {a}" for who, a in line.rest],
                      "alike": [[str(a) for a in one] for one in line.alike]}
                     for line in ranking.runners_up]}


def best_text(ranking: Ranking) -> list[str]:
    best = ranking.best[0]
    tie = len(ranking.best) > 1 or best.alike
    out = [f"best: {ranking.ties_text()} lines of value {ranking.value}, equally good:" if tie else
           f"best: {best.line_text} (value {ranking.value})"]
    if tie:
        out += [f"  {line.line_text}  ({ranking.gains_text(line)}){_alike(line)}" for line in ranking.best]
        if ranking.more_ties:
            out.append(f"  ... ({ranking.ties_text()} in all)")
    out.append(f"the value is {ranking.counts()} ({ranking.gains_text(best)})")
    if best.rest:
        out.append("the turn goes on: " + "; ".join(f"{who}: {a}" for who, a in best.rest))
    if ranking.runners_up:
        out.append("next best:")
        for line in ranking.runners_up:
            later = line.later(ranking.mover)
            rest = "; ".join(f"{who}: {a}" for who, a in (line.rest if later else line.replies(ranking.mover)))
            out.append(f"  {line.line_text}  value {line.value} ({ranking.gains_text(line)}){_alike(line)}"
                       + (f"; {'the turn goes on' if later else 'the reply'}: {rest}" if rest else ""))
    return out


def _alike(line) -> str:
    """`` (alike: ...)``: the lines that come to the same thing."""
    return f" (alike: {' | '.join('; '.join(map(str, one)) for one in line.alike)})" if line.alike else ""


def _over_the_game(p, args: argparse.Namespace) -> int:
    """A best question over the whole game (``horizon = "game"``): the look-ahead analysis answers it."""
    from dataclasses import replace

    from carcnb.players.analysis import analyse_question
    from carcnb.telling.lookahead import analysis_lines

    if args.seed is not None:
        p = replace(p, question=replace(p.question, seed=args.seed))
    found = analyse_question(p, args.seconds)
    if args.json:
        print(json.dumps({"kind": "best", "horizon": "game", "answer": {
            "line": [str(a) for a in found.best.line], "expected_margin": round(found.best.mean, 2)},
            "analysis": found.as_dict()}))
    else:
        print("\n".join(analysis_lines(found)))
    return 0


def _final(p):
    """``p`` asking for the final scores (a position without a question)."""
    from dataclasses import replace

    from carcnb.positions.model import Question

    return replace(p, question=Question("final"))


def register(sub) -> None:
    p = file_command(sub, "solve", "the engine's answer to the file's question (the final scores without one); "
                                   "for best, every equally good line and the next-best ones", run)
    p.add_argument("--seconds", type=float, default=30.0,
                   help='a best question over the whole game (horizon = "game"): how long to sample futures')
    p.add_argument("--seed", type=int, help="the futures' seed for such a question (default: the file's seed, or 1)")
    add_max_nodes(p)
