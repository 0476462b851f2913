"""pytest's settings for the whole checkout (the tests' own are in tests/conftest.py).

nbval, which runs the notebooks, logs every message of the kernel at debug level and formats it with
``pprint.pformat`` before the log is asked whether it keeps debug lines: with the pictures the notebooks draw,
formatting messages no one reads was a third of the notebook run's time. Here a message is formatted only when
a debug log is written."""
from __future__ import annotations

import pprint


class _FormattedWhenWritten:
    """``pformat(obj)`` put off until the log line is written (``%s`` asks ``str``)."""

    def __init__(self, obj: object):
        self.obj = obj

    def __str__(self) -> str:
        return pprint.pformat(self.obj)


def pytest_configure(config) -> None:
    if config.pluginmanager.hasplugin("nbval"):
        import nbval.kernel

        nbval.kernel.pformat = _FormattedWhenWritten
