"""Pubeval: Gerald Tesauro's public evaluation function, the field's benchmark opponent.

Source: G. Tesauro, ``pubeval.c``, posted to rec.games.backgammon in 1993 (IBM Research), as kept
in GNU Backgammon's ``pub_eval.c``. The 2 x 122 weights below are that file's ``wr`` (race) and
``wc`` (contact) vectors; the encoding is re-implemented here with numpy.

Pubeval scores the position **after** a play from the mover's side: a linear function of, for
each of the mover's points 24..1, five units (an opponent blot; one, at least two, exactly
three of the mover's checkers; (count - 3) / 2 from four up), the opponent's bar / 2 and the
mover's checkers off / 15. The race weights apply when the position **before** the play has no
contact. A play that bears off the last checker scores 99,999,999. Higher is better; the score
is not an equity.
"""

from __future__ import annotations

import numpy as np

from bgwidget.ai.encoding import boards_from_positions
from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = ["best_play", "scores"]

# Tesauro's weights, in his order: for points 24, 23, ..., 1 five units each, then the
# opponent's bar and the mover's checkers off.
_RACE = np.array(
    [
        0.00000,
        -0.17160,
        0.27010,
        0.29906,
        -0.08471,
        0.00000,
        -1.40375,
        -1.05121,
        0.07217,
        -0.01351,
        0.00000,
        -1.29506,
        -2.16183,
        0.13246,
        -1.03508,
        0.00000,
        -2.29847,
        -2.34631,
        0.17253,
        0.08302,
        0.00000,
        -1.27266,
        -2.87401,
        -0.07456,
        -0.34240,
        0.00000,
        -1.34640,
        -2.46556,
        -0.13022,
        -0.01591,
        0.00000,
        0.27448,
        0.60015,
        0.48302,
        0.25236,
        0.00000,
        0.39521,
        0.68178,
        0.05281,
        0.09266,
        0.00000,
        0.24855,
        -0.06844,
        -0.37646,
        0.05685,
        0.00000,
        0.17405,
        0.00430,
        0.74427,
        0.00576,
        0.00000,
        0.12392,
        0.31202,
        -0.91035,
        -0.16270,
        0.00000,
        0.01418,
        -0.10839,
        -0.02781,
        -0.88035,
        0.00000,
        1.07274,
        2.00366,
        1.16242,
        0.22520,
        0.00000,
        0.85631,
        1.06349,
        1.49549,
        0.18966,
        0.00000,
        0.37183,
        -0.50352,
        -0.14818,
        0.12039,
        0.00000,
        0.13681,
        0.13978,
        1.11245,
        -0.12707,
        0.00000,
        -0.22082,
        0.20178,
        -0.06285,
        -0.52728,
        0.00000,
        -0.13597,
        -0.19412,
        -0.09308,
        -1.26062,
        0.00000,
        3.05454,
        5.16874,
        1.50680,
        5.35000,
        0.00000,
        2.19605,
        3.85390,
        0.88296,
        2.30052,
        0.00000,
        0.92321,
        1.08744,
        -0.11696,
        -0.78560,
        0.00000,
        -0.09795,
        -0.83050,
        -1.09167,
        -4.94251,
        0.00000,
        -1.00316,
        -3.66465,
        -2.56906,
        -9.67677,
        0.00000,
        -2.77982,
        -7.26713,
        -3.40177,
        -12.32252,
        0.00000,
        3.42040,
    ]
)
_CONTACT = np.array(
    [
        0.25696,
        -0.66937,
        -1.66135,
        -2.02487,
        -2.53398,
        -0.16092,
        -1.11725,
        -1.06654,
        -0.92830,
        -1.99558,
        -1.10388,
        -0.80802,
        0.09856,
        -0.62086,
        -1.27999,
        -0.59220,
        -0.73667,
        0.89032,
        -0.38933,
        -1.59847,
        -1.50197,
        -0.60966,
        1.56166,
        -0.47389,
        -1.80390,
        -0.83425,
        -0.97741,
        -1.41371,
        0.24500,
        0.10970,
        -1.36476,
        -1.05572,
        1.15420,
        0.11069,
        -0.38319,
        -0.74816,
        -0.59244,
        0.81116,
        -0.39511,
        0.11424,
        -0.73169,
        -0.56074,
        1.09792,
        0.15977,
        0.13786,
        -1.18435,
        -0.43363,
        1.06169,
        -0.21329,
        0.04798,
        -0.94373,
        -0.22982,
        1.22737,
        -0.13099,
        -0.06295,
        -0.75882,
        -0.13658,
        1.78389,
        0.30416,
        0.36797,
        -0.69851,
        0.13003,
        1.23070,
        0.40868,
        -0.21081,
        -0.64073,
        0.31061,
        1.59554,
        0.65718,
        0.25429,
        -0.80789,
        0.08240,
        1.78964,
        0.54304,
        0.41174,
        -1.06161,
        0.07851,
        2.01451,
        0.49786,
        0.91936,
        -0.90750,
        0.05941,
        1.83120,
        0.58722,
        1.28777,
        -0.83711,
        -0.33248,
        2.64983,
        0.52698,
        0.82132,
        -0.58897,
        -1.18223,
        3.35809,
        0.62017,
        0.57353,
        -0.07276,
        -0.36214,
        4.37655,
        0.45481,
        0.21746,
        0.10504,
        -0.61977,
        3.54001,
        0.04612,
        -0.18108,
        0.63211,
        -0.87046,
        2.47673,
        -0.48016,
        -1.27157,
        0.86505,
        -1.11342,
        1.24612,
        -0.82385,
        -2.77082,
        1.23606,
        -1.59529,
        0.10438,
        -1.30206,
        -4.11520,
        5.62596,
        -2.75800,
    ]
)
# Per point, indexed by the mover's point index 0..23 (point 1..24): Tesauro lists 24 first.
_POINT_WEIGHTS = np.stack([_CONTACT[:120].reshape(24, 5)[::-1], _RACE[:120].reshape(24, 5)[::-1]])
_EXTRA_WEIGHTS = np.stack([_CONTACT[120:], _RACE[120:]])
_ALL_OFF = 99999999.0


