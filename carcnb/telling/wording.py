"""A puzzle's question in words, made from its kind and its position: what a player reads before answering.

The sentence never gives the answer away, and says everything the answer depends on: the rulings that differ
from the defaults and those that decide the answer, each with the reading in force, what a ``count`` counts, and what "best" means. For ``best`` it names the decision the player
faces now (the state's pending step): placing the tile in hand, aiming the meteor, moving the tornado or a
ferry, the crop circle choice, ... and says when the turn is the last of the game.
"""
from __future__ import annotations

from carcnb.engine.geometry import Pos, pos_text
from carcnb.engine.rules.base import DeployStep, PlaceStep
from carcnb.engine.rules.cropcircles import CropActStep, CropChoiceStep
from carcnb.engine.rules.ferries import LayFerryStep, MoveFerryStep
from carcnb.engine.rules.flood import FloodStep
from carcnb.engine.rules.meteor import MeteorStep
from carcnb.engine.rules.tornado import TornadoDropStep, TornadoMoveStep, TornadoPickStep
from carcnb.engine.rulings import RULINGS, involved, resolve
from carcnb.engine.state import GameState
from carcnb.engine.tiles import SYMBOLS, catalogue
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.telling.events import TilePlaced, TornadoMoved, tile_name

FINAL = "The game ends now. What does each player score?"
# What a count question counts (its ``counting``), said to the player.
COUNTING = {"boards": "count each spot and each way of turning the tile there where every edge matches; turns "
                      "that make the same board (the four of a crossroads) count once",
            "rotations": "count each spot and each of the four turns of the tile there where every edge matches, "
                         "turns that look the same included"}
_FEATURES = {"road": "roads", "city": "cities", "field": "fields"}


def question_text(p: Position) -> str:
    """The question of ``p`` in words, after the rulings it is asked under; a position without a question
    asks for the final scores."""
    return " ".join(filter(None, (rulings_text(p), reading_text(p), _asked(p))))


def _asked(p: Position) -> str:
    q = p.question
    if q is not None and q.kind == "count":
        name = tile_name(p.hand) if p.hand else "the tile in hand"
        return f"How many legal placements does {name} have here? {sentence(COUNTING[q.counting])}."
    if q is not None and q.kind == "best":
        state = state_from_position(p)
        if state.current_player() >= 0:
            return f"{decision_text(state)} {goal_text(state, q.horizon, q.level)}"
    return _final_text(p)


def readings_in_force(p: Position) -> list[tuple[str, str]]:
    """The rulings ``p`` is asked under, each with the reading in force (registry order): those its file sets
    otherwise than the defaults (among those its sets involve), and those its grade found to decide its answer
    (the ruling ids among its ``topics``), the one a question asks under each reading of left out."""
    rulings = dict(p.rulings)
    asked = p.question.under if p.question is not None else None
    changed = {rid for rid in involved(p.sets, rulings) if rid in rulings and rulings[rid] != RULINGS[rid].default}
    deciding = set(p.question.topics or ()) & set(RULINGS) if p.question is not None else set()
    here = resolve(rulings)
    return [(rid, here[rid]) for rid in RULINGS if rid in changed | deciding and rid != asked]


def rulings_text(p: Position) -> str:
    """The rulings ``p`` is asked under, in words with the reading in force (``readings_in_force``)."""
    said = "; ".join(option_text(rid, option) for rid, option in readings_in_force(p))
    return f"Rulings in force here: {said}." if said else ""


def reading_text(p: Position) -> str:
    """For a question asked under each reading of a ruling: which readings, or the one asked now."""
    q = p.question
    if q is None or q.under is None:
        return ""
    ruling = RULINGS[q.under]
    lead = f"This puzzle asks under each reading of '{ruling.question.rstrip('?')}' ({q.under})"
    if q.reading is not None:
        return f"{lead}; this time: {ruling.options[q.reading]} ({q.under} = {q.reading})."
    return f"{lead}: " + "; then ".join(f"{ruling.options[o]} ({q.under} = {o})" for o, _ in q.answer) + "."


def option_text(rid: str, option: str) -> str:
    """A ruling's reading in words and by name: "May the tornado cross or stop on an empty position: tiles in
    play only (tornado.over_empty = no)"."""
    ruling = RULINGS[rid]
    return f"{ruling.question.rstrip('?')}: {ruling.options[option]} ({rid} = {option})"


def goal_text(state: GameState, horizon: str = "turn", level: str = "random") -> str:
    """What "best" means for the player to act (the solver's objective, ``solve.objective``), and over what
    horizon: to the end of the turn, which on the last turn includes the end-of-game scoring. (A puzzle's
    answer is also best once what the turn leaves open is valued: ``carcnb check`` makes sure of it, see
    ``openvalue``; a position of the user's has no such promise, so the sentence makes none.)"""
    who = state.players[state.current_player()]
    others = "the other player" if len(state.players) == 2 else "the best-placed other player"
    if state.pile_size() == 0:
        return (f"Best is the line that gives {who} the most points from now to the end of the game, final "
                f"scoring included, minus what {others} gains.")
    if horizon == "game":
        left = state.pile_size()
        return (f"Best is the line with the highest expected final margin: {who}'s final score minus "
                f"{others}'s, over the rest of the game ({left} tile{'s' * (left != 1)} still to draw, in an order "
                f"nobody knows) as the {level} player plays it from every seat (carcnb analyse).")
    return (f"Best is the line that gives {who} the most points by the end of this turn minus what {others} "
            "gains, every player answering as well as they can.")


