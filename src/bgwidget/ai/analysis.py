"""Analysis of a roll: the candidate plays ranked best first, as GNU Backgammon lists them.

Levels (see :mod:`bgwidget.ai.search` for the ply numbering, GNU Backgammon's):

* ``"easy"``: a legal play chosen uniformly at random (ranked, for analysis, like Medium);
* ``"medium"``: the play whose resulting position the evaluator rates best (0-ply);
* ``"expert"``: the best plays by 0-ply (up to eight), each then judged at 1-ply: every roll of
  the opponent weighted by its probability, answered by the opponent's best reply.
"""

from __future__ import annotations

import html

import numpy as np

from bgwidget.ai.evaluator import equity, evaluate_positions, flip
from bgwidget.ai.search import ROLLS, Candidate, Evaluator, one_ply, zero_ply
from bgwidget.moves import Play
from bgwidget.position import Position

__all__ = ["EXPERT_CANDIDATES", "Analysis", "analyse", "evaluate"]

EXPERT_CANDIDATES = 8
"""How many plays the Expert looks at more deeply."""


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

    def to_dataframe(self):
        """The table as a pandas DataFrame (raises ImportError when pandas is not installed)."""
        import pandas

        return pandas.DataFrame(self.rows(), columns=self.COLUMNS).set_index("#")


def _check_level(level: str) -> None:
    if level not in ("easy", "medium", "expert"):
        raise ValueError(f"level is one of 'easy', 'medium', 'expert', not {level!r}")


def analyse(
    position: Position,
    dice: tuple[int, int],
    level: str = "expert",
    evaluator: Evaluator = evaluate_positions,
) -> Analysis:
    """The candidate plays of ``dice`` for the player on roll, best first.

    Each :class:`~bgwidget.ai.search.Candidate` has the play, its five cubeless chances and
    cubeless equity (points per game) for the player making it, and its error against the best.
    Medium (and Easy) rank every legal play at 0-ply; Expert returns its (up to) eight
    candidates at 1-ply. Deterministic for a given input. ``[]`` when no play is possible.
    Raises ``ValueError`` for an unknown level and :class:`bgwidget.DiceError` for bad dice.
    """
    _check_level(level)
    plays = position.legal_plays(*dice)
    if not plays:
        return Analysis()
    chances = zero_ply(plays, evaluator)
    order = np.argsort(-equity(chances), kind="stable")
    ply = 0
    if level == "expert":
        order = order[:EXPERT_CANDIDATES]
        chances[order] = one_ply([plays[i] for i in order], evaluator)
        order = order[np.argsort(-equity(chances[order]), kind="stable")]
        ply = 1
    values = equity(chances)
    best = values[order[0]]
    return Analysis(
        Candidate(plays[i], tuple(float(x) for x in chances[i]), float(values[i]), float(best - values[i]), ply)
        for i in order
    )


def best_play(
    position: Position, dice: tuple[int, int], level: str, evaluator: Evaluator = evaluate_positions
) -> Play | None:
    """The top candidate of :func:`analyse` (Medium or Expert), or ``None`` when there is no play."""
    candidates = analyse(position, dice, level, evaluator)
    return candidates[0].play if candidates else None


def evaluate(
    position: Position, level: str = "expert", evaluator: Evaluator = evaluate_positions
) -> tuple[float, ...]:
    """The five cubeless chances of the player on roll, before it rolls.

    Medium (and Easy) give the evaluator's judgement; Expert averages, over the 21 rolls, the
    chances after the player's best play of each roll by 0-ply (GNU Backgammon's 1-ply).
    """
    _check_level(level)
    if level != "expert" or position.outcome() is not None:
        return tuple(float(x) for x in evaluator([position])[0])
    total = np.zeros(5)
    for d1, d2, weight in ROLLS:
        plays = position.legal_plays(d1, d2)
        if plays:
            chances = zero_ply(plays, evaluator)
            total += weight * chances[int(np.argmax(equity(chances)))]
        else:
            # No play: the opponent is on roll in the same position.
            total += weight * flip(evaluator([position.swap()])[0])
    return tuple(float(x) for x in total)

