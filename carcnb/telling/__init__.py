"""The telling: a turn told in words (``account``, ``wording``), in pictures (``render``, ``explain``) and
as forum posts (``post``, ``markup``); the notation page; the verdicts on a line or an answer (``ranking``,
``verdict``, ``hints``).

Uses the searches and everything below them; knows nothing of the puzzle collection or the widgets.
"""
