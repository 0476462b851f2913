"""The notation page: how to read the names verdicts, answers and decision lists use (``deploy 0,1 NNW``,
``drop blue 0,0 ENE``, ``ferry 1,0 S-W``), taught once with pictures, and the key to the pictures' marks.

``write_notation(out_dir, root)`` writes ``notation.md`` and its pictures (``carcnb notation -o docs``);
``notation_notebook`` makes the same page a notebook whose pictures travel inside it (``notebooks/notation.ipynb``,
which every page links and the site publishes). Each decision's example is taken from the puzzle
collection: the first puzzle whose file plays that kind of decision (in ``played`` or its answer line), drawn
just before it with the step numbered on the board.
"""
from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from carcnb.engine.actions import (Action, Crop, Deploy, Discard, Ferry, Flood, Meteor, Pass, Pick, Place, Remove,
                                   TornadoStep, parse_action)
from carcnb.engine.actions import Drop as DropAction
from carcnb.engine.errors import CarcnbError
from carcnb.engine.geometry import PORT_NAMES
from carcnb.positions.game_io import state_from_position
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.search.questions import readings_asked
from carcnb.storage.safewrite import check_folder, refuse_overwrite, write_file
from carcnb.telling.markup import Code, Text

SETS = ("base", "river", "disasters", "ferries", "cropcircles")
TORNADO_EVENT = (TornadoStep, Pick, DropAction)


def reading_help(coords: bool = True) -> Text:
    """One line on how to read a picture and the notation, for a post's readers, pointing at the page; the
    numbers along the picture's edges are named only when it has them (``coords``)."""
    numbered = ("columns (x, east) are numbered along the bottom of the picture and rows (y, north) along the "
                "left; " if coords else "")
    return (f"How to read it: {numbered}a port names a place on a tile (N E S W the middles of its edges, NNW NNE "
            "ENE ... their halves, C the centre), so ", Code("deploy 0,1 NNW"), " is a follower on 0,1 at NNW. "
            "Every decision, port and mark of the picture: ", Code("docs/notation.md"), " of carcnb (",
            Code("carcnb notation -o DIR"), " writes it).")


@dataclass(frozen=True)
class Decision:
    """One kind of decision: the class of its actions, its notation's form and what it means."""

    kind: type[Action]
    form: str
    meaning: str


# A table of the decisions, one row each: the rows share a shape and teach different notations.
DECISIONS: tuple[Decision, ...] = (
    Decision(Place, "place X,Y ROT", "put the tile in hand on the tile spot X,Y, turned ROT degrees clockwise "
             "(0, 90, 180 or 270)"),
    Decision(Deploy, "deploy X,Y PORT", "put a follower on the feature of the tile at X,Y that holds PORT"),
    Decision(Pass, "pass", "deploy nothing, leave the meteor where it is, leave a ferry, take a carried "
             "follower home"),
    Decision(Discard, "discard", "the tile fits nowhere: it leaves the game and you draw again"),
    Decision(Meteor, "meteor X,Y", "aim the meteor at the tile at X,Y, or move it there"),
    Decision(Flood, "flood X,Y", "the flood replaces the river tile at X,Y"),
    Decision(TornadoStep, "tornado X,Y", "move the tornado one step, onto the tile at X,Y"),
    Decision(Pick, "pick COLOUR X,Y PORT", "the tornado picks up COLOUR's figure on PORT of X,Y (when the tile "
             "holds several)"),
    Decision(DropAction, "drop COLOUR X,Y PORT", "the owner puts the follower the tornado carried on PORT of X,Y"),
    Decision(Ferry, "ferry X,Y P-Q", "lay or move the ferry of the lake at X,Y so that it joins the jetties at its "
             "P and Q edges"),
    Decision(Crop, "crop add / crop remove", "the crop circle: everyone adds a follower, or takes one back"),
    Decision(Remove, "remove X,Y PORT", "take your follower on PORT of X,Y back (crop circle, remove)"),
)


@dataclass(frozen=True)
class Example:
    """A decision as played in a puzzle: the puzzle's file, the position just before it, and the action."""

    path: Path
    before: Position
    action: Action


def _played_lines(p: Position) -> Iterator[tuple[Position, str]]:
    """Each action the file plays, with the position just before it: its ``played``, then the first action
    of its answer line."""
    for k, text in enumerate(p.played):
        yield replace(p, played=p.played[:k], question=None), text
    line = dict(p.question.answer).get("line") if p.question is not None and p.question.kind == "best" else None
    if line:
        yield replace(p, question=None), line[0]


