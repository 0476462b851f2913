"""``carcnb play``: a game against the computer in a terminal.

``carcnb play --sets base --players you,mcts --seed 1`` seats a person (``you``) and computer players
(``random``, ``greedy``, ``mcts``), draws the board as text (``_terminal``) before each of the person's
decisions, and reads them from standard input in the action notation (``place 0,1 90``, ``deploy 0,1 N``,
``pass``); ``legal`` lists them, ``undo`` takes back the last one with the computer's replies, ``hint`` says
what the computer would play, ``save FILE`` writes the game (``--load FILE`` goes on with it), ``picture FILE``
draws it, ``quit`` (or Ctrl-D) stops. Each turn is told in words as it is played, with the rule page to read
when an expansion's rule fired. The game itself is ``carcnb.widgets.game.GameModel``, the notebooks' too.
Nothing here draws unless asked (``picture``, or ``--board`` with a picture protocol): matplotlib is never
loaded otherwise. Exit 0 at the game's end (or on ``quit``), 2 on bad options, 130 on Ctrl-C.
"""
from __future__ import annotations

import argparse
import sys

from carcnb.cli import _terminal
from carcnb.cli._budget import positive, seconds_up_to
from carcnb.engine.errors import CarcnbError
from carcnb.positions.game_io import position_as_it_stands
from carcnb.positions.model import TileLine
from carcnb.widgets.game.model import GameModel, Turn

COMMANDS = ("Type your decision in the action notation (such as place 0,1 90, deploy 0,1 N or pass), or: legal, "
            "undo, hint, save FILE, picture FILE, board, quit.")
BOARDS = ("text", "auto", *_terminal.PROTOCOLS)

_seconds = seconds_up_to(600, "0.5")


def run(args: argparse.Namespace) -> int:
    levels = tuple(p.strip() for p in args.players.split(",")) if args.players is not None else None
    if args.load:
        model = GameModel.open(args.load, players=levels)
    else:
        model = GameModel(_sets(args.sets), _rulings(args.rulings), levels or ("you", "mcts"),
                          seconds=args.move_seconds, iterations=args.move_iterations, seed=args.seed,
                          hint=args.hint)
    return Session(model, args.board).play()


def _sets(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in text.split(",") if s.strip())


def _rulings(text: str | None) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        rid, sep, option = item.partition("=")
        if not sep:
            raise CarcnbError(f"--rulings {text!r}: expected ID=OPTION pairs separated by commas, such as "
                              "tornado.steps=straight (carcnb rulings lists them)")
        pairs[rid.strip()] = option.strip()
    return pairs


