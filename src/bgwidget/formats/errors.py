"""The one error of the formats layer."""

from bgwidget.game import GameError

__all__ = ["FormatError"]


class FormatError(GameError):
    """Text that is not a valid ID or file of the format, or that describes an impossible game.

    A :class:`~bgwidget.game.GameError` (hence a ``ValueError``), so that one ``except`` catches
    every refusal of the game and format layers.
    """
