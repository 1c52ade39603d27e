"""Move generation for many rolls at once, in numpy: the boards that the legal plays reach.

The searches and rollouts judge every play of every roll of many positions at a time (a rollout
ply with variance reduction: 21 rolls of every live trial). This module finds the boards those
plays reach for a whole batch of ``(board, roll)`` in a few array operations per die step, where
the rules core (:func:`bgwidget.plays.result_boards`, which needs no numpy) walks one roll at a
time in Python. Both give the same boards in the same order, which
``tests/test_movegen.py`` checks roll by roll on game positions and on the edge cases of the
rules (entering, blocked dice, the larger-die rule, bearing off with a higher die).

Boards are the core's 50 bytes (:func:`~bgwidget.plays.result_boards`): the mover's 25 counts in
its own numbering (index ``i`` is point ``i + 1``, 24 the bar), then the opponent's 25 in its
numbering, so that the mover's index ``i`` is the opponent's byte ``48 - i``.

The rules (USBGF), as the core applies them: both dice are played when they can be (four steps
of a double, as many as possible); when only one die of a non-double can be played, the larger
one if it can; checkers on the bar enter first; a checker bears off only when all the mover's
checkers are home, from the die's point, or from the highest point when the die is higher.
"""

from __future__ import annotations

from itertools import count

import numpy as np

__all__ = ["roll_results"]

_BAR = 24
_THEIR_BAR = 49
_SOURCES = np.arange(_BAR, -1, -1)  # column j of a step mask: the mover's index 24 - j, the bar first
_BITS = np.int32(1) << np.arange(24, dtype=np.int32)
_ANY = 25  # a step's source given as "any" (see _steps)


def roll_results(
    boards: np.ndarray, dice: np.ndarray, sides: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct boards that the legal plays of each roll reach.

    ``boards``: (n, 50) uint8, the boards before the rolls (the mover's counts first, see the
    module); ``dice``: (n, 2) ints 1..6, each board's roll in either order. Returns ``(owner,
    index, distinct)``: ``distinct`` (d, 50) uint8, every board reached, once, in the order first
    met; ``owner`` (m,) int, ascending, and ``index`` (m,) int: for each result of each roll, the
    row of ``boards`` it comes from and its row of ``distinct``, each roll's results in the order
    of :func:`~bgwidget.plays.result_boards`, each once. A roll that cannot be played (the mover
    dances or is blocked) has one result, the board as it was. ``sides``: (n,) ints 0..255, or
    None: when given, results of rows of different sides are told apart, and ``distinct`` is
    (d, 51), each board with the side of the rows that reached it. The inputs are not
    checked: legal boards and dice, as the searches hold them.
    """
    boards = np.asarray(boards, dtype=np.uint8)
    if not len(boards):
        width = 50 if sides is None else 51
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp), np.zeros((0, width), dtype=np.uint8)
    high, low = np.max(dice, axis=1), np.min(dice, axis=1)
    double = high == low
    parts = []
    for rows, found in ((np.flatnonzero(~double), _non_doubles), (np.flatnonzero(double), _doubles)):
        if len(rows):
            owner, after = found(boards[rows], high[rows], low[rows])
            parts.append((rows[owner], after))
    # A roll that cannot be played leaves the board as it was: its one result.
    stuck = np.ones(len(boards), dtype=bool)
    for owner, _ in parts:
        stuck[owner] = False
    parts.append((np.flatnonzero(stuck), boards[stuck]))
    owner = np.concatenate([o for o, _ in parts])
    after = np.concatenate([a for _, a in parts])
    order = np.argsort(owner, kind="stable")
    owner, after = owner[order], after[order]
    keyed = after if sides is None else np.concatenate([after, np.asarray(sides, np.uint8)[owner, None]], axis=1)
    # Each distinct board once, in the order first met, in one pass of C (dict and map): each
    # result draws a number and keeps its first one, so the numbers kept rise in that order.
    numbers: dict[bytes, int] = {}
    keys = keyed.view(np.dtype((np.void, keyed.shape[1]))).ravel().tolist()
    drawn = np.fromiter(map(numbers.setdefault, keys, count()), dtype=np.intp, count=len(keys))
    firsts = np.fromiter(numbers.values(), dtype=np.intp, count=len(numbers))
    # A roll's results once each: the first of each (owner, board) pair.
    _, kept = np.unique(owner * len(keys) + drawn, return_index=True)
    kept.sort()
    return owner[kept], np.searchsorted(firsts, drawn[kept]), keyed[firsts]


def _blocked(boards: np.ndarray) -> np.ndarray:
    """(n,) int32: bit i set where the opponent holds the mover's index i (two checkers or more).
    No play changes it: a step lands only on a point not held, and a hit only takes a blot away."""
    return (boards[:, 48:24:-1] >= 2) @ _BITS  # the opponent's bytes 48..25: the mover's indices 0..23


def _steps(
    boards: np.ndarray,
    dice: np.ndarray,
    blocked: np.ndarray,
    top: np.ndarray | None = None,
    only: np.ndarray | None = None,
) -> tuple:
    """Every legal single step of each board's die, from the mover's indices at most ``top``
    (each board's own, or any), or from index ``only`` (each board's own: -1 none, 25 any):
    ``(parent, source, after)``, ordered by parent, then by source from the highest (the core's
    order), ``after`` the boards after the steps. ``blocked``: each board's :func:`_blocked`."""
    dest = _SOURCES - dice[:, None]  # (n, 25) landing indices, below 0 for off
    occupied = boards[:, _BAR::-1] > 0
    open_ = (blocked[:, None] >> np.maximum(dest, 0)) & 1 == 0  # off is never blocked (dest < 0)
    entering = (boards[:, _BAR] == 0)[:, None] | (_SOURCES == _BAR)  # on the bar, only the bar moves
    legal = occupied & (dest >= 0) & open_ & entering
    home = ~np.asarray(boards[:, 6 : _BAR + 1].any(axis=1))  # every checker on the home board (or off)
    if home.any():
        homes = boards[:, 5::-1] > 0  # indices 5..0
        highest = np.where(homes.any(axis=1), 5 - homes.argmax(axis=1), -1)
        exact = dice - 1
        higher = np.greater(exact, highest)[:, None]
        # Off from the die's own point, or from the highest point when the die is higher.
        off = (exact[:, None] == _SOURCES) | ((highest[:, None] == _SOURCES) & higher)
        legal |= home[:, None] & occupied & (dest < 0) & off
    if top is not None:
        legal &= top[:, None] >= _SOURCES
    if only is not None:
        legal &= (only[:, None] == _SOURCES) | (only == _ANY)[:, None]
    parent, column = np.nonzero(legal)
    source = _BAR - column
    after = boards[parent]
    k = np.arange(len(parent))
    after[k, source] -= 1
    to = dest[parent, column]
    on = to >= 0
    k, to = k[on], to[on]
    after[k, to] += 1
    hit = after[k, 48 - to] == 1  # a blot of the opponent's goes to its bar
    after[k[hit], 48 - to[hit]] = 0
    after[k[hit], _THEIR_BAR] += 1
    return parent, source, after


