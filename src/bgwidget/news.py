"""Layer 6, the board's news: what it says (a dance, the computer's answer to a double, a forced
play made for a person...) until the next roll of the game.

News is kept as :data:`~bgwidget.words.Words`, worded in the board's language when read.
"""

from __future__ import annotations

from collections.abc import Sequence

from bgwidget.game import Game
from bgwidget.words import Words, say

__all__ = ["News"]


class News:
    """The news of one board, each item shown until the roll after the one it was said before."""

    def __init__(self) -> None:
        self.items: list[Words] = []
        self._until: tuple[Game, int] | None = None  # the game, and the roll count after which it ends

    def add(self, game: Game, words: Words, before_roll: bool = False) -> None:
        """Say ``words`` in ``game`` until its next roll (``before_roll``: said before a roll that
        comes at once, such as the computer's, it lasts until the roll after that one). Words
        said again while still shown are shown once (a review asked for again before any play
        says once that there is nothing to review)."""
        self.tidy(game)
        until = _rolls(game) + before_roll
        if self.items and self._until is not None:
            until = max(until, self._until[1])
        if words not in self.items:
            self.items.append(words)
        self._until = (game, until)

    def tidy(self, game: Game) -> None:
        """Drop the news once ``game`` has rolled past it, or is another game."""
        until = self._until
        if self.items and (until is None or until[0] is not game or _rolls(game) > until[1]):
            self.items = []

    def text(self, language: str, names: Sequence[str]) -> str:
        """The news in ``language``, the seats named ``names``; "" when none."""
        return " · ".join(say(language, names, words) for words in self.items)


def _rolls(game: Game) -> int:
    """How many rolls the game has had (the opening counts): the turns begun."""
    return sum(entry["type"] in ("opening", "roll") for entry in game.record)
