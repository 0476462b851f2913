"""`make bench`: every benchmark of the kit, printing figures (no pass/fail)."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

for name in sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py")):
    print(f"== {name}")
    importlib.import_module(name).main()
