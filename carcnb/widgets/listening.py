"""What every widget model shares with its view: the view registers a refresh with ``on_change``, and the
model calls it after each command, counting ``version`` up when what it shows changed."""
from __future__ import annotations

from collections.abc import Callable


class Listened:
    """A model with listeners; its ``__init__`` sets ``version = 0`` and ``_listeners = []``."""

    version: int
    status: str
    _listeners: list[Callable[[], None]]

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every command (a view refreshes itself from the model)."""
        self._listeners.append(callback)

    def _notify(self, changed: bool = False) -> None:
        if changed:
            self.version += 1
        for cb in self._listeners:
            cb()

    def _busy(self, message: str) -> None:
        """Say what the model is doing before it thinks or searches (a view shows it at once)."""
        self.status = message
        self._notify()