def examples(root: Path) -> dict[type[Action], Example]:
    """The first example of each kind of decision in the puzzles under ``root`` (files in name order)."""
    found: dict[type[Action], Example] = {}
    for path in sorted(root.rglob("*.toml")):
        for before, text in (line for p in readings_asked(load(path)) for line in _played_lines(p)):
            action = parse_action(text)
            if type(action) in found or not any(d.kind is type(action) for d in DECISIONS):
                continue
            try:
                state = state_from_position(before)
            except CarcnbError:
                continue
            if state.ext.get("tornado_path") and not isinstance(action, TORNADO_EVENT):
                continue  # a plainer board teaches it better
            found[type(action)] = Example(path, before, action)
    return found


@dataclass(frozen=True)
class NotationStep:
    """The example's action as one numbered step on its picture (see ``carcnb.telling.render.steps``)."""

    label: str
    pos: tuple[int, int] | None
    ports: tuple[int, ...]
    origin: tuple[int, int] | None
    number: int = 1
    own: bool = True


def example_png(example: Example, px_per_tile: int = 64) -> bytes:
    """The decision picture just before the example's decision, the decision numbered on the board (after
    the tornado's steps so far, when its event is on)."""
    from carcnb.engine.actions import action_ports
    from carcnb.telling.render import png_bytes

    state = state_from_position(example.before)
    a = example.action
    pos = getattr(a, "pos", None)
    origin = state.ext.get("tornado") if isinstance(a, TornadoStep) else None
    number = len(state.ext.get("tornado_path") or ((),))
    step = NotationStep(str(a), tuple(pos) if pos is not None else None, action_ports(a), origin, number)
    return png_bytes(state, px_per_tile=px_per_tile, steps=[step], caption=f"{number}. {a}", decision=True)


def _slug(kind: type[Action]) -> str:
    return kind.__name__.lower().replace("tornadostep", "tornado")


def notation_markdown(ref: Callable[[str], str], found: dict[type[Action], Example], root: Path) -> str:
    """The page as Markdown; ``ref`` gives the address of a picture from its file name."""
    lines = [
        "# Reading the notation and the pictures", "",
        "Verdicts, answers, hints and decision lists name every decision in one short notation, the same that a "
        "position file's `played` and a `best` answer use and that `carcnb quiz` reads.", "",
        "## Where: tiles and ports", "",
        "A tile spot is `X,Y`: X grows to the east (the numbers along the bottom of every picture), Y to the "
        "north (the numbers along the left). `0,0` is the start tile; `1,-2` is one to the east and two to the "
        "south of it.", "",
        "A **port** names a place on a tile's edge or its middle. `N`, `E`, `S`, `W` are the middles of the four "
        "edges; each edge has two halves, named from the edge and the nearer corner (`NNW` and `NNE` on the north "
        "edge, `ENE` and `ESE` on the east edge, ...); `C` is the centre (a cloister). A road or a city is named "
        "by a port on its edge, a field by an edge half, so `deploy 0,1 NNW` puts a farmer in the field north-west "
        "on 0,1 when a road runs north, and a knight in the city when the whole north edge is city. The ports "
        "turn with the tile: they name the sides as the tile lies on the board.", "",
        f"![The thirteen ports of a tile]({ref('ports.png')} \"The thirteen ports of a tile\")", "",
        "## What: one example of each decision", "",
        "| notation | meaning | example |", "|---|---|---|",
    ]
    for d in DECISIONS:
        ex = found.get(d.kind)
        lines.append(f"| `{d.form}` | {d.meaning} | {f'`{ex.action}`' if ex else ''} |")
    lines += ["", "`draw V` is the tile drawn (a chance outcome, not a decision). Decisions in a line are separated "
              "by `;`, as in `place 1,-2 180; deploy 1,-2 N`. The ports are "
              + ", ".join(f"`{p}`" for p in PORT_NAMES) + ".", ""]
    for d in DECISIONS:
        ex = found.get(d.kind)
        if ex is None:
            continue
        where = ex.path.relative_to(root.parent) if ex.path.is_relative_to(root.parent) else ex.path.name
        lines += [f"### `{ex.action}`", "", f"{d.meaning[0].upper()}{d.meaning[1:]}. From `{where}`, just before "
                  "the decision; the step is numbered on the board.", "",
                  f"![{ex.action}]({ref(_slug(d.kind) + '.png')} \"{ex.action}\")", ""]
    lines += ["## The marks on the pictures", "",
              "Numbered steps stand beside the spot they act on, joined to it by a line; the tornado's moves are "
              "arrows, and a move made several times carries all its numbers (`2·6·10`). A line of more than six "
              "steps is also listed under the picture. A puzzle's picture shows who moves, everyone's points and "
              "followers in supply, the rulings that differ from the defaults, and the tile in hand beside the "
              "board.", "", f"![The legend]({ref('legend.png')} \"The legend\")", "",
              "## Every tile", "", "Each tile at rotation 0 with its letter and how many the box holds. The Natural "
              "Disasters artwork is not published with its rules: those layouts are the kit's own.", ""]
    for name in SETS:
        alt = f"The tiles of {name}"
        lines += [f"### {name}", "", f"![{alt}]({ref(f'tiles-{name}.png')} \"{alt}\")", ""]
    return "\n".join(lines)


