"""Layer 1, the board: an immutable backgammon position.

A :class:`Position` holds the checkers of both sides, which side is on roll, and nothing else
(no dice, no cube, no score: those belong to the game layer).

Conventions (the same as GNU Backgammon's own board arrays):

* Each side's checkers are a tuple of 25 counts **from that side's own point of view**: index
  ``i`` (0..23) is the side's point ``i + 1``, index 24 its bar. Checkers borne off are not
  stored: ``off = 15 - sum(side)``.
* ``player`` is the side **on roll**, ``opponent`` the other one. A checker on the player's
  point ``p`` stands on the opponent's point ``25 - p``.
* ``turn`` says which seat is on roll: 0 is the bottom player of the widget, 1 the top player.
  It does not change the Position ID, which is relative to the player on roll.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from bgwidget.checks import is_int
from bgwidget.errors import PositionError, PositionIdError

if TYPE_CHECKING:
    from bgwidget.plays import Play

__all__ = [
    "BAR",
    "BAR_POINT",
    "CHECKERS",
    "OFF_POINT",
    "Outcome",
    "Place",
    "Position",
    "PositionError",
    "PositionIdError",
    "board_arrays",
    "board_place",
    "mirror",
    "mover_point",
    "point_labels",
]

CHECKERS = 15
"""Checkers per side."""
BAR = 24
"""Index of the bar in a side's 25-tuple."""
BAR_POINT = 25
"""The bar in the mover's numbering (notation's ``bar``)."""
OFF_POINT = 0
"""Off the board in the mover's numbering (notation's ``off``)."""

_START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
_OUTCOME_NAMES = {1: "single game", 2: "gammon", 3: "backgammon"}


def mirror(point: int) -> int:
    """The same point counted from the other side: a side's point ``p`` is the other side's ``25 - p``.

    The one place where one numbering turns into the other (the bar and off have no mirror).

    >>> mirror(6), mirror(19)
    (19, 6)
    """
    return 25 - point


Place = int | Literal["bar", "off"]
"""A place in **board numbering**, the numbering of the board's ``data-point`` hooks: a point
1..24 counted from the bottom player's (seat 0's) side, ``"bar"`` or ``"off"``. Seat 0's own
numbering is the board numbering; seat 1's own point ``p`` is board point :func:`mirror` ``(p)``."""


def board_place(seat: int, point: int) -> Place:
    """``seat``'s own numbering (1..24, :data:`BAR_POINT` 25, :data:`OFF_POINT` 0) -> board numbering.

    >>> board_place(0, 6), board_place(1, 6), board_place(1, 25), board_place(0, 0)
    (6, 19, 'bar', 'off')
    """
    if point == BAR_POINT:
        return "bar"
    if point == OFF_POINT:
        return "off"
    return point if seat == 0 else mirror(point)


def mover_point(seat: int, place: Place) -> int:
    """Board numbering (1..24, ``"bar"``, ``"off"``) -> ``seat``'s own numbering (25 bar, 0 off)."""
    if place == "bar":
        return BAR_POINT
    if place == "off":
        return OFF_POINT
    return place if seat == 0 else mirror(place)


def point_labels(seat: int) -> list[int]:
    """The numbers shown at board points 1..24 when they are read from ``seat``'s side."""
    return [p if seat == 0 else mirror(p) for p in range(1, 25)]


class Outcome(NamedTuple):
    """How a finished game ended, on the board alone (the cube is the game layer's business).

    ``winner`` is the seat (0 bottom, 1 top) that bore off all 15 checkers; ``points`` is 1 for a
    single game, 2 for a gammon (the loser has borne off none), 3 for a backgammon (the loser has
    borne off none and still has a checker on the bar or in the winner's home board).
    """

    winner: int
    points: int

    @property
    def kind(self) -> str:
        """``"single game"``, ``"gammon"`` or ``"backgammon"``."""
        return _OUTCOME_NAMES[self.points]


def _unchecked(player: tuple[int, ...], opponent: tuple[int, ...], turn: int) -> Position:
    """A position from two 25-tuples **already known to be valid**, without checking them.

    The fast path of generators that only ever produce legal positions (the move generator);
    anything else should call ``Position(player, opponent, turn)``, which validates.
    """
    position = _new_object(Position)
    _set_player(position, player)
    _set_opponent(position, opponent)
    _set_turn(position, turn)
    return position


_new_object = object.__new__


