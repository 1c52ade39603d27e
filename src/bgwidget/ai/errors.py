"""The errors of the computer's layer, in one module so that every AI module can raise them.

Each is a :class:`ValueError`: bad input to a public function of :mod:`bgwidget.ai`, refused
before anything is computed or changed.
"""

from __future__ import annotations

__all__ = ["CubeError", "LevelError", "PlayerError", "require_numpy"]


class LevelError(ValueError):
    """A computer level, search depth (ply), engine or evaluator that does not exist, or
    something that is not a :class:`~bgwidget.ai.players.Player`."""


class PlayerError(ValueError):
    """A player answered something the rules do not allow (an unknown answer to a double)."""


class CubeError(ValueError):
    """Chances that are not a consistent distribution, or cube settings out of range
    (a cube that is not a power of 2, an unknown owner, away scores that do not fit the match)."""


def require_numpy(what: str) -> None:
    """Raise :class:`ImportError` saying that ``what`` needs numpy, when numpy cannot be imported.

    The net, the search, analysis, hints and reviews compute with numpy; the rules, the board
    between people and Easy do not, so they run where numpy is missing (a Pyodide kernel
    without it). Called before the first import of a module that needs numpy.
    """
    try:
        import numpy  # noqa: F401
    except ImportError as error:
        raise ImportError(f"{what} needs numpy, which is not installed: pip install numpy", name="numpy") from error
