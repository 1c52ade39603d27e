"""The tutor's latency: from a person's last step to the warning (or the confirmed play) published.

For each of ``--cases`` positions met in seeded games of random legal plays, a board with the
tutor on (``"doubtful"``) is set there with a roll, the first legal play's steps but the last are
made, and the last step is timed through ``Session.handle`` until the state is published (the
judgement by the Expert in the game's stakes, and the view state). Beside it, the same judgement's
analysis alone (``ai.analyse(..., level="expert", game=game)``), and a cube action: a roll judged
as a "no double" where the seat may double. Prints median and p95 in milliseconds. Goal: p95 at
most 300 ms.

    .venv/bin/python benchmarks/tutor_latency.py [--cases 200]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from bgwidget import Position, ai
from bgwidget.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers import rolls_in_random_games  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--cases", type=int, default=200)
args = parser.parse_args()

rng = random.Random(7)
cases = rolls_in_random_games(
    args.cases, rng, keep=lambda position, dice: position.turn == 0 and len(position.legal_plays(*dice)) > 1
)


def board_place(point):
    return "bar" if point == 25 else "off" if point == 0 else point


def percentiles(times):
    times = sorted(times)
    return statistics.median(times) * 1000, times[int(0.95 * (len(times) - 1))] * 1000


warned = 0
last_step, analysis, cube = [], [], []
ai.analyse(Position.initial(), (3, 1), level="expert")  # the net loaded before timing
for position, dice in cases:
    published = []
    session = Session(players=("human", "human"), tutor="doubtful", animation=0, publish=published.append)
    session.set_position(position, dice)
    steps = rng.choice(session.game.legal_plays).moves
    for step in steps[:-1]:
        session.handle({"type": "move", "from": board_place(step.from_point), "to": board_place(step.to_point)})
    step = steps[-1]
    start = time.perf_counter()
    session.handle({"type": "move", "from": board_place(step.from_point), "to": board_place(step.to_point)})
    last_step.append(time.perf_counter() - start)
    warned += published[-1]["tutor"] is not None
    game = Session(players=("human", "human"), position=position, dice=dice).game
    start = time.perf_counter()
    ai.analyse(position, dice, level="expert", game=game)
    analysis.append(time.perf_counter() - start)
    session = Session(players=("human", "human"), tutor="doubtful", animation=0)
    session.set_position(position)
    if session.game.can_double():
        start = time.perf_counter()
        session.handle({"type": "roll"})
        cube.append(time.perf_counter() - start)

print(f"{len(cases)} plays, {warned} warned; {len(cube)} rolls judged as no double")
for name, times in (("last step -> published", last_step), ("analysis alone", analysis), ("roll (no double)", cube)):
    median, p95 = percentiles(times)
    print(f"{name:24s} median {median:6.1f} ms   p95 {p95:6.1f} ms")
