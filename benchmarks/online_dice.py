"""The game server's dice: a million draws of ``fairdice.draw`` tested for fairness, and ``verify``
catching a tampered log of a match played through a server.

Draws come from random seeds (a new server seed and two client seeds every 1,000 draws, draws
``k`` 0..999 of each). Printed: the 36 ordered rolls' chi-square (35 degrees of freedom), each
die's faces (5 d.f.), the share of doubles (1/6 expected) with its 95 % interval (normal
approximation), the draws per second; then the error ``verify`` gives for a changed roll, a removed
roll, swapped client seeds and a wrong revealed server seed.

Critical values of the chi-square distribution, upper tail, from the NIST/SEMATECH e-Handbook of
Statistical Methods, section 1.3.6.7.4 (https://www.itl.nist.gov/div898/handbook/eda/section3/eda3674.htm);
scipy's ``chi2.isf`` instead when scipy is installed.

    .venv/bin/python benchmarks/online_dice.py [--draws 1000000] [--seed 1]
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
from collections import Counter

from bgwidget.online.client import connect, create_room
from bgwidget.online.fairdice import DiceProofError, draw, verify
from bgwidget.online.launch import start_server

NIST = {35: {0.05: 49.802, 0.001: 66.619}, 5: {0.05: 11.070, 0.001: 20.515}}
"""Chi-square critical values by degrees of freedom and upper-tail probability (NIST table 1.3.6.7.4)."""


def critical(df: int, alpha: float) -> tuple[float, str]:
    try:
        from scipy.stats import chi2
    except ImportError:
        return NIST[df][alpha], "NIST"
    return float(chi2.isf(alpha, df)), "scipy"


def chi_square(counts: Counter, cells: list, total: int) -> float:
    expected = total / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


def fairness(n: int, seed: int) -> None:
    rng = random.Random(seed)
    rolls: Counter = Counter()
    start = time.perf_counter()
    for block in range(0, n, 1000):
        server_seed = rng.randbytes(32).hex()
        client_seeds = (rng.randbytes(8).hex(), rng.randbytes(8).hex())
        for k in range(min(1000, n - block)):
            rolls[draw(server_seed, client_seeds, k)] += 1
    elapsed = time.perf_counter() - start
    print(f"{n:,} draws in {elapsed:.2f} s: {n / elapsed:,.0f} draws a second\n")
    faces = range(1, 7)
    tests = [
        ("36 ordered rolls", rolls, [(a, b) for a in faces for b in faces], 35),
        (
            "first die's faces",
            Counter({f: sum(c for (a, _), c in rolls.items() if a == f) for f in faces}),
            list(faces),
            5,
        ),
        (
            "second die's faces",
            Counter({f: sum(c for (_, b), c in rolls.items() if b == f) for f in faces}),
            list(faces),
            5,
        ),
    ]
    print(f"{'test':<20} {'d.f.':>4} {'chi-square':>10} {'crit 0.05':>10} {'crit 0.001':>10}  source  verdict")
    for name, counts, cells, df in tests:
        statistic = chi_square(counts, cells, n)
        at_05, source = critical(df, 0.05)
        at_001, _ = critical(df, 0.001)
        verdict = "fair at 0.05" if statistic < at_05 else ("fair at 0.001" if statistic < at_001 else "NOT FAIR")
        print(f"{name:<20} {df:>4} {statistic:>10.2f} {at_05:>10.3f} {at_001:>10.3f}  {source:<7} {verdict}")
    doubles = sum(rolls[(f, f)] for f in faces) / n
    half = 1.96 * math.sqrt(doubles * (1 - doubles) / n)
    low, high = doubles - half, doubles + half
    inside = "contains" if low <= 1 / 6 <= high else "DOES NOT contain"
    print(f"\ndoubles: {doubles:.5f}, 95 % interval [{low:.5f}, {high:.5f}] {inside} 1/6 = {1 / 6:.5f}")


def played_log() -> list:
    """The log of a 3-point match played through a server by two easy computer players."""
    server = start_server()
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    players = [connect(ticket.url, ticket.room, token) for token in ticket.tokens]
    for future in [player.play_with("easy", background=True) for player in players]:
        future.result(300)
    players[0].wait_until(lambda room: room.ended is not None)
    events = copy.deepcopy(players[0].events)
    for player in players:
        player.close()
    server.stop()
    return events


def tampering(log: list) -> None:
    start = time.perf_counter()
    checked = verify(log)
    print(f"\na 3-point match played through a server: {len(log)} events, verify checks {checked} draws", end="")
    print(f" in {(time.perf_counter() - start) * 1000:.1f} ms")

    def changed(events: list) -> None:
        roll = [e for e in events if e["action"]["type"] == "roll"][5]["action"]
        roll["dice"] = [roll["dice"][0] % 6 + 1, roll["dice"][1]]

    def removed(events: list) -> None:
        events.remove([e for e in events if e["action"]["type"] == "roll"][5])

    def swapped(events: list) -> None:
        seats = [e["action"] for e in events if e["action"]["type"] == "seat"]
        seats[0]["seed"], seats[1]["seed"] = seats[1]["seed"], seats[0]["seed"]

    def wrong_seed(events: list) -> None:
        events[-1]["action"]["server_seed"] = "0" * 64

    for name, tamper in [
        ("one roll changed", changed),
        ("one roll removed", removed),
        ("client seeds swapped", swapped),
        ("wrong server seed revealed", wrong_seed),
    ]:
        tampered = copy.deepcopy(log)
        tamper(tampered)
        try:
            verify(tampered)
            print(f"{name:<27} NOT FOUND")
        except DiceProofError as error:
            print(f"{name:<27} {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    fairness(args.draws, args.seed)
    tampering(played_log())


if __name__ == "__main__":
    main()
