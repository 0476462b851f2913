"""An idea (``carcnb.telling.idea``) in words: the three hints that lead to it (its theme, what it turns on,
the kind of move), the sentences a reveal opens with, and a mined puzzle's account of why the obvious move
falls short. Every word comes from what the answer and the obvious move do, never from a file's prose."""
from __future__ import annotations

from carcnb.engine.actions import Place
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.telling.account import account
from carcnb.telling.events import (CropChosen, Event, FerryLaid, FerryMoved, FloodPlaced, FollowerLeft, FollowerPut,
                                   MeteorAimed, Passed, TilePlaced, TornadoDropped, TornadoMoved, TornadoPicked)
from carcnb.telling.idea import Idea
from carcnb.telling.wording import sentence

# Hint 1: the theme, and what it asks the solver to look for.
THEMES = {
    "destroy": ("knocking a follower out", "a disaster can take one of {opp}'s followers off the board, and with "
                "it the points it would score"),
    "steal": ("stealing", "{opp} holds a feature that {mover} can take over by putting more followers on it, so "
              "that {opp} scores nothing from it"),
    "share": ("sharing", "{mover} can join a feature {opp} holds with as many followers, so that both score it "
              "in full"),
    "deny": ("holding {opp} back", "the move that looks best also gives {opp} points: count what each choice "
             "gives {opp} too"),
    "feed": ("not feeding a farmer", "closing a city scores, but a farmer in a field beside it scores 3 for it "
             "at the end"),
    "reply": ("the reply", "{opp} decides something later in this turn: judge each choice by what {opp} does "
              "next"),
    "long": ("looking past the points now", "the move that scores most at once is not the one that leaves "
             "{mover} furthest ahead{end}"),
    "score": ("the points this turn", "count what each choice scores for {mover}, and what it gives the others"),
    "meteor": ("where the meteor falls", "the tile it hits leaves the game with its followers, and every "
               "feature that touched it ends at the crater"),
    "flood": ("where the flood breaks", "the river tile it replaces leaves the game with its followers, and a "
              "feature touching the flood can never be completed"),
    "tornado": ("the tornado's path", "it carries a follower off a tile it enters, and the owner puts it down "
                "where the tornado stops"),
    "ferry": ("the ferry", "which jetties it joins decides where the road goes, and whose thieves share it"),
    "crop circle": ("the crop circle", "everyone adds a follower, or takes one back, on the features of its "
                    "symbol"),
}


def _end(p: Position) -> str:
    return " at the end of the game" if p.pile == () else " once what is left open is counted"


def _fill(text: str, p: Position, idea: Idea) -> str:
    return text.format(opp=idea.opponent, mover=idea.mover, end=_end(p))


def theme_hint(p: Position, idea: Idea) -> str:
    """Hint 1: the theme, and what it asks to look for."""
    name, what = (_fill(text, p, idea) for text in THEMES[idea.theme])
    return f"The theme: {name}. {sentence(what)}."


def focus_hint(idea: Idea) -> str:
    """Hint 2: the piece or the feature the idea turns on."""
    return f"It turns on {idea.focus}."


def move_hint(p: Position, idea: Idea) -> str:
    """Hint 3: the kind of move the answer is (what its decisions do, never where), and what it achieves."""
    told = account(p, idea.answer.mine).entries[len(p.played):]
    kinds = list(dict.fromkeys(filter(None, (_kind(e.events[0], i and isinstance(told[i - 1].action, Place))
                                             for i, e in enumerate(told) if e.events))))
    move = ", then ".join(kinds) or "a pass"
    effect = {"destroy": f", so that {idea.focus} leaves the board",
              "steal": f", with more followers on that feature than {idea.opponent}",
              "share": f", with as many followers on that feature as {idea.opponent}",
              "reply": f", one that {idea.opponent}'s best answer cannot spoil"}.get(idea.theme, "")
    seat = _seat(p, idea)
    if idea.theme == "long" and idea.answer.own(seat) < idea.obvious.own(seat):
        effect = ", one that scores less now than the obvious move"
    return f"The move: {move}{effect}."


def _seat(p: Position, idea: Idea) -> int:
    return state_from_position(p).players.index(idea.mover)


def _kind(event: Event, after_place: bool) -> str:
    """What kind of decision an action's own event is, without saying where."""
    if type(event) in _KINDS:
        return _KINDS[type(event)]
    if isinstance(event, FollowerPut):
        return f"put a {event.figure.name} on {'it' if after_place else 'the board'}"
    if isinstance(event, MeteorAimed):
        return "aim the meteor" if event.first else "move the meteor"
    if isinstance(event, TornadoDropped):
        return f"put the carried {event.figure.name} down"
    if isinstance(event, FollowerLeft):
        return f"take back a {event.figure.name}"
    if isinstance(event, Passed):
        return next((words for start, words in _PASSES if event.what.startswith(start)), "pass")
    return ""


