"""Layer 6, a replay at the board: a whole match (a loaded file, or one finished at the board)
stepped through action by action, as GNU Backgammon's and eXtreme Gammon's move lists are.

A :class:`Replay` keeps the match whole and a cursor on its *stops*: for each game, its start
and the moment after each action of its record (the dice rolled before a play, then the play
made, a double, its answer...), but the moment between a dance's roll and its empty play, which
shows the same board. The board shows :meth:`Replay.shown`, the match as it stood at the stop
(:func:`~bgwidget.match.match_at_game`): its board, dice, cube, score and Crawford state, which
*Play from here* (the ``replay-play`` intent) takes over as the match the person plays on.
"""

from __future__ import annotations

import bisect
from typing import Any

from bgwidget.checks import is_int
from bgwidget.dice import Dice
from bgwidget.game import Game, GameError
from bgwidget.intents import REPLAY_STEPS, IntentError
from bgwidget.match import Match, match_at_game

__all__ = ["Replay", "stops_of"]


def stops_of(record: list[dict[str, Any]]) -> list[int]:
    """The action counts of a game's record the replay stops at: 0, then after each action but
    a dance's roll (its empty play, which the roll itself records, follows it on the same board)."""
    return [0] + [
        count
        for count in range(1, len(record) + 1)
        if not (
            record[count - 1]["type"] in ("opening", "roll")
            and count < len(record)
            and record[count]["type"] == "move"
            and not record[count].get("play")
        )
    ]


class Replay:
    """``match`` shown at one of its stops (the replay keeps a copy: ``match`` is not changed).

    ``seed`` seeds the dice of the match played on from a stop, ``confirm`` whether a person's
    play there waits for Done (see :func:`~bgwidget.match.match_at_game`). Starts at game
    ``game`` (1-based) after its first ``actions`` record entries (the first stop there or
    after). Raises :class:`~bgwidget.game.GameError` (a ``ValueError``) for a game or an action
    count the match does not have, or a seed that is not one.
    """

    def __init__(
        self, match: Match, game: int = 1, actions: int = 0, *, seed: Any = None, confirm: bool = False
    ) -> None:
        if not isinstance(match, Match):
            raise GameError(f"match must be a Match, not {type(match).__name__}")
        last = len(match.games)
        self.match: Match = match_at_game(match, last, actions=len(match.games[-1].record), seed=seed, confirm=confirm)
        """The whole match replayed, under the rules played on with (a copy; :meth:`shown` is the board's)."""
        self.stops: list[tuple[int, int]] = [
            (number, count) for number, played in enumerate(self.match.games, 1) for count in stops_of(played.record)
        ]
        """Every stop of the match, in order: ``(game, actions)``, the game 1-based."""
        if not is_int(game) or not 1 <= game <= last:
            raise GameError(f"game is a number 1..{last} (the match's games), not {game!r}")
        record = self.match.games[game - 1].record
        if not is_int(actions) or not 0 <= actions <= len(record):
            raise GameError(f"actions is a number 0..{len(record)} (game {game}'s record), not {actions!r}")
        self.index = bisect.bisect_left(self.stops, (game, actions))
        """The stop shown, in :attr:`stops`."""

    @property
    def at(self) -> tuple[int, int]:
        """The stop shown: ``(game, actions)``, the game 1-based."""
        return self.stops[self.index]

    def shown(self) -> Match:
        """A new match standing at the stop shown, to draw, or to play on from: the games before,
        as played (shared with :attr:`match`: they are over), then that game replayed so far, its
        dice from there on from the replay's seed (as :func:`~bgwidget.match.match_at_game`)."""
        number, actions = self.at
        whole, played = self.match, self.match.games[number - 1]
        current = Game.replay(played.setup, played.record[:actions], dice=Dice.for_game(whole.seed, number))
        rescored = [n for n in whole.rescored if n <= number]
        games = [*whole.games[: number - 1], current]
        return Match.from_games(whole.rules, games, whole.seed, names=whole.names, rescored=rescored)

    def go(self, to: Any = None, game: Any = None, actions: Any = None) -> None:
        """Show another stop: ``to`` one of :data:`~bgwidget.intents.REPLAY_STEPS` (the first or
        last stop of the game shown, the stop before or after, the start of the game before or
        after), or ``game`` (1-based) with ``actions``, one of its stops. Raises
        :class:`~bgwidget.intents.IntentError` for anything else, and nothing changes."""
        if to is not None:
            if game is not None or actions is not None or to not in REPLAY_STEPS:
                raise IntentError(f"a replay goes to one of {', '.join(REPLAY_STEPS)}, or to a game and actions")
            self.index = self._step(to)
            return
        if not (is_int(game) and is_int(actions)) or (game, actions) not in self.stops:
            raise IntentError(f"game {game!r} after {actions!r} actions is not a stop of this replay", reason="no-stop")
        self.index = self.stops.index((game, actions))

    def _step(self, to: str) -> int:
        index, (game, _) = self.index, self.at
        first = bisect.bisect_left(self.stops, (game, 0))
        last = bisect.bisect_right(self.stops, (game, 1 << 30)) - 1
        if to == "previous":
            return max(index - 1, 0)
        if to == "next":
            return min(index + 1, len(self.stops) - 1)
        if to == "first":
            return first
        if to == "last":
            return last
        if to == "previous-game":
            return bisect.bisect_left(self.stops, (max(game - 1, 1), 0))
        return min(last + 1, bisect.bisect_left(self.stops, (len(self.match.games), 0)))  # next-game
