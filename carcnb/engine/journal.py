"""An undo journal: every change to a game goes through it, so ``undo`` restores the state exactly."""
from __future__ import annotations

from typing import Any, Callable


class _Missing:
    """Marks a key that did not exist; one instance, kept by copies of a journal."""

    def __deepcopy__(self, memo: dict) -> _Missing:
        return self

    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _restore_item(d: dict, key: Any, old: Any) -> None:
    if old is _MISSING:
        d.pop(key, None)  # a later unjournaled change may have removed it already
    else:
        d[key] = old


class Journal:
    """Records the inverse of each change; ``rollback`` undoes everything since the last ``mark``."""

    __slots__ = ("entries", "marks")
    records = True

    def __init__(self) -> None:
        self.entries: list[tuple[Callable, Any, Any, Any]] = []
        self.marks: list[int] = []

    def setitem(self, d: dict, key: Any, value: Any) -> None:
        self.entries.append((_restore_item, d, key, d.get(key, _MISSING)))
        d[key] = value

    def delitem(self, d: dict, key: Any) -> None:
        self.entries.append((_restore_item, d, key, d[key]))
        del d[key]

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        self.entries.append((setattr, obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def inverse(self, undo: Callable[[Any, Any, Any], None], a: Any, b: Any, c: Any) -> None:
        """Record a change's own inverse: on rollback, ``undo(a, b, c)`` runs. Recorded before the change, an
        inverse that restores values as they were lets the change itself write directly, as often as it
        likes, until the next mark."""
        self.entries.append((undo, a, b, c))

    def mark(self) -> None:
        self.marks.append(len(self.entries))

    def rollback(self) -> None:
        stop = self.marks.pop()
        entries = self.entries
        while len(entries) > stop:
            fn, a, b, c = entries.pop()
            fn(a, b, c)

    @property
    def depth(self) -> int:
        return len(self.marks)


class Unrecorded(Journal):
    """A journal that records nothing, for a game that will never be taken back (a random playout): every
    change writes directly, and nothing is kept that the garbage collector would have to scan."""

    __slots__ = ()
    records = False

    def setitem(self, d: dict, key: Any, value: Any) -> None:
        d[key] = value

    def delitem(self, d: dict, key: Any) -> None:
        del d[key]

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        setattr(obj, name, value)

    def inverse(self, undo: Callable[[Any, Any, Any], None], a: Any, b: Any, c: Any) -> None:
        pass

    def mark(self) -> None:
        pass
