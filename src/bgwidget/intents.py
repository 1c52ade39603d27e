"""Layer 6, the intents: what a view asks the board's session to do, written once.

Each intent is a JSON object with a ``type``; its fields are in **board numbering** (1..24 from
the bottom player's side, ``"bar"``, ``"off"``: :data:`~bgwidget.position.Place`), except the
notation of a ``play`` intent, which is in the mover's numbering as notation always is. Any intent
may carry the ``revision`` of the state it was made on (see :meth:`bgwidget.session.Session.handle`).
``js/src/intents.js`` mirrors these types as JSDoc typedefs, which the view's code is type-checked
against; a test keeps both sides equal, key by key.

==========================  ============================================================
``type``                    what it asks
==========================  ============================================================
``roll``                    roll the dice (the opening roll too)
``move``                    one checker step, ``from`` -> ``to`` (optionally by ``die``)
``why``                     why the checker on ``from`` cannot move (always refused, with the reason)
``undo``, ``done``          take the last step back; confirm the play
``play``                    a whole play in ``notation``
``double``, ``take``,       the cube
``pass``, ``beaver``,
``raccoon``
``resign``                  resign ``points`` (1 single, 2 gammon, 3 backgammon)
``accept``, ``decline``     answer the resignation offered (such as one restored from a save)
``new-game``                the next game once this one is over
``hint``                    the Expert's advice for this decision
``hint-rollout``,           roll out the hint's best plays; stop the rollout
``hint-rollout-cancel``
``edit``, ``edit-move``,    set up a position: start; move a checker of ``seat``; the side on
``edit-turn``,              roll; the dice (``[d1, d2]`` or ``[]``); a pasted Position ID;
``edit-dice``,              play on from it; leave it
``edit-id``, ``edit-done``,
``edit-cancel``
``export``                  the match as a file: ``format`` ``"json"`` or ``"mat"``
``review``,                 review the match at ``level``; stop the review running; go to
``review-cancel``,          ``to`` among its decisions; back to the game
``review-go``,
``review-leave``
``replay``                  step through the match once a game is over
``replay-go``               show another stop of the replay: ``to`` (``first``, ``previous``,
                            ``next``, ``last``, ``previous-game``, ``next-game``), or ``game``
                            (1-based) and ``actions`` (a stop: the record entries played)
``replay-play``             *Play from here*: play on from the stop shown
``tutor-accept``,           answer the tutor's warning: confirm the action held (*Play
``tutor-take-back``         anyway*), or put the board back as it was before it (*Take back*)
``view``                    the widget's 2D/3D toggle (:class:`~bgwidget.widget.BoardWidget` only)
==========================  ============================================================
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from bgwidget.ai import errors as ai_errors
from bgwidget.checks import is_int
from bgwidget.errors import IntentError
from bgwidget.position import Place

__all__ = [
    "CANCELS",
    "REVIEW_INTENTS",
    "REPLAY_INTENTS",
    "REPLAY_STEPS",
    "REVIEW_STEPS",
    "STEPS",
    "TOOL_INTENTS",
    "EditDiceIntent",
    "EditIdIntent",
    "EditMoveIntent",
    "EditTurnIntent",
    "ExportIntent",
    "Intent",
    "IntentError",
    "MoveIntent",
    "PlayIntent",
    "ResignIntent",
    "ReplayGoIntent",
    "ReviewGoIntent",
    "ReviewIntent",
    "SimpleIntent",
    "ViewIntent",
    "WhyIntent",
    "check_seat",
    "intent_type",
    "place",
    "require_numpy",
    "shown_at",
    "stands_on_any_state",
]


# ----------------------------------------------------------------------------- the schema


class _Revised(TypedDict, total=False):
    revision: int  # the revision of the state the intent was made on


class SimpleIntent(_Revised):
    """An intent with nothing but its type."""

    type: Literal[
        "roll",
        "undo",
        "done",
        "double",
        "take",
        "pass",
        "beaver",
        "raccoon",
        "accept",
        "decline",
        "new-game",
        "claim",
        "hint",
        "hint-rollout",
        "hint-rollout-cancel",
        "edit",
        "edit-done",
        "edit-cancel",
        "review-cancel",
        "review-leave",
        "replay",
        "replay-play",
        "tutor-accept",
        "tutor-take-back",
    ]


# The functional form where a key is a Python keyword ("from").
_Step = TypedDict("_Step", {"type": Literal["move"], "from": Place, "to": Place})
_Why = TypedDict("_Why", {"type": Literal["why"], "from": Place})
_EditStep = TypedDict("_EditStep", {"type": Literal["edit-move"], "seat": int, "from": Place, "to": Place})


class MoveIntent(_Step, _Revised, total=False):
    """One checker step; ``die``: the die to move it by, when the step could use either."""

    die: int


class WhyIntent(_Why, _Revised):
    """Why the checker on ``from`` cannot move."""


class PlayIntent(_Revised):
    type: Literal["play"]
    notation: str  # in the mover's numbering, e.g. "8/5 6/5"


class _Resign(TypedDict):
    type: Literal["resign"]


class ResignIntent(_Resign, _Revised, total=False):
    points: int  # 1 single game (the default), 2 gammon, 3 backgammon


class EditMoveIntent(_EditStep, _Revised):
    """Set-up: one checker of ``seat`` from one place to another (``"off"`` adds or removes one)."""


class EditTurnIntent(_Revised):
    type: Literal["edit-turn"]
    turn: int  # the seat on roll


class EditDiceIntent(_Revised):
    type: Literal["edit-dice"]
    dice: list[int]  # [d1, d2], or [] for none rolled


class EditIdIntent(_Revised):
    type: Literal["edit-id"]
    id: str  # a GNU Backgammon Position ID


class ExportIntent(_Revised):
    type: Literal["export"]
    format: Literal["json", "mat"]


class _Review(TypedDict):
    type: Literal["review"]


class ReviewIntent(_Review, _Revised, total=False):
    level: str  # a level name, "expert" by default


class ReviewGoIntent(_Revised):
    type: Literal["review-go"]
    to: Literal["first", "previous", "next", "last", "next-error"]


class _ReplayGo(TypedDict):
    type: Literal["replay-go"]


class ReplayGoIntent(_ReplayGo, _Revised, total=False):
    """Another stop of the replay: ``to`` a step, or ``game`` (1-based) with ``actions``."""

    to: Literal["first", "previous", "next", "last", "previous-game", "next-game"]
    game: int
    actions: int


class ViewIntent(_Revised):
    type: Literal["view"]
    view: Literal["2d", "3d"]


Intent = (
    SimpleIntent
    | MoveIntent
    | WhyIntent
    | PlayIntent
    | ResignIntent
    | EditMoveIntent
    | EditTurnIntent
    | EditDiceIntent
    | EditIdIntent
    | ExportIntent
    | ReviewIntent
    | ReviewGoIntent
    | ReplayGoIntent
    | ViewIntent
)
"""Every intent a view sends."""

REVIEW_INTENTS = ("review", "review-cancel", "review-go", "review-leave")
"""The intents of review mode."""

REPLAY_STEPS = ("first", "previous", "next", "last", "previous-game", "next-game")
"""Where a ``replay-go`` intent's ``to`` goes among the replay's stops."""

REPLAY_INTENTS = ("replay", "replay-go", "replay-play")
"""The intents of a replay."""

CANCELS = ("review-cancel", "hint-rollout-cancel")
"""The intents that name no position: a cancel made on an older state still means what runs."""

STEPS = ("review-go", "replay-go")
"""The intents that step through a review or a replay: one with a ``to`` goes from what is shown."""

TOOL_INTENTS = ("export", "hint", "hint-rollout", "hint-rollout-cancel", "resign", "replay", *REVIEW_INTENTS)
"""Intents of the board's tools, refused (with ``edit-*``) on a board made with ``tools=False``."""

