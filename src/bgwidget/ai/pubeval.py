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

from bgwidget.ai.encoding import boards_from_positions, checked_boards
from bgwidget.moves import Play, check_roll
from bgwidget.position import Position, PositionError

__all__ = ["best_play", "scores"]

# Tesauro's weights, in his order: for points 24, 23, ..., 1 five units each, then the
# opponent's bar and the mover's checkers off.
# fmt: off
_RACE = np.array([
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375,
    -1.05121, .07217, -.01351, .00000, -1.29506, -2.16183, .13246,
    -1.03508, .00000, -2.29847, -2.34631, .17253, .08302, .00000,
    -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556,
    -.13022, -.01591, .00000, .27448, .60015, .48302, .25236, .00000,
    .39521, .68178, .05281, .09266, .00000, .24855, -.06844, -.37646,
    .05685, .00000, .17405, .00430, .74427, .00576, .00000, .12392,
    .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349,
    1.49549, .18966, .00000, .37183, -.50352, -.14818, .12039, .00000,
    .13681, .13978, 1.11245, -.12707, .00000, -.22082, .20178, -.06285,
    -.52728, .00000, -.13597, -.19412, -.09308, -1.26062, .00000, 3.05454,
    5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050,
    -1.09167, -4.94251, .00000, -1.00316, -3.66465, -2.56906, -9.67677,
    .00000, -2.77982, -7.26713, -3.40177, -12.32252, .00000, 3.42040,
])
_CONTACT = np.array([
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725,
    -1.06654, -.92830, -1.99558, -1.10388, -.80802, .09856, -.62086,
    -1.27999, -.59220, -.73667, .89032, -.38933, -1.59847, -1.50197,
    -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741, -1.41371,
    .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977,
    .13786, -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982,
    1.22737, -.13099, -.06295, -.75882, -.13658, 1.78389, .30416, .36797,
    -.69851, .13003, 1.23070, .40868, -.21081, -.64073, .31061, 1.59554,
    .65718, .25429, -.80789, .08240, 1.78964, .54304, .41174, -1.06161,
    .07851, 2.01451, .49786, .91936, -.90750, .05941, 1.83120, .58722,
    1.28777, -.83711, -.33248, 2.64983, .52698, .82132, -.58897, -1.18223,
    3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481, .21746,
    .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082,
    1.23606, -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800,
])
# fmt: on
# Per point, indexed by the mover's point index 0..23 (point 1..24): Tesauro lists 24 first.
_POINT_WEIGHTS = np.stack([_CONTACT[:120].reshape(24, 5)[::-1], _RACE[:120].reshape(24, 5)[::-1]])
_EXTRA_WEIGHTS = np.stack([_CONTACT[120:], _RACE[120:]])
_ALL_OFF = 99999999.0


def scores(boards: np.ndarray, race: np.ndarray | bool) -> np.ndarray:
    """Pubeval scores (n,) float64 of (n, 2, 25) boards **after** a play.

    ``boards[:, 0]`` is the side that has just moved (the score is its), ``boards[:, 1]`` the
    other side, each in its own numbering. ``race`` (bool, or (n,) bools): use the race weights,
    which Tesauro's rule decides on the position before the play. Raises
    :class:`~bgwidget.position.PositionError` for boards
    :func:`~bgwidget.ai.encoding.checked_boards` refuses.
    """
    boards = checked_boards(boards)
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

    Raises :class:`bgwidget.DiceError` for dice that are not a roll and
    :class:`bgwidget.PositionError` for a ``position`` that is not a Position.
    """
    if not isinstance(position, Position):
        raise PositionError(f"pubeval plays from a Position, not {type(position).__name__}")
    plays = position.legal_plays(*check_roll(dice))
    if not plays:
        return None
    # A play's result has the opponent on roll: swap the sides to score it for the mover.
    boards = boards_from_positions([p.result for p in plays])[:, ::-1]
    return plays[int(np.argmax(scores(boards, position.is_race())))]
