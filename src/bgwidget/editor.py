"""Layer 6, the set-up editor: a position built checker by checker on the board.

A board being set up holds an :class:`~bgwidget.tools.Edit` (the position so far and the dice);
the ``edit-move``, ``edit-turn``, ``edit-dice`` and ``edit-id`` intents change it through
:func:`apply`, in board numbering (:mod:`bgwidget.intents`). Starting, finishing and leaving the
set-up are the session's (they change the game).
"""

from __future__ import annotations

from collections.abc import Callable

from bgwidget.checks import is_int
from bgwidget.intents import IntentError, check_seat, place
from bgwidget.position import CHECKERS, Place, Position, PositionIdError, mover_point
from bgwidget.tools import Edit

__all__ = ["EDITS", "apply", "moved"]


def apply(edit: Edit, kind: str, intent: dict) -> None:
    """Apply the set-up intent ``intent`` of type ``kind`` (one of :data:`EDITS`) to ``edit``.
    Raises :class:`~bgwidget.intents.IntentError` for a malformed one, changing nothing."""
    EDITS[kind](edit, intent)


def _move(edit: Edit, intent: dict) -> None:
    seat = check_seat(intent.get("seat"))
    edit.position = moved(edit.position, seat, place(intent.get("from")), place(intent.get("to")))


def _turn(edit: Edit, intent: dict) -> None:
    turn = check_seat(intent.get("turn"), "the side on roll")
    if turn != edit.position.turn:
        edit.position = edit.position.swap()


def _dice(edit: Edit, intent: dict) -> None:
    dice = intent.get("dice")
    if dice in ([], None):
        edit.dice = []
    elif isinstance(dice, list) and len(dice) == 2 and all(is_int(d) and 1 <= d <= 6 for d in dice):
        edit.dice = list(dice)
    else:
        raise IntentError(f"dice are two numbers 1..6 or none, not {dice!r}")


def _position_id(edit: Edit, intent: dict) -> None:
    text = intent.get("id")
    if not isinstance(text, str):
        raise IntentError(f"a Position ID is text, not {text!r}")
    try:
        edit.position = Position.from_position_id(text, turn=edit.position.turn)
    except PositionIdError as error:  # a person's paste: said in the board's language, shortened
        pasted = text.strip()
        shown = pasted if len(pasted) <= 20 else pasted[:20] + "…"
        raise IntentError(str(error), reason="position-id", id=shown) from None


EDITS: dict[str, Callable[[Edit, dict], None]] = {
    "edit-move": _move,
    "edit-turn": _turn,
    "edit-dice": _dice,
    "edit-id": _position_id,
}
"""The intents that change the position being set up, each with its handler."""


def moved(position: Position, seat: int, frm: Place, to: Place) -> Position:
    """``position`` with one checker of ``seat`` moved between board places: from ``"off"`` adds
    one, to ``"off"`` removes one. Raises :class:`~bgwidget.intents.IntentError` when ``seat`` has
    no checker there, or (reason ``"setup-occupied"``) onto a point the other side holds."""
    sides = [list(position.seat_points(0)), list(position.seat_points(1))]
    mine = sides[seat]
    if frm == "off":
        if sum(mine) >= CHECKERS:
            raise IntentError(f"seat {seat} has no checker off the board")
    else:
        index = mover_point(seat, frm) - 1
        if not mine[index]:
            raise IntentError(f"seat {seat} has no checker on {frm}")
        mine[index] -= 1
    if to != "off":
        index = mover_point(seat, to) - 1
        if index < 24 and sides[1 - seat][23 - index]:  # the other side's point (the bars are apart)
            raise IntentError(reason="setup-occupied")
        mine[index] += 1
    bottom, top = sides
    return Position(bottom, top, 0).swap() if position.turn == 1 else Position(bottom, top, 0)
