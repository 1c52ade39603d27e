"""Players: whatever can sit in a seat, and the registry of the computer's levels.

A :class:`Player` is any object with a ``name`` and ``choose_play(position, dice)``; three
optional methods play in a game's stakes, with defaults when absent:

* ``play_in(game) -> Play | None``: the play of the game's roll judged in its stakes (the
  score, the cube and the rules, :func:`bgwidget.ai.analysis.judge`); absent: ``choose_play``;
* ``offer_double(game) -> bool``: asked before rolling, only when the seat on roll may double
  (:meth:`Game.can_double <bgwidget.game.Game.can_double>`); absent: never doubles;
* ``answer_double(game) -> str``: ``"take"``, ``"pass"`` or, where the rules allow beavers,
  ``"beaver"`` (the searching levels beaver when the cube decision says so); absent: always takes.

Call them through :func:`plays_in`, :func:`offers_double` and :func:`answers_double`, which apply
the defaults and check the answers. The computer's levels are players kept by name in :data:`LEVELS`;
:func:`get_player` turns a name (or a player) into a player:

* ``"easy"`` (:class:`Easy`): a legal play uniformly at random from its own random generator
  (never the dice generator, so the dice of a seeded game do not depend on its choices); never
  doubles, always takes;
* ``"medium"`` (:class:`Medium`): the play whose resulting position the evaluator rates best
  (0-ply);
* ``"expert"`` (:class:`Expert`): the best eight plays by 0-ply, each judged at 1-ply (the
  opponent's 21 rolls and best replies); GNU Backgammon's ply numbering, which eXtreme Gammon and
  bgsage call 2-ply;
* ``"world-class"`` (:class:`WorldClass`): GNU Backgammon's 2-ply with its move filters
  (:func:`bgwidget.ai.analysis.rank`): every play at 0-ply, the few best at 1-ply, the closest of
  those at 2-ply, where each of the opponent's best replies is judged by its own 21 rolls;
  GNU Backgammon's "World class" level (eXtreme Gammon's and bgsage's 3-ply);
* ``"sage"``: :class:`bgwidget.ai.sage.SagePlayer` at 1-ply, the external engine bgsage (raises
  :class:`ImportError` unless ``bgwidget[sage]`` is installed).

Medium, Expert and World-class play in a game as :func:`bgwidget.ai.analyse` ranks with the game
(cubeful, in its stakes), and double, take and pass by :func:`game_cube_decision`, at their own
depth.

>>> from bgwidget import Position
>>> player = get_player("expert")
>>> player.name, str(player.choose_play(Position.initial(), (3, 1)))
('expert', '8/5 6/5')
>>> class FirstPlay:                       # a player of your own: the first legal play
...     name = "first"
...     def choose_play(self, position, dice):
...         plays = position.legal_plays(*dice)
...         return plays[0] if plays else None
>>> isinstance(FirstPlay(), Player), get_player(FirstPlay()).name
(True, 'first')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from bgwidget.ai.errors import LevelError, PlayerError, require_numpy
from bgwidget.checks import is_int
from bgwidget.dice import DiceStateError, check_seed
from bgwidget.game import Game, GameError
from bgwidget.moves import Play, check_roll
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:  # the searching levels import numpy when first made: Easy and people play without it
    from bgwidget.ai.cube import CubeDecision
    from bgwidget.ai.search import Evaluator

__all__ = [
    "LEVELS",
    "Easy",
    "Expert",
    "LevelError",
    "Medium",
    "Player",
    "PlayerError",
    "WorldClass",
    "answers_double",
    "check_turn",
    "evaluator_or_net",
    "game_cube_decision",
    "get_player",
    "level_ply",
    "offers_double",
    "plays_in",
    "register_level",
]


@runtime_checkable
class Player(Protocol):
    """Anything that can play a seat: a ``name`` and a choice of play.

    ``choose_play(position, dice)`` returns one of ``position.legal_plays(*dice)`` for the player
    on roll in ``position`` (whose numbering the play is in), or ``None`` when there is none.
    The optional cube methods are described in :mod:`bgwidget.ai.players`.
    """

    name: str

    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play | None: ...


class Easy:
    """A uniformly random legal play from its own generator; never doubles, always takes.

    ``rng`` (a :class:`random.Random`) is the generator; without it one is seeded with ``seed``
    (``None``: from the operating system). Raises :class:`LevelError` for anything else.
    """

    name = "easy"
    ply = 0
    """The depth :func:`bgwidget.ai.analyse` ranks at for this level: Medium's."""

    def __init__(self, rng: random.Random | None = None, seed: int | str | None = None) -> None:
        self.rng = _generator(rng, seed)

    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play | None:
        plays = check_turn(position, dice).legal_plays(*check_roll(dice))
        if not plays:
            return None
        return plays[self.rng.randrange(len(plays))]


