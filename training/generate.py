"""Generate training positions and their labels for the bgwidget net.

Positions come from self-play games in which each side plays bgsage's static (XG "1-ply",
GNU Backgammon "0-ply") choice, except that with probability ``--explore`` a random legal play is
made instead, so the data also covers the positions that weaker players reach. Every position
before a roll is labelled with bgsage's cubeless probabilities (win, win gammon, win backgammon,
lose gammon, lose backgammon) for the player on roll, at ``--ply`` (bgsage's numbering).

bgsage (MPL-2.0, Mark Higgins) is the teacher; it is a training-only dependency (``.[train]``).

Output: an ``.npz`` with ``boards`` (n, 2, 25) int8, the player on roll first, in
:class:`bgwidget.Position` layout, and ``probs`` (n, 5) float32. With ``--chunk`` the games are
played and labelled ``--chunk`` at a time, each chunk written to its own file (``OUT-000.npz``,
``OUT-001.npz``, ...) as soon as it is done, with its own seeded dice; positions met in an earlier
chunk are not repeated.

    python training/generate.py --games 30000 --out training/data/positions.npz
    python training/generate.py --games 30000 --chunk 1000 --ply 2ply --out training/data/deep.npz
    python training/generate.py --relabel training/data/positions.npz --limit 300000 \
        --ply 2ply --out training/data/positions-2ply.npz
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from bgsage.batch import batch_evaluate, batch_post_move_evaluate
from bgsage.board import STARTING_BOARD, check_game_over, flip_board, possible_moves

from bgwidget.ai.engines import bgsage_board_from_sides, sides_from_bgsage


def play_games(n_games: int, parallel: int, explore: float, rng: np.random.Generator, log) -> list[list[int]]:
    """Self-play; returns every pre-roll board (mover's view) met, game over excluded."""
    boards: list[list[int]] = []
    started = 0
    live: list[list[int]] = []
    t0 = time.time()
    while started < n_games or live:
        while len(live) < parallel and started < n_games:
            board = list(STARTING_BOARD)
            if started % 2:
                board = flip_board(board)
            live.append(board)
            started += 1
        boards.extend(live)
        candidates, owner = [], []
        for g, board in enumerate(live):
            d1, d2 = rng.integers(1, 7, size=2)
            options = possible_moves(board, int(d1), int(d2))
            if not options:
                options = [board]
            if len(options) == 1 or rng.random() < explore:
                options = [options[rng.integers(len(options))]]
            candidates.extend(options)
            owner.extend([g] * len(options))
        results = batch_post_move_evaluate([{"board": c, "cube_owner": "centered"} for c in candidates], "1ply")
        best: dict[int, tuple[float, list[int]]] = {}
        for cand, g, r in zip(candidates, owner, results):
            p = r.probs
            eq = 2 * p.win - 1 + p.gammon_win - p.gammon_loss + p.backgammon_win - p.backgammon_loss
            if g not in best or eq > best[g][0]:
                best[g] = (eq, cand)
        nxt = []
        for g in range(len(live)):
            after = best[g][1]
            if check_game_over(after) == 0:
                nxt.append(flip_board(after))
        live = nxt
        if len(boards) % 20000 < parallel:
            log(f"games started {started}, positions {len(boards)}, {time.time() - t0:.0f}s")
    return boards


def label(boards: list[list[int]], ply: str, chunk: int, log) -> np.ndarray:
    probs = np.zeros((len(boards), 5), dtype=np.float32)
    t0 = time.time()
    for start in range(0, len(boards), chunk):
        part = boards[start : start + chunk]
        res = batch_evaluate([{"board": b, "cube_value": 1, "cube_owner": "centered"} for b in part], ply)
        probs[start : start + len(part)] = [r.probs.to_list() for r in res]
        log(f"labelled {start + len(part)}/{len(boards)} at {ply}, {time.time() - t0:.0f}s")
    return probs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--parallel", type=int, default=256)
    parser.add_argument("--explore", type=float, default=0.1, help="chance of a random play")
    parser.add_argument("--ply", default="1ply", help="bgsage label level: 1ply (static) or 2ply")
    parser.add_argument("--seed", type=int, default=20260907)
    parser.add_argument("--out", type=Path, default=Path("training/data/positions.npz"))
    parser.add_argument("--relabel", type=Path, help="label the first --limit positions of this file instead")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--chunk", type=int, default=None, help="games per output file (OUT-000.npz, ...)")
    args = parser.parse_args()

    def log(msg: str) -> None:
        print(msg, flush=True)

    if args.relabel:
        with np.load(args.relabel) as data:
            sides = data["boards"][: args.limit]
        probs = label([bgsage_board_from_sides(*b) for b in sides], args.ply, 20000, log)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.out, boards=sides, probs=probs)
        log(f"wrote {args.out}: {len(sides)} positions labelled at {args.ply}")
        return

    # Chunks of --chunk games, each saved as soon as it is labelled, so a stopped run keeps its
    # work; a position already met (in this chunk or an earlier one) is labelled once.
    seen: set[tuple[int, ...]] = set()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    chunk = args.chunk or args.games
    for index, first in enumerate(range(0, args.games, chunk)):
        rng = np.random.default_rng(args.seed if args.chunk is None else [args.seed, index])
        boards = play_games(min(chunk, args.games - first), args.parallel, args.explore, rng, log)
        unique = {}
        for b in boards:
            key = tuple(b)
            if key not in seen:
                seen.add(key)
                unique[key] = b
        boards = list(unique.values())
        probs = label(boards, args.ply, 50000 if args.ply == "1ply" else 5000, log)
        sides = np.array([sides_from_bgsage(b) for b in boards], dtype=np.int8).reshape(-1, 2, 25)
        out = args.out if chunk >= args.games else args.out.with_name(f"{args.out.stem}-{index:03d}.npz")
        np.savez_compressed(out, boards=sides, probs=probs)
        log(f"wrote {out}: {len(boards)} new positions")


if __name__ == "__main__":
    main()
