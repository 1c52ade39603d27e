"""Layer 6, the set-up editor: a position built checker by checker on the board.

A board being set up holds an :class:`~bgwidget.tools.Edit` (the position so far and the dice);
``edit`` starts it, the ``edit-move``, ``edit-turn``, ``edit-dice`` and ``edit-id`` intents change
it (:func:`apply`, in board numbering: :mod:`bgwidget.intents`), ``edit-done`` finishes it and
``edit-cancel`` leaves it (:func:`handle`); playing on from the finished position is the session's.
"""

from __future__ import annotations

from collections.abc import Callable

from bgwidget.checks import is_int
from bgwidget.game import Game
from bgwidget.intents import IntentError, check_seat, place
from bgwidget.position import CHECKERS, Place, Position, PositionIdError, mover_point
from bgwidget.tools import Edit

__all__ = ["EDITS", "apply", "handle", "moved", "started"]


def handle(edit: Edit | None, game: Game, kind: str, intent: dict) -> tuple[Edit | None, Edit | None]:
    """The set-up intent ``intent`` of type ``kind`` at a board playing ``game`` whose set-up is
    ``edit`` (None when none): returns the set-up after it, and the set-up finished (``edit-done``:
    the position to play on from, with its dice), else None. Raises
    :class:`~bgwidget.intents.IntentError` for an intent out of place or malformed (reason
    ``"setup-won"`` for finishing on a position already won; starting one as :func:`started` says),
    changing nothing."""
    if kind == "edit":
        return (edit if edit is not None else started(game)), None
    if edit is None:
        raise IntentError("start setting up with an 'edit' intent first")
    if kind == "edit-done":
        if edit.position.outcome():
            raise IntentError("the position is already won: nothing to play", reason="setup-won")
        return None, edit
    if kind == "edit-cancel":
        return None, None
    if kind not in EDITS:
        raise IntentError(f"unknown intent type {kind!r}")
    apply(edit, kind, intent)
    return edit, None


def started(game: Game) -> Edit:
    """A set-up of the position ``game`` shows, with its roll. Refused (reason ``"setup-mid-play"``)
    once a step of the roll is played: no roll is the dice then left (one die, or two or three of a
    double), so playing on from there would hand back the whole roll after a step of it; Undo, or
    finishing the play, gives a position to set up from. Refused (reason ``"match-over"``) once the
    match is over: no position plays on in it (a new match is set up instead)."""
    if game.phase == "match-over":
        raise IntentError("the match is over: start a new one to set up a position", reason="match-over")
    if game.steps:
        raise IntentError("steps of this roll are played: undo them or finish the play first", reason="setup-mid-play")
    return Edit(game.position, list(game.rolled or []))


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
