"""Exact one-sided bear-off database, and race chances once both sides are bearing off.

A one-sided bear-off position is up to 15 checkers on the six home points of one side (points
1..6 of its own numbering). For each of the C(21, 6) = 54,264 such positions the database
holds two distributions of the number of rolls, computed by dynamic programming over the
positions in order of pip count, with the USBGF bear-off rules:

* ``rolls``: rolls to bear off every checker, playing each roll to minimise the expected number
  of rolls (the strategy of GNU Backgammon's one-sided database, ``bearoffdump``);
* ``first_off``: rolls to bear off the first checker (0 when one is already off), playing to
  minimise its expectation: what the side needs to save a gammon.

:func:`race_probabilities` combines two of them into the five cubeless chances of the player on
roll when neither side has a checker outside its home board (no contact, no backgammons
possible): the player on roll wins when it needs no more rolls than the opponent, and wins a
gammon when the opponent, with 15 checkers left, needs more rolls to bear off its first checker
than the player needs to finish. The two sides' rolls are independent, so this is exact up to
the usual assumption that each side plays to minimise its expected rolls.

The tables take some seconds to compute; they are computed on first use (saying so on
standard error, so that a notebook shows why the first race evaluation waits) and cached as an
``.npz`` (:func:`cache_path`) in the user cache directory (``platformdirs.user_cache_dir("bgwidget")``,
or ``$BGWIDGET_CACHE`` when set and not empty). A cache that cannot be written (a read-only
directory, a browser's kernel) gives one :class:`RuntimeWarning`; the tables are then computed
again in each new process.
"""

from __future__ import annotations

import os
import sys
import warnings
from functools import lru_cache
from math import comb
from pathlib import Path

import numpy as np

from bgwidget.ai.encoding import checked_boards
from bgwidget.position import PositionError

__all__ = [
    "CACHE_VERSION",
    "MAX_ROLLS",
    "N_POSITIONS",
    "all_positions",
    "cache_path",
    "database",
    "is_bearoff",
    "position_index",
    "race_probabilities",
]

N_POSITIONS = comb(21, 6)
"""One-sided positions: 0..15 checkers on 6 points."""
MAX_ROLLS = 40
"""Length of each distribution; the chance of needing more rolls is below 1e-20."""
CACHE_VERSION = 1
"""The version of the tables' cache file, part of its name (:func:`cache_path`): raised when the
tables change, so that a cache of older tables is never read."""

# _RANK[i, m, c]: how many positions come before those with c checkers on point i + 1 among
# the positions of the points i + 1..6 with at most m checkers (the combinatorial number system).
_RANK = np.zeros((6, 16, 16), dtype=np.int64)
for _i in range(6):
    for _m in range(16):
        for _c in range(1, _m + 1):
            # tuples for points i + 2..6 with at most m - (c - 1) checkers: C(m - c + 1 + k, k)
            _k = 5 - _i
            _RANK[_i, _m, _c] = _RANK[_i, _m, _c - 1] + comb(_m - (_c - 1) + _k, _k)


def position_index(home: np.ndarray) -> np.ndarray:
    """Index 0..N_POSITIONS-1 of one-sided positions: ``home`` (n, 6) counts on points 1..6.

    Raises :class:`ValueError` when a row is negative or holds more than 15 checkers.
    """
    try:
        home = np.asarray(home)
        if home.size % 6 or not (home.dtype.kind in "iu" or home.size == 0):
            raise ValueError
        home = home.astype(np.int64).reshape(-1, 6)
    except (TypeError, ValueError):
        raise PositionError("one-sided bear-off positions are (n, 6) integer counts on points 1..6") from None
    if (home < 0).any() or (home.sum(axis=1) > 15).any():
        raise PositionError("a one-sided bear-off position has 0 to 15 checkers on points 1..6")
    index = np.zeros(home.shape[0], dtype=np.int64)
    budget = np.full(home.shape[0], 15, dtype=np.int64)
    for i in range(6):
        index += _RANK[i, budget, home[:, i]]
        budget -= home[:, i]
    return index


