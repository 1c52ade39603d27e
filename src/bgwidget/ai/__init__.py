"""Layer 5, the computer: players and levels, analysing rolls, judging positions and the cube.

``choose_play(position, dice, level)`` picks the play of a computer level or of any
:class:`Player` (:mod:`bgwidget.ai.players`: ``"easy"``, ``"medium"``, ``"expert"``,
``"world-class"``, ``"sage"``);
``analyse(position, dice, level)`` ranks the candidates at the level's depth
(:mod:`bgwidget.ai.analysis`, or bgsage with ``engine="sage"``, :mod:`bgwidget.ai.sage`);
``evaluate(position, level)`` gives the five cubeless chances of the player on roll before it
rolls; ``cube_decision(chances, ...)`` the cube actions (:mod:`bgwidget.ai.cube`);
``review(game_or_match, level)`` rates every play and cube decision of a game or match and the
luck of every roll (:mod:`bgwidget.ai.review`); ``explain(position, dice, play)`` and
``explain_cube(game, action)`` say in words what a play or cube action changes
(:mod:`bgwidget.ai.explain`, the board's counted facts in :mod:`bgwidget.ai.facts`);
``rollout(position, dice, plays)`` plays a
position or candidate plays out many times, luck-adjusted (:mod:`bgwidget.ai.rollout`);
``analyse_many(items, level)`` judges many positions or rolls (:mod:`bgwidget.ai.batch`). The
last three take ``executor=``, a process pool or a Dask cluster (:mod:`bgwidget.ai.parallel`).
``race_cube(position)`` sets the race formulas (Keith, Kleinman, Trice, 8-9-12) beside the
engine's cube decision (:mod:`bgwidget.ai.race`).
:func:`bgwidget.play_match <bgwidget.ai.play.play_match>` plays a whole match between two players.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

from bgwidget.ai.batch import Analyses, BatchError, analyse_many
from bgwidget.ai.cube import CubeDecision, cube_decision
from bgwidget.ai.errors import CubeError, LevelError, PlayerError, require_numpy
from bgwidget.ai.explain import (
    Explanation,
    Fact,
    compare_plays,
    explain,
    explain_cube,
    explain_decision,
    match_take_point,
    money_take_point,
)
from bgwidget.ai.facts import board_facts, shots
from bgwidget.ai.players import (
    LEVELS,
    Player,
    answers_double,
    check_turn,
    evaluator_or_net,
    game_cube_decision,
    get_player,
    level_ply,
    offers_double,
    plays_in,
    register_level,
)
from bgwidget.ai.race import RaceCube, keith_count, kleinman_count, race_cube, random_race, rule_8_9_12, trice_rule
from bgwidget.ai.report import decision_svg
from bgwidget.ai.review import Decision, Review, ReviewError, Summary, review
from bgwidget.ai.rollout import Rollout, RolloutError, Rollouts, rollout  # numpy on a rollout's first use
from bgwidget.game import Game
from bgwidget.moves import Play
from bgwidget.position import Position

if TYPE_CHECKING:
    from bgwidget.ai.analysis import Analysis
    from bgwidget.ai.context import Context
    from bgwidget.ai.search import Candidate, Evaluator

# Names from modules that compute with numpy, imported on first use (``__getattr__``) so that the
# board between people, and Easy, run without numpy (a Pyodide kernel): name -> its module.
_NUMERIC = {
    "analysis": "analysis",
    "sage": "sage",
    "Analysis": "analysis",
    "Candidate": "search",
    "Context": "context",
    "Evaluator": "search",
}


def __getattr__(name: str) -> object:
    module = _NUMERIC.get(name)
    if module is None:
        raise AttributeError(f"module 'bgwidget.ai' has no attribute {name!r}")
    require_numpy(f"bgwidget.ai.{name}")
    loaded = importlib.import_module(f"bgwidget.ai.{module}")
    return loaded if name == module else getattr(loaded, name)


__all__ = [
    "ENGINES",
    "LEVELS",
    "Analyses",
    "Analysis",
    "BatchError",
    "Candidate",
    "Context",
    "CubeDecision",
    "CubeError",
    "Decision",
    "Explanation",
    "Fact",
    "LevelError",
    "Player",
    "PlayerError",
    "RaceCube",
    "Review",
    "ReviewError",
    "Rollout",
    "RolloutError",
    "Rollouts",
    "Summary",
    "analyse",
    "analyse_many",
    "answers_double",
    "board_facts",
    "choose_play",
    "compare_plays",
    "cube_decision",
    "decision_svg",
    "evaluate",
    "explain",
    "explain_cube",
    "explain_decision",
    "game_cube_decision",
    "get_player",
    "keith_count",
    "kleinman_count",
    "match_take_point",
    "money_take_point",
    "offers_double",
    "plays_in",
    "race_cube",
    "random_race",
    "register_level",
    "review",
    "rollout",
    "rule_8_9_12",
    "shots",
    "trice_rule",
]

ENGINES = ("bgwidget", "sage")
"""What :func:`analyse` can rank with: the project's own search and net, or bgsage."""