class _Searching:
    """A level that plays the top candidate of :func:`bgwidget.ai.analysis.analyse` at its ``ply``
    and doubles, takes and passes by :func:`game_cube_decision` at the same depth."""

    name: str
    ply: int

    def __init__(self, evaluator: Evaluator | None = None) -> None:
        evaluator = evaluator_or_net(evaluator, f"the {self.name} level")
        if not callable(evaluator):
            raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")
        self.evaluator = evaluator

    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play | None:
        from bgwidget.ai import analysis  # numpy: imported once a searching level is made

        plays = check_turn(position, dice).legal_plays(*check_roll(dice))
        candidates = analysis.rank(plays, self.ply, self.evaluator, best_only=True)
        return candidates[0].play if candidates else None

    def play_in(self, game: Game) -> Play | None:
        # The plays ranked as analyse(game=...) ranks them for Hint: in the game's stakes.
        from bgwidget.ai import analysis

        position, dice = game.start_position, check_roll(game.rolled)
        plays = check_turn(position, dice).legal_plays(*dice)
        if len(plays) <= 1:
            return plays[0] if plays else None
        return analysis.judge(analysis.rank(plays, self.ply, self.evaluator), game)[0].play

    def offer_double(self, game: Game) -> bool:
        return game_cube_decision(game, self, self.evaluator).should_double

    def answer_double(self, game: Game) -> str:
        # The decision is the doubler's (the seat on roll): its should_take is the taker's answer,
        # and its beaver whether taking and redoubling at once gains the taker more (money play
        # with beavers), which the game may forbid (the cube's limit).
        decision = game_cube_decision(game, self, self.evaluator)
        if decision.beaver and game.can_beaver():
            return "beaver"
        return "take" if decision.should_take else "pass"


class Medium(_Searching):
    """The play whose resulting position the evaluator rates best (0-ply); the cube by 0-ply chances."""

    name = "medium"
    ply = 0


class Expert(_Searching):
    """GNU Backgammon's 1-ply: the best at 1-ply of the plays its "Tiny" move filter keeps
    (:data:`bgwidget.ai.analysis.MOVE_FILTERS`); the cube by 1-ply chances (averaged over the 21
    rolls)."""

    name = "expert"
    ply = 1


class WorldClass(_Searching):
    """GNU Backgammon's World class: the best candidate at 2-ply after its move filters
    (:data:`bgwidget.ai.analysis.MOVE_FILTERS`); the cube by 2-ply chances."""

    name = "world-class"
    ply = 2


def _sage(rng: random.Random) -> Player:
    from bgwidget.ai.sage import SagePlayer  # optional engine: imported when asked for

    return SagePlayer()


LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "easy": Easy,
    "medium": lambda rng: Medium(),
    "expert": lambda rng: Expert(),
    "world-class": lambda rng: WorldClass(),
    "sage": _sage,
}
"""The computer's levels: name -> ``factory(rng)`` returning a new :class:`Player`.

``rng`` is the :class:`random.Random` a level that plays at random draws from; deterministic
levels ignore it. Add levels with :func:`register_level`."""


def _generator(rng: object, seed: object) -> random.Random:
    """``rng``, or a generator seeded with ``seed``; :class:`LevelError` for anything else."""
    if rng is not None:
        if not isinstance(rng, random.Random):
            raise LevelError(f"rng is a random.Random, not {type(rng).__name__}")
        return rng
    try:
        return random.Random(check_seed(seed))
    except DiceStateError as error:
        raise LevelError(str(error)) from None


