"""carcnb: a Carcassonne rules engine for notebooks."""
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("carcnb")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "unknown"
