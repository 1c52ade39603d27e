"""Layer 6, the tutor's judgement: how much a person's play or cube action gives up, and its mark.

The tutor (``BoardWidget(tutor=...)``, :mod:`bgwidget.tutoring` for the flow at the board) judges
each action of a person by the Expert (1-ply, :class:`~bgwidget.ai.players.Expert`) in the game's
stakes (:meth:`Context.of <bgwidget.ai.context.Context.of>`: money play or the match score,
Crawford and post-Crawford, the cube and its owner, the Jacoby rule, beavers, the cube's limit), as
a review judges it (:mod:`bgwidget.ai.reviewer`):

* a **play**: the legal plays ranked at 1-ply, the play made judged as deep as the best
  (:func:`bgwidget.ai.analysis.rank` with ``made``), then valued cubefully after the opponent's
  best cube action (:func:`bgwidget.ai.analysis.judge`);
* a **cube action**: the doubler's cube decision searched cubefully at 1-ply
  (:func:`bgwidget.ai.players.game_cube_decision`): ``"double"``, ``"no double"`` (rolling when
  the seat could double) against its best, and the answer, ``"take"``, ``"pass"`` or
  ``"beaver"``, against the taker's best.

The error is in **EMG**, points per game for a cube of 1 in money play, normalised equity in a
match (GNU Backgammon's ``mwc2eq``); the marks are GNU Backgammon 1.07's thresholds, the review's
own (:data:`bgwidget.ai.decision.MARKS`: doubtful from 0.03, bad from 0.06, very bad from 0.12).
Numpy is imported by the first judgement (a board without the tutor plays without it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bgwidget.ai.decision import MARKS, mark
from bgwidget.ai.errors import require_numpy
from bgwidget.errors import TutorError
from bgwidget.game import Game, GameError
from bgwidget.moves import Play

__all__ = ["CUBE_ACTIONS", "TUTOR_MARKS", "Judgement", "TutorError", "check_tutor", "explanation", "judge", "weigh"]

TUTOR_MARKS: tuple[str, ...] = tuple(name for name, _ in reversed(MARKS))
"""The tutor's settings, mildest first: it stops an action whose error earns this mark or a worse one."""

CUBE_ACTIONS = ("double", "no double", "take", "pass", "beaver")
"""The cube actions the tutor judges: the roller's double or roll (no double), and the answers."""

_THRESHOLDS = {name: threshold for name, threshold in MARKS}


@dataclass(frozen=True)
class Judgement:
    """One action of ``seat`` judged: ``kind`` ``"play"`` or ``"cube"``; ``made`` and ``best`` the
    play's notation (mover's numbering) or one of :data:`CUBE_ACTIONS`; ``error`` the EMG given up
    (>= 0); ``mark`` GNU Backgammon's (``""`` below doubtful); ``best_play`` the better play
    (None for a cube action)."""

    seat: int
    kind: str
    made: str
    best: str
    error: float
    mark: str
    best_play: Play | None = None


