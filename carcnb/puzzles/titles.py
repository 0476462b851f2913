"""A mined puzzle's title: its idea first, then who decides what ("Steal blue's city: red to place E"), never
the answer."""
from __future__ import annotations

from carcnb.telling.idea import Idea

FEATURE_WORDS = {"field": "farm", "cloister": "cloister", "city": "city", "road": "road"}


RULE_PHRASES = {"meteor": "Where the meteor falls", "flood": "Where the flood breaks", "tornado": "The tornado's path",
                "ferry": "Where the ferry goes", "crop circle": "What the crop circle does"}


def title(idea: Idea, situation: str) -> str:
    """The idea first, then who decides what: "Steal blue's city: red to place E"."""
    kind = FEATURE_WORDS.get(idea.feature, idea.feature)
    named = {
        "destroy": f"Knock out {idea.opponent}'s {idea.feature}",
        "steal": f"Steal {idea.opponent}'s {kind}",
        "share": f"Share {idea.opponent}'s {kind}",
        "deny": f"Deny {idea.opponent} the {kind}" if kind else f"Hold {idea.opponent} back",
        "feed": f"Don't feed {idea.opponent}'s farmer",
        "reply": f"Think of {idea.opponent}'s reply",
        "ruling": f"The reading of {idea.feature} decides",
        "long": "Look past the points now",
    }.get(idea.theme) or RULE_PHRASES[idea.theme]
    return f"{named}: {situation}"
