"""bgsage (Open Sage, MPL-2.0, by Mark Higgins) as a :class:`~bgwidget.ai.players.Player` and an analysis backend.

An optional engine: ``pip install bgwidget[sage]``. bgsage is imported only here, when first
used; without it, :class:`SagePlayer` and :func:`analyse` raise :class:`ImportError` saying how to
install it.

Depths are in GNU Backgammon's ply numbering, as everywhere in :mod:`bgwidget.ai`: ``ply=0`` is
bgsage's static net (bgsage calls it "1ply"), ``ply=1`` one roll of look-ahead (its "2ply"), up
to ``ply=3`` (its "4ply"). One bgsage analyzer per depth is made on first use and shared by every
player and analysis in the process (it holds the nets and a bear-off database; bgsage says it is
safe to use from several threads); each runs on one thread (bgsage's multi-ply search uses at
least two). Plays are ranked by cubeless equity, like the other levels. For example::

    ai.choose_play(Position.initial(), (3, 1), level="sage")     # 8/5 6/5
    ai.analyse(position, dice, "expert", engine="sage")          # bgsage's candidates at 1-ply
    bgwidget.play_match(("sage", "expert"), match_length=5, seed=1)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bgwidget.ai.analysis import Analysis, judge
from bgwidget.ai.engines import bgsage_board, bgsage_board_after
from bgwidget.ai.errors import LevelError
from bgwidget.ai.evaluator import consistent
from bgwidget.ai.search import Candidate
from bgwidget.checks import is_int
from bgwidget.game import Game
from bgwidget.moves import Play, check_roll
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:
    from bgsage import BgBotAnalyzer, CubeActionResult

    from bgwidget.ai.cube import CubeDecision

__all__ = ["PLIES", "SagePlayer", "analyse", "analyzer", "clear_analyzers"]

PLIES = (0, 1, 2, 3)
"""The depths bgsage searches to (GNU Backgammon's numbering; bgsage's 1ply..4ply)."""

_OWNERS = {None: "centered", True: "player", False: "opponent"}  # keyed by "does the side on roll own it"


def _check_ply(ply: object) -> None:
    if not is_int(ply) or ply not in PLIES:
        raise LevelError(f"bgsage's ply is one of {', '.join(map(str, PLIES))}, not {ply!r}")


def analyzer(ply: int = 1) -> BgBotAnalyzer:
    """The shared ``bgsage.BgBotAnalyzer`` searching to ``ply``, cubeless, on one thread.

    Raises :class:`ImportError` when bgsage is not installed and
    :class:`~bgwidget.ai.errors.LevelError` for a ply outside :data:`PLIES`.
    """
    _check_ply(ply)  # before the cache, which needs a hashable ply
    return _analyzer(ply)


def clear_analyzers() -> None:
    """Forget the shared analyzers: the next :func:`analyzer` call makes a new one, importing bgsage
    again (so an install or removal since is seen), and the nets they hold can be freed once no
    player or caller keeps one. Raises nothing."""
    _analyzer.cache_clear()


@cache
def _analyzer(ply: int) -> BgBotAnalyzer:
    try:
        from bgsage import BgBotAnalyzer
    except ImportError as error:
        raise ImportError("the bgsage engine is not installed: pip install 'bgwidget[sage]'") from error
    return BgBotAnalyzer(eval_level=f"{ply + 1}ply", cubeful=False, parallel_threads=1)


def analyse(position: Position, dice: tuple[int, int], ply: int = 1) -> Analysis:
    """bgsage's candidate plays of ``dice`` for the player on roll, best first.

    Every legal play, as bgsage ranks them: the best few searched to ``ply`` and the rest at
    0-ply (each :class:`~bgwidget.ai.search.Candidate` says its own ply), with bgsage's five
    cubeless chances and equity for the player making the play, and the error against the best
    (>= 0); the chances are made :func:`~bgwidget.ai.evaluator.consistent`. ``[]`` when no play
    is possible. Raises :class:`bgwidget.DiceError` for bad dice, :class:`bgwidget.PositionError`
    for a ``position`` that is not one, :class:`ImportError` without bgsage,
    :class:`~bgwidget.ai.errors.LevelError` for a ply outside :data:`PLIES`.
    """
    if not isinstance(position, Position):
        raise PositionError(f"a search starts from a Position, not {type(position).__name__}")
    _check_ply(ply)
    plays = {tuple(bgsage_board_after(play)): play for play in position.legal_plays(*check_roll(dice))}
    if not plays:
        return Analysis()
    result = analyzer(ply).checker_play(bgsage_board(position), *dice)
    rows = []
    for move in result.moves:
        play = plays.get(tuple(move.board))
        if play is None:  # bgsage and our rules engine disagree: never seen, but say so plainly
            where = position.position_id()
            raise RuntimeError(f"bgsage's play to {move.board} is not a legal play of {dice} in {where}")
        p = move.probs
        five = consistent([p.win, p.gammon_win, p.backgammon_win, p.gammon_loss, p.backgammon_loss])
        chances = (float(five[0]), float(five[1]), float(five[2]), float(five[3]), float(five[4]))
        rows.append((play, chances, float(move.equity), int(move.eval_level.split("-")[0]) - 1))
    best = rows[0][2]
    return Analysis(Candidate(play, chances, value, best - value, depth) for play, chances, value, depth in rows)


class SagePlayer:
    """bgsage as a player: its best play at ``ply`` (default 1, like the Expert), and its own cube decisions.

    In a game (``play_in``) its candidates are ranked in the game's stakes
    (:func:`bgwidget.ai.analysis.judge`), as the other levels' are.

    ``offer_double`` and ``answer_double`` ask bgsage's cubeful cube analysis at the same depth,
    with the game's cube, owner, away scores, Crawford game and money-play rules (Jacoby,
    beavers): it doubles when bgsage says double, and answers take, pass, or beaver when the
    rules allow beavers and bgsage would. Raises :class:`ImportError` without bgsage.
    """

    name = "sage"

    def __init__(self, ply: int = 1) -> None:
        self.ply = ply
        self.analyzer = analyzer(ply)

    def choose_play(self, position: Position, dice: tuple[int, int]) -> Play | None:
        candidates = analyse(position, dice, self.ply)
        return candidates[0].play if candidates else None

    def play_in(self, game: Game) -> Play | None:
        # bgsage's candidates judged in the game's stakes, as analyse(engine="sage", game=...) ranks them.
        candidates = judge(analyse(game.start_position, check_roll(game.rolled), self.ply), game)
        return candidates[0].play if candidates else None

    def offer_double(self, game: Game) -> bool:
        action = self._cube_action(game)
        at_limit = self._at_limit(game, action)
        return bool(action.should_double if at_limit is None else at_limit.should_double)

    def answer_double(self, game: Game) -> str:
        action = self._cube_action(game)
        at_limit = self._at_limit(game, action)
        if at_limit is not None:  # no beaver: no room under the limit
            return "take" if at_limit.should_take else "pass"
        if action.is_beaver and game.can_beaver():  # the rules' beavers, with room under the cube's limit
            return "beaver"
        return "take" if action.should_take else "pass"

    @staticmethod
    def _at_limit(game: Game, action: CubeActionResult) -> CubeDecision | None:
        """The cube decision in the game's stakes from bgsage's cubeless chances where a double
        reaches the cube's limit (``Rules.max_cube``), which bgsage has no setting for: the cube
        is then dead (:meth:`~bgwidget.ai.context.Context.of`). None below it."""
        if 2 * game.cube_value < game.rules.max_cube:
            return None
        from bgwidget.ai.context import Context

        p = action.probs
        chances = (p.win, p.gammon_win, p.backgammon_win, p.gammon_loss, p.backgammon_loss)
        return Context.of(game, game.start_position.turn).decision(chances, game.start_position)

    def _cube_action(self, game: Game) -> CubeActionResult:
        """bgsage's cube analysis for the seat on roll (the doubler, also while a double is answered)."""
        position = game.start_position
        seat = position.turn
        rules = game.rules
        away = (0, 0)
        if rules.match_length:
            away = (rules.match_length - game.score[seat], rules.match_length - game.score[1 - seat])
        owner = _OWNERS[None if game.cube_owner is None else game.cube_owner == seat]
        return self.analyzer.cube_action(
            bgsage_board(position),
            game.cube_value,
            owner,
            away1=away[0],
            away2=away[1],
            is_crawford=game.crawford,
            jacoby=rules.jacoby,
            beaver=rules.beavers,
        )
