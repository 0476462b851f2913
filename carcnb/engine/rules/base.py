"""The base game: the turn (draw, place, deploy, score), discarding, and final scoring."""
from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from carcnb.engine.actions import Action, Deploy, Discard, Draw, Pass, Place, deploy, draw, places_at
from carcnb.engine.board import Placements, expand
from carcnb.engine.features import Feature, Node
from carcnb.engine.geometry import AROUND, Pos, pos_text
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.scoring import ScoreRow, score_completed, score_fields, score_unfinished
from carcnb.engine.steps import CHANCE, Step
from carcnb.engine.tiles import catalogue

if TYPE_CHECKING:
    from carcnb.engine.state import GameState
    from carcnb.engine.tiles import TileType


# Every rule module starts alike (its name, start tile, pile); what each returns is its own.
class BaseRules(RuleModule):
    name = "base"

    def start_tile(self, sets: frozenset[str]) -> str | None:
        return "D"

    def pile(self, sets: frozenset[str], rulings: dict[str, str]) -> dict[int, dict[str, int]]:
        return {2: {t.id: t.count for t in catalogue().of_set("base")}}

    def can_deploy(self, state: GameState, node: Node) -> bool:
        pos, i = node
        return state.board.tiles[pos].orient.segments[i].kind != "river"


def draw_or_end(state: GameState) -> None:
    """Start the active player's turn with the draw, or end the game when the pile is empty: a turn that
    never comes has no effects before its draw (a flood spreads only on a turn that is played)."""
    state.push((_DRAW,) if state.pile_stage() else (_FINAL,))


def discard_and_redraw(state: GameState) -> None:
    """The tile in hand leaves the game and the player draws again (or the game ends)."""
    state.hand = None
    state.todo = ()
    draw_or_end(state)


def turn_steps(state: GameState) -> list[Step] | tuple[Step, ...]:
    tile = state.hand_tile
    for hook in state.hooks["turn_steps"]:
        steps = hook(state, tile)
        if steps is not None:
            return steps
    return _TURN


@dataclass(frozen=True)
class DrawStep(Step):
    def actor(self, state: GameState) -> int | None:
        return CHANCE

    def legal(self, state: GameState) -> list[Action]:
        return [draw(t) for t in sorted(state.pile_stage())]

    def apply(self, state: GameState, action: Action) -> None:
        """The effects at the start of the turn, before the draw (the flood's spread), then the draw: they
        belong to the drawer's turn, so the turn before ends without them."""
        assert isinstance(action, Draw)
        for before_draw in state.hooks["before_draw"]:
            before_draw(state)
        state.take_from_pile(action.tile)
        state.hand = action.tile
        state.push(turn_steps(state))


def legal_placements(state: GameState) -> list[tuple[int, int, int]]:
    """The legal (x, y, rot) placements of the tile in hand, sorted."""
    return expand(placement_groups(state))


def placement_groups(state: GameState) -> list[Placements]:
    """The legal placements of the tile in hand by position: ``(x, y, rotations)``, sorted."""
    tile = state.hand_tile
    found = state.board.placement_groups(tile)
    closed = closed_positions(state)
    if closed:
        found = [group for group in found if (group[0], group[1]) not in closed]
    for hook in limiting(state, tile):
        found = hook(state, tile, found)
    return found


def closed_positions(state: GameState) -> Collection[Pos]:
    """The open positions where no tile may be placed now (``RuleModule.closed_positions``)."""
    closed: Collection[Pos] = ()
    for hook in state.hooks["closed_positions"]:
        found = hook(state)
        if found:
            closed = frozenset(closed) | frozenset(found) if closed else found
    return closed


def limiting(state: GameState, tile: TileType) -> list[Callable]:
    """The rule modules' ``filter_placements`` that the turn must ask with ``tile`` in hand now."""
    return [hook for hook in state.hooks["filter_placements"] if hook.__self__.limits_placements(state, tile)]


def place_actions(state: GameState) -> list[Action]:
    """The legal placements of the tile in hand as actions, in order (``placement_groups``, faster when no
    rule module's filter must be asked: each open position keeps its actions by the rotations that fit)."""
    tile = state.hand_tile
    if limiting(state, tile):
        return places_at(placement_groups(state))
    board = state.board
    masks, open_, closed = tile.fit_masks, board.open, closed_positions(state)
    found: list[Action] = []
    for pos, by_mask in board.spots:
        mask = masks[open_[pos]]
        if mask and pos not in closed:
            found += by_mask[mask]
    return found


# The base turn's steps: alike in shape (who acts, what is legal), each a different part of the turn.
@dataclass(frozen=True)
class PlaceStep(Step):
    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        return place_actions(state) or [_DISCARD]

    def apply(self, state: GameState, action: Action) -> None:
        if isinstance(action, Discard):
            discard_and_redraw(state)
            return
        assert isinstance(action, Place)
        state.board.put(action.pos, state.hand_tile, action.rot)
        state.placed = action.pos
        state.hand = None
        for after_place in state.hooks["after_place"]:
            state.push(after_place(state, action.pos))

    def describe(self) -> str:
        return "place the tile"

    def refusal(self, state: GameState, action: Action) -> str | None:
        if not isinstance(action, Place) or state.hand_tile is None:
            return None
        tile, at = state.hand_tile, pos_text(action.pos)
        if action.pos in state.board.tiles:
            return f"{at} already holds a tile"
        found = state.board.placement_groups(tile)
        if not _among(found, action):
            return f"{tile.id} turned {action.rot} does not fit at {at}: an edge does not match, or no tile is beside"
        for hook in state.hooks["filter_placements"]:
            found = hook(state, tile, found)
            if not _among(found, action):
                module = hook.__self__
                return module.placement_refusal(state, tile, action.pos) or f"the {module.name} rules forbid it there"
        return None


