"""Layer 6, the session: a match played at a board, without any widget machinery.

A :class:`Session` holds the :class:`~bgwidget.match.Match` and who sits in each seat
(:mod:`bgwidget.seats`: a person, or the computer's :class:`~bgwidget.ai.players.Player`). It takes
*intents*, the dicts a view sends (:mod:`bgwidget.intents` lists them), checks each against the
game and applies it or refuses it with a reason; lets the computer act when its turn comes; and
after every change hands the new view state (:func:`bgwidget.viewstate.view_state`) to its
``publish`` callback. ``BoardWidget`` is this plus anywidget's traitlets; a test or another front
end can drive a Session directly. Its parts live beside it: the intents' handlers for a person's
game actions (:mod:`bgwidget.actions`), Hint (:mod:`bgwidget.hints`), the review
(:mod:`bgwidget.reviewing`), the set-up editor (:mod:`bgwidget.editor`), the file export
(:mod:`bgwidget.exports`), the news (:mod:`bgwidget.news`), the computer's decisions
(:mod:`bgwidget.computer`) and the work off the event loop (:mod:`bgwidget.background`).

An intent may carry the ``revision`` of the state it was made on; an older one is refused as
stale (except ``review-cancel`` and ``hint-rollout-cancel``: a review's progress and a rollout's
batches move the revision while they run). The game's intents are refused while a review runs or
is shown, or the board is being set up.

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
import random
from collections.abc import Callable, Sequence
from typing import Any

from bgwidget import actions, ai, background, computer, editor, exports
from bgwidget.ai.errors import LevelError
from bgwidget.ai.players import Player
from bgwidget.ai.review import Review
from bgwidget.checks import is_int
from bgwidget.game import Game, GameError
from bgwidget.hints import Hints
from bgwidget.intents import CANCELS, TOOL_INTENTS, IntentError, intent_type, require_numpy, shown_at
from bgwidget.labels import check_language
from bgwidget.match import Match, match_at_game
from bgwidget.moves import Play, roll_text
from bgwidget.news import News
from bgwidget.position import Place, Position, PositionError
from bgwidget.refusal import Refusal
from bgwidget.reviewing import Reviews
from bgwidget.rules import Rules
from bgwidget.seats import Seat, default_names, seats_of
from bgwidget.tools import HINT_ROLLOUT, Advice, Edit, HintRollout, HintRolloutSettings, Reviewing
from bgwidget.viewstate import ViewState, view_state
from bgwidget.words import Words, shown_names

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

MAX_ANIMATION = 10.0
"""The longest a checker step of the computer's play may be shown, in seconds."""


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
        Play on in this :class:`~bgwidget.match.Match` (see :func:`~bgwidget.match.match_at_game`)
        instead of a new one: its rules, seed and names hold, and ``match_length``, ``seed`` and
        ``confirm`` are not given (``names`` still renames the seats).
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
        rng = random.Random()  # the computer's own choices (never the dice): seeded with the match below
        self.seats: tuple[Seat, Seat] = seats_of(players, rng)
        """Who acts for each seat (:class:`~bgwidget.seats.Seat`)."""
        check_language(language)
        check_animation(animation)
        flags = {"cube": cube, "auto_play_forced": auto_play_forced, "teaching": teaching, "tools": tools}
        for name, value in flags.items():
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
        self.match = self._match_of(match, names, match_length, seed, confirm, cube)
        rng.seed(str(self.match.seed) + "/computer")
        self._seed, self._match_number = self.match.seed, 1  # later matches' seeds follow from the first
        self.background = bool(background)
        self._publish, self._send = publish, send
        self._reset_board_state()
        if position is not None:
            self._play_from(position, dice)
        elif dice is not None:
            raise ValueError("dice need a position to be played from")
        self._after_change()

    def _match_of(
        self, match: Match | None, names: Any, match_length: int, seed: Any, confirm: bool, cube: bool
    ) -> Match:
        """The match to play: ``match`` renamed, or a new one of these rules; sets the names."""
        if names is not None and (isinstance(names, str) or len(names) != 2):
            raise ValueError(f"names are two strings, not {names!r}")
        if match is not None:
            if not isinstance(match, Match):
                raise ValueError(f"match must be a Match, not {type(match).__name__}")
            if match_length or seed is not None or confirm or not cube:
                raise ValueError("a given match keeps its own rules and seed: no match_length, seed, confirm or cube")
            names = match.names if names is None else names
        self._named = names is not None  # else the default names, in the board's language
        self.names: tuple[str, str] = (
            (str(names[0]), str(names[1])) if names is not None else default_names(self.seats, self.language)
        )
        if match is None:
            rules = Rules(match_length=match_length, auto_confirm=not confirm, cube=cube)
            return Match.with_rules(rules, seed, names=self.names)
        match.set_names(self.names)
        return match

    def _reset_board_state(self) -> None:
        """What a new board shows: no news, refusal, advice, set-up, review or computation."""
        self.revision = 0
        """Counts the states published; an intent made on an older one is stale."""
        self._news = News()
        self.refusal: Exception | None = None
        """Why the last intent was refused (a :class:`~bgwidget.refusal.Refusal`), None when it was not."""
        self.refused_at: Place | None = None
        """Where the last refusal is shown: the board place of the checker it concerns, or None."""
        self.hints = Hints(self.publish, self._say)
        """Hint's advice and the rollout of its plays (:class:`~bgwidget.hints.Hints`)."""
        self.reviews = Reviews(self.publish, self._say, self._after_change)
        """The review running and the review shown (:class:`~bgwidget.reviewing.Reviews`)."""
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
        self._callbacks: list[Callable[[int, Play], None]] = []
        self._pending: Any = None  # the one computation running (a future), or the wait after it
        self._routes = self._intent_routes()  # built once: every intent is looked up in it

    @classmethod
    def from_match(cls, match: Match, game: int = 1, *, actions: int = 0, **settings: Any) -> Session:
        """A session that goes on from game ``game`` (1-based) of ``match``, such as a loaded file,
        after its first ``actions`` record entries (see :func:`~bgwidget.match.match_at_game`, which
        also takes ``seed`` and ``confirm`` from ``settings``). The other keywords are the
        constructor's (``players``, ``names``, ``language``...); ``players`` defaults to two
        people, ``names`` to the match's. Raises :class:`~bgwidget.game.GameError` as
        :func:`~bgwidget.match.match_at_game` does.
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
    def players(self) -> tuple[Player | None, Player | None]:
        """The player of each seat, ``None`` for a person."""
        return self.seats[0].player, self.seats[1].player

    @property
    def human(self) -> tuple[bool, bool]:
        """Whether a person at this board plays each seat."""
        return self.seats[0].takes_intents, self.seats[1].takes_intents

    @property
    def seat_to_act(self) -> int:
        """The seat to act now: the game's turn, and in the opening a seat a person plays."""
        if self.game.phase == "opening":
            return 0 if self.human[0] or not self.human[1] else 1
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
            self.names = default_names(self.seats, self.language)
            self.match.set_names(self.names)

    @property
    def advice(self) -> Advice | None:
        """The Expert's advice shown for the decision at hand, None when none."""
        return self.hints.advice

    @property
    def hint_rollout(self) -> HintRollout | None:
        """The rollout of the hint's plays, running or done; None when none (dropped with the hint)."""
        return self.hints.rollout

    @property
    def hint_rollout_settings(self) -> HintRolloutSettings:
        """How ``hint-rollout`` rolls out the hint's plays (:data:`~bgwidget.tools.HINT_ROLLOUT` by default)."""
        return self.hints.settings

    @hint_rollout_settings.setter
    def hint_rollout_settings(self, settings: HintRolloutSettings) -> None:
        self.hints.settings = settings

    @property
    def reviewing(self) -> Reviewing | None:
        """The review shown (review mode), or None while the game is shown."""
        return self.reviews.shown

    @property
    def review_running(self) -> bool:
        """True while the match is being reviewed (in the background: see ``review_progress``)."""
        return self.reviews.running

    @property
    def review_progress(self) -> tuple[int, int] | None:
        """``(done, total)`` of the review running: turns reviewed so far and turns in the whole
        match (:func:`bgwidget.ai.review`'s ``progress``); None before its first turn or when none runs."""
        return self.reviews.progress

    @property
    def message(self) -> str:
        """News for the person in the board's language (a dance, the computer's answer to a
        double...), "" when none; it stays until the next turn's roll."""
        return self._news.text(self.language, shown_names(self.names))

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
        if seat is not None and (not is_int(seat) or seat not in (0, 1)):
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
        """Handle one intent (:mod:`bgwidget.intents`); returns the reason it was refused, or None.

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
        self.refusal, self.refused_at = error, shown_at(intent)
        self.publish()  # nothing changed: no computer's turn to start or advice to drop
        return self.refused

    def _apply(self, intent: Any) -> None:
        """Check ``intent`` against the board, then run its handler (see :meth:`_intent_routes`)."""
        kind = intent_type(intent)
        # A cancel names no position, and a running review publishes its progress ten times a
        # second: a cancel made on an older state still means what runs.
        if "revision" in intent and intent["revision"] != self.revision and kind not in CANCELS:
            raise IntentError(
                f"stale intent: it was made on revision {intent['revision']}, the board is at {self.revision}",
                reason="stale",
            )
        if self.held:
            raise IntentError("the board is held: set a position to play on", reason="held")
        editing = kind.startswith("edit")
        if kind in TOOL_INTENTS or editing:
            self._require_tools(kind)
        guards, handler = self._routes.get(kind) or ((3, self._edit) if editing else (4, self._unknown))
        for guard in self._guards()[:guards]:
            guard()
        handler(kind, intent)

    def _intent_routes(self) -> dict[str, tuple[int, Callable[[str, dict], None]]]:
        """Every intent type (:mod:`bgwidget.intents`): how many of :meth:`_guards` it passes first
        (the export none, the review's intents the first, the set-up's three, the game's all), and
        its handler, called with the type and the intent."""
        hints, reviews, decision = self.hints, self.reviews, self._decision_point
        return {
            "export": (0, lambda kind, intent: self._export(intent.get("format"))),
            "review": (1, lambda kind, intent: self._review(intent.get("level", "expert"))),
            "review-cancel": (1, lambda kind, intent: reviews.cancel()),
            "review-go": (1, lambda kind, intent: reviews.go(intent.get("to"))),
            "review-leave": (1, lambda kind, intent: reviews.leave()),
            **dict.fromkeys(("edit", "edit-done", "edit-cancel", *editor.EDITS), (3, self._edit)),
            "new-game": (4, self._new_game),
            "hint": (4, lambda kind, intent: hints.ask(decision(), self.game, self._require_person)),
            "hint-rollout": (4, lambda kind, intent: hints.roll_out(decision(), self.game.rolled, self._loop())),
            "hint-rollout-cancel": (4, lambda kind, intent: hints.stop_rollout()),
            **dict.fromkeys(actions.ACTIONS, (4, self._person_acts)),
            "resign": (4, lambda kind, intent: actions.resign(self.game, self.human, intent.get("points", 1))),
        }

    def _guards(self) -> tuple[Callable[[], None], ...]:
        """What an intent must not meet, in the order checked: the computer playing, a review
        running, a review shown, a board being set up."""
        return (self._not_thinking, self.reviews.check_not_running, self._no_review_shown, self._not_setting_up)

    def _not_thinking(self) -> None:
        if self.thinking:
            raise IntentError("the computer is playing: wait for its turn to end", reason="thinking")

    def _no_review_shown(self) -> None:
        if self.reviewing is not None:
            raise IntentError("the board shows a review: leave it to play on", reason="reviewing")

    def _not_setting_up(self) -> None:
        if self.edit is not None:
            raise IntentError(
                "the board is being set up: finish with 'edit-done' or 'edit-cancel'", reason="setting-up"
            )

    def _unknown(self, kind: str, intent: dict) -> None:
        raise IntentError(f"unknown intent type {kind!r}")

    def _new_game(self, kind: str, intent: dict) -> None:
        if self.game.result is None:
            raise IntentError("the game is still in play: a new game starts once it is over", reason="game-in-play")
        self.new_game()

    def _edit(self, kind: str, intent: dict) -> None:
        """The set-up's intents: start it, change it (:mod:`bgwidget.editor`), play on from it, leave it."""
        if kind == "edit":
            if self.edit is None:
                self.edit = Edit(self.game.position, list(self.game.rolled or []))
            return
        edit = self.edit
        if edit is None:
            raise IntentError("start setting up with an 'edit' intent first")
        if kind == "edit-done":
            if edit.position.outcome():
                raise IntentError("the position is already won: nothing to play", reason="setup-won")
            self._play_from(edit.position, tuple(edit.dice) or None)
            self.edit, self.last_play = None, None
        elif kind == "edit-cancel":
            self.edit = None
        elif kind in editor.EDITS:
            editor.apply(edit, kind, intent)
        else:
            raise IntentError(f"unknown intent type {kind!r}")

    def _require_tools(self, kind: str) -> None:
        if not self.tools:
            raise IntentError(f"this board has no {kind}: it only plays (tools=False)", reason="no-tools")

    def _person_acts(self, kind: str, intent: dict) -> None:
        """A game intent (:data:`~bgwidget.actions.ACTIONS`) from a person at this board."""
        game = self.game
        if kind == "roll" and game.phase == "opening":
            if not any(self.human):
                raise IntentError("no person plays this game", reason="no-person")
        else:
            self._require_person(game.turn, actions.VERBS.get(kind, kind))
        actions.apply(game, game.turn, kind, intent, self._act)

    def _require_person(self, seat: int, action: str) -> None:
        if not self.seats[seat].takes_intents:
            raise IntentError(f"cannot {action}: seat {seat} is played by the computer", reason="computer-seat")

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
                against_computer = not self.seats[1 - entry["seat"]].takes_intents
                self._say(("dance", {"seat": entry["seat"], "dice": dice}), before_roll=against_computer)
        if game.last_play is not None and game.last_play is not last:
            self.last_play = (seat, before, game.last_play)
            for callback in self._callbacks:
                callback(seat, game.last_play)
        return result

    def _say(self, words: Words, before_roll: bool = False) -> None:
        """Add ``words`` to ``message`` until the next roll (:meth:`~bgwidget.news.News.add`)."""
        self._tidy()
        self._news.add(self.game, words, before_roll)

    # ----------------------------------------------------------------- advice

    def _decision_point(self) -> tuple:
        """What identifies the decision being made: a new game, record entry or phase is a new one."""
        game = self.game
        return game, len(game.record), game.phase, game.turn

    # ----------------------------------------------------------------- export and review

    def export(self, format: str) -> tuple[str, str]:
        """The match as a file, ``(file name, text)``: :func:`bgwidget.exports.match_file`."""
        return exports.match_file(self.match, format)

    def _export(self, format: Any) -> None:
        name, text = self.export(format)
        if self._send is not None:
            self._send({"type": "download", "name": name, "text": text, "mime": exports.MEDIA_TYPES[format]})

    def review(self, level: str = "expert") -> None:
        """Review the match at ``level`` and show it (see the module: off the event loop in the
        background, at once otherwise). Raises :class:`~bgwidget.intents.IntentError` while one
        runs or the computer plays, or on a board with no tools (reason ``"no-tools"``: its view
        could not step through the review or leave it), :class:`~bgwidget.ai.LevelError` for an
        unknown level."""
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise LevelError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
        self._require_tools("review")
        self._not_thinking()
        self._review(level)
        self._after_change()

    def _review(self, level: Any) -> None:
        self.reviews.check_not_running()
        self._not_setting_up()  # the match reviewed is the one played, not a board being set up
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise IntentError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
        if self.reviewing is None:
            require_numpy("a review")
            self.reviews.start(self.match, level, self._loop())

    def cancel_review(self) -> None:
        """Stop the review running in the background: the board stays as it was (the game, or the
        review shown before), and ``message`` says the review was cancelled. Its worker thread stops
        after the turn it is on; what it had reviewed is dropped. Raises
        :class:`~bgwidget.intents.IntentError` (reason ``"no-review-running"``) when none runs."""
        self.reviews.cancel()
        self._after_change()

    def show_review(self, review: Review) -> None:
        """Show ``review`` (a :class:`~bgwidget.ai.review.Review`, such as one made in Python) at its
        first decision. Raises :class:`~bgwidget.intents.IntentError` for something else, while a
        review runs or on a board with no tools (as :meth:`review` does)."""
        if not isinstance(review, Review):
            raise IntentError(f"a review to show is a Review, not {type(review).__name__}")
        self._require_tools("review")
        self.reviews.check_not_running()
        if not review.decisions:
            raise IntentError("the review has no decision to show", reason="not-reviewing")
        self.reviews.shown = Reviewing(review)
        self._after_change()

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
        return self.seats[game.turn].kind == "computer"

    def _computer_act(self, decision: Any, failure: Words | None = None) -> None:
        """Apply the computer's decision (:func:`~bgwidget.computer.decide`), saying ``failure`` if
        its player failed."""
        if failure:
            self._say(failure, before_roll=self.game.phase in ("roll", "cube"))
        computer.act(self.game, decision, self._act, self._say)

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
        loop = self._loop()
        if loop is None:
            try:
                while self._computer_to_act():
                    self._computer_act(*computer.decide(self.game, self.players[self.game.turn]))
                    self._tidy()
            except Exception as error:  # a bug, not a Player's: shown and published, then raised
                self._say(("computerError", {"error": background.short(error)}), before_roll=True)
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
        if not self.seats[seat].takes_intents or len(plays) != 1:
            return
        notation = str(plays[0])
        self._act(lambda: game.play(notation, seat=seat))
        self._say(("forced", {"seat": seat, "play": notation}), before_roll=True)  # outlives the next roll

    def _tidy(self) -> None:
        """Drop the advice and the news that belong to an earlier decision or turn."""
        self.hints.tidy(self._decision_point())
        self._news.tidy(self.game)

    def _start_thinking(self, loop: asyncio.AbstractEventLoop) -> None:
        """The computer's decision in a worker thread, on a copy of the game (the live one may change)."""
        game = self.game
        snapshot = (game, game.phase, len(game.record))
        player = self.players[game.turn]
        copied = copy.deepcopy(game)

        def stale() -> None:  # the game changed meanwhile (notebook code): think again
            self._pending = None
            self._after_change()

        def apply(decided: tuple[Any, Words | None]) -> None:
            self._pending = None
            self._computer_act(*decided)
            last = self.last_play
            delay = self.animation * (len(last[2].moves) + 1) if last and self._computer_to_act() else 0
            if delay:
                self.thinking = True
                self._tidy()
                self.publish()
                self._pending = loop.call_later(delay, self._resume)
            else:
                self._after_change()

        def failed(error: Exception) -> None:  # a bug, not a Player's: shown, and the seat waits
            self._pending = None
            self._say(("computerError", {"error": background.short(error)}), before_roll=True)
            self.thinking = False
            self.publish()

        self._pending = background.run(
            loop,
            lambda: computer.decide(copied, player),
            current=lambda: snapshot == (self.game, self.game.phase, len(self.game.record)),
            apply=apply,
            failed=failed,
            what="the computer's turn",
            stale=stale,
        )

    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop the background work goes to, None to work at once."""
        return background.running_loop() if self.background else None

    def _resume(self) -> None:
        self._pending = None
        self._after_change()


# --------------------------------------------------------------------- helpers


def check_animation(animation: Any) -> None:
    """Raise :class:`ValueError` unless ``animation`` is a number of seconds from 0 to
    :data:`MAX_ANIMATION` (a longer step would leave the computer's turn hanging for hours)."""
    if not isinstance(animation, (int, float)) or isinstance(animation, bool) or not 0 <= animation <= MAX_ANIMATION:
        raise ValueError(f"animation is a number of seconds from 0 to {MAX_ANIMATION}, not {animation!r}")
