"""Expert thinking time per position, beside bgsage's 2-ply on the same positions.

Our Expert is GNU Backgammon's 1-ply (eXtreme Gammon's and bgsage's "2-ply"): up to eight
candidates, each judged over the opponent's 21 rolls and best replies. bgsage (MPL-2.0) is
asked for the same search through our adapter, as a program would use it: the ``sage`` level
(:class:`bgwidget.ai.sage.SagePlayer` at 1-ply: one ``BgBotAnalyzer`` reused, asked for one
thread, which bgsage's multi-ply search raises to its minimum of two). Both players'
``choose_play`` are timed, conversions included. Positions: middle-game positions (contact,
neither side bearing off) from seeded random games, each with a seeded roll that has at least
two legal plays. Also prints how often the two choose the same play.

    .venv/bin/python benchmarks/expert_time.py [--positions 200]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from bgwidget.ai.players import get_player

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import random_positions  # noqa: E402


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
    expert, sage = get_player("expert"), get_player("sage")
    for player in (expert, sage):
        player.choose_play(*cases[0])  # load the nets once before timing
    ours, theirs, agree = [], [], 0
    for position, dice in cases:
        start = time.perf_counter()
        mine = expert.choose_play(position, dice)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        its = sage.choose_play(position, dice)
        theirs.append(time.perf_counter() - start)
        agree += its == mine
    print(f"{len(cases)} middle-game positions, the same play chosen in {agree / len(cases):.0%}")
    print(f"{'':<16}{'median ms':>10}{'p95 ms':>10}")
    for name, times in (("ours (Expert)", ours), ("bgsage 2-ply", theirs)):
        print(f"{name:<16}{statistics.median(times) * 1e3:>10.1f}{percentile(times, 0.95) * 1e3:>10.1f}")
    print(
        f"ratio ours / bgsage: median {statistics.median(ours) / statistics.median(theirs):.2f}, "
        f"p95 {percentile(ours, 0.95) / percentile(theirs, 0.95):.2f}"
    )


if __name__ == "__main__":
    main()
