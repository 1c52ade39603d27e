"""Layer 3, the match: games in a row, the score between them, and the Crawford rule.

A :class:`Match` runs :class:`~bgwidget.game.Game` after game. A match to ``length`` points ends
when a seat reaches ``length``; ``length=0`` is a money session (games go on as long as asked,
the score counting the points won). The Crawford rule (USBGF): in the one game that follows the
moment a side first reaches ``length - 1`` points, nobody may double; the later games are
post-Crawford. In a 1-point match there is no cube at all.
"""

from __future__ import annotations

from bgwidget.dice import Dice
from bgwidget.game import Game, GameError

__all__ = ["Match"]


class Match:
    """A match to ``length`` points (0 = money session) between seat 0 (bottom) and seat 1 (top).

    ``seed`` seeds the dice: game ``k`` rolls :meth:`Dice.for_game(seed, k)
    <bgwidget.dice.Dice.for_game>`, so each game's dice depend on the seed alone (``None``
    draws a seed and keeps it in :attr:`seed`). ``crawford`` applies the Crawford rule
    (default on). ``jacoby``, ``beavers`` are money-session options; ``max_cube`` and
    ``auto_confirm`` are passed to every game (see :class:`~bgwidget.game.Game`). ``names`` are
    the players' names ``(seat 0, seat 1)``.

    The current game is :attr:`game`; when it is over, :meth:`new_game` starts the next.

    >>> match = Match(length=5, seed=42)
    >>> match.game.phase, match.score
    ('opening', (0, 0))

    Raises :class:`~bgwidget.game.GameError` on bad settings.
    """

    def __init__(
        self,
        length: int = 0,
        seed=None,
        *,
        crawford: bool = True,
        jacoby: bool = False,
        beavers: bool = False,
        max_cube: int = 64,
        auto_confirm: bool = True,
        names: tuple[str, str] = ("Bottom", "Top"),
    ) -> None:
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            raise GameError(f"a match is to a number of points (0 = money session), not {length!r}")
        if length and (jacoby or beavers):
            raise GameError("the Jacoby rule and beavers are money-play options, not for a match")
        self.length = length
        self.seed = Dice().seed if seed is None else seed
        self.crawford_rule = bool(crawford)
        self.jacoby = bool(jacoby)
        self.beavers = bool(beavers)
        self.max_cube = max_cube
        self.auto_confirm = bool(auto_confirm)
        self.names = (str(names[0]), str(names[1]))
        """The players' names ``(seat 0, seat 1)``, written into match files."""
        self.games: list[Game] = []
        """Every game of the match, the current one last."""
        self.new_game()

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def score(self) -> tuple[int, int]:
        """Points won ``(seat 0, seat 1)`` in the games finished so far."""
        score = [0, 0]
        for game in self.games:
            if game.result:
                score[game.result.winner] += game.result.points
        return score[0], score[1]

    @property
    def is_over(self) -> bool:
        """True once a seat has reached :attr:`length` (never in a money session)."""
        return bool(self.length) and max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        """The seat that won the match, or ``None`` while it goes on."""
        if not self.is_over:
            return None
        score = self.score
        return 0 if score[0] > score[1] else 1

    @property
    def post_crawford(self) -> bool:
        """True once the Crawford game has been played (a side is 1-away and the cube is back)."""
        return any(game.crawford for game in self.games[:-1]) or (
            bool(self.games) and self.game.crawford and self.game.result is not None
        )

    def _next_is_crawford(self) -> bool:
        score = self.score
        return (
            self.crawford_rule
            and self.length > 1
            and self.length - 1 in score
            and not any(game.crawford for game in self.games)
        )

    def new_game(self) -> Game:
        """Start the next game (phase ``"opening"``) and return it.

        Raises :class:`~bgwidget.game.GameError` while the current game is still in play or once
        the match is over.
        """
        if self.games and self.game.result is None:
            raise GameError("the current game is still in play: finish it first")
        if self.is_over:
            raise GameError(f"the match is over: seat {self.winner} won {max(self.score)}-{min(self.score)}")
        game = Game(
            dice=Dice.for_game(self.seed, len(self.games) + 1),
            match_length=self.length,
            score=self.score,
            crawford=self._next_is_crawford(),
            jacoby=self.jacoby,
            beavers=self.beavers,
            max_cube=self.max_cube,
            auto_confirm=self.auto_confirm,
        )
        self.games.append(game)
        return game

    def __repr__(self) -> str:
        kind = f"{self.length}-point match" if self.length else "money session"
        return f"<Match {kind}, score {self.score[0]}-{self.score[1]}, game {len(self.games)}: {self.game.phase}>"
