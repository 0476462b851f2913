"""A game against the computer, apart from any widget: the table, the turns told in words, Undo, a hint, and
saving and loading.

The board is the editor's model in play mode, so a person's clicks (placing, turning, deploying, aiming the
meteor, stepping the tornado, moving a ferry) mean exactly what they mean in the editor. Around it the game
draws each tile from the seeded pile by itself, and after each decision of a person lets the computer seats
(``carcnb.players``) play until a person must decide again or the game is over. Decisions that leave a person
no choice are played for them, and told like the rest.

Every action is told as it is played (``telling.account.told`` on a copy of the game kept beside it), so each
turn reads "blue places V on 1,0; blue puts a thief on the road ...; blue scores 4 ...", and under it the
clause of the rule page that explains what an expansion's rule did ("Tornado: 3. Two steps each, clockwise
from the placer — see 06-tornado.ipynb").

The draws are seeded by the game's seed and the number of tiles drawn so far: Undo, or a saved game loaded
again, draws the same tiles in the same places of the pile.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from carcnb.engine.actions import Action, Draw
from carcnb.engine.errors import CarcnbError, IllegalPositionError, printable
from carcnb.engine.geometry import Pos
from carcnb.engine.state import COLORS, Game, GameState
from carcnb.engine.steps import CHANCE, TERMINAL
from carcnb.engine.tiles import SETS
from carcnb.players.match import make_player
from carcnb.players.player import Player
from carcnb.positions.dump import save as save_position
from carcnb.positions.game_io import position_from_state, problems
from carcnb.positions.parse import load as load_position
from carcnb.telling.account import Entry, carried_named, told
from carcnb.telling.rulepages import RuleNote, rule_notes
from carcnb.widgets.editor.model import PLAY, EditorModel
from carcnb.widgets.editor.views import HandView, Picture
from carcnb.widgets.game.seats import HUMAN, Seats, SeatsError, read_sidecar, seats, sidecar_of, write_sidecar
from carcnb.widgets.listening import Listened

__all__ = ["HUMAN", "GameModel", "Turn"]

DRAW_SEED = 1_000_003  # the draws' generator: seed * DRAW_SEED + tiles drawn so far


def thinking_copy(state: GameState) -> GameState:
    """A copy of the game for a computer player to try actions on (a fork: it does not carry the record that
    undoes the game so far, which would cost more to copy with every turn); what the player tries on it, it
    records and takes back itself."""
    return state.fork(record=True)


@dataclass(frozen=True)
class Turn:
    """One player's turn told: whose (``player`` a colour, ``seat`` ``you`` or the computer's level), each
    event in words, and the clauses of the rule pages that explain what the expansions' rules did."""

    number: int
    player: str
    seat: str
    lines: tuple[str, ...]
    rules: tuple[RuleNote, ...]
    finished: bool = True

    @property
    def who(self) -> str:
        return f"{self.player} (you)" if self.seat == HUMAN else f"{self.player} (computer, {self.seat})"

    def headline(self) -> str:
        return f"Turn {self.number}: {self.who}" + ("" if self.finished else ", so far")

    def text(self) -> str:
        """The turn as a few lines: the headline, each event, then "Rule: ..." for each rule that fired."""
        return "\n".join([self.headline(), *(f"  {line}" for line in self.lines),
                          *(f"  Rule: {note}" for note in self.rules)])


