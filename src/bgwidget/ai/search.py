"""Ranking plays: the static judgement (0-ply) and look-ahead over the dice (1-ply, 2-ply).

Ply numbers follow GNU Backgammon: **0-ply** rates the position reached by a play with the
evaluator alone; **n-ply** averages, over the opponent's 21 rolls (1/36 for doubles, 2/36 for
the others), the position after the opponent's best reply by 0-ply, that position judged at
(n-1)-ply: the recursion of GNU Backgammon's ``EvaluatePositionFull`` (eval.c). So **1-ply**
judges the replies by the evaluator and **2-ply** judges each reply by its own 21 rolls and
best plays. (eXtreme Gammon counts the same searches as 1-, 2- and 3-ply.)

Each level of the recursion is one evaluator call over every position of that level, and a
:data:`Cache` shared by the searches of one decision (or of a whole review) keeps every position
already judged at a depth, so candidates whose replies meet are judged once.

An *evaluator* is any function from a sequence of positions to a numpy array of shape ``(n, 5)``:
the cubeless chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of the
player **on roll** in each position, before it rolls, gammons including backgammons, finished
games included. The default is :func:`bgwidget.ai.evaluator.evaluate_positions` (the project's
net, exact bear-off and game-over scores).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bgwidget.ai.encoding import N_INPUTS, encode_rest, encode_units
from bgwidget.ai.evaluator import checked_evaluation, consistent, equity, evaluate_boards, evaluate_positions, flip
from bgwidget.ai.movegen import roll_results
from bgwidget.ai.net import Net, default_pruning_net
from bgwidget.moves import IllegalPlayError, Play
from bgwidget.position import Position

__all__ = [
    "PRUNE_MIN",
    "ROLLS",
    "Cache",
    "Candidate",
    "Evaluator",
    "best_boards",
    "board_position",
    "best_replies",
    "kept_by_pruning",
    "one_ply",
    "position_values",
    "search",
    "two_ply",
    "zero_ply",
]

Evaluator = Callable[[Sequence[Position]], np.ndarray]

Cache = dict[tuple[Position, int], np.ndarray]
"""Positions already judged, keyed by (position, ply): the chances of the side on roll before it
rolls. Valid for one evaluator only."""

ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (d1, d2, (1 if d1 == d2 else 2) / 36) for d1 in range(1, 7) for d2 in range(d1, 7)
)
"""The 21 distinct rolls with their probabilities."""


@dataclass(frozen=True)
class Candidate:
    """A candidate play with its evaluation, from the mover's side.

    ``probabilities``: (win, win gammon, win backgammon, lose gammon, lose backgammon) for the
    player who makes the play, cubeless. ``equity``: cubeless equity for that player in points
    per game. ``error``: equity given up against the best candidate (0 for the best; >= 0).
    ``ply``: the depth it was evaluated at (GNU Backgammon's numbering). ``mwc``: the mover's
    match winning chance (0..1) after the play, cubeful, None in money play or when no game
    gave the stakes. ``emg``: the number candidates are ranked by, for the mover: normalised
    equity (EMG) in a match, cubeful equity in points per game for a cube of 1 in money play
    (see :mod:`bgwidget.ai.context`); without a game, the cubeless ``equity``. ``error`` is
    measured in ``emg``.
    """

    play: Play
    probabilities: tuple[float, float, float, float, float]
    equity: float
    error: float
    ply: int
    mwc: float | None = None
    emg: float = None  # type: ignore[assignment]  # set to ``equity`` when not given

    def __post_init__(self) -> None:
        if self.emg is None:
            object.__setattr__(self, "emg", self.equity)

    @property
    def notation(self) -> str:
        return str(self.play)


def _check_plays(plays: object) -> None:
    if not isinstance(plays, Sequence) or not all(isinstance(play, Play) for play in plays):
        raise IllegalPlayError(f"plays are a sequence of Play, not {type(plays).__name__}")


def zero_ply(plays: Sequence[Play], evaluator: Evaluator = evaluate_positions) -> np.ndarray:
    """``(n, 5)`` chances of each play for the side making it, by the evaluator alone.

    Raises :class:`~bgwidget.IllegalPlayError` when ``plays`` are not a sequence of Play and
    :class:`~bgwidget.ai.errors.LevelError` for an evaluator that is not one.
    """
    _check_plays(plays)
    if not plays:
        return np.zeros((0, 5))
    return flip(checked_evaluation(evaluator, [play.result for play in plays]))


def one_ply(plays: Sequence[Play], evaluator: Evaluator = evaluate_positions, cache: Cache | None = None) -> np.ndarray:
    """``(n, 5)`` chances of each play for its maker, after the opponent's best reply to each roll.

    All the replies of all the plays are evaluated in one batch. Raises as :func:`zero_ply` does.
    A roll the opponent cannot play leaves the position as it is with the maker of the play on
    roll; a play that ends the game is judged exactly.
    """
    return search(plays, 1, evaluator, cache)


def two_ply(plays: Sequence[Play], evaluator: Evaluator = evaluate_positions, cache: Cache | None = None) -> np.ndarray:
    """``(n, 5)`` chances of each play for its maker at GNU Backgammon's 2-ply.

    For each play, each of the opponent's 21 rolls, the opponent's best reply by 0-ply, and the
    position that reply leaves judged at 1-ply (the maker's 21 rolls, each answered by its best
    play by 0-ply); averaged with the rolls' weights. Two evaluator calls in all, the second over
    every reply position of every play not already in ``cache``. Raises as :func:`zero_ply` does.
    """
    return search(plays, 2, evaluator, cache)


def search(
    plays: Sequence[Play], ply: int, evaluator: Evaluator = evaluate_positions, cache: Cache | None = None
) -> np.ndarray:
    """``(n, 5)`` chances of each play for its maker at ``ply`` (0, 1, 2, ...: see the module).

    ``cache`` (filled as it goes) shares the positions judged between calls. Raises as
    :func:`zero_ply` does.
    """
    _check_plays(plays)
    if ply == 0:
        return zero_ply(plays, evaluator)
    return flip(position_values([play.result for play in plays], ply, evaluator, cache))


def position_values(
    positions: Sequence[Position], ply: int, evaluator: Evaluator = evaluate_positions, cache: Cache | None = None
) -> np.ndarray:
    """``(n, 5)`` chances of the side on roll in each position, before it rolls, at ``ply``.

    0-ply: the evaluator's; n-ply: over the 21 rolls, weighted, the position after the roller's
    best play by 0-ply judged at (n-1)-ply from the other side (a roll with no play passes the
    turn in the same position). A finished game is judged by the evaluator at any ply. Each ply
    down is one evaluator call over every position of that level; the averages are made
    :func:`~bgwidget.ai.evaluator.consistent`. ``cache`` is read and filled.
    """
    cache = {} if cache is None else cache
    if ply == 0:
        return _static(positions, evaluator, cache)
    todo: dict[Position, None] = {}  # not yet known at this ply, in order, once each
    over: dict[Position, None] = {}
    for position in positions:
        if (position, ply) not in cache:
            (over if position.outcome() is not None else todo)[position] = None
    if over:
        for position, chances in zip(over, _static(list(over), evaluator, cache)):
            cache[position, ply] = chances
    if todo:
        # Every roll of every position: all the plays in one batch, the best by 0-ply kept.
        after, chances = best_replies([(position, d1, d2) for position in todo for d1, d2, _ in ROLLS], evaluator)
        below = chances if ply == 1 else position_values(after, ply - 1, evaluator, cache)
        weights = np.array([weight for _, _, weight in ROLLS])
        totals = np.einsum("r,prc->pc", weights, flip(below).reshape(len(todo), len(ROLLS), 5))
        for position, row in zip(todo, consistent(totals)):  # 21 weights may sum past 1 by a rounding error
            cache[position, ply] = row
    return np.array([cache[position, ply] for position in positions]).reshape(len(positions), 5)


def best_replies(
    rolled: Sequence[tuple[Position, int, int]], evaluator: Evaluator = evaluate_positions, *, prune: bool = True
) -> tuple[list[Position], np.ndarray]:
    """The roller's best play by 0-ply for each ``(position, die1, die2)`` of ``rolled``.

    Returns the n positions after those plays (the other side on roll; a roll with no play passes
    the turn in the same position) and that side's (n, 5) chances in each: the best play leaves
    it the least cubeless equity. Every result of every roll is judged in one evaluator call, each
    distinct board once (for a caller's evaluator, once per side on roll after it, which it may
    read). The results of all the rolls are found at once, as arrays of boards
    (:func:`~bgwidget.ai.movegen.roll_results`), and with the shipped net's evaluator go to the net
    as they are: the plays not kept never become Play or Position objects, which cost a search or
    a rollout more than the net did. With ``prune`` (and the
    shipped net) a roll of n results sends the net only the ``4 + floor(log2(n))`` that the
    pruning net (:func:`~bgwidget.ai.net.default_pruning_net`) rates best, and every finished or
    bear-off result, which are judged exactly: GNU Backgammon's pruning rule (``eval.c``,
    ``MIN_PRUNE_MOVES``) with one result fewer (:data:`PRUNE_MIN`). Raises as
    :func:`~bgwidget.ai.evaluator.checked_evaluation` does.
    """
    boards, chances = best_boards(rolled, evaluator, prune=prune)
    return [board_position(b, 1 - position.turn) for (position, _, _), b in zip(rolled, boards)], chances


def board_position(board: bytes, turn: int) -> Position:
    """The position of a board after a play, as :func:`~bgwidget.ai.movegen.roll_results` writes it
    (the mover's 25 counts, then the other side's), with ``turn`` on roll; not checked."""
    return Position.unchecked(tuple(board[25:50]), tuple(board[:25]), turn)


def best_boards(
    rolled: Sequence[tuple[Position, int, int]], evaluator: Evaluator = evaluate_positions, *, prune: bool = True
) -> tuple[list[bytes], np.ndarray]:
    """:func:`best_replies` with each position after the best play as the 50 bytes of its board, the
    mover's 25 counts first (:func:`~bgwidget.ai.movegen.roll_results`), not a Position: a rollout
    makes a Position of one of the 21 rolls of each trial only."""
    items = list(dict.fromkeys(rolled))  # each (position, roll) once: a rollout's first plies repeat them
    if not items:
        return [], np.zeros((0, 5))
    before = np.frombuffer(b"".join([bytes(p.player + p.opponent) for p, _, _ in items]), dtype=np.uint8)
    before = before.reshape(-1, 50)
    dice = np.array([(d1, d2) for _, d1, d2 in items])
    # A caller's evaluator may read the turn: its results are told apart by the side on roll after
    # them too, as the Positions it is given are.
    turned = evaluator is not evaluate_positions
    after_turn = np.array([1 - p.turn for p, _, _ in items]) if turned else None
    group, index, distinct = roll_results(before, dice, after_turn)
    starts = np.searchsorted(group, np.arange(len(items)))
    if evaluator is evaluate_positions:
        sides = distinct.view(np.int8).reshape(-1, 2, 25)[:, ::-1]
        if not prune:
            kept, table = None, evaluate_boards(sides)
        else:
            # Every result's units for the pruning net; the other inputs only for those the big net judges.
            # The side to roll next as it was before the roll where none of its checkers was hit.
            root = np.empty(len(distinct), dtype=np.intp)
            root[index[::-1]] = group[::-1]  # the roll each result was first met in
            waiting = before[:, 25:].view(np.int8)
            hit = distinct[:, 49] != before[root, 49]  # its bar
            inputs = encode_units(sides, _zeros(len(distinct)), (waiting, np.where(hit, -1, root)))
            kept = kept_by_pruning(sides, inputs, index, starts, group)
            if kept is None:
                table = evaluate_boards(sides, inputs=encode_rest(sides, inputs.copy()))
            else:
                table = np.zeros((len(distinct), 5))
                judged = _used(index[kept], len(distinct))
                part = sides[judged]
                table[judged] = evaluate_boards(part, inputs=encode_rest(part, inputs[judged]))
    else:
        kept = None
        table = checked_evaluation(evaluator, [board_position(b.tobytes(), int(b[50])) for b in distinct])
    # Each group's first least value, for all groups at once (a loop of argmins cost as much).
    values = equity(table)[index]
    if kept is not None:
        values[~kept] = np.inf
    least = np.minimum.reduceat(values, starts)[group] == values
    firsts = np.minimum.reduceat(np.where(least, np.arange(len(index)), len(index)), starts)
    chosen = dict(zip(items, index[firsts].tolist()))
    picks = [chosen[item] for item in rolled]
    boards = distinct[:, :50].tobytes()
    return [boards[50 * r : 50 * r + 50] for r in picks], table[picks]


PRUNE_MIN = 4
"""The pruning's floor: a roll of n results keeps ``PRUNE_MIN + floor(log2(n))`` of them for the big
net (:func:`kept_by_pruning`). GNU Backgammon's ``MIN_PRUNE_MOVES`` is 5; 4 gave the Expert the same
error per play by gnubg 1-ply (+0.0001, -0.0002 .. +0.0004, 1,000 positions), the same points per
game against gnubg-nn's 0-ply (3,000 games), and 9% fewer results for the big net: 4-6% less median
time and 4-16% less at the 95th percentile (measured in the note of the stop that made the change,
December 2026)."""


def kept_by_pruning(
    boards: np.ndarray,
    inputs: np.ndarray,
    index: np.ndarray,
    starts: np.ndarray,
    group: np.ndarray,
    pruner: Net | None = None,
) -> np.ndarray | None:
    """Which results of rolls the big net should judge: an (n,) bool mask, or None for all of them.

    ``boards``: (m, 2, 25) int8, the distinct results, the side to roll next first; ``inputs``:
    (m, :data:`~bgwidget.ai.encoding.N_INPUTS`) float32, their
    :func:`~bgwidget.ai.encoding.encode_units` (the pruning net reads only those); ``index``:
    (n,) int, each result's row of ``boards``; ``starts``: (g,) int, where each roll's results
    begin in ``index`` (each runs up to the next start); ``group``: (n,) int, each result's
    roll. A roll of n results keeps those the pruning net leaves the next side least,
    :data:`PRUNE_MIN` ``+ floor(log2(n))`` of them, and every result judged exactly (finished games
    and bear-offs). None when no roll has more results than it keeps. ``pruner``: the pruning net
    (default :func:`~bgwidget.ai.net.default_pruning_net`). :func:`best_replies` prunes with it;
    ``training/pruning.py`` measures a pruning net with it.
    """
    sizes = np.diff(starts, append=len(index))
    limits = PRUNE_MIN + np.floor(np.log2(sizes)).astype(int)
    crowded = (sizes > limits)[group]
    if not crowded.any():
        return None
    # Finished games (a side with no checker left) and bear-offs; ``any`` on the int8 counts is
    # several times cheaper than their sums, and the generator's boards need no check. Read in
    # memory order, twice as fast (the same either way round: the searches pass the sides reversed).
    plain = boards[:, ::-1] if boards.strides[1] < 0 else boards
    exact = ~np.all(np.any(plain, axis=2), axis=1) | ~np.any(plain[:, :, 6:], axis=(1, 2))
    ranked = crowded & ~exact[index]
    scores = np.full(len(index), np.inf)
    distinct = _used(index[ranked], len(boards))
    by_net = np.full(len(boards), np.inf)
    by_net[distinct] = equity((pruner or default_pruning_net()).outputs(inputs, distinct))
    scores[ranked] = by_net[index[ranked]]
    # Each roll's rows together, best for the mover first, ties in their order: np.lexsort((scores,
    # group)), but two stable sorts are faster, the second a radix sort of small ints.
    order = np.argsort(scores, kind="stable")
    order = order[np.argsort(group[order].astype(np.uint16 if len(starts) <= 1 << 16 else np.intp), kind="stable")]
    rank = np.empty(len(index), dtype=int)
    rank[order] = np.arange(len(index)) - starts[group[order]]
    return ~ranked | (rank < limits[group])


_ZEROS = threading.local()
_ZEROS_KEPT = 1 << 15  # rows: 27 MB at most kept per thread; a larger batch has its own


def _zeros(rows: int) -> np.ndarray:
    """(rows, N_INPUTS) float32 zeros but for the :data:`~bgwidget.ai.encoding.UNITS` columns, which
    the caller writes: up to :data:`_ZEROS_KEPT` rows, one array per thread, reused, whose other
    columns stay zero (the pruning net reads them, with zero weights). A fresh array of megabytes
    costs page faults on every call of a rollout."""
    if rows > _ZEROS_KEPT:
        return np.zeros((rows, N_INPUTS), dtype=np.float32)
    if not hasattr(_ZEROS, "buffer"):
        _ZEROS.buffer = np.zeros((_ZEROS_KEPT, N_INPUTS), dtype=np.float32)
    return _ZEROS.buffer[:rows]


def _used(rows: np.ndarray, size: int) -> np.ndarray:
    """The distinct values of ``rows`` (indices below ``size``), ascending: ``np.unique`` without its sort."""
    used = np.zeros(size, dtype=bool)
    used[rows] = True
    return np.flatnonzero(used)


def _static(positions: Sequence[Position], evaluator: Evaluator, cache: Cache) -> np.ndarray:
    """The evaluator's chances of each position (0-ply), those not in ``cache`` in one call."""
    todo = list(dict.fromkeys(p for p in positions if (p, 0) not in cache))
    if todo:
        for position, chances in zip(todo, checked_evaluation(evaluator, todo)):
            cache[position, 0] = chances
    return np.array([cache[position, 0] for position in positions]).reshape(len(positions), 5)
