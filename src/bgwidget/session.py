"""Layer 6, the session: a match played at a board, without any widget machinery.

A :class:`Session` holds the :class:`~bgwidget.match.Match` and who sits in each seat (a person,
or a :class:`~bgwidget.ai.players.Player`). It takes *intents*, the dicts a view sends (see
:meth:`Session.handle`), checks each against the game and applies it or refuses it with a
reason; lets the computer act when its turn comes; and after every change hands the new view
state (:func:`bgwidget.viewstate.view_state`) to its ``publish`` callback. ``BoardWidget`` is
this plus anywidget's traitlets; a test or another front end can drive a Session directly.

Intents, every point in board numbering (1..24 from the bottom player's side, ``"bar"``,
``"off"``; see :mod:`bgwidget.viewstate`): ``roll``, ``move`` (``from``, ``to``, optional
``die``), ``undo``, ``done``, ``play`` (``notation``, in the mover's numbering as notation is),
``double``, ``take``, ``pass``, ``resign`` (``points`` 1..3), ``new-game``, ``hint``, ``why``
(``from``: why the checker there cannot move; always refused, with the reason), and for
setting up positions ``edit``, ``edit-move`` (``seat``, ``from``, ``to``), ``edit-turn``
(``turn``), ``edit-dice`` (``dice``: ``[d1, d2]`` or ``[]``), ``edit-id`` (``id``, a Position
ID), ``edit-done`` (play on from the position set up) and ``edit-cancel``; ``export`` (``format``:
``"json"`` or ``"mat"``: the match's text is sent to the view to download, see ``send``); and for
reviewing the match ``review`` (``level``, default ``"expert"``: :func:`bgwidget.ai.review` of a
copy of the match, off the event loop as the computer's turn is), ``review-cancel`` (stop the
review running: the board stays as it was), ``review-go`` (``to``: ``"first"``, ``"previous"``,
``"next"``, ``"last"`` or ``"next-error"``) and ``review-leave`` (back to the game as it was; the
game's intents are refused while a review runs or is shown). While a review runs in the
background, ``review_progress`` (turns reviewed, turns in all) is published as it advances.
With a hint's ranked plays shown, ``hint-rollout`` rolls out its best plays
(:func:`bgwidget.ai.rollout`, settings :attr:`Session.hint_rollout_settings`) one batch of trials
at a time, off the event loop as the computer's turn is, publishing each batch's numbers in the
hint (``hint_rollout``); ``hint-rollout-cancel`` stops it with the trials done kept, and
``hint-rollout`` again goes on from them. It is dropped with the hint when the decision changes
(a step of the play being made does not change it).
An intent may carry the ``revision`` of the state it was made on; an older one is refused as
stale (except ``review-cancel`` and ``hint-rollout-cancel``: a review's progress and a rollout's
batches move the revision while they run).

The computer's turn: with ``background=True`` its decision is computed in a worker thread of the
running asyncio event loop (a Jupyter or marimo kernel's) on a copy of the game, and applied back
on the loop, so the loop stays free to answer the view; one computation per decision, however many
intents arrive meanwhile, and an answer for a game that changed meanwhile is dropped. With
``background=False`` (or when no event loop runs) the computer acts at once, before
:meth:`Session.handle` returns.

No failure of the computer's player stops a game: when it raises, or answers something the
rules do not allow, the computer takes the safe action instead (the first legal play; no
double; take a double) and ``message`` says so. A resignation offered to the computer is
accepted. ``message`` (a dance, such a fallback, the computer's answer to a double, a forced
play made for a person) stays until the next turn's roll.

Every sentence is worded in the board's current ``language`` when it is read (see
:mod:`bgwidget.words`): the session keeps news as catalogue keys and a refusal as the
:class:`~bgwidget.refusal.Refusal` itself.
"""

from __future__ import annotations

import asyncio
import copy
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bgwidget import ai
from bgwidget.ai.errors import LevelError, require_numpy
from bgwidget.ai.players import Player, answers_double, game_cube_decision, get_player, offers_double
from bgwidget.ai.review import Review
from bgwidget.formats import FormatError, to_json, to_mat
from bgwidget.game import Game, GameError
from bgwidget.labels import check_language, has_label, label
from bgwidget.match import Match, match_at_game
from bgwidget.moves import Play, roll_text
from bgwidget.position import CHECKERS, Place, Position, PositionError, PositionIdError, mover_point
from bgwidget.refusal import Refusal
from bgwidget.rules import Rules
from bgwidget.viewstate import ViewState, view_state
from bgwidget.words import Words, say, shown_names

__all__ = [
    "HINT_ROLLOUT",
    "Advice",
    "Edit",
    "HintRollout",
    "HintRolloutSettings",
    "IntentError",
    "Reviewing",
    "Session",
    "check_animation",
    "match_at_game",
]

REVIEW_INTENTS = ("review", "review-cancel", "review-go", "review-leave")
"""The intents of review mode (see the module)."""

CANCELS = ("review-cancel", "hint-rollout-cancel")
"""The intents that name no position: a cancel made on an older state still means what runs."""

TOOL_INTENTS = ("export", "hint", "hint-rollout", "hint-rollout-cancel", "resign", *REVIEW_INTENTS)
"""Intents of the board's tools, refused (with ``edit-*``) on a board made with ``tools=False``."""

REVIEW_STEPS = ("first", "previous", "next", "last", "next-error")
"""Where a ``review-go`` intent goes among the review's decisions."""


class IntentError(Refusal):
    """An intent that is malformed, stale, or not allowed for the seat that sent it: a
    :class:`~bgwidget.refusal.Refusal` whose ``reason`` is ``"stale"``, ``"thinking"`` (the
    computer is playing), ``"computer-seat"``, ``"setting-up"``, ``"game-in-play"``,
    ``"no-person"``, ``"held"`` (the board is held, :meth:`Session.hold`), ``"no-hint"``,
    ``"needs-numpy"`` (a hint or review where numpy is not installed),
    ``"no-hint-plays"`` (a rollout with no hint's plays shown), ``"rolling-out"``, ``"rolled-out"``
    (the hint's plays are being rolled out, or are), ``"no-rollout-running"`` (nothing to stop),
    ``"review-running"`` (a review runs), ``"reviewing"`` (a review is shown), ``"not-reviewing"``,
    ``"no-error"`` (no error after the decision shown), ``"no-review-running"`` (nothing to
    cancel), ``"no-mat"`` (a game set up from a position
    has no ``.mat``), ``"position-id"`` (a Position ID pasted while setting up is not one),
    ``"setup-occupied"`` (a checker set on the other side's point), ``"setup-won"`` (a position
    set up with a side borne off), ``"no-tools"`` (a tool's intent on a board made with
    ``tools=False``), or ``"invalid"`` for a malformed intent."""


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


