"""How a benchmark figure compares with its target: one suffix for every printed line."""
from __future__ import annotations


def at_least(value: float, target: float, unit: str = "") -> str:
    return f"(target >= {target:g}{unit}: {'met' if value >= target else 'NOT met'})"


def at_most(value: float, target: float, unit: str = "") -> str:
    return f"(target <= {target:g}{unit}: {'met' if value <= target else 'NOT met'})"