class Session:
    """One game at the terminal: the turns told as they are played, the board before each of a person's
    decisions, and the person's lines read one by one."""

    def __init__(self, model: GameModel, board: str = "text"):
        self.model = model
        self.board = board
        self._said: dict[int, int] = {}  # turn number -> how many of its lines are printed
        self._rules: set[int] = set()  # the finished turns whose rule pages are printed

    def play(self) -> int:
        m = self.model
        budget = m.seats.budget
        thinking = f"{budget.iterations} iterations" if budget.iterations else f"{budget.seconds:g} s"
        print(f"carcnb play: {', '.join(m.seat_name(c) for c in m.colors)}; seed {m.seats.seed}; the tree search "
              f"thinks {thinking} a decision.")
        print(COMMANDS)
        self._show()
        while not m.over:
            try:
                line = input("> ").strip()
            except EOFError:
                print()
                return self._stop()
            if not self._command(line):
                return self._stop()
        print(f"The game is over: {m.result()}.")
        return 0

    def _stop(self) -> int:
        print(f"Stopped. The scores: {self.model.result()}.")
        return 0

    def _command(self, line: str) -> bool:
        """Do what the line says; False when the person stops."""
        m = self.model
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if not line:
            return True
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            print(COMMANDS)
        elif word == "legal":
            print("Legal now: " + ", ".join(m.legal_actions()))
        elif word == "board":
            self._board()
        elif word == "undo":
            if m.undo():
                self._forget()
                print("Taken back.")
                self._show()
            else:
                print(m.status)
        elif word == "hint":
            print("(the computer is thinking...)", flush=True)
            print(m.suggest())
        elif word in ("save", "picture"):
            if not rest:
                print(f"{word} needs a file name: {word} FILE")
            elif word == "save":
                m.save(rest)
                print(m.status.split(". ")[0] + ".")
            else:
                self._picture(rest)
        elif m.choose(line):
            self._show()
        else:
            legal = m.legal_actions()
            print(f"{_one_line(m.status)}; expected a decision in the action notation, such as {legal[0]} "
                  f"(legal lists them, help the commands)")
        return True

    def _show(self) -> None:
        """The turns' new lines, then (when a person decides) the board and what to decide."""
        m = self.model
        for turn in m.turns():
            self._tell(turn)
        if m.human_to_act:
            self._board()
            print(self._prompt())

    def _tell(self, turn: Turn) -> None:
        said = self._said.get(turn.number)
        if said is None:
            print(turn.headline().removesuffix(", so far"))
            said = 0
        for line in turn.lines[said:]:
            print(f"  {line}")
        self._said[turn.number] = len(turn.lines)
        if turn.finished and turn.number not in self._rules:
            for note in turn.rules:
                print(f"  Rule: {note}")
            self._rules.add(turn.number)

    def _forget(self) -> None:
        """After an undo: the turns as they now stand count as told (their later lines were taken back)."""
        turns = {t.number: t for t in self.model.turns()}
        self._said = {n: min(k, len(turns[n].lines)) for n, k in self._said.items() if n in turns}
        self._rules = {n for n in self._rules if n in turns and turns[n].finished}

    def _prompt(self) -> str:
        m = self.model
        st = m.state
        legal = m.legal_actions()
        what = st.todo[0].describe()
        if st.hand and any(a.startswith(("place ", "discard")) for a in legal):
            what = f"{what} {st.hand}"
        return (f"{m.seat_name(st.players[st.current_player()])}, {what}: such as {legal[0]} "
                f"({len(legal)} legal; type legal to list them).")

    def _board(self) -> None:
        m = self.model
        protocol = self.board if self.board in _terminal.PROTOCOLS else None
        if self.board == "auto" and sys.stdout.isatty():
            protocol = _terminal.image_protocol()
        print(m.table())
        if protocol is not None:
            from carcnb.telling.render import png_bytes

            sys.stdout.write(_terminal.inline_image(png_bytes(m.state, coords=True, decision=True), protocol))
            return
        print(_terminal.text_board(position_as_it_stands(m.state)))
        hand = m.state.hand
        if hand and m.human_to_act:
            cell = _terminal.tile_cell(TileLine(0, 0, hand, 0))
            print("\n".join([f"In hand: {hand}, as drawn (turned 0):"] + [f"  {row}" for row in cell]))

    def _picture(self, path: str) -> None:
        from carcnb.telling.render import save_picture

        try:
            save_picture(self.model.state, path, coords=True, decision=True)
        except (OSError, CarcnbError) as e:
            print(f"no picture written: {_one_line(str(e))}")
            return
        print(f"Picture: {path}")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def register(sub) -> None:
    p = sub.add_parser("play", help="play a game against the computer in the terminal")
    p.add_argument("--sets", default="base", help="sets in play, separated by commas: river, disasters, ferries, "
                   "cropcircles (base is always in)")
    p.add_argument("--players", help="2 to 6 seats of you, random, greedy, mcts, separated by commas, in seat "
                   "order (default you,mcts)")
    p.add_argument("--seed", type=int, help="the draws' seed: the same seed, the same tiles (default: any)")
    p.add_argument("--move-seconds", type=_seconds, default=0.5, metavar="T",
                   help="how long mcts thinks a decision (default 0.5)")
    p.add_argument("--move-iterations", type=positive, metavar="N",
                   help="mcts thinks N iterations a decision instead: the same seed then plays the same game")
    p.add_argument("--rulings", metavar="ID=OPTION,...", help="rulings other than the defaults")
    p.add_argument("--hint", choices=("mcts", "greedy"), default="mcts",
                   help="the player that answers hint (default mcts)")
    p.add_argument("--load", metavar="FILE", help="go on with a game saved with save FILE (who plays comes from "
                   "FILE's .players.toml beside it, or --players)")
    p.add_argument("--board", choices=BOARDS, default="text", help="how to draw the board: text (default), or "
                   "a picture inline: auto (in kitty or iTerm2), kitty, iterm")
    p.set_defaults(run=run)
