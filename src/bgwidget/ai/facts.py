"""The exact facts of a board that a teacher counts: blots and the shots at them, made points,
anchors, primes, the bar and the pips. Pure counting on the rules (no evaluator, no numpy).

Every point number here is in the numbering of the **player on roll** (24..1 from its side), for
both sides: the opponent's anchor on the player's 5 point is ``5``, the opponent's home board the
player's points 19..24. A point is *made* (held) by a side with two or more of its checkers on it.
"""

from __future__ import annotations

from typing import Any

from bgwidget.errors import ExplainError
from bgwidget.plays import result_boards
from bgwidget.position import BAR, Position, mirror

__all__ = ["board_facts", "longest_prime", "made_points", "shots", "side_facts"]

_THEIR_BAR = 25 + BAR
"""The opponent's bar in the 50-byte boards of :func:`~bgwidget.plays.result_boards`."""


def shots(position: Position) -> int:
    """How many of the 36 rolls of the player on roll hit at least one of the opponent's blots.

    A roll counts when at least one of its legal plays (:func:`~bgwidget.plays.legal_plays`: the
    USBGF rules, so blocked intermediate points, a checker on the bar entering first and both dice
    played when possible all apply) sends a checker to the bar; direct and indirect shots alike.
    Doubles count once, other rolls twice (3-1 and 1-3). Raises :class:`ExplainError` for
    something that is not a Position.
    """
    _check(position)
    before = position.opponent[BAR]
    hitting = 0
    for die1 in range(1, 7):
        for die2 in range(die1, 7):
            if any(board[_THEIR_BAR] > before for board in result_boards(position, die1, die2)):
                hitting += 1 if die1 == die2 else 2
    return hitting


def made_points(side: tuple[int, ...]) -> list[int]:
    """The points ``side`` (25 counts in its own numbering) holds, highest first, in its own numbering."""
    return [i + 1 for i in range(23, -1, -1) if side[i] >= 2]


def longest_prime(side: tuple[int, ...]) -> tuple[int, int]:
    """``(length, highest point)`` of the longest run of consecutive points ``side`` holds (its own
    numbering; the highest run first on ties); ``(0, 0)`` when it holds none. A run of six is a full prime."""
    best, top, run = 0, 0, 0
    for i in range(23, -1, -1):
        run = run + 1 if side[i] >= 2 else 0
        if run > best:
            best, top = run, i + run  # the run's highest point: index i + run - 1, point i + run
    return best, top


def side_facts(side: tuple[int, ...], shots_at: int, *, mine: bool) -> dict[str, Any]:
    """One side's facts of :func:`board_facts` from its 25 counts (its own numbering) and the shots
    at its blots; ``mine``: the side whose numbering every point is given in (else the other's)."""

    def seen(points: list[int]) -> list[int]:
        return points if mine else sorted((mirror(p) for p in points), reverse=True)

    made = made_points(side)
    length, top = longest_prime(side)
    prime = seen(list(range(top, top - length, -1))) if length >= 2 else []
    return {
        "blots": seen([i + 1 for i in range(23, -1, -1) if side[i] == 1]),
        "shots": shots_at,
        "home_points": seen([p for p in made if p <= 6]),
        "anchors": seen([p for p in made if p >= 19]),
        "prime": prime,
        "bar": side[BAR],
        "pips": sum(count * (i + 1) for i, count in enumerate(side)),
        "off": 15 - sum(side),
    }


def board_facts(position: Position) -> dict[str, dict[str, Any]]:
    """The exact facts of ``position`` for ``"player"`` (on roll) and ``"opponent"``.

    Each side maps ``blots`` (points with one of its checkers), ``home_points`` (points it holds
    in its own home board), ``anchors`` (points it holds in the other side's home board),
    ``prime`` (the points of its longest run of two or more held points; ``[]`` when there is
    none), all points in the **player on roll's** numbering, highest first; ``shots`` (rolls of
    36 with which the other side would hit one of these blots were it on roll: :func:`shots`);
    ``bar``, ``off`` (checkers) and ``pips`` (its pip count, a checker on the bar 25).

    >>> facts = board_facts(Position.initial())
    >>> facts["player"]["home_points"], facts["player"]["anchors"], facts["opponent"]["anchors"]
    ([6], [24], [1])

    Raises :class:`ExplainError` for something that is not a Position.
    """
    _check(position)
    return {
        "player": side_facts(position.player, shots(position.swap()), mine=True),
        "opponent": side_facts(position.opponent, shots(position), mine=False),
    }


def _check(position: object) -> None:
    if not isinstance(position, Position):
        raise ExplainError(f"board facts are of a Position, not {type(position).__name__}")
