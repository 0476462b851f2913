"""Every command on mutated puzzle files: each run ends with exit 0, 1 or 2, never a traceback.

The mutations are seeded, so a failure names a case that can be replayed: lines deleted, duplicated or
changed, tokens swapped, numbers made bad, tiles made unknown.
"""
from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

import pytest

from carcnb.cli import build_parser, main

PUZZLES = sorted((Path(__file__).parent.parent / "puzzles").rglob("*.toml"))
FILES = 25  # mutated files; every command runs on each
BAD_NUMBERS = ("-1", "0", "7", "360", "45", "999999999", "100000", "99999999999", "1e9", "3.5", "nan", "-0",
               "2147483648", '"3"')
ODD_WORDS = ("Q9", "MT", "FL", "TO1", "CR1", "FA", "red@C", "blue@NNE", "green@N", "red:pig@S", "red:builder@E",
             "ferry:N-S", "ferry:E-E", "quake@N", "tornado", "@", ",", "=", "[", '"""', "#", "1,0", "0,0",
             "red", "hand", "played", "place 1,0 90")
# options each command needs besides its FILE (so that it runs rather than stopping at its usage line), and
# small search limits: the test is about ending well, not about searching far
EXTRA = {"render": ["-o", "{tmp}/out.png"], "post": ["-o", "{tmp}/post", "--max-nodes", "10"],
         "quiz": ["--answer", "red=1 blue=2"], "readings": ["--max-nodes", "10"],
         "analyse": ["--seconds", "0.2"], "solve": ["--seconds", "0.2"]}


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        how = rng.choice(("delete", "duplicate", "number", "word", "swap", "tile"))
        words = lines[i].split(" ")
        if how == "delete" and len(lines) > 1:
            del lines[i]
        elif how == "duplicate":
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif how == "number":
            numbers = list(re.finditer(r"-?\d+", lines[i]))
            if numbers:
                m = rng.choice(numbers)
                lines[i] = lines[i][:m.start()] + rng.choice(BAD_NUMBERS) + lines[i][m.end():]
        elif how == "word":
            words[rng.randrange(len(words))] = rng.choice(ODD_WORDS)
            lines[i] = " ".join(words)
        elif how == "swap" and len(words) > 1:
            a, b = rng.sample(range(len(words)), 2)
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
        elif how == "tile":
            lines[i] = re.sub(r"(?<=\s)([A-X]|R\d+|MT|FL|TO\d|F[ABC]\d?|C[RFC]\d)(?=\s)",
                              lambda _: rng.choice(("Q9", "Z", "r1", "E", "MT", "CF2", "D")), lines[i], count=1)
    return "\n".join(lines) + "\n"


NOT_POSITIONS = {"site"}  # its paths are notebooks


def commands() -> dict[str, list[str]]:
    """Every subcommand that takes a position FILE (or PATH...), with the options it needs."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = {}
    for name, command in sub.choices.items():
        positionals = [a.dest for a in command._actions if not a.option_strings]
        if positionals and set(positionals) <= {"file", "paths"} and name not in NOT_POSITIONS:
            found[name] = EXTRA.get(name, [])
    return found


def test_the_fuzzed_commands_include_the_file_commands():
    assert {"score", "legal", "check", "solve", "render", "readings", "post", "analyse"} <= set(commands())


CASES = [(seed, PUZZLES[seed % len(PUZZLES)]) for seed in range(FILES)]


@pytest.mark.parametrize("seed, source", CASES, ids=[f"{s}-{p.stem}" for s, p in CASES])
def test_every_command_on_a_mutated_puzzle_exits_0_1_or_2(tmp_path, monkeypatch, capsys, seed, source):
    rng = random.Random(seed)
    text = mutate(source.read_text(encoding="utf-8"), rng)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # whatever a command writes by default lands here
    for name, extra in commands().items():
        argv = [name, str(path), *(a.format(tmp=tmp_path) for a in extra)]
        if rng.random() < 0.5 and name not in ("check", "render", "post"):
            argv.append("--json")
        try:
            code = main(argv)
        except BaseException as e:  # noqa: BLE001 - the test reports what escaped, with the case
            pytest.fail(f"carcnb {' '.join(argv)} raised {e!r} on seed {seed}:\n{text}")
        _, err = capsys.readouterr()
        assert code in (0, 1, 2), f"carcnb {' '.join(argv)} exited {code} on seed {seed}:\n{text}"
        assert "Traceback" not in err, f"carcnb {' '.join(argv)} on seed {seed}:\n{err}\n{text}"
