"""Who sits at the table of a game against the computer, and the small file that remembers it beside a save.

A seat is played by ``you`` (a person: the clicks, or the terminal) or by a computer player of a level
(``random``, ``greedy``, ``mcts``). The position file keeps the game exactly, but the position format has no
key for who plays a seat (``carcnb/1`` refuses unknown keys), so a save writes them in a sidecar next to it:
``game.toml`` and ``game.players.toml``. A position loaded without its sidecar keeps the players the game
had (or asks for them when the number of seats differs).
"""
from __future__ import annotations

import math
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from carcnb.engine.errors import CarcnbError, printable
from carcnb.players.match import LEVELS, Budget
from carcnb.storage.files import read_text
from carcnb.storage.safewrite import write_file

HUMAN = "you"
SEATS = (HUMAN, *LEVELS)
HINTS = ("greedy", "mcts")
FORMAT = "carcnb-play/1"
SIDECAR = ".players.toml"
MOST_SECONDS = 600.0
MOST_ITERATIONS = 1_000_000


class SeatsError(CarcnbError):
    """Players, budget or a sidecar that cannot be used; the message says what is expected."""


@dataclass(frozen=True)
class Seats:
    """Who plays each seat, in seat order; the draws' seed; how long the computer thinks; the hint's level."""

    levels: tuple[str, ...]
    seed: int
    budget: Budget
    hint: str = "mcts"

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(i for i, level in enumerate(self.levels) if level == HUMAN)

    def as_toml(self) -> str:
        doc: dict[str, object] = {"format": FORMAT, "players": list(self.levels), "seed": self.seed,
                                  "hint": self.hint}
        if self.budget.iterations is not None:
            doc["iterations"] = self.budget.iterations
        else:
            doc["seconds"] = self.budget.seconds
        return tomli_w.dumps(doc)


def seats(levels: Sequence[str], seed: int | None = None, seconds: float | None = 0.5,
          iterations: int | None = None, hint: str = "mcts") -> Seats:
    """Checked seats: 2 to 6 of ``you``/a level, a budget of iterations (when given) or seconds per decision.
    Without a seed, one is chosen and kept (a save writes it: the draws go on as they would have)."""
    levels = tuple(str(level).strip().lower() for level in levels)
    if not 2 <= len(levels) <= 6:
        raise SeatsError(f"players: expected 2 to 6 seats, each one of {', '.join(SEATS)} (such as you,mcts), "
                         f"got {len(levels)}")
    wrong = [level for level in levels if level not in SEATS]
    if wrong:
        raise SeatsError(f"players: unknown player {printable(wrong[0])!r}: expected one of {', '.join(SEATS)}")
    if hint not in HINTS:
        raise SeatsError(f"hint: unknown level {printable(str(hint))!r}: expected one of {', '.join(HINTS)}")
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MOST_ITERATIONS:
            raise SeatsError(f"iterations: expected a whole number from 1 to {MOST_ITERATIONS}, got {iterations!r}")
        budget = Budget(iterations=iterations)
    else:
        if (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds)
                or not 0 < seconds <= MOST_SECONDS):
            raise SeatsError(f"seconds: expected a number of seconds above 0 and at most {MOST_SECONDS:g}, "
                             f"got {seconds!r}")
        budget = Budget(seconds=float(seconds))
    if seed is None:
        seed = random.randrange(2 ** 31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise SeatsError(f"seed: expected a whole number from 0, got {seed!r}")
    return Seats(levels, seed, budget, hint)


def sidecar_of(path: str | Path) -> Path:
    """The players' file beside a saved game: ``game.toml`` -> ``game.players.toml``."""
    path = Path(path)
    return path.with_name(path.stem + SIDECAR) if path.suffix == ".toml" else path.with_name(path.name + SIDECAR)


def write_sidecar(path: str | Path, chosen: Seats) -> Path:
    target = sidecar_of(path)
    write_file(target, f"# who plays the game saved in {Path(path).name} (carcnb play)\n" + chosen.as_toml())
    return target


def read_sidecar(path: str | Path) -> Seats | None:
    """The seats saved beside the game at ``path``; None when there is no such file."""
    target = sidecar_of(path)
    if not target.is_file():
        return None
    where = printable(str(target))
    try:
        doc = tomllib.loads(read_text(target))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise SeatsError(f"{where}: not a players file ({e})") from None
    if doc.get("format") != FORMAT:
        raise SeatsError(f'{where}: expected format = "{FORMAT}"')
    players = doc.get("players")
    if not isinstance(players, list) or any(not isinstance(p, str) for p in players):
        raise SeatsError(f'{where}: expected players = ["you", "mcts", ...]')
    try:
        return seats(players, doc.get("seed"), doc.get("seconds", 0.5), doc.get("iterations"),
                     doc.get("hint", "mcts"))
    except SeatsError as e:
        raise SeatsError(f"{where}: {e}") from None
