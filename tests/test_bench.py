"""Every benchmark script runs: each is run once at a token size (``CARCNB_BENCH_TINY``), all of them in turn in one
child process, so that a script broken by a change in the kit (a function renamed, an argument gone) is found by
the tests, not by the next `make bench`. The figures of such a run mean nothing and are not looked at."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.heavy  # among the slowest modules: make test hands them out first

BENCH = Path(__file__).parent.parent / "bench"
SCRIPTS = sorted(BENCH.glob("bench_*.py"))  # what bench/run.py runs for `make bench`


def test_every_script_make_bench_runs_is_tried():
    assert {p.name for p in SCRIPTS} >= {"bench_engine.py", "bench_puzzleboard.py", "bench_readings.py"}


# Every script run in turn in one child process (a fresh one for the tests, as `make bench` runs each in its own),
# its figures and its error, if any, kept: the kit's modules are loaded once for all of them.
RUN_ALL = """
import contextlib, io, json, runpy, sys, traceback
results = {}
for script in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    sys.argv = [script]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
    results[script] = {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, dict]:
    """Each script's exit code, figures and errors, from one child process at the token size."""
    env = {**os.environ, "CARCNB_BENCH_TINY": "1", "CARCNB_DATA_DIR": str(tmp_path_factory.mktemp("data")),
           "PYTHONPATH": os.pathsep.join([str(BENCH), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", RUN_ALL, json.dumps([str(p) for p in SCRIPTS])], cwd=BENCH,
                          env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_a_benchmark_runs_to_its_end_and_prints_its_figures(script, runs):
    done = runs[str(script)]
    assert done["code"] == 0, f"{script.name} stopped:\n{done['stderr']}"
    assert done["stdout"].strip(), f"{script.name} printed no figure"
    assert "Traceback" not in done["stderr"], done["stderr"]


def test_a_strength_match_replaces_its_own_figures_and_keeps_the_others(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import strength

    monkeypatch.setattr(strength, "RECORD", tmp_path / "strength.json")
    names = [name for name, *_ in strength.MATCHES]
    strength.record({"match": names[2], "win_rate": 0.9})
    strength.record({"match": names[0], "win_rate": 0.4})
    strength.record({"match": names[0], "win_rate": 0.7})
    kept = json.loads(strength.RECORD.read_text())
    assert [(m["match"], m["win_rate"]) for m in kept] == [(names[0], 0.7), (names[2], 0.9)]
