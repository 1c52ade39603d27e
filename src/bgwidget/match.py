"""Layer 3, the match: games in a row, the score between them, and the Crawford rule.

A :class:`Match` runs :class:`~bgwidget.game.Game` after game. A match to ``length`` points ends
when a seat reaches ``length``; ``length=0`` is a money session (games go on as long as asked,
the score counting the points won). The Crawford rule (USBGF): in the one game that follows the
moment a side first reaches ``length - 1`` points, nobody may double; the later games are
post-Crawford. In a 1-point match there is no cube at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bgwidget.checks import is_int
from bgwidget.dice import Dice, DiceStateError, Seed, check_seed
from bgwidget.game import Game
from bgwidget.position import Position
from bgwidget.rules import GameError, Rules

__all__ = ["Match", "match_at_game"]


class Match:
    """A match to ``length`` points (0 = money session) between seat 0 (bottom) and seat 1 (top).

    ``seed`` seeds the dice: game ``k`` rolls :meth:`Dice.for_game(seed, k)
    <bgwidget.dice.Dice.for_game>`, so each game's dice depend on the seed alone (``None``
    draws a seed and keeps it in :attr:`seed`). ``crawford`` applies the Crawford rule
    (default on); ``jacoby``, ``beavers`` are money-session options; ``max_cube`` and
    ``auto_confirm``: see :class:`~bgwidget.rules.Rules`, which holds them all as
    :attr:`rules` (:meth:`with_rules` starts a match from a ``Rules``, :meth:`from_games`
    rebuilds one from its games). ``names`` are the players' names ``(seat 0, seat 1)``.

    The current game is :attr:`game`; when it is over, :meth:`new_game` starts the next.

    >>> match = Match(length=5, seed=42)
    >>> match.game.phase, match.score, match.rules.crawford
    ('opening', (0, 0), True)

    Raises :class:`~bgwidget.rules.GameError` on bad settings (a seed that
    :func:`~bgwidget.dice.check_seed` refuses among them).
    """

    def __init__(
        self,
        length: int = 0,
        seed: Seed | None = None,
        *,
        crawford: bool = True,
        jacoby: bool = False,
        beavers: bool = False,
        max_cube: int = 64,
        auto_confirm: bool = True,
        names: tuple[str, str] = ("Bottom", "Top"),
    ) -> None:
        rules = Rules(
            match_length=length,
            crawford=crawford,
            jacoby=jacoby,
            beavers=beavers,
            max_cube=max_cube,
            auto_confirm=auto_confirm,
        )
        self.rules: Rules = rules
        """The settings of every game of the match."""
        _checked_seed(seed)
        self.seed: Seed = seed if seed is not None else Dice().seed
        self.names: tuple[str, str] = ("", "")
        """The players' names ``(seat 0, seat 1)``, written into match files (see :meth:`set_names`)."""
        self.set_names(names)
        self.games: list[Game] = []
        """Every game of the match, the current one last (read it; :meth:`new_game`,
        :meth:`append` and :meth:`play_from` change it)."""
        self.rescored: list[int] = []
        """The numbers (from 1) of the games whose score :meth:`append` took as given."""
        self.new_game()

    @classmethod
    def with_rules(cls, rules: Rules, seed: Seed | None = None, *, names: tuple[str, str] = ("Bottom", "Top")) -> Match:
        """A match under ``rules``, its first game in the opening. Raises GameError for a non-Rules."""
        if not isinstance(rules, Rules):
            raise GameError(f"rules must be a Rules, not {type(rules).__name__}")
        match = cls(0, seed, names=names)
        match.rules = rules
        match.games = []
        match.new_game()
        return match

    @classmethod
    def from_games(
        cls,
        rules: Rules,
        games: Sequence[Game],
        seed: Seed | None = None,
        *,
        names: tuple[str, str] = ("Bottom", "Top"),
        rescored: Sequence[int] = (),
    ) -> Match:
        """A match under ``rules`` made of ``games`` played elsewhere (a loaded file), each one
        checked as :meth:`append` checks it (``rescore=True`` for the game numbers, from 1, in
        ``rescored``); its later games' dice come from ``seed``.

        Raises :class:`~bgwidget.rules.GameError` for no games, a game that does not follow, or
        ``rescored`` naming a game that is not one of ``games`` (or one twice).
        """
        if not isinstance(games, (list, tuple)):
            raise GameError(f"games are a list of Games, not {type(games).__name__}")
        if not isinstance(rescored, (list, tuple)) or not all(is_int(n) for n in rescored):
            raise GameError(f"rescored is a list of game numbers, not {rescored!r}")
        if len(set(rescored)) != len(rescored) or not all(1 <= n <= len(games) for n in rescored):
            raise GameError(f"rescored names games 1..{len(games)} once each, not {list(rescored)!r}")
        match = cls.with_rules(rules, seed, names=names)
        match.games = []
        if not games:
            raise GameError("a match has at least one game")
        for number, game in enumerate(games, start=1):
            match.append(game, rescore=number in rescored)
        return match

    def set_names(self, names: tuple[str, str]) -> None:
        """Name the players ``(seat 0, seat 1)``; raises GameError unless two names are given."""
        if not isinstance(names, (tuple, list)) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise GameError(f"names are two strings (seat 0, seat 1), not {names!r}")
        self.names = (names[0], names[1])

    @property
    def length(self) -> int:
        """Points to win the match; 0 for a money session (:attr:`rules`' ``match_length``)."""
        return self.rules.match_length

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def score(self) -> tuple[int, int]:
        """Points ``(seat 0, seat 1)`` after the games finished so far: the last game's score at
        its start plus its result (each game starts at the score the games before it made, unless
        :meth:`append` took a file's score for it)."""
        if not self.games:
            return 0, 0
        score = list(self.game.score)
        if self.game.result:
            score[self.game.result.winner] += self.game.result.points
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
        """True once the Crawford game has been played (a side is 1-away and the cube is back),
        here or before a game the match was resumed at (:meth:`append`'s ``rescore``)."""
        return self._crawford_past(self.games[:-1]) or (
            bool(self.games) and (self.game.crawford and self.game.result is not None or self._resumed_after(self.game))
        )

    @property
    def next_is_crawford(self) -> bool:
        """Whether the next game to start is the Crawford game (USBGF: the first game after a
        side first reaches ``length - 1`` points, under the Crawford rule)."""
        return (
            self.rules.crawford
            and self.length > 1
            and self.length - 1 in self.score
            and not self._crawford_past(self.games)
        )

    def _crawford_past(self, games: Sequence[Game]) -> bool:
        """Whether the Crawford game is among ``games`` or came before one of them."""
        return any(game.crawford or self._resumed_after(game) for game in games)

    def _resumed_after(self, game: Game) -> bool:
        """Whether ``game`` is post-Crawford: a side 1-away, the Crawford game played before it."""
        return self.rules.crawford and game.post_crawford

    def new_game(self) -> Game:
        """Start the next game (phase ``"opening"``) and return it.

        Raises :class:`~bgwidget.rules.GameError` while the current game is still in play or
        once the match is over.
        """
        self._check_can_start()
        game = Game(
            rules=self.rules,
            dice=Dice.for_game(self.seed, len(self.games) + 1),
            score=self.score,
            crawford=self.next_is_crawford,
        )
        self.games.append(game)
        return game

    def append(self, game: Game, *, rescore: bool = False) -> None:
        """Add a game played elsewhere (a loaded file) as the next game of the match.

        ``rescore=True`` takes the game's own score as the match's score before it, as GNU
        Backgammon reads a ``.mat`` file's score lines: a match resumed at a score, or a game
        the file credits with other points than its result's. The game's number is kept in
        :attr:`rescored`; the Crawford game is then the first at which exactly one side is
        ``length - 1`` away (gnubg's rule), unless the game says it is post-Crawford (a match
        resumed after its Crawford game, such as one game of a match reviewed alone).

        Raises :class:`~bgwidget.rules.GameError` unless it follows from the games before it:
        the same rules, the score they make (unless rescored), the Crawford game where it falls.
        """
        if not isinstance(game, Game):
            raise GameError(f"a match holds Games, not {type(game).__name__}")
        self._check_can_start()
        if rescore:  # the game's own score (Game refuses one that ends the match)
            crawford = (
                self.rules.crawford
                and self.length > 1
                and (game.score[0] == self.length - 1) != (game.score[1] == self.length - 1)
                and not self._crawford_past(self.games)
                and not game.post_crawford  # a match resumed after its Crawford game
            )
            expected = (self.rules, game.score, crawford)
        else:
            expected = (self.rules, self.score, self.next_is_crawford)
        found = (game.rules, game.score, game.crawford)
        if found != expected:
            raise GameError(
                f"game {len(self.games) + 1} starts with (rules, score, Crawford) {found}, "
                f"but the games before it give {expected}"
            )
        self.games.append(game)
        if rescore:
            self.rescored.append(len(self.games))

    def play_from(self, position: Position, rolled: tuple[int, int] | None = None) -> Game:
        """Go on from ``position`` (its ``turn`` seat on roll), ``rolled`` dice already rolled if given.

        The game in play is replaced by one that starts there with the same cube, score, dice
        generator and Crawford state (after a finished game, the next game starts there); returns
        it. Raises :class:`~bgwidget.rules.GameError` once the match is over, for a position
        already won or dice that are not a roll, and then nothing changes.
        """
        if not isinstance(position, Position):
            raise GameError(f"position must be a Position, not {type(position).__name__}")
        current = self.game if self.games else None
        if current is None or current.result is not None:
            self._check_can_start()
            number = len(self.games) + 1
            dice, cube, owner, crawford = Dice.for_game(self.seed, number), 1, None, self.next_is_crawford
        else:
            dice, cube, owner, crawford = current.dice, current.cube_value, current.cube_owner, current.crawford
        game = Game(
            rules=self.rules,
            dice=dice,
            position=position,
            rolled=rolled,
            cube_value=cube,
            cube_owner=owner,
            score=self.score,
            crawford=crawford,
        )
        if current is None or current.result is not None:
            self.games.append(game)
        else:
            self.games[-1] = game
        return game

    def _check_can_start(self) -> None:
        if self.games and self.game.result is None:
            raise GameError(reason="game-in-play")
        if self.is_over:
            raise GameError(reason="match-over")

    def __repr__(self) -> str:
        kind = f"{self.length}-point match" if self.length else "money session"
        return f"<Match {kind}, score {self.score[0]}-{self.score[1]}, game {len(self.games)}: {self.game.phase}>"


