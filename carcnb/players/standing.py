"""How a game stands: each player's score if the game ended now (the end-of-game scoring of the board added to
the points already scored), and the margins it gives. The computer players judge positions by it: it values
what a turn leaves open, which this turn's points alone do not."""
from __future__ import annotations

from carcnb.engine.journal import Journal
from carcnb.engine.rules.base import final_rows
from carcnb.engine.state import GameState
from carcnb.search.openvalue import end_of_game_scores

Values = tuple[float, ...]


def standing(state: GameState) -> tuple[int, ...]:
    """Each player's total, in seat order, if the game ended now; the state is left exactly as it was."""
    if state.over:
        return tuple(state.scores[c] for c in state.players)
    if state.hooks["before_final"]:  # effects before the final scoring (the earthquake): played and taken back
        if not state.j.records:  # a random playout's state keeps no record to take them back: a copy does
            state = state.clone()
            state.j = state.board.j = Journal()
        return end_of_game_scores(state)
    scores = dict(state.scores)
    for row in final_rows(state):
        for c in row.scorers:
            scores[c] += row.points
    return tuple(scores[c] for c in state.players)


def margins(values: Values) -> Values:
    """Each player's value minus the best other player's (a two-player game: plus and minus the difference)."""
    out = []
    for seat, own in enumerate(values):
        others = values[:seat] + values[seat + 1:]
        out.append(own - max(others))
    return tuple(out)
