"""Limits: what the worst inputs cost within the kit's caps. A 10000-character answer read (the cap; one of
80 KB took 93 s before answers were read in linear time), a six-player tornado event of under 1 KB searched
until the default budget stops it, and a two-tile file spanning 197 tiles drawn at --px 160 (4 GB before
pictures were capped in pixels). Each command runs in a process of its own, which reports its CPU time and
peak memory. Targets: reading <= 0.05 s; every command <= 1 GB."""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sizes import sized
from targets import at_most

from carcnb.positions.parse import parse
from carcnb.telling.verdict import MAX_ANSWER_CHARS, AnswerSyntaxError, parse_answer

SIX_PLAYER_TORNADO = '''format = "carcnb/1"
sets = ["disasters"]
players = ["red", "blue", "green", "yellow", "black", "gray"]
to_move = "yellow"
scores = { red = 2, blue = 0, green = 8, yellow = 16, black = 4, gray = 34 }
hand = "TO1"
played = ["place -3,-1 90"]
board = """
0,4 B 180 gray@C
-1,3 N 180 blue@NNW
0,3 I 270
1,3 G 0 yellow@WSW
-3,2 R 270
-2,2 B 0 green@C
-1,2 N 90
0,2 P 0
1,2 P 90 blue@N
2,2 F 180 black@NNW
-4,1 R 180 green@NNW
-3,1 S 0
-2,1 H 90 black@W
-1,1 H 270
0,1 S 180 red@NNE
1,1 O 270 red@NNW
2,1 U 270 green@E
3,1 D 180 red@S
-4,0 H 0 blue@S
-3,0 A 180 red@C
-2,0 A 270 yellow@C
-1,0 U 270 blue@NNW
0,0 D 0
1,0 T 90 green@WSW
2,0 K 270 black@NNW
3,0 P 90 green@SSW
4,0 Q 180 black@NNW
-2,-1 J 90 black@SSW
-1,-1 F 180 blue@SSE
0,-1 E 270
1,-1 J 0
2,-1 O 180
3,-1 D 270 green@N
-2,-2 D 270 gray@W
-1,-2 V 270
0,-2 J 90
1,-2 L 270 red@S
2,-2 K 0 red@SSW
-1,-3 K 180 yellow@S
0,-3 L 90 yellow@NNW
"""
[question]
kind = "best"
answer = { line = ["pass"], value = 0 }
'''

FAR_APART = '''format = "carcnb/1"
players = ["red", "blue"]
board = """
0,0 D 0
196,196 B 0
"""
'''

# Runs one command and prints its CPU seconds and peak memory (MB) on the last line of stderr.
MEASURED = """
import resource, sys
from carcnb.cli import main
code = main(sys.argv[1:])
use = resource.getrusage(resource.RUSAGE_SELF)
print(f"{code} {use.ru_utime + use.ru_stime:.2f} {use.ru_maxrss // 1024}", file=sys.stderr)
"""


def command_cost(*argv: str) -> tuple[int, float, int, str]:
    """The exit code, CPU seconds and peak MB of ``carcnb ARGV``, and the first line it said on stderr."""
    done = subprocess.run([sys.executable, "-c", MEASURED, *argv], capture_output=True, text=True)
    *said, last = done.stderr.strip().splitlines()
    code, seconds, mb = last.split()
    return int(code), float(seconds), int(mb), (said[0] if said else "")


def reading_seconds() -> float:
    """The worst of a few 10000-character answers that cannot be read (letters, digits, a broken line)."""
    p = parse(SIX_PLAYER_TORNADO.replace('kind = "best"', 'kind = "final"').replace(
        'answer = { line = ["pass"], value = 0 }',
        "answer = { red = 0, blue = 0, green = 0, yellow = 0, black = 0, gray = 0 }"))
    worst = 0.0
    for text in ("a" * MAX_ANSWER_CHARS, "red=" + "1" * (MAX_ANSWER_CHARS - 4), "red = " * (MAX_ANSWER_CHARS // 6)):
        start = time.process_time()
        try:
            parse_answer(p, text)
        except AnswerSyntaxError:
            pass
        worst = max(worst, time.process_time() - start)
    return worst


def main() -> None:
    seconds = reading_seconds()
    print(f"an unreadable answer of {MAX_ANSWER_CHARS} characters: {seconds:.4f} s {at_most(seconds, 0.05, ' s')}")
    with tempfile.TemporaryDirectory() as tmp:
        tornado, far = Path(tmp) / "six.toml", Path(tmp) / "far.toml"
        tornado.write_text(SIX_PLAYER_TORNADO, encoding="utf-8")
        far.write_text(FAR_APART, encoding="utf-8")
        px = sized("160", "16")
        budget = sized((), ("--max-nodes", "100"))
        for what, argv in (("six-player tornado, carcnb solve", ("solve", str(tornado), *budget)),
                           (f"two tiles 197 apart, carcnb render --px {px}",
                            ("render", str(far), "-o", str(Path(tmp) / "far.png"), "--px", px))):
            code, cpu, mb, said = command_cost(*argv)
            print(f"{what}: exit {code}, {cpu:.1f} s, {mb} MB {at_most(mb, 1024, ' MB')}\n    {said[:150]}")


if __name__ == "__main__":
    main()
