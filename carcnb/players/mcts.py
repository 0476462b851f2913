"""The look-ahead player: Monte Carlo search over sampled futures of the real pile.

Its moves are whole lines of the turn (``lines``: where the tile goes together with the follower decision, or
each step of a disaster or a ferry), so a placement is never judged before its follower. The exact turn search
ranks every line by how it leaves the game (``lines.judge``); the best few, and the greedy player's line, are
the candidates (progressive widening: a line the turn search ranks far down is not worth a future).

Each candidate is then played out in sampled futures: the next draws come from the pile's contents, each tile
as likely as its count, by the player's own random generator (a player at the table knows the pile, never the
order of its draws); the other players reply as the greedy player would, the mover plays its own best line by
the turn search, for ``DRAWS`` draws; the position reached is judged by ``lines.judge`` (the mover's margin).
Every candidate is played in the same futures (common random numbers: the differences between candidates
are measured with far less noise than their values), and the futures are shared out by successive halving:
every candidate gets the first round, the better half the next round of twice as many, and so on until one
is left or the budget is spent. The candidate with the best mean over the futures the survivors share is
played; the rest of its line is followed at the mover's next decisions of the same turn.

A budget of iterations (futures played, over all candidates) plays the same game for the same seed. A budget
of seconds is measured in the process's CPU time, so a loaded machine thinks as far as an idle one would.
"""
from __future__ import annotations

import math
import random
import time

from carcnb.engine.actions import Action
from carcnb.engine.errors import SearchLimitError
from carcnb.engine.state import GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.players.greedy import GreedyPlayer
from carcnb.players.lines import NODE_LIMIT, TENTHS, Line, best_line, greedy_line, judge, judged_turn, turn_lines
from carcnb.search.solve import Solver, objective

WIDTH = 3  # candidates beside the greedy line, best first by the turn search
# draws a future goes on for after the candidate's turn (two players: the opponent's reply, then the mover's own
# next turn): it won 74% of 100 base games against greedy at 0.5 s a move, against 63% with one draw
DRAWS = 2
FIRST_ROUND = 2  # futures every candidate gets before the worse half is set aside
REPLY_NODES = 5_000  # a reply's turn search stops here; past it the reply is greedy's, decision by decision
# With a budget of seconds, the candidates' and the replies' turn searches stop after about this many positions
# a second of it (some 3,000 positions a second with every set): a turn in which the other players decide too
# (a meteor, a tornado) can hold far more, and searching it whole took up to 15 times the budget.
CANDIDATE_NODES_PER_SECOND = 3_000


