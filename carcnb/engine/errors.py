"""The kit's errors: one family of ``ValueError`` subclasses with messages that quote the input.

``printable`` makes a file name whose bytes are not UTF-8 (Python keeps such bytes as lone surrogates) safe to
print in a message or show in a widget.
"""
from __future__ import annotations

import codecs


def _escape(err: UnicodeError) -> tuple[str, int]:
    """A codec error handler: a byte of a file name that is not UTF-8 as ``\\xNN``, any other character the
    output cannot take as a backslash escape."""
    bad = err.object[err.start:err.end]
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff"
                   else c.encode("ascii", "backslashreplace").decode("ascii") for c in bad), err.end


ESCAPE = "carcnb.printable"
codecs.register_error(ESCAPE, _escape)


def printable(text: str) -> str:
    """``text`` with the undecodable bytes of a file name written as ``\\xNN``: safe in any message."""
    return text.encode("utf-8", ESCAPE).decode("utf-8")


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
    """An action that is not legal in the current state: ``action`` (its notation), the decision it came to
    (``where``) and, when the rule can say, ``why`` it is not legal there."""

    def __init__(self, message: str, action: str = "", where: str = "", why: str | None = None):
        self.action, self.where, self.why = action, where, why
        super().__init__(message)


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
