"""Position files (position-format.md): the data of a position, strict parsing with errors that name the
file and line, exact dumping, the rule problems of a position, what the rules make certain written in
(``consistency``), and the bridge between a position and a game state.

Uses ``carcnb.engine`` and ``carcnb.storage``.
"""
