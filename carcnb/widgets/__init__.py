"""The ipywidgets of the notebooks: the board editor and the puzzle board and browser. Each keeps its logic
in a model class that imports no widget library, so that every behaviour is tested without a browser.

Uses every layer below; only the command line and the site are above it.
"""