def notation_pictures(found: dict[type[Action], Example]) -> dict[str, bytes]:
    """Every picture of the page by file name."""
    from carcnb.telling.render import legend_png
    from carcnb.telling.render.notation import gallery_png, ports_png

    pictures = {"ports.png": ports_png(), "legend.png": legend_png()}
    pictures |= {f"tiles-{name}.png": gallery_png(name) for name in SETS}
    pictures |= {f"{_slug(kind)}.png": example_png(ex) for kind, ex in found.items()}
    return pictures


def write_notation(out_dir: Path, root: Path, force: bool = False) -> list[Path]:
    """Write ``notation.md`` into ``out_dir`` and its pictures into ``out_dir/notation``, the examples taken
    from the puzzles under ``root``; the paths written, the page last. A file already there is overwritten
    only with ``force``: without it nothing is written."""
    folder, page = Path(out_dir) / "notation", Path(out_dir) / "notation.md"
    check_folder(folder)  # before the seconds of drawing
    found = examples(root)
    pictures = notation_pictures(found)
    targets = [folder / name for name in pictures]
    if not force:
        refuse_overwrite(targets + [page])
    folder.mkdir(parents=True, exist_ok=True)
    for target, data in zip(targets, pictures.values()):
        write_file(target, data)
    write_file(page, notation_markdown(lambda name: f"notation/{name}", found, root))
    return targets + [page]


NOTEBOOK = "notation.ipynb"  # its name beside the other pages: they link it, the site makes it notation.html
_ONWARDS = ("## Where next\n\n"
            "* [00-start-here](00-start-here.ipynb): the words the pages use, and a first board to play on.\n"
            "* [01-base-game](01-base-game.ipynb): the rules every other page builds on.\n"
            "* [10-puzzles](10-puzzles.ipynb): every puzzle, with hints and answers in this notation.\n")


def notation_notebook(found: dict[type[Action], Example], pictures: dict[str, bytes], root: Path) -> dict:
    """The page as a notebook (nbformat 4, as JSON data) of text cells alone, its pictures attached to the cell
    that shows them: it reads in JupyterLab with no kernel, and the site turns it into its notation page."""
    title, _, rest = notation_markdown(lambda name: f"attachment:{name}", found, root).partition("\n\n")
    intro = ("New here? [00-start-here](00-start-here.ipynb) teaches the notation on a first board; this page "
             "keeps all of it in one place, to come back to from any page.")
    attachments = {name: {"image/png": base64.b64encode(data).decode("ascii")} for name, data in pictures.items()}
    cells = [_text_cell("notation-title", f"{title}\n\n{intro}"),
             _text_cell("notation-page", rest.rstrip("\n"), attachments),
             _text_cell("notation-onwards", _ONWARDS.rstrip("\n"))]
    return {"cells": cells, "metadata": {"title": "carcnb: reading the notation and the pictures"},
            "nbformat": 4, "nbformat_minor": 5}


def _text_cell(cell_id: str, text: str, attachments: dict | None = None) -> dict:
    cell = {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text.splitlines(keepends=True)}
    if attachments:
        cell["attachments"] = attachments
    return cell


def write_notation_notebook(path: Path, root: Path) -> Path:
    """Write the notation notebook (``notation_notebook``) to ``path``, its examples taken from the puzzles under
    ``root``; the page is the kit's own, so it is written over (the tool that stores the pages' pictures)."""
    found = examples(root)
    data = notation_notebook(found, notation_pictures(found), root)
    write_file(Path(path), json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return Path(path)
