"""Rollout speed: trials per second for a contact position, ours serial and on two processes beside GNU Backgammon's.

The position: the start of a game, the side on roll before its roll (GNU Backgammon's Position
ID ``4HPwATDgc/ABMA``), a contact position of a whole game's length. Both roll it out the same
way: cubeless, chequer play at 0-ply for both sides, variance reduction on (luck adjustment by
0-ply lookahead), rotated first rolls, trials stopped as soon as both sides have every checker
home, where the bear-off databases judge the race (ours exactly; gnubg's ``bearofftruncation
onesided``, its one-sided database: before December 2026 gnubg played on to its two-sided
database, plies that ours does not play); truncated after ``--plies`` plies, and then to the
end of the game. Both engines' nets and bear-off databases are loaded before the timing. Ours:
:func:`bgwidget.ai.rollout` serially (one process; numpy may use its own threads), and on a process pool of two workers
(``executor=``, the pool started once and warmed before the timing; the same batches, so the same
numbers, and the speed-up is the serial time over the pool's). GNU Backgammon's: Debian's ``gnubg``
program with ``set threads 1``, driven by a Python script that it runs itself
(``gnubg -t -q -p``), which times the ``rollout`` command alone (the program started once).
Printed for each of ``--repeat`` runs (gnubg started afresh, then ours serially, then on the
pool, one after the other so that both see the same load on a shared machine): each side's
trials, seconds (wall clock, and the process's CPU seconds, which a busy machine disturbs less)
and trials per second, the ratio (ours over gnubg's time) and the speed-up on two processes;
then the medians of the runs.

Then the opening plays of 3-1, 4-2, 6-5 and 5-1 rolled out to the end on the pool (cubeless,
``--opening-trials`` each), beside published GNU Backgammon rollouts of the same plays: see
``PUBLISHED`` for the sources. Ours plays Medium (0-ply) for both sides, theirs stronger
settings and many more trials: the table shows how near a quick rollout of ours comes.

    .venv/bin/python benchmarks/rollout.py [--trials 144] [--full-trials 144] [--plies 10]
        [--opening-trials 144] [--repeat 3]

GNU Backgammon (GPL) is only run as a program here, never imported by the package.
"""

import argparse
import math
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import gnubg_timed
from bgwidget import Position, ai
from bgwidget.ai import bearoff

POSITION = Position.initial()

# Published cubeless equities of opening plays (for the player who made the play), from GNU
# Backgammon rollouts: 3-1, 4-2 and 6-5 as the table of opening-roll equities on
# everygamemade.com/strategy/backgammon.html gives them (quoting GNU Backgammon's rollout tables);
# 5-1 from Stick Rice's full GNU Backgammon rollout of 46,656 games with variance reduction,
# posted to GammOnLine on 26 February 2006 (archived at bkgm.com/rgb/rgb.cgi?view+1344).
PUBLISHED = [
    ((3, 1), "8/5 6/5", 0.167),
    ((4, 2), "8/4 6/4", 0.123),
    ((6, 5), "24/13", 0.055),
    ((5, 1), "24/23 13/8", 0.0069),
    ((5, 1), "13/8 6/5", -0.0058),
]

GNUBG_SCRIPT = r"""
import json, time
import gnubg
jobs, out = json.load(open("@JOBS@")), {}
for c in ["set threads 1", "new game", "set board @ID@", "set turn 0", "set rollout cubeful off",
          "set rollout varredn on", "set rollout rotate on", "set rollout seed 1",
          "set rollout chequerplay plies 0", "set rollout later enable off",
          "set rollout bearofftruncation exact on", "set rollout bearofftruncation onesided on"]:
    gnubg.command(c)
for name, trials, plies in jobs:
    gnubg.command(f"set rollout trials {trials}")
    if plies:
        gnubg.command("set rollout truncation enable on")
        gnubg.command(f"set rollout truncation plies {plies}")
    else:
        gnubg.command("set rollout truncation enable off")
    start, cpu = time.perf_counter(), time.process_time()
    gnubg.command("rollout")
    out[name] = [time.perf_counter() - start, time.process_time() - cpu]
json.dump(out, open("@TIMES@", "w"))
"""