def check_turn(position: object, dice: object) -> Position:
    """``position`` once it and ``dice`` are checked, before a player is asked for a play.

    Raises :class:`~bgwidget.position.PositionError` for a ``position`` that is not a
    :class:`~bgwidget.position.Position` (or is a finished game) and
    :class:`~bgwidget.moves.DiceError` for ``dice`` that are not a roll.
    """
    if not isinstance(position, Position):
        raise PositionError(f"a player plays from a Position, not {type(position).__name__}")
    check_roll(dice)
    if position.outcome() is not None:
        raise PositionError("the game is over in this position: there is no play to choose")
    return position


def _check_game(game: object) -> Game:
    if not isinstance(game, Game):
        raise GameError(f"a cube decision is made in a Game, not {type(game).__name__}")
    return game


def register_level(name: str, factory: Callable[[random.Random], Player]) -> None:
    """Make ``name`` a level: :func:`get_player` calls ``factory(rng)`` for a new player.

    Replaces a level of the same name. Raises :class:`LevelError` for a name that is not a
    non-empty string (or is ``"human"``, a seat's word for a person) or a factory that is not
    callable.
    """
    if not isinstance(name, str) or not name or name == "human":
        raise LevelError(f"a level's name is a non-empty string other than 'human', not {name!r}")
    if not callable(factory):
        raise LevelError(f"a level's factory is callable, returning a Player; not {factory!r}")
    LEVELS[name] = factory


def get_player(spec: str | Player, *, rng: random.Random | None = None, seed: int | str | None = None) -> Player:
    """The player for ``spec``: a new player of a registered level, or ``spec`` itself when it is a player.

    A player is an object with a ``name`` and a callable ``choose_play``. ``rng`` (or a generator
    seeded with ``seed``) is given to the level's factory: Easy draws its plays from it.
    Raises :class:`LevelError`, naming the levels, for anything else, and for an ``rng`` that is
    not a :class:`random.Random` or a ``seed`` that :func:`bgwidget.dice.check_seed` refuses.
    """
    generator = _generator(rng, seed)
    if isinstance(spec, str):
        factory = LEVELS.get(spec)
        if factory is not None:
            return factory(generator)
    elif isinstance(spec, type):
        raise LevelError(f"a Player is an object: pass {spec.__name__}(), not the class {spec.__name__}")
    elif hasattr(spec, "name") and callable(getattr(spec, "choose_play", None)):
        return spec
    raise LevelError(
        f"level is one of {', '.join(map(repr, LEVELS))} or a Player (an object with a name and "
        f"choose_play(position, dice)), not {spec!r}"
    )


def evaluator_or_net(evaluator: Evaluator | None, what: str) -> Evaluator:
    """``evaluator``, or the project's net (:func:`~bgwidget.ai.evaluator.evaluate_positions`) when
    None, for ``what``, which computes with numpy: :class:`ImportError` naming ``what`` without it
    (:func:`~bgwidget.ai.errors.require_numpy`). Whether ``evaluator`` is callable is the caller's check.
    """
    require_numpy(what)
    if evaluator is not None:
        return evaluator
    from bgwidget.ai.evaluator import evaluate_positions

    return evaluate_positions


def level_ply(level: str | Player) -> int:
    """The depth (GNU Backgammon's ply) at which ``level`` analyses and judges the cube.

    ``level`` is a level name or a player with an integer ``ply``. Raises :class:`LevelError`
    otherwise.
    """
    ply = getattr(get_player(level), "ply", None)
    if not is_int(ply):
        raise LevelError(f"{level!r} has no search depth (an integer ply) to analyse with")
    return ply


