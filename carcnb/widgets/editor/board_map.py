"""The board picture's mapping to the board, written on the picture's element in the page.

A page (a browser test, a script driving the notebook) that clicks a tile must know where that tile is drawn
and that the picture it measures is the one on screen. This invisible widget writes, on every ``<img>`` of
the board picture, the mapping of the picture shown as data attributes: ``data-carcnb-xmin`` and
``data-carcnb-ymax`` (the board point at the board's top-left corner), ``data-carcnb-tile`` (pixels per tile),
``data-carcnb-top`` (pixels above the board: a decision picture's header), ``data-carcnb-width`` (the whole
picture's width in pixels, to scale by the element's size on the page), and
``data-carcnb-drawn``, a count of the pictures shown, set only once the picture is decoded and removed as
soon as the element shows another picture (whose mapping is sent just after it).
"""
from __future__ import annotations

import uuid

import anywidget
import traitlets

from carcnb.telling.render.export import BoardGeometry

_ESM = """
function render({ model, el }) {
  const watched = new WeakSet();
  let tries = 0, frame = 0;
  const observer = new MutationObserver((changes) => {
    for (const change of changes) delete change.target.dataset.carcnbDrawn;  // a new picture, mapping to come
  });
  const show = () => {
    cancelAnimationFrame(frame);
    const boards = document.querySelectorAll("img." + model.get("target"));
    if (!boards.length && ++tries < 600) { frame = requestAnimationFrame(show); return; }
    const mapping = model.get("mapping");
    if (!("drawn" in mapping)) return;
    for (const img of boards) {
      if (!watched.has(img)) {
        observer.observe(img, { attributes: true, attributeFilter: ["src"] });
        watched.add(img);
      }
      for (const name of ["xmin", "ymax", "tile", "top", "width"]) {
        img.setAttribute("data-carcnb-" + name, mapping[name]);
      }
      const src = img.src;
      img.decode().catch(() => null).then(() => {
        if (img.src === src && model.get("mapping").drawn === mapping.drawn) img.dataset.carcnbDrawn = mapping.drawn;
      });
    }
  };
  model.on("change:mapping", show);
  show();
  return () => { cancelAnimationFrame(frame); model.off("change:mapping", show); observer.disconnect(); };
}
export default { render };
"""


class BoardMap(anywidget.AnyWidget):
    """Writes the mapping of the picture shown on the board's ``<img>`` elements (those with the CSS class
    ``target``); ``show`` is called after each new picture is put in the image widget."""

    _esm = _ESM
    target = traitlets.Unicode().tag(sync=True)
    mapping = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(target=f"carcnb-board-{uuid.uuid4().hex[:12]}", **kwargs)
        self.layout.display = "none"

    def show(self, geometry: BoardGeometry) -> None:
        """The picture just put in the image maps to the board as ``geometry``."""
        self.mapping = {"drawn": self.mapping.get("drawn", 0) + 1, "xmin": geometry.xmin, "ymax": geometry.ymax,
                        "tile": geometry.px_per_tile, "top": geometry.top,
                        "width": geometry.picture_width or geometry.width}
