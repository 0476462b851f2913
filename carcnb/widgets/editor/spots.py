"""Which feature a click on a tile means, for putting a figure there.

The board reports the port nearest to the pointer; the middle of a road tile is the port ``C``, which no
feature holds unless the tile has a cloister. A click means the feature drawn under it: the road or city that
crosses the middle, else the largest field. A spot that no feature holds (where a crossing's roads meet) is
refused with the reason; a figure on a feature where the rules do not let it stand is put, drawn, and named
in the problems list, as free edit does with every rule.
"""
from __future__ import annotations

from carcnb.engine.geometry import CENTRE, PORT_NAMES
from carcnb.engine.tiles import catalogue
from carcnb.widgets.editor.edits import EditError, follower_port

MIDDLE = (0.5, 0.5)


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
    """A port of the feature drawn at the middle of the tile: the road, city or river across it, else the
    largest field; none where several meet (a crossing). The drawing code is imported here, not above: the
    editor's model stays free of matplotlib until a click needs a tile's shapes (``carcnb play`` never does)."""
    from matplotlib.path import Path as Shape

    from carcnb.telling.render.tileart import tile_art

    art = tile_art(catalogue()[tid], rot)
    o = catalogue()[tid].at(rot)
    across = [seg for seg, polygons in enumerate(art.regions)
              if any(Shape(poly).contains_point(MIDDLE) for poly in polygons)]
    if len(across) == 1:
        return o.segments[across[0]].anchor
    fields = sorted((len(s.edge_ports), s.anchor) for s in o.segments if s.kind == "field")
    if not across and (len(fields) == 1 or (fields and fields[-1][0] > fields[-2][0])):
        return fields[-1][1]
    raise EditError(f"the middle of {tid} is where its features meet: click nearer the road, city or field you "
                    "mean")
