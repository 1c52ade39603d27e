"""Evaluation speed: positions per second in batches, from Position objects (encoding included).

A fixed set of positions from seeded games of random legal plays; each batch goes from a list of
:class:`bgwidget.Position` to the (n, 5) chances: board arrays, encoding, net, bear-off lookups.
The bear-off database is loaded before timing; ours is the best of ``--repeat`` runs. References
in the same run: GNU Backgammon's 0-ply (``gnubg_nn.probabilities``, one position per call, C;
timed once, since it caches what it has seen), and bgsage's static net (batched C++, when the
``sage`` or ``train`` extra is installed).

    .venv/bin/python benchmarks/evalspeed.py --positions 10000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import gnubg_nn

from bgwidget.ai import bearoff
from bgwidget.ai.engines import bgsage_board, gnubg_board
from bgwidget.ai.evaluator import evaluate_positions

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import game_positions  # noqa: E402


def best_rate(function, n: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return n / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    positions = game_positions(args.positions, seed=3)
    n = len(positions)
    bearoff.database()
    evaluate_positions(positions[:10])
    print(f"{n} positions from games")
    rates = {}
    for size in (1, 8, 64, 512, 4096):
        batches = [positions[i : i + size] for i in range(0, n, size)]
        count = sum(len(b) for b in batches)
        rates[size] = best_rate(lambda batches=batches: [evaluate_positions(b) for b in batches], count, args.repeat)
        print(f"  ours, batches of {size:>4}: {rates[size]:>10,.0f} positions/s")
    boards = [gnubg_board(p) for p in positions]
    ref = best_rate(lambda: [gnubg_nn.probabilities(b, 0) for b in boards], n, 1)
    print(f"  gnubg-nn 0-ply, one per call: {ref:>10,.0f} positions/s")
    print(f"ratio ours (batches of 512) / gnubg-nn 0-ply: {rates[512] / ref:.2f}")
    try:
        from bgsage.batch import batch_evaluate
    except ImportError:
        return
    sage_boards = [{"board": bgsage_board(p), "cube_value": 1, "cube_owner": "centered"} for p in positions]
    sage = best_rate(lambda: batch_evaluate(sage_boards, "1ply"), n, args.repeat)
    print(f"  bgsage 1-ply (static), one batch: {sage:>10,.0f} positions/s")


if __name__ == "__main__":
    main()
