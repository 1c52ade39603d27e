"""Rollouts give the same numbers, bit for bit, before and after a change made for speed.

``record`` rolls out a few positions (to the end and truncated, of a position and of the plays of
a roll, cubeless and cubeful, with and without variance reduction, several seeds and batches) and
writes every trial's results (the float64 bytes, as a SHA-256, and each summary number as
``float.hex``) to a JSON file; ``check`` rolls them out again and says which differ. Run
``record`` on the code before the change, ``check`` after:

    .venv/bin/python benchmarks/rollout_same.py record /tmp/rollouts.json
    .venv/bin/python benchmarks/rollout_same.py check /tmp/rollouts.json

``benchmarks/rollout_same.json`` holds the record made on main before issue 38's changes.
"""

import argparse
import hashlib
import json
import sys
import time

from bgwidget import Position, ai


def _midgame() -> Position:
    """A contact position: 3-1 made the 5 point, then the reply 6-5 played 24/18 13/8."""
    start = Position.initial()
    return start.parse_play("8/5 6/5", 3, 1).result.parse_play("24/18 13/8", 6, 5).result


CASES = {
    "start, to the end, seed 0, batch 20": lambda: ai.rollout(Position.initial(), trials=40, batch=20, progress=False),
    "start, to the end, seed 7, batch 36": lambda: ai.rollout(
        Position.initial(), trials=36, seed=7, batch=36, progress=False
    ),
    "3-1 plays, to the end, seed 5": lambda: ai.rollout(
        Position.initial(),
        (3, 1),
        [Position.initial().parse_play(p, 3, 1) for p in ("8/5 6/5", "24/21 6/5")],
        trials=24,
        seed=5,
        batch=12,
        progress=False,
    ),
    "midgame, truncated at 7, cubeful, seed 3": lambda: ai.rollout(
        _midgame(), trials=30, seed=3, truncate=7, cubeful=True, batch=30, progress=False
    ),
    "midgame, to the end, cubeful, seed 2": lambda: ai.rollout(
        _midgame(), trials=20, seed=2, cubeful=True, batch=20, progress=False
    ),
    "start, no variance reduction, seed 11": lambda: ai.rollout(
        Position.initial(), trials=30, seed=11, variance_reduction=False, batch=30, progress=False
    ),
}


def summary(result) -> dict:
    """A rollout's numbers: each row's play, summary floats as hex, and the SHA-256 of every trial's results."""
    rows = result if isinstance(result, list) else [result]
    trials = rows[0].trials_done.results
    return {
        "trials sha256": hashlib.sha256(trials.tobytes()).hexdigest(),
        "rows": [
            {
                "play": row.notation,
                "equity": row.equity.hex(),
                "probabilities": [x.hex() for x in row.probabilities],
                "equity_se": row.equity_se.hex(),
                "cubeful": None if row.cubeful_equity is None else row.cubeful_equity.hex(),
            }
            for row in rows
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("file")
    args = parser.parse_args()
    found = {}
    for name, run in CASES.items():
        start = time.perf_counter()
        found[name] = summary(run())
        print(f"{name}: {time.perf_counter() - start:.1f} s", flush=True)
    if args.action == "record":
        with open(args.file, "w") as out:
            json.dump(found, out, indent=1)
        return
    with open(args.file) as record:
        recorded = json.load(record)
    differ = [name for name in CASES if recorded.get(name) != found[name]]
    for name in differ:
        print(f"DIFFERS: {name}")
    print("all the same" if not differ else f"{len(differ)} of {len(CASES)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
