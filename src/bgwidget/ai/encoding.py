"""Positions as numpy arrays, and the net's inputs.

A batch of positions is an int8 array ``boards`` of shape (n, 2, 25): ``boards[:, 0]`` the side
on roll, ``boards[:, 1]`` the other side, each in its own numbering exactly as
:class:`bgwidget.Position` holds it (index 0..23 = points 1..24, 24 = bar; off not stored).

:func:`encode` turns boards into the net's inputs, shape (n, :data:`N_INPUTS`) float32. Per side:

* Tesauro's truncated unary code of each point (TD-Gammon, Tesauro 1992/1995): units for
  at least 1, 2 and 3 checkers and (count - 3) / 2 (96 inputs);
* bar / 2 and off / 15;
* hand-made features in the spirit of GNU Backgammon's ``eval.c``: pip count / 100, made home
  points / 6, longest prime / 6, blots / 15, checkers back (bar and the opponent's home board) / 15;

and three global inputs: 1.0 when contact is over (a race), and for each side the share of the
36 rolls with which it could hit a blot of the other side, ignoring blocked points (a rough
version of GNU Backgammon's shot counts).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bgwidget.position import Position, PositionError

__all__ = ["N_INPUTS", "boards_from_positions", "checked_boards", "encode", "is_race"]

_PER_SIDE = 96 + 2 + 5
N_INPUTS = 2 * _PER_SIDE + 3
"""Inputs of the net."""

_PIPS = np.arange(1, 26, dtype=np.float32)
_PIPS[24] = 25.0


def boards_from_positions(positions: Sequence[Position]) -> np.ndarray:
    """(n, 2, 25) int8 boards of ``positions``, the side on roll first."""
    return np.array([p.player + p.opponent for p in positions], dtype=np.int8).reshape(-1, 2, 25)


def checked_boards(boards: object) -> np.ndarray:
    """``boards`` as an (n, 2, 25) int array of counts 0..15, each side at most 15 checkers.

    The check at the door of every function here and in the evaluators that takes boards.
    Raises :class:`~bgwidget.position.PositionError` for anything else (a wrong shape, a float
    count, a negative one, a side of 16 checkers).
    """
    try:
        array = np.asarray(boards)
    except (TypeError, ValueError):
        raise PositionError("boards are an (n, 2, 25) array of checker counts") from None
    if array.ndim != 3 or array.shape[1:] != (2, 25) or not (array.dtype.kind in "iu" or array.size == 0):
        raise PositionError(f"boards are an (n, 2, 25) array of integer counts, not {array.dtype} {array.shape}")
    if array.size and (array.min() < 0 or array.sum(axis=2).max() > 15):
        raise PositionError("a board has a negative count or more than 15 checkers a side")
    return array.astype(np.int64) if array.size == 0 else array


def is_race(boards: np.ndarray) -> np.ndarray:
    """(n,) bool: contact is over, every checker of each side has passed all the other's.

    Same rule as :meth:`bgwidget.Position.is_race`. In the player's numbering the player's
    rearmost checker is at its highest occupied index (bar 24) and the opponent's rearmost at
    ``23 - j`` for its highest occupied index ``j`` (bar: -1). Raises
    :class:`~bgwidget.position.PositionError` for boards :func:`checked_boards` refuses.
    """
    boards = checked_boards(boards)
    occupied = boards > 0
    idx = np.arange(25)
    back_me = np.where(occupied[:, 0], idx, -1).max(axis=1)
    back_them = np.where(occupied[:, 1], 23 - idx, 99).min(axis=1)
    return back_me < back_them


def _reach() -> np.ndarray:
    """(25, 36) bool: distance d + 1 is covered by ordered roll r (a die, both dice, or 2-4 steps
    of doubles)."""
    reach = np.zeros((25, 36), dtype=bool)
    for r in range(36):
        a, b = r // 6 + 1, r % 6 + 1
        for d in [a, 2 * a, 3 * a, 4 * a] if a == b else [a, b, a + b]:
            if d <= 25:
                reach[d - 1, r] = True
    return reach


_REACH = _reach().astype(np.float32)


def _hit_chance(me: np.ndarray, them: np.ndarray) -> np.ndarray:
    """(n,) share of the 36 rolls with which ``me`` could hit a blot of ``them``.

    Both (n, 25) in their own numbering. A blot on the other side's point q stands on ``me``'s
    point 25 - q; a checker of ``me`` on point p (bar = 25) reaches it at distance p - (25 - q).
    """
    blots = them[:, 23::-1] == 1  # blots[:, x - 1]: a blot on my point x
    mine = me > 0  # mine[:, p - 1]: a checker on my point p, the bar as 25
    present = np.zeros((me.shape[0], 25), dtype=np.float32)
    for d in range(1, 25):
        present[:, d - 1] = (mine[:, d:25] & blots[:, : 25 - d]).any(axis=1)
    return ((present @ _REACH) > 0).mean(axis=1)


def _side_features(side: np.ndarray) -> np.ndarray:
    """(n, 25) int8 counts of one side -> (n, 103) float32."""
    n = side.shape[0]
    pts = side[:, :24].astype(np.float32)
    out = np.empty((n, _PER_SIDE), dtype=np.float32)
    out[:, 0:24] = pts >= 1
    out[:, 24:48] = pts >= 2
    out[:, 48:72] = pts >= 3
    out[:, 72:96] = np.maximum(pts - 3.0, 0.0) * 0.5
    bar = side[:, 24].astype(np.float32)
    out[:, 96] = bar * 0.5
    out[:, 97] = (15.0 - pts.sum(axis=1) - bar) / 15.0
    out[:, 98] = side.astype(np.float32) @ _PIPS / 100.0
    made = pts >= 2
    out[:, 99] = made[:, :6].sum(axis=1) / 6.0
    run = np.zeros(n, dtype=np.float32)
    best = np.zeros(n, dtype=np.float32)
    for i in range(24):
        run = (run + 1.0) * made[:, i]
        np.maximum(best, run, out=best)
    out[:, 100] = best / 6.0
    out[:, 101] = (pts == 1).sum(axis=1) / 15.0
    out[:, 102] = (pts[:, 18:24].sum(axis=1) + bar) / 15.0
    return out


def encode(boards: np.ndarray) -> np.ndarray:
    """The net's inputs for (n, 2, 25) boards: (n, N_INPUTS) float32 (see the module docstring).

    Raises :class:`~bgwidget.position.PositionError` for boards :func:`checked_boards` refuses.
    """
    boards = checked_boards(boards)
    out = np.empty((boards.shape[0], N_INPUTS), dtype=np.float32)
    out[:, :_PER_SIDE] = _side_features(boards[:, 0])
    out[:, _PER_SIDE : 2 * _PER_SIDE] = _side_features(boards[:, 1])
    out[:, -3] = is_race(boards)
    out[:, -2] = _hit_chance(boards[:, 0], boards[:, 1])
    out[:, -1] = _hit_chance(boards[:, 1], boards[:, 0])
    return out
