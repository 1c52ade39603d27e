"""Playing strength: our computer levels against GNU Backgammon's players, or one another.

Cubeless money games, our rules engine as referee (every play of the reference player must be one
of our legal plays), seeded dice. Games come in pairs that share a dice stream with the seats
swapped, and the side that starts alternates; the opening roll is re-rolled until the dice differ.
Our player is one of the computer levels (:mod:`bgwidget.ai.players`): ``medium`` (the default)
makes the play whose result the net rates best for it (0-ply, no look-ahead), ``expert`` looks one
ply deeper, ``easy`` plays a random legal play from a seeded generator, ``sage`` is the bgsage
adapter (the sage extra). Opponents (gnubg-nn, GPL, a benchmark extra only):

* ``pubeval``: ``gnubg_nn.pub_best_move``, Tesauro's pubeval (independent of our copy);
* ``gnubg0``: ``gnubg_nn.best_move``, GNU Backgammon's own net at 0-ply;
* ``gnubg1``, ``gnubg2``: ``gnubg_nn.bestmove(..., n=1 or 2)``, GNU Backgammon's 1-ply (our
  Expert's depth) and 2-ply (our World class's), with gnubg's own move filters;
* any of our levels (``expert``, ``world-class``...): one level against another, e.g.
  ``--player world-class --opponent expert``; with duplicate dice each pair shows both levels the
  same dice in both seats.

A level written ``LEVEL@WEIGHTS`` (``expert@training/data/net.npz``) is that level on the net in the
file WEIGHTS instead of the shipped one, to compare two nets with the same dice: two runs with the
same ``--seed``, or one net against the other.

``--player`` may be one of GNU Backgammon's players too, to measure what its own look-ahead buys
on the same dice: ``--player gnubg1 --opponent gnubg0``.

Prints points per game for our player with a 95% interval (normal approximation over the pairs).

    .venv/bin/python benchmarks/strength.py --opponent pubeval --games 5000 [--player expert]
    .venv/bin/python benchmarks/strength.py --player world-class --opponent expert --games 200
    .venv/bin/python benchmarks/strength.py --player expert@new.npz --opponent expert --games 400
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

import gnubg_nn
import numpy as np

from bgwidget import Position
from bgwidget.ai.engines import gnubg_board, gnubg_steps_result
from bgwidget.ai.evaluator import evaluate_positions
from bgwidget.ai.net import Net
from bgwidget.ai.players import LEVELS, Player, get_player, register_level
from bgwidget.moves import Play


def pubeval_steps(pos, d1, d2):
    flat = gnubg_nn.pub_best_move(gnubg_board(pos), d1, d2)
    return list(zip(flat[::2], flat[1::2]))


def gnubg_ply_steps(ply, pos, d1, d2):
    # bestmove (best_move is the same function) lists 1-based (from, to), 25 = bar, 0 = off
    return [(a - 1, b - 1) for a, b in gnubg_nn.bestmove(gnubg_board(pos), d1, d2, n=ply)]


gnubg0_steps = partial(gnubg_ply_steps, 0)

OPPONENTS = {
    "pubeval": pubeval_steps,
    "gnubg0": gnubg0_steps,
    "gnubg1": partial(gnubg_ply_steps, 1),
    "gnubg2": partial(gnubg_ply_steps, 2),
}

Choose = Callable[[Position, tuple[int, int], list[Play]], Play]
"""An opponent: the play it makes of ``plays``, the legal plays of the dice in the position."""


def level(spec: str) -> str:
    """``spec``, a level's name; ``LEVEL@WEIGHTS`` is first registered as LEVEL on the net in WEIGHTS."""
    if spec in OPPONENTS:
        return spec
    name, _, weights = spec.partition("@")
    if name not in LEVELS:
        raise argparse.ArgumentTypeError(f"{spec!r}: not one of {sorted(OPPONENTS)} or our levels {sorted(LEVELS)}")
    if weights and spec not in LEVELS:
        player = get_player(name)
        if not hasattr(player, "evaluator"):
            raise argparse.ArgumentTypeError(f"{spec!r}: the {name} level does not use the net")
        try:
            evaluator = partial(evaluate_positions, net=Net(weights))  # loaded once, shared by the games
        except (OSError, KeyError, ValueError) as error:
            raise argparse.ArgumentTypeError(f"{spec!r}: {error}") from None
        searching = type(player)
        register_level(spec, lambda rng: searching(evaluator))
    return spec


