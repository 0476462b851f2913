"""Run every test of ``make test``: the browser tests and then ``carcnb check puzzles`` beside the rest.

The browser (e2e) tests spend most of their time waiting for JupyterLab and Chromium, and they wait for
states the page reports, never for time; so they run in a process of their own while the other tests and the
notebooks take the two cores, and ``carcnb check puzzles`` follows them in that process, so that no core
waits for the last of the tests. Their output is kept and printed when the rest is done. Each part gets its
own data folder. pytest's exit code 5 (no test collected) is not a failure of the kit.

Exit code: 0 when every part passed, else the first failing part's code.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
UNIT = [*PYTEST, "-n", "2", "--dist", "loadscope", "-m", "not e2e", "--nbval-lax", "--nbval-current-env",
        "tests", "notebooks"]
BROWSER = [*PYTEST, "-m", "e2e", "tests"]
CHECK = [sys.executable, "-m", "carcnb", "check", "puzzles"]


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


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="carcnb-test-") as work:
        root = Path(work)
        side = Beside(root)
        side.start()
        try:
            unit = _passed(subprocess.run(UNIT, env=_env(root / "unit"), check=False).returncode)
            side.join()
        finally:
            side.stop()
        for name, title in (("e2e", "The browser tests"), ("check", "The puzzles checked")):
            print(f"\n{title} (run beside the others):", flush=True)
            sys.stdout.write(side.log(name).read_text(encoding="utf-8", errors="replace"))
        sys.stdout.flush()
    return next((code for code in (unit, *side.codes) if code), 0)


class Beside(threading.Thread):
    """The browser tests, then the puzzles' check, one after the other beside the unit tests, each writing
    to a log of its own; ``codes`` holds their exit codes (a part that never ran fails)."""

    PARTS = (("e2e", BROWSER, _passed), ("check", CHECK, int))

    def __init__(self, root: Path):
        super().__init__(daemon=True)
        self.root = root
        self.codes = [1] * len(self.PARTS)
        self.running: subprocess.Popen | None = None
        self.stopped = False

    def log(self, name: str) -> Path:
        return self.root / f"{name}.log"

    def run(self) -> None:
        for k, (name, cmd, code) in enumerate(self.PARTS):
            self.log(name).touch()
            if self.stopped:
                return
            with self.log(name).open("wb") as out:
                self.running = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                                env=_env(self.root / name))
                self.codes[k] = code(self.running.wait())

    def stop(self) -> None:
        """Stop the part still running and any after it (the unit tests were interrupted)."""
        self.stopped = True
        if self.running is not None and self.running.poll() is None:
            self.running.terminate()
            self.running.wait()


if __name__ == "__main__":
    sys.exit(main())
