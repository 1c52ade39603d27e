"""Analysis of a roll: the candidate plays ranked best first, as GNU Backgammon lists them.

The search goes to a depth in GNU Backgammon's ply numbering (see :mod:`bgwidget.ai.search`):

* **0-ply**: every legal play, ranked by the evaluator's judgement of the position it reaches;
* **1-ply**: every play at 0-ply, then those the move filter of a 1-ply search
  (:data:`MOVE_FILTERS`) keeps, each judged over every roll of the opponent weighted by its
  probability, answered by the opponent's best reply;
* **2-ply**: every play at 0-ply, those the first filter of a 2-ply search keeps at 1-ply, those
  its second keeps at 2-ply.

Each candidate shows the ply it reached; a list holds the plays that reached 1-ply or more, then
the best of the others at 0-ply up to :data:`LISTED` rows (at 0-ply, every play), the deepest
first, each group ranked by its own value.

The computer levels (:mod:`bgwidget.ai.players`) say which depth each of them uses;
:func:`bgwidget.ai.analyse` takes a level name.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

from bgwidget.ai.context import Context
from bgwidget.ai.errors import LevelError
from bgwidget.ai.evaluator import checked_evaluation, equity, evaluate_positions
from bgwidget.ai.search import Cache, Candidate, Evaluator, position_values, search, zero_ply
from bgwidget.checks import is_int
from bgwidget.game import Game, GameError
from bgwidget.moves import IllegalPlayError, Play, check_roll
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:
    import pandas

__all__ = [
    "LISTED",
    "MOVE_FILTERS",
    "PLIES",
    "Analysis",
    "MoveFilter",
    "analyse",
    "check_game",
    "evaluate",
    "judge",
    "rank",
]

PLIES = (0, 1, 2)
"""The depths this module searches to (GNU Backgammon's numbering)."""

LISTED = 8
"""How many plays an analysis at 1-ply or deeper lists at least (all of them when fewer are
legal): those the :data:`MOVE_FILTERS` sent deeper, then the best of the others at 0-ply."""


@dataclass(frozen=True)
class MoveFilter:
    """Which plays ranked at one ply go on to the next, as GNU Backgammon's move filters say.

    The first ``accept`` plays always go on; after them, up to ``extra`` more while their equity
    (points per game, cubeless) is within ``threshold`` of the best's. GNU Backgammon's manual,
    "Introduction to move filters": with accept 0 the best play is the first of the extra ones.
    """

    accept: int
    extra: int
    threshold: float

    def keep(self, values: np.ndarray) -> int:
        """How many of ``values`` (equities, best first) go on to the next ply."""
        kept = min(self.accept, len(values))
        while kept < min(self.accept + self.extra, len(values)) and values[0] - values[kept] <= self.threshold:
            kept += 1
        return kept


MOVE_FILTERS: Mapping[int, tuple[MoveFilter, ...]] = MappingProxyType(
    {
        1: (MoveFilter(0, 5, 0.08),),
        2: (MoveFilter(0, 8, 0.16), MoveFilter(0, 2, 0.04)),
    }
)
"""The move filters of a search to each depth, one per ply below it, as GNU Backgammon keeps a row
of filters for each depth. 1-ply: up to 5 plays within 0.08 of the best at 0-ply go on (GNU
Backgammon's "Tiny" filter, which bgsage's "2ply" also uses; against its "Normal" filter, up to 8
within 0.16, the Expert's error per play by gnubg-nn's 2-ply was 0.0002 lower on 1,000 positions
and 0.0005 higher (-0.0001 .. +0.0011) on 2,000 others, in 40% less time). 2-ply: up to 8 within
0.16 after 0-ply (GNU Backgammon's "Normal" filter, which its World class uses), then up to 2
within 0.04 after 1-ply (the same filter's row for the ply below the last in its 3- and 4-ply
searches; its 2-ply row does no 1-ply step at all, which is too slow in pure Python). Source: GNU
Backgammon 1.07's manual, "Move filters"."""


class Analysis(list):
    """A list of :class:`~bgwidget.ai.search.Candidate`, best first, that prints as a table.

    The text table writes each error as GNU Backgammon does, as a negative number (equity given
    up); the HTML table and :meth:`to_dataframe` keep the field's own sign (>= 0). Candidates
    ranked in a game's stakes (``analyse(..., game=...)``) also show the number they are ranked
    by: ``cubeful`` equity in money play, ``emg`` and ``mwc`` in a match. An empty list (a roll
    with no legal play) prints "no legal play".
    """

    COLUMNS = ("#", "play", "ply", "equity", "error", "win", "win g", "win bg", "lose g", "lose bg")

    def _stakes(self) -> tuple[str, ...]:
        """The columns of the game's stakes, after ``equity``: none when ranked cubeless."""
        if any(c.mwc is not None for c in self):
            return ("emg", "mwc")
        # A dead cube (no cube, or at its limit) gives the cubeless equity again, to rounding.
        return ("cubeful",) if any(abs(c.emg - c.equity) > 1e-12 for c in self) else ()

    def columns(self) -> tuple[str, ...]:
        """The table's columns: :data:`COLUMNS` with the stakes' columns after ``equity``."""
        return (*self.COLUMNS[:4], *self._stakes(), *self.COLUMNS[4:])

    def rows(self) -> list[tuple]:
        stakes = self._stakes()
        return [
            (
                rank,
                c.notation,
                c.ply,
                round(c.equity, 3),
                *(round(x, digits) for x, digits in zip((c.emg, c.mwc)[: len(stakes)], (3, 4))),
                round(c.error, 3),
                *(round(x, 3) for x in c.probabilities),
            )
            for rank, c in enumerate(self, 1)
        ]

    def __str__(self) -> str:
        if not self:
            return "no legal play"
        stakes = self._stakes()
        extra = "".join(f"{name:>9}" for name in stakes)
        lines = [f"{'#':>2}  {'play':<24}{'ply':>4}{'equity':>9}{extra}{'error':>8}   win   w g  w bg   l g  l bg"]
        for rank, c in enumerate(self, 1):
            chances = " ".join(f"{x:5.3f}" for x in c.probabilities)
            values = (f"{c.emg:>+9.3f}" if stakes else "") + (f"{c.mwc:>9.4f}" if "mwc" in stakes else "")
            lines.append(
                f"{rank:>2}  {c.notation:<24}{c.ply:>4}{c.equity:>+9.3f}{values}{-c.error or 0.0:>8.3f}  {chances}"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        if not self:
            return "<p>no legal play</p>"
        head = "".join(f"<th>{html.escape(name)}</th>" for name in self.columns())
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>" for row in self.rows()
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def to_dataframe(self) -> pandas.DataFrame:
        """The table as a pandas DataFrame (raises ImportError when pandas is not installed)."""
        import pandas

        return pandas.DataFrame(self.rows(), columns=self.columns()).set_index("#")


def check_search(position: object, ply: object, evaluator: object) -> None:
    """The arguments every search shares, checked before any work: a Position (else
    :class:`bgwidget.PositionError`), a ply of :data:`PLIES` and a callable evaluator (else
    :class:`~bgwidget.ai.errors.LevelError`)."""
    if not isinstance(position, Position):
        raise PositionError(f"a search starts from a Position, not {type(position).__name__}")
    _check_ply(ply)
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")


def _check_ply(ply: object) -> None:
    if not is_int(ply) or ply not in PLIES:
        raise LevelError(f"ply is one of {', '.join(map(str, PLIES))}, not {ply!r}")


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
    cubeless equity (points per game) for the player making it, the ply it reached and its error
    against the best (never below 0). At 0-ply every legal play is ranked; at 1-ply and 2-ply
    the plays the :data:`MOVE_FILTERS` keep, then others at 0-ply up to :data:`LISTED` (see
    :func:`rank`). With ``game`` (a
    :class:`~bgwidget.game.Game` whose :attr:`~bgwidget.game.Game.start_position` is
    ``position``) the candidates are then ranked by their cubeful value in the game's stakes
    (:func:`judge`). Deterministic for a given input. ``[]`` when no play is possible. Raises
    :class:`~bgwidget.ai.errors.LevelError` for a ply not in :data:`PLIES` or an evaluator that
    is not one, :class:`bgwidget.DiceError` for bad dice, :class:`bgwidget.PositionError` for a
    ``position`` that is not a Position, :class:`bgwidget.GameError` for a ``game`` that is not
    a Game at ``position``.
    """
    check_search(position, ply, evaluator)
    if game is not None:
        check_game(game, position)
    ranked = rank(position.legal_plays(*check_roll(dice)), ply, evaluator)
    return ranked if game is None else judge(ranked, game)


def rank(
    plays: Sequence[Play],
    ply: int,
    evaluator: Evaluator = evaluate_positions,
    *,
    cache: Cache | None = None,
    made: Play | None = None,
    best_only: bool = False,
) -> Analysis:
    """``plays`` (the legal plays of one roll) searched to ``ply`` and ranked, cubeless.

    0-ply: all of them; 1-ply: every play at 0-ply, those the filter of :data:`MOVE_FILTERS`
    ``[1]`` keeps at 1-ply; 2-ply: every play at 0-ply, those the first filter of ``[2]`` keeps
    at 1-ply, those its second keeps at 2-ply, unless only one is left (GNU Backgammon's search
    stops there too: one play needs no deeper look). ``best_only`` (a level choosing its play,
    which reads the first row alone) stops at the first filter already when it leaves one play,
    which then stays at 0-ply. The list holds the plays that reached 1-ply or more, then the best
    others at 0-ply up to :data:`LISTED` rows (at 0-ply, every play), the deepest first, each
    group best first. ``made`` (a play of
    the same roll, a review's) goes through every filter and, with the best, is judged at the
    full depth when it is not the best itself. ``cache`` shares judged positions with other
    searches of the same evaluator. Raises as :func:`bgwidget.ai.search.zero_ply` does, and
    :class:`~bgwidget.ai.errors.LevelError` for a ply not in :data:`PLIES`,
    :class:`bgwidget.IllegalPlayError` for a ``made`` that is not one of ``plays``.
    """
    _check_ply(ply)
    if isinstance(plays, Sequence):  # else zero_ply refuses them
        if made is not None and made not in plays:
            raise IllegalPlayError(f"the play made, {made}, is not one of the plays ranked")
        if not plays:
            return Analysis()
    cache = {} if cache is None else cache
    chances = zero_ply(plays, evaluator)
    reached = np.zeros(len(plays), dtype=int)
    order = first = np.argsort(-equity(chances), kind="stable")
    if ply >= 1:
        filters = MOVE_FILTERS[ply]
        order = _with(order[: filters[0].keep(equity(chances[order]))], plays, made)
        for depth in range(1, ply + 1):
            if len(order) == 1 and (best_only or depth > 1):
                break  # one play left: nothing deeper to decide
            chances[order] = search([plays[i] for i in order], depth, evaluator, cache)
            reached[order] = depth
            order = order[np.argsort(-equity(chances[order]), kind="stable")]
            if depth < ply:
                order = _with(order[: filters[depth].keep(equity(chances[order]))], plays, made)
        # The filtered-out plays stay listed at 0-ply below, up to LISTED rows in all, as GNU
        # Backgammon lists them: a hint still shows the alternatives.
        deeper = first[reached[first] > 0]
        first = np.concatenate([deeper, first[reached[first] == 0][: max(LISTED - len(deeper), 0)]])
    values = equity(chances)
    ranked = sorted(first, key=lambda i: (-reached[i], -values[i]))  # stable: ties keep the 0-ply order
    best = values[ranked[0]]
    rows = []
    for i in ranked:
        win, gammon, backgammon, lose_gammon, lose_backgammon = (float(x) for x in chances[i])
        five = (win, gammon, backgammon, lose_gammon, lose_backgammon)
        error = max(float(best - values[i]), 0.0)  # a shallower value may stand above the deepest best
        rows.append(Candidate(plays[i], five, float(values[i]), error, int(reached[i])))
    return Analysis(rows)


def _with(order: np.ndarray, plays: Sequence[Play], made: Play | None) -> np.ndarray:
    """``order`` (indices into ``plays``) with the index of ``made`` added at the end when missing."""
    if made is None or any(plays[i] == made for i in order):
        return order
    return np.append(order, next(i for i, play in enumerate(plays) if play == made))


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
    ``error`` is then the ``emg`` given up against the best (never below 0). Candidates that
    reached a deeper ply stay above the others, as :func:`rank` orders them. Raises
    :class:`bgwidget.GameError` for a ``game`` that is not a Game.
    """
    context = Context.of(game, game.start_position.turn) if candidates else None
    judged = []
    for candidate in candidates:
        mwc, emg = context.after_play(candidate.probabilities, candidate.play.result)  # type: ignore[union-attr]
        judged.append((candidate, mwc, emg))
    judged.sort(key=lambda row: (-row[0].ply, -row[2]))  # stable: ties keep the search's order
    best = judged[0][2] if judged else 0.0
    return Analysis(replace(c, mwc=mwc, emg=emg, error=max(best - emg, 0.0)) for c, mwc, emg in judged)


def evaluate(
    position: Position, ply: int = 1, evaluator: Evaluator = evaluate_positions, *, cache: Cache | None = None
) -> tuple[float, ...]:
    """The five cubeless chances of the player on roll, before it rolls, searched to ``ply``.

    0-ply gives the evaluator's judgement; 1-ply averages, over the 21 rolls, the chances after
    the player's best play of each roll by 0-ply; 2-ply the same with each of those plays judged
    at 1-ply (:func:`bgwidget.ai.search.position_values`). The chances are a consistent
    distribution (:func:`~bgwidget.ai.evaluator.consistent`). ``cache`` shares judged positions
    with other searches of the same evaluator. Raises :class:`~bgwidget.ai.errors.LevelError`
    for a ply not in :data:`PLIES` or an evaluator that is not one,
    :class:`bgwidget.PositionError` for a ``position`` that is not a Position.
    """
    check_search(position, ply, evaluator)
    if ply == 0 or position.outcome() is not None:
        return tuple(float(x) for x in checked_evaluation(evaluator, [position])[0])
    return tuple(float(x) for x in position_values([position], ply, evaluator, cache)[0])