def plays_in(player: Player, game: Game) -> Play | None:
    """``player``'s play for the roll of ``game`` (dice rolled, a play to make), or None when none is legal.

    The player's ``play_in(game)`` (a play judged in the game's stakes), or its
    ``choose_play(position, dice)`` when it has none. Raises :class:`PlayerError` for a ``player``
    that is not a :class:`Player`, :class:`~bgwidget.rules.GameError` for a ``game`` that is not a
    Game or has no roll to play.
    """
    if not isinstance(player, Player):
        raise PlayerError(f"a player has a name and choose_play(position, dice), not {player!r}")
    if _check_game(game).phase != "move" or game.rolled is None:
        raise GameError("a play is chosen once the dice are rolled")
    play_in = getattr(player, "play_in", None)
    if play_in is not None:
        return play_in(game)
    return player.choose_play(game.start_position, game.rolled)


def offers_double(player: Player, game: Game) -> bool:
    """Whether ``player``, on roll in ``game``, doubles before rolling.

    False unless :meth:`game.can_double() <bgwidget.game.Game.can_double>`; otherwise the
    player's ``offer_double(game)``, or False when it has none. Raises
    :class:`~bgwidget.rules.GameError` for a ``game`` that is not a Game.
    """
    if not _check_game(game).can_double():
        return False
    offer = getattr(player, "offer_double", None)
    return bool(offer(game)) if offer is not None else False


def answers_double(player: Player, game: Game) -> str:
    """``player``'s answer to the double offered in ``game``: ``"take"``, ``"pass"`` or ``"beaver"``.

    The player's ``answer_double(game)``, or ``"take"`` when it has none. Raises
    :class:`PlayerError` for any other answer, and for ``"beaver"`` unless the game allows one now
    (:meth:`~bgwidget.game.Game.can_beaver`: beavers in the rules, the cube below its limit);
    :class:`~bgwidget.rules.GameError` for a ``game`` that is not a Game or has no double offered.
    """
    offer = _check_game(game).offer
    if offer is None or offer.kind != "double":
        raise GameError("no double has been offered to answer")
    answer_double = getattr(player, "answer_double", None)
    answer = answer_double(game) if answer_double is not None else "take"
    allowed = ("take", "pass", "beaver") if game.can_beaver() else ("take", "pass")
    if answer not in allowed:
        raise PlayerError(
            f"{player.name} answered {answer!r} to a double; the answers here are {', '.join(map(repr, allowed))}"
        )
    return answer


def game_cube_decision(game: Game, level: str | Player = "expert", evaluator: Evaluator | None = None) -> CubeDecision:
    """The cube decision of the seat on roll in ``game`` (the doubler, also while a double is answered).

    Taken before the turn's roll, from :attr:`~bgwidget.game.Game.start_position`: once the dice
    are rolled it is the decision that turn started with (as a review judges it).

    Searched cubefully at ``level``'s depth (a level name or a player with a ``ply``, see
    :func:`level_ply`) by :func:`bgwidget.ai.cubeful.searched_cube_decision`, GNU Backgammon's
    method: Janowski's model (:func:`bgwidget.ai.cube_decision`) at the leaves, with the game's
    stakes (:meth:`Context.of <bgwidget.ai.context.Context.of>`: money play, or a match with its
    away scores, Crawford and post-Crawford; the Jacoby rule, beavers, the cube's limit, a game
    without the cube) and each position's cube efficiency
    (:func:`~bgwidget.ai.context.cube_efficiency`), and the cube decided at every ply. Equities
    are for the seat on roll.
    ``evaluator``: the function from positions to chances (None: the net).
    Raises :class:`~bgwidget.rules.GameError` for a ``game`` that is not a Game, or one that is
    over, and :class:`LevelError` for a level without a depth or an evaluator that is not one.
    """
    if _check_game(game).result is not None:
        raise GameError("the game is over: no cube decision to make")
    ply = level_ply(level)
    evaluator = evaluator_or_net(evaluator, "a cube decision")
    from bgwidget.ai.context import Context
    from bgwidget.ai.cubeful import searched_cube_decision

    position = game.start_position
    decision = searched_cube_decision(position, Context.of(game, position.turn), ply, evaluator)
    if not game.rules.cube:
        # The stakes hold a game without the cube as a dead cube of 1 (no double, whatever the
        # score): say why in its own words, before the Crawford game or a 1-point match.
        return replace(decision, reason="no-cube")
    return decision
