"""Layer 6, the state of a board's tools: the set-up being edited, the Expert's advice and the
rollout of its plays, the review shown and the review running.

Plain records that the session (:mod:`bgwidget.session`) keeps and the view state
(:mod:`bgwidget.viewstate`) draws; neither module is imported here.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from bgwidget import ai
from bgwidget.position import Position

if TYPE_CHECKING:
    from bgwidget.ai.context import Context
    from bgwidget.ai.review import Review
    from bgwidget.moves import Play

__all__ = ["HINT_ROLLOUT", "Advice", "Edit", "HintRollout", "HintRolloutSettings", "ReviewJob", "Reviewing"]


@dataclass
class Edit:
    """A position being set up: the board so far (its ``turn`` the side on roll) and the dice."""

    position: Position
    dice: list[int] = field(default_factory=list)


@dataclass
class Reviewing:
    """Review mode: the :class:`~bgwidget.ai.review.Review` shown and the index of the decision
    shown in its ``decisions`` (0 when it has none)."""

    review: Review
    index: int = 0


@dataclass
class ReviewJob:
    """A review running: the flag its worker stops at, how far it is, when progress was last published."""

    cancelled: threading.Event = field(default_factory=threading.Event)
    progress: tuple[int, int] | None = None
    published: float = -math.inf  # time.monotonic() of the last publish for progress


class HintRolloutSettings(NamedTuple):
    """How the board rolls out a hint's plays: the best ``plays`` of the hint, ``trials`` each in
    batches of ``batch`` trials (one published each), truncated after ``truncate`` plies (None: to
    the end; see :func:`bgwidget.ai.rollout`, cubeless with variance reduction), dice from ``seed``."""

    plays: int = 3
    trials: int = 144
    batch: int = 36
    truncate: int | None = 5
    seed: int = 0


HINT_ROLLOUT = HintRolloutSettings()
"""The board's default: a modest rollout, about half a minute on one busy core."""


@dataclass(eq=False)
class HintRollout:
    """The rollout of a hint's best plays: ``plays`` of ``dice`` rolled out with ``settings``,
    ``result`` the trials done so far (None before the first batch), ``running`` while batches go on.
    ``stakes``: the mover's stakes in a match with the cube dead, as the rollout plays (None in
    money play), which turn each play's chances into a match winning chance (:meth:`mwc`)."""

    dice: tuple[int, int]
    plays: list[Play]
    settings: HintRolloutSettings
    result: ai.Rollouts | None = None
    running: bool = True
    stakes: Context | None = None

    @property
    def trials(self) -> int:
        """The trials done for each play."""
        return 0 if not self.result else self.result[0].trials

    @property
    def finished(self) -> bool:
        """Whether every trial asked for is done."""
        return self.trials >= self.settings.trials

    def mwc(self, rolled: ai.Rollout) -> float | None:
        """The mover's cubeless match winning chance after ``rolled``'s play, from its rolled-out
        chances and the match equity table at the score (None in money play)."""
        if self.stakes is None or rolled.play is None:
            return None
        return self.stakes.after_play(rolled.probabilities, rolled.play.result)[0]

    def step(self, position: Position) -> ai.Rollouts:
        """The rollout one batch further: the same numbers as one run of as many trials
        (``resume``). Runs in a worker thread in the background."""
        s = self.settings
        return ai.rollout(  # type: ignore[return-value]  # plays given: a Rollouts
            position,
            self.dice,
            self.plays,
            trials=min(self.trials + s.batch, s.trials),
            seed=s.seed,
            truncate=s.truncate,
            batch=s.batch,
            progress=False,
            resume=self.result,
        )


class Advice(NamedTuple):
    """The Expert's advice asked for with Hint, for ``seat``.

    After a roll: ``candidates`` (:func:`bgwidget.ai.analyse`, best first) from ``position``;
    before a roll or when a double is to be answered: ``decision``, the cube decision from the
    doubler's side (:func:`bgwidget.ai.players.game_cube_decision`).
    """

    seat: int
    position: Position
    candidates: list | None = None
    decision: ai.CubeDecision | None = None
