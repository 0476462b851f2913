"""The computer players' strength as the last `make strength` measured it (the matches take an hour, so
`make bench` does not play them)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from targets import at_least

RECORD = Path(sys.prefix) / "strength.json"


def main() -> None:
    if not RECORD.is_file():
        print("strength: not measured on this machine yet (make strength plays the matches, about an hour and a half)")
        return
    for m in json.loads(RECORD.read_text()):
        print(f"{m['match']}: {m['win_rate']:.0%} of {m['games']} games (95%: {m['low']:.0%}-{m['high']:.0%}) at "
              f"{m['move_seconds']:g} s a decision {at_least(m['win_rate'] * 100, m['target'] * 100, '%')}")


if __name__ == "__main__":
    main()
