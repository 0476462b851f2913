"""A live widget's last state as static HTML: its pictures and its text, for a page read with no kernel.

Runs in the kernel that executed the notebook, after its last cell: ``print_snapshots`` prints, as JSON, the
HTML of each widget the notebook displayed. Boxes keep their layout (rows and columns); pictures stay
pictures; labels, HTML, buttons, menus and text boxes become their text. Widgets that draw nothing (event
sources, key guards) and hidden ones are left out.
"""
from __future__ import annotations

import base64
import html
import json

import ipywidgets as w
from ipywidgets.widgets.widget import _instances  # live widgets by id (Widget.widgets is its deprecated name)

CAPTION = ("The live board as this page left it. Open the page in JupyterLab (make lab) to play on it.")


def _image(widget: w.Image) -> str:
    data = bytes(widget.value or b"")
    if not data:
        return ""
    kind = "svg+xml" if widget.format == "svg+xml" else widget.format or "png"
    size = "".join(f' {a}="{html.escape(str(v))}"' for a, v in (("width", widget.width), ("height", widget.height))
                   if v)
    style = f' style="width: {html.escape(widget.layout.width)}"' if widget.layout.width else ""
    return f'<img src="data:image/{kind};base64,{base64.b64encode(data).decode()}"{size}{style} alt="">'


def _labelled(widget: w.Widget, inner: str) -> str:
    label = getattr(widget, "description", "") or ""
    return f"<span>{html.escape(label)} {inner}</span>" if label else inner


def _control(widget: w.Widget) -> str:
    """A control in its last state, shown but disabled."""
    if isinstance(widget, w.Button):
        return f"<button disabled>{html.escape(widget.description or '')}</button>"
    if isinstance(widget, (w.Dropdown, w.Select, w.RadioButtons)):
        return _labelled(widget, f"<select disabled><option>{html.escape(str(widget.label or ''))}</option></select>")
    if isinstance(widget, w.ToggleButtons):
        chosen = ' style="font-weight: bold"'
        buttons = "".join(f"<button disabled{chosen if label == widget.label else ''}>{html.escape(str(label))}</button>"
                          for label in (o[0] if isinstance(o, tuple) else str(o) for o in widget.options))
        return _labelled(widget, buttons)
    if isinstance(widget, w.Checkbox):
        return f"<span>{'&#9745;' if widget.value else '&#9744;'} {html.escape(widget.description or '')}</span>"
    if isinstance(widget, w.Textarea):
        return _labelled(widget, f"<textarea disabled>{html.escape(str(widget.value))}</textarea>")
    return _labelled(widget, f'<input disabled value="{html.escape(str(widget.value))}">')


def _panels(widget: w.Accordion | w.Tab | w.Stack) -> str:
    """Folded panels as their titles, with only the open one's content."""
    titles = widget.titles if not isinstance(widget, w.Stack) else ()
    parts = []
    for k, child in enumerate(widget.children):
        is_open = k == widget.selected_index
        if k < len(titles) and titles[k]:
            parts.append(f"<div>{'&#9662;' if is_open else '&#9656;'} {html.escape(titles[k])}</div>")
        if is_open:
            parts.append(static_html(child))
    return f"<div>{''.join(parts)}</div>"


def _output(widget: w.Output) -> str:
    parts = []
    for out in widget.outputs:
        data = out.get("data", {})
        if "text/html" in data:
            parts.append(data["text/html"])
        elif "image/png" in data:
            parts.append(f'<img src="data:image/png;base64,{data["image/png"]}" alt="">')
        elif "text/plain" in data or out.get("text"):
            parts.append(f"<pre>{html.escape(data.get('text/plain') or out.get('text', ''))}</pre>")
    return "".join(parts)


def static_html(widget: w.Widget) -> str:
    """The HTML of a widget as it is now; empty for widgets that show nothing."""
    if not isinstance(widget, w.DOMWidget):
        return ""
    layout = widget.layout
    if layout.display == "none" or layout.visibility == "hidden":
        return ""
    if isinstance(widget, (w.Accordion, w.Tab, w.Stack)):
        return _panels(widget)
    if isinstance(widget, w.Box):
        inner = "".join(static_html(child) for child in widget.children)
        direction = "row" if isinstance(widget, w.HBox) else "column"
        return f'<div style="display: flex; flex-direction: {direction}; gap: 4px; flex-wrap: wrap">{inner}</div>'
    if isinstance(widget, w.Image):
        return _image(widget)
    if isinstance(widget, (w.HTML, w.HTMLMath)):
        return f"<div>{widget.value}</div>"
    if isinstance(widget, w.Label):
        return f"<span>{html.escape(widget.value)}</span>"
    if isinstance(widget, w.Output):
        return _output(widget)
    if isinstance(widget, (w.Button, w.ValueWidget)):
        return _control(widget)
    return ""


def snapshot(widget: w.Widget) -> str:
    """A displayed widget as a captioned figure."""
    return (f'<figure class="carcnb-widget" style="margin: 0.6em 0">{static_html(widget)}'
            f'<figcaption style="font-style: italic">{html.escape(CAPTION)}</figcaption></figure>')


def print_snapshots(model_ids: list[str]) -> None:
    """Print ``{model_id: html}`` as JSON for the live widgets with these ids (the displayed ones)."""
    found = {mid: snapshot(_instances[mid]) for mid in model_ids if mid in _instances}
    print(json.dumps(found))
