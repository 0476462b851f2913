"""Glicko-2 ratings for the player and each puzzle, and the next puzzle to offer near the player's rating.

Each first try of a puzzle is one game between the player and the puzzle: a right first answer with no hint or
reveal before it is a win for the player, anything else a win for the puzzle, and both ratings move
(Glickman's Glicko-2, one game a rating period). A puzzle starts from its difficulty, the player from the usual
1500 with a wide deviation, so the first few tries move the player's rating most. The algorithm is the published one, checked against its worked
example in the tests.

A rating is kept within ``LIMITS``: wider than play reaches, narrow enough that the algorithm's sums stay finite
(two ratings further apart would make an expected score round to 1 and divide by zero; a larger deviation or
volatility would overflow when squared, a smaller volatility underflow). A rating read from a file outside them
is refused, and one computed outside them is brought back to the nearest limit.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, astuple, dataclass
from typing import TypeVar

SCALE = 173.7178  # Glicko-2's conversion between the Glicko scale and its own
TAU = 0.5  # how much the volatility may change: the published example's value
EPSILON = 1e-6  # the volatility iteration's convergence tolerance
START = 1500.0
PUZZLE_RATINGS = {1: 1100.0, 2: 1300.0, 3: 1500.0, 4: 1700.0, 5: 1900.0}  # a puzzle's first rating by difficulty
PUZZLE_DEVIATION = 200.0  # a grade is a fair first guess: less uncertain than a new player
LIMITS = {"rating": (-1000.0, 5000.0), "deviation": (1e-3, 1000.0), "volatility": (1e-6, 1.0)}


@dataclass(frozen=True)
class Rating:
    rating: float = START
    deviation: float = 350.0
    volatility: float = 0.06

    def as_dict(self) -> dict[str, float]:
        return {k: round(v, 6) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, doc: object) -> Rating:
        """The rating a progress file holds; ``ValueError`` saying what is wrong when it holds no usable one."""
        if not isinstance(doc, dict):
            raise ValueError(f"expected a table of {', '.join(LIMITS)}")
        values = []
        for name, (low, high) in LIMITS.items():
            value = doc.get(name)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise ValueError(f"its {name} {_shown(value)} is not a number")
            if not low <= value <= high:  # NaN fails too
                raise ValueError(f"its {name} {_shown(value)} is outside {low:g} to {high:g}")
            values.append(float(value))
        return cls(*values)

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.deviation:.0f}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _within_limits(r: Rating) -> Rating:
    return Rating(*(min(max(v, low), high) for v, (low, high) in zip(astuple(r), LIMITS.values())))


def puzzle_start(difficulty: int | None) -> Rating:
    """A puzzle's rating before anyone tried it: from its difficulty (3 when it has none)."""
    return Rating(PUZZLE_RATINGS.get(difficulty or 3, START), PUZZLE_DEVIATION)


def updated(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games``: (opponent, score) with score 1 a win, 0 a loss; every
    rating within ``LIMITS``."""
    mu, phi, sigma = (player.rating - START) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return _within_limits(Rating(player.rating, min(350.0, math.hypot(phi, sigma) * SCALE), sigma))
    terms = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - START) / SCALE, opponent.deviation / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
        expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
        terms.append((g, expected, score))
    v = 1 / sum(g ** 2 * e * (1 - e) for g, e, _ in terms)
    gain = sum(g * (s - e) for g, e, s in terms)
    sigma = _volatility(phi, sigma, v, v * gain, tau)
    phi_star = math.hypot(phi, sigma)
    phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    return _within_limits(Rating(START + SCALE * (mu + phi ** 2 * gain), SCALE * phi, sigma))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """The new volatility: the root of Glicko-2's f by the Illinois algorithm (step 5 of the paper)."""
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    return math.exp(big_a / 2)


def first_try(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after the player's first try of the puzzle (``solved``: the first answer right, with no hint
    or reveal before it)."""
    return updated(player, [(puzzle, float(solved))]), updated(puzzle, [(player, float(not solved))])


T = TypeVar("T")


def nearest(items: Iterable[T], rating_of: Callable[[T], float], target: float) -> list[T]:
    """``items`` ordered by how close their rating is to ``target`` (the easier first on a tie, then as given):
    the next puzzle to offer is the first. An ordering of its own, so another (say, never two puzzles from one
    board in a row) can be applied to its result."""
    indexed = list(enumerate(items))
    indexed.sort(key=lambda pair: (abs(rating_of(pair[1]) - target), rating_of(pair[1]), pair[0]))
    return [item for _, item in indexed]
