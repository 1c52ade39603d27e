"""Layer 0, the errors: every exception class of the package, in one place.

Each module imports its own errors from here and re-exports them, so that ``from bgwidget.position
import PositionError`` or ``from bgwidget.ai.errors import LevelError`` works as before. Every one
is a ``ValueError``: bad input, refused before anything was changed. Those that refuse an action
of a person or a program are a :class:`~bgwidget.refusal.Refusal`, with a machine-readable
``reason`` and the facts behind it.

:class:`~bgwidget.labels.LanguageError` is defined in :mod:`bgwidget.labels`, the catalogue that
every module sits above (this one too, through :class:`~bgwidget.refusal.Refusal`), and is
re-exported here.
"""

from __future__ import annotations

from bgwidget.labels import LanguageError
from bgwidget.refusal import Refusal

__all__ = [
    "BatchError",
    "CubeError",
    "DiceError",
    "DiceStateError",
    "DrawingError",
    "DrillError",
    "ExerciseError",
    "ExplainError",
    "FormatError",
    "GameError",
    "IllegalPlayError",
    "IntentError",
    "LanguageError",
    "LevelError",
    "NotationError",
    "PlayerError",
    "PositionError",
    "PositionIdError",
    "RaceError",
    "Refusal",
    "ReportError",
    "ReviewError",
    "RolloutError",
    "RoomError",
    "TutorError",
]


# ---------------------------------------------------------------------- the board: position.py


class PositionError(Refusal):
    """A position that cannot exist (wrong checker counts, both colours on one point...)."""


class PositionIdError(PositionError):
    """A malformed GNU Backgammon Position ID."""


# ---------------------------------------------------------------------- the dice: dice.py


class DiceError(ValueError):
    """Dice that are not two numbers from 1 to 6."""


class DiceStateError(ValueError):
    """A saved dice state that cannot be restored, fixed dice that are not dice, or a seed that
    cannot seed a generator."""


# ---------------------------------------------------------------------- plays: moves.py


class IllegalPlayError(Refusal):
    """A play that the rules do not allow for this position and roll: a :class:`~bgwidget.refusal.Refusal`
    whose ``reason`` names the rule and whose point facts are in the mover's numbering."""


class NotationError(IllegalPlayError):
    """Text that is not backgammon play notation (``"24/18 13/9*"``, ``"bar/22"``, ``"6/off(2)"``)."""


# ---------------------------------------------------------------------- the game: rules.py, game.py


class GameError(Refusal):
    """An action that the rules or the state of the game do not allow; nothing was changed.

    A :class:`~bgwidget.refusal.Refusal`: ``reason`` names the rule (``"crawford"``,
    ``"not-rolled"``, or a refused step's reason such as ``"point-held"``), its point facts in
    the numbering of the seat that acted."""


# ---------------------------------------------------------------------- formats: formats/


class FormatError(GameError):
    """Text that is not a valid ID or file of the format, or that describes an impossible game.

    A :class:`~bgwidget.game.GameError` (hence a ``ValueError``), so that one ``except`` catches
    every refusal of the game and format layers.
    """


# ---------------------------------------------------------------------- the computer: ai/


class LevelError(ValueError):
    """A computer level, search depth (ply), engine or evaluator that does not exist, or
    something that is not a :class:`~bgwidget.ai.players.Player`."""


class PlayerError(ValueError):
    """A player answered something the rules do not allow (an unknown answer to a double)."""


class CubeError(ValueError):
    """Chances that are not a consistent distribution, or cube settings out of range
    (a cube that is not a power of 2, an unknown owner, away scores that do not fit the match)."""


class RolloutError(ValueError):
    """Arguments of :func:`~bgwidget.ai.rollout.rollout` out of range: trials, seed, truncation, target, batch,
    progress, or plays that are not legal plays of the roll."""


class BatchError(ValueError):
    """Arguments of :func:`~bgwidget.ai.batch.analyse_many` that are not right: items, chunk, progress or executor."""


class ReviewError(GameError):
    """What was given to review (or to load as a review) is not one."""


class ExplainError(ValueError):
    """What was given to explain is not a legal play of the position and roll, a cube action that
    can be taken there, a decision of the review, or a language of the catalogue."""


