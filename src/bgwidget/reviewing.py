"""Layer 6, a review at the board: the review running in the background and the review shown.

A board reviews a copy of its match with :func:`bgwidget.ai.review` (off the event loop in the
background, as the computer's turn is, publishing its progress at most ten times a second), then
shows it decision by decision until the person leaves it; the game waits meanwhile. Cancelling a
running review keeps the board as it was.
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Callable
from typing import Any

from bgwidget import ai, background
from bgwidget.ai.review import Review
from bgwidget.background import short
from bgwidget.intents import REVIEW_STEPS, IntentError, require_numpy
from bgwidget.match import Match
from bgwidget.tools import Reviewing, ReviewJob

__all__ = ["Reviews"]


class _ReviewCancelled(Exception):
    """Raised in the review's worker thread, from its progress callback, once it is cancelled."""


class Reviews:
    """The review of one board: ``shown`` (review mode, or None while the game is shown) and the
    review running (:attr:`running`, :attr:`progress`).

    ``publish()`` publishes the board's state, ``say(words, before_roll=False)`` gives it news, and
    ``changed()`` is the board's reaction to a change (publish, then let the computer act).
    """

    def __init__(self, publish: Callable[[], None], say: Callable[..., None], changed: Callable[[], None]) -> None:
        self._publish, self._say, self._changed = publish, say, changed
        self.shown: Reviewing | None = None
        self._job: ReviewJob | None = None

    @property
    def running(self) -> bool:
        """True while a review runs."""
        return self._job is not None

    @property
    def progress(self) -> tuple[int, int] | None:
        """``(done, total)`` turns of the review running; None before its first turn or when none runs."""
        return None if self._job is None else self._job.progress

    def check_not_running(self) -> None:
        """Raise :class:`~bgwidget.intents.IntentError` (reason ``"review-running"``) while one runs."""
        if self._job is not None:
            raise IntentError("a review is running: wait for it, or cancel it", reason="review-running")

    def review(self, match: Match, level: Any, loop: asyncio.AbstractEventLoop | None) -> None:
        """Review ``match`` at ``level`` (one of :data:`bgwidget.ai.LEVELS`) and show it, unless a
        review is shown already (see :meth:`start`). Raises :class:`~bgwidget.intents.IntentError`
        while one runs, for another level, or without numpy."""
        self.check_not_running()
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise IntentError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
        if self.shown is None:
            require_numpy("a review")
            self.start(match, level, loop)

    def show(self, review: Any) -> None:
        """Show ``review`` (a :class:`~bgwidget.ai.review.Review`) at its first decision. Raises
        :class:`~bgwidget.intents.IntentError` for something else, while one runs, or for a review
        without decisions (reason ``"not-reviewing"``)."""
        if not isinstance(review, Review):
            raise IntentError(f"a review to show is a Review, not {type(review).__name__}")
        self.check_not_running()
        if not review.decisions:
            raise IntentError("the review has no decision to show", reason="not-reviewing")
        self.shown = Reviewing(review)

    def start(self, match: Match, level: str, loop: asyncio.AbstractEventLoop | None) -> None:
        """Review a copy of ``match`` at ``level`` and show it: in ``loop``'s executor, or at once
        without a loop. A review without decisions (no roll yet) only says so."""
        match = copy.deepcopy(match)  # the review keeps its match; the game goes on in the board's
        job = self._job = ReviewJob()
        if loop is None:
            try:
                review = ai.review(match, level, progress=lambda done, total: self._progressed(job, done, total))
            finally:
                self._job = None
            self._show(review)
            return

        def progress(done: int, total: int) -> None:  # in the worker thread, after each turn
            if job.cancelled.is_set():
                raise _ReviewCancelled
            loop.call_soon_threadsafe(self._progressed, job, done, total)

        def apply(review: Review) -> None:
            self._job = None
            self._show(review)
            self._changed()

        def failed(error: Exception) -> None:
            self._job = None
            self._say(("board.reviewFailed", {"error": short(error)}), before_roll=True)
            self._changed()

        background.run(
            loop,
            lambda: ai.review(match, level, progress=progress),
            current=lambda: self._job is job,  # else cancelled: the board has moved on
            apply=apply,
            failed=failed,
            what="the review",
        )

    def cancel(self) -> None:
        """Stop the review running: its worker stops after the turn it is on, its answer is dropped.
        Raises :class:`~bgwidget.intents.IntentError` (reason ``"no-review-running"``) when none runs."""
        if self._job is None:
            raise IntentError("no review is running", reason="no-review-running")
        self._job.cancelled.set()
        self._job = None
        self._say(("board.reviewCancelled", {}))

    def go(self, to: Any) -> None:
        """Show another decision: ``to`` one of :data:`~bgwidget.intents.REVIEW_STEPS`. Raises
        :class:`~bgwidget.intents.IntentError` for another ``to``, with no review shown (reason
        ``"not-reviewing"``), or no error after the decision shown (``"no-error"``)."""
        shown = self._shown()
        if to not in REVIEW_STEPS:
            raise IntentError(f"a review goes to one of {', '.join(REVIEW_STEPS)}, not {to!r}")
        decisions, index = shown.review.decisions, shown.index
        last = max(len(decisions) - 1, 0)
        if to == "next-error":
            later = next((i for i in range(index + 1, len(decisions)) if decisions[i].mark), None)
            if later is None:
                raise IntentError("no error after this decision", reason="no-error")
            shown.index = later
        else:
            shown.index = {"first": 0, "previous": max(index - 1, 0), "next": min(index + 1, last), "last": last}[to]

    def leave(self) -> None:
        """Back to the game. Raises :class:`~bgwidget.intents.IntentError` when no review is shown."""
        self._shown()
        self.shown = None

    def _shown(self) -> Reviewing:
        self.check_not_running()
        if self.shown is None:
            raise IntentError("no review is shown: start one with 'review'", reason="not-reviewing")
        return self.shown

    def _progressed(self, job: ReviewJob, done: int, total: int) -> None:
        """The review ``job`` has reviewed ``done`` of ``total`` turns: published at most ten times a
        second (and at the last turn), so that a long match does not flood the view."""
        if self._job is not job:
            return  # a progress report that arrives after a cancel
        job.progress = (done, total)
        now = time.monotonic()
        if done < total and now - job.published < 0.1:
            return
        job.published = now
        self._publish()

    def _show(self, review: Review) -> None:
        if review.decisions:
            self.shown = Reviewing(review)
        else:
            self._say(("board.reviewNone", {}))