def sentence(text: str) -> str:
    """``text`` with a capital first letter (``the lake FA has ...`` starts a sentence)."""
    return text[:1].upper() + text[1:]


def decision_text(state: GameState) -> str:
    """The decision the player to act faces now, as a question; says so when the game ends after this turn."""
    seat = state.current_player()
    who = state.players[seat]
    Who = who.capitalize()
    step = state.todo[0]
    last = state.pile_size() == 0
    if isinstance(step, PlaceStep):
        tid = state.hand
        if last:
            text = f"{Who} places the last tile of the game, {tile_name(tid)}. Where, and with which follower"
        else:
            text = f"{Who} has drawn {tile_name(tid)}. Where should {who} place it, and with which follower"
        return text + _after_placing(tid) + "?"
    then = ", and then?" if _acts_again(state, seat) else "?"
    ending = " This is the last turn of the game." if last else ""
    if isinstance(step, DeployStep):
        return (f"{_placed(state, who, state.placed)} Where should {who} deploy a follower, if anywhere{then}"
                f"{ending}")
    if isinstance(step, MeteorStep):
        return _meteor_text(state, step, who) + ending
    if isinstance(step, FloodStep):
        return f"{Who} has drawn the flood. Which river tile should it replace{then}{ending}"
    if isinstance(step, TornadoMoveStep):
        here = pos_text(state.ext["tornado"])
        if step.k == 1:
            start, to = state.ext["tornado_move"][-2:]
            moved = TornadoMoved(who, start, to, state.ext["tornado_steps"]).text()
            return f"{sentence(moved)}. Where should {who} move it next{then}{ending}"
        return f"The tornado stands at {here}. Where should {who} move it{then}{ending}"
    # one question a decision: the branches share a shape and ask different things
    if isinstance(step, TornadoPickStep):
        return (f"The tornado enters {pos_text(state.ext['tornado'])}, where several figures stand. Which one "
                f"should {who} have it pick up{then}{ending}")
    if isinstance(step, TornadoDropStep):
        return (f"The tornado has stopped at {pos_text(state.ext['tornado'])}. Where should {who} put back the "
                f"follower it carried{then}{ending}")
    if isinstance(step, LayFerryStep):
        return f"{_placed(state, who, step.pos)} Which jetties should its ferry join{then}{ending}"
    if isinstance(step, MoveFerryStep):
        return (f"{Who} may move the ferry on the lake at {pos_text(step.pos)}. Where should it go, if anywhere"
                f"{then}{ending}")
    if isinstance(step, CropChoiceStep):
        return (f"{_placed(state, who, state.placed)} Its crop circle concerns followers on {_FEATURES[step.kind]}. "
                f"Which should {who} choose: everyone adds a follower, or everyone removes one{then}{ending}")
    if isinstance(step, CropActStep):
        feature = _FEATURES[step.kind]
        if step.mode == "add":
            return f"Crop circle, add: where should {who} add a follower on {feature}, if anywhere{then}{ending}"
        return f"Crop circle, remove: which of {who}'s followers on {feature} should go home{then}{ending}"
    return f"{Who} decides: {step.describe()}. What is best{then}{ending}"


def _placed(state: GameState, who: str, pos: Pos) -> str:
    """The placement this turn's decision follows, as the account says it: ``Red places V on 1,0.``"""
    placed = state.board.tiles[pos]
    return sentence(TilePlaced(who, placed.tile.id, pos, placed.rot).text()) + "."


def _acts_again(state: GameState, seat: int) -> bool:
    """Whether some choice now leaves ``seat`` with another decision straight after (probed and undone)."""
    for action in state.legal_actions():
        state.apply(action, check=False)
        again = state.current_player() == seat
        state.undo()
        if again:
            return True
    return False


# a phrase a special tile, like ``events.tile_name`` in shape: one ends a question, the other names the tile
def _after_placing(tid: str) -> str:
    """The decisions a special tile adds after placing it, as the end of the question."""
    tile = catalogue()[tid]
    if tile.has("tornado"):
        return ", and how should the tornado move"
    if tile.has("ferry_lake"):
        return ", and where should the ferries go"
    if tile.has("crop_circle") and tile.symbol in SYMBOLS:
        return f", and then: should followers on {_FEATURES[SYMBOLS[tile.symbol]]} be added or removed"
    return ""


def _meteor_text(state: GameState, step: MeteorStep, who: str) -> str:
    if step.phase == "aim":
        return f"{who.capitalize()} has drawn the meteor. Where should {who} aim, and then?"
    chosen: tuple[Pos, ...] = state.ext["meteor_chosen"]
    at = pos_text(chosen[-1])
    if step.phase == "move":
        return f"The meteor is headed for {at}. Should {who} move it, and where to?"
    return f"The meteor is headed for {at}. Should {who} move it one last time, and where to?"


def _final_text(p: Position) -> str:
    scores = dict(p.scores)
    if not any(scores.values()):
        return FINAL
    so_far = ", ".join(f"{c} {scores.get(c, 0)}" for c in p.players)
    return f"The game ends now. With the points scored so far ({so_far}), what is each player's total?"
