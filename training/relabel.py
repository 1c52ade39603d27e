"""Label training positions with the shipped net's own look-ahead (self-distillation).

Reads the ``.npz`` files that ``training/generate.py`` writes and writes, for each, a file of the
same name in ``--out`` with the same ``boards`` and new ``probs``: the cubeless chances of the
player on roll at ``--ply`` by :func:`bgwidget.ai.search.position_values` with the shipped net
(``src/bgwidget/ai/data/net.npz``), pruning and all, as the Expert searches. A net taught these
labels learns at 0-ply what the shipped net sees at 1-ply, the bootstrapping of TD-Gammon's and
GNU Backgammon's training (Tesauro 1995; GNU Backgammon's nets were trained on their own 1-ply and
2-ply evaluations).

Why: measured against gnubg-nn's 2-ply on 1,000 game positions (the positions of
``benchmarks/accuracy.py``), the shipped net's 1-ply is closer than bgsage's "2ply", the labels of
the earlier stages (mean equity difference 0.0146 against 0.0195; in races 0.0043 against 0.0171).

A file already in ``--out`` is skipped, so a stopped run resumes; files are taken in the order
given, so two processes given the two halves of a list share the work.

    python training/relabel.py --out training/data/self1 training/data/d6-0*.npz
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from bgwidget.ai.search import position_values
from bgwidget.position import Position


def label(boards: np.ndarray, ply: int, batch: int) -> np.ndarray:
    """(n, 5) float32 chances of the side on roll in each of the (n, 2, 25) ``boards`` at ``ply``."""
    out = np.empty((len(boards), 5), dtype=np.float32)
    for start in range(0, len(boards), batch):
        part = boards[start : start + batch].tolist()
        positions = [Position.unchecked(tuple(mine), tuple(theirs), 0) for mine, theirs in part]
        out[start : start + len(part)] = position_values(positions, ply)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="generate.py's .npz files (boards, probs)")
    parser.add_argument("--out", type=Path, required=True, help="the folder the relabelled files go in")
    parser.add_argument("--ply", type=int, default=1)
    parser.add_argument("--batch", type=int, default=250, help="positions searched together")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.files:
        target = args.out / path.name
        if target.exists():
            continue
        start = time.perf_counter()
        boards = np.load(path)["boards"]
        probs = label(boards, args.ply, args.batch)
        partial = target.with_suffix(".part.npz")
        np.savez_compressed(partial, boards=boards, probs=probs)
        partial.rename(target)  # whole files only: a stopped run leaves no half-written one
        print(f"{target}: {len(boards)} positions, {time.perf_counter() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
