"""Headless play: a whole match between two players, without a board.

>>> import bgwidget
>>> match = bgwidget.play_match(("easy", "medium"), match_length=3, seed=7)
>>> match.is_over, match.names
(True, ('easy', 'medium'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bgwidget.ai.errors import LevelError, PlayerError
from bgwidget.ai.players import Player, answers_double, get_player, offers_double, plays_in
from bgwidget.checks import is_int
from bgwidget.game import Game, GameError
from bgwidget.match import Match

__all__ = ["play_match"]

_OPTIONS = frozenset({"crawford", "jacoby", "beavers", "max_cube", "auto_confirm", "names"})


def play_match(
    players: Sequence[str | Player],
    match_length: int = 0,
    seed: int | str | None = None,
    *,
    games: int | None = None,
    **options: Any,
) -> Match:
    """Play a match between ``players`` (seat 0, seat 1) to the end and return the finished :class:`~bgwidget.Match`.

    Each player is a level name or any :class:`~bgwidget.ai.players.Player`. ``match_length``
    0 is a money session of ``games`` games (required then, and only then). ``seed`` seeds the
    dice (:class:`~bgwidget.Match`) and each level's own generator (seat ``s`` gets
    ``random.Random(f"{seed}/{s}")``), so a seeded match between levels, or players that are
    themselves deterministic, is played the same way every time. ``options`` go to
    :class:`~bgwidget.Match` (``crawford``, ``jacoby``, ``beavers``, ``max_cube``, ``names``;
    the names default to the players').

    The cube: before each roll the seat on roll is asked :func:`offers_double`; a double is
    answered by :func:`answers_double` (take, pass or beaver); a beaver is always taken by
    the doubler (no raccoons). Nobody resigns.

    Raises :class:`~bgwidget.ai.players.LevelError` for something that is not a player or a
    wrong number of players, :class:`~bgwidget.ai.players.PlayerError` for a play that is not
    legal or a disallowed answer, and :class:`~bgwidget.GameError` for a wrong number of games
    or bad match options.
    """
    if not isinstance(players, (tuple, list)) or len(players) != 2:
        raise LevelError(f"players are two, one per seat (a level name or a Player each), not {players!r}")
    if match_length == 0 and (not is_int(games) or games < 1):
        raise GameError(f"a money session (match_length=0) needs games=N, a number of games >= 1, not {games!r}")
    if match_length != 0 and games is not None:
        raise GameError("games= is for a money session: a match goes on until a side wins it")
    unknown = set(options) - _OPTIONS
    if unknown:
        raise GameError(f"not options of a match: {', '.join(sorted(unknown))}; they are {', '.join(sorted(_OPTIONS))}")
    seats = [get_player(spec, seed=None if seed is None else f"{seed}/{seat}") for seat, spec in enumerate(players)]
    options.setdefault("names", tuple(player.name for player in seats))
    match = Match(match_length, seed, **options)
    while True:
        game = match.game
        if game.phase == "match-over" or (game.phase == "game-over" and len(match.games) == games):
            return match
        if game.phase == "game-over":
            match.new_game()
        elif game.phase == "opening":
            game.roll()
        elif game.phase == "roll":
            if offers_double(seats[game.turn], game):
                game.double()
            else:
                game.roll()
        elif game.phase == "move":
            _play(seats[game.turn], game)
        elif game.offer is not None and game.offer.kind == "double":
            answer = answers_double(seats[1 - game.offer.seat], game)
            {"take": game.take, "pass": game.pass_, "beaver": game.beaver}[answer]()
        else:  # a beaver (nobody resigns here): the doubler takes it
            game.take()


def _play(player: Player, game: Game) -> None:
    position, dice = game.start_position, game.rolled
    assert dice is not None  # phase "move"
    play = plays_in(player, game)
    try:
        if play is None:
            raise GameError("no play, but the roll has legal plays")
        game.play(str(play))
    except GameError as error:
        raise PlayerError(
            f"{player.name} chose {play} for {dice[0]}-{dice[1]} in {position.position_id()}: {error}"
        ) from error