class _ReviewCancelled(Exception):
    """Raised in the review's worker thread, from its progress callback, once it is cancelled."""


@dataclass
class _ReviewJob:
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
    ``result`` the trials done so far (None before the first batch), ``running`` while batches go on."""

    dice: tuple[int, int]
    plays: list[Play]
    settings: HintRolloutSettings
    result: ai.Rollouts | None = None
    running: bool = True

    @property
    def trials(self) -> int:
        """The trials done for each play."""
        return 0 if not self.result else self.result[0].trials

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


class Session:
    """A match at one board: intents in, game actions out, the computer's turns, the view state.

    Parameters (keyword-only):

    ``players``
        Who plays seat 0 (bottom) and seat 1 (top): ``"human"`` (or ``None``) for a person, a
        level name (``"easy"``, ``"medium"``, ``"expert"``) or any
        :class:`~bgwidget.ai.players.Player` object. Default ``("human", "easy")``.
    ``names``
        The two names shown; default by language ("Computer (<player's name>)" for the computer).
    ``match_length``, ``seed``, ``confirm``
        Points to win (0: money play); the seed of the dice and of Easy's choices; whether each
        play waits for a ``done`` intent.
    ``cube``
        False: money play without the doubling cube (``Rules(cube=False)``: a double is refused
        with reason ``"no-cube"``; the score still runs across games). Not with ``match``.
    ``auto_play_forced``
        True: when a person's roll has exactly one legal play, it is played for them (as GNU
        Backgammon's "automatic move" option does) and ``message`` says so.
    ``teaching``
        Published for the view: True makes the board explain what it refuses (see
        :class:`~bgwidget.viewstate.ViewState`'s ``refusal``); the session answers ``why``
        intents either way.
    ``tools``
        False: a board that only plays, as an exercise's: no Hint, Resign, Set up, Review or
        file exports, whose intents are refused with reason ``"no-tools"``.
    ``position``, ``dice``
        Start from this position (its ``turn`` seat on roll) and with these dice already rolled.
    ``match``
        Play on in this :class:`~bgwidget.match.Match` (see :func:`~bgwidget.match.match_at_game`) instead of a new
        one: its rules, seed and names hold, and ``match_length``, ``seed`` and ``confirm`` are
        not given (``names`` still renames the seats).
    ``language``, ``animation``
        ``"en"``, ``"fr"`` or ``"sv"``; seconds per checker step when the view shows the
        computer's play (the next computer turn waits for it in the background).
    ``background``
        Whether the computer thinks in a worker thread of the running asyncio loop (see the module).
    ``publish``
        Called with each new :class:`~bgwidget.viewstate.ViewState`.
    ``send``
        Called with each message for the view alone: ``{"type": "download", "name": file name,
        "text": the file's text, "mime": its media type}`` for an ``export`` intent.

    Raises :class:`ValueError` (a :class:`~bgwidget.ai.LevelError` for an unknown player) for bad
    settings.
    """

    def __init__(
        self,
        *,
        players: Sequence[str | Player | None] = ("human", "easy"),
        names: Sequence[str] | None = None,
        match_length: int = 0,
        seed: Any = None,
        position: Position | None = None,
        dice: tuple[int, int] | None = None,
        confirm: bool = False,
        cube: bool = True,
        auto_play_forced: bool = False,
        teaching: bool = False,
        tools: bool = True,
        match: Match | None = None,
        language: str = "en",
        animation: float = 0.3,
        background: bool = False,
        publish: Callable[[ViewState], None] | None = None,
        send: Callable[[dict], None] | None = None,
    ) -> None:
        if not isinstance(players, (tuple, list)) or len(players) != 2:
            raise ValueError(f"players are two: one for each seat, not {players!r}")
        specs = tuple(players)
        check_language(language)
        check_animation(animation)
        for name, value in (
            ("cube", cube),
            ("auto_play_forced", auto_play_forced),
            ("teaching", teaching),
            ("tools", tools),
        ):
            if not isinstance(value, bool):
                raise ValueError(f"{name} is True or False, not {value!r}")
        self._language = language
        self.animation = float(animation)
        self.auto_play_forced = auto_play_forced
        """Whether a person's forced play (exactly one legal play) is played for them."""
        self.teaching = teaching
        """Whether the view explains each refusal next to the checker (published as ``teaching``)."""
        self.tools = tools
        """Whether the board offers Hint, Resign, Set up, Review and the file exports (published as
        ``tools``); False: an exercise's board, which only plays, and refuses their intents."""
        rng = random.Random()  # the computer's own choices (never the dice): seeded with the match below
        bottom, top = (None if spec in ("human", None) else get_player(spec, rng=rng) for spec in specs)
        self.players: tuple[Player | None, Player | None] = (bottom, top)
        """The player of each seat, ``None`` for a person."""
        if names is not None and (isinstance(names, str) or len(names) != 2):
            raise ValueError(f"names are two strings, not {names!r}")
        if match is not None:
            if not isinstance(match, Match):
                raise ValueError(f"match must be a Match, not {type(match).__name__}")
            if match_length or seed is not None or confirm or not cube:
                raise ValueError("a given match keeps its own rules and seed: no match_length, seed, confirm or cube")
            names = match.names if names is None else names
        self._named = names is not None  # else the default names, in the board's language
        self.names: tuple[str, str] = (str(names[0]), str(names[1])) if names is not None else self._default_names()
        if match is None:
            rules = Rules(match_length=match_length, auto_confirm=not confirm, cube=cube)
            match = Match.with_rules(rules, seed, names=self.names)
        else:
            match.set_names(self.names)
        self.match = match
        rng.seed(str(self.match.seed) + "/computer")
        self._seed, self._match_number = self.match.seed, 1  # later matches' seeds follow from the first
        self.background = bool(background)
        self.revision = 0
        """Counts the states published; an intent made on an older one is stale."""
        self._news: list[Words] = []  # what ``message`` says, worded when read
        self._message_until: tuple[Game, int] | None = None  # the game and roll count it is cleared after
        self.refusal: Exception | None = None
        """Why the last intent was refused (a :class:`~bgwidget.refusal.Refusal`), None when it was not."""
        self.refused_at: Place | None = None
        """Where the last refusal is shown: the board place of the checker it concerns, or None."""
        self.advice: Advice | None = None
        self.last_play: tuple[int, Position, Play] | None = None
        """The last play made: (seat, position before it, play)."""
        self.edit: Edit | None = None
        """The position being set up, or None."""
        self.thinking = False
        """True while the computer is choosing in the background."""
        self.held = False
        """True while the board is held as it is (:meth:`hold`): every intent is refused."""
        self.held_seat: int | None = None
        """The seat whose side a held board is seen from (:meth:`hold`)."""
        self._publish = publish
        self._send = send
        self.reviewing: Reviewing | None = None
        """The review shown (review mode), or None while the game is shown."""
        self._review_job: _ReviewJob | None = None  # the review running, None when none
        self.hint_rollout_settings = HINT_ROLLOUT
        """How ``hint-rollout`` rolls out the hint's plays (a :class:`HintRolloutSettings`)."""
        self.hint_rollout: HintRollout | None = None
        """The rollout of the hint's plays, running or done; None when none (dropped with the hint)."""
        self._callbacks: list[Callable[[int, Play], None]] = []
        self._advice_at: tuple | None = None  # the decision the advice was asked at (see _decision_point)
        self._pending: Any = None  # the one computation running (a future), or the wait after it
        if position is not None:
            self._play_from(position, dice)
        elif dice is not None:
            raise ValueError("dice need a position to be played from")
        self._after_change()

    @classmethod
    def from_match(cls, match: Match, game: int = 1, *, actions: int = 0, **settings: Any) -> Session:
        """A session that goes on from game ``game`` (1-based) of ``match``, such as a loaded file,
        after its first ``actions`` record entries (see :func:`~bgwidget.match.match_at_game`, which also takes
        ``seed`` and ``confirm`` from ``settings``). The other keywords are the constructor's
        (``players``, ``names``, ``language``...); ``players`` defaults to two people, ``names``
        to the match's. Raises :class:`~bgwidget.game.GameError` as :func:`~bgwidget.match.match_at_game` does.
        """
        seed, confirm = settings.pop("seed", None), settings.pop("confirm", False)
        settings.setdefault("players", ("human", "human"))
        return cls(match=match_at_game(match, game, actions=actions, seed=seed, confirm=confirm), **settings)

    # ----------------------------------------------------------------- reading

    @property
    def game(self) -> Game:
        """The game being played (the last one once the match is over)."""
        return self.match.game

    @property
    def human(self) -> tuple[bool, bool]:
        """Whether a person plays each seat."""
        return self.players[0] is None, self.players[1] is None

    @property
    def seat_to_act(self) -> int:
        """The seat to act now: the game's turn, and in the opening a seat a person plays."""
        if self.game.phase == "opening":
            return 0 if self.players[0] is None or self.players[1] is not None else 1
        return self.game.turn

    @property
    def language(self) -> str:
        """The board's language, ``"en"``, ``"fr"`` or ``"sv"``: every sentence is worded in it when
        read, and the default names follow it. Setting another raises
        :class:`~bgwidget.labels.LanguageError` (publish afterwards to show the change)."""
        return self._language

    @language.setter
    def language(self, language: str) -> None:
        self._language = check_language(language)
        if not self._named:
            self.names = self._default_names()
            self.match.set_names(self.names)

    @property
    def review_running(self) -> bool:
        """True while the match is being reviewed (in the background: see ``review_progress``)."""
        return self._review_job is not None

    @property
    def review_progress(self) -> tuple[int, int] | None:
        """``(done, total)`` of the review running: turns reviewed so far and turns in the whole
        match (:func:`bgwidget.ai.review`'s ``progress``); None before its first turn or when none runs."""
        return None if self._review_job is None else self._review_job.progress

    @property
    def message(self) -> str:
        """News for the person in the board's language (a dance, the computer's answer to a
        double...), "" when none; it stays until the next turn's roll."""
        return " · ".join(say(self.language, shown_names(self.names), words) for words in self._news)

    @property
    def refused(self) -> str:
        """Why the last intent was refused, in the board's language ("" when it was not)."""
        error = self.refusal
        if error is None:
            return ""
        return error.explain(self.language) if isinstance(error, Refusal) else str(error)

    def state(self) -> ViewState:
        """The view state now (what the last publish handed over, unless the game was changed since)."""
        return view_state(self)

    # ----------------------------------------------------------------- actions from Python

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll for the seat on roll (``dice`` fixes the roll); returns the dice. Raises ``GameError``."""
        rolled = self.game.roll(dice)
        self._after_change()
        return rolled

    def play(self, notation: str) -> Play:
        """Play the roll in notation for the seat to move and pass the turn. Raises ``GameError``."""
        play = self._act(lambda: self.game.play(notation))
        self._after_change()
        return play

    def new_game(self) -> None:
        """The next game of the match; a new match once it is over or while a game is in play."""
        if self.game.result is None or self.match.is_over:
            self.new_match()
            return
        self.match.new_game()
        self.last_play = None
        self._after_change()

    def new_match(self) -> None:
        """A new match of the same rules and names, the score at 0-0 and the cube in the middle."""
        # The next match's dice follow from the board's seed too, so a seeded board replays.
        self._match_number += 1
        self.match = Match.with_rules(self.match.rules, f"{self._seed!s}/match {self._match_number}", names=self.names)
        self.last_play = None
        self._after_change()

    def set_position(self, position: Position, dice: tuple[int, int] | None = None) -> None:
        """Play on from ``position`` (its ``turn`` seat on roll), with ``dice`` already rolled if given.

        The cube, score and match stay as they are. Raises :class:`~bgwidget.game.GameError`
        (a ``ValueError``) for a position already won or dice that are not dice.
        """
        self._play_from(position, dice)
        self.last_play, self.held, self.held_seat = None, False, None
        self._after_change()

    def hold(self, seat: int | None = None) -> None:
        """Hold the board as it is, seen from ``seat``'s side (by default the side that played
        last): no button is offered and every intent is refused (reason ``"held"``) until
        :meth:`set_position`. An answered exercise holds its board on the learner's answer
        (:mod:`bgwidget.exercise`). Raises :class:`ValueError` for a seat other than 0, 1 or None."""
        if seat is not None and (type(seat) is not int or seat not in (0, 1)):
            raise ValueError(f"a seat is 0 or 1, not {seat!r}")
        if seat is None and self.last_play is not None:
            seat = self.last_play[0]
        self.held, self.held_seat = True, seat
        self.publish()

    def on_play(self, callback: Callable[[int, Play], None]) -> None:
        """Call ``callback(seat, play)`` after each confirmed play (person or computer)."""
        self._callbacks.append(callback)

    def publish(self) -> None:
        """Hand the view state to ``publish`` with a new revision (after a change of settings too)."""
        self.revision += 1
        if self._publish is not None:
            self._publish(view_state(self))

    # ----------------------------------------------------------------- intents

    def handle(self, intent: Any) -> str | None:
        """Handle one intent; returns the reason it was refused, or None.

        A refused intent changes nothing (but ``refused``); the state is published again either
        way. An unexpected error (a bug, not a bad intent) still republishes, then propagates.
        """
        self.refusal, self.refused_at = None, None
        try:
            self._apply(intent)
        except (IntentError, GameError, PositionError) as error:
            return self.refuse(error, intent)
        except Exception as error:
            self.refusal = IntentError(f"internal error: {error!r}")
            self.publish()
            raise
        self._after_change()
        return None

    def refuse(self, error: IntentError | GameError | PositionError, intent: Any = None) -> str:
        """Refuse ``intent`` for ``error``: nothing changes but ``refused`` (and where its reason is
        shown), the state is published again; returns :attr:`refused`."""
        self.refusal, self.refused_at = error, _shown_at(intent)
        self.publish()  # nothing changed: no computer's turn to start or advice to drop
        return self.refused

    def _apply(self, intent: Any) -> None:
        if not isinstance(intent, dict) or not isinstance(intent.get("type"), str):
            raise IntentError(f"an intent is a dict with a 'type', not {intent!r}")
        # Cancel names no position, and a running review publishes its progress ten times a second:
        # a cancel made on an older state still means this review.
        stale = "revision" in intent and intent["revision"] != self.revision
        if stale and intent["type"] not in CANCELS:
            raise IntentError(
                f"stale intent: it was made on revision {intent['revision']}, the board is at {self.revision}",
                reason="stale",
            )
        kind = intent["type"]
        if self.held:
            raise IntentError("the board is held: set a position to play on", reason="held")
        if kind in TOOL_INTENTS or kind.startswith("edit"):
            self._require_tools(kind)
        if kind == "export":
            self._export(intent.get("format"))
            return
        if self.thinking:
            raise IntentError("the computer is playing: wait for its turn to end", reason="thinking")
        if kind in REVIEW_INTENTS:
            self._apply_review(kind, intent)
            return
        if self.review_running:
            raise IntentError("a review is running: wait for it, or cancel it", reason="review-running")
        if self.reviewing is not None:
            raise IntentError("the board shows a review: leave it to play on", reason="reviewing")
        if kind.startswith("edit"):
            self._apply_edit(kind, intent)
            return
        if self.edit is not None:
            raise IntentError(
                "the board is being set up: finish with 'edit-done' or 'edit-cancel'", reason="setting-up"
            )
        game = self.game
        seat = game.turn
        if kind == "new-game":
            if game.result is None:
                raise IntentError("the game is still in play: a new game starts once it is over", reason="game-in-play")
            self.new_game()
        elif kind == "hint":
            if self.advice is None or self._advice_at != self._decision_point():  # once per decision
                _require_numpy("a hint")
                self.advice = self._advise(game, seat)
                self._advice_at = self._decision_point()
        elif kind == "hint-rollout":
            self._roll_out_hint()
        elif kind == "hint-rollout-cancel":
            job = self.hint_rollout
            if job is None or not job.running:
                raise IntentError("no rollout is running", reason="no-rollout-running")
            job.running = False  # the batch running is dropped; the trials done stay shown
        elif kind == "roll":
            if game.phase == "opening":
                if not any(self.human):
                    raise IntentError("no person plays this game", reason="no-person")
            else:
                self._require_person(seat, "roll")
            self._act(game.roll)
        elif kind == "move":
            self._require_person(seat, "move")
            frm = mover_point(seat, _place(intent.get("from")))
            to = mover_point(seat, _place(intent.get("to")))
            die = intent.get("die")
            self._act(lambda: game.move(frm, to, die=die, seat=seat))
        elif kind == "why":
            self._require_person(seat, "move")
            frm = mover_point(seat, _place(intent.get("from")))
            why = game.check_move(frm, seat=seat)
            raise why if why is not None else IntentError(f"the checker on {frm} can move", reason="can-move")
        elif kind == "undo":
            self._require_person(seat, "undo")
            game.undo(seat=seat)
        elif kind == "done":
            self._require_person(seat, "confirm")
            self._act(lambda: game.confirm(seat=seat))
        elif kind == "play":
            self._require_person(seat, "play")
            notation = intent.get("notation")
            if not isinstance(notation, str):
                raise IntentError(f"a play intent carries 'notation' text, not {notation!r}")
            self._act(lambda: game.play(notation, seat=seat))
        elif kind == "double":
            self._require_person(seat, "double")
            game.double(seat=seat)
        elif kind in ("take", "pass", "beaver", "raccoon"):
            self._require_person(seat, kind)
            answer = {"take": game.take, "pass": game.pass_, "beaver": game.beaver, "raccoon": game.raccoon}[kind]
            answer(seat=seat)
        elif kind == "resign":
            self._resign(intent.get("points", 1))
        else:
            raise IntentError(f"unknown intent type {kind!r}")

    def _require_tools(self, kind: str) -> None:
        if not self.tools:
            raise IntentError(f"this board has no {kind}: it only plays (tools=False)", reason="no-tools")

    def _require_person(self, seat: int, action: str) -> None:
        if self.players[seat] is not None:
            raise IntentError(f"cannot {action}: seat {seat} is played by the computer", reason="computer-seat")

    def _resign(self, points: Any) -> None:
        """A person resigns; the computer accepts, and at one screen the other person does too."""
        game = self.game
        people = [s for s in (0, 1) if self.players[s] is None]
        if not people:
            raise IntentError("no person plays this game", reason="no-person")
        seat = game.turn if len(people) == 2 else people[0]
        if not isinstance(points, int) or isinstance(points, bool):
            raise IntentError(f"a resignation is of 1, 2 or 3 points, not {points!r}")
        game.resign(points, seat=seat)
        game.accept(seat=1 - seat)

    def _act(self, action: Callable[[], Any]) -> Any:
        """Run a game action, remembering the position before it in case it ends a play."""
        game = self.game
        seat, before, last = game.start_position.turn, game.start_position, game.last_play
        recorded = len(game.record)
        result = action()
        for entry in game.record[recorded:]:
            if entry["type"] == "move" and entry["play"] == "":
                dice = roll_text(game.last_roll or ())
                # Before the computer rolls at once, a person's dance is said until their next roll.
                against_computer = self.players[1 - entry["seat"]] is not None
                self._say(("dance", {"seat": entry["seat"], "dice": dice}), before_roll=against_computer)
        if game.last_play is not None and game.last_play is not last:
            self.last_play = (seat, before, game.last_play)
            for callback in self._callbacks:
                callback(seat, game.last_play)
        return result

    def _advise(self, game: Game, seat: int) -> Advice:
        """The Expert's advice for the person to act: ranked plays after a roll, the cube before."""
        if game.phase == "move":
            self._require_person(seat, "move")
            position, rolled = game.start_position, game.rolled
            assert rolled is not None  # the dice are rolled in "move"
            return Advice(seat, position, candidates=ai.analyse(position, rolled, level="expert", game=game))
        answering = game.phase == "cube" and _offer_kind(game) == "double"
        if game.phase != "roll" and not answering:
            raise IntentError(
                "a hint is for a roll to play, for the cube before rolling, or for a double", reason="no-hint"
            )
        self._require_person(seat, "take or pass" if answering else "roll")
        return Advice(seat, game.start_position, decision=game_cube_decision(game, level="expert"))

    def _roll_out_hint(self) -> None:
        """Start (or go on with) the rollout of the hint's best plays (see the module)."""
        advice, job = self.advice, self.hint_rollout
        if advice is None or not advice.candidates or self._advice_at != self._decision_point():
            raise IntentError("a rollout is of the plays of a hint shown after a roll", reason="no-hint-plays")
        if job is not None and job.running:
            raise IntentError("the hint's plays are being rolled out", reason="rolling-out")
        settings = self.hint_rollout_settings if job is None else job.settings
        if job is not None and job.trials >= settings.trials:
            raise IntentError("the hint's plays are rolled out", reason="rolled-out")
        rolled = self.game.rolled
        assert rolled is not None  # plays are advised after a roll
        plays = [c.play for c in advice.candidates[: settings.plays]]
        job = self.hint_rollout = HintRollout(rolled, plays, settings, None if job is None else job.result)
        loop = _running_loop() if self.background else None
        if loop is None:
            while job.trials < settings.trials:
                job.result = job.step(advice.position)
                if job.trials < settings.trials:
                    self.publish()  # each batch's numbers, as in the background
            job.running = False
            return
        self._next_batch(loop, job, advice.position)

    def _next_batch(self, loop: asyncio.AbstractEventLoop, job: HintRollout, position: Position) -> None:
        """Roll out one more batch of ``job`` in a worker thread; publish it, then the next."""
        future = loop.run_in_executor(None, job.step, position)

        def done(fut: asyncio.Future) -> None:  # on the loop's own thread
            if self.hint_rollout is not job or not job.running:  # stopped, or the hint is gone
                fut.exception()  # retrieved, so that asyncio does not log it
                return
            try:
                job.result = fut.result()
            except Exception as error:  # a bug: shown, reported, and the board goes on
                job.running = False
                self._say(("board.rolloutFailed", {"error": _short(error)}))
                self.publish()
                loop.call_exception_handler({"message": "the hint's rollout failed", "exception": error})
                return
            job.running = job.trials < job.settings.trials
            self.publish()
            if job.running:
                self._next_batch(loop, job, position)

        future.add_done_callback(done)

    def _decision_point(self) -> tuple:
        """What identifies the decision being made: a new game, record entry or phase is a new one."""
        game = self.game
        return game, len(game.record), game.phase, game.turn

    def _say(self, words: Words, before_roll: bool = False) -> None:
        """Add ``words`` to ``message`` until the next roll (said before a roll: the roll after that one)."""
        game = self.game
        self._tidy()
        until = _rolls(game) + before_roll
        if self._news and self._message_until is not None:
            until = max(until, self._message_until[1])
        self._news.append(words)
        self._message_until = (game, until)

    # ----------------------------------------------------------------- export and review

    def export(self, format: str) -> tuple[str, str]:
        """The match as a file: ``(file name, text)`` for ``format`` ``"json"``
        (:func:`~bgwidget.formats.to_json`) or ``"mat"`` (:func:`~bgwidget.formats.to_mat`).

        Raises :class:`IntentError` for another format, with reason ``"no-mat"`` for a ``.mat``
        of a match with a game set up from a position (the format cannot hold one), and for a
        match whose numbers are too long for a ``.mat`` file.
        """
        if format not in ("json", "mat"):
            raise IntentError(f"export is to 'json' or 'mat', not {format!r}")
        if format == "json":
            text = to_json(self.match, indent=1)
        else:
            if not all(game.setup["opening"] for game in self.match.games):
                raise IntentError(
                    ".mat plays every game from the opening roll", reason="no-mat", format=".mat", other="JSON"
                )
            try:
                text = to_mat(self.match)
            except FormatError as error:  # numbers too long for the format: a caller's match
                raise IntentError(str(error)) from None
        return f"{_file_stem(self.names)}.{format}", text

    def _export(self, format: Any) -> None:
        name, text = self.export(format)
        if self._send is not None:
            mime = "application/json" if format == "json" else "text/plain"
            self._send({"type": "download", "name": name, "text": text, "mime": mime})

    def review(self, level: str = "expert") -> None:
        """Review the match at ``level`` and show it (see the module: off the event loop in the
        background, at once otherwise). Raises :class:`IntentError` while one runs or the computer
        plays, or on a board with no tools (reason ``"no-tools"``: its view could not step through
        the review or leave it), :class:`~bgwidget.ai.LevelError` for an unknown level."""
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise LevelError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
        self._require_tools("review")
        if self.thinking:
            raise IntentError("the computer is playing: wait for its turn to end", reason="thinking")
        self._apply_review("review", {"level": level})
        self._after_change()

    def cancel_review(self) -> None:
        """Stop the review running in the background: the board stays as it was (the game, or the
        review shown before), and ``message`` says the review was cancelled. Its worker thread stops
        after the turn it is on; what it had reviewed is dropped. Raises :class:`IntentError` (reason
        ``"no-review-running"``) when none runs."""
        self._apply_review("review-cancel", {})
        self._after_change()

    def show_review(self, review: Review) -> None:
        """Show ``review`` (a :class:`~bgwidget.ai.review.Review`, such as one made in Python) at its
        first decision. Raises :class:`IntentError` for something else, while a review runs or on
        a board with no tools (as :meth:`review` does)."""
        if not isinstance(review, Review):
            raise IntentError(f"a review to show is a Review, not {type(review).__name__}")
        self._require_tools("review")
        if self.review_running:
            raise IntentError("a review is running: wait for it, or cancel it", reason="review-running")
        if not review.decisions:
            raise IntentError("the review has no decision to show", reason="not-reviewing")
        self.reviewing = Reviewing(review)
        self._after_change()

    def _apply_review(self, kind: str, intent: dict) -> None:
        if kind == "review-cancel":
            job = self._review_job
            if job is None:
                raise IntentError("no review is running", reason="no-review-running")
            job.cancelled.set()  # the worker stops at its next turn; its answer is dropped
            self._review_job = None
            self._say(("board.reviewCancelled", {}))
            return
        if self.review_running:
            raise IntentError("a review is running: wait for it, or cancel it", reason="review-running")
        if kind == "review":
            if self.edit is not None:  # the match reviewed is the one played, not a board being set up
                raise IntentError(
                    "the board is being set up: finish with 'edit-done' or 'edit-cancel'", reason="setting-up"
                )
            level = intent.get("level", "expert")
            if not isinstance(level, str) or level not in ai.LEVELS:
                raise IntentError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
            if self.reviewing is None:
                _require_numpy("a review")
                self._start_review(level)
            return
        shown = self.reviewing
        if shown is None:
            raise IntentError("no review is shown: start one with 'review'", reason="not-reviewing")
        if kind == "review-leave":
            self.reviewing = None
        else:  # "review-go", the last of REVIEW_INTENTS
            shown.index = _review_step(shown, intent.get("to"))

    def _start_review(self, level: str) -> None:
        match = copy.deepcopy(self.match)  # the review keeps its match; the game goes on in this one
        loop = _running_loop() if self.background else None
        job = self._review_job = _ReviewJob()
        if loop is None:
            try:
                review = ai.review(match, level, progress=lambda done, total: self._progressed(job, done, total))
            finally:
                self._review_job = None
            self._shown(review)
            return

        def progress(done: int, total: int) -> None:  # in the worker thread, after each turn
            if job.cancelled.is_set():
                raise _ReviewCancelled
            loop.call_soon_threadsafe(self._progressed, job, done, total)

        future = loop.run_in_executor(None, lambda: ai.review(match, level, progress=progress))

        def done(fut: asyncio.Future) -> None:  # on the loop's own thread
            if self._review_job is not job:  # cancelled: the board has moved on
                fut.exception()  # retrieved, so that asyncio does not log the cancellation
                return
            self._review_job = None
            try:
                self._shown(fut.result())
            except Exception as error:  # a bug: shown, reported, and the game goes on
                self._say(("board.reviewFailed", {"error": _short(error)}), before_roll=True)
                loop.call_exception_handler({"message": "the review failed", "exception": error})
            self._after_change()

        future.add_done_callback(done)

    def _progressed(self, job: _ReviewJob, done: int, total: int) -> None:
        """The review ``job`` has reviewed ``done`` of ``total`` turns: published at most ten times a
        second (and at the last turn), so that a long match does not flood the view."""
        if self._review_job is not job:
            return  # a progress report that arrives after a cancel
        job.progress = (done, total)
        now = time.monotonic()
        if done < total and now - job.published < 0.1:
            return
        job.published = now
        self.publish()

    def _shown(self, review: Review) -> None:
        """Review mode for ``review``; a review without decisions (no roll yet) only says so."""
        if review.decisions:
            self.reviewing = Reviewing(review)
        else:
            self._say(("board.reviewNone", {}))

    # ----------------------------------------------------------------- setting up positions

    def _apply_edit(self, kind: str, intent: dict) -> None:
        if kind == "edit":
            if self.edit is None:
                self.edit = Edit(self.game.position, list(self.game.rolled or []))
            return
        edit = self.edit
        if edit is None:
            raise IntentError("start setting up with an 'edit' intent first")
        if kind == "edit-move":
            seat = intent.get("seat")
            if type(seat) is not int or seat not in (0, 1):
                raise IntentError(f"a seat is 0 or 1, not {seat!r}")
            edit.position = _moved(edit.position, seat, _place(intent.get("from")), _place(intent.get("to")))
        elif kind == "edit-turn":
            turn = intent.get("turn")
            if type(turn) is not int or turn not in (0, 1):
                raise IntentError(f"the side on roll is 0 or 1, not {turn!r}")
            if turn != edit.position.turn:
                edit.position = edit.position.swap()
        elif kind == "edit-dice":
            dice = intent.get("dice")
            if dice in ([], None):
                edit.dice = []
            elif (
                isinstance(dice, list)
                and len(dice) == 2
                and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
            ):
                edit.dice = list(dice)
            else:
                raise IntentError(f"dice are two numbers 1..6 or none, not {dice!r}")
        elif kind == "edit-id":
            text = intent.get("id")
            if not isinstance(text, str):
                raise IntentError(f"a Position ID is text, not {text!r}")
            try:
                edit.position = Position.from_position_id(text, turn=edit.position.turn)
            except PositionIdError as error:  # a person's paste: said in the board's language, shortened
                pasted = text.strip()
                shown = pasted if len(pasted) <= 20 else pasted[:20] + "…"
                raise IntentError(str(error), reason="position-id", id=shown) from None
        elif kind == "edit-done":
            if edit.position.outcome():
                raise IntentError("the position is already won: nothing to play", reason="setup-won")
            self._play_from(edit.position, tuple(edit.dice) or None)
            self.edit = None
            self.last_play = None
        elif kind == "edit-cancel":
            self.edit = None
        else:
            raise IntentError(f"unknown intent type {kind!r}")

    def _play_from(self, position: Position, dice: Sequence[int] | None) -> None:
        """The game in play (or the next one) becomes one starting from ``position``."""
        if not isinstance(position, Position):
            raise ValueError(f"position must be a Position, not {type(position).__name__}")
        rolled: Any = tuple(dice) if dice else None  # checked by the game: two numbers 1..6
        self.match.play_from(position, rolled)

    # ----------------------------------------------------------------- the computer

    def _computer_to_act(self) -> bool:
        game = self.game
        reviewing = self.reviewing is not None or self.review_running  # the game waits meanwhile
        if self.edit is not None or reviewing or game.phase in ("game-over", "match-over"):
            return False
        if game.phase == "opening":
            return not any(self.human)
        return self.players[game.turn] is not None

    def _decide(self, game: Game) -> tuple[Any, Words | None]:
        """The computer's decision for ``game`` as it stands, and what to say when its player failed.

        ``"move"``: one of the legal plays (or None when there is none); ``"roll"``: whether to
        double first; ``"cube"``: its answer to a double (``"take"``, ``"pass"``, ``"beaver"``).
        Whatever the player raises or answers, the decision is one the rules allow: in its place
        the safe one (see the module). Runs off the event loop in the background, on a copy.
        """
        player = self.players[game.turn]
        if player is None or game.phase not in ("move", "roll", "cube") or _offer_kind(game) == "resign":
            return None, None  # the opening, a resignation to accept: nothing to choose
        try:
            if game.phase == "move":
                assert game.rolled is not None  # the dice are rolled in "move"
                plays = game.start_position.legal_plays(*game.rolled)
                choice = player.choose_play(game.start_position, game.rolled)
                if choice is None and not plays:
                    return None, None
                if not isinstance(choice, Play) or choice not in plays:
                    raise ValueError(f"{choice!r} is not a legal play of {game.rolled[0]}-{game.rolled[1]}")
                return plays[plays.index(choice)], None  # the rules' own play reaching that position
            if game.phase == "roll":
                return offers_double(player, game), None
            if _offer_kind(game) == "double":
                return answers_double(player, game), None
            # A beaver or raccoon to answer: take. A take that was right loses less than the
            # pass at twice the cube (money play is linear in the cube); the computer never raccoons.
            return None, None
        except Exception as error:  # a Player's bug must not stop the game
            safe, what = _safe_decision(game)
            return safe, ("fallback", {"seat": game.turn, "error": _short(error), "what": what})

    def _computer_act(self, decision: Any, failure: Words | None = None) -> None:
        """Apply the computer's decision (see :meth:`_decide`), saying ``failure`` if its player failed."""
        game = self.game
        if failure:
            self._say(failure, before_roll=game.phase in ("roll", "cube"))
        if game.phase == "roll" and decision is True:
            game.double()
        elif game.phase in ("opening", "roll"):
            self._act(game.roll)
        elif game.phase == "move":
            assert isinstance(decision, Play), "a dance passes the turn at the roll"
            self._act(lambda: game.play(str(decision)))
        elif _offer_kind(game) == "resign":
            game.accept()
        elif decision == "beaver":
            answering = game.turn
            game.beaver()
            self._say(("beavers", {"seat": answering}))
        elif decision == "pass":
            game.pass_()  # the result says who passed
        else:
            answering = game.turn
            game.take()
            # A beaver taken leaves the taker on roll: the news outlives the roll it makes at once.
            self._say(("takes", {"seat": answering}), before_roll=game.turn == answering)

    def _after_change(self) -> None:
        """Publish the state, then let the computer act if it is its turn. A refusal shown is of
        the state before this change (a click while the computer played): it is dropped."""
        self.refusal, self.refused_at = None, None
        self._play_forced()
        self._tidy()
        if not self._computer_to_act():
            self.thinking = False
            self.publish()
            return
        if self.background and self._pending is not None:
            self.thinking = True
            self.publish()  # the one computation running answers when it is done
            return
        loop = _running_loop() if self.background else None
        if loop is None:
            try:
                while self._computer_to_act():
                    self._computer_act(*self._decide(self.game))
                    self._tidy()
            except Exception as error:  # a bug, not a Player's: shown and published, then raised
                self._say(("computerError", {"error": _short(error)}), before_roll=True)
                raise
            finally:
                self.thinking = False
                self.publish()
            return
        self.thinking = True
        self.publish()
        self._start_thinking(loop)

    def _play_forced(self) -> None:
        """With ``auto_play_forced``, play a person's roll that has exactly one legal play."""
        game = self.game
        if not self.auto_play_forced or self.edit is not None or game.phase != "move" or game.steps:
            return
        seat = game.turn
        plays = game.legal_plays
        if self.players[seat] is not None or len(plays) != 1:
            return
        notation = str(plays[0])
        self._act(lambda: game.play(notation, seat=seat))
        self._say(("forced", {"seat": seat, "play": notation}), before_roll=True)  # outlives the next roll

    def _tidy(self) -> None:
        """Drop the advice and the news that belong to an earlier decision or turn."""
        game = self.game
        if self.advice is not None and self._advice_at != self._decision_point():
            self.advice = None  # advice is for the decision it was asked at
        if self.advice is None and self.hint_rollout is not None:
            self.hint_rollout.running = False  # a batch still running is dropped when it ends
            self.hint_rollout = None
        until = self._message_until
        if self._news and (until is None or until[0] is not game or _rolls(game) > until[1]):
            self._news = []

    def _start_thinking(self, loop: asyncio.AbstractEventLoop) -> None:
        game = self.game
        snapshot = (game, game.phase, len(game.record))
        future = loop.run_in_executor(None, self._decide, copy.deepcopy(game))  # the live game may change
        self._pending = future

        def done(fut: asyncio.Future) -> None:  # asyncio runs it on the loop's own thread
            self._pending = None
            decision, failure = fut.result()  # _decide raises nothing a Player can cause
            if snapshot != (self.game, self.game.phase, len(self.game.record)):
                self._after_change()  # the game changed meanwhile (notebook code): think again
                return
            try:
                self._computer_act(decision, failure)
            except Exception as error:  # a bug, not a Player's: shown, reported, and the seat waits
                self._say(("computerError", {"error": _short(error)}), before_roll=True)
                self.thinking = False
                self.publish()
                loop.call_exception_handler({"message": "the computer's turn failed", "exception": error})
                return
            last = self.last_play
            delay = self.animation * (len(last[2].moves) + 1) if last and self._computer_to_act() else 0
            if delay:
                self.thinking = True
                self._tidy()
                self.publish()
                self._pending = loop.call_later(delay, self._resume)
            else:
                self._after_change()

        future.add_done_callback(done)

    def _resume(self) -> None:
        self._pending = None
        self._after_change()

    # ----------------------------------------------------------------- names

    def _default_names(self) -> tuple[str, str]:
        words = {key: label(self.language, key) for key in ("nameYou", "nameComputer", "nameBottom", "nameTop")}
        if self.players == (None, None):
            return words["nameBottom"], words["nameTop"]
        bottom, top = (
            words["nameYou"] if p is None else f"{words['nameComputer']} ({self._level(p)})" for p in self.players
        )
        return bottom, top

    def _level(self, player: Player) -> str:
        """A player's name in the board's language: a level's from the catalogue, another's as it is."""
        key = f"level.{player.name}"
        return label(self.language, key) if has_label(key) else player.name


MAX_ANIMATION = 10.0
"""The longest a checker step of the computer's play may be shown, in seconds."""


def check_animation(animation: Any) -> None:
    """Raise :class:`ValueError` unless ``animation`` is a number of seconds from 0 to
    :data:`MAX_ANIMATION` (a longer step would leave the computer's turn hanging for hours)."""
    if not isinstance(animation, (int, float)) or isinstance(animation, bool) or not 0 <= animation <= MAX_ANIMATION:
        raise ValueError(f"animation is a number of seconds from 0 to {MAX_ANIMATION}, not {animation!r}")


def _review_step(shown: Reviewing, to: Any) -> int:
    """The index a ``review-go`` intent goes to (see :data:`REVIEW_STEPS`)."""
    if to not in REVIEW_STEPS:
        raise IntentError(f"a review goes to one of {', '.join(REVIEW_STEPS)}, not {to!r}")
    decisions, index = shown.review.decisions, shown.index
    last = max(len(decisions) - 1, 0)
    if to == "next-error":
        for later in range(index + 1, len(decisions)):
            if decisions[later].mark:
                return later
        raise IntentError("no error after this decision", reason="no-error")
    return {"first": 0, "previous": max(index - 1, 0), "next": min(index + 1, last), "last": last}[to]


def _file_stem(names: Sequence[str]) -> str:
    """A file name from the seats' names: letters, digits, ``-`` and ``_`` only ("Ann-vs-Bo")."""
    parts = ["".join(ch for ch in name if ch.isalnum() or ch in "-_")[:30] for name in names]
    return "-vs-".join(part or "player" for part in parts)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _rolls(game: Game) -> int:
    """How many rolls the game has had (the opening counts): the turns begun."""
    return sum(entry["type"] in ("opening", "roll") for entry in game.record)


def _safe_decision(game: Game) -> tuple[Any, Words]:
    """The decision the computer falls back on, and its words: the first legal play, no double, take."""
    if game.phase == "move":
        assert game.rolled is not None  # the dice are rolled in "move"
        plays = game.start_position.legal_plays(*game.rolled)
        return (plays[0], ("safePlayed", {"play": str(plays[0])})) if plays else (None, ("safeNoPlay", {}))
    if game.phase == "roll":
        return False, ("safeNoDouble", {})
    return "take", ("safeTook", {})


def _short(error: BaseException) -> str:
    """An error in one short line for the status: its type and the start of its message."""
    text = str(error).splitlines()[0] if str(error) else ""
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _require_numpy(what: str) -> None:
    """Refuse ``what`` on a board without numpy (a Pyodide kernel): people and Easy play on."""
    try:
        require_numpy(what)
    except ImportError as error:
        raise IntentError(str(error), reason="needs-numpy", package="numpy", command="pip install numpy") from None


def _shown_at(intent: Any) -> Place | None:
    """Where a refused intent's reason is shown: the place of the checker it tried to move."""
    if isinstance(intent, dict) and intent.get("type") in ("move", "why"):
        try:
            return _place(intent.get("from"))
        except IntentError:
            return None
    return None


def _offer_kind(game: Game) -> str | None:
    return game.offer.kind if game.offer is not None else None


def _place(value: Any) -> Place:
    """A place of an intent in board numbering: 1..24, ``"bar"`` or ``"off"``."""
    if value in ("bar", "off"):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    raise IntentError(f"{value!r} is not a point (1..24, 'bar' or 'off')")


def _moved(position: Position, seat: int, frm: Place, to: Place) -> Position:
    """``position`` with one checker of ``seat`` moved between board places (set-up mode)."""
    sides = [list(position.seat_points(0)), list(position.seat_points(1))]
    mine = sides[seat]
    if frm == "off":
        if sum(mine) >= CHECKERS:
            raise IntentError(f"seat {seat} has no checker off the board")
    else:
        index = mover_point(seat, frm) - 1
        if not mine[index]:
            raise IntentError(f"seat {seat} has no checker on {frm}")
        mine[index] -= 1
    if to != "off":
        index = mover_point(seat, to) - 1
        if index < 24 and sides[1 - seat][23 - index]:  # the other side's point (the bars are apart)
            raise IntentError(reason="setup-occupied")
        mine[index] += 1
    bottom, top = sides
    return Position(bottom, top, 0).swap() if position.turn == 1 else Position(bottom, top, 0)
