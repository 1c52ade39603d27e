"""The evaluator: cubeless chances and equity of positions, in batches.

Every position is seen **by the player on roll, before rolling**. Chances are an (n, 5) float64
array with the columns of GNU Backgammon's evaluations:

====  ===============================================
0     win (any win)
1     win a gammon (backgammons included)
2     win a backgammon
3     lose a gammon (backgammons included)
4     lose a backgammon
====  ===============================================

Cubeless equity, in points per game: ``2 win - 1 + win gammon - lose gammon + win backgammon -
lose backgammon``.

Which judge answers: a finished game (a side has borne off every checker) is scored exactly by
the USBGF rules; a bear-off with no contact (every checker of both sides on its own points 1..6)
by the exact bear-off database (:mod:`bgwidget.ai.bearoff`); every other position by the net
(:mod:`bgwidget.ai.net`).

To rank the plays of a roll, evaluate each play's ``result`` (the opponent on roll) and turn the
chances round with :func:`flip`; :func:`play_probabilities` does both.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bgwidget.ai import bearoff
from bgwidget.ai.encoding import boards_from_positions
from bgwidget.ai.net import Net, default_net
from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = ["equity", "evaluate_boards", "evaluate_positions", "flip", "play_probabilities"]


def equity(probabilities: np.ndarray) -> np.ndarray:
    """Cubeless equity (points per game) of (n, 5) chances, or of one 5-vector."""
    p = np.asarray(probabilities, dtype=np.float64)
    return 2.0 * p[..., 0] - 1.0 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]


def flip(probabilities: np.ndarray) -> np.ndarray:
    """The same chances seen by the other side: (win, wg, wbg, lg, lbg) -> (1 - win, lg, lbg, wg, wbg)."""
    p = np.asarray(probabilities, dtype=np.float64)
    out = p[..., [0, 3, 4, 1, 2]].copy()
    out[..., 0] = 1.0 - p[..., 0]
    return out


def _finished(winner: np.ndarray, loser: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(gammon, backgammon) bools for a loser side, by the USBGF rules.

    A gammon when the loser has borne off no checker; a backgammon when it also has a checker on
    the bar or in the winner's home board (the loser's points 19..24).
    """
    gammon = loser.sum(axis=1) == 15
    backgammon = gammon & (loser[:, 18:25] > 0).any(axis=1)
    return gammon, backgammon


def evaluate_boards(boards: np.ndarray, net: Net | None = None) -> np.ndarray:
    """(n, 5) chances of the player on roll for (n, 2, 25) int boards (side on roll first).

    ``net`` defaults to the net shipped with the package.
    """
    boards = np.asarray(boards)
    n = boards.shape[0]
    out = np.zeros((n, 5))
    left = boards.sum(axis=2)
    lost = left[:, 1] == 0  # the side not on roll has borne off every checker
    won = (left[:, 0] == 0) & ~lost
    if lost.any():
        g, bg = _finished(boards[lost, 1], boards[lost, 0])
        out[lost, 3], out[lost, 4] = g, bg
    if won.any():
        g, bg = _finished(boards[won, 0], boards[won, 1])
        out[won, 0], out[won, 1], out[won, 2] = 1.0, g, bg
    live = ~(lost | won)
    race = live & bearoff.is_bearoff(boards)
    if race.any():
        out[race] = bearoff.race_probabilities(boards[race])
    rest = live & ~race
    if rest.any():
        out[rest] = (net or default_net()).probabilities(boards[rest])
    return out


def evaluate_positions(positions: Sequence[Position], net: Net | None = None) -> np.ndarray:
    """(n, 5) chances of the player on roll of each position (see :func:`evaluate_boards`)."""
    if not positions:
        return np.zeros((0, 5))
    return evaluate_boards(boards_from_positions(positions), net)


def play_probabilities(plays: Sequence[Play], net: Net | None = None) -> np.ndarray:
    """(n, 5) chances **for the mover** after each play (its result, seen from the mover's side)."""
    return flip(evaluate_positions([p.result for p in plays], net))
