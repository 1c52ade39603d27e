"""Ranking plays: the static judgement (0-ply) and one level of look-ahead (1-ply).

Ply numbers follow GNU Backgammon: **0-ply** rates the position reached by a play with the
evaluator alone; **1-ply** averages, over the opponent's 21 rolls (1/36 for doubles, 2/36 for
the others), the position after the opponent's best reply by 0-ply. (eXtreme Gammon counts the
same two searches as 1-ply and 2-ply.)

An *evaluator* is any function from a sequence of positions to a numpy array of shape ``(n, 5)``:
the cubeless chances (win, win gammon, win backgammon, lose gammon, lose backgammon) of the
player **on roll** in each position, before it rolls, gammons including backgammons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = ["ROLLS", "Candidate", "Evaluator", "equities", "flip", "one_ply", "zero_ply"]

Evaluator = Callable[[Sequence[Position]], np.ndarray]

ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (d1, d2, (1 if d1 == d2 else 2) / 36) for d1 in range(1, 7) for d2 in range(d1, 7)
)
"""The 21 distinct rolls with their probabilities."""


def equities(chances: np.ndarray) -> np.ndarray:
    """Cubeless equity in points per game for each row of ``(n, 5)`` chances.

    ``2 * win - 1 + win gammon - lose gammon + win backgammon - lose backgammon``.
    """
    chances = np.asarray(chances, dtype=float)
    return 2 * chances[..., 0] - 1 + chances[..., 1] - chances[..., 3] + chances[..., 2] - chances[..., 4]


def flip(chances: np.ndarray) -> np.ndarray:
    """The same ``(n, 5)`` chances seen by the other side."""
    chances = np.asarray(chances, dtype=float)
    return np.stack(
        [1 - chances[..., 0], chances[..., 3], chances[..., 4], chances[..., 1], chances[..., 2]], axis=-1
    )


@dataclass(frozen=True)
class Candidate:
    """A candidate play with its evaluation, from the mover's side.

    ``probabilities``: (win, win gammon, win backgammon, lose gammon, lose backgammon) for the
    player who makes the play, cubeless. ``equity``: cubeless equity for that player in points
    per game. ``error``: equity given up against the best candidate (0 for the best; >= 0).
    ``ply``: the depth it was evaluated at (GNU Backgammon's numbering).
    """

    play: Play
    probabilities: tuple[float, float, float, float, float]
    equity: float
    error: float
    ply: int

    @property
    def notation(self) -> str:
        return str(self.play)


def _outcome_chances(position: Position) -> np.ndarray | None:
    """Exact chances for the player on roll in a finished position, else ``None``."""
    outcome = position.outcome()
    if outcome is None:
        return None
    gammon, backgammon = float(outcome.points >= 2), float(outcome.points >= 3)
    if outcome.winner == position.turn:
        return np.array([1.0, gammon, backgammon, 0.0, 0.0])
    return np.array([0.0, 0.0, 0.0, gammon, backgammon])


def evaluate_positions(positions: Sequence[Position], evaluator: Evaluator) -> np.ndarray:
    """``(n, 5)`` chances for the player on roll, exact where the game is already over."""
    result = np.zeros((len(positions), 5))
    pending = []
    for i, position in enumerate(positions):
        exact = _outcome_chances(position)
        if exact is None:
            pending.append(i)
        else:
            result[i] = exact
    if pending:
        result[pending] = evaluator([positions[i] for i in pending])
    return result


def zero_ply(plays: Sequence[Play], evaluator: Evaluator) -> np.ndarray:
    """``(n, 5)`` chances of each play for the side making it, by the evaluator alone."""
    if not plays:
        return np.zeros((0, 5))
    return flip(evaluate_positions([play.result for play in plays], evaluator))


def one_ply(plays: Sequence[Play], evaluator: Evaluator) -> np.ndarray:
    """``(n, 5)`` chances of each play for its maker, after the opponent's best reply to each roll.

    All the replies of all the plays are evaluated in one batch. A roll the opponent cannot play
    leaves the position as it is with the maker of the play on roll.
    """
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
    chances = evaluate_positions(batch, evaluator)  # the maker is on roll in each of them
    values = equities(chances)
    result = np.zeros((len(plays), 5))
    for index, weight, start, stop in groups:
        # The opponent picks the reply that leaves the maker the least.
        best = start + int(np.argmin(values[start:stop]))
        result[index] += weight * chances[best]
    return result
