"""How a game stands: each player's score if the game ended now, the end-of-game scoring of the board added to
the points already scored, and the margins it gives. The computer players judge positions by it: it values
what a turn leaves open, which this turn's points alone do not.

It is a judgement, read thousands of times a decision, so it reads the board as it is: the effects that come
before the real final scoring (the earthquake destroying the cities its tokens name) are left out. The real
end of the game (``rules.base.apply_final``) applies them."""
from __future__ import annotations

from carcnb.engine.rules.final_points import final_points
from carcnb.engine.state import GameState

Values = tuple[float, ...]


def standing(state: GameState) -> tuple[int, ...]:
    """Each player's total, in seat order, if the board were scored now; the state is not changed."""
    if state.over:
        return tuple(state.scores[c] for c in state.players)
    final = final_points(state)
    return tuple(state.scores[c] + final[c] for c in state.players)


def margins(values: Values) -> Values:
    """Each player's value minus the best other player's (a two-player game: plus and minus the difference)."""
    out = []
    for seat, own in enumerate(values):
        others = values[:seat] + values[seat + 1:]
        out.append(own - max(others))
    return tuple(out)
