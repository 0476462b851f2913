"""Colours and sizes of the pictures, in one place.

Sizes are in tiles (a tile is one unit of data coordinates); outline widths are in points for a tile
72 points wide and are scaled to the view when drawn.
"""
from __future__ import annotations

FIELD = "#97c463"
GRID = "#3d4a2a66"
CITY = "#cda46a"
CITY_WALL = "#6e4a26"
ROAD = "#f3ecdc"
ROAD_EDGE = "#7d7466"
RIVER = "#4c93d9"
RIVER_EDGE = "#2a64a3"
SPRING = "#bfe0ff"
CLOISTER_WALL = "#efe2c4"
CLOISTER_ROOF = "#b5523b"
CLOISTER_EDGE = "#4a3323"
PENNANT = "#2b57a6"
PENNANT_EDGE = "#f4f1e6"
JETTY = "#5a3a1e"
FERRY = "#7a4a1e"
FERRY_EDGE = "#fff4dc"
FERRY_JETTY = "#f0a030"  # the two jetties a ferry joins
CROP = "#e8d98c"
CROP_EDGE = "#8f7a34"
CROP_SYMBOL = "#5b4a1f"
ICON_BACK = "#f6f0dc"
ICON_EDGE = "#5a4632"
QUAKE = "#b8562e"
TORNADO = "#55585e"
TORNADO_PATH = "#3a3d44"
CRATER = "#3b302a"
CRATER_RIM = "#6d5a4c"
CRATER_FLOOR = "#231c18"
WATER = "#4f95db"
WAVE = "#a9d0f5"
FLOOD_CUT = "#2f7fd1"
HIGHLIGHT = "#ff8c00"
HIGHLIGHT_TINT = (1.0, 0.86, 0.2)
LEGAL = "#ffffff"
LEGAL_EDGE = "#333333"
MISFIT = "#d11f1f"  # a previewed tile that does not fit where it is
LABEL = "#222222"
BACKGROUND = "#f4f1ea"
FOLLOWER_EDGE = "#111111"
FLOODED = "#1f5fa8"  # a feature the flood stops: hatched in this colour
FLOODED_TINT = "#5aa8ee"
DESTROYED = "#7a1f12"  # an unfinished city the earthquake destroys
DESTROYED_TINT = "#5b4a3f"
SPENT_TINT = "#b9a99a"  # a finished city the earthquake destroys: it scored, but feeds no farmer
METEOR_AIM = "#c62828"
DIFFERS = "#c2185b"  # a feature that scores differently between two readings
DIFFERS_TINT = (0.95, 0.45, 0.75)
LABEL_BOX = (1.0, 1.0, 1.0, 0.72)
CAPTION = "#1b1b1b"

PLAYER = {"red": "#d7262b", "blue": "#2361c9", "green": "#1f9a3a", "yellow": "#f5d11a", "black": "#1e1e1e",
          "gray": "#a3a3a3"}

ROAD_HALF = 0.05
RIVER_HALF = 0.075
LAKE_R = 0.22  # the ferry lake
CROP_R = 0.16  # the crop circle
MEEPLE_SIZE = 0.3
THIN = 0.6  # outline width, points per 72-point tile
LABEL_PX = 10.0  # the least height of a coordinate digit, in pixels (labels grow with the tiles beyond)
LABEL_EM = 0.21  # a coordinate label's font size, in tiles, when tiles are large
NUMBER_PX = 9.0  # the least height of a step number's digit (meteor aims, tornado steps), in pixels
NUMBER_EM = 0.2
CAPTION_PX = 13.0  # the least caption font size, in pixels
