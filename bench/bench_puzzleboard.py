"""The puzzle board as a player feels it: the time from picking a puzzle to its picture on screen (the
model, the question in words and the first PNG), the time a click on a `best` board takes with the engine's
replies and the new picture, and the time to show a reveal (the answer, the best play drawn and numbered).

Every puzzle of the shipped collection is opened once; times are wall-clock times of one run each."""
from __future__ import annotations

import statistics
import time

from sizes import sized

from carcnb.puzzles.collection import puzzle_root
from carcnb.telling.render import render_png
from carcnb.puzzles.listing import read_collection
from carcnb.widgets.editor.board_view import tile_pixels
from carcnb.widgets.puzzleboard import PuzzleModel


def picture(m: PuzzleModel) -> None:
    """Draw the model's picture as the board widget does."""
    pic = m.picture()
    render_png(pic.source, px_per_tile=tile_pixels(pic.extent, 80, 960), extent=pic.extent, legal=pic.legal,
               preview=pic.preview, highlight=pic.highlight, coords=True, steps=m.line_steps())


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def report(name: str, times: list[float]) -> None:
    print(f"  {name:38} median {statistics.median(times) * 1000:6.0f} ms   worst {max(times) * 1000:6.0f} ms"
          f"   ({len(times)} puzzles)")


def main() -> None:
    collection = read_collection(puzzle_root())
    opened, clicked, revealed = [], [], []
    one_of_each_kind = list({e.kind: e for e in collection.entries}.values())
    for entry in sized(collection.entries, one_of_each_kind):
        holder: list[PuzzleModel] = []
        opened.append(timed(lambda: (holder.append(PuzzleModel(entry.path)), picture(holder[0]))))
        m = holder[0]
        if m.board is not None:
            first = m.board.legal()[0]
            clicked.append(timed(lambda: (m.choose(str(first)), picture(m))))
            m.try_again()
        revealed.append(timed(lambda: (m.reveal(), picture(m))))
    report("open a puzzle and draw it", opened)
    report("a decision on a best board + replies", clicked)
    report("reveal: answer and numbered picture", revealed)


if __name__ == "__main__":
    main()