class Position:
    """An immutable, hashable backgammon position with the side on roll.

    Build one with :meth:`initial`, :meth:`from_position_id` or :meth:`from_points`, or directly
    from two 25-tuples (see the module docstring for their layout)::

        Position(player=(...25 counts...), opponent=(...25 counts...), turn=0)

    Raises :class:`PositionError` when a side has more than 15 checkers or a negative count, or
    when both sides have checkers on the same point.
    """

    __slots__ = ("player", "opponent", "turn", "_hash")

    player: tuple[int, ...]
    opponent: tuple[int, ...]
    turn: int
    _hash: int

    def __init__(self, player: Iterable[int], opponent: Iterable[int], turn: int = 0) -> None:
        player = _counts(player, "player")
        opponent = _counts(opponent, "opponent")
        _validate(player, opponent, turn)
        _init(self, player, opponent, turn)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    # ----------------------------------------------------------------- constructors

    @classmethod
    def initial(cls, turn: int = 0) -> Position:
        """The starting position, ``turn`` (0 bottom, 1 top) on roll.

        Raises :class:`PositionError` for a ``turn`` other than 0 or 1.
        """
        _check_turn(turn)
        return _unchecked(_START, _START, turn)

    unchecked = staticmethod(_unchecked)

    @classmethod
    def from_points(
        cls,
        player: Mapping[int | str, int],
        opponent: Mapping[int | str, int],
        turn: int = 0,
    ) -> Position:
        """A position from a plain description of where each side's checkers stand.

        Each mapping goes from a point number **in that side's own numbering** (1..24) or
        ``"bar"`` to a count of checkers; checkers not placed are borne off (``"off"`` may be
        given too, and must then agree). ``player`` is the side on roll.

        >>> Position.from_points({6: 2, 5: 3}, {1: 2, "bar": 1}).pip_counts()
        (27, 27)

        Raises :class:`PositionError` on an unknown point, a negative count, more than 15
        checkers, or two colours on one point.
        """
        return cls(_side_from_points(player, "player"), _side_from_points(opponent, "opponent"), turn)

    @classmethod
    def from_position_id(cls, position_id: str, turn: int = 0) -> Position:
        """Decode a GNU Backgammon Position ID (14 Base64 characters).

        The 80-bit key holds the side **not** on roll first, then the side on roll, as in
        gnubg's ``positionid.c`` (the manual's prose says the opposite; the code is the standard).
        ``turn`` says which seat (0 bottom, 1 top) the player on roll sits in.

        Raises :class:`PositionIdError` when the ID is not 14 Base64 characters, does not
        describe a legal position, or has non-zero unused bits (after the two sides' 80-bit key,
        or in the last character's low bits).
        """
        if not isinstance(position_id, str):
            raise PositionIdError(f"a Position ID is a string, not {type(position_id).__name__}")
        text = position_id.strip()
        if len(text) != 14:
            raise PositionIdError(f"a Position ID has 14 characters, {text!r} has {len(text)}")
        try:
            key = base64.b64decode(text + "==", validate=True)
        except ValueError:
            raise PositionIdError(f"{text!r} is not Base64") from None
        bits = int.from_bytes(key, "little")
        halves: list[list[int]] = [[], []]
        half, count, used = 0, 0, 0
        for k in range(80):
            if bits >> k & 1:
                count += 1
                used += 1
                continue
            halves[half].append(count)
            count = 0
            if len(halves[half]) == 25:
                half += 1
                if half == 2:
                    break
        if half < 2 or used > 2 * CHECKERS:
            raise PositionIdError(f"{text!r} does not hold two sides of at most 15 checkers")
        try:
            position = cls(halves[1], halves[0], turn)
        except PositionError as error:
            raise PositionIdError(f"{text!r}: {error}") from None
        if position.position_id() != text:  # gnubg ignores these bits; no program writes them
            raise PositionIdError(f"{text!r}: the unused bits after the two sides are not zero")
        return position

    # ----------------------------------------------------------------- reading

    def position_id(self) -> str:
        """The GNU Backgammon Position ID (14 characters); the side not on roll comes first."""
        bits, k = 0, 0
        for side in (self.opponent, self.player):
            for count in side:
                bits |= ((1 << count) - 1) << k
                k += count + 1
        return base64.b64encode(bits.to_bytes(10, "little")).decode()[:14]

    @property
    def off(self) -> tuple[int, int]:
        """Checkers borne off: ``(player on roll, opponent)``."""
        return CHECKERS - sum(self.player), CHECKERS - sum(self.opponent)

    @property
    def bar(self) -> tuple[int, int]:
        """Checkers on the bar: ``(player on roll, opponent)``."""
        return self.player[BAR], self.opponent[BAR]

    def pip_counts(self) -> tuple[int, int]:
        """Pip counts ``(player on roll, opponent)``; a checker on the bar counts 25 pips."""
        return _pips(self.player), _pips(self.opponent)

    def swap(self) -> Position:
        """The same checkers with the other side on roll."""
        return _unchecked(self.opponent, self.player, 1 - self.turn)

    def seat_points(self, seat: int) -> tuple[int, ...]:
        """The 25 counts of ``seat`` (0 bottom, 1 top), in that seat's own numbering.

        Raises :class:`PositionError` for a ``seat`` other than 0 or 1.
        """
        _check_turn(seat, "seat")
        return self.player if seat == self.turn else self.opponent

    def is_race(self) -> bool:
        """True when contact is over: every checker of each side has passed all the other's."""
        mine = [i for i in range(25) if self.player[i]]
        theirs = [23 - i if i < BAR else -1 for i in range(25) if self.opponent[i]]
        # The player moves down the indices, the opponent up them (its bar is -1 here).
        return not mine or not theirs or max(mine) < min(theirs)

    def outcome(self) -> Outcome | None:
        """How the game ended on this board, or ``None`` while both sides have checkers left.

        Follows the USBGF rules: a gammon when the loser has borne off no checker, a backgammon
        when the loser has also a checker on the bar or in the winner's home board.
        """
        for winner_side, loser_side, seat in (
            (self.player, self.opponent, self.turn),
            (self.opponent, self.player, 1 - self.turn),
        ):
            if sum(winner_side) == 0:
                if sum(loser_side) < CHECKERS:
                    return Outcome(seat, 1)
                # The winner's home board is the loser's points 19..24 (indices 18..23).
                if any(loser_side[18:25]):
                    return Outcome(seat, 3)
                return Outcome(seat, 2)
        return None

    def legal_plays(self, die1: int, die2: int) -> list[Play]:
        """Every distinct legal play of the roll ``die1``-``die2`` for the player on roll.

        See :func:`bgwidget.plays.legal_plays` for the order and the rules applied.
        """
        return _legal_plays()(self, die1, die2)

    def parse_play(self, text: str, die1: int, die2: int) -> Play:
        """The legal play that ``text`` (gnubg/XG notation) names; see :func:`bgwidget.notation.parse_play`."""
        from bgwidget.notation import parse_play

        return parse_play(self, text, die1, die2)

    # ----------------------------------------------------------------- dunder

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.turn == other.turn and self.player == other.player and self.opponent == other.opponent

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # hashed on first use: the move generator makes far more positions than anyone hashes
            value = hash((self.player, self.opponent, self.turn))
            _set_hash(self, value)
            return value

    def __repr__(self) -> str:
        return f"Position.from_position_id({self.position_id()!r}, turn={self.turn})"

    def __str__(self) -> str:
        return diagram(self)

    def __reduce__(self) -> tuple[type[Position], tuple[tuple[int, ...], tuple[int, ...], int]]:
        return (Position, (self.player, self.opponent, self.turn))

    def _repr_svg_(self) -> str:
        """The board as a lesson's diagram, SVG for Jupyter and nbconvert: the checkers and the
        pip counts, no names or score (:func:`bgwidget.svg.board_svg` with ``diagram=True``)."""
        from bgwidget.svg import board_svg

        return board_svg(self, diagram=True)