_KINDS: dict[type, str] = {  # the kinds of decision whose words need nothing from the event
    TilePlaced: "place the tile",
    TornadoMoved: "steer the tornado",
    TornadoPicked: "choose the follower the tornado takes",
    FerryLaid: "lay the ferry",
    FerryMoved: "move the ferry",
    FloodPlaced: "choose the river tile the flood replaces",
    CropChosen: "choose for everyone whether to add or remove",
}

_PASSES = (("puts no follower", "keep your followers in supply"), ("leaves the meteor", "leave the meteor where it is"),
           ("leaves the ferry", "leave the ferry where it is"), ("does not put back", "take the carried follower home"),
           ("adds nothing", "add nothing"))


# ----- the reveal ---------------------------------------------------------------------------------------------
def idea_text(p: Position, idea: Idea) -> str:
    """The idea in one or two sentences: what the answer does, then (when another move looks as good) how
    the obvious move compares."""
    seat = _seat(p, idea)
    a, o = idea.answer, idea.obvious
    opp, mover, focus = idea.opponent, idea.mover, idea.focus
    seats = state_from_position(p).players
    loss = o.valued[seats.index(opp)] - a.valued[seats.index(opp)] if opp in seats else 0
    first = {
        "destroy": f"knock out {focus}",
        "steal": f"steal {focus}: {mover} puts more followers on it than {opp} and takes its points alone",
        "share": f"share {focus}: {mover} puts as many followers on it as {opp}, and both score it",
        "deny": f"hold {opp} back: the answer keeps {focus} from {loss} more point{'s' * (loss != 1)}",
        "feed": f"don't feed {focus}: the obvious move closes a city that farm touches, worth {loss} more to {opp}",
        "reply": f"think of {opp}'s reply: after each choice {opp} answers as well as {opp} can, and the answer is "
                 "the choice whose value survives it",
        "long": f"look past the points now: along the answer, {focus}{_end(p)}",
        "score": f"take the points: along the answer, {focus}",
    }.get(idea.theme) or f"{THEMES[idea.theme][0]} decides it: along the answer, {focus}"
    out = f"The idea: {first}."
    if o.mine != a.mine:
        said = _obvious_said(p, idea)
        scores = f"scores {mover} {o.own(seat)} at once but " if idea.greedy else ""
        out += (f" The {'obvious move' if idea.greedy else 'nearest other choice'}, {said}, {scores}leaves {mover} "
                f"{lead(o.worth(seat))}{_end(p)}; the answer leaves {mover} {lead(a.worth(seat))}.")
    return out


def _obvious_said(p: Position, idea: Idea) -> str:
    """The obvious line's first decision that differs from the answer's, in words."""
    a, o = idea.answer.mine, idea.obvious.mine
    at = next((i for i, (mine, theirs) in enumerate(zip(o, a)) if mine != theirs), 0)
    said = account(p, o[:at + 1]).entries[-1].said
    return f"the same {'placement' if isinstance(a[0], Place) else 'first decision'}, then {said}" if at else said


def explanation(p: Position, idea: Idea) -> list[str]:
    """Why the obvious move falls short, told event by event: the answer's own events are the reveal's."""
    seat = _seat(p, idea)
    mover, a, o = idea.mover, idea.answer, idea.obvious
    if idea.greedy:
        out = [f"The obvious move: {_obvious_said(p, idea)}, which scores {mover} {o.own(seat)} at once."]
    else:
        out = [f"The nearest other choice: {_obvious_said(p, idea)}."]
    at = next((i for i, (mine, theirs) in enumerate(zip(o.mine, a.mine)) if mine != theirs), 0)
    entries = account(p, o.turn).entries[len(p.played) + at:]
    out += [f"- {line}" for i, entry in enumerate(entries) for line in entry.lines()[not i:]]
    when = "at the end of the game" if p.pile == () else "counting what is left open as at the end of the game,"
    out.append(f"It falls short: {when} it leaves {mover} {lead(o.worth(seat))}; the answer, {lead(a.worth(seat))}.")
    return out


def lead(n: int) -> str:
    if n == 0:
        return "level with the best opponent"
    return f"{abs(n)} point{'s' * (abs(n) != 1)} {'ahead of' if n > 0 else 'behind'} the best opponent"
