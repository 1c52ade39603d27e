"""The stakes of a decision: cube, score and rules, and the numbers they turn chances into.

A :class:`Context` holds what a :class:`~bgwidget.game.Game` says about the stakes, seen by one
seat: the cube, who owns it and its limit, the away scores, Crawford and post-Crawford, the
money-play options. :meth:`Context.of` is the one place the game's
:class:`~bgwidget.rules.Rules` become stakes, and every judgement reads them there (the
computer's plays and cube actions, Hint, review, rollouts, ``analyse(game=...)``): no Crawford
rule makes every game at 1-away post-Crawford, no cube (or a cube at ``max_cube``) a dead cube,
so cubeless numbers. It turns cubeless chances into the numbers players compare:

* **MWC**, match winning chance (0..1), through the match equity table (:mod:`bgwidget.ai.met`)
  and Janowski's cube model (:mod:`bgwidget.ai.cube`);
* **EMG**, normalised equity: the MWC mapped linearly so that losing a single game at the current
  cube is -1 and winning one is +1, ``(2 * mwc - (win + lose)) / (win - lose)``: GNU Backgammon's
  ``mwc2eq`` (``eval.c``), which it shows as "EMG" (equivalent-to-money-game) equity.
  In money play, the cubeful equity in points per game for a cube of 1.

A match beyond the table (a side more than 25 away) is judged as money play, as
:func:`~bgwidget.ai.cube.cube_decision` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from bgwidget.ai.cube import (
    CONTACT_EFFICIENCY,
    CubeDecision,
    check_limit,
    check_stakes,
    cube_decision,
    race_efficiency,
)
from bgwidget.ai.errors import CubeError
from bgwidget.ai.evaluator import flip
from bgwidget.ai.met import MATCH_LENGTH_LIMIT, match_winning_chance
from bgwidget.game import Game, GameError
from bgwidget.position import Position

__all__ = ["Context", "cube_efficiency", "optimal"]

_SWAPPED_OWNER = {"centre": "centre", "player": "opponent", "opponent": "player"}


@dataclass(frozen=True)
class Context:
    """The stakes seen by one seat (``owner`` and ``away`` are from that seat's side).

    ``owner``: ``"centre"``, ``"player"`` (this seat owns the cube) or ``"opponent"``.
    ``away``: points (this seat, opponent) still needed; ``(0, 0)`` and ``match_length`` 0 in
    money play. ``max_cube``: the highest value the cube may reach, None for no limit; a cube
    there is dead (a game without the cube has a dead cube of 1). The fields are
    :func:`~bgwidget.ai.cube.cube_decision`'s keyword arguments, and are checked as it checks
    them: :class:`~bgwidget.ai.errors.CubeError` for a cube that is not a power of 2, an unknown
    owner, away scores that do not fit the match, or a limit below the cube.
    """

    cube: int = 1
    owner: str = "centre"
    match_length: int = 0
    away: tuple[int, int] = (0, 0)
    crawford: bool = False
    post_crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    max_cube: int | None = None

    def __post_init__(self) -> None:
        flags = (self.crawford, self.post_crawford, self.jacoby, self.beavers)
        check_stakes(self.cube, self.owner, CONTACT_EFFICIENCY, self.match_length, self.away, flags)
        check_limit(self.cube, self.max_cube)

    @classmethod
    def of(cls, game: Game, seat: int) -> Context:
        """The stakes of ``game`` for ``seat`` (0 or 1) now: its cube, owner, score and every rule
        of :class:`~bgwidget.rules.Rules` that changes them.

        Post-Crawford: a game other than the Crawford game with a side 1-away
        (:attr:`Game.post_crawford <bgwidget.game.Game.post_crawford>`). Without the Crawford
        rule every such game is one: the trailer may double at once, as GNU Backgammon values a
        match with Crawford off. ``max_cube`` is ``Rules.max_cube``; without the cube
        (``Rules(cube=False)``) the cube of 1 is the limit, so every judgement is cubeless. Raises
        :class:`~bgwidget.rules.GameError` for a ``game`` that is not a Game or a
        ``seat`` that is not 0 or 1.
        """
        if not isinstance(game, Game):
            raise GameError(f"the stakes come from a Game, not {type(game).__name__}")
        if seat not in (0, 1) or isinstance(seat, bool):
            raise GameError(f"a seat is 0 or 1, not {seat!r}")
        rules = game.rules
        owner = "centre" if game.cube_owner is None else "player" if game.cube_owner == seat else "opponent"
        max_cube = rules.max_cube if rules.cube else game.cube_value
        context = cls(game.cube_value, owner, jacoby=rules.jacoby, beavers=rules.beavers, max_cube=max_cube)
        if not rules.match_length:
            return context
        length, score = rules.match_length, game.score
        return replace(
            context,
            match_length=length,
            away=(length - score[seat], length - score[1 - seat]),
            crawford=game.crawford,
            post_crawford=game.post_crawford,
        )

    @property
    def match_play(self) -> bool:
        """Whether numbers are match winning chances (a match within the table)."""
        return bool(self.match_length) and max(self.away) <= MATCH_LENGTH_LIMIT

    def swap(self) -> Context:
        """The same stakes seen by the other seat."""
        return replace(self, owner=_SWAPPED_OWNER[self.owner], away=(self.away[1], self.away[0]))

    def single_game(self) -> tuple[float, float]:
        """``(win, lose)``: this seat's MWC after winning, and after losing, a single game at the cube.

        Only in match play (:attr:`match_play`); raises :class:`~bgwidget.ai.errors.CubeError` otherwise.
        """
        need, opponent_need = self.away
        if not self.match_play:
            raise CubeError("match winning chances need a match within the match equity table")
        mwc = match_winning_chance
        return (
            mwc(need - self.cube, opponent_need, self.post_crawford),
            mwc(need, opponent_need - self.cube, self.post_crawford),
        )

    def emg(self, mwc: float) -> float:
        """Normalised equity (EMG) of a match winning chance ``mwc`` for this seat (``mwc2eq``)."""
        win, lose = self.single_game()
        return (2 * mwc - (win + lose)) / (win - lose)

    def decision(self, chances: Sequence[float] | np.ndarray, position: Position) -> CubeDecision:
        """The cube decision of this seat, on roll in ``position`` with cubeless ``chances`` (win, wg, wbg, lg, lbg).

        The cube's efficiency is the position's (:func:`cube_efficiency`); in a finished game the
        chances are its exact result and no cube can help (efficiency 0). Raises
        :class:`~bgwidget.ai.errors.CubeError` as :func:`~bgwidget.ai.cube.cube_decision` does.
        """
        over = position.outcome() is not None
        return cube_decision(
            [float(x) for x in chances],
            cube=self.cube,
            owner=self.owner,
            match_length=self.match_length,
            away=self.away,
            crawford=self.crawford,
            post_crawford=self.post_crawford,
            jacoby=self.jacoby,
            beavers=self.beavers,
            max_cube=self.max_cube,
            efficiency=0.0 if over else cube_efficiency(position),
        )

    def after_play(self, chances: Sequence[float] | np.ndarray, after: Position) -> tuple[float | None, float]:
        """``(mwc, emg)`` for this seat, the mover, after a play that reaches ``after`` with cubeless ``chances``.

        The opponent is then on roll in ``after`` and takes its best cube action (no double, or
        double and this seat's best answer). ``mwc`` is None in money play, where ``emg`` is the
        cubeful equity in points per game for a cube of 1.
        """
        value = optimal(self.swap().decision(flip(np.asarray(chances)), after))
        if not self.match_play:
            return None, -value
        mwc = 1.0 - value
        return mwc, self.emg(mwc)


def cube_efficiency(position: Position) -> float:
    """The cube efficiency of ``position`` for Janowski's model, as GNU Backgammon sets it (``eval.c``).

    :data:`~bgwidget.ai.cube.CONTACT_EFFICIENCY` (0.68) while the sides can still hit each other;
    in a race :func:`~bgwidget.ai.cube.race_efficiency` of the pips of the side on roll.
    """
    return race_efficiency(position.pip_counts()[0]) if position.is_race() else CONTACT_EFFICIENCY


def optimal(decision: CubeDecision) -> float:
    """The cubeful value, for the side on roll, of its best cube action and the best answer to it."""
    if decision.should_double:
        return min(decision.double_take, decision.double_pass)
    return decision.no_double
