"""Board conversions between :class:`~bgwidget.Position` and the layouts of external engines.

Pure conversions, so that the tests, the benchmarks, the training scripts and the adapters
share one copy; this module imports neither engine.

* **GNU Backgammon** (``gnubg-nn``, gnubg's ``positionid.c``): a board is two lists of 25 counts,
  ``[side not on roll, side on roll]``, each in its own numbering (index 0..23 = points 1..24,
  24 = the bar), which is exactly :attr:`Position.opponent` and :attr:`Position.player`. Steps
  are pairs ``(from, to)`` of 0-based indices, 24 the bar and -1 off (``pub_best_move``'s form).
* **bgsage** (Open Sage): a board is 26 integers from the mover's side: index 1..24 its points,
  positive for its checkers and negative for the opponent's, 25 its bar, 0 the opponent's bar
  (a positive count).

>>> from bgwidget import Position
>>> start = Position.initial()
>>> bgsage_board(start)
[0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0]
>>> position_from_bgsage(bgsage_board(start)) == start
True
>>> gnubg_steps_result(start, [(7, 4), (5, 4)]) == start.parse_play("8/5 6/5", 3, 1).result
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bgwidget.moves import Play
from bgwidget.position import BAR, Position, PositionError

__all__ = [
    "bgsage_board",
    "bgsage_board_after",
    "bgsage_board_from_sides",
    "gnubg_board",
    "gnubg_steps_result",
    "position_from_bgsage",
    "sides_from_bgsage",
]

_POINTS = 24


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise PositionError(f"a board is made from a Position, not {type(position).__name__}")
    return position


def _count(value: object) -> int:
    """An integer count (numpy's too), or :class:`PositionError`."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise PositionError(f"a board holds integer counts, not {value!r}")
    return int(value.__index__())


def _counts(values: object, length: int, what: str) -> list[int]:
    """``length`` integer counts from any iterable (numpy rows too), or :class:`PositionError`."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise PositionError(f"{what} is {length} integers, not {values!r}")
    counts = [_count(x) for x in values]
    if len(counts) != length:
        raise PositionError(f"{what} is {length} integers, not {len(counts)}")
    return counts


def gnubg_board(position: Position) -> list[list[int]]:
    """GNU Backgammon's board of ``position``: ``[side not on roll, side on roll]``, 25 counts each."""
    return [list(_position(position).opponent), list(position.player)]


def gnubg_steps_result(position: Position, steps: Iterable[tuple[int, int]]) -> Position:
    """The position that GNU Backgammon's ``steps`` reach from ``position``, the opponent on roll.

    ``steps`` are 0-based ``(from, to)`` pairs in the mover's numbering (24 = the bar, -1 = off);
    a step to a point where the opponent has one checker hits it. The result compares equal to
    :attr:`Play.result <bgwidget.moves.Play.result>` of the same play. Raises
    :class:`~bgwidget.PositionError` when the steps leave an impossible board (for instance a
    step from an empty point, or anything that is not such a step); legality is not checked otherwise.
    """
    me, them = list(_position(position).player), list(position.opponent)
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
        raise PositionError(f"steps are (from, to) pairs, not {steps!r}")
    for step in steps:
        if not isinstance(step, Sequence) or len(step) != 2:
            raise PositionError(f"a step is a (from, to) pair, not {step!r}")
        src, dst = _count(step[0]), _count(step[1])
        if not (0 <= src <= BAR and -1 <= dst < src):
            raise PositionError(f"a step goes from 0..24 (24 the bar) down to -1..23 (-1 off), not {step!r}")
        me[src] -= 1
        if dst >= 0:
            me[dst] += 1
            if them[_POINTS - 1 - dst] == 1:
                them[_POINTS - 1 - dst] = 0
                them[BAR] += 1
    return Position(them, me, 1 - position.turn)


def bgsage_board_from_sides(player: Sequence[int], opponent: Sequence[int]) -> list[int]:
    """bgsage's 26-integer board from two 25-count sides (``player`` the mover), each in its own numbering.

    Accepts any integer sequences (numpy rows too); the result holds plain ``int``. Raises
    :class:`~bgwidget.PositionError` for sides that are not 25 integer counts.
    """
    mine, theirs = _counts(player, BAR + 1, "a side"), _counts(opponent, BAR + 1, "a side")
    board = [0] * (_POINTS + 2)
    for i in range(_POINTS):
        board[i + 1] = mine[i] - theirs[_POINTS - 1 - i]
    board[_POINTS + 1] = mine[BAR]
    board[0] = theirs[BAR]
    return board


def sides_from_bgsage(board: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(player, opponent)``, 25 counts each in its own numbering, from bgsage's 26-integer board.

    The inverse of :func:`bgsage_board_from_sides`. Raises :class:`~bgwidget.PositionError` for
    a board that is not 26 integers.
    """
    entries = _counts(board, _POINTS + 2, "a bgsage board")
    points = entries[1 : _POINTS + 1]
    player = tuple(max(n, 0) for n in points) + (entries[_POINTS + 1],)
    # The opponent's point j + 1 is the mover's point 24 - j.
    opponent = tuple(max(-points[_POINTS - 1 - j], 0) for j in range(_POINTS)) + (entries[0],)
    return player, opponent


def bgsage_board(position: Position) -> list[int]:
    """bgsage's board of ``position`` before a roll, from the side on roll."""
    return bgsage_board_from_sides(_position(position).player, position.opponent)


def bgsage_board_after(play: Play) -> list[int]:
    """bgsage's board after ``play``, from the side that made it (its post-move layout)."""
    if not isinstance(play, Play):
        raise PositionError(f"a board after a play is made from a Play, not {type(play).__name__}")
    return bgsage_board_from_sides(play.result.opponent, play.result.player)


def position_from_bgsage(board: Sequence[int], turn: int = 0) -> Position:
    """The :class:`~bgwidget.Position` of bgsage's ``board``, the board's own side on roll as seat ``turn``.

    Checkers not on the board are borne off. Raises :class:`~bgwidget.PositionError` for an
    impossible board (more than 15 checkers a side) or one that is not 26 integers.
    """
    player, opponent = sides_from_bgsage(board)
    return Position(player, opponent, turn)
