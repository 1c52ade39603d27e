"""Layer 5, the computer: choosing plays, analysing rolls, judging positions and the cube.

``choose_play(position, dice, level)`` picks the computer's play:

* ``"easy"``: a legal play uniformly at random from the computer's own random generator (never
  the dice generator, so the dice of a seeded game do not depend on the computer's choices);
* ``"medium"``: the play whose resulting position the evaluator rates best (0-ply);
* ``"expert"``: the best eight plays by 0-ply, each judged at 1-ply (the opponent's 21 rolls and
  best replies); GNU Backgammon's ply numbering, which eXtreme Gammon calls 2-ply.

``analyse(position, dice, level)`` ranks the candidates (:mod:`bgwidget.ai.analysis`);
``evaluate(position, level)`` gives the five cubeless chances of the player on roll before it
rolls; ``cube_decision(chances, ...)`` the cube actions (:mod:`bgwidget.ai.cube`).
"""

from __future__ import annotations

import random

from bgwidget.ai.analysis import Analysis, analyse, best_play, evaluate
from bgwidget.ai.cube import CubeDecision, cube_decision
from bgwidget.ai.search import Candidate
from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = [
    "LEVELS",
    "Analysis",
    "Candidate",
    "CubeDecision",
    "LevelError",
    "analyse",
    "choose_play",
    "cube_decision",
    "evaluate",
]

LEVELS = ("easy", "medium", "expert")


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
    seeded from the operating system is used. Medium and Expert are deterministic.

    Raises :class:`LevelError` for an unknown level and :class:`bgwidget.DiceError` for dice
    outside 1..6.
    """
    if level not in LEVELS:
        raise LevelError(f"level is one of {', '.join(map(repr, LEVELS))}, not {level!r}")
    if level != "easy":
        return best_play(position, dice, level)
    plays = position.legal_plays(*dice)
    if not plays:
        return None
    if rng is None:
        rng = random.Random(seed)
    return plays[rng.randrange(len(plays))]
