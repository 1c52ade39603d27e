"""bgwidget: backgammon inside Jupyter.

The layers, each importing only those above it: :mod:`bgwidget.position` (the board),
:mod:`bgwidget.moves` (legal plays and notation), :mod:`bgwidget.dice`, :mod:`bgwidget.game` and
:mod:`bgwidget.match` (the flow of play, the cube, the score).
"""

from bgwidget.dice import Dice, DiceStateError
from bgwidget.game import PHASES, Game, GameError, GameResult
from bgwidget.match import Match
from bgwidget.moves import DiceError, IllegalPlayError, Move, NotationError, Play
from bgwidget.position import Outcome, Position, PositionError, PositionIdError

__all__ = [
    "PHASES",
    "Dice",
    "DiceError",
    "DiceStateError",
    "Game",
    "GameError",
    "GameResult",
    "Match",
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