class MctsPlayer:
    """``iterations`` (futures over all candidates: the same game for the same seed) or ``seconds`` of CPU time
    per decision; one of them is needed."""

    name = "mcts"

    def __init__(self, seed: int = 0, *, iterations: int | None = None, seconds: float | None = None):
        if iterations is None and seconds is None:
            raise ValueError("give the tree search a budget: iterations or seconds per decision")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.node_limit = (NODE_LIMIT if seconds is None
                           else min(NODE_LIMIT, round(seconds * CANDIDATE_NODES_PER_SECOND)))
        self.plan: tuple[Action, ...] = ()  # the rest of the line chosen, for the mover's next decisions
        self.planned_for: tuple | None = None  # the state (``key``) at which ``plan[0]`` is to be played

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.plan and self.planned_for == state.key() and self.plan[0] in legal:
            line = self.plan
        else:
            weighed = self.weigh(state)
            line = max(weighed, key=lambda w: w[1])[0].actions
        self.plan, self.planned_for = line[1:], None
        if self.plan:
            state.apply(line[0], check=False)
            self.planned_for = state.key()
            state.undo()
        return line[0]

    def weigh(self, state: GameState) -> list[tuple[Line, float]]:
        """The candidate lines still in the running when the budget ran out, each with its mean margin over
        the futures they all were played in (the state is left as it was)."""
        started = time.process_time()
        candidates = self.candidates(state)
        if len(candidates) == 1:
            return [(candidates[0], 0.0)]
        seat = state.current_player()
        margins: dict[int, list[float]] = {i: [] for i in range(len(candidates))}
        contenders = list(range(len(candidates)))
        seeds: list[int] = []
        played = spent = 0
        goal = FIRST_ROUND
        while len(contenders) > 1:
            for future in range(played, goal):
                if future == len(seeds):
                    seeds.append(self.rng.getrandbits(64))
                for i in contenders:
                    if self._spent(spent, started):
                        return _shared_means(candidates, contenders, margins)
                    margins[i].append(future_margin(state, candidates[i].actions, seat, seeds[future],
                                                    min(REPLY_NODES, self.node_limit)))
                    spent += 1
            played = goal
            ranked = sorted(contenders, key=lambda i: -sum(margins[i][:played]))
            contenders = ranked[:max(1, math.ceil(len(ranked) / 2))]
            goal = played * 2
        return _shared_means(candidates, contenders, margins)

    def candidates(self, state: GameState) -> list[Line]:
        """The best ``WIDTH`` lines by the turn search, and the line that reaches where greedy's line does when
        it is not among them; when the turn is too big to search within ``node_limit``, the best ``WIDTH``
        single decisions (the state is left as it was)."""
        try:
            greedy = greedy_line(state, self.node_limit)
        except SearchLimitError:
            return turn_lines(state, node_limit=0)[:WIDTH]  # the exact search of the same turn would stop too
        lines = turn_lines(state, self.node_limit)
        chosen = lines[:WIDTH]
        for action in greedy:
            state.apply(action, check=False)
        reached = state.key()
        for _ in greedy:
            state.undo()
        if all(c.reached != reached for c in chosen):
            chosen.extend(line for line in lines if line.reached == reached)
        return chosen

    def _spent(self, spent: int, started: float) -> bool:
        if self.iterations is not None and spent >= self.iterations:
            return True
        return self.seconds is not None and time.process_time() - started >= self.seconds


def _shared_means(candidates: list[Line], contenders: list[int],
                  margins: dict[int, list[float]]) -> list[tuple[Line, float]]:
    """Each contender's mean over the futures every contender was played in; with none in common, each
    contender's worth by the turn search (the budget ran out before a future was played)."""
    shared = min(len(margins[i]) for i in contenders)
    if shared == 0:
        return [(candidates[i], candidates[i].worth / TENTHS) for i in contenders]
    return [(candidates[i], sum(margins[i][:shared]) / shared) for i in contenders]


def future_margin(state: GameState, line: tuple[Action, ...], mover: int, seed: int,
                  reply_nodes: int = REPLY_NODES) -> float:
    """The mover's margin (``judge``) after ``line`` and ``DRAWS`` more draws of future ``seed``, the others
    replying as greedy would, the mover by its own turn search (each reply's search valuing at most
    ``reply_nodes`` positions); played on a fork of ``state``."""
    state = state.fork(record=True)  # the turn searches try actions and take them back
    for action in line:
        state.apply(action, check=False)
    rng = random.Random(seed)
    draws = 0
    while (who := state.current_player()) != TERMINAL:
        if who == CHANCE:
            if draws == DRAWS:
                break
            draws += 1
            state.apply(state.sample_chance(rng), check=False)
            continue
        for action in _reply(state, who == mover, reply_nodes):
            state.apply(action, check=False)
    return objective(judge(state), mover) / TENTHS


def _reply(state: GameState, own: bool, nodes: int) -> tuple[Action, ...]:
    """The line a player to act in a future plays: the mover its own best line by the turn search, another
    player greedy's; a turn too big to search is played one decision at a time, each judged by the standing
    right after it (the search of the same turn from here would stop at the same limit)."""
    try:
        if own:
            return best_line(state, Solver(state, nodes, leaf=judged_turn))
        return greedy_line(state, nodes)
    except SearchLimitError:
        return (GreedyPlayer(node_limit=0).choose(state),)