def scores(boards: np.ndarray, race: np.ndarray | bool) -> np.ndarray:
    """Pubeval scores (n,) float64 of (n, 2, 25) boards **after** a play.

    ``boards[:, 0]`` is the side that has just moved (the score is its), ``boards[:, 1]`` the
    other side, each in its own numbering. ``race`` (bool, or (n,) bools): use the race weights,
    which Tesauro's rule decides on the position before the play.
    """
    boards = np.asarray(boards)
    mine = boards[:, 0, :24].astype(np.int64)
    theirs = boards[:, 1, 23::-1].astype(np.int64)  # the opponent's checkers on the mover's points
    n = mine - theirs
    units = np.stack([n == -1, n == 1, n >= 2, n == 3, np.where(n >= 4, (n - 3) * 0.5, 0.0)], axis=2).astype(np.float64)
    race = np.broadcast_to(np.asarray(race, dtype=bool), (boards.shape[0],)).astype(np.int64)
    score = np.einsum("nik,nik->n", units, _POINT_WEIGHTS[race])
    off = 15 - boards[:, 0].sum(axis=1, dtype=np.int64)
    extra = np.stack([boards[:, 1, 24] * 0.5, off / 15.0], axis=1)
    score += (extra * _EXTRA_WEIGHTS[race]).sum(axis=1)
    return np.where(off == 15, _ALL_OFF, score)


def best_play(position: Position, dice: tuple[int, int]) -> Play | None:
    """The play of ``dice`` that pubeval scores highest (the first one on a tie), or ``None``.

    Raises :class:`bgwidget.DiceError` for dice outside 1..6.
    """
    plays = position.legal_plays(*dice)
    if not plays:
        return None
    # A play's result has the opponent on roll: swap the sides to score it for the mover.
    boards = boards_from_positions([p.result for p in plays])[:, ::-1]
    return plays[int(np.argmax(scores(boards, position.is_race())))]
