"""The time of the first race evaluation on a fresh install: a new process, an empty cache.

Each run starts a new Python process with ``BGWIDGET_CACHE`` set to a new empty directory (no
bear-off tables cached), imports bgwidget, then times ``ai.evaluate`` of a bear-off position at
the Expert level (what a Hint, or the computer's first race move, asks for first). Imports are
timed apart, as they are paid before any evaluation: bgwidget's, then numpy's (which bgwidget
imports at the first evaluation of any position, so a session pays it once, race or not; the sum
of numpy's import and the first evaluation is printed too). A second evaluation of another bear-off
position in the same process shows the cost once the tables are loaded. Wall-clock and CPU
seconds of the process (CPU time is steadier on a shared machine).

    .venv/bin/python benchmarks/first_race.py [--runs 3]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = """
import json, time
clocks = [(time.perf_counter(), time.process_time())]
from bgwidget import Position, ai
clocks.append((time.perf_counter(), time.process_time()))
import numpy  # bgwidget imports it at the first evaluation: paid once, whatever is evaluated
clocks.append((time.perf_counter(), time.process_time()))
ai.evaluate(Position.from_points({1: 3, 2: 2, 4: 2, 6: 1}, {1: 2, 3: 3, 5: 2, 6: 2}), "expert")
clocks.append((time.perf_counter(), time.process_time()))
ai.evaluate(Position.from_points({2: 4, 3: 3}, {1: 1, 4: 4, 6: 3}), "expert")
clocks.append((time.perf_counter(), time.process_time()))
out = {}
for k, key in enumerate(("import", "numpy", "first", "second")):
    out[key] = clocks[k + 1][0] - clocks[k][0]
    out[key + " cpu"] = clocks[k + 1][1] - clocks[k][1]
print(json.dumps(out))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "BGWIDGET_CACHE": cache}
            done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout.splitlines()[-1]))
    for run in runs:
        for clock in ("", " cpu"):
            run["numpy + first" + clock] = run["numpy" + clock] + run["first" + clock]
    for key in ("import", "numpy", "first", "numpy + first", "second"):
        for clock in (key, key + " cpu"):
            values = [run[clock] for run in runs]
            shown = ", ".join(f"{v:.3f}" for v in values)
            print(f"{clock:>17}: median {statistics.median(values):.3f} s  (runs: {shown})")


if __name__ == "__main__":
    main()
