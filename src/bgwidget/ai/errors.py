"""The errors of the computer's layer, in one module so that every AI module can raise them.

Each is a :class:`ValueError`: bad input to a public function of :mod:`bgwidget.ai`, refused
before anything is computed or changed.
"""

from __future__ import annotations

__all__ = ["CubeError", "LevelError", "PlayerError"]


class LevelError(ValueError):
    """A computer level, search depth (ply), engine or evaluator that does not exist, or
    something that is not a :class:`~bgwidget.ai.players.Player`."""


class PlayerError(ValueError):
    """A player answered something the rules do not allow (an unknown answer to a double)."""


class CubeError(ValueError):
    """Chances that are not a consistent distribution, or cube settings out of range
    (a cube that is not a power of 2, an unknown owner, away scores that do not fit the match)."""
