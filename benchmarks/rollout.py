"""Rollout speed: trials per second for a contact position, ours serial beside GNU Backgammon's.

The position: the start of a game, the side on roll before its roll (GNU Backgammon's Position
ID ``4HPwATDgc/ABMA``), a contact position of a whole game's length. Both roll it out the same
way: cubeless, chequer play at 0-ply for both sides, variance reduction on (luck adjustment by
0-ply lookahead), rotated first rolls, trials stopped at the exact bear-off database; truncated
after ``--plies`` plies, and then to the end of the game. Ours: :func:`bgwidget.ai.rollout`
(serial: one process; numpy may use its own threads). GNU Backgammon's: Debian's ``gnubg``
program with ``set threads 1``, driven by a Python script that it runs itself
(``gnubg -t -q -p``), which times the ``rollout`` command alone (the program started once).
Printed: each side's trials, seconds and trials per second, and the ratio (gnubg / ours).

    .venv/bin/python benchmarks/rollout.py [--trials 144] [--full-trials 36] [--plies 10]

GNU Backgammon (GPL) is only run as a program here, never imported by the package.
"""

import argparse
import tempfile
import time
from pathlib import Path

import gnubg_timed
from bgwidget import Position, ai

POSITION = Position.initial()

GNUBG_SCRIPT = r"""
import json, time
import gnubg
jobs, out = json.load(open("@JOBS@")), {}
for c in ["set threads 1", "new game", "set board @ID@", "set turn 0", "set rollout cubeful off",
          "set rollout varredn on", "set rollout rotate on", "set rollout seed 1",
          "set rollout chequerplay plies 0", "set rollout later enable off",
          "set rollout bearofftruncation exact on"]:
    gnubg.command(c)
for name, trials, plies in jobs:
    gnubg.command(f"set rollout trials {trials}")
    if plies:
        gnubg.command("set rollout truncation enable on")
        gnubg.command(f"set rollout truncation plies {plies}")
    else:
        gnubg.command("set rollout truncation enable off")
    start = time.perf_counter()
    gnubg.command("rollout")
    out[name] = time.perf_counter() - start
json.dump(out, open("@TIMES@", "w"))
"""


def run_gnubg(jobs):
    """gnubg's seconds per job name, for jobs (name, trials, truncation plies or 0)."""
    with tempfile.TemporaryDirectory() as folder:
        return gnubg_timed.run(GNUBG_SCRIPT.replace("@ID@", POSITION.position_id()), jobs, Path(folder))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=144, help="trials of the truncated rollouts")
    parser.add_argument("--full-trials", type=int, default=36, help="trials of the rollouts to the end")
    parser.add_argument("--plies", type=int, default=10, help="truncation of the first rollouts")
    args = parser.parse_args()
    jobs = [(f"truncated at {args.plies} plies", args.trials, args.plies), ("to the end", args.full_trials, 0)]
    ai.rollout(POSITION, trials=2, truncate=1, progress=False)  # the net and the bear-off database loaded
    theirs = run_gnubg(jobs)
    print(f"position {POSITION.position_id()}, cubeless, 0-ply chequer play, variance reduction, rotation")
    for name, trials, plies in jobs:
        start = time.perf_counter()
        result = ai.rollout(POSITION, trials=trials, truncate=plies or None, progress=False)
        ours = time.perf_counter() - start
        print(
            f"{name}: {trials} trials; ours {ours:.2f} s, {trials / ours:.1f} trials/s "
            f"(equity {result.equity:+.3f} ± {result.equity_se:.3f}); "
            f"gnubg {theirs[name]:.2f} s, {trials / theirs[name]:.1f} trials/s; "
            f"ours takes {ours / theirs[name]:.2f} times gnubg's time"
        )


if __name__ == "__main__":
    main()
