"""Layer 5, the computer: choosing plays.

``choose_play(position, dice, level="easy")`` picks the computer's play. Easy picks a legal play
uniformly at random from its own random generator (never the dice generator, so the dice of a
seeded game do not depend on the computer's choices).
"""

from __future__ import annotations

import random

from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = ["LevelError", "choose_play"]

LEVELS = ("easy",)


class LevelError(ValueError):
    """A computer level that does not exist."""


def choose_play(
    position: Position,
    dice: tuple[int, int],
    level: str = "easy",
    rng: random.Random | None = None,
    seed: int | None = None,
) -> Play | None:
    """The computer's play of ``dice`` for the player on roll in ``position``, or ``None``.

    ``None`` means no checker can move (the player dances or is blocked). ``rng`` (a
    :class:`random.Random`) or ``seed`` makes Easy repeatable; without either a fresh generator
    seeded from the operating system is used.

    Raises :class:`LevelError` for an unknown level and :class:`bgwidget.DiceError` for dice
    outside 1..6.
    """
    if level not in LEVELS:
        raise LevelError(f"level is one of {', '.join(map(repr, LEVELS))}, not {level!r}")
    plays = position.legal_plays(*dice)
    if not plays:
        return None
    if rng is None:
        rng = random.Random(seed)
    return plays[rng.randrange(len(plays))]
