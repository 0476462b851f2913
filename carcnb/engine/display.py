"""Pictures of positions and game states in a notebook, without the engine importing a drawing library.

``Position._repr_png_`` and ``GameState._repr_png_`` ask this registry for a picture; the telling layer
(``carcnb.telling.render``) fills it when it is imported, as every notebook page and widget does. Before that
a value shows as its text.
"""
from __future__ import annotations

from collections.abc import Callable

_drawer: Callable[[object], bytes] | None = None


def register(drawer: Callable[[object], bytes]) -> None:
    """Draw positions and states with ``drawer`` (a value to its PNG bytes) from now on."""
    global _drawer
    _drawer = drawer


def png(value: object) -> bytes | None:
    """The picture of ``value``, or None while no drawer is registered (the notebook then shows its text)."""
    return None if _drawer is None else _drawer(value)
