"""bgwidget: backgammon inside Jupyter.

The layers, each importing only those above it: :mod:`bgwidget.refusal` (why an action is
refused, in words), :mod:`bgwidget.position` (the board), :mod:`bgwidget.moves` (legal plays,
notation, a play in progress), :mod:`bgwidget.dice`, :mod:`bgwidget.rules`, :mod:`bgwidget.game`
and :mod:`bgwidget.match` (the settings, the flow of play, the cube, the score),
:mod:`bgwidget.formats` (IDs and files), :mod:`bgwidget.ai` (the computer) and
:mod:`bgwidget.widget` (the board in Jupyter).

``from bgwidget import BoardWidget`` works too; it is imported on first use so that the rules
engine loads without anywidget.
"""

from bgwidget.dice import Dice, DiceStateError
from bgwidget.game import PHASES, Game
from bgwidget.match import Match
from bgwidget.moves import DiceError, IllegalPlayError, Move, NotationError, PartialPlay, Play
from bgwidget.position import Outcome, Position, PositionError, PositionIdError
from bgwidget.refusal import Refusal
from bgwidget.rules import GameError, GameResult, Offer, Rules

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
    "Offer",
    "Outcome",
    "PartialPlay",
    "Play",
    "Position",
    "PositionError",
    "PositionIdError",
    "Refusal",
    "Rules",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    if name == "BoardWidget":
        from bgwidget.widget import BoardWidget

        return BoardWidget
    if name == "play_match":
        from bgwidget.ai.play import play_match

        return play_match
    raise AttributeError(f"module 'bgwidget' has no attribute {name!r}")
