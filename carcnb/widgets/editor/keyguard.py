"""Keys typed in a widget stay in the widget: an invisible widget that keeps them from the notebook and hands
the widget's own keys to it.

JupyterLab's command-mode keys (``r`` raw cell, ``m``, ``y``, ``d d``, ``x``, ``z`` ...) act on the cell
whose output has the focus, and JupyterLab handles them when they bubble up to the document. A click on
plain text in a widget (a caption, the status line, a question) would put the focus on the notebook cell,
outside the widget, so that the next ``r`` turned the widget's cell into a raw cell. So the widget's root
element takes the focus itself on a pointer-down that lands on nothing focusable, and when the pointer
leaves the board picture (``ipyevents`` focuses the picture while the pointer is on it, and blurs it after).
It takes the focus back, too, when the element holding it goes away under the user: a button that is
disabled by its own click (Reveal, the last Hint) or one drawn anew (a game's decision buttons) would leave
the focus nowhere, and the widget's keys would do nothing.
Every key without Ctrl, Alt or Meta typed inside the root is kept from the notebook; typing into a text
field still works (nothing is prevented there), and the widget's own keys typed anywhere else (a menu or a
list too: their entries are text to the reader) are sent to the kernel. Keys with a modifier (Ctrl+S saves
the notebook) go on as usual.

While the pointer is on the board picture, ``ipyevents`` takes every key for the board itself.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import anywidget
import traitlets

_ESM = """
const FIELDS = "input:not([type=checkbox]):not([type=radio]):not([type=button]), textarea, [contenteditable]";
const FOCUSABLE = "a[href], button, input, textarea, select, [tabindex], [contenteditable]";

function render({ model, el }) {
  let root = null, tries = 0, frame = 0, holding = false, observer = null;
  const keep = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    event.stopPropagation();
    if (event.type !== "keydown" || event.target.closest(FIELDS)) return;  // typed into a text field
    if (model.get("own_keys").includes(event.key)) {
      event.preventDefault();  // in a menu or a list too: no jump to an entry starting with the letter
      model.send({ key: event.key });
    }
  };
  const take = () => root.focus({ preventScroll: true });
  const pointerdown = (event) => {
    const focusable = event.target.closest(FOCUSABLE);
    if (!focusable || focusable === root) take();
  };
  const mouseout = (event) => {  // leaving the board picture, which ipyevents blurs: the focus would go to the page
    if (event.target.matches(model.get("board")) && document.activeElement === event.target) take();
  };
  // Whether the focus is the widget's: taken inside it, and not given away since (a click or a focus elsewhere).
  const focusin = () => { holding = true; };
  const focusout = (event) => { if (event.relatedTarget && !root.contains(event.relatedTarget)) holding = false; };
  const elsewhere = (event) => { if (root && !root.contains(event.target)) holding = false; };
  const gone = () => {  // the element with the focus was disabled or taken out of the page
    const now = document.activeElement;
    if (holding && (!now || now === document.body || !now.isConnected || now.disabled)) take();
  };
  const lost = () => { gone(); requestAnimationFrame(gone); };  // the page moves the focus off at its next frame
  const listeners = [["keydown", keep], ["keyup", keep], ["keypress", keep], ["pointerdown", pointerdown],
                     ["mouseout", mouseout], ["focusin", focusin], ["focusout", focusout]];
  const attach = () => {
    root = el.closest(model.get("scope"));
    if (root) {
      if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
      root.style.outline = "none";
      for (const [kind, listener] of listeners) root.addEventListener(kind, listener);
      document.addEventListener("pointerdown", elsewhere, true);
      observer = new MutationObserver(lost);
      observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
      holding = root.contains(document.activeElement);
      root.setAttribute("data-carcnb-keyguard", "on");
    } else if (++tries < 600) {
      frame = requestAnimationFrame(attach);  // the view is put into the page after it is rendered
    }
  };
  attach();
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener("pointerdown", elsewhere, true);
    if (observer) observer.disconnect();
    if (root) for (const [kind, listener] of listeners) root.removeEventListener(kind, listener);
  };
}
export default { render };
"""


class KeyGuard(anywidget.AnyWidget):
    """Put inside a widget whose root element matches ``scope``: keys typed there never reach the notebook,
    and those in ``keys`` go to ``press`` (typed anywhere in the widget but in a text field)."""

    _esm = _ESM
    scope = traitlets.Unicode(".carcnb-editor").tag(sync=True)
    own_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    board = traitlets.Unicode(".carcnb-board").tag(sync=True)

    def __init__(self, scope: str, keys: Iterable[str] = (), press: Callable[[str], object] | None = None,
                 **kwargs):
        super().__init__(scope=scope, own_keys=list(keys), **kwargs)
        self.layout.display = "none"
        self._press = press
        self.on_msg(self._pressed)

    def _pressed(self, _widget: object, content: dict, _buffers: object) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if self._press is not None and key in self.own_keys:
            self._press(key)
