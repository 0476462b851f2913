"""Which rule page explains what happened: each event of an expansion's rule (a tornado step, a ferry laid, the
meteor landing, ...) named by its rule, the clause of the rule page that teaches it, and the page to read.

A game against the computer says, under a turn where such a rule fired, "Tornado: 3. Two steps each, clockwise
from the placer — see 06-tornado.ipynb", so a player learns the rule at the moment it matters. The clauses are
the pages' own headings (``tests/test_play_game.py`` keeps them so); events of the base game name no page.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from carcnb.engine.tiles import catalogue
from carcnb.telling.events import (CropChosen, CropPassed, Event, FerryLaid, FerryMoved, FerryStays, FloodPlaced,
                                   FloodSpread, FollowerLeft, FollowerPut, MeteorAimed, MeteorLanded, QuakeStruck,
                                   TilePlaced, TornadoDropped, TornadoMoved, TornadoPicked, TornadoSetDown,
                                   TornadoStopped)


@dataclass(frozen=True)
class RuleNote:
    """A clause of a rule page: the rule's name, the clause's heading and the page (a notebook's file name)."""

    rule: str
    clause: str
    page: str

    def text(self) -> str:
        return f"{self.rule}: {self.clause} — see {self.page}"

    def __str__(self) -> str:
        return self.text()


_PAGES = {"Earthquake": "03-earthquake.ipynb", "Flood": "04-flood.ipynb", "Meteor": "05-meteor.ipynb",
          "Tornado": "06-tornado.ipynb", "Ferries": "07-ferries.ipynb", "Crop circle": "08-crop-circles.ipynb"}


def _clause(rule: str, heading: str) -> RuleNote:
    return RuleNote(rule, heading, _PAGES[rule])


# The tile placed, by its flag: the clause that says what placing it starts.
_PLACED = {
    "earthquake": _clause("Earthquake", "1. An ordinary tile until the end"),
    "tornado": _clause("Tornado", "2. The token goes on the new tile, and the game waits"),
    "ferry_lake": _clause("Ferries", "2. A lake tile is placed like any tile"),
    "crop_circle": _clause("Crop circle", "2. Place it, and play the turn as usual"),
}

# Each event of an expansion's rule, by its type: the clause that teaches it.
_BY_EVENT: dict[type, RuleNote] = {
    MeteorLanded: _clause("Meteor", "6. The meteor replaces the tile"),
    FloodPlaced: _clause("Flood", "1. The flood tile replaces a river tile"),
    FloodSpread: _clause("Flood", "3. On the next turn the flood spreads"),
    TornadoMoved: _clause("Tornado", "3. Two steps each, clockwise from the placer"),
    TornadoPicked: _clause("Tornado", "4. The tornado picks up followers"),
    TornadoSetDown: _clause("Tornado", "5. A follower already inside is swapped"),
    TornadoStopped: _clause("Tornado", "6. Twelve steps, or until it is stuck"),
    TornadoDropped: _clause("Tornado", "7. The owner puts the carried follower down"),
    FerryLaid: _clause("Ferries", "4. Then the ferry must be laid"),
    FerryMoved: _clause("Ferries", "7. Extending a road moves its ferry"),
    FerryStays: _clause("Ferries", "14. Other expansions"),
    CropChosen: _clause("Crop circle", "3. The placer chooses for everyone"),
    CropPassed: _clause("Crop circle", "7. Clockwise from the placer's left, the placer last"),
    QuakeStruck: _clause("Earthquake", "3. Before the final scoring, the cities are destroyed"),
}
_TOKENS = _clause("Earthquake", "2. The range: two squares straight, one diagonally")  # tokens down on placement
_AIMED = _clause("Meteor", "2. The drawer points at a tile")
_MOVED = _clause("Meteor", "3. Every other player may move it")
_ADDED = _clause("Crop circle", "5. Add: one more beside one of your own")
_TAKEN = _clause("Crop circle", "6. Remove: one of your own goes home")


def note_for(event: Event, rulings: Mapping[str, str] | None = None) -> RuleNote | None:
    """The clause of a rule page that teaches ``event``, or None for an event of the base game. ``rulings``
    (the game's) tell the earthquake placed under ``earthquake.timing = on_place``, whose tokens go down at
    once, from the one that waits for the end."""
    if isinstance(event, TilePlaced):
        tile = catalogue()[event.tile]
        if tile.has("earthquake") and rulings is not None and rulings.get("earthquake.timing") == "on_place":
            return _TOKENS
        return next((note for flag, note in _PLACED.items() if tile.has(flag)), None)
    if isinstance(event, MeteorAimed):
        return _AIMED if event.first else _MOVED
    if isinstance(event, FollowerPut):
        return _ADDED if event.added else None
    if isinstance(event, FollowerLeft):
        return _TAKEN if event.cause == "taken" else None
    return _BY_EVENT.get(type(event))


def rule_notes(events: Iterable[Event], rulings: Mapping[str, str] | None = None) -> list[RuleNote]:
    """The clauses the events call for, each once, in the order they first fired."""
    found: dict[RuleNote, None] = {}
    for event in events:
        note = note_for(event, rulings)
        if note is not None:
            found.setdefault(note)
    return list(found)


def every_note() -> list[RuleNote]:
    """Every clause this module may name (for the check that each is a heading of its page)."""
    notes = [*_PLACED.values(), *_BY_EVENT.values(), _TOKENS, _AIMED, _MOVED, _ADDED, _TAKEN]
    return list(dict.fromkeys(notes))
