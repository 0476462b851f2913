"""The editor's modes and tools, apart from the model: the model's parts (playing, building, settings, files)
name them, and the model imports those parts, so the names cannot live in the model (it re-exports them)."""
from __future__ import annotations

PLAY = "play"
EDIT = "edit"
MODES = (PLAY, EDIT)
TOOLS = ("tile", "remove", "follower", "ferry", "quake", "tornado")
FEATURE_TOOLS = ("follower", "ferry", "quake")  # tools that act on the feature under the pointer