REVIEW_STEPS = ("first", "previous", "next", "last", "next-error")
"""Where a ``review-go`` intent goes among the review's decisions."""


# ----------------------------------------------------------------------------- reading intents


def intent_type(intent: Any) -> str:
    """The ``type`` of ``intent``; raises :class:`IntentError` unless it is a dict with a str type."""
    if not isinstance(intent, dict) or not isinstance(intent.get("type"), str):
        raise IntentError(f"an intent is a dict with a 'type', not {intent!r}")
    return intent["type"]


def place(value: Any) -> Place:
    """A place of an intent in board numbering: 1..24, ``"bar"`` or ``"off"``; raises
    :class:`IntentError` for anything else."""
    if value in ("bar", "off"):
        return value
    if is_int(value) and 1 <= value <= 24:
        return value
    raise IntentError(f"{value!r} is not a point (1..24, 'bar' or 'off')")


def check_seat(value: Any, what: str = "a seat") -> int:
    """``value`` as a seat, 0 or 1; raises :class:`IntentError` for anything else."""
    if not is_int(value) or value not in (0, 1):
        raise IntentError(f"{what} is 0 or 1, not {value!r}")
    return value


def shown_at(intent: Any) -> Place | None:
    """Where a refused intent's reason is shown: the place of the checker it tried to move."""
    if isinstance(intent, dict) and intent.get("type") in ("move", "why"):
        try:
            return place(intent.get("from"))
        except IntentError:
            return None
    return None


def stands_on_any_state(kind: str, intent: dict) -> bool:
    """Whether ``intent`` (of type ``kind``) means the same made on an older state: a cancel
    (:data:`CANCELS`), or a step from what is shown (:data:`STEPS` with a ``to``), so that each
    of several fast presses of Next goes one step further."""
    return kind in CANCELS or (kind in STEPS and "to" in intent)


def require_numpy(what: str) -> None:
    """Refuse ``what`` (reason ``"needs-numpy"``) on a board without numpy, such as a Pyodide
    kernel's: people and Easy play on."""
    try:
        ai_errors.require_numpy(what)
    except ImportError as error:
        raise IntentError(str(error), reason="needs-numpy", package="numpy", command="pip install numpy") from None
