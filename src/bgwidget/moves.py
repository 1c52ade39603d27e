"""Layer 2, plays: the layer's facade, one import for all of it.

The layer is three modules, each importing only those before it: :mod:`bgwidget.plays`
(:class:`Move`, :class:`Play`, legal play generation, and the text of a play),
:mod:`bgwidget.partial` (:class:`PartialPlay`, a play in progress) and :mod:`bgwidget.notation`
(:func:`parse_play`, reading notation). Point numbers are from the mover's side: 24..1, 25 for
the bar and 0 for off.
"""

from __future__ import annotations

from bgwidget.dice import DiceError, check_roll
from bgwidget.errors import IllegalPlayError, NotationError
from bgwidget.notation import format_play, parse_play, roll_text
from bgwidget.partial import PartialPlay
from bgwidget.plays import Move, Play, legal_plays, result_boards
from bgwidget.position import BAR_POINT, OFF_POINT

__all__ = [
    "BAR_POINT",
    "OFF_POINT",
    "DiceError",
    "IllegalPlayError",
    "Move",
    "NotationError",
    "PartialPlay",
    "Play",
    "check_roll",
    "format_play",
    "legal_plays",
    "parse_play",
    "result_boards",
    "roll_text",
]
