"""bgwidget: backgammon inside Jupyter.

The layers, each importing only those above it: :mod:`bgwidget.position` (the board),
:mod:`bgwidget.moves` (legal plays and notation), :mod:`bgwidget.dice`, :mod:`bgwidget.game` and
:mod:`bgwidget.match` (the flow of play, the cube, the score), :mod:`bgwidget.formats` (IDs and
files), :mod:`bgwidget.ai` (the computer) and :mod:`bgwidget.widget` (the board in Jupyter).

``from bgwidget import BoardWidget`` works too; it is imported on first use so that the rules
engine loads without anywidget.
"""

from bgwidget.dice import Dice, DiceStateError
from bgwidget.game import PHASES, Game, GameError, GameResult
from bgwidget.match import Match
from bgwidget.moves import DiceError, IllegalPlayError, Move, NotationError, Play
from bgwidget.position import Outcome, Position, PositionError, PositionIdError

__all__ = [
    "PHASES",
    "BoardWidget",
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


def __getattr__(name: str):
    if name == "BoardWidget":
        from bgwidget.widget import BoardWidget

        return BoardWidget
    raise AttributeError(f"module 'bgwidget' has no attribute {name!r}")