def run_gnubg(jobs):
    """gnubg's [wall, CPU] seconds per job name, for jobs (name, trials, truncation plies or 0)."""
    with tempfile.TemporaryDirectory() as folder:
        return gnubg_timed.run(GNUBG_SCRIPT.replace("@ID@", POSITION.position_id()), jobs, Path(folder))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=144, help="trials of the truncated rollouts")
    parser.add_argument("--full-trials", type=int, default=144, help="trials of the rollouts to the end")
    parser.add_argument("--plies", type=int, default=10, help="truncation of the first rollouts")
    parser.add_argument("--opening-trials", type=int, default=144, help="trials per opening play (0: none)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of both sides, whose medians are printed")
    args = parser.parse_args()
    jobs = [(f"truncated at {args.plies} plies", args.trials, args.plies), ("to the end", args.full_trials, 0)]
    ai.rollout(POSITION, trials=2, truncate=1, progress=False)  # the nets loaded
    bearoff.database()  # and the bear-off tables (gnubg's are loaded before its timing too)
    print(f"position {POSITION.position_id()}, cubeless, 0-ply chequer play, variance reduction, rotation")
    runs = {name: [] for name, _, _ in jobs}
    with ProcessPoolExecutor(2) as pool:
        ai.rollout(POSITION, trials=4, batch=2, truncate=1, progress=False, executor=pool)  # each worker warmed
        for run in range(args.repeat):
            theirs = run_gnubg(jobs)
            for name, trials, plies in jobs:
                runs[name].append(measure(pool, name, trials, plies, theirs[name], f"run {run + 1}: "))
        for name, trials, _ in jobs:
            ours, cpu, two, gnubg, gnubg_cpu = (statistics.median(x) for x in zip(*runs[name]))
            print(
                f"median of {args.repeat}, {name}: {trials} trials; ours {ours:.2f} s (CPU {cpu:.2f} s), "
                f"on two processes {two:.2f} s; gnubg {gnubg:.2f} s (CPU {gnubg_cpu:.2f} s); "
                f"ours takes {ours / gnubg:.2f} times gnubg's time ({cpu / gnubg_cpu:.2f} in CPU time)"
            )
        if args.opening_trials:
            opening(pool, args.opening_trials)


def measure(pool, name, trials, plies, theirs, label):
    """One run of ours, serially and on ``pool``, printed beside gnubg's ``theirs`` [wall, CPU]
    seconds: (ours, our CPU, ours on the pool, gnubg's, gnubg's CPU) seconds."""
    batch = min(72, math.ceil(trials / 2))  # at least two tasks, the same batches serially
    kwargs = {"trials": trials, "truncate": plies or None, "batch": batch, "progress": False}
    start, cpu = time.perf_counter(), time.process_time()
    result = ai.rollout(POSITION, **kwargs)
    ours, ours_cpu = time.perf_counter() - start, time.process_time() - cpu
    start = time.perf_counter()
    pooled = ai.rollout(POSITION, executor=pool, **kwargs)
    two = time.perf_counter() - start
    assert pooled == result
    gnubg, gnubg_cpu = theirs
    print(
        f"{label}{name}: {trials} trials; ours {ours:.2f} s (CPU {ours_cpu:.2f} s), {trials / ours:.1f} trials/s "
        f"(equity {result.equity:+.3f} ± {result.equity_se:.3f}); "
        f"ours on two processes {two:.2f} s, {trials / two:.1f} trials/s, speed-up {ours / two:.2f}; "
        f"gnubg {gnubg:.2f} s (CPU {gnubg_cpu:.2f} s), {trials / gnubg:.1f} trials/s; "
        f"ours takes {ours / gnubg:.2f} times gnubg's time ({ours_cpu / gnubg_cpu:.2f} in CPU time)"
    )
    return ours, ours_cpu, two, gnubg, gnubg_cpu


def opening(pool, trials):
    """Our rollouts of the opening plays of ``PUBLISHED``, beside the published numbers."""
    print(f"opening plays rolled out to the end, {trials} trials each, on two processes (published: see PUBLISHED)")
    print(f"{'roll':<5}{'play':<12}{'ours':>8}{'± se':>7}{'published':>11}")
    for roll, notation, published in PUBLISHED:
        play = POSITION.parse_play(notation, *roll)
        (result,) = ai.rollout(POSITION, roll, [play], trials=trials, progress=False, executor=pool)
        print(f"{roll[0]}-{roll[1]:<3}{notation:<12}{result.equity:>+8.3f}{result.equity_se:>7.3f}{published:>+11.4f}")


if __name__ == "__main__":
    main()
