"""The kit's errors: one family of ``ValueError`` subclasses with messages that quote the input."""
from __future__ import annotations

from .files import printable


class CarcnbError(ValueError):
    """Any error the kit raises about what a user handed in."""


class CatalogueError(CarcnbError):
    """The tile catalogue data file is inconsistent."""


class PositionFormatError(CarcnbError):
    """A position file does not follow position-format.md; names the file, line, text and expectation."""

    def __init__(self, path: str, line: int, text: str, expected: str):
        self.path, self.line, self.text, self.expected = path, line, text, expected
        where = printable(f"{path}:{line}" if line else path)  # a file name may hold bytes that are not UTF-8
        shown = f" {text!r}:" if text else ""
        super().__init__(f"{where}:{shown} {expected}")


class IllegalActionError(CarcnbError):
    """An action that is not legal in the current state."""


class ActionSyntaxError(CarcnbError):
    """Text that does not spell an action."""


class IllegalPositionError(CarcnbError):
    """A command needed a legal position and got one with problems."""

    def __init__(self, problems: list):
        self.problems = problems
        super().__init__("position has problems:\n" + "\n".join(f"  - {p}" for p in problems))


class UnknownRulingError(CarcnbError):
    """A ruling id or option that the registry does not know."""


class SearchLimitError(CarcnbError):
    """The solver gave up: the search needed more positions than its limit allowed."""
