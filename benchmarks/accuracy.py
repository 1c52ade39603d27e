"""Accuracy of the evaluator: equity error against GNU Backgammon's 2-ply, beside gnubg's 0-ply.

Positions: every fifth position before a roll from seeded games in which both sides play GNU
Backgammon's 0-ply choice (``gnubg_nn.best_move``), except a random legal play one time in ten,
refereed by our rules engine. For each position the cubeless equity for the player on roll from

* our evaluator (net, exact bear-off database, exact finished games),
* gnubg 0-ply (``gnubg_nn.probabilities(board, 0)``),
* bgsage 1-ply (its static net; only when bgsage is installed, the ``sage`` or ``train`` extra),

is compared with gnubg 2-ply (``gnubg_nn.probabilities(board, 2)``), the reference. Prints the
mean absolute difference in points per game, overall and for contact and race positions.

    .venv/bin/python benchmarks/accuracy.py --positions 2000
"""

from __future__ import annotations

import argparse
import random
import time

import gnubg_nn
import numpy as np

from bgwidget import Position
from bgwidget.ai.engines import bgsage_board, gnubg_board
from bgwidget.ai.evaluator import equity, evaluate_positions
from strength import gnubg0_steps, referee


def game_positions(n: int, seed: int, every: int = 5) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    step = 0
    while len(found) < n:
        pos = Position.initial(turn=len(found) % 2)
        while pos.outcome() is None and len(found) < n:
            step += 1
            if step % every == 0:
                found.append(pos)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = pos.legal_plays(*dice)
            if not plays:
                pos = pos.swap()
            elif rng.random() < 0.1:
                pos = rng.choice(plays).result
            else:
                pos = referee(pos, plays, gnubg0_steps(pos, *dice)).result
    return found


def bgsage_equities(positions: list[Position]) -> np.ndarray | None:
    try:
        from bgsage.batch import batch_evaluate
    except ImportError:
        return None
    boards = [{"board": bgsage_board(p), "cube_value": 1, "cube_owner": "centered"} for p in positions]
    return np.array([equity(np.array(r.probs.to_list())) for r in batch_evaluate(boards, "1ply")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    positions = game_positions(args.positions, args.seed)
    race = np.array([p.is_race() for p in positions])
    ref = np.array([equity(np.array(gnubg_nn.probabilities(gnubg_board(p), 2))) for p in positions])
    print(f"{len(positions)} positions ({race.sum()} races), gnubg 2-ply in {time.perf_counter() - start:.0f}s")
    judges = {
        "ours (net + bear-off)": equity(evaluate_positions(positions)),
        "gnubg 0-ply": np.array([equity(np.array(gnubg_nn.probabilities(gnubg_board(p), 0))) for p in positions]),
    }
    sage = bgsage_equities(positions)
    if sage is not None:
        judges["bgsage 1-ply (teacher)"] = sage
    print("mean |equity - gnubg 2-ply equity|, points per game:")
    print(f"  {'':24}{'all':>8}{'contact':>9}{'race':>8}")
    for name, values in judges.items():
        err = np.abs(values - ref)
        print(f"  {name:24}{err.mean():8.4f}{err[~race].mean():9.4f}{err[race].mean():8.4f}")
    ours, gnubg0 = (np.abs(judges[k] - ref).mean() for k in ("ours (net + bear-off)", "gnubg 0-ply"))
    print(f"ratio ours / gnubg 0-ply: {ours / gnubg0:.2f}")


if __name__ == "__main__":
    main()
