"""Time of the play in progress: a Game at a position and roll, legal_steps(), one step, legal_steps().

This is what the board pays for each click. ``--src`` times another checkout's package instead of
this one (for example an older commit, ``git worktree add /tmp/old <commit>`` then
``--src /tmp/old/src``), so that two versions can be compared on the same positions and dice.

    .venv/bin/python benchmarks/step_time.py [--rolls 3000] [--src PATH]
"""

import argparse
import random
import sys
import time
from pathlib import Path

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--rolls", type=int, default=3000)
parser.add_argument("--src", help="a src/ folder whose bgwidget package is timed instead of the installed one")
args = parser.parse_args()
if args.src:
    sys.path.insert(0, args.src)

from bgwidget import Game  # noqa: E402 - after choosing which package to time

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import rolls_in_random_games  # noqa: E402

cases = rolls_in_random_games(args.rolls, random.Random(5), keep=lambda position, dice: position.legal_plays(*dice))

times = []
for _ in range(3):
    start = time.perf_counter()
    for position, dice in cases:
        game = Game(position=position, rolled=dice)
        steps = game.legal_steps()
        frm = max(steps)
        game.move(frm, steps[frm][0][0])
        game.legal_steps()
    times.append(time.perf_counter() - start)
package = sys.modules["bgwidget"].__file__
print(f"{package}: {min(times) / len(cases) * 1e3:.3f} ms per roll, best of 3 over {len(cases)} rolls")