def choose_for(name: str, seed: int, rng: random.Random | None = None) -> Choose:
    """The choice of either seat: GNU Backgammon's player ``name`` refereed by our rules, or our
    level ``name`` (``rng``: Easy's generator, by default one seeded from ``seed``)."""
    if name in OPPONENTS:
        steps = OPPONENTS[name]
        return lambda pos, dice, plays: referee(pos, plays, steps(pos, *dice))
    player: Player = get_player(name, rng=rng or random.Random(f"{seed}/opponent"))
    return lambda pos, dice, plays: player.choose_play(pos, dice)


def referee(pos, plays, steps):
    """Our legal play that gnubg-nn's steps reach (raises if none: the reference broke a rule)."""
    target = gnubg_steps_result(pos, steps)
    for play in plays:
        if play.result == target:
            return play
    raise AssertionError(f"{pos.position_id()}: gnubg-nn's play {steps} is not legal here")


def play_pairs(first: int, n_pairs: int, opponent: Choose, seed: int, level: str = "medium") -> np.ndarray:
    """Points for our player in each game, shape (n_pairs, 2), games advancing in lockstep.

    Pair ``first + k`` has its own dice stream; in game (k, s) our player sits in seat s, and
    the seat 0 player starts in even pairs.
    """
    games = []
    for k in range(n_pairs):
        for s in (0, 1):
            rng = random.Random(seed * 1_000_003 + first + k)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            start = Position.initial(turn=(first + k) % 2)
            games.append({"pos": start, "rng": rng, "ours": s, "dice": (d1, d2), "k": k, "s": s})
    points = np.zeros((n_pairs, 2))
    live = games
    player = choose_for(level, seed, rng=random.Random(f"{seed}/{first}/easy"))
    while live:
        for g in live:
            pos = g["pos"]
            plays = pos.legal_plays(*g["dice"])
            if not plays:
                g["next"] = pos.swap()
            elif pos.turn == g["ours"]:
                g["next"] = player(pos, g["dice"], plays).result
            else:
                g["next"] = opponent(pos, g["dice"], plays).result
        still = []
        for g in live:
            pos = g["next"]
            outcome = pos.outcome()
            if outcome is not None:
                points[g["k"], g["s"]] = outcome.points if outcome.winner == g["ours"] else -outcome.points
                continue
            g["pos"] = pos
            g["dice"] = (g["rng"].randint(1, 6), g["rng"].randint(1, 6))
            still.append(g)
        live = still
    return points


def interval(points: np.ndarray) -> tuple[float, float]:
    """Mean points per game and the half-width of its 95% interval, over the pairs of ``points``."""
    per_pair = points.mean(axis=1)
    half = 1.96 * per_pair.std(ddof=1) / np.sqrt(len(per_pair)) if len(per_pair) > 1 else float("nan")
    return float(per_pair.mean()), float(half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", type=level, default="pubeval", help=f"{sorted(OPPONENTS)} or our level")
    parser.add_argument(
        "--player", type=level, default="medium", help=f"{sorted(LEVELS)}[@WEIGHTS] or {sorted(OPPONENTS)}"
    )
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=250, help="pairs played in lockstep")
    args = parser.parse_args()
    n_pairs = args.games // 2
    start = time.perf_counter()
    chunks = []
    for first in range(0, n_pairs, args.batch):
        count = min(args.batch, n_pairs - first)
        chunks.append(play_pairs(first, count, choose_for(args.opponent, args.seed), args.seed, args.player))
        mean, half = interval(np.concatenate(chunks))
        print(
            f"  {2 * sum(map(len, chunks))} games: {mean:+.3f} ppg (95% interval {mean - half:+.3f} .. "
            f"{mean + half:+.3f}), {time.perf_counter() - start:.0f}s",
            flush=True,
        )
    points = np.concatenate(chunks)
    mean, half = interval(points)
    wins = (points > 0).mean()
    print(
        f"{args.player} vs {args.opponent}: {points.size} games, {mean:+.3f} points per game "
        f"(95% interval {mean - half:+.3f} .. {mean + half:+.3f}), wins {wins:.1%}, "
        f"{time.perf_counter() - start:.0f}s"
    )


if __name__ == "__main__":
    main()
