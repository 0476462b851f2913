"""Rule modules: the base turn and each expansion as hooks into the turn machine (``module.RuleModule``).

A module only answers hooks; the state machine calls them in module order. Defaults change nothing.
"""
from __future__ import annotations

from carcnb.engine.rules.base import BaseRules
from carcnb.engine.rules.cropcircles import CropCirclesRules
from carcnb.engine.rules.earthquake import EarthquakeRules
from carcnb.engine.rules.ferries import FerriesRules
from carcnb.engine.rules.flood import FloodRules
from carcnb.engine.rules.meteor import MeteorRules
from carcnb.engine.rules.module import RuleModule
from carcnb.engine.rules.river import RiverRules
from carcnb.engine.rules.tornado import TornadoRules


def modules_for(sets: frozenset[str], rulings: dict[str, str]) -> list[RuleModule]:
    """The rule modules a game with these sets plays by, base first."""
    mods: list[RuleModule] = [BaseRules()]
    if "river" in sets:
        mods.append(RiverRules())
    if "disasters" in sets:
        mods += [EarthquakeRules(rulings), FloodRules(rulings), MeteorRules(rulings), TornadoRules(rulings)]
    if "ferries" in sets:
        mods.append(FerriesRules())
    if "cropcircles" in sets or "ferries" in sets:  # which tile the Ferries bring is read only by the pile:
        mods.append(CropCirclesRules())  # without a crop circle tile the module does nothing
    return mods
