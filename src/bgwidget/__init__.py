"""bgwidget: backgammon inside Jupyter.

The layers, each importing only those above it: :mod:`bgwidget.position` (the board),
:mod:`bgwidget.moves` (legal plays and notation).
"""

from bgwidget.moves import DiceError, IllegalPlayError, Move, NotationError, Play
from bgwidget.position import Outcome, Position, PositionError, PositionIdError

__all__ = [
    "DiceError",
    "IllegalPlayError",
    "Move",
    "NotationError",
    "Outcome",
    "Play",
    "Position",
    "PositionError",
    "PositionIdError",
]
__version__ = "0.1.0"
