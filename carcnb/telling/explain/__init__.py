"""Show a rule at work with one plain call: captioned pictures of boards, side by side, a ruling's options
compared, score breakdowns as tables, the tornado's event step by step.

The notebooks call these, and ``tests/test_notebook_examples.py`` calls them on the same positions to check
that what the captions say is true.
"""
from __future__ import annotations

from carcnb.telling.explain.compare import Comparison, Outcome, compare
from carcnb.telling.explain.figures import Legend, Panel, Picture, legend, picture, side_by_side, strip, tiles
from carcnb.telling.explain.game import decision_marks, ended, example, example_names, play, play_first, under
from carcnb.telling.explain.notation import Moves, Ports, moves, ports
from carcnb.telling.explain.tables import (Breakdown, Points, RulingCard, RulingsTable, final_scoring, points, ruling,
                                           rulings_table, turn_scoring)
from carcnb.telling.explain.tornado import event_strip, finish_event

__all__ = ["Breakdown", "Comparison", "Legend", "Moves", "Outcome", "Panel", "Picture", "Points", "Ports", "RulingCard", "RulingsTable", "compare", "decision_marks",
           "ended", "event_strip", "example", "example_names", "final_scoring", "finish_event", "legend", "moves", "picture", "play", "play_first", "points", "ports", "ruling", "rulings_table", "side_by_side", "strip", "tiles", "turn_scoring",
           "under"]
