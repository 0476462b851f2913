"""carcnb: a Carcassonne rules engine for notebooks."""
