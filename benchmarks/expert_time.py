"""Expert thinking time per position, beside bgsage's 2-ply on the same positions.

Our Expert is GNU Backgammon's 1-ply (eXtreme Gammon's and bgsage's "2-ply"): up to eight
candidates, each judged over the opponent's 21 rolls and best replies. bgsage (MPL-2.0) is
asked for the same search, ``batch_checker_play(..., eval_level="2ply")``, one position at a
time on one thread. Positions: middle-game positions (contact, neither side bearing off) from
seeded random games, each with a seeded roll that has at least two legal plays.

    .venv/bin/python benchmarks/expert_time.py [--positions 200]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from bgsage import batch_checker_play

from bgwidget.ai.analysis import analyse

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import random_positions  # noqa: E402


def bgsage_board(position):
    """bgsage's 26-element board from the mover's side: 1..24 points (+ mover, - opponent), 25 the
    mover's bar, 0 the opponent's bar."""
    board = [0] * 26
    for i in range(24):
        board[i + 1] = position.player[i] - position.opponent[23 - i]
    board[25] = position.player[24]
    board[0] = position.opponent[24]
    return board


def middle_game(count, seed):
    rng = random.Random(seed)
    cases = []
    for position in random_positions(count * 20, seed):
        if len(cases) == count:
            break
        if position.is_race() or max(position.off) > 0 or sum(position.player[:6]) == sum(position.player):
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(position.legal_plays(*dice)) >= 2 and rng.random() < 0.2:
            cases.append((position, dice))
    return cases


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    cases = middle_game(args.positions, seed=314)
    analyse(*cases[0], "expert")  # load the net once before timing
    ours, theirs, agree = [], [], 0
    for position, dice in cases:
        start = time.perf_counter()
        best = analyse(position, dice, "expert")[0].play
        ours.append(time.perf_counter() - start)
        request = {"board": bgsage_board(position), "die1": dice[0], "die2": dice[1],
                   "cube_value": 1, "cube_owner": "centered"}
        start = time.perf_counter()
        batch_checker_play([request], eval_level="2ply", n_threads=1)
        theirs.append(time.perf_counter() - start)
    print(f"{len(cases)} middle-game positions")
    print(f"{'':<16}{'median ms':>10}{'p95 ms':>10}")
    for name, times in (("ours (Expert)", ours), ("bgsage 2-ply", theirs)):
        print(f"{name:<16}{statistics.median(times) * 1e3:>10.1f}{percentile(times, 0.95) * 1e3:>10.1f}")
    print(f"ratio ours / bgsage: median {statistics.median(ours) / statistics.median(theirs):.2f}, "
          f"p95 {percentile(ours, 0.95) / percentile(theirs, 0.95):.2f}")


if __name__ == "__main__":
    main()