def all_positions() -> np.ndarray:
    """(N_POSITIONS, 6) int64: every one-sided position (counts on points 1..6), row k the position
    of index k (the inverse of :func:`position_index`)."""
    rows = []

    def walk(prefix: list[int], left: int) -> None:
        if len(prefix) == 6:
            rows.append(prefix)
            return
        for c in range(left + 1):
            walk(prefix + [c], left - c)

    walk([], 15)
    return np.array(rows, dtype=np.int64)


def _steps(pos: tuple[int, ...], die: int) -> list[tuple[int, ...]]:
    """Positions after one checker moves ``die`` pips, by the bear-off rules (all are home)."""
    found = []
    highest = max((i for i in range(6) if pos[i]), default=-1)
    for i in range(highest, -1, -1):
        if not pos[i]:
            continue
        if i >= die or i + 1 == die or i == highest:
            # move down, bear off exactly, or bear off from the highest point with a higher die
            nxt = list(pos)
            nxt[i] -= 1
            if i >= die:
                nxt[i - die] += 1
            found.append(tuple(nxt))
    return found


_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in _ROLLS]) / 36.0


def _solve(positions: np.ndarray, terminal: np.ndarray) -> np.ndarray:
    """Distribution (N_POSITIONS, MAX_ROLLS) of rolls until a terminal position is reached.

    Each roll is played to minimise the expected number of rolls; both dice (four for doubles)
    are played, except that steps stop counting once a terminal position is reached.
    """
    keys = [tuple(int(v) for v in row) for row in positions]
    index = {k: i for i, k in enumerate(keys)}
    pips = positions @ np.arange(1, 7)
    order = np.argsort(pips, kind="stable")
    n = len(keys)
    expect = np.zeros(n)
    # best[k][d][i]: (expected rolls, final index) after k + 1 more steps of die d from i,
    # choosing the steps that minimise the expectation of the final position.
    best = [[np.zeros(n), np.zeros(n, dtype=np.int64)] for _ in range(3 * 6)]
    final = np.zeros((n, len(_ROLLS)), dtype=np.int64)
    for i in order:
        key = keys[i]
        if terminal[i]:
            final[i] = i
            for slot in best:
                slot[0][i], slot[1][i] = 0.0, i
            continue
        succ = {d: [index[s] for s in _steps(key, d)] for d in range(1, 7)}

        def pick(candidates: list[int], level: int, die: int) -> tuple[float, int]:
            vals, fins = best[level * 6 + die - 1]
            j = min(candidates, key=vals.__getitem__)
            return vals[j], fins[j]

        total = 0.0
        for r, (a, b) in enumerate(_ROLLS):
            if a == b:
                value, fin = pick(succ[a], 2, a)
            else:
                va, fa = pick(succ[a], 0, b)
                vb, fb = pick(succ[b], 0, a)
                value, fin = (va, fa) if va <= vb else (vb, fb)
            final[i, r] = fin
            total += _WEIGHTS[r] * value
        expect[i] = 1.0 + total
        for d in range(1, 7):
            j = min(succ[d], key=lambda s: expect[s])
            best[d - 1][0][i], best[d - 1][1][i] = expect[j], j
            for level in (1, 2):
                vals, fins = best[(level - 1) * 6 + d - 1]
                j = min(succ[d], key=lambda s: vals[s])
                best[level * 6 + d - 1][0][i], best[level * 6 + d - 1][1][i] = vals[j], fins[j]
    dist = np.zeros((n, MAX_ROLLS))
    dist[terminal, 0] = 1.0
    # Positions of equal pip count never lead to each other: fill one pip level at a time.
    for level in np.unique(pips):
        rows = order[(pips[order] == level)]
        rows = rows[~terminal[rows]]
        if len(rows):
            dist[rows, 1:] = np.einsum("r,rnk->nk", _WEIGHTS, dist[final[rows].T][:, :, :-1])
    return dist


def cache_path() -> Path:
    """The file the tables are cached in (see the module), which :func:`database` reads or writes:
    ``bearoff-v{CACHE_VERSION}.npz`` in ``$BGWIDGET_CACHE`` when it is set and not empty, else in
    ``platformdirs.user_cache_dir("bgwidget")``. It need not exist yet; nothing is created."""
    root = os.environ.get("BGWIDGET_CACHE")
    if not root:  # unset or empty: the platform's cache directory
        import platformdirs

        root = platformdirs.user_cache_dir("bgwidget")
    return Path(root) / f"bearoff-v{CACHE_VERSION}.npz"


