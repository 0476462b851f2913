"""Finding the position files a command was given (directories recursively)."""
from __future__ import annotations

from pathlib import Path

from ..errors import CarcnbError


def puzzle_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            files += sorted(p.rglob("*.toml"))
        elif p.exists():
            files.append(p)
        else:
            raise CarcnbError(f"{name}: no such file or directory")
    return files
