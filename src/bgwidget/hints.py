"""Layer 6, Hint at the board: the Expert's advice for the decision at hand, and the rollout of its plays.

Advice is asked once per decision (a new game, record entry, phase or turn is a new decision; a
step of the play being made is not) and dropped when the decision changes, with its rollout. The
rollout of the best plays goes one batch of trials at a time (:class:`~bgwidget.tools.HintRollout`),
in the background as the computer's turn does, each batch's numbers published; stopped, it keeps
the trials done, and goes on from them when asked again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from dataclasses import replace

from bgwidget import ai, background
from bgwidget.ai.players import game_cube_decision
from bgwidget.background import short
from bgwidget.game import Game
from bgwidget.intents import IntentError, require_numpy
from bgwidget.position import Position
from bgwidget.tools import HINT_ROLLOUT, Advice, HintRollout

__all__ = ["Hints", "advise", "decision_point", "stakes"]


def decision_point(game: Game) -> Hashable:
    """What identifies the decision at hand in ``game``: a new game, record entry, phase or turn is
    a new decision; a step of the play being made is not."""
    return game, len(game.record), game.phase, game.turn


def advise(game: Game, require_person: Callable[[int, str], None]) -> Advice:
    """The Expert's advice for the seat to act in ``game``: its ranked plays after a roll
    (:func:`bgwidget.ai.analyse`), its cube decision before a roll or when a double is to be
    answered (:func:`bgwidget.ai.players.game_cube_decision`). ``require_person(seat, action)``
    refuses a seat no person plays. Raises :class:`~bgwidget.intents.IntentError` (reason
    ``"no-hint"``) at another moment."""
    seat = game.turn
    if game.phase == "move":
        require_person(seat, "move")
        position, rolled = game.start_position, game.rolled
        assert rolled is not None  # the dice are rolled in "move"
        return Advice(seat, position, candidates=ai.analyse(position, rolled, level="expert", game=game))
    answering = game.phase == "cube" and game.offer is not None and game.offer.kind == "double"
    if game.phase != "roll" and not answering:
        raise IntentError(
            "a hint is for a roll to play, for the cube before rolling, or for a double", reason="no-hint"
        )
    require_person(seat, "take or pass" if answering else "roll")
    return Advice(seat, game.start_position, decision=game_cube_decision(game, level="expert"))


def stakes(game: Game) -> ai.Context | None:
    """The stakes a hint's cubeless rollout is read in: the mover's in a match, its cube made dead
    (no double in a cubeless rollout); None in money play, where its cubeless equity is the number."""
    if not game.rules.match_length:
        return None
    context = ai.Context.of(game, game.turn)
    return replace(context, max_cube=context.cube)


class Hints:
    """The advice shown at one board (``advice``, None when none) and the rollout of its plays
    (``rollout``), rolled out with ``settings``. ``publish()`` publishes the board's state,
    ``say(words)`` gives it news and ``ended()`` (default ``publish``) publishes the end of a
    rollout in the background, when a refusal that it was running no longer holds."""

    def __init__(
        self, publish: Callable[[], None], say: Callable[..., None], ended: Callable[[], None] | None = None
    ) -> None:
        self._publish, self._say = publish, say
        self._ended = publish if ended is None else ended
        self.advice: Advice | None = None
        self._asked_at: Hashable = None  # the decision the advice was asked at
        self.settings = HINT_ROLLOUT
        self.rollout: HintRollout | None = None
        self.preparing = False  # True while the bear-off tables are computed for the hint asked

    def ask(self, game: Game, require_person: Callable[[int, str], None]) -> None:
        """The advice for the seat to act in ``game`` (see :func:`advise`), unless it is already
        shown for this decision (:func:`decision_point`). Raises
        :class:`~bgwidget.intents.IntentError` where numpy is missing (reason ``"needs-numpy"``),
        and what :func:`advise` raises."""
        decision = decision_point(game)
        if self.advice is None or self._asked_at != decision:
            require_numpy("a hint")
            self._prepare_tables(game)
            self.advice = advise(game, require_person)
            self._asked_at = decision

    def _prepare_tables(self, game: Game) -> None:
        """Compute the bear-off tables before a race's first hint in this process (under a second),
        the board saying so meanwhile: the hint would otherwise wait for them unseen."""
        from bgwidget.ai import bearoff  # numpy is there: the hint required it

        if game.start_position.is_race() and not bearoff.loaded():
            self.preparing = True
            self._publish()
            try:
                bearoff.database()
            finally:
                self.preparing = False

    def tidy(self, game: Game, held: bool = False) -> None:
        """Drop the advice of an earlier decision than ``game``'s at hand, and the rollout with it;
        ``held``: the tutor holds an action made at this decision, and the advice goes too (it
        ranked the plays before it, often at a shallower ply than the tutor's judgement)."""
        if self.advice is not None and (held or self._asked_at != decision_point(game)):
            self.advice = None
        if self.advice is None and self.rollout is not None:
            self.rollout.running = False  # a batch still running is dropped when it ends
            self.rollout = None

    def roll_out(self, game: Game, loop: asyncio.AbstractEventLoop | None) -> None:
        """Start, or go on with, the rollout of the best plays of the advice shown for ``game``'s
        decision at hand (its roll): in ``loop``'s executor, or at once without a loop. Raises
        :class:`~bgwidget.intents.IntentError` with no plays advised for it (reason
        ``"no-hint-plays"``), while they are rolled out (``"rolling-out"``) or once they are
        (``"rolled-out"``)."""
        advice, job, rolled = self.advice, self.rollout, game.rolled
        if advice is None or not advice.candidates or self._asked_at != decision_point(game) or rolled is None:
            raise IntentError("a rollout is of the plays of a hint shown after a roll", reason="no-hint-plays")
        if job is not None and job.running:
            raise IntentError("the hint's plays are being rolled out", reason="rolling-out")
        settings = self.settings if job is None else job.settings
        if job is not None and job.finished:
            raise IntentError("the hint's plays are rolled out", reason="rolled-out")
        plays = [c.play for c in advice.candidates[: settings.plays]]
        done = None if job is None else job.result
        job = self.rollout = HintRollout(rolled, plays, settings, done, stakes=stakes(game))
        if loop is None:
            while not job.finished:
                job.result = job.step(advice.position)
                if not job.finished:
                    self._publish()  # each batch's numbers, as in the background
            job.running = False
            return
        self._next_batch(loop, job, advice.position)

    def stop_rollout(self) -> None:
        """Stop the rollout running: the batch running is dropped, the trials done stay shown.
        Raises :class:`~bgwidget.intents.IntentError` (reason ``"no-rollout-running"``) when none runs."""
        if self.rollout is None or not self.rollout.running:
            raise IntentError("no rollout is running", reason="no-rollout-running")
        self.rollout.running = False

    def _next_batch(self, loop: asyncio.AbstractEventLoop, job: HintRollout, position: Position) -> None:
        """Roll out one more batch of ``job`` in a worker thread; publish it, then the next."""

        def apply(result: ai.Rollouts) -> None:
            job.result = result
            job.running = not job.finished
            if job.running:
                self._publish()
                self._next_batch(loop, job, position)
            else:
                self._ended()

        def failed(error: Exception) -> None:
            job.running = False
            self._say(("board.rolloutFailed", {"error": short(error)}))
            self._ended()

        background.run(
            loop,
            lambda: job.step(position),
            current=lambda: self.rollout is job and job.running,  # not stopped, the hint still shown
            apply=apply,
            failed=failed,
            what="the hint's rollout",
        )
