"""The puzzle collection and what serves it: where it lives, grades, the miner and its ideas, duplicates,
and the player's progress and ratings.

Uses the telling and everything below it; knows nothing of the widgets.
"""
