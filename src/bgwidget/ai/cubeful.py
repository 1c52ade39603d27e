"""Cube decisions searched cubefully, as GNU Backgammon's n-ply cube analysis does them.

At 0-ply the cubeful value of the side on roll is Janowski's (:mod:`bgwidget.ai.cube`) from the
evaluator's chances, after that side's best cube action. At n-ply it is searched: for each cube
action of the side on roll (no double; double and take) the value is the weighted average, over
its 21 rolls, of the (n-1)-ply cubeful values of the positions after its best play of each roll
(the best by 0-ply cubeless equity, as :func:`~bgwidget.ai.search.best_replies` picks it), seen
from the other side with the cube as the action left it. A double is then taken or passed as the
taker prefers, and made when that is better for the doubler. This is GNU Backgammon's
``EvaluatePositionCubeful`` (``eval.c``): the cube is decided at every node of the search.

Applying Janowski's formulas once to chances averaged over the rolls misses what the cube does
between the rolls: its value is not linear in the chances (a roll that turns the game can be
cashed), so the averages of values and the value of averages differ. On the cube decisions
GNU Backgammon's analysis marks in ``benchmarks/review.py``'s matches, this search with gnubg's own
net gives its errors to within 0.002 (0.034, 0.074, 0.038 against its 0.034, 0.073, 0.036);
Janowski on the averaged chances gave 0.004, 0.050 and 0.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from bgwidget.ai.analysis import check_search
from bgwidget.ai.context import Context, optimal
from bgwidget.ai.cube import CubeDecision
from bgwidget.ai.errors import CubeError
from bgwidget.ai.search import ROLLS, Cache, Evaluator, best_replies, position_values
from bgwidget.position import Position

__all__ = ["searched_cube_decision"]

_WEIGHTS = np.array([weight for _, _, weight in ROLLS])
_TIE = 1e-9
"""A double worth as much as no double, to rounding, is made (``FindCubeDecision`` in GNU
Backgammon's ``eval.c`` doubles when double/take and double/pass are both >= no double). Ties are
exact where a leaf already counts a double the side will make at no risk next turn (a trailer
post-Crawford, a cash): holding back then only hands the opponent a roll."""

Node = tuple[Position, Context]  # a position and the stakes seen by the side on roll in it


def searched_cube_decision(
    position: Position, context: Context, ply: int, evaluator: Evaluator, cache: Cache | None = None
) -> CubeDecision:
    """The cube decision of the side on roll in ``position``, with ``context`` its stakes, at ``ply``.

    0-ply, a finished game, or a cube the side on roll cannot turn (the opponent's, the Crawford
    game, a 1-point match, a side whose win at the cube takes the match): Janowski's decision on
    the ``ply``-deep cubeless chances (:meth:`Context.decision <bgwidget.ai.context.Context.decision>`).
    Otherwise ``no_double`` and ``double_take`` are searched cubefully (see the module) and
    ``double_pass`` is exact. The numbers are those :func:`~bgwidget.ai.cube.cube_decision`
    gives: match winning chances in a match within the table, else points per game for a cube
    of 1 (the double's value already doubled). A double worth no less than no double, to
    1e-9, is made. ``cache`` shares cubeless chances with other searches of ``evaluator``.
    Raises :class:`bgwidget.PositionError` for a ``position`` that is not a Position,
    :class:`~bgwidget.ai.errors.LevelError` for a ``ply`` not in
    :data:`~bgwidget.ai.analysis.PLIES` or an evaluator that is not callable, and
    :class:`~bgwidget.ai.errors.CubeError` for a ``context`` that is not a Context.
    """
    check_search(position, ply, evaluator)
    if not isinstance(context, Context):
        raise CubeError(f"the stakes are a Context, not {type(context).__name__}")
    cache = {} if cache is None else cache
    if ply == 0 or position.outcome() is not None or not _can_double(context):
        return context.decision(position_values([position], ply, evaluator, cache)[0], position)
    no_double, double_take = _after_rolls([(position, context), (position, _doubled(context))], ply, evaluator, cache)
    double_pass = _cashed(context)
    take, doubled = _answered(context, double_take, double_pass)
    scale = 1.0 if context.match_play else 1.0 / context.cube
    return CubeDecision(
        no_double * scale,
        take * scale,
        double_pass * scale,
        should_double=doubled > no_double - _TIE,
        should_take=double_take <= double_pass,
        beaver=take != double_take,
        match_play=context.match_play,
    )


def _can_double(context: Context) -> bool:
    """Whether the side on roll may turn the cube and gains by it (cube.py's rules)."""
    if context.owner == "opponent" or context.crawford or context.match_length == 1:
        return False
    if context.max_cube is not None and 2 * context.cube > context.max_cube:
        return False  # the cube at its limit is dead
    return not context.match_play or context.away[0] > context.cube


def _doubled(context: Context) -> Context:
    """The doubler's stakes once its double is taken: twice the cube, on the taker's side."""
    return replace(context, cube=2 * context.cube, owner="opponent")


def _cashed(context: Context) -> float:
    """The value for the side on roll when its double is passed: it wins the cube as it stands."""
    return context.single_game()[0] if context.match_play else float(context.cube)


def _answered(context: Context, double_take: float, double_pass: float) -> tuple[float, float]:
    """``(take, doubled)``: the doubler's value when the taker takes (or beavers, which doubles
    a money take the taker gains by, where the limit leaves room for it), and after the taker's better answer."""
    room = context.max_cube is None or 4 * context.cube <= context.max_cube
    if context.beavers and room and not context.match_play and double_take <= double_pass and double_take < 0:
        double_take *= 2
    return double_take, min(double_take, double_pass)


def _flip(context: Context, value: float | np.ndarray) -> float | np.ndarray:
    """A value of the other side's, seen by this side."""
    return 1.0 - value if context.match_play else -value


def _after_rolls(nodes: list[Node], ply: int, evaluator: Evaluator, cache: Cache) -> list[float]:
    """For each node (ply >= 1), its side's value before rolling with the cube left as it is: the
    rolls' weighted average of the (ply - 1)-ply values of the positions after its best plays."""
    positions = list(dict.fromkeys(position for position, _ in nodes))
    rolled = [(position, d1, d2) for position in positions for d1, d2, _ in ROLLS]
    replies = best_replies(rolled, evaluator)[0]
    n = len(ROLLS)
    after = {position: replies[i * n : (i + 1) * n] for i, position in enumerate(positions)}
    children = [(child, context.swap()) for position, context in nodes for child in after[position]]
    values = np.array(_values(children, ply - 1, evaluator, cache)).reshape(len(nodes), n)
    return [float(_WEIGHTS @ _flip(context, row)) for (_, context), row in zip(nodes, values)]


def _values(nodes: list[Node], ply: int, evaluator: Evaluator, cache: Cache) -> list[float]:
    """The cubeful value of each node for its side on roll at ``ply``, after its best cube action:
    MWC in a match, points (the cube's value included) in money play. Each distinct node once."""
    distinct = list(dict.fromkeys(nodes))
    ends = [node for node in distinct if ply == 0 or node[0].outcome() is not None]
    known: dict[Node, float] = {}
    if ends:
        chances = position_values([position for position, _ in ends], 0, evaluator, cache)
        for (position, context), row in zip(ends, chances):
            value = optimal(context.decision(row, position))
            known[position, context] = value if context.match_play else value * context.cube
    searched = [node for node in distinct if node not in known]
    if searched:
        # Each node's no-double value, then the doubled one of the nodes whose side may double.
        doubling = [(position, _doubled(context)) for position, context in searched if _can_double(context)]
        found = iter(_after_rolls(searched + doubling, ply, evaluator, cache))
        no_doubles = [next(found) for _ in searched]
        for (position, context), no_double in zip(searched, no_doubles):
            value = no_double
            if _can_double(context):
                value = max(no_double, _answered(context, next(found), _cashed(context))[1])
            known[position, context] = value
    return [known[node] for node in nodes]
