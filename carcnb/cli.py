"""The ``carcnb`` command line: score, legal, check, solve, render, rulings.

Exit codes: 0 success, 1 a check failed, 2 bad input (the message goes to stderr).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import CarcnbError, IllegalPositionError
from .position import load
from .questions import answer, final_score, placements, same_answer, show_answer
from .rulings import RULINGS, markdown


def _score(args: argparse.Namespace) -> int:
    result = final_score(load(args.file))
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    for row in result.rows:
        who = ", ".join(row.scorers) or "nobody"
        tiles = " ".join(f"{x},{y}" for x, y in row.tiles)
        notes = f"  [{'; '.join(row.notes)}]" if row.notes else ""
        print(f"{row.kind:8} {row.points:3}  {who:14} {row.reason}  tiles {tiles}{notes}")
    print("total: " + ", ".join(f"{c} {n}" for c, n in result.scores.items()))
    return 0


def _legal(args: argparse.Namespace) -> int:
    found = placements(load(args.file))
    if args.json:
        print(json.dumps({"placements": [list(p) for p in found]}))
    else:
        for x, y, r in found:
            print(f"{x},{y} {r}")
        print(f"{len(found)} legal placements")
    return 0


def _puzzle_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            files += sorted(p.rglob("*.toml"))
        elif p.exists():
            files.append(p)
        else:
            raise CarcnbError(f"{name}: no such file or directory")
    return files


def _check(args: argparse.Namespace) -> int:
    files = _puzzle_files(args.paths)
    if not files:
        raise CarcnbError(f"no .toml files under {' '.join(args.paths)}")
    passed = failed = 0
    for path in files:
        try:
            p = load(path)
            if p.question is None:
                raise CarcnbError("no [question] in the file")
            got = answer(p)
            ok = same_answer(p.question.kind, p.question.answer, got)
            detail = (f"{p.question.kind}: {show_answer(p.question.kind, got)}" if ok else
                      f"{p.question.kind}: file says {show_answer(p.question.kind, p.question.answer)}, "
                      f"engine says {show_answer(p.question.kind, got)}")
        except CarcnbError as e:
            ok, detail = False, str(e).replace("\n", " ")
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {path}  {detail}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _solve(args: argparse.Namespace) -> int:
    p = load(args.file)
    got = answer(p)
    if args.json:
        value = dict(got) if isinstance(got, tuple) else got
        print(json.dumps({"kind": p.question.kind, "answer": value}))
    else:
        print(f"{p.question.kind}: {show_answer(p.question.kind, got)}")
    return 0


def _render(args: argparse.Namespace) -> int:
    from .render import save_picture
    save_picture(load(args.file), args.output)
    print(f"wrote {args.output}")
    return 0


def _rulings(args: argparse.Namespace) -> int:
    if args.markdown:
        print(markdown(), end="")
        return 0
    if args.json:
        print(json.dumps([{"id": r.id, "question": r.question, "options": r.options, "default": r.default,
                           "source": r.source} for r in RULINGS.values()], indent=2))
        return 0
    for r in RULINGS.values():
        print(f"{r.id}: {r.question}")
        for option, meaning in r.options.items():
            mark = "*" if option == r.default else " "
            print(f"  {mark} {option}: {meaning}")
    print("(* the default; set others per game or per file under `rulings`)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="carcnb", description="Carcassonne positions and puzzles: "
                                     "base game, River, Natural Disasters, The Ferries.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="final scoring of a position, with a breakdown")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_score)
    p = sub.add_parser("legal", help="legal placements of the tile in hand")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_legal)
    p = sub.add_parser("check", help="validate puzzle files (directories recursively)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=_check)
    p = sub.add_parser("solve", help="the engine's answer to the file's question")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_solve)
    p = sub.add_parser("render", help="a picture of the position (PNG or SVG)")
    p.add_argument("file")
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(run=_render)
    p = sub.add_parser("rulings", help="the rulings registry: ids, options, defaults")
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true", help="as the page docs/rulings.md")
    p.set_defaults(run=_rulings)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        return args.run(args)
    except IllegalPositionError as e:
        print(f"carcnb {args.command}: {getattr(args, 'file', '')}: {e}", file=sys.stderr)
        return 2
    except CarcnbError as e:
        print(f"carcnb {args.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
