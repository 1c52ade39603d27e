"""The time of ``ai.explain`` per position, beside the analysis alone, so that a reader sees what the
explanation adds (the goal: tens of milliseconds, fast enough for a tutor).

Positions: middle-game positions from seeded random games (contact, neither side bearing off),
each with a seeded roll that has at least two legal plays; the play explained is the worst of
the analysis's list (a planted mistake), against the engine's best. In the same process and
order, for each position: the analysis alone (``ai.analysis.rank`` with the play made, what
``explain`` runs), the counted facts alone (``ai.compare_plays``), and ``ai.explain`` in full
(analysis, facts, the sentences in English).

    .venv/bin/python benchmarks/explain_time.py [--positions 50] [--level expert]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

from bgwidget import ai
from bgwidget.ai.analysis import rank
from bgwidget.ai.players import level_ply

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import middle_game, percentile  # noqa: E402


def timed(work):
    start = time.perf_counter()
    result = work()
    return (time.perf_counter() - start) * 1000, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    cases = middle_game(args.positions, seed=36)
    ply = level_ply(args.level)
    ai.explain(*cases[0], cases[0][0].legal_plays(*cases[0][1])[0], level=args.level)  # load the net once
    times = {"analysis": [], "facts": [], "explain": []}
    for position, dice in cases:
        plays = position.legal_plays(*dice)
        made = rank(plays, ply)[-1].play
        elapsed, ranked = timed(lambda: rank(plays, ply, made=made))  # noqa: B023
        times["analysis"].append(elapsed)
        times["facts"].append(timed(lambda: ai.compare_plays(position, made, ranked[0].play))[0])  # noqa: B023
        times["explain"].append(timed(lambda: ai.explain(position, dice, made, level=args.level).lines("en"))[0])  # noqa: B023
    print(f"{len(cases)} middle-game positions, level {args.level} (ply {ply}); milliseconds per position")
    print(f"{'':>10}{'median':>9}{'p95':>9}")
    for name, values in times.items():
        print(f"{name:>10}{statistics.median(values):>9.1f}{percentile(values, 0.95):>9.1f}")
    overhead = [e - a for e, a in zip(times["explain"], times["analysis"])]
    med = statistics.median(overhead)
    print(f"{'overhead':>10}{med:>9.1f}{percentile(overhead, 0.95):>9.1f}  (explain - analysis)")


if __name__ == "__main__":
    main()