def board_arrays(position: Position) -> dict[str, Any]:
    """The checkers of ``position`` in board numbering, as the widget's view state holds them.

    Returns ``{"points": [24 ints], "bar": [seat 0, seat 1], "off": [seat 0, seat 1],
    "pips": [seat 0, seat 1], "turn": seat on roll}``; ``points[d - 1]`` is ``+n`` for n checkers
    of seat 0 on board point ``d``, ``-n`` for seat 1's.
    """
    bottom, top = position.seat_points(0), position.seat_points(1)
    points = [bottom[d - 1] - top[mirror(d) - 1] for d in range(1, 25)]
    pips = position.pip_counts()
    return {
        "points": points,
        "bar": [bottom[BAR], top[BAR]],
        "off": [CHECKERS - sum(bottom), CHECKERS - sum(top)],
        "pips": [pips[0], pips[1]] if position.turn == 0 else [pips[1], pips[0]],
        "turn": position.turn,
    }


# The slots' own setters: they bypass the __setattr__ that keeps a Position immutable, and cost
# less than object.__setattr__ by name (the move generator builds hundreds of thousands).
_set_player, _set_opponent, _set_turn, _set_hash = (
    Position.__dict__[name].__set__ for name in ("player", "opponent", "turn", "_hash")
)


def _init(position: Position, player: tuple[int, ...], opponent: tuple[int, ...], turn: int) -> None:
    _set_player(position, player)
    _set_opponent(position, opponent)
    _set_turn(position, turn)


@cache
def _legal_plays() -> Callable[[Position, int, int], list[Play]]:
    """:func:`bgwidget.plays.legal_plays`, imported on first use (the layer above imports this
    one) and kept: an import statement run on every call costs a tenth of a roll's plays."""
    from bgwidget.plays import legal_plays

    return legal_plays