@lru_cache(maxsize=1)
def database() -> tuple[np.ndarray, np.ndarray]:
    """``(rolls, first_off)``: two (N_POSITIONS, MAX_ROLLS) float64 arrays (see the module docs).

    Row :func:`position_index` of a position; column k the chance that exactly k rolls are
    needed. Loaded from the cache, or computed (with a message on standard error) and cached on
    first use; a :class:`RuntimeWarning` when the cache cannot be written.
    """
    path = cache_path()
    if path.exists():
        try:
            with np.load(path) as data:
                return data["rolls"].astype(np.float64), data["first_off"].astype(np.float64)
        except (OSError, ValueError, KeyError):
            pass  # a damaged cache is rebuilt below
    print("bgwidget: computing the bear-off database, once (some seconds)...", file=sys.stderr, flush=True)
    positions = all_positions()
    checkers = positions.sum(axis=1)
    rolls = _solve(positions, checkers == 0)
    first_off = _solve(positions, checkers < 15)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez_compressed(tmp, rolls=rolls, first_off=first_off)
        os.replace(tmp, path)
    except OSError as error:  # a read-only cache only costs the time to recompute
        warnings.warn(
            f"the bear-off database cannot be written to {path} ({error}): it is computed again in each session; "
            "set BGWIDGET_CACHE to a writable directory to keep it",
            RuntimeWarning,
            stacklevel=2,
        )
    return rolls, first_off


def is_bearoff(boards: np.ndarray) -> np.ndarray:
    """(n,) bool: both sides of (n, 2, 25) boards have every checker on points 1..6 or off.

    Raises :class:`~bgwidget.position.PositionError` for boards
    :func:`~bgwidget.ai.encoding.checked_boards` refuses.
    """
    boards = checked_boards(boards)
    return np.asarray(~(boards[:, :, 6:] > 0).any(axis=(1, 2)))


def race_probabilities(boards: np.ndarray) -> np.ndarray:
    """(n, 5) cubeless chances of the player on roll for bear-off boards (see :func:`is_bearoff`).

    Columns: win, win gammon, win backgammon (0), lose gammon, lose backgammon (0). Each side
    must still have a checker on the board (the game is not over); raises
    :class:`~bgwidget.position.PositionError` otherwise or when a board is not a bear-off position.
    """
    boards = checked_boards(boards)
    if not is_bearoff(boards).all():
        raise PositionError("race_probabilities needs every checker of both sides on points 1..6 or off")
    mine, theirs = boards[:, 0, :6], boards[:, 1, :6]
    if (mine.sum(axis=1) == 0).any() or (theirs.sum(axis=1) == 0).any():
        raise PositionError("the game is over: a side has borne off every checker")
    rolls, first_off = database()
    im, it = position_index(mine), position_index(theirs)
    pm, po = rolls[im], rolls[it]
    fm, fo = first_off[im], first_off[it]

    def at_least(dist: np.ndarray, shift: int) -> np.ndarray:
        """at_least(d, s)[:, n] = P(rolls >= n + s)."""
        tail = np.cumsum(dist[:, ::-1], axis=1)[:, ::-1]  # tail[:, n] = P(>= n)
        out = np.zeros_like(dist)
        out[:, : MAX_ROLLS - shift] = tail[:, shift:]
        return out

    # The player on roll finishes on its n-th roll before the opponent's n-th roll.
    win = (pm * at_least(po, 0)).sum(axis=1)
    win_gammon = (pm * at_least(fo, 0)).sum(axis=1)
    # The opponent finishes on its m-th roll, after the player's m-th.
    lose_gammon = (po * at_least(fm, 1)).sum(axis=1)
    # Clip rounding (sums of float64 terms) so that the chances stay consistent.
    out = np.zeros((boards.shape[0], 5))
    out[:, 0] = np.clip(win, 0.0, 1.0)
    out[:, 1] = np.clip(win_gammon, 0.0, out[:, 0])
    out[:, 3] = np.clip(lose_gammon, 0.0, 1.0 - out[:, 0])
    return out
