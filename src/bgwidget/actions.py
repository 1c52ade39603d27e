"""Layer 6, a person's game actions: the game's intents applied for the seat that sent them.

The session (:mod:`bgwidget.session`) checks first that a person at the board may act for the
seat (``VERBS`` names each action in its refusal); :func:`apply` then reads the intent's fields
(board numbering, :mod:`bgwidget.intents`) and acts on the :class:`~bgwidget.game.Game`, which
refuses what the rules do not allow with a :class:`~bgwidget.rules.GameError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bgwidget.checks import is_int
from bgwidget.game import Game
from bgwidget.intents import IntentError, place
from bgwidget.moves import IllegalPlayError, Play, roll_text
from bgwidget.position import Position, mover_point

__all__ = ["ACTIONS", "VERBS", "apply", "record", "resign", "say_dances"]

Act = Callable[[Callable[[], Any]], Any]
"""The session's way to run a game action that may end a play (it records the last play)."""


def apply(game: Game, seat: int, kind: str, intent: dict, act: Act) -> None:
    """Apply the game intent ``intent`` of type ``kind`` (one of :data:`ACTIONS`) for ``seat``."""
    ACTIONS[kind](game, seat, intent, act)


def record(
    game: Game, action: Callable[[], Any], human: Sequence[bool], say: Callable[..., None]
) -> tuple[Any, tuple[int, Position, Play] | None]:
    """Run ``action()``, a change of ``game`` (a roll, a play...): returns what it returned, and
    the play it ended as ``(seat, position before it, play)`` (None when it ended none). Each dance
    it makes is said with ``say(words, before_roll=...)``: against the computer (``human`` says
    which seats a person plays), which rolls at once, until the person's next roll."""
    seat, before, last = game.start_position.turn, game.start_position, game.last_play
    recorded = len(game.record)
    result = action()
    say_dances(game, recorded, human, say)
    ended = game.last_play is not None and game.last_play is not last
    return result, (seat, before, game.last_play) if ended and game.last_play is not None else None


def say_dances(game: Game, recorded: int, human: Sequence[bool], say: Callable[..., None]) -> None:
    """Say each dance among ``game``'s record entries after the first ``recorded`` (see :func:`record`)."""
    for entry in game.record[recorded:]:
        if entry["type"] == "move" and entry["play"] == "":
            against_computer = not human[1 - entry["seat"]]
            dice = roll_text(game.last_roll or ())
            say(("dance", {"seat": entry["seat"], "dice": dice}), before_roll=against_computer)


def _roll(game: Game, seat: int, intent: dict, act: Act) -> None:
    act(lambda: game.roll(seat=seat))


def _move(game: Game, seat: int, intent: dict, act: Act) -> None:
    frm = mover_point(seat, place(intent.get("from")))
    to = mover_point(seat, place(intent.get("to")))
    die = intent.get("die")
    act(lambda: game.move(frm, to, die=die, seat=seat))


def _why(game: Game, seat: int, intent: dict, act: Act) -> None:
    """Always refused: with the rule that stops the checker on ``from``, or ``"can-move"``."""
    frm = mover_point(seat, place(intent.get("from")))
    why = game.check_move(frm, seat=seat)
    raise why if why is not None else IntentError(f"the checker on {frm} can move", reason="can-move")


def _undo(game: Game, seat: int, intent: dict, act: Act) -> None:
    game.undo(seat=seat)


def _done(game: Game, seat: int, intent: dict, act: Act) -> None:
    act(lambda: game.confirm(seat=seat))


def _play(game: Game, seat: int, intent: dict, act: Act) -> None:
    """A whole play; once steps are made, only one that goes on from them (the list of plays the
    view offers then holds those alone): Undo takes them back first."""
    notation = intent.get("notation")
    if not isinstance(notation, str):
        raise IntentError(f"a play intent carries 'notation' text, not {notation!r}")
    if not notation.strip() and any(play.moves for play in game.legal_plays):  # an empty box: no "no play" here
        raise IntentError("no play is typed", reason="no-play-typed")
    if game.steps and game.rolled is not None:
        try:
            play = game.start_position.parse_play(notation, *game.rolled)
        except IllegalPlayError:
            play = None  # refused as it is by the game's play below
        if play is not None and all(play.result != left.result for left in game.plays_left):
            detail = f"{play} does not go on from the steps made"
            raise IntentError(detail, reason="play-not-from-steps", play=str(play))
    act(lambda: game.play(notation, seat=seat))


def _answer(kind: str) -> Callable[[Game, int, dict, Act], None]:
    """The cube's actions and the answers to an offer: the game's method of that name."""

    def answer(game: Game, seat: int, intent: dict, act: Act) -> None:
        getattr(game, "pass_" if kind == "pass" else kind)(seat=seat)

    return answer


ACTIONS: dict[str, Callable[[Game, int, dict, Act], None]] = {
    "roll": _roll,
    "move": _move,
    "why": _why,
    "undo": _undo,
    "done": _done,
    "play": _play,
    **{kind: _answer(kind) for kind in ("double", "take", "pass", "beaver", "raccoon", "accept", "decline")},
}
"""The game intents a person's seat sends, each with its handler."""

VERBS = {"why": "move", "done": "confirm"}
"""The action a refusal names when the seat is not a person's, where it is not the intent's type."""


def resign(game: Game, human: tuple[bool, bool], points: Any) -> None:
    """A person resigns ``points`` (1, 2 or 3); the computer accepts, and at one screen the other
    person does too. Raises :class:`~bgwidget.intents.IntentError` when no person plays (reason
    ``"no-person"``) or ``points`` is not a whole number, and what the game raises."""
    people = [s for s in (0, 1) if human[s]]
    if not people:
        raise IntentError("no person plays this game", reason="no-person")
    seat = game.turn if len(people) == 2 else people[0]
    if not is_int(points):
        raise IntentError(f"a resignation is of 1, 2 or 3 points, not {points!r}")
    game.resign(points, seat=seat)
    game.accept(seat=1 - seat)