class GameModel(Listened):
    """A game of 2 to 6 seats, each ``you`` (a person) or a computer level (``random``, ``greedy``, ``mcts``).

    ``seconds`` (or ``iterations``, for the same game every time) is how long the tree search thinks a decision,
    and a hint too; ``hint`` is the level that answers "what would the computer play?"."""

    def __init__(self, sets: Iterable[str] = ("base",), rulings: Mapping[str, str] | None = None,
                 players: Sequence[str] = (HUMAN, "mcts"), *, seconds: float | None = 0.5,
                 iterations: int | None = None, seed: int | None = None, hint: str = "mcts"):
        chosen = seats(players, seed, seconds, iterations, hint)
        sets = tuple(sets)
        unknown = [s for s in sets if s not in SETS]
        if unknown:
            raise SeatsError(f"sets: unknown set {printable(str(unknown[0]))!r}: expected some of {', '.join(SETS)}")
        game = Game(players=COLORS[:len(chosen.levels)], sets=frozenset(sets), rulings=dict(rulings or {}))
        self._listeners: list[Callable[[], None]] = []
        self.version = 0
        self._start(EditorModel(GameState(game, seed=chosen.seed), mode=PLAY), chosen, "a new game")

    @classmethod
    def open(cls, path: str | Path, players: Sequence[str] | None = None) -> GameModel:
        """A saved game (``save``) as it was left; raises ``CarcnbError`` saying why it cannot be played."""
        model = cls.__new__(cls)
        model._listeners = []
        model.version = 0
        board, chosen = model._read(path, players, None)
        model._start(board, chosen, f"loaded {printable(str(path))}")
        return model

    def _start(self, board: EditorModel, chosen: Seats, how: str) -> None:
        self.board = board
        self.seats = chosen
        self._loaded = how.startswith("loaded")
        self.computers: dict[int, Player] = {i: make_player(level, chosen.seed * 7 + i, chosen.budget)
                                             for i, level in enumerate(chosen.levels) if level != HUMAN}
        state = board.state
        self._base = len(state.history)  # the actions before it (a loaded turn's) are not told
        self._teller = state.clone()  # the same game, told action by action
        self._told: list[Entry] = []
        self._turns: list[Turn] | None = None
        self._first = state.active
        self._total = sum(sum(stage.values()) for stage in state.game.pile())
        self._decisions: list[int] = []  # where the people's decisions were, as lengths of the history
        self.last_suggestion: Action | None = None
        self._play_on()
        self.status = f"{how}. {self.prompt()}"
        self._notify(changed=True)

    # ----- the table ---------------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game as it stands (change it only through the model's commands)."""
        return self.board.state

    @property
    def colors(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.state.scores)

    @property
    def human_to_act(self) -> bool:
        """Whether a person's decision is what the game waits for."""
        return self.state.current_player() in self.seats.humans

    def seat_name(self, color: str) -> str:
        """``red (you)`` or ``blue (computer, mcts)``."""
        level = self.seats.levels[self.colors.index(color)]
        return f"{color} (you)" if level == HUMAN else f"{color} (computer, {level})"

    def table(self) -> str:
        """Each seat with its points and followers in supply, in seat order."""
        st = self.state
        return " · ".join(f"{self.seat_name(c)}: {st.scores[c]} points, {st.supply(c)} followers"
                          for c in self.colors)

    def result(self) -> str:
        """The scores in words, with who leads (or won)."""
        scores = self.state.scores
        said = ", ".join(f"{c} {scores[c]}" for c in self.colors)
        top = max(scores.values())
        first = [c for c in self.colors if scores[c] == top]
        verb = "wins" if self.over else "leads"
        if len(first) > 1:
            return f"{said}: {' and '.join(first)} {'tie' if self.over else 'are level'} with {top}"
        return f"{said}: {first[0]} {verb}"

    def prompt(self) -> str:
        """What the game waits for, in words."""
        if self.over:
            return f"The game is over: {self.result()}."
        if self.human_to_act:
            return self.board.prompt()
        return "the computer is playing"

    def turns(self) -> list[Turn]:
        """Every turn told so far, in order; the last may be unfinished (a person is deciding in it)."""
        if self._turns is None:
            told_ = self._told
            starts = [i for i, e in enumerate(told_) if isinstance(e.action, Draw)]
            if told_ and (not starts or starts[0] != 0):
                starts.insert(0, 0)
            ends = starts[1:] + [len(told_)]
            turns = []
            for number, (a, b) in enumerate(zip(starts, ends), 1):
                entries = carried_named(told_[a:b])  # a figure the tornado carried, by what it was
                drawn = isinstance(entries[0].action, Draw)
                player = entries[0].own_event.who if drawn else self._first
                lines = tuple(line for e in entries for line in e.lines())
                notes = tuple(rule_notes((ev for e in entries for ev in e.events), self.state.game.rulings))
                turns.append(Turn(number, player, self.seats.levels[self.colors.index(player)], lines, notes,
                                  b < len(told_) or self.over))
            self._turns = turns
        return list(self._turns)

    # ----- what the board shows (the view's ``ClickableBoard``) ---------------------------------------------
    def picture(self) -> Picture:
        pic = self.board.picture()
        return replace(pic, key=("game",) + pic.key, decision=True)

    def in_hand(self) -> HandView:
        return self.board.in_hand()

    def targets(self) -> tuple[tuple[Pos, int | None], ...]:
        """The spots a click may choose in a person's decision (see ``EditorModel.targets``)."""
        return self.board.targets() if self.human_to_act else ()

    def legal_actions(self) -> list[str]:
        """A person's legal actions now, in notation (none while the computer plays or after the end)."""
        return self.board.legal_actions() if self.human_to_act else []

    def quick_actions(self) -> list[str]:
        """A person's legal actions that name no place on the board (pass, discard, crop add, ...)."""
        return self.board.quick_actions() if self.human_to_act else []

    def hover(self, pos: Pos | None, port: int | None = None) -> bool:
        """The pointer is over ``pos`` (None: off the board); True when the picture changes."""
        return self.board.hover(pos, port) if self.human_to_act else False

    # ----- a person's commands -----------------------------------------------------------------------------
    def click(self, pos: Pos, port: int | None = None) -> bool:
        """A click on the board: the editor's play, then the computer's replies."""
        return self._human(lambda board: board.click(pos, port))

    def choose(self, text: str) -> bool:
        """A decision written in the action notation (``place 0,1 90``, ``deploy 0,1 N``, ``pass``)."""
        return self._human(lambda board: board.apply_text(text))

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the tile in hand clockwise (negative: anticlockwise) before placing it."""
        if self.human_to_act:
            self.board.rotate(quarter_turns)
            self.status = self.board.status
        self._notify()

    def _human(self, command: Callable[[EditorModel], bool]) -> bool:
        if not self.human_to_act:
            self.status = (f"the game is over ({self.result()}): Undo takes back your last decision, or start "
                           f"a new game" if self.over else self.prompt())
            self._notify()
            return False
        before = len(self.state.history)
        done = command(self.board)
        if len(self.state.history) == before:
            self.status = self.board.status  # a refusal, or a click that narrowed a choice: it says which
            self._notify()
            return done
        self.last_suggestion = None
        told_before = sum(t.finished for t in self.turns())
        self._play_on()
        replies = [t for t in self.turns()[told_before:] if t.finished and t.seat != HUMAN]
        said = "".join(f"{t.who} played turn {t.number}. " for t in replies[-2:])
        self.status = said + self.prompt()
        self._notify(changed=True)
        return True

    @property
    def can_undo(self) -> bool:
        """Whether a person's earlier decision is there to go back to."""
        return any(d < len(self.state.history) for d in self._decisions)

    def undo(self) -> bool:
        """Back to the previous decision of a person, taking back the computer's replies and the draws since."""
        now = len(self.state.history)
        earlier = [d for d in self._decisions if d < now]
        if not earlier:
            self.status = "nothing to take back: this is the first decision of the game" + (
                " since it was loaded" if self._loaded else "")
            self._notify()
            return False
        while len(self.state.history) > earlier[-1]:
            self.board.undo()
        self._decisions = earlier
        self.last_suggestion = None
        self._sync()
        self.status = f"taken back. {self.prompt()}"
        self._notify(changed=True)
        return True

    def suggest(self) -> str:
        """What the computer would play for the person to act now: the decision in the action notation and
        what it does, in words (the ``hint`` level, within the game's budget). The action is kept in
        ``last_suggestion``."""
        if not self.human_to_act:
            self.status = f"no decision of yours to suggest: {self.prompt()}"
            self._notify()
            return self.status
        state = self.state
        color = state.players[state.current_player()]
        self._busy(f"the computer ({self.seats.hint}) is looking for {color}'s move…")
        player = make_player(self.seats.hint, self.seats.seed + len(state.history), self.seats.budget)
        action = player.choose(thinking_copy(state))
        lines = told(thinking_copy(state), action).lines()
        self.last_suggestion = action
        self.status = f"The computer would play {action}: {'; '.join(lines)}."
        self._notify()
        return self.status

    # ----- files -------------------------------------------------------------------------------------------
    def save(self, path: str | Path) -> bool:
        """Write the game as a position file (it loads as exactly this game) and who plays beside it
        (``game.players.toml``); on failure nothing is changed and the status says why."""
        target = Path(path)
        try:
            if target.is_dir():
                raise IsADirectoryError(f"{str(path)!r} is a directory")
            title = "A game against the computer: " + ", ".join(self.seat_name(c) for c in self.colors)
            save_position(position_from_state(self.state, title=title), target)
            side = write_sidecar(target, self.seats)
        except (OSError, CarcnbError) as e:  # like the editor's save in shape; a game also writes who plays
            self.status = f"not saved: {e}"
            self._notify()
            return False
        self.status = f"saved to {printable(str(path))} (who plays: {printable(side.name)}). {self.prompt()}"
        self._notify()
        return True

    def load(self, path: str | Path, players: Sequence[str] | None = None) -> bool:
        """Go on with a saved game. Who plays comes from ``players``, else the file saved beside it, else the
        seats this game has (when the number of players is the same). On failure the game is left as it was."""
        try:
            board, chosen = self._read(path, players, self.seats)
        except (OSError, CarcnbError) as e:
            self.status = f"not loaded: {e}"
            self._notify()
            return False
        self._start(board, chosen, f"loaded {printable(str(path))}")
        return True

    @staticmethod
    def _read(path: str | Path, players: Sequence[str] | None, current: Seats | None) -> tuple[EditorModel, Seats]:
        p = load_position(path)
        found = problems(p)
        if found:
            raise IllegalPositionError(found)
        side = read_sidecar(path)
        base = side or current
        if players is not None:
            chosen = seats(players, base.seed if base else None,
                           base.budget.seconds if base else 0.5, base.budget.iterations if base else None,
                           base.hint if base else "mcts")
        elif side is not None:
            chosen = side
        elif current is not None and len(current.levels) == len(p.players):
            chosen = current
        else:
            raise SeatsError(f"{printable(str(path))} has {len(p.players)} players and no "
                             f"{printable(sidecar_of(path).name)} beside it: say who plays each seat "
                             f"(such as {','.join([HUMAN] + ['mcts'] * (len(p.players) - 1))})")
        if len(chosen.levels) != len(p.players):
            raise SeatsError(f"the game has {len(p.players)} players ({', '.join(p.players)}): name "
                             f"{len(p.players)} seats, not {len(chosen.levels)}")
        return EditorModel(p, mode=PLAY, seed=chosen.seed), chosen

    # ----- the game going on -------------------------------------------------------------------------------
    def _play_on(self) -> None:
        """Draw, and play the computer seats' decisions and the people's that leave no choice, until a person
        must decide or the game is over."""
        board = self.board
        while (who := board.state.current_player()) != TERMINAL:
            state = board.state
            if who == CHANCE:
                self._play(self._draw(state))
                continue
            legal = state.legal_actions()
            if who in self.seats.humans and len(legal) > 1:
                break
            if len(legal) == 1:
                self._play(legal[0])
                continue
            self._busy(f"{self.seat_name(state.players[who])} is thinking…")
            player = self.computers[who]
            self._play(player.choose(state if player.name == "random" else thinking_copy(state)))  # it only reads
        self._sync()
        now = len(board.state.history)
        if self.human_to_act and (not self._decisions or self._decisions[-1] != now):
            self._decisions.append(now)

    def _play(self, action: Action) -> None:
        if not self.board.play(action):
            raise CarcnbError(f"the engine refused {action}: {self.board.status}")

    def _draw(self, state: GameState) -> Action:
        """The next tile from the pile's current stage, by the game's seed and how many tiles are drawn."""
        drawn = max(0, self._total - state.pile_size())
        return state.sample_chance(random.Random(self.seats.seed * DRAW_SEED + drawn))

    def _sync(self) -> None:
        """Tell the actions played since the last command (and forget those taken back)."""
        live, teller = self.state.history, self._teller
        same = self._base
        while same < min(len(live), len(teller.history)) and live[same] == teller.history[same]:
            same += 1
        changed = len(teller.history) != same or len(live) != same
        while len(teller.history) > same:
            teller.undo()
            self._told.pop()
        for action in live[same:]:
            self._told.append(told(teller, action))
        if changed:
            self._turns = None
