"""Computer players and what is built on them: a uniformly random player, a greedy one (the best line of this
turn by the exact turn search) and a Monte Carlo tree search that looks past the turn; matches between them;
and the look-ahead analysis of a position over sampled futures of the real pile.

A player knows what a player at the table knows: the board, the scores, the supplies and the pile's
contents, never the order of its draws. Uses ``carcnb.search`` and everything below it; says nothing in
words and draws nothing.
"""
