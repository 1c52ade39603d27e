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

The pruning net reads only the *units* (:data:`UNITS`: each side's 96 point units, bar and off),
which :func:`encode_units` writes alone; :func:`encode_rest` adds the other inputs to rows whose
units are written. A search encodes every result's units for the pruning net and the rest only
for the few results the big net judges.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bgwidget.position import Position, PositionError

__all__ = [
    "N_INPUTS",
    "UNITS",
    "boards_from_positions",
    "checked_boards",
    "checked_inputs",
    "encode",
    "encode_checked",
    "encode_rest",
    "encode_units",
    "is_race",
]

_PER_SIDE = 96 + 2 + 5
N_INPUTS = 2 * _PER_SIDE + 3
"""Inputs of the net."""
_UNITS_PER_SIDE = 96 + 2
UNITS = np.r_[0:_UNITS_PER_SIDE, _PER_SIDE : _PER_SIDE + _UNITS_PER_SIDE]
"""The columns of the inputs that :func:`encode_units` writes (the pruning net's inputs)."""

_PIPS = np.arange(1, 26, dtype=np.float32)
_PIPS[24] = 25.0


def boards_from_positions(positions: Sequence[Position]) -> np.ndarray:
    """(n, 2, 25) int8 boards of ``positions``, the side on roll first."""
    # One bytes object for the whole batch: far cheaper than numpy reading a list of tuples.
    data = bytearray().join([bytes(p.player) + bytes(p.opponent) for p in positions])
    return np.frombuffer(data, dtype=np.int8).reshape(-1, 2, 25)


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
    # The largest count first: a sum of huge int64 counts could wrap round to a small one.
    if array.size and (array.min() < 0 or array.max() > 15 or array.sum(axis=2).max() > 15):
        raise PositionError("a board has a negative count or more than 15 checkers a side")
    return array.astype(np.int64) if array.size == 0 else array


def checked_inputs(inputs: object) -> np.ndarray:
    """``inputs`` as the (n, N_INPUTS) float32 array :func:`encode` makes; raises
    :class:`ValueError` for anything else."""
    if not isinstance(inputs, np.ndarray) or inputs.ndim != 2 or inputs.shape[1] != N_INPUTS:
        raise ValueError(f"inputs are an (n, {N_INPUTS}) float32 array, not {inputs!r:.60}")
    if inputs.dtype != np.float32:
        raise ValueError(f"inputs are float32, not {inputs.dtype}")
    return inputs


def is_race(boards: np.ndarray) -> np.ndarray:
    """(n,) bool: contact is over, every checker of each side has passed all the other's.

    Same rule as :meth:`bgwidget.position.Position.is_race`. Raises
    :class:`~bgwidget.position.PositionError` for boards :func:`checked_boards` refuses.
    """
    boards = checked_boards(boards)
    return _is_race(_occupied(boards[:, 0]), _occupied(boards[:, 1]))


def _occupied(sides: np.ndarray) -> np.ndarray:
    """(n,) int32 of (n, 25) counts: bit i set when index i (point i + 1, the bar 24) holds a checker."""
    return (sides > 0) @ _BITS


def _is_race(mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """:func:`is_race` from both sides' :func:`_occupied` bits.

    In the player's numbering the player's rearmost checker is at its highest occupied index
    ``i`` and the opponent's at ``23 - j`` for its highest occupied index ``j``: a race when
    ``i < 23 - j``, or when a side has no checker left on the board.
    """
    highest = np.frexp(np.stack([mine, theirs]))[1] - 1  # the highest set bit; -1 for none
    return (highest[0] + highest[1] < 23) | (highest.min(axis=0) < 0)


def _reach() -> np.ndarray:
    """(36,) int32: bit d - 1 of entry r is set when distance d is covered by ordered roll r (a die,
    both dice, or 2-4 steps of doubles)."""
    reach = np.zeros(36, dtype=np.int32)
    for r in range(36):
        a, b = r // 6 + 1, r % 6 + 1
        for d in [a, 2 * a, 3 * a, 4 * a] if a == b else [a, b, a + b]:
            if d <= 24:
                reach[r] |= 1 << (d - 1)
    return reach


_REACH = _reach()
# Bit i stands for point i + 1. int32: numpy shifts it several times faster than int64.
_BITS = np.int32(1) << np.arange(25, dtype=np.int32)
_DISTANCES = np.arange(1, 25, dtype=np.int32)


def _runs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each 12-bit integer: its longest run of set bits, the run that ends at bit 11, the run
    that starts at bit 0 (three (4096,) int8 tables)."""
    longest, top, bottom = (np.zeros(4096, dtype=np.int8) for _ in range(3))
    for x in range(4096):
        bits = f"{x:012b}"  # bit 11 first
        longest[x] = max(map(len, bits.split("0")))
        top[x] = len(bits) - len(bits.lstrip("1"))
        bottom[x] = len(bits) - len(bits.rstrip("1"))
    return longest, top, bottom


_RUN, _TOP_RUN, _BOTTOM_RUN = _runs()


def _hit_chance(mine: np.ndarray, them: np.ndarray) -> np.ndarray:
    """(n,) share of the 36 rolls with which a side could hit a blot of the other.

    ``mine``: the side's :func:`_occupied` bits; ``them``: the other's (n, 25) counts in its own
    numbering. A blot on the other side's point q stands on this side's point 25 - q; a checker
    on point p (bar = 25) reaches it at distance p - (25 - q). Each side's points are the bits of
    one integer, so the blots at distance d of some checker are ``(mine >> d) & blots``, for all
    d at once.
    """
    blots = (them[:, 23::-1] == 1) @ _BITS[:24]  # bit x - 1: a blot on my point x
    distances = ((mine[:, None] >> _DISTANCES) & blots[:, None] != 0) @ _BITS[:24]  # bit d - 1: distance d
    return np.count_nonzero(distances[:, None] & _REACH, axis=1) / 36.0


# The side's features that are sums, each column one matrix product: of its 25 counts (checkers
# on the board, pip count, checkers back), and of its first 48 inputs (made home points, blots:
# points with at least one checker and not two). Integer weights: sums of small integers are
# exact in float32 whatever order BLAS adds them in, so a board's inputs do not depend on its batch.
_BY_COUNTS = np.zeros((25, 3), dtype=np.float32)
_BY_COUNTS[:, 0] = 1
_BY_COUNTS[:, 1] = _PIPS
_BY_COUNTS[18:25, 2] = 1
_BY_UNITS = np.zeros((48, 2), dtype=np.float32)
_BY_UNITS[24:30, 0] = 1
_BY_UNITS[:24, 1] = 1
_BY_UNITS[24:48, 1] = -1


def _side_units(sides: np.ndarray, out: np.ndarray) -> None:
    """(n, 25) int counts of one side -> its 98 units (points, bar, off), written into ``out``
    (its (n, 103) columns)."""
    counts = sides.astype(np.float32)
    pts = counts[:, :24]
    np.greater_equal(pts, 1, out=out[:, 0:24])
    np.greater_equal(pts, 2, out=out[:, 24:48])
    np.greater_equal(pts, 3, out=out[:, 48:72])
    np.maximum(pts - 3.0, 0.0, out=out[:, 72:96])
    out[:, 72:96] *= 0.5
    out[:, 96] = counts[:, 24] * 0.5
    out[:, 97] = (15.0 - counts.sum(axis=1, dtype=np.float32)) / 15.0


def _side_features(sides: np.ndarray, out: np.ndarray, counts: np.ndarray) -> None:
    """The side's other 5 inputs, written into its (n, 103) columns ``out`` whose units are written."""
    sums = counts @ _BY_COUNTS
    out[:, 98] = sums[:, 1] / 100.0
    out[:, 102] = sums[:, 2] / 15.0
    sums = out[:, :48] @ _BY_UNITS
    out[:, 99] = sums[:, 0] / 6.0
    out[:, 101] = sums[:, 1] / 15.0
    # Longest run of made points: the longest within points 1-12 and within 13-24, or the run
    # that crosses from the top of the first half into the bottom of the second.
    made = (sides[:, :24] >= 2) @ _BITS[:24]
    low, high = made & 0xFFF, made >> 12
    prime = np.maximum(np.maximum(_RUN[low], _RUN[high]), _TOP_RUN[low] + _BOTTOM_RUN[high])
    out[:, 100] = prime / 6.0


def encode(boards: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The net's inputs for (n, 2, 25) boards: (n, N_INPUTS) float32 (see the module docstring).

    ``out``, when given, is an (n, N_INPUTS) float32 array the inputs are written into (and
    returned), so that a caller can reuse its memory. Raises
    :class:`~bgwidget.position.PositionError` for boards :func:`checked_boards` refuses and
    :class:`ValueError` for an ``out`` of another shape or type.
    """
    boards = checked_boards(boards)
    n = boards.shape[0]
    if out is None:
        out = np.empty((n, N_INPUTS), dtype=np.float32)
    elif not isinstance(out, np.ndarray) or out.shape != (n, N_INPUTS) or out.dtype != np.float32:
        raise ValueError(f"out is an ({n}, {N_INPUTS}) float32 array, not {out!r:.60}")
    return encode_checked(boards, out)


def encode_checked(boards: np.ndarray, out: np.ndarray) -> np.ndarray:
    """:func:`encode` of boards :func:`checked_boards` has passed, into ``out`` (returned), with
    no check of either: for the nets, which check a batch once."""
    encode_units(boards, out)
    return encode_rest(boards, out)


def encode_units(boards: np.ndarray, out: np.ndarray, first: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """The :data:`UNITS` columns of :func:`encode_checked`, written into ``out`` (returned); the
    other columns are left as they are (zeros, for the pruning net).

    ``first``, when given, is ``(sides, rows)``: (k, 25) int counts and (n,) int, board ``i``'s
    first side being ``sides[rows[i]]``, or its own where ``rows[i]`` is -1. Those sides' units
    are made once each and copied: the results of a roll mostly leave the side to roll next as
    it was (:func:`bgwidget.ai.search.best_boards`).
    """
    if first is None:
        _side_units(boards[:, 0], out[:, :_PER_SIDE])
    else:
        sides, rows = first
        units = np.empty((len(sides), _PER_SIDE), dtype=np.float32)
        _side_units(sides, units)
        out[:, :_UNITS_PER_SIDE] = units[np.maximum(rows, 0), :_UNITS_PER_SIDE]
        own = np.flatnonzero(rows < 0)
        if len(own):
            units = np.empty((len(own), _PER_SIDE), dtype=np.float32)
            _side_units(boards[own, 0], units)
            out[own, :_UNITS_PER_SIDE] = units[:, :_UNITS_PER_SIDE]
    _side_units(boards[:, 1], out[:, _PER_SIDE : 2 * _PER_SIDE])
    return out


def encode_rest(boards: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The columns of :func:`encode_checked` other than :data:`UNITS`, written into ``out``
    (returned), whose units :func:`encode_units` has written (some inputs are sums of them)."""
    n = boards.shape[0]
    for side, columns in ((0, out[:, :_PER_SIDE]), (1, out[:, _PER_SIDE : 2 * _PER_SIDE])):
        _side_features(boards[:, side], columns, boards[:, side].astype(np.float32))
    occupied = _occupied(boards.reshape(2 * n, 25)).reshape(n, 2)
    out[:, -3] = _is_race(occupied[:, 0], occupied[:, 1])
    # Both directions at once: row 2k + s is side s of board k against its other side.
    out[:, -2:] = _hit_chance(occupied.reshape(2 * n), boards[:, ::-1].reshape(2 * n, 25)).reshape(n, 2)
    return out
