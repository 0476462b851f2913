"""The rules engine: tiles, the board and its features, scoring, the turn as a state machine of explicit
legal actions, the rulings, and each expansion as a rule module (``engine.rules``).

It imports nothing else of carcnb, and neither matplotlib nor ipywidgets: everything above builds on it.
A picture of a state is drawn by whatever registers itself in ``engine.display``.
"""
