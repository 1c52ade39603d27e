"""Play errors of our levels judged by GNU Backgammon's 2-ply, on the same positions and rolls.

A quick proxy for strength between levels whose games differ too little to tell apart in a few
hundred games: for each position and roll, the plays are judged as GNU Backgammon's 2-ply
analysis judges them, and each level's choice gives up the difference to gnubg's best, in cubeless
points per play. Every legal play at gnubg-nn's 1-ply (the position it leaves, the opponent on
roll, at 1-ply: ``probabilities(board, 1)``, our Expert's depth), then at 2-ply
(``probabilities(board, 2)``) the best :data:`JUDGED` of them within :data:`WITHIN` of the best
(GNU Backgammon's "Normal" filter's 1-ply stage widened) and every play a level chose. The best is
the best at 2-ply. (Until December 2026 every play was judged at 1-ply only, which is no deeper
than the Expert and cannot see what a 2-ply level adds.)
Positions: the middle-game positions of ``expert_time.py`` (contact, neither side bearing off,
at least two legal plays), another seed. Prints each level's mean error with a 95% interval, the
share of plays equal to gnubg's best, the time spent, and the paired difference between the first
two levels with its 95% interval.

A level written ``LEVEL@WEIGHTS`` plays on the net in the file WEIGHTS (see ``strength.py``), e.g.
``--levels expert expert@training/data/new.npz`` compares two nets on the same positions.

    .venv/bin/python benchmarks/level_errors.py [--levels expert world-class] [--positions 150]
"""

import argparse
import sys
import time
from pathlib import Path

import gnubg_nn
import numpy as np

from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.players import get_player
from strength import level as level_spec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import middle_game  # noqa: E402

JUDGED = 8
WITHIN = 0.16


def gnubg_equity(play, ply):
    """The play's cubeless equity for its maker by gnubg-nn at ``ply`` (a finished game exactly)."""
    outcome = play.result.outcome()
    if outcome is not None:
        return float(outcome.points)
    p = gnubg_nn.probabilities(gnubg_board(play.result), ply)  # the opponent on roll, before rolling
    return -(2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4])


def interval(values):
    values = np.asarray(values)
    return values.mean(), 1.96 * values.std(ddof=1) / np.sqrt(len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", type=level_spec, default=["expert", "world-class"])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2718)
    args = parser.parse_args()
    cases = middle_game(args.positions, seed=args.seed)
    players = [get_player(level) for level in args.levels]
    errors = {1: [[] for _ in players], 2: [[] for _ in players]}  # by gnubg's depth
    spent = [0.0 for _ in players]
    for position, dice in cases:
        shallow = {play: gnubg_equity(play, 1) for play in position.legal_plays(*dice)}
        chosen = []
        for index, player in enumerate(players):
            start = time.perf_counter()
            chosen.append(player.choose_play(position, dice))
            spent[index] += time.perf_counter() - start
        ranked = sorted(shallow, key=shallow.__getitem__, reverse=True)
        best = shallow[ranked[0]]
        close = [play for play in ranked[:JUDGED] if best - shallow[play] <= WITHIN]
        deep = {play: gnubg_equity(play, 2) for play in dict.fromkeys(close + chosen)}
        deepest = max(deep.values())
        for index, play in enumerate(chosen):
            errors[1][index].append(best - shallow[play])
            errors[2][index].append(deepest - deep[play])
    print(f"{len(cases)} middle-game positions, errors by gnubg-nn (cubeless points per play)")
    for depth in (2, 1):
        print(f" judged at gnubg's {depth}-ply")
        for level, found, seconds in zip(args.levels, errors[depth], spent):
            mean, half = interval(found)
            best_share = np.mean(np.asarray(found) < 1e-9)
            print(f"  {level:<12} {mean:.4f} +- {half:.4f}, gnubg's best in {best_share:.0%}, {seconds:.1f} s")
        if len(players) > 1:
            mean, half = interval(np.asarray(errors[depth][0]) - np.asarray(errors[depth][1]))
            low, high = mean - half, mean + half
            print(f"  {args.levels[0]} - {args.levels[1]}: {mean:+.4f} ({low:+.4f} .. {high:+.4f}) per play")


if __name__ == "__main__":
    main()
