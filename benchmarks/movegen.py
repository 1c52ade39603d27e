"""Legal-play generation: ours against GNU Backgammon's (gnubg-nn), side by side in one run.

A fixed, seeded set of positions from random games, each with a seeded roll; both engines get the
same positions and rolls, gnubg-nn its boards made beforehand. The two are timed in turn, run after
run, so that a busy machine slows both alike, and each run's time is the CPU time of this process,
which the other programs of a shared machine do not add to; each engine's median time is printed
with the median of the runs' ratios ours / gnubg-nn, for non-doubles and doubles separately.
gnubg-nn is asked for its full move list with steps (``moves(board, d1, d2, 1)``), the nearest
equivalent of our list of Play objects.

    .venv/bin/python benchmarks/movegen.py [--positions 10000] [--repeat 3]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import gnubg_nn

from bgwidget.ai.engines import gnubg_board

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import random_positions  # noqa: E402


def medians(cases, repeat):
    """The median seconds of ``ours`` and of ``gnubg`` over ``cases``, and the median of the runs'
    ratios: the two run in turn, each run's pair under the same load."""
    times = {ours: [], gnubg: []}
    for _ in range(repeat):
        for function, runs in times.items():
            start = time.process_time()
            function(cases)
            runs.append(time.process_time() - start)
    ratios = [mine / theirs for mine, theirs in zip(times[ours], times[gnubg])]
    return statistics.median(times[ours]), statistics.median(times[gnubg]), statistics.median(ratios)


def ours(cases):
    for position, _, d1, d2 in cases:
        position.legal_plays(d1, d2)


def gnubg(cases):
    moves = gnubg_nn.moves
    for _, board, d1, d2 in cases:
        moves(board, d1, d2, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(20261129)
    cases = []
    for position in random_positions(args.positions, seed=42):
        cases.append((position, gnubg_board(position), rng.randint(1, 6), rng.randint(1, 6)))
    print(f"{len(cases)} positions, median of {args.repeat} runs")
    print(f"{'rolls':<12}{'count':>7}{'ours ms':>10}{'gnubg ms':>10}{'ratio':>8}{'plays/pos':>11}")
    for name, subset in (
        ("non-doubles", [c for c in cases if c[2] != c[3]]),
        ("doubles", [c for c in cases if c[2] == c[3]]),
        ("all", cases),
    ):
        mine, theirs, ratio = medians(subset, args.repeat)
        plays = sum(len(c[0].legal_plays(c[2], c[3])) for c in subset) / len(subset)
        print(f"{name:<12}{len(subset):>7}{mine * 1e3:>10.1f}{theirs * 1e3:>10.1f}{ratio:>8.1f}{plays:>11.1f}")


if __name__ == "__main__":
    main()
