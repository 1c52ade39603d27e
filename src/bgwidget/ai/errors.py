"""The errors of the computer's layer, in one module so that every AI module can raise them.

Each is a :class:`ValueError`: bad input to a public function of :mod:`bgwidget.ai`, refused
before anything is computed or changed.
"""

from __future__ import annotations

from bgwidget.errors import CubeError, LevelError, PlayerError

__all__ = ["CubeError", "LevelError", "PlayerError", "require_numpy"]


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
