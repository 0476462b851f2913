"""The rulings registry: every open question of the rules texts as a named option with a default."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from carcnb.engine.errors import UnknownRulingError


@dataclass(frozen=True)
class Ruling:
    id: str
    question: str
    options: dict[str, str]  # option -> one line of meaning; the first is the default
    source: str  # where in the seeds the question arises
    short: dict[str, str]  # option -> a few words that name it in a sentence ("earthquake on placement")
    history: str = ""  # when its effect depends on earlier turns a position may not record: what the file must say
    # when it decides several things: each part (aspect) with its own few words per option, so that a position's
    # readings name only the parts it met ("a 2-tile city scores 4", not "3rd-edition farms")
    aspects: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def default(self) -> str:
        return next(iter(self.options))


_CROP = {t: f"the Ferries box adds {t}" for t in ("CR1", "CR2", "CF1", "CC1", "CC2")}
_CROP_SHORT = {t: f"{t} in the Ferries box" for t in ("CF2", *_CROP)}

# A table: each row is one ruling in its own words; the rows share a shape, not a meaning.
RULINGS: dict[str, Ruling] = {r.id: r for r in [
    Ruling("earthquake.timing", "Which board decides the earthquake tokens?",
           {"final": "the board after the last tile", "on_place": "the cities within range when EQ is placed"},
           "natural-disasters: Earthquake, 'Either during the game or before final scoring'",
           {"final": "earthquake at the end", "on_place": "earthquake on placement"},
           "on_place depends on which tiles were placed after the earthquake: put a quake@PORT token in each "
           "city that was within EQ's reach when it was placed (cities on later tiles get none); without tokens, "
           "EQ is taken as placed after every tile around it"),
    Ruling("earthquake.destroyed_center", "A meteor replaced EQ: is there still an earthquake?",
           {"none": "no tokens", "at_meteor": "range measured from the meteor"},
           "natural-disasters: Meteor may land on 'any tile that is already in play'",
           {"none": "no earthquake once the meteor hits EQ",
            "at_meteor": "earthquake around the meteor that hit EQ"}),
    Ruling("flood.without_river", "FL is drawn but no river tile is in play",
           {"redraw": "FL leaves the game, draw again", "any_tile": "FL replaces any non-start tile"},
           "natural-disasters: Flood, 'If you are playing with either River I or II'",
           {"redraw": "FL without a river redrawn", "any_tile": "FL without a river on any tile"}),
    Ruling("flood.followers_on_replaced", "Followers on the tile that FL replaces",
           {"return": "back to their owners", "lost": "out of the game"},
           "natural-disasters: Flood, 'remove that tile from the game'",
           {"return": "followers under FL go home", "lost": "followers under FL lost"}),
    Ruling("flood.covered_scope", "Which features the spread flood stops",
           {"segment": "any feature with a segment on a covered tile",
            "edge": "only features touching the outer edge of the cut-out area"},
           "natural-disasters: Flood, 'covers the 8 surrounding tiles'",
           {"segment": "the flood stops every covered feature",
            "edge": "the flood stops only features at its outer edge"}),
    Ruling("flood.covered_empty", "May a tile be placed on a covered empty position?",
           {"no": "covered empty positions take no tile", "yes": "they take tiles as usual"},
           "natural-disasters: Flood, the cut-out over the 8 surrounding positions",
           {"no": "no tile under the flood", "yes": "tiles under the flood"}),
    Ruling("flood.cloister_beside", "Does FL 'touch' a cloister that has it among its 8 neighbours?",
           {"dry": "no: the cloister completes when its 8 neighbours are tiles (FL counts as one)",
            "flooded": "yes: that cloister can never be completed"},
           "natural-disasters: Flood, 'Any features that touch the flood tile'",
           {"dry": "a cloister beside FL stays dry", "flooded": "a cloister beside FL flooded"}),
    Ruling("meteor.targets", "Tiles the meteor may not land on",
           {"start,spring,flood": "not the start tile, the spring or FL", "start": "only not the start tile"},
           "natural-disasters: Meteor, footnote 3",
           {"start,spring,flood": "meteor not on the start, spring or FL", "start": "meteor on any tile but the start"}),
    Ruling("meteor.adjacency", "'Adjacent to the last tile chosen'",
           {"orthogonal": "the 4 tiles sharing an edge", "king": "the 8 surrounding tiles"},
           "natural-disasters: Meteor, 'a tile adjacent to the last tile chosen'",
           {"orthogonal": "meteor moves to the 4 edge neighbours", "king": "meteor moves to the 8 neighbours"}),
    Ruling("meteor.followers_on_target", "Followers on the tile the meteor replaces",
           {"return": "back to their owners", "lost": "out of the game"},
           "natural-disasters: Meteor, 'replace the landscape tile with the meteor tile'",
           {"return": "followers under the meteor go home", "lost": "followers under the meteor lost"}),
    Ruling("meteor.ferry_on_target", "A ferry on a lake tile the meteor replaces",
           {"return": "back to the ferry supply", "lost": "out of the game"},
           "natural-disasters with the-ferries: neither text says",
           {"return": "a ferry under the meteor goes back", "lost": "a ferry under the meteor lost"}),
    Ruling("tornado.steps", "'2 spaces orthogonally'",
           {"turning": "two single steps, each N/E/S/W, may turn", "straight": "two steps in one direction"},
           "natural-disasters: Tornado, 'moving the tornado 2 spaces orthogonally'",
           {"turning": "tornado steps may turn", "straight": "tornado steps go straight"}),
    Ruling("tornado.over_empty", "May the tornado cross or stop on an empty position?",
           {"no": "tiles in play only", "yes": "an empty position picks up nothing"},
           "natural-disasters: Tornado, 'moves across or lands on a tile'",
           {"no": "tornado over tiles only", "yes": "tornado over empty positions too"}),
    Ruling("tornado.short_move", "A player can make only one of the two steps",
           {"stop": "one step, then the tornado stops", "skip": "the tornado stops without that step"},
           "natural-disasters: Tornado, 'or may not be moved any further'",
           {"stop": "a tornado with one step left makes it", "skip": "a tornado with one step left stops"}),
    Ruling("tornado.revisit", "'Not the same tile twice per turn'",
           {"per_move": "within one player's two steps, the tile the move starts from included",
            "per_tornado": "never twice in the whole event"},
           "natural-disasters: Tornado, 'may not be moved to the same tile twice per turn'",
           {"per_move": "no tile twice in one move", "per_tornado": "no tile twice in the whole tornado"}),
    Ruling("tornado.drop", "Must the owner put the carried follower back on the board when a feature is free?",
           {"must": "yes: it returns to supply only when no unoccupied, uncompleted feature is free",
            "may": "no: the owner may also take it back to supply"},
           "natural-disasters: Tornado, 'the owner decides where to place the follower on that tile'",
           {"must": "the carried follower must go back on the board", "may": "the carried follower may go home"}),
    Ruling("ferries.crop_circle_tile", "Which Crop Circles II tile the Ferries box adds",
           {"CF2": "the Ferries box adds CF2", **_CROP, "none": "no crop circle tile"},
           "the-ferries: Contents, '1 new land tile with crop circle'",
           {**_CROP_SHORT, "none": "no crop circle tile in the Ferries box"}),
    Ruling("cropcircles.add_where", "Where does a follower added by a crop circle stand?",
           {"segment": "next to one of the player's followers of that type, on its segment",
            "feature": "on any segment of a feature that holds one of the player's followers of that type"},
           "Crop Circles II: 'deploy it next to another of their followers' (later editions: 'add a meeple to a "
           "feature where you already have a meeple'); it matters when a ferry move later splits the road",
           {"segment": "an added follower stands beside its own",
            "feature": "an added follower stands anywhere on the feature"}),
    Ruling("scoring.edition", "Field scoring and two-tile cities",
           {"third": "3 per completed city per field; a 2-tile city scores 4",
            "second": "each city counts at most once per player; a 2-tile city scores 2"},
           "base game editions",
           {"third": "3rd-edition scoring", "second": "2nd-edition scoring"},
           aspects={"farms": {"third": "3rd-edition farms", "second": "2nd-edition farms"},
                    "city": {"third": "a 2-tile city worth 4", "second": "a 2-tile city worth 2"}}),
]}


# Points where the texts are silent but only one reading keeps the game playable or matches the text's
# wording; no option is offered for them.
READINGS: tuple[tuple[str, str], ...] = (
    ("start tile", "the tile at 0,0 of a position is the start tile (the meteor may not land on it)"),
    ("river bends", "'not the same way on two consecutive curves' compares each curve with the previous curve, "
                    "straight tiles between them or not"),
    ("meteor with no target", "when no tile may be hit, the meteor leaves the game and the drawer draws again, "
                              "like a tile that fits nowhere"),
    ("meteor on FL", "(ruling meteor.targets = start) features that touched FL stay flooded; the cut-out still "
                     "spreads around the meteor on the placer's next turn"),
    ("flood on a finished feature", "a feature completed before the cut-out came down stays complete"),
    ("tornado over MT and FL", "they are tiles in play: the tornado may cross and stop on them"),
    ("earthquake tokens", "a token sits on a city segment; under earthquake.timing = on_place the meteor or the flood "
                          "that replaces that tile takes the token with it, and a meteor that hits EQ itself leaves "
                          "the other tokens where they are (the earthquake has struck already): "
                          "earthquake.destroyed_center decides only under earthquake.timing = final"),
    ("ferry supply", "8 ferries for 8 lakes never run out, so meteor.ferry_on_target changes only the count of "
                     "ferries out of the game"),
    ("earlier turns", "a position is read as it stands. Of the rulings, only earthquake.timing = on_place needs "
                      "a turn a file may leave out (which tiles came after EQ) to score the board: `carcnb "
                      "readings` says so when EQ is down without `quake@PORT` tokens. The others act on the turn "
                      "being played (its `played` actions say it) or on what the file's board, pile and header "
                      "say; a meteor that hit EQ in an earlier turn is not known from a file, so "
                      "earthquake.destroyed_center decides only a meteor that lands in the turn played"),
)


# The sets a ruling's question needs in play (all of them) before it can change anything, by the ruling's
# first word; the exceptions by id.
_NEEDS_BY_RULE = {"earthquake": ("disasters",), "flood": ("disasters",), "meteor": ("disasters",),
                  "tornado": ("disasters",), "ferries": ("ferries",), "cropcircles": (), "scoring": ()}
_NEEDS_BY_ID = {"meteor.ferry_on_target": ("disasters", "ferries")}


def involved(sets: Iterable[str], chosen: dict[str, str] | None = None) -> list[str]:
    """The ids of the rulings that can change something in a game with ``sets`` (the base game is always
    on) under the ``chosen`` rulings, in registry order. Crop circle rulings need a crop circle tile: the
    ``cropcircles`` set, or The Ferries with ``ferries.crop_circle_tile`` naming one."""
    on = set(sets)
    crop_tile = resolve(chosen)["ferries.crop_circle_tile"] != "none"
    out = []
    for rid in RULINGS:
        needs = _NEEDS_BY_ID.get(rid, _NEEDS_BY_RULE[rid.split(".")[0]])
        if rid.startswith("cropcircles.") and not ("cropcircles" in on or "ferries" in on and crop_tile):
            continue
        if all(s in on for s in needs):
            out.append(rid)
    return out


def defaults() -> dict[str, str]:
    return {rid: r.default for rid, r in RULINGS.items()}


def resolve(overrides: dict[str, str] | None) -> dict[str, str]:
    """The full set of rulings for a game: defaults with ``overrides`` checked and applied."""
    chosen = defaults()
    for rid, option in (overrides or {}).items():
        if rid not in RULINGS:
            raise UnknownRulingError(f"unknown ruling {rid!r} (known: {', '.join(RULINGS)})")
        if not isinstance(option, str) or option not in RULINGS[rid].options:
            raise UnknownRulingError(
                f"ruling {rid!r} has no option {option!r} (options: {', '.join(RULINGS[rid].options)})")
        chosen[rid] = option
    return chosen


@dataclass
class Consulted:
    """What one evaluation of a position read: the rulings it consulted, in the order it first did, and the
    rulings whose effect it had to take on trust because the position does not record the turns it needs."""

    rulings: dict[str, None] = field(default_factory=dict)
    history: dict[str, None] = field(default_factory=dict)
    aspects: dict[str, dict[str, None]] = field(default_factory=dict)  # ruling -> the parts of it that mattered


_CONSULTED: ContextVar[Consulted | None] = ContextVar("carcnb_consulted", default=None)


class Rulings(dict):
    """A game's rulings (every id, defaults filled in). Reading one by its id tells the ``consulting()`` record
    in force that the game consulted it: readings branch only on what a position's answer consulted."""

    def __getitem__(self, rid: str) -> str:
        record = _CONSULTED.get()
        if record is not None:
            record.rulings[rid] = None
        return dict.__getitem__(self, rid)

    def get(self, rid: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self[rid] if rid in self else default


@contextmanager
def consulting() -> Iterator[Consulted]:
    """Record the rulings read (and the history taken on trust) while the block runs, in this thread."""
    record = Consulted()
    token = _CONSULTED.set(record)
    try:
        yield record
    finally:
        _CONSULTED.reset(token)


def consulted(rids: Iterable[str]) -> None:
    """Count ``rids`` as read now: for reads made once and remembered (which rule modules a game plays by)."""
    record = _CONSULTED.get()
    if record is not None:
        record.rulings.update(dict.fromkeys(rids))


def aspect_met(rid: str, aspect: str) -> None:
    """Say that the part ``aspect`` of ruling ``rid`` (``Ruling.aspects``) decides something here."""
    record = _CONSULTED.get()
    if record is not None:
        record.aspects.setdefault(rid, {})[aspect] = None


def history_missing(rid: str) -> None:
    """Say that ruling ``rid``'s effect here depends on earlier turns the position does not record (the rule
    module goes on with the reading ``RULINGS[rid].history`` explains)."""
    record = _CONSULTED.get()
    if record is not None:
        record.history[rid] = None


class ruled:
    """A rule module's attribute read from its ``rulings`` each time it is used, so that the read is recorded:
    the option in force, or (with ``option``) whether that option is."""

    def __init__(self, rid: str, option: str | None = None):
        self.rid, self.option = rid, option

    def __get__(self, module, owner=None):
        if module is None:
            return self
        record = _CONSULTED.get()
        if record is not None:
            record.rulings[self.rid] = None
        value = dict.__getitem__(module.rulings, self.rid)
        return value if self.option is None else value == self.option


def markdown() -> str:
    """The registry as a Markdown page (docs/rulings.md is this text)."""
    lines = ["# Rulings", "",
             "The rules texts leave these questions open. Each is a named option with a default; set others per",
             "game (`Game(rulings={...})`) or per position file (`rulings = { \"id\" = \"option\" }`). This page is",
             "generated by `carcnb rulings --markdown`.", ""]
    for r in RULINGS.values():
        lines += [f"## `{r.id}`", "", r.question, ""]
        lines += [f"- `{option}`{' (default)' if option == r.default else ''}: {meaning}"
                  for option, meaning in r.options.items()]
        lines += ["", f"Raised by: {r.source}.", ""]
        if r.history:
            lines += [f"Earlier turns: {r.history}.", ""]
    lines += ["## Readings without options", ""]
    lines += [f"- **{topic}**: {reading}" for topic, reading in READINGS]
    return "\n".join(lines) + "\n"
