"""How soon the command line answers: `carcnb rulings` from start to exit, as a whole process, the best of
five (a command imports only what it uses: no drawing or widget library).

Target: <= 0.5 s on a quiet machine."""
from __future__ import annotations

import subprocess
import sys
import time

from sizes import sized
from targets import at_most


def main() -> None:
    runs = []
    for _ in range(sized(5, 1)):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "carcnb", "rulings"], check=True, capture_output=True)
        runs.append(time.perf_counter() - started)
    print(f"carcnb rulings start-up: {min(runs):.2f} s best of {len(runs)} {at_most(min(runs), 0.5, ' s')}")


if __name__ == "__main__":
    main()
