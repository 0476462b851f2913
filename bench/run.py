"""`make bench`: every benchmark of the kit, printing figures (no pass/fail). Each runs in a process of its
own, so that what one leaves in memory (caches, the garbage collector's work) never slows the next. With
``CARCNB_BENCH_TINY=1`` each does a token amount of work (``sizes.py``): the tests run them so."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def main() -> int:
    failed = []
    for path in sorted(HERE.glob("bench_*.py")):
        print(f"== {path.stem}", flush=True)
        if subprocess.run([sys.executable, str(path)]).returncode != 0:
            failed.append(path.name)
    if failed:
        print(f"these benchmarks stopped with an error: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
