"""A value of the wrong type anywhere in a position file (a list or a table where a name is expected, a number
where a list is) is refused with the one-line format error, never a traceback, in every command that reads one."""
from __future__ import annotations

import copy
import datetime
import tomllib
from pathlib import Path

import pytest
import tomli_w

from carcnb.cli import main
from carcnb.engine.errors import PositionFormatError
from carcnb.positions.model import KEYS, MEMORY, QUESTION_KEYS
from carcnb.positions.parse import parse

UNDER = Path(__file__).parent.parent / "puzzles" / "themes" / "meteor" / "split-city.toml"  # asked under a ruling
WRONG = ([1], {"a": 1}, [[1]], [{"a": 1}], [], {}, ["x", 1], {"a": [1]}, 1.5, True, 7, "x",
         datetime.date(2020, 1, 1))
PLACES = ([(k,) for k in KEYS] + [("question", k) for k in QUESTION_KEYS]
          + [(table, name) for table, fields in MEMORY.items() for name in fields]
          + [("question", "answer", "orthogonal"), ("question", "explanation", "king")])


def _with(doc: dict, place: tuple[str, ...], value: object) -> str:
    doc = copy.deepcopy(doc)
    table = doc
    for key in place[:-1]:
        table = table.setdefault(key, {})
    table[place[-1]] = value
    return tomli_w.dumps(doc)


@pytest.mark.parametrize("place", PLACES, ids=".".join)
def test_a_value_of_any_wrong_type_anywhere_is_the_one_line_format_error(place):
    doc = tomllib.loads(UNDER.read_text(encoding="utf-8"))
    for value in WRONG:
        text = _with(doc, place, value)
        try:
            parse(text, "x.toml")
        except PositionFormatError as e:
            assert "\n" not in str(e), f"{'.'.join(place)} = {value!r}: {e}"
        except Exception as e:  # noqa: BLE001 - the test names what escaped, with the value
            pytest.fail(f"{'.'.join(place)} = {value!r} raised {e!r}")


@pytest.mark.parametrize("under", ["[1]", "{ a = 1 }"])
@pytest.mark.parametrize("argv", [["score"], ["check"], ["solve"], ["readings"], ["quiz", "--answer", "pass"],
                                  ["post", "-o", "{out}"]], ids=lambda a: a[0])
def test_every_command_says_in_one_line_that_under_names_a_ruling(tmp_path, capsys, argv, under):
    text = UNDER.read_text(encoding="utf-8").replace('under = "meteor.adjacency"', f"under = {under}")
    path = tmp_path / "under.toml"
    path.write_text(text, encoding="utf-8")
    code = main([argv[0], str(path), *(a.format(out=tmp_path / "post") for a in argv[1:])])
    out, err = capsys.readouterr()
    said = out.splitlines()[0] + "\n" if argv[0] == "check" else err  # check reports each file on a FAIL line
    assert code == (1 if argv[0] == "check" else 2)
    line = text.splitlines().index(f"under = {under}") + 1
    assert said.count("\n") == 1 and f"{path}:{line}:" in said and "under names a ruling" in said, said
