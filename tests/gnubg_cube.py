"""GNU Backgammon's cube decisions through gnubg-nn (GPL, test extra only), shared by
``tests/test_cube.py`` and ``benchmarks/cube_agreement.py``: the positions both judge and
gnubg-nn's action in GNU Backgammon's words. gnubg-nn's score and cube are global state."""

from __future__ import annotations

import random

from bgwidget import Position, ai
from bgwidget.ai.context import cube_efficiency
from bgwidget.ai.engines import gnubg_board, gnubg_steps_result


def positions_from_games(count, seed):
    """``count`` positions before a roll, met in seeded games of gnubg-nn's 0-ply play against
    itself: the positions do not change when our net does."""
    import gnubg_nn

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position.initial(turn=rng.randint(0, 1))
        while position.outcome() is None and len(found) < count:
            found.append(position)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            # best_move lists 1-based (from, to) steps, 25 the bar and 0 off
            steps = [(a - 1, b - 1) for a, b in gnubg_nn.best_move(gnubg_board(position), d1, d2)]
            position = gnubg_steps_result(position, steps) if steps else position.swap()
    return found


def set_match(gnubg_nn, need, opponent_need, post_crawford, cube):
    """gnubg-nn's score and cube for side O on roll, owning ``cube`` when above 1.

    Post-Crawford follows from the score (0: not the Crawford game, so a side 1-away is past it);
    ``set_match(gnubg_nn, 0, 0, False, 1)`` puts it back to money play."""
    gnubg_nn.set.score(need, opponent_need, 0)
    if cube > 1:
        gnubg_nn.set.cube(cube, b"O")
    else:
        gnubg_nn.set.cube(1)


def gnubg_action(gnubg_nn, position, chances=None):
    """gnubg-nn's 0-ply cube action for the side on roll, from ``chances`` when given (else its own)."""
    key = gnubg_nn.key_of_board(gnubg_board(position))
    extra = {} if chances is None else {"p": tuple(chances)}
    double, take, too_good, *_ = gnubg_nn.evaluate_cube_decision(key, n=0, s=b"O", i=1, **extra)
    if double:
        return "double, take" if take else "double, pass"
    return "too good to double, pass" if too_good else "no double, take" if take else "no double, pass"


def our_action(position, chances, match=None):
    """Our cube action for ``chances`` with the position's cube efficiency, in money play or at
    ``match`` = (need, opponent need, post-Crawford, cube the side on roll owns when above 1)."""
    if match is None:
        return ai.cube_decision(chances, efficiency=cube_efficiency(position)).action
    need, opponent_need, post_crawford, cube = match
    return ai.cube_decision(
        chances,
        efficiency=cube_efficiency(position),
        cube=cube,
        owner="player" if cube > 1 else "centre",
        match_length=max(need, opponent_need) + 2,
        away=(need, opponent_need),
        post_crawford=post_crawford,
    ).action
