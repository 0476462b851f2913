"""The build hook that ships the repository's puzzles and notebooks inside the package.

Everything else is configured in pyproject.toml. ``puzzles/`` and ``notebooks/`` stay at the top of the
repository (one copy in git); building a wheel copies them to ``carcnb/data/puzzles`` and ``carcnb/data/notebooks``,
where ``carcnb.puzzles.collection`` finds them after ``pip install``. An editable install reads the repository's
own folders instead.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = {"puzzles": "*.toml", "notebooks": "*.ipynb"}  # folder: the files of it that the wheel carries


class BuildPyWithCollection(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        root = Path(__file__).resolve().parent
        for folder, pattern in SHIPPED.items():
            for source in sorted((root / folder).rglob(pattern)):
                if ".ipynb_checkpoints" in source.parts:
                    continue
                target = Path(self.build_lib, "carcnb", "data", folder, source.relative_to(root / folder))
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildPyWithCollection})
