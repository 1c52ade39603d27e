"""Layer 6, what an intent must not meet at a board: each a refusal with its reason.

The board's own state refuses an intent while the computer plays (reason ``"thinking"``), a review
runs (``"review-running"``) or is shown (``"reviewing"``), a replay is shown (``"replaying"``),
the board is being set up (``"setting-up"``), or the tutor's warning waits for *Play anyway* or *Take back*
(``"tutor-waiting"``, :mod:`bgwidget.tutoring`); the session checks those an intent needs
(:data:`GAME`, :data:`REVIEW`...).
:func:`require_tools` and :func:`require_person` are the board's settings and the seat's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from bgwidget.intents import IntentError
from bgwidget.tools import Edit, Reviewing

__all__ = [
    "GAME",
    "GUARDS",
    "REPLAY",
    "REVIEW",
    "SETUP",
    "TUTOR",
    "Guarded",
    "check",
    "require_person",
    "require_tools",
]


class Guarded(Protocol):
    """What the guards read of their board (a :class:`~bgwidget.session.Session`)."""

    edit: Edit | None
    thinking: bool
    tools: bool

    @property
    def human(self) -> tuple[bool, bool]: ...

    @property
    def reviewing(self) -> Reviewing | None: ...

    @property
    def review_running(self) -> bool: ...

    @property
    def tutor_waiting(self) -> bool: ...

    @property
    def replaying(self) -> bool: ...


GUARDS: dict[str, tuple[Callable[[Guarded], bool], str]] = {
    "thinking": (lambda board: board.thinking, "the computer is playing: wait for its turn to end"),
    "review-running": (lambda board: board.review_running, "a review is running: wait for it, or cancel it"),
    "reviewing": (lambda board: board.reviewing is not None, "the board shows a review: leave it to play on"),
    "replaying": (
        lambda board: board.replaying,
        "the board shows a replay: play on from the position shown with 'replay-play'",
    ),
    "setting-up": (
        lambda board: board.edit is not None,
        "the board is being set up: finish with 'edit-done' or 'edit-cancel'",
    ),
    "tutor-waiting": (
        lambda board: board.tutor_waiting,
        "the tutor's warning waits: play anyway ('tutor-accept') or take back ('tutor-take-back')",
    ),
}
"""Each guard's reason: whether the board meets it, and the refusal's English sentence."""

GAME = ("thinking", "review-running", "reviewing", "replaying", "setting-up", "tutor-waiting")
"""What the game's intents (a roll, a play, Hint, a new game...) must not meet, in this order."""
SETUP = ("thinking", "review-running", "reviewing", "replaying", "tutor-waiting")
"""What the set-up's intents must not meet (they are what a board being set up takes)."""
REVIEW = ("thinking", "review-running", "setting-up", "tutor-waiting")
"""What starting a review must not meet (a review shown is shown again)."""
TUTOR = GAME[:-1]
"""What the answers to the tutor's warning must not meet (they are what the warning waits for)."""
REPLAY = GAME[:3]
"""What stepping through a replay, or playing on from it, must not meet (a review shown hides it)."""


def check(board: Guarded, reasons: Sequence[str]) -> None:
    """Raise :class:`~bgwidget.intents.IntentError` with the first of ``reasons`` (keys of
    :data:`GUARDS`) that ``board`` meets; nothing when it meets none."""
    for reason in reasons:
        meets, sentence = GUARDS[reason]
        if meets(board):
            raise IntentError(sentence, reason=reason)


def require_tools(board: Guarded, kind: str) -> None:
    """Refuse ``kind`` (reason ``"no-tools"``) on a board with no tools (an exercise's)."""
    if not board.tools:
        raise IntentError(f"this board has no {kind}: it only plays (tools=False)", reason="no-tools")


def require_person(board: Guarded, seat: int, action: str) -> None:
    """Refuse ``action`` (reason ``"computer-seat"``) for a ``seat`` no person at this board plays."""
    if not board.human[seat]:
        raise IntentError(f"cannot {action}: seat {seat} is played by the computer", reason="computer-seat")
