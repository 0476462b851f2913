"""Run every test of ``make test``: the browser tests beside the rest, then ``carcnb check puzzles``.

The browser (e2e) tests spend most of their time waiting for JupyterLab and Chromium, and they wait for
states the page reports, never for time; so they run in a process of their own while the other tests and the
notebooks take the two cores. Their output is kept and printed when the rest is done. Each part gets its own
data folder. pytest's exit code 5 (no test collected) is not a failure of the kit.

Exit code: 0 when every part passed, else the first failing part's code.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
UNIT = [*PYTEST, "-n", "2", "--dist", "loadscope", "-m", "not e2e", "--nbval-lax", "--nbval-current-env",
        "tests", "notebooks"]
BROWSER = [*PYTEST, "-m", "e2e", "tests"]
CHECK = [sys.executable, "-m", "carcnb", "check", "puzzles"]


def _env(data: Path) -> dict[str, str]:
    """The environment with a data folder of the part's own, so that no part sees another's saves."""
    data.mkdir()
    return {**os.environ, "CARCNB_DATA_DIR": str(data)}


def _passed(code: int) -> int:
    return 0 if code in (0, 5) else code


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="carcnb-test-") as work:
        root = Path(work)
        log = root / "e2e.log"
        with log.open("wb") as out:
            browser = subprocess.Popen(BROWSER, stdout=out, stderr=subprocess.STDOUT, env=_env(root / "e2e"))
            try:
                unit = _passed(subprocess.run(UNIT, env=_env(root / "unit"), check=False).returncode)
                print("\nThe browser tests (run beside the others):", flush=True)
                browser_code = _passed(browser.wait())
            finally:
                if browser.poll() is None:
                    browser.terminate()
                    browser.wait()
        sys.stdout.write(log.read_text(encoding="utf-8", errors="replace"))
        sys.stdout.flush()
        check = subprocess.run(CHECK, env=_env(root / "check"), check=False).returncode
    return next((code for code in (unit, browser_code, check) if code), 0)


if __name__ == "__main__":
    sys.exit(main())
