"""The whole ``make test``: its time is kept by the last full run (timing it here would take minutes and
compete with the other benchmarks), so this prints that figure and when it was taken.

Target: under 4 minutes on this machine from a warm virtual environment."""
from __future__ import annotations

import sys
import time
from pathlib import Path

from targets import at_most

RECORD = Path(sys.prefix) / "test-seconds"  # written by `make test` into the virtual environment
TARGET = 240


def main() -> None:
    if not RECORD.is_file():
        print(f"make test: no full run recorded yet in {RECORD} (run `make test`, then `make bench` again)")
        return
    seconds = int(RECORD.read_text().strip())
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(RECORD.stat().st_mtime))
    print(f"make test, last full run ({when}): {seconds // 60} min {seconds % 60:02d} s   "
          f"{at_most(seconds, TARGET, ' s')}")


if __name__ == "__main__":
    main()
