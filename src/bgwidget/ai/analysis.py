"""Analysis of a roll: the candidate plays ranked best first, as GNU Backgammon lists them.

The search goes to a depth in GNU Backgammon's ply numbering (see :mod:`bgwidget.ai.search`):

* **0-ply**: every legal play, ranked by the evaluator's judgement of the position it reaches;
* **1-ply**: the best plays by 0-ply (up to :data:`EXPERT_CANDIDATES`), each then judged over
  every roll of the opponent weighted by its probability, answered by the opponent's best reply.

The computer levels (:mod:`bgwidget.ai.players`) say which depth each of them uses;
:func:`bgwidget.ai.analyse` takes a level name.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from bgwidget.ai.context import Context
from bgwidget.ai.errors import LevelError
from bgwidget.ai.evaluator import checked_evaluation, consistent, equity, evaluate_positions, flip
from bgwidget.ai.search import ROLLS, Candidate, Evaluator, one_ply, zero_ply
from bgwidget.game import Game, GameError
from bgwidget.moves import check_roll
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:
    import pandas

__all__ = ["EXPERT_CANDIDATES", "PLIES", "Analysis", "analyse", "check_game", "evaluate", "judge"]

PLIES = (0, 1)
"""The depths this module searches to (GNU Backgammon's numbering)."""

EXPERT_CANDIDATES = 8
"""How many plays a 1-ply analysis looks at more deeply (the Expert's candidates)."""


class Analysis(list):
    """A list of :class:`~bgwidget.ai.search.Candidate`, best first, that prints as a table.

    The text table writes each error as GNU Backgammon does, as a negative number (equity given
    up); the HTML table and :meth:`to_dataframe` keep the field's own sign (>= 0).
    """

    COLUMNS = ("#", "play", "ply", "equity", "error", "win", "win g", "win bg", "lose g", "lose bg")

    def rows(self) -> list[tuple]:
        return [
            (rank, c.notation, c.ply, round(c.equity, 3), round(c.error, 3), *(round(x, 3) for x in c.probabilities))
            for rank, c in enumerate(self, 1)
        ]

    def __str__(self) -> str:
        lines = [f"{'#':>2}  {'play':<24}{'ply':>4}{'equity':>9}{'error':>8}   win   w g  w bg   l g  l bg"]
        for rank, c in enumerate(self, 1):
            chances = " ".join(f"{x:5.3f}" for x in c.probabilities)
            lines.append(f"{rank:>2}  {c.notation:<24}{c.ply:>4}{c.equity:>+9.3f}{-c.error or 0.0:>8.3f}  {chances}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(name)}</th>" for name in self.COLUMNS)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in self.rows()
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def to_dataframe(self) -> pandas.DataFrame:
        """The table as a pandas DataFrame (raises ImportError when pandas is not installed)."""
        import pandas

        return pandas.DataFrame(self.rows(), columns=self.COLUMNS).set_index("#")


def _check(position: object, ply: object, evaluator: object) -> None:
    """The arguments every search shares, checked before any work."""
    if not isinstance(position, Position):
        raise PositionError(f"a search starts from a Position, not {type(position).__name__}")
    if type(ply) is not int or ply not in PLIES:
        raise LevelError(f"ply is one of {', '.join(map(str, PLIES))}, not {ply!r}")
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")


def analyse(
    position: Position,
    dice: tuple[int, int],
    ply: int = 1,
    evaluator: Evaluator = evaluate_positions,
    *,
    game: Game | None = None,
) -> Analysis:
    """The candidate plays of ``dice`` for the player on roll, best first, searched to ``ply``.

    Each :class:`~bgwidget.ai.search.Candidate` has the play, its five cubeless chances and
    cubeless equity (points per game) for the player making it, and its error against the best.
    At 0-ply every legal play is ranked; at 1-ply the (up to) eight best by 0-ply. With ``game``
    (a :class:`~bgwidget.game.Game` whose :attr:`~bgwidget.game.Game.start_position` is
    ``position``) the candidates are then ranked by their cubeful value in the game's stakes
    (:func:`judge`). Deterministic for a given input. ``[]`` when no play is possible. Raises
    :class:`~bgwidget.ai.errors.LevelError` for a ply other than 0 or 1 or an evaluator that is
    not one, :class:`bgwidget.DiceError` for bad dice, :class:`bgwidget.PositionError` for a
    ``position`` that is not a Position, :class:`bgwidget.GameError` for a ``game`` that is not
    a Game at ``position``.
    """
    _check(position, ply, evaluator)
    if game is not None:
        check_game(game, position)
    plays = position.legal_plays(*check_roll(dice))
    if not plays:
        return Analysis()
    chances = zero_ply(plays, evaluator)
    order = np.argsort(-equity(chances), kind="stable")
    if ply == 1:
        order = order[:EXPERT_CANDIDATES]
        chances[order] = one_ply([plays[i] for i in order], evaluator)
        order = order[np.argsort(-equity(chances[order]), kind="stable")]
    values = equity(chances)
    best = values[order[0]]
    rows = []
    for i in order:
        win, gammon, backgammon, lose_gammon, lose_backgammon = (float(x) for x in chances[i])
        five = (win, gammon, backgammon, lose_gammon, lose_backgammon)
        rows.append(Candidate(plays[i], five, float(values[i]), float(best - values[i]), ply))
    return Analysis(rows) if game is None else judge(rows, game)


def check_game(game: object, position: Position) -> None:
    """Raises :class:`bgwidget.GameError` unless ``game`` is a Game whose turn starts at ``position``."""
    if not isinstance(game, Game):
        raise GameError(f"the stakes come from a Game, not {type(game).__name__}")
    if game.start_position != position:
        raise GameError(
            f"the game's turn starts from {game.start_position.position_id()}, not the analysed "
            f"{position.position_id()}"
        )


def judge(candidates: Sequence[Candidate], game: Game) -> Analysis:
    """``candidates`` of the seat on roll in ``game`` ranked in the game's stakes, best first.

    Each gains ``mwc`` (match winning chance after the play, for the mover; None in money play)
    and ``emg`` (normalised equity in a match, cubeful points per game for a cube of 1 in money
    play), both after the opponent's best cube action (:meth:`~bgwidget.ai.context.Context.after_play`);
    ``error`` is then the ``emg`` given up against the best. Raises :class:`bgwidget.GameError`
    for a ``game`` that is not a Game.
    """
    context = Context.of(game, game.start_position.turn) if candidates else None
    judged = []
    for candidate in candidates:
        over = candidate.play.result.outcome() is not None
        mwc, emg = context.after_play(candidate.probabilities, over=over)  # type: ignore[union-attr]
        judged.append((candidate, mwc, emg))
    judged.sort(key=lambda row: -row[2])  # stable: ties keep the search's order
    best = judged[0][2] if judged else 0.0
    return Analysis(replace(c, mwc=mwc, emg=emg, error=best - emg) for c, mwc, emg in judged)


def evaluate(position: Position, ply: int = 1, evaluator: Evaluator = evaluate_positions) -> tuple[float, ...]:
    """The five cubeless chances of the player on roll, before it rolls, searched to ``ply``.

    0-ply gives the evaluator's judgement; 1-ply averages, over the 21 rolls, the chances after
    the player's best play of each roll by 0-ply. The chances are a consistent distribution
    (:func:`~bgwidget.ai.evaluator.consistent`). Raises :class:`~bgwidget.ai.errors.LevelError`
    for another ply or an evaluator that is not one, :class:`bgwidget.PositionError` for a
    ``position`` that is not a Position.
    """
    _check(position, ply, evaluator)
    if ply == 0 or position.outcome() is not None:
        return tuple(float(x) for x in checked_evaluation(evaluator, [position])[0])
    total = np.zeros(5)
    for d1, d2, weight in ROLLS:
        plays = position.legal_plays(d1, d2)
        if plays:
            chances = zero_ply(plays, evaluator)
            total += weight * chances[int(np.argmax(equity(chances)))]
        else:
            # No play: the opponent is on roll in the same position.
            total += weight * flip(checked_evaluation(evaluator, [position.swap()])[0])
    # A sure win averaged over 21 rolls can come to 1.0000000000000002.
    return tuple(float(x) for x in consistent(total))