def check_tutor(value: Any) -> str | None:
    """``value`` if it is None (the tutor off) or one of :data:`TUTOR_MARKS`; raises
    :class:`~bgwidget.errors.TutorError` otherwise, and :class:`ImportError` for a tutor where
    numpy is missing (its judgement needs the net)."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in TUTOR_MARKS:
        raise TutorError(f"tutor is None or one of {', '.join(map(repr, TUTOR_MARKS))}, not {value!r}")
    require_numpy("the tutor")
    return value


def judge(game: Game, made: Play | str, tutor: str) -> Judgement | None:
    """The judgement of ``made``, the action of the seat to act in ``game``, when its error earns
    ``tutor``'s mark or a worse one (:data:`TUTOR_MARKS`); None when it does not.

    ``made`` is a :class:`~bgwidget.moves.Play` of the roll being played (``game`` in phase
    ``"move"``, its :attr:`~bgwidget.game.Game.start_position` the position before it), or a cube
    action of :data:`CUBE_ACTIONS`: ``"double"`` or ``"no double"`` before the roll, an answer
    while a double waits. Raises :class:`~bgwidget.errors.TutorError` for a ``tutor`` that is not
    a mark and :class:`~bgwidget.rules.GameError` for an action that is not the game's now.
    """
    if check_tutor(tutor) is None:
        raise TutorError("a judgement needs a tutor's mark, not None")
    judged = weigh(game, made)
    return judged if judged.error >= _THRESHOLDS[tutor] - 1e-12 else None


def weigh(game: Game, made: Play | str) -> Judgement:
    """The Expert's judgement of ``made`` (see :func:`judge`), whatever its error."""
    if isinstance(made, Play):
        if game.phase != "move":
            raise GameError("a play is judged once its roll is rolled")
        return _play(game, made)
    if made not in CUBE_ACTIONS:
        raise GameError(f"a cube action is one of {', '.join(CUBE_ACTIONS)}, not {made!r}")
    answering = made in ("take", "pass", "beaver")
    offered = game.phase == "cube" and game.offer is not None and game.offer.kind == "double"
    if answering != offered or (not answering and not game.can_double()):
        raise GameError(f"{made!r} is not a cube action of the game now ({game.phase})")
    return _cube(game, made)


def _play(game: Game, made: Play) -> Judgement:
    from bgwidget.ai.analysis import judge as in_stakes
    from bgwidget.ai.analysis import rank
    from bgwidget.ai.players import evaluator_or_net, level_ply

    position, rolled = game.start_position, game.rolled
    assert rolled is not None  # phase "move"
    plays = position.legal_plays(*rolled)
    ranked = rank(plays, level_ply("expert"), evaluator_or_net(None, "the tutor"), made=made)
    candidates = in_stakes(ranked, game)
    mine = next(c for c in candidates if c.play.result == made.result)
    best = candidates[0]
    error = 0.0 if len(plays) == 1 else max(mine.error, 0.0)
    return Judgement(position.turn, "play", str(made), best.notation, error, mark(error), best.play)


def _cube(game: Game, made: str) -> Judgement:
    """A cube action judged from the doubler's decision, as a review judges it (EMG, see the module)."""
    from bgwidget.ai.context import Context
    from bgwidget.ai.players import game_cube_decision

    doubler = game.start_position.turn
    cube = game_cube_decision(game, "expert")
    context = Context.of(game, doubler)
    scale = 1.0
    if context.match_play:  # EMG per match winning chance: mwc2eq's slope
        win, lose = context.single_game()
        scale = 2.0 / (win - lose)
    if made in ("double", "no double"):
        # The doubler's value of each action: its best answer by the taker (the lower).
        values = {"no double": cube.no_double, "double": min(cube.double_take, cube.double_pass)}
        best = max(values, key=values.__getitem__)
        error = (values[best] - values[made]) * scale
        return Judgement(doubler, "cube", made, best, max(error, 0.0), mark(max(error, 0.0)))
    take = cube.double_take / 2 if cube.beaver else cube.double_take
    values = {"take": take, "pass": cube.double_pass}  # the doubler's value: the taker wants it low
    if game.can_beaver() and not cube.match_play:
        values["beaver"] = 2 * take
    if made not in values:
        raise GameError(f"{made!r} is not an answer the game allows now")
    best = min(values, key=values.__getitem__)
    error = max((values[made] - values[best]) * scale, 0.0)
    return Judgement(1 - doubler, "cube", made, best, error, mark(error))


def explanation(game: Game, made: Judgement, language: str) -> list[str]:
    """The facts that tell ``made`` from its better choice in words, one sentence each, in ``language``
    (:func:`bgwidget.ai.explain.explain` for a play, judged in ``game``'s stakes;
    :func:`~bgwidget.ai.explain.explain_cube` for a cube action; none for a beaver, which it
    does not weigh)."""
    from bgwidget.ai.explain import explain, explain_cube

    if made.kind == "play":
        assert game.rolled is not None  # a play is judged once its roll is rolled
        return explain(game.start_position, game.rolled, made.made, made.best_play, game=game).lines(language)
    if made.made == "beaver":
        return []
    return explain_cube(game, made.made).lines(language)