def choose_play(
    position: Position,
    dice: tuple[int, int],
    level: str | Player = "easy",
    rng: random.Random | None = None,
    seed: int | None = None,
) -> Play | None:
    """The play of ``dice`` that ``level`` makes for the player on roll in ``position``, or ``None``.

    ``level`` is a level name or any :class:`Player`. ``None`` means no checker can move (the
    player dances or is blocked). A position has no stakes: the searching levels rank cubeless
    here; in a game the computer plays by :func:`plays_in`, in the game's stakes. ``rng`` (a
    :class:`random.Random`) or ``seed`` makes Easy repeatable; without either a fresh generator
    seeded from the operating system is used.
    Medium, Expert and World-class are deterministic.

    Raises :class:`LevelError` for an unknown level (or an ``rng`` or ``seed`` that is not one),
    :class:`bgwidget.DiceError` for dice that are not a roll and :class:`bgwidget.PositionError`
    for a ``position`` that is not a Position or a finished game.
    """
    player = get_player(level, rng=rng, seed=seed)
    return player.choose_play(check_turn(position, dice), dice)


def analyse(
    position: Position,
    dice: tuple[int, int],
    level: str | Player = "expert",
    evaluator: Evaluator | None = None,
    *,
    engine: str = "bgwidget",
    game: Game | None = None,
) -> Analysis:
    """The candidate plays of ``dice`` for the player on roll, best first, at ``level``'s depth.

    Medium (and Easy) rank every legal play at 0-ply; Expert its (up to) five candidates at
    1-ply; World-class its filtered candidates up to 2-ply, each showing the ply it reached
    (:func:`bgwidget.ai.analysis.analyse`, with ``evaluator``, None for the net). ``engine="sage"`` asks
    bgsage to the same depth instead (:func:`bgwidget.ai.sage.analyse`; every legal play, the
    best few at that depth; ``evaluator`` is not used). ``[]`` when no play is possible.

    With ``game`` (a :class:`~bgwidget.game.Game` whose ``start_position`` is ``position``), the
    candidates are judged in its stakes (:func:`bgwidget.ai.analysis.judge`): each has ``mwc``
    (the mover's match winning chance after the play, None in money play) and ``emg``
    (normalised equity in a match, cubeful equity in money play), ranked and with ``error`` by
    ``emg``. Without it, ``emg`` is the cubeless equity and ``mwc`` None.

    Raises :class:`LevelError` for an unknown level, engine or evaluator,
    :class:`bgwidget.DiceError` for bad dice, :class:`bgwidget.PositionError` for a ``position``
    that is not a Position or a finished game, :class:`bgwidget.GameError` for a ``game`` that is
    not a Game at ``position``, :class:`ImportError` for ``"sage"`` without bgsage or without numpy.
    """
    if not isinstance(engine, str) or engine not in ENGINES:
        raise LevelError(f"engine is one of {', '.join(map(repr, ENGINES))}, not {engine!r}")
    ply = level_ply(level)
    evaluator = evaluator_or_net(evaluator, "analysis")
    check_turn(position, dice)
    from bgwidget.ai import analysis, sage

    if engine == "sage":
        if game is not None:
            analysis.check_game(game, position)
            return analysis.judge(sage.analyse(position, dice, ply), game)
        return sage.analyse(position, dice, ply)
    return analysis.analyse(position, dice, ply, evaluator, game=game)


def evaluate(
    position: Position, level: str | Player = "expert", evaluator: Evaluator | None = None
) -> tuple[float, ...]:
    """The five cubeless chances of the player on roll, before it rolls, at ``level``'s depth.

    Medium (and Easy) give the evaluator's judgement; Expert averages, over the 21 rolls, the
    chances after the player's best play of each roll by 0-ply (GNU Backgammon's 1-ply);
    World-class judges each of those plays at 1-ply (2-ply). The
    chances are a consistent distribution (none above 1 or below 0, gammons within the wins), so
    :func:`cube_decision` accepts them. ``evaluator``: None for the net. Raises
    :class:`LevelError` for an unknown level or evaluator, :class:`bgwidget.PositionError` for a
    ``position`` that is not a Position and :class:`ImportError` without numpy.
    """
    ply = level_ply(level)
    evaluator = evaluator_or_net(evaluator, "evaluation")
    from bgwidget.ai import analysis

    return analysis.evaluate(position, ply, evaluator)