class ReportError(ValueError):
    """Something that is not a review, or a game the review does not have."""


# ---------------------------------------------------------------------- the view: svg.py, session.py, exercise.py


class DrawingError(ValueError):
    """A value :func:`~bgwidget.svg.board_svg` cannot draw (dice, cube, owner, names, score or match length)."""


class IntentError(Refusal):
    """An intent that is malformed, stale, or not allowed for the seat that sent it: a
    :class:`~bgwidget.refusal.Refusal` whose ``reason`` is ``"stale"``, ``"thinking"`` (the
    computer is playing), ``"computer-seat"``, ``"setting-up"``, ``"game-in-play"``,
    ``"no-person"``, ``"held"``, ``"held-card"`` (the board is held,
    :meth:`~bgwidget.session.Session.hold`), ``"no-hint"``,
    ``"needs-numpy"`` (a hint or review where numpy is not installed),
    ``"no-hint-plays"`` (a rollout with no hint's plays shown), ``"rolling-out"``, ``"rolled-out"``
    (the hint's plays are being rolled out, or are), ``"no-rollout-running"`` (nothing to stop),
    ``"review-running"`` (a review runs), ``"reviewing"`` (a review is shown), ``"not-reviewing"``,
    ``"no-error"`` (no error after the decision shown), ``"no-review-running"`` (nothing to
    cancel), ``"replaying"`` (a replay is shown: *Play from here* first), ``"not-replaying"``,
    ``"no-stop"`` (a replay's stop that is not one), ``"no-mat"`` (a game set up from a position
    has no ``.mat``), ``"position-id"`` (a Position ID pasted while setting up is not one),
    ``"setup-occupied"`` (a checker set on the other side's point), ``"setup-won"`` (a position
    set up with a side borne off), ``"setup-mid-play"`` (a set-up started once a step of the
    roll is played), ``"play-not-from-steps"`` (a whole play that does not go on from the steps
    made), ``"no-play-typed"`` (a play sent with no text while the roll can be played),
    ``"no-tools"`` (a tool's intent on a board made with ``tools=False``), or ``"invalid"`` for a
    malformed intent."""


class TutorError(ValueError):
    """A tutor setting that is not one: the tutor is None (off) or a mark of GNU Backgammon's,
    ``"doubtful"``, ``"bad"`` or ``"very bad"`` (:mod:`bgwidget.tutor`)."""


class ExerciseError(ValueError):
    """An exercise that cannot be set: no legal play, or answers that are not legal plays."""


class DrillError(ValueError):
    """A drill card or deck that cannot be read or answered: a malformed card, reference record or
    deck file, a card not in the deck, an answer that is not one of the card's kind, a naive time."""


# ---------------------------------------------------------------------- online play: online/


class RoomError(Refusal):
    """A message to the game server that the room does not allow, or a log that does not follow:
    a :class:`~bgwidget.refusal.Refusal` whose ``reason`` is ``"stale"`` (made on an older state
    of the room), ``"spectator"``, ``"room-over"``, ``"room-unknown"``, ``"seat-taken"``,
    ``"room-full"`` (no free seat), ``"bad-token"``, ``"bad-spectate"``, ``"waiting-opponent"``
    (the other seat is not taken yet), ``"opponent-here"``, ``"claim-early"`` (a claim before the
    seat's hold ends), ``"stop-in-match"`` (only a money session is stopped), ``"bad-action"``,
    ``"bad-resign"``, ``"bad-name"``, ``"bad-seed"``, ``"not-joined"`` (an action before
    ``hello``), ``"too-many-rooms"``, ``"server-full"`` (as many rooms in play as the server
    takes), ``"room-too-long"`` (a log as long as the server keeps), ``"bad-message"`` (not a
    message of the protocol), ``"version"``, ``"bad-format"``, ``"room-in-play"`` (a download
    before the end), ``"out-of-sync"`` (a client's copy that differs from the server's log), or
    ``"invalid"`` (settings out of range, with the English detail)."""


# ---------------------------------------------------------------------- race formulas: ai/race.py


class RaceError(ValueError):
    """A race formula or drill asked of what it cannot judge: a position with contact left (or a
    finished game), a cube the player on roll cannot turn, or a count that is not a whole number."""
