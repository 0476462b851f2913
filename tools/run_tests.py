"""Run every test of ``make test``: the unit tests on two workers, and beside them the browser tests in one
stream and ``carcnb check puzzles`` then the notebooks with the site built from them in another.

The browser (e2e) tests spend much of their time waiting for JupyterLab and Chromium (they wait for states
the page reports, never for time), so work that keeps a core busy has to run beside them, or the two cores
idle: the puzzles' check and the notebooks (nbval) run in a stream of their own, while the unit tests take
the cores. Each part writes to a log of its own, printed once the unit tests are done, and gets a data folder
of its own. pytest's exit code 5 (no test collected) is not a failure of the kit.

Exit code: 0 when every part passed, else the first failing part's code.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
# The tests of the site built from the notebooks run with the notebooks: nbval's process has the notebook
# libraries loaded already (importing them costs some 3 s a process), and the other parts never load them.
SITE = ["tests/test_site.py", "tests/test_site_pages.py"]
WITHOUT_NBVAL = ["-p", "no:nbval"]
# The heavy modules come first in the collection (tests/conftest.py); xdist keeps that order, one module at a time.
UNIT = [*PYTEST, *WITHOUT_NBVAL, "-n", "2", "--dist", "loadscope", "--no-loadscope-reorder", "-m", "not e2e",
        *(f"--ignore={path}" for path in SITE), "tests"]
# The browser tests are the test_e2e_*.py files (tests/conftest.py refuses an e2e test elsewhere): collecting
# only them spares the browser stream the import of every other test module.
BROWSER = [*PYTEST, *WITHOUT_NBVAL, "-m", "e2e", *sorted(map(str, TESTS.glob("test_e2e_*.py")))]
CHECK = [sys.executable, "-m", "carcnb", "check", "puzzles"]
NOTEBOOKS = [*PYTEST, "--nbval-lax", "--nbval-current-env", "-m", "not e2e", "notebooks", *SITE]


def _env(data: Path) -> dict[str, str]:
    """The environment with a data folder of the part's own, so that no part sees another's saves. Compiled
    bytecode is kept even where the machine says not to (``PYTHONDONTWRITEBYTECODE``): the tests start hundreds
    of Python processes, and each would otherwise compile the package, and pytest rewrite every test module,
    again."""
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "CARCNB_DATA_DIR": str(data)}


def _passed(code: int) -> int:
    return 0 if code in (0, 5) else code


Part = tuple[str, str, list[str], Callable[[int], int]]  # name, title, command, its exit code read


def streams() -> list[list[Part]]:
    """The parts run beside the unit tests: each stream's parts one after the other, the streams at once."""
    return [[("e2e", "The browser tests", BROWSER, _passed)],
            [("check", "The puzzles checked", CHECK, int),
             ("notebooks", "The notebooks and the site", NOTEBOOKS, _passed)]]


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="carcnb-test-") as work:
        root = Path(work)
        sides = [Beside(root, parts) for parts in streams()]
        for side in sides:
            side.start()
        try:
            started = time.monotonic()
            unit = _passed(subprocess.run(UNIT, env=_env(root / "unit"), check=False).returncode)
            print(f"The unit tests took {time.monotonic() - started:.0f} s.", flush=True)
            for side in sides:
                side.join()
        finally:
            for side in sides:
                side.stop()
        for side in sides:
            for name, title, _, _ in side.parts:
                print(f"\n{title} (run beside the unit tests, {side.seconds[name]:.0f} s):", flush=True)
                sys.stdout.write(side.log(name).read_text(encoding="utf-8", errors="replace"))
        sys.stdout.flush()
    return next((code for code in (unit, *(c for side in sides for c in side.codes)) if code), 0)


class Beside(threading.Thread):
    """Parts run one after the other beside the unit tests, each writing to a log of its own; ``codes`` holds
    their exit codes (a part that never ran fails)."""

    def __init__(self, root: Path, parts: list[Part]):
        super().__init__(daemon=True)
        self.root = root
        self.parts = parts
        self.codes = [1] * len(parts)
        self.seconds = {name: 0.0 for name, _, _, _ in parts}
        self.running: subprocess.Popen | None = None
        self.stopped = False

    def log(self, name: str) -> Path:
        return self.root / f"{name}.log"

    def run(self) -> None:
        for k, (name, _, cmd, code) in enumerate(self.parts):
            self.log(name).touch()
            if self.stopped:
                return
            started = time.monotonic()
            with self.log(name).open("wb") as out:
                self.running = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                                env=_env(self.root / name))
                self.codes[k] = code(self.running.wait())
            self.seconds[name] = time.monotonic() - started

    def stop(self) -> None:
        """Stop the part still running and any after it (the unit tests were interrupted)."""
        self.stopped = True
        if self.running is not None and self.running.poll() is None:
            self.running.terminate()
            self.running.wait()


if __name__ == "__main__":
    sys.exit(main())
