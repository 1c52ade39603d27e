"""Data for the pruning net, and how well a pruning net keeps the big net's choice.

The pruning net (``src/bgwidget/ai/data/prune.npz``) is a small net that ranks the results of a
roll as the shipped net does, so that :func:`bgwidget.ai.search.best_replies` sends the big net
only the few that could be the best (GNU Backgammon's pruning nets play the same part). It learns
from the shipped net itself: ``data`` plays seeded games in which each side makes the shipped
net's best play by 0-ply (a random one with chance ``--explore``), and writes, for every roll
with two results or more, every distinct result, the side to roll next first, with the shipped
net's chances for that side (exact for finished games and bear-offs). ``check`` measures a
pruning net on such a file: for each roll with more results than the pruning keeps, whether the
kept ones hold the big net's best, and the equity the mover gives up when they do not.

Output of ``data``: an ``.npz`` with ``boards`` (n, 2, 25) int8 (side on roll first, in
:class:`bgwidget.Position` layout), ``probs`` (n, 5) float32 (that side's win, win gammon, win
backgammon, lose gammon, lose backgammon) and ``rolls`` (n,) int32, the roll each result
belongs to; ``training/train.py`` reads ``boards`` and ``probs``.

    python training/pruning.py data --games 4000 --out training/data/prune.npz
    python training/pruning.py data --games 500 --seed 2 --out training/data/prune-val.npz
    python training/pruning.py check --data training/data/prune-val.npz [--weights src/bgwidget/ai/data/prune.npz]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from bgwidget.ai.encoding import N_INPUTS, encode_units
from bgwidget.ai.evaluator import equity, evaluate_boards
from bgwidget.ai.net import PRUNING_WEIGHTS, Net
from bgwidget.ai.search import PRUNE_MIN, kept_by_pruning
from bgwidget.moves import result_boards
from bgwidget.position import Position


def play(games: int, explore: float, seed: int, parallel: int = 200) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every roll's distinct results in ``games`` seeded games, with the shipped net's chances."""
    rng = np.random.default_rng(seed)
    boards: list[np.ndarray] = []
    probs: list[np.ndarray] = []
    rolls: list[np.ndarray] = []
    count = 0
    started = 0
    active: list[Position] = []
    while started < games or active:
        while started < games and len(active) < parallel:
            active.append(Position.initial(turn=int(rng.integers(2))))
            started += 1
        groups = []
        for position in active:
            d1, d2 = (int(d) for d in rng.integers(1, 7, size=2))
            groups.append(result_boards(position, d1, d2))
        flat = [board for results in groups for board in results]
        chances = np.zeros((0, 5))
        if flat:
            after = np.frombuffer(b"".join(flat), dtype=np.int8).reshape(-1, 2, 25)[:, ::-1]
            chances = evaluate_boards(after)
        next_active = []
        start = 0
        for position, results in zip(active, groups):
            n = len(results)
            if n == 0:
                next_active.append(position.swap())
                continue
            mine = chances[start : start + n]
            if n >= 2:
                boards.append(after[start : start + n])
                probs.append(mine.astype(np.float32))
                rolls.append(np.full(n, count, dtype=np.int32))
                count += 1
            pick = int(rng.integers(n)) if rng.random() < explore else int(np.argmin(equity(mine)))
            board = results[pick]
            following = Position.unchecked(tuple(board[25:50]), tuple(board[:25]), 1 - position.turn)
            start += n
            if following.outcome() is None:
                next_active.append(following)
        active = next_active
    return np.concatenate(boards), np.concatenate(probs), np.concatenate(rolls)


def check(path: Path, weights: Path) -> None:
    """Print how often the pruning net's kept results hold the big net's best, and the cost."""
    with np.load(path) as data:
        boards, probs, rolls = data["boards"], data["probs"], data["rolls"]
    starts = np.flatnonzero(np.diff(rolls, prepend=-1))
    sizes = np.diff(starts, append=len(rolls))  # results of each roll
    group = np.repeat(np.arange(len(starts)), sizes)
    index = np.arange(len(rolls))
    units = encode_units(boards, np.zeros((len(boards), N_INPUTS), dtype=np.float32))
    kept = kept_by_pruning(boards, units, index, starts, group, Net(weights))  # what best_replies would keep
    kept = np.ones(len(rolls), dtype=bool) if kept is None else kept
    values = equity(probs.astype(np.float64))  # for the side to roll next: the mover wants the least
    crowded = sizes > PRUNE_MIN + np.floor(np.log2(sizes)).astype(int)
    best_kept = np.minimum.reduceat(np.where(kept, values, np.inf), starts)
    losses = (best_kept - np.minimum.reduceat(values, starts))[crowded]
    pruned = int(crowded.sum())
    misses = int((losses > 0).sum())
    print(f"{len(starts)} rolls, {len(rolls)} results; {pruned} rolls pruned")
    print(f"results sent to the big net: {kept.sum() / len(rolls):.1%}")
    print(f"pruned rolls whose best was cut: {misses} ({misses / max(pruned, 1):.2%})")
    print(
        f"equity given up per pruned roll: mean {losses.mean():.5f}, "
        f"per roll of all {losses.sum() / len(starts):.5f}, largest {losses.max():.4f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    data = sub.add_parser("data", help="write rolls' results labelled by the shipped net")
    data.add_argument("--games", type=int, default=4000)
    data.add_argument("--explore", type=float, default=0.1, help="chance of a random play")
    data.add_argument("--seed", type=int, default=20261201)
    data.add_argument("--out", type=Path, default=Path("training/data/prune.npz"))
    measure = sub.add_parser("check", help="how well a pruning net keeps the big net's choice")
    measure.add_argument("--data", type=Path, required=True)
    measure.add_argument("--weights", type=Path, default=PRUNING_WEIGHTS)
    args = parser.parse_args()
    if args.command == "check":
        check(args.data, args.weights)
        return
    t0 = time.time()
    boards, probs, rolls = play(args.games, args.explore, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, boards=boards, probs=probs, rolls=rolls)
    print(f"wrote {args.out}: {len(boards)} results of {rolls[-1] + 1} rolls in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
