"""Which feature a click on a tile means, for putting a figure there.

The board names the feature drawn under the pointer; a click given as the bare middle of the tile (``C``,
which only a cloister holds) means the feature drawn at the tile's middle too. A spot no feature holds
(where a crossing's roads meet, a lake) is refused with the reason; a figure on a feature where the rules do
not let it stand is put, drawn, and named in the problems list, as free edit does with every rule.
"""
from __future__ import annotations

from carcnb.engine.geometry import CENTRE, PORT_NAMES
from carcnb.engine.tiles import catalogue
from carcnb.widgets.editor.edits import EditError, follower_port


def figure_port(tid: str, rot: int, port: int) -> int:
    """The port naming the feature a click on ``port`` of ``tid`` (turned ``rot``) means; raises ``EditError``
    saying why no figure can stand there."""
    o = catalogue()[tid].at(rot)
    if port == CENTRE and o.port_segment[CENTRE] < 0:
        port = _under_middle(tid, rot)
    anchor = follower_port(tid, rot, port)
    if o.port_segment[anchor] < 0:
        raise EditError(f"no feature of {tid} holds {PORT_NAMES[port]}: click on a road, city, field or "
                        "cloister of the tile")
    return anchor


def _under_middle(tid: str, rot: int) -> int:
    """The port of the feature drawn at the middle of the tile. The drawing code is imported here, not above:
    the editor's model stays free of matplotlib until a click needs a tile's shapes (``carcnb play`` never
    does)."""
    from carcnb.telling.render.hits import feature_port

    port = feature_port(catalogue()[tid], rot, 0.5, 0.5)
    if port is None:
        raise EditError(f"the middle of {tid} is where its features meet: click nearer the road, city or field "
                        "you mean")
    return port