def match_at_game(match: Match, game: int = 1, *, actions: int = 0, seed: Any = None, confirm: bool = False) -> Match:
    """A new match that stands at game ``game`` (1-based) of ``match``, to play on from there.

    It holds copies of the games before that one, as played, then that game replayed from its
    start through the first ``actions`` entries of its :attr:`~bgwidget.game.Game.record` (0: its
    start, the opening roll still to come; its record's length: its end). Its rules, names,
    score and Crawford state are ``match``'s; only ``auto_confirm`` is ``not confirm``. The
    dice from there on come from ``seed`` (``None``: a new seed). ``match`` is not changed.

    Raises :class:`~bgwidget.game.GameError` (a ``ValueError``) for a ``match`` that is not a
    Match, a ``game`` outside ``1..len(match.games)``, ``actions`` outside ``0..`` that game's
    record length, or a seed :func:`~bgwidget.dice.check_seed` refuses.
    """
    if not isinstance(match, Match):
        raise GameError(f"match must be a Match, not {type(match).__name__}")
    count = len(match.games)
    if not is_int(game) or not 1 <= game <= count:
        raise GameError(f"game is a number 1..{count} (the match's games), not {game!r}")
    record = match.games[game - 1].record
    if not is_int(actions) or not 0 <= actions <= len(record):
        raise GameError(f"actions is a number 0..{len(record)} (game {game}'s record), not {actions!r}")
    seed = _checked_seed(seed)
    if seed is None:
        seed = Dice().seed
    rules = replace(match.rules, auto_confirm=not confirm)
    games = []
    for number, played in enumerate(match.games[:game], 1):
        setup = {**played.setup, "rules": rules.to_dict()}
        upto = played.record if number < game else played.record[:actions]
        games.append(Game.replay(setup, upto, dice=Dice.for_game(seed, number)))
    rescored = [number for number in match.rescored if number <= game]  # scores a file gave
    return Match.from_games(rules, games, seed, names=match.names, rescored=rescored)


def _checked_seed(seed: object) -> Seed | None:
    """:func:`bgwidget.dice.check_seed`, raising the game layer's error."""
    try:
        return check_seed(seed)
    except DiceStateError as error:
        raise GameError(str(error)) from None
