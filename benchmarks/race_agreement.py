"""How often each race formula names the engine's cube action, and how long race_cube takes.

Races: :func:`bgwidget.ai.random_race` with ``random.Random(seed)``, each asked twice: with the
cube centred (an initial double) and owned by the player on roll (a redouble). The engine's
action is :func:`bgwidget.ai.race_cube`'s (``level``'s cubeless chances, Janowski's model with
GNU Backgammon's race cube efficiency, money play); a formula agrees when it names the same of
"no double", "double, take", "double, pass". The timing is race_cube's own, per call, after one
warm-up call (the net loads once); the formulas alone are timed in the same process for reference.

    .venv/bin/python benchmarks/race_agreement.py [--races 100] [--seed 2026] [--level expert]
"""

import argparse
import random
import statistics
import time
from collections import Counter

from bgwidget import ai
from bgwidget.ai.race import FORMULAS, OWNERS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    races = [ai.random_race(rng) for _ in range(args.races)]
    ai.race_cube(races[0], level=args.level)  # warm-up: the net loads once

    agree: Counter[tuple[str, str]] = Counter()
    engine_actions: Counter[tuple[str, str]] = Counter()
    seconds = []
    for position in races:
        for owner in OWNERS:
            start = time.perf_counter()
            judged = ai.race_cube(position, owner=owner, level=args.level)
            seconds.append(time.perf_counter() - start)
            engine_actions[owner, judged.engine_verdict] += 1
            for name in FORMULAS:
                agree[owner, name] += judged.agrees(name)
    start = time.perf_counter()
    for position in races:
        ai.keith_count(position), ai.kleinman_count(position), ai.trice_rule(position), ai.rule_8_9_12(position)
    formulas_ms = (time.perf_counter() - start) / len(races) * 1000

    pips = [p.pip_counts()[0] for p in races]
    print(f"{len(races)} random races (seed {args.seed}), pips of the player on roll {min(pips)}..{max(pips)}")
    print(f"engine ({args.level}):", dict(sorted(engine_actions.items())))
    print(f"{'formula':10s} " + " ".join(f"{owner:>10s}" for owner in OWNERS) + "       both")
    for name in FORMULAS:
        shares = [agree[owner, name] / len(races) for owner in OWNERS]
        both = sum(agree[owner, name] for owner in OWNERS) / (2 * len(races))
        print(f"{name:10s} " + " ".join(f"{share:10.1%}" for share in shares) + f" {both:10.1%}")
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"race_cube: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms per call ({len(ms)} calls)")
    print(f"the four formulas alone: {formulas_ms:.4f} ms per race")


if __name__ == "__main__":
    main()
