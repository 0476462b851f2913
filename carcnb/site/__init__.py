"""The notebooks as a static website: executed once, code hidden, widgets frozen to their last picture and
text, pictures inline, an index page, and nothing loaded from the internet (``make site``, ``carcnb site``).

Only the site build imports nbconvert and nbclient; the engine never imports this package.
"""
from __future__ import annotations

from carcnb.site.build import NotebookFailed, SiteError, build_site

__all__ = ["NotebookFailed", "SiteError", "build_site"]