def _among(groups: list[Placements], action: Place) -> bool:
    return any((x, y) == action.pos and action.rot in rots for x, y, rots in groups)


def deploy_targets(state: GameState, pos, color: str) -> list[Node]:
    """Segments of the tile at ``pos`` where ``color`` may deploy: unoccupied feature, follower in supply."""
    if state.supply(color) <= 0:
        return []
    board = state.board
    info, find = board.info, board.find
    rules = state.hooks["can_deploy"]
    out = []
    for i in range(len(board.tiles[pos].orient.segments)):
        node = (pos, i)
        if info[find(node)].nfollowers:
            continue
        for can_deploy in rules:
            if not can_deploy(state, node):
                break
        else:
            out.append(node)
    return out


@dataclass(frozen=True)
class DeployStep(Step):
    def actor(self, state: GameState) -> int | None:
        return state.turn

    def legal(self, state: GameState) -> list[Action]:
        pos = state.placed
        nodes = deploy_targets(state, pos, state.active)
        segments = state.board.tiles[pos].orient.segments
        acts: list[Action] = [deploy(pos, port) for port in sorted(segments[i].anchor for _, i in nodes)]
        acts.append(_PASS)
        return acts

    def apply(self, state: GameState, action: Action) -> None:
        if isinstance(action, Deploy):
            state.board.add_follower(state.board.node_at(action.pos, action.port), state.active)
        for after_deploy in state.hooks["after_deploy"]:
            state.push(after_deploy(state))

    def describe(self) -> str:
        return "deploy a follower"


def turn_candidates(state: GameState) -> list[Node]:
    """Segments whose features this turn may have completed: the placed tile's, nearby cloisters, and any
    a rule module touched (``ext['touched']``)."""
    tiles = state.board.tiles
    nodes: list[Node] = []
    pos = state.placed
    if pos is not None and pos in tiles:
        nodes += [(pos, i) for i in range(len(tiles[pos].orient.segments))]
        x, y = pos
        for dx, dy in AROUND:
            t = tiles.get((x + dx, y + dy))
            if t is not None and t.orient.cloister >= 0:
                nodes.append(((x + dx, y + dy), t.orient.cloister))
    nodes += state.ext.get("touched", ())
    return nodes


def score_turn(state: GameState, nodes: list[Node]) -> list[ScoreRow]:
    """Score every completed feature among ``nodes`` that has followers, and send the followers home."""
    board = state.board
    tiles, info, find = board.tiles, board.info, board.find
    seen = set()
    rows = []
    for node in nodes:
        if node[0] not in tiles:
            continue
        root = find(node)
        if root in seen or not info[root].nfollowers:
            continue
        seen.add(root)
        if not board.is_complete(root):
            continue
        feature = board.feature(root)
        if not all(completable(board, feature) for completable in state.hooks["completable"]):
            continue
        row = score_completed(board, feature, state.game.rulings, state.modules)
        rows.append(row)
        state.add_points(row)
        for f in feature.followers:
            board.remove_follower((f.pos, f.segment), f.color)
    return rows


@dataclass(frozen=True)
class ScoreStep(Step):
    def run(self, state: GameState) -> None:
        score_turn(state, turn_candidates(state))
        state.set_ext("touched", None)
        for after_score in state.hooks["after_score"]:
            state.push(after_score(state))


@dataclass(frozen=True)
class EndTurnStep(Step):
    def run(self, state: GameState) -> None:
        state.placed = None
        state.turn = (state.turn + 1) % len(state.players)
        draw_or_end(state)


def final_rows(state: GameState) -> list[ScoreRow]:
    """End-of-game scoring of the board as it stands (effects before final scoring already applied)."""
    board = state.board
    rows = []
    fields: list[Feature] = []
    for feature in board.features(occupied=True):  # only followers score at the end
        if feature.kind == "field":
            fields.append(feature)
        elif feature.followers and feature.kind != "river":
            if feature.complete and all(completable(board, feature) for completable in state.hooks["completable"]):
                rows.append(score_completed(board, feature, state.game.rulings, state.modules))
            else:
                rows.append(score_unfinished(board, feature, state.modules))
    rows += score_fields(board, fields, state.game.rulings, state.modules)
    return rows


def end_effects(state: GameState) -> None:
    """Apply the effects that come after the last tile and before final scoring (the earthquake's tokens)."""
    for before_final in state.hooks["before_final"]:
        before_final(state)


def apply_final(state: GameState) -> list[ScoreRow]:
    """Apply the effects before final scoring, score the board and end the game."""
    state.j.setattr(state, "final_from", len(state.rows))
    end_effects(state)
    rows = final_rows(state)
    for row in rows:
        state.add_points(row)
    state.j.setattr(state, "over", True)
    return rows


@dataclass(frozen=True)
class FinalStep(Step):
    def run(self, state: GameState) -> None:
        apply_final(state)


# The steps and the action without fields are values: one of each serves every turn.
_TURN = (PlaceStep(), DeployStep(), ScoreStep(), EndTurnStep())
_DRAW, _FINAL, _PASS, _DISCARD = DrawStep(), FinalStep(), Pass(), Discard()
