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

The tables are computed on first use, one pip count at a time in numpy (under a second), and
cached as an ``.npz`` (:func:`cache_path`, written by a thread while the caller goes on) in the
user cache directory (``platformdirs.user_cache_dir("bgwidget")``, or ``$BGWIDGET_CACHE`` when set
and not empty), which later processes read in a tenth of that. A cache that cannot be written (a
read-only directory, a browser's kernel) gives one :class:`RuntimeWarning`; the tables are then
computed again in each new process. :func:`loaded` says whether this process has them yet, so that a board can say it
is preparing them.
"""

from __future__ import annotations

import os
import threading
import warnings
import zipfile
from collections.abc import Callable
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
    "loaded",
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
    # Point by point, each row followed by its rows with 0, 1, .. checkers left on the next point:
    # the positions in the order of their index (a walk of the counts, the lowest first).
    rows = np.zeros((1, 0), dtype=np.int64)
    left = np.array([15])
    for _ in range(6):
        choices = left + 1
        ends = np.cumsum(choices)
        counts = np.arange(ends[-1]) - np.repeat(ends - choices, choices)
        rows = np.column_stack([np.repeat(rows, choices, axis=0), counts])
        left = np.repeat(left, choices) - counts
    return rows


def _successors(positions: np.ndarray) -> np.ndarray:
    """(6, n, 6) int64: ``[d - 1, k, c]`` the index of position k after a checker on point 6 - c moves
    ``d`` pips by the bear-off rules, or ``n`` (an index past the end) where that checker cannot.

    Columns run from the highest point down: the order in which equal choices are broken.
    """
    n = len(positions)
    occupied = positions > 0
    highest = np.where(occupied.any(axis=1), 5 - occupied[:, ::-1].argmax(axis=1), -1)
    out = np.full((6, n, 6), n, dtype=np.int64)
    for die in range(1, 7):
        for column, i in enumerate(range(5, -1, -1)):
            # move down, bear off exactly, or bear off from the highest point with a higher die
            legal = occupied[:, i] & ((i >= die) | (i + 1 == die) | (i == highest))
            after = positions[legal]
            after[:, i] -= 1
            if i >= die:
                after[:, i - die] += 1
            out[die - 1, legal, column] = position_index(after)
    return out


_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in _ROLLS]) / 36.0
_FIRST, _SECOND = (np.array([roll[k] - 1 for roll in _ROLLS]) for k in (0, 1))
_DOUBLE = (_FIRST == _SECOND)[:, None]


def _solve(positions: np.ndarray, successors: np.ndarray, terminal: np.ndarray) -> np.ndarray:
    """Distribution (N_POSITIONS, MAX_ROLLS) of rolls until a terminal position is reached.

    Each roll is played to minimise the expected number of rolls; both dice (four for doubles)
    are played, except that steps stop counting once a terminal position is reached. Positions
    of equal pip count never lead to each other: each pip count is solved at once, in numpy.
    """
    n = len(positions)
    pips = positions @ np.arange(1, 7)
    # Solve in the order of pip count, the terminal positions of each count after the others, so
    # that the positions to solve at each count are one slice; ``rank`` renumbers them so.
    order = np.lexsort((terminal, pips))
    rank = np.empty(n + 1, dtype=np.int64)
    rank[order], rank[n] = np.arange(n), n
    moves = np.ascontiguousarray(rank[successors[:, order]].transpose(2, 0, 1))  # (choice, die, position)
    key = pips[order] * 2 + terminal[order]
    counts = 2 * np.arange(pips.max() + 1)
    slices = [(lo, hi) for lo, hi in zip(np.searchsorted(key, counts), np.searchsorted(key, counts + 1)) if lo < hi]
    expect = np.zeros(n + 1)
    expect[n] = np.inf  # the index past the end: a step that cannot be made
    # value[k, d - 1, i], reached[k, d - 1, i]: the expected rolls and the position reached after
    # k + 1 more steps of die d from i, choosing the steps that minimise that expectation.
    value = np.zeros((3, 6, n + 1))
    value[:, :, n] = np.inf
    reached = np.tile(np.arange(n + 1), (3, 6, 1))
    final = np.tile(np.arange(n)[:, None], (1, len(_ROLLS)))  # the position each roll leads to
    dice = np.arange(6)[:, None]

    def best(values_at: Callable[[np.ndarray], np.ndarray], steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(value, step) of the least value among the choices ``steps`` (first axis), the first of equals."""
        low, step = values_at(steps[0]), steps[0]
        for choice in steps[1:]:
            values = values_at(choice)
            better = values < low
            low, step = np.where(better, values, low), np.where(better, choice, step)
        return low, np.broadcast_to(step, low.shape)

    a, b = _FIRST[:, None], _SECOND[:, None]
    for lo, hi in slices:
        steps = moves[:, :, lo:hi]  # (choice, die, row)
        after_value, after = best(lambda s: value[0][:, s], steps)  # [b, a, row]: a step of a, then the best b
        four_value, four = best(lambda s: value[2][dice, s], steps)  # [d, row]: a step of d, then the best three
        # (roll, row): a then b, b then a, a double's four steps
        first_value, first_reached = after_value[_SECOND, _FIRST], reached[0][b, after[_SECOND, _FIRST]]
        other_value, other_reached = after_value[_FIRST, _SECOND], reached[0][a, after[_FIRST, _SECOND]]
        double_value, double_reached = four_value[_FIRST], reached[2][a, four[_FIRST]]
        keep = first_value <= other_value
        values = np.where(_DOUBLE, double_value, np.where(keep, first_value, other_value))
        final[lo:hi] = np.where(_DOUBLE, double_reached, np.where(keep, first_reached, other_reached)).T
        total = 0.0
        for r in range(len(_ROLLS)):  # summed roll by roll, in order: the same sums on every platform
            total = total + _WEIGHTS[r] * values[r]
        expect[lo:hi] = 1.0 + total
        low, step = best(lambda s: expect[s], steps)
        value[0][:, lo:hi], reached[0][:, lo:hi] = low, step
        for k in (1, 2):
            low, step = best(lambda s: value[k - 1][dice, s], steps)  # noqa: B023 -- called at once
            value[k][:, lo:hi], reached[k][:, lo:hi] = low, reached[k - 1][dice, step]
    dist = np.zeros((n, MAX_ROLLS))
    dist[terminal[order], 0] = 1.0
    for lo, hi in slices:
        ahead = final[lo:hi]
        total = _WEIGHTS[0] * dist[ahead[:, 0], :-1]
        for r in range(1, len(_ROLLS)):
            total += _WEIGHTS[r] * dist[ahead[:, r], :-1]
        dist[lo:hi, 1:] = total
    solved = np.empty_like(dist)
    solved[order] = dist  # back to the order of position_index
    return solved


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
    needed. Loaded from the cache, or computed and cached on first use; a :class:`RuntimeWarning`
    when the cache cannot be written.
    """
    path = cache_path()
    if path.exists():
        try:
            with np.load(path) as data:
                return data["rolls"].astype(np.float64), data["first_off"].astype(np.float64)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            pass  # a damaged cache (empty, cut short, not an archive) is rebuilt below
    positions = all_positions()
    successors = _successors(positions)
    checkers = positions.sum(axis=1)
    rolls = _solve(positions, successors, checkers == 0)
    first_off = _solve(positions, successors, checkers < 15)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp.npz")  # each writer its own
        # an .npz as np.savez_compressed writes it, but at zlib's fastest level: the tables are
        # mostly zeros and random-looking bits, which the default level packs only 5% smaller, twice as slowly
        archive = zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=1)
    except OSError as error:  # a read-only cache only costs the time to recompute
        _unwritable(path, error)
    else:
        # Written while the caller goes on (a tenth of the time, which a first race evaluation
        # would wait for); the thread is not a daemon: the process finishes the file before it ends.
        writing = threading.Thread(target=_write, args=(archive, tmp, path, rolls, first_off), name="bgwidget-bearoff")
        try:
            writing.start()
        except RuntimeError:  # no threads here (Pyodide, in JupyterLite): written now
            _write(archive, tmp, path, rolls, first_off)
    return rolls, first_off


def _write(archive: zipfile.ZipFile, tmp: Path, path: Path, rolls: np.ndarray, first_off: np.ndarray) -> None:
    """The tables written into ``archive`` (the file ``tmp``), which then replaces ``path`` at once."""
    try:
        with archive:
            for name, table in (("rolls", rolls), ("first_off", first_off)):
                with archive.open(f"{name}.npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, table)
        os.replace(tmp, path)
    except OSError as error:  # a full disk, say
        tmp.unlink(missing_ok=True)
        _unwritable(path, error)


def _unwritable(path: Path, error: OSError) -> None:
    warnings.warn(
        f"the bear-off database cannot be written to {path} ({error}): it is computed again in each session; "
        "set BGWIDGET_CACHE to a writable directory to keep it",
        RuntimeWarning,
        stacklevel=3,  # the caller of database()
    )


def loaded() -> bool:
    """Whether this process has the tables already (:func:`database` returns at once)."""
    return database.cache_info().currsize > 0


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
