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
(:mod:`bgwidget.ai.net`), whose gammon and backgammon chances against a side that has borne off
a checker are then set to 0, as the rules make them (USBGF: a gammon is a loss with no checker
off; GNU Backgammon's evaluator does the same).

To rank the plays of a roll, evaluate each play's ``result`` (the opponent on roll) and turn the
chances round with :func:`flip`; :func:`play_probabilities` does both.

Every function here that produces chances returns a consistent distribution (:func:`consistent`):
sums and differences of floats can stray by a rounding error (a sure win averaged over 21 rolls
gave ``1.0000000000000002``), and the cube decision refuses chances above 1 or gammons above wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from bgwidget.ai import bearoff
from bgwidget.ai.encoding import checked_boards, checked_inputs
from bgwidget.ai.errors import LevelError
from bgwidget.ai.net import Net, default_net
from bgwidget.moves import Play
from bgwidget.position import Position, PositionError

__all__ = [
    "checked_evaluation",
    "consistent",
    "equity",
    "evaluate_boards",
    "evaluate_positions",
    "flip",
    "play_probabilities",
]


def consistent(probabilities: ArrayLike) -> np.ndarray:
    """A copy of (n, 5) chances, or of one 5-vector, made a consistent distribution.

    Each chance is clipped into 0..1, then gammons into the wins or losses they belong to and
    backgammons into the gammons: ``0 <= wbg <= wg <= win`` and ``0 <= lbg <= lg <= 1 - win``.
    Meant for rounding errors where chances are produced; it does not make sense of nonsense.
    """
    p = np.clip(np.asarray(probabilities, dtype=np.float64), 0.0, 1.0)
    p[..., 1] = np.minimum(p[..., 1], p[..., 0])
    p[..., 2] = np.minimum(p[..., 2], p[..., 1])
    p[..., 3] = np.minimum(p[..., 3], 1.0 - p[..., 0])
    p[..., 4] = np.minimum(p[..., 4], p[..., 3])
    return p


def equity(probabilities: np.ndarray) -> np.ndarray:
    """Cubeless equity (points per game) of (n, 5) chances, or of one 5-vector."""
    p = np.asarray(probabilities, dtype=np.float64)
    return 2.0 * p[..., 0] - 1.0 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]


def flip(probabilities: np.ndarray) -> np.ndarray:
    """The same chances seen by the other side: (win, wg, wbg, lg, lbg) -> (1 - win, lg, lbg, wg, wbg)."""
    p = np.asarray(probabilities, dtype=np.float64)
    out = p[..., [0, 3, 4, 1, 2]].copy()
    out[..., 0] = 1.0 - p[..., 0]
    return consistent(out)  # 1 - (1 - win) may fall a rounding error below the gammons


def _finished(winner: np.ndarray, loser: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(gammon, backgammon) bools for a loser side, by the USBGF rules.

    A gammon when the loser has borne off no checker; a backgammon when it also has a checker on
    the bar or in the winner's home board (the loser's points 19..24).
    """
    gammon = loser.sum(axis=1) == 15
    backgammon = gammon & (loser[:, 18:25] > 0).any(axis=1)
    return gammon, backgammon


def evaluate_boards(boards: np.ndarray, net: Net | None = None, *, inputs: np.ndarray | None = None) -> np.ndarray:
    """(n, 5) chances of the player on roll for (n, 2, 25) int boards (side on roll first).

    ``net`` defaults to the net shipped with the package. ``inputs``: the boards'
    :func:`~bgwidget.ai.encoding.encode`, when the caller has it (the net then reads its rows
    instead of encoding them again). Raises :class:`~bgwidget.position.PositionError` for boards
    :func:`~bgwidget.ai.encoding.checked_boards` refuses, :class:`ValueError` for ``inputs``
    that are not (n, N_INPUTS) float32 (or not finite).
    """
    boards = checked_boards(boards)
    n = boards.shape[0]
    if inputs is not None and len(checked_inputs(inputs)) != n:
        raise ValueError(f"inputs are one row per board: {len(inputs)} rows for {n} boards")
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
        net = net or default_net()
        if inputs is None:
            chances = net.probabilities(boards[rest])
        else:  # every row read in place when every board goes to the net
            chances = net.outputs(inputs, None if rest.all() else np.flatnonzero(rest))
        chances[left[rest, 1] < 15, 1:3] = 0.0  # the other side has borne off: no gammon to win
        chances[left[rest, 0] < 15, 3:5] = 0.0  # the side on roll has: none to lose
        out[rest] = chances
    return consistent(out)


def evaluate_positions(positions: Sequence[Position], net: Net | None = None) -> np.ndarray:
    """(n, 5) chances of the player on roll of each position (see :func:`evaluate_boards`).

    Raises :class:`~bgwidget.position.PositionError` when ``positions`` is not a sequence of
    :class:`~bgwidget.position.Position`.
    """
    # The set of types first: a C-level pass, where a search sends thousands of plain Positions.
    if not isinstance(positions, Sequence) or not (
        set(map(type, positions)) <= {Position} or all(isinstance(p, Position) for p in positions)
    ):
        raise PositionError(f"positions are a sequence of Position, not {type(positions).__name__}")
    if not positions:
        return np.zeros((0, 5))
    # Each distinct board is evaluated once (a search's batches repeat some), keyed by its 50
    # counts as bytes, which hash in C; the turn does not change the chances.
    rows: dict[bytes, int] = {}
    index = [rows.setdefault(bytes(p.player) + bytes(p.opponent), len(rows)) for p in positions]
    boards = np.frombuffer(bytearray().join(rows), dtype=np.int8).reshape(-1, 2, 25)
    chances = evaluate_boards(boards, net)
    return chances if len(rows) == len(index) else chances[index]


def checked_evaluation(
    evaluator: Callable[[Sequence[Position]], np.ndarray], positions: Sequence[Position]
) -> np.ndarray:
    """``evaluator(positions)`` checked: (n, 5) finite chances, made :func:`consistent`.

    The one door through which the searches call an evaluator, which may be the caller's own.
    Raises :class:`~bgwidget.ai.errors.LevelError` when ``evaluator`` is not callable or
    returns anything else.
    """
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")
    answer = evaluator(positions)
    try:
        raw = np.asarray(answer)
        if raw.dtype.kind not in "biufO":  # text, complex numbers, dates: not chances, though numpy casts them
            raise TypeError(raw.dtype)
        chances = raw.astype(np.float64)
    except (TypeError, ValueError):
        raise LevelError(f"the evaluator gave {type(answer).__name__}, not an (n, 5) array of chances") from None
    if chances.shape != (len(positions), 5) or not np.isfinite(chances).all():
        raise LevelError(
            f"the evaluator gave {chances.shape} chances for {len(positions)} positions, not (n, 5) finite"
        )
    return consistent(chances)


def play_probabilities(plays: Sequence[Play], net: Net | None = None) -> np.ndarray:
    """(n, 5) chances **for the mover** after each play (its result, seen from the mover's side)."""
    return flip(evaluate_positions([p.result for p in plays], net))
