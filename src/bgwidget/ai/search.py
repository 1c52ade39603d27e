"""Ranking plays: the static judgement (0-ply) and one level of look-ahead (1-ply).

Ply numbers follow GNU Backgammon: **0-ply** rates the position reached by a play with the
evaluator alone; **1-ply** averages, over the opponent's 21 rolls (1/36 for doubles, 2/36 for
the others), the position after the opponent's best reply by 0-ply. (eXtreme Gammon counts the
same two searches as 1-ply and 2-ply.)

An *evaluator* is any function from a sequence of positions to a numpy array of shape ``(n, 5)``:
the cubeless chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of the
player **on roll** in each position, before it rolls, gammons including backgammons, finished
games included. The default is :func:`bgwidget.ai.evaluator.evaluate_positions` (the project's
net, exact bear-off and game-over scores).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bgwidget.ai.evaluator import checked_evaluation, consistent, equity, evaluate_positions, flip
from bgwidget.moves import IllegalPlayError, Play
from bgwidget.position import Position

__all__ = ["ROLLS", "Candidate", "Evaluator", "one_ply", "zero_ply"]

Evaluator = Callable[[Sequence[Position]], np.ndarray]

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


def one_ply(plays: Sequence[Play], evaluator: Evaluator = evaluate_positions) -> np.ndarray:
    """``(n, 5)`` chances of each play for its maker, after the opponent's best reply to each roll.

    All the replies of all the plays are evaluated in one batch; the averages are made
    :func:`~bgwidget.ai.evaluator.consistent`. Raises as :func:`zero_ply` does. A roll the opponent cannot play
    leaves the position as it is with the maker of the play on roll.
    """
    _check_plays(plays)
    batch: list[Position] = []
    groups: list[tuple[int, float, int, int]] = []  # (play index, roll weight, start, stop)
    for index, play in enumerate(plays):
        after = play.result
        if after.outcome() is not None:
            groups.append((index, 1.0, len(batch), len(batch) + 1))
            batch.append(after.swap())  # over: judged exactly, from the maker's side
            continue
        for d1, d2, weight in ROLLS:
            replies = after.legal_plays(d1, d2)
            start = len(batch)
            if replies:
                batch.extend(reply.result for reply in replies)
            else:
                batch.append(after.swap())
            groups.append((index, weight, start, len(batch)))
    chances = checked_evaluation(evaluator, batch)  # the maker is on roll in each of them
    values = equity(chances)
    result = np.zeros((len(plays), 5))
    for index, weight, start, stop in groups:
        # The opponent picks the reply that leaves the maker the least.
        best = start + int(np.argmin(values[start:stop]))
        result[index] += weight * chances[best]
    return consistent(result)  # a sum of 21 weighted chances may stray a rounding error past 1