def _pips(side: tuple[int, ...]) -> int:
    return sum(count * (i + 1) for i, count in enumerate(side))


def _check_turn(turn: object, name: str = "turn") -> None:
    if not is_int(turn) or turn not in (0, 1):  # not a bool, not 1.0
        raise PositionError(f"{name} is 0 (bottom) or 1 (top), not {turn!r}")


def _counts(side: object, name: str) -> tuple[int, ...]:
    """``side`` as a tuple, or :class:`PositionError` when it is not a sequence of counts."""
    if isinstance(side, (str, bytes, Mapping)) or not isinstance(side, Iterable):
        raise PositionError(f"{name} is 25 counts (points 1..24 and the bar), not {type(side).__name__}")
    return tuple(side)


def _validate(player: tuple[int, ...], opponent: tuple[int, ...], turn: object) -> None:
    _check_turn(turn)
    for name, side in (("player", player), ("opponent", opponent)):
        if len(side) != 25:
            raise PositionError(f"{name} needs 25 counts (points 1..24 and the bar), got {len(side)}")
        for i, count in enumerate(side):
            if not is_int(count) or count < 0:
                where = "the bar" if i == BAR else f"point {i + 1}"
                raise PositionError(f"{name} has {count!r} checkers on {where}")
        if sum(side) > CHECKERS:
            raise PositionError(f"{name} has {sum(side)} checkers on the board; a side has 15")
    for i in range(24):
        if player[i] and opponent[23 - i]:
            raise PositionError(f"both sides have checkers on the same point (player's {i + 1}, opponent's {24 - i})")


def _side_from_points(points: object, name: str) -> tuple[int, ...]:
    if not isinstance(points, Mapping):
        raise PositionError(f"{name}: a mapping from points (1..24, 'bar', 'off') to counts, not {points!r}")
    side = [0] * 25
    off = None
    for point, count in points.items():
        if point == "off":
            off = count
            continue
        if point == "bar":
            index = BAR
        elif is_int(point) and 1 <= point <= 24:
            index = point - 1
        else:
            raise PositionError(f"{name}: {point!r} is not a point (1..24, 'bar' or 'off')")
        if not is_int(count) or count < 0:
            raise PositionError(f"{name}: {count!r} checkers on {point!r}")
        side[index] = count
    if off is not None and (not is_int(off) or off != CHECKERS - sum(side)):
        raise PositionError(f"{name}: {off} off, but {sum(side)} on the board make {CHECKERS - sum(side)} off")
    return tuple(side)


def diagram(position: Position) -> str:
    """An ASCII diagram in the style of GNU Backgammon's ``show board``.

    Seat 0 (``X``) is at the bottom and moves from point 24 to point 1 in the bottom numbering,
    shown along the bottom edge; seat 1 (``O``) is at the top. Stacks taller than five show their
    count on the fifth row.
    """
    bottom = position.seat_points(0)
    top = position.seat_points(1)
    # cells[p] for p in 1..24 in bottom numbering: (mark, count)
    cells = {}
    for p in range(1, 25):
        if bottom[p - 1]:
            cells[p] = ("X", bottom[p - 1])
        elif top[mirror(p) - 1]:
            cells[p] = ("O", top[mirror(p) - 1])
        else:
            cells[p] = (" ", 0)

    def row(points: list[int], level: int) -> str:
        out = []
        for p in points:
            mark, count = cells[p]
            if count > level:
                out.append(f"{count:>2} " if level == 4 and count > 5 else f" {mark} ")
            else:
                out.append(" . " if level == 0 and count == 0 else "   ")
        return "".join(out)

    top_left, top_right = list(range(13, 19)), list(range(19, 25))
    bottom_left, bottom_right = list(range(12, 6, -1)), list(range(6, 0, -1))
    pips = (_pips(bottom), _pips(top))
    lines = [
        f" +13-14-15-16-17-18------19-20-21-22-23-24-+   O: {pips[1]} pips, {CHECKERS - sum(top)} off",
    ]
    for level in range(5):
        bar = " O " if top[BAR] > level else "   "
        lines.append(f" |{row(top_left, level)}|{bar}|{row(top_right, level)}|")
    lines.append(" |                  |BAR|                  |")
    for level in reversed(range(5)):
        bar = " X " if bottom[BAR] > level else "   "
        lines.append(f" |{row(bottom_left, level)}|{bar}|{row(bottom_right, level)}|")
    lines.append(f" +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: {pips[0]} pips, {CHECKERS - sum(bottom)} off")
    lines.append(f" Position ID: {position.position_id()}" + ("   X on roll" if position.turn == 0 else "   O on roll"))
    return "\n".join(lines)
