"""Keys typed in the editor stay in the editor: an invisible widget that stops them reaching the notebook.

JupyterLab's command-mode keys (``r`` raw cell, ``z`` undo cell action, ``m``, ``y``, ``d d``, ``x`` ...) act
on the cell whose output has the focus. After a click on one of the editor's buttons the focus is on that
button, so the editor's own ``r`` (rotate) would turn the editor's cell into a raw cell and lose it.
JupyterLab handles keys when they bubble up to the document; this widget listens on the editor's root
element and stops every key without Ctrl, Alt or Meta there (typing into the editor's text fields still
works: nothing is prevented, only kept from the notebook). Keys with a modifier (Ctrl+S saves the
notebook) go on as usual.

While the pointer is on the board picture, ``ipyevents`` already takes every key for the editor.
"""
from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  let root = null, tries = 0, frame = 0;
  const guard = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.stopPropagation();
  };
  const attach = () => {
    root = el.closest(model.get("scope"));
    if (root) {
      root.addEventListener("keydown", guard);
      root.setAttribute("data-carcnb-keyguard", "on");
    } else if (++tries < 600) {
      frame = requestAnimationFrame(attach);  // the view is put into the page after it is rendered
    }
  };
  attach();
  return () => {
    cancelAnimationFrame(frame);
    if (root) root.removeEventListener("keydown", guard);
  };
}
export default { render };
"""


class KeyGuard(anywidget.AnyWidget):
    """Put inside a widget whose root element matches ``scope``: keys typed there never reach the notebook."""

    _esm = _ESM
    scope = traitlets.Unicode(".carcnb-editor").tag(sync=True)

    def __init__(self, scope: str = ".carcnb-editor", **kwargs):
        super().__init__(scope=scope, **kwargs)
        self.layout.display = "none"