def _non_doubles(boards: np.ndarray, high: np.ndarray, low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(owner, after) for rolls of two dice, owners ascending, duplicates kept (the first first):
    the higher die first, then the lower first; where no roll plays both, the higher die alone if
    it can be played, else the lower."""
    blocked = _blocked(boards)
    first_high, _, high_boards = _steps(boards, high, blocked)
    second, _, both_high = _steps(high_boards, low[first_high], blocked[first_high])
    first_low, source, low_boards = _steps(boards, low, blocked)
    # With no checker on the bar and none able to bear off after the low step, every high step
    # after it was also legal first, so the first pass has its board: but one moving on the
    # checker just moved, from a point that was empty (the core's shortcut; its duplicates go).
    landing = source - low[first_low]
    outside = boards[:, 6 : _BAR + 1].sum(axis=1, dtype=np.intp)[first_low] - (source > 5) + (landing > 5)
    full = (boards[first_low, _BAR] > 0) | (outside == 0)
    empty = boards[first_low, np.maximum(landing, 0)] == 0
    only = np.where(full, _ANY, np.where(empty & (landing >= 0), landing, -1))
    second_low, _, both_low = _steps(low_boards, high[first_low], blocked[first_low], only=only)
    owner = np.concatenate([first_high[second], first_low[second_low]])
    after = np.concatenate([both_high, both_low])
    played = np.zeros(len(boards), dtype=bool)
    played[owner] = True
    alone_high = ~played[first_high]
    high_only = np.zeros(len(boards), dtype=bool)
    high_only[first_high[alone_high]] = True
    alone_low = ~played[first_low] & ~high_only[first_low]
    owner = np.concatenate([owner, first_high[alone_high], first_low[alone_low]])
    after = np.concatenate([after, high_boards[alone_high], low_boards[alone_low]])
    order = np.argsort(owner, kind="stable")
    return owner[order], after[order]


def _doubles(boards: np.ndarray, die: np.ndarray, _: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(owner, after) for doubles, owners ascending, duplicates kept: checkers on the bar enter
    first (forced), then as many steps as can be taken, up to four in all, each set of steps in
    one order (from the highest source down), which lists them as the core's depth-first walk does."""
    n = len(boards)
    rows = np.arange(n)
    boards = boards.copy()
    entry = _BAR - die
    # Entering is forced, every checker on the bar alike: up to four enter when the point is open.
    entered = np.where(boards[rows, _BAR + die] < 2, np.minimum(boards[:, _BAR], 4), 0).astype(np.uint8)
    boards[:, _BAR] -= entered
    boards[rows, entry] += entered
    hit = (entered > 0) & (boards[rows, 48 - entry] == 1)
    boards[hit, 48 - entry[hit]] = 0
    boards[hit, _THEIR_BAR] += 1
    left = 4 - entered.astype(int)
    left[boards[:, _BAR] > 0] = 0  # a checker kept on the bar: nothing else moves
    blocked = _blocked(boards)
    levels = [(rows, boards)]  # the boards after each number of steps past entering, in walk order
    owner, after, top = rows, boards, np.full(n, _BAR)
    for step in range(4):
        going = left[owner] > step
        if not going.any():
            break
        parent, top, after = _steps(after[going], die[owner[going]], blocked[owner[going]], top[going])
        owner = owner[going][parent]
        if not len(owner):
            break
        levels.append((owner, after))
    deepest = np.full(n, -1)
    for depth, (owner, _) in enumerate(levels):
        deepest[owner] = depth
    # A roll's results are its boards at its deepest level; at level 0 only if a checker entered.
    owner = np.concatenate([o[deepest[o] == depth] for depth, (o, _) in enumerate(levels)])
    after = np.concatenate([a[deepest[o] == depth] for depth, (o, a) in enumerate(levels)])
    moved = (deepest[owner] > 0) | (entered[owner] > 0)
    owner, after = owner[moved], after[moved]
    order = np.argsort(owner, kind="stable")
    return owner[order], after[order]
