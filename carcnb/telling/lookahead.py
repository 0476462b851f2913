"""The look-ahead analysis told: what "best" means when the rest of the game counts, and each option with its
points this turn and its expected final margin, the interval around it and whether it is within noise of
the best. The command line, ``solve`` of a question asked over the whole game, and posts say it this way."""
from __future__ import annotations

from carcnb.players.analysis import Analysis, Option

MOST_SHOWN = 12  # options a text lists; the rest are counted


def meaning(a: Analysis) -> str:
    """What "best" means in this analysis, in one sentence."""
    if a.exact:
        return (f"This is the last turn: best means the most points against the best opponent, and each final "
                f"margin ({a.mover}'s final score minus the best opponent's) is exact.")
    per = sorted({o.futures for o in a.options})
    futures = f"{per[-1]}" if len(per) == 1 else f"{per[0]} to {per[-1]}"
    return (f"Best means the highest expected final margin ({a.mover}'s final score minus the best opponent's) "
            f"over {futures} sampled futures of the real pile, every seat played by the {a.level} player; each "
            "option is played in the same futures, and ± is the 95% interval.")


def option_text(o: Option, a: Analysis) -> str:
    line = "; ".join(str(x) for x in o.line)
    points = f"{o.points:+d} this turn"
    if a.exact:
        return f"{line}: {points}, final margin {o.estimate:+.0f}"
    noise = "" if o is a.best else (" (within noise of the best)" if o.within_noise else
                                    f" (behind the best by {a.best.estimate - o.estimate:.1f} ± {o.diff_half_width:.1f})")
    return f"{line}: {points}, expected final margin {o.estimate:+.1f} ± {o.half_width:.1f}{noise}"


def analysis_lines(a: Analysis) -> list[str]:
    """The analysis as lines of text, best first."""
    out = [meaning(a), f"best: {option_text(a.best, a)}"]
    rest = a.options[1:MOST_SHOWN]
    if rest:
        out.append("the other options:")
        out += [f"  {option_text(o, a)}" for o in rest]
    if len(a.options) > MOST_SHOWN:
        out.append(f"  ... and {len(a.options) - MOST_SHOWN} more (--json lists every one)")
    return out
