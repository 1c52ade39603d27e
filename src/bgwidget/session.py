"""Layer 6, the session: a match played at a board, without any widget machinery.

A :class:`Session` holds the :class:`~bgwidget.match.Match` and its seats (:mod:`bgwidget.seats`).
It takes *intents*, the dicts a view sends (:mod:`bgwidget.intents`): each is checked (stale, held
board, :mod:`bgwidget.guards`) and routed to its handler, or refused with a reason that changes
nothing; after every change it publishes the view state (:func:`bgwidget.viewstate.view_state`).
``BoardWidget`` is this plus anywidget's traitlets; a test or another front end can drive a Session
directly. Its parts: a person's game actions (:mod:`bgwidget.actions`), what plays by itself, a
forced play and the computer's turns (:mod:`bgwidget.turns`), Hint (:mod:`bgwidget.hints`), the
review (:mod:`bgwidget.reviewing`), the replay of a whole match (:mod:`bgwidget.replaying`), the
tutor (:mod:`bgwidget.tutoring`), the set-up (:mod:`bgwidget.editor`), the file export
(:mod:`bgwidget.exports`) and the news (:mod:`bgwidget.news`).

An intent may carry the ``revision`` of the state it was made on; one older than the last state
that was not a refusal is refused as stale (a refusal changes nothing: a second fast click made
before the first one's refusal arrived still acts on the board it saw), except ``review-cancel``
and ``hint-rollout-cancel`` (a review's progress and a rollout's batches move the revision while
they run). Every sentence is worded in the board's ``language`` when read
(:mod:`bgwidget.words`): news is kept as catalogue keys, a refusal as the
:class:`~bgwidget.refusal.Refusal` itself; ``message`` stays until the next turn's roll.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bgwidget import actions, ai, background, editor, exports, guards
from bgwidget.ai.errors import LevelError
from bgwidget.ai.players import Player
from bgwidget.ai.review import Review
from bgwidget.checks import is_int
from bgwidget.game import Game, GameError
from bgwidget.hints import Hints
from bgwidget.intents import TOOL_INTENTS, IntentError, intent_type, shown_at, stands_on_any_state
from bgwidget.labels import check_language
from bgwidget.match import Match, match_at_game
from bgwidget.moves import Play
from bgwidget.news import News
from bgwidget.position import Place, Position, PositionError
from bgwidget.refusal import Refusal
from bgwidget.replaying import Replay
from bgwidget.reviewing import Reviews
from bgwidget.seats import Seat, board_match, default_names, seats_of
from bgwidget.tools import HINT_ROLLOUT, Advice, Edit, HintRollout, HintRolloutSettings, Reviewing
from bgwidget.turns import Turns, check_animation
from bgwidget.tutoring import Tutoring, TutorWarning
from bgwidget.viewstate import Online, ViewState, view_state
from bgwidget.words import Words, shown_names

__all__ = [
    "HINT_ROLLOUT",
    "Advice",
    "Edit",
    "HintRollout",
    "HintRolloutSettings",
    "IntentError",
    "Relay",
    "Replay",
    "Reviewing",
    "Session",
    "check_animation",
    "match_at_game",
]


class Relay(Protocol):
    """Where a board's game intents go instead of its own game: a game server's room
    (:class:`~bgwidget.online_play.OnlinePlay`), which sends them on and makes the game from the
    server's events."""

    intents: frozenset[str]
    """The intent types it takes (the game's own: rolls, steps, the cube, resignations)."""

    def act(self, kind: str, intent: dict) -> None:
        """Take a person's intent of type ``kind``; raise its refusal (nothing changed)."""

    def view(self) -> Online:
        """The room as the view shows it."""


class Session:
    """A match at one board: intents in, game actions out, the computer's turns, the view state.

    Its keyword-only parameters are :class:`~bgwidget.widget.BoardWidget`'s but ``view`` (a
    :class:`~bgwidget.ai.players.Player` or a level for each seat, ``names``, ``match_length``,
    ``seed``, ``position``, ``dice``, ``match``, ``language``, ``animation``, ``confirm``,
    ``teaching``, ``tools``, ``pips``, ``cube``, ``auto_play_forced``, ``tutor``), and:

    ``background``
        Whether the computer thinks in a worker thread of the running asyncio loop (default False:
        at once, before each change returns; see :mod:`bgwidget.turns`).
    ``replay``
        A :class:`~bgwidget.replaying.Replay` to show instead of a ``match``: the board steps
        through its match (``replay-go``) until *Play from here* (``replay-play``, :meth:`play_here`).
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
        pips: bool = True,
        tutor: str | None = None,
        match: Match | None = None,
        replay: Replay | None = None,
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
        flags = {"cube": cube, "auto_play_forced": auto_play_forced, "teaching": teaching, "tools": tools, "pips": pips}
        for name, value in flags.items():
            if not isinstance(value, bool):
                raise ValueError(f"{name} is True or False, not {value!r}")
        self._language = language
        self.tutoring = Tutoring(tutor)
        """The tutor: its setting and the warning waiting (:class:`~bgwidget.tutoring.Tutoring`)."""
        self.animation = float(animation)
        self.auto_play_forced = auto_play_forced
        """Whether a person's forced play (exactly one legal play) is played for them."""
        self.teaching = teaching
        """Whether the view explains each refusal next to the checker (published as ``teaching``)."""
        self.pips = pips
        """Whether the view state publishes the pip counts (False: a pip-counting drill's board)."""
        self.tools = tools
        """Whether the board offers Hint, Resign, Set up, Review and the file exports (published as
        ``tools``); False: an exercise's board, which only plays, and refuses their intents."""
        if replay is not None:
            if not isinstance(replay, Replay) or match is not None:
                raise ValueError("replay is a Replay, shown instead of a match")
            match = replay.shown()
        self.replay: Replay | None = replay
        """The replay shown (its match whole, the stop shown), None while the game is played."""
        rules = {"match_length": match_length, "seed": seed, "confirm": confirm, "cube": cube}
        self.match, self._named = board_match(match, names, self.seats, language, **rules)
        self.names: tuple[str, str] = self.match.names
        rng.seed(str(self.match.seed) + "/computer")
        self._seed, self._match_number = self.match.seed, 1  # later matches' seeds follow from the first
        self.background = bool(background)
        self._publish, self._send = publish, send
        self.relay: Relay | None = None
        """Where the game's intents go when the board plays in a game server's room, else None."""
        self._reset_board_state()
        if replay is not None:
            self._show_stop()
        if position is not None:
            self._play_from(position, dice)
        elif dice is not None:
            raise ValueError("dice need a position to be played from")
        self.turns.after_change()

    def _reset_board_state(self) -> None:
        """What a new board shows: no news, refusal, advice, set-up, review or computation."""
        self.revision = 0
        """Counts the states published; an intent made before the last one that was not a refusal is stale."""
        self._changed_at = 0  # the revision of the last state published that was not a refusal
        self._news = News()
        self.refusal: Exception | None = None
        """Why the last intent was refused (a :class:`~bgwidget.refusal.Refusal`), None when it was not."""
        self.refused_at: Place | None = None
        """Where the last refusal is shown: the board place of the checker it concerns, or None."""
        self.turns: Turns = Turns(self)
        """What plays by itself after each change: a forced play, the computer (:class:`~bgwidget.turns.Turns`)."""
        self.hints = Hints(self.publish, self.say, self._rollout_ended)
        """Hint's advice and the rollout of its plays (:class:`~bgwidget.hints.Hints`)."""
        self.reviews = Reviews(self.publish, self.say, self.turns.after_change)
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
        self.held_until = "reset"
        """What brings a held board back (:meth:`hold`): ``"reset"`` or ``"next"``."""
        self._callbacks: list[Callable[[int, Play], None]] = []
        self._routes = self._intent_routes()  # built once: every intent is looked up in it

    @classmethod
    def from_match(
        cls, match: Match, game: int = 1, *, actions: int = 0, replay: bool = True, **settings: Any
    ) -> Session:
        """A session at game ``game`` (1-based) of ``match``, such as a loaded file, after its
        first ``actions`` record entries (see :func:`~bgwidget.match.match_at_game`, which also
        takes ``seed`` and ``confirm`` from ``settings``). ``replay`` (default): a replay of the
        whole match shown there (:class:`~bgwidget.replaying.Replay`, at the first stop from
        there), to step through and play on from; False: the match played on from there at once.
        The other keywords are the constructor's (``players``, ``names``, ``language``...);
        ``players`` defaults to two people, ``names`` to the match's. Raises
        :class:`~bgwidget.game.GameError` as :func:`~bgwidget.match.match_at_game` does.
        """
        seed, confirm = settings.pop("seed", None), settings.pop("confirm", False)
        settings.setdefault("players", ("human", "human"))
        if replay:
            return cls(replay=Replay(match, game, actions, seed=seed, confirm=confirm), **settings)
        return cls(match=match_at_game(match, game, actions=actions, seed=seed, confirm=confirm), **settings)

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
    def replaying(self) -> bool:
        """True while a replay is shown (:attr:`replay`): the game's intents are refused (``"replaying"``)."""
        return self.replay is not None

    @property
    def online(self) -> Online | None:
        """The game server's room this board plays in, as the view shows it; None when offline."""
        return None if self.relay is None else self.relay.view()

    @property
    def tutor(self) -> str | None:
        """The tutor's mark (:mod:`bgwidget.tutoring`): None (off, the default), ``"doubtful"``,
        ``"bad"`` or ``"very bad"``; a person's play or cube action whose error (EMG, by the Expert
        in the game's stakes) earns it or a worse mark waits for *Play anyway* or *Take back*.
        Setting another value raises :class:`~bgwidget.errors.TutorError` (publish afterwards)."""
        return self.tutoring.tutor

    @tutor.setter
    def tutor(self, value: str | None) -> None:
        self.tutoring.tutor = value

    @property
    def tutor_warning(self) -> TutorWarning | None:
        """The tutor's warning waiting for an answer at the decision at hand, None when none."""
        return self.tutoring.warning(self.game)

    @property
    def tutor_waiting(self) -> bool:
        """True while the tutor's warning waits: every other action is refused (``"tutor-waiting"``)."""
        return self.tutor_warning is not None

    @property
    def advice(self) -> Advice | None:
        """The Expert's advice shown for the decision at hand, None when none."""
        return self.hints.advice

    @property
    def hint_rollout(self) -> HintRollout | None:
        """The rollout of the hint's plays, running or done; None when none (dropped with the hint)."""
        return self.hints.rollout

    @property
    def preparing(self) -> bool:
        """True while the bear-off tables are computed before a race's first hint (:class:`~bgwidget.hints.Hints`)."""
        return self.hints.preparing

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

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll for the seat on roll (``dice`` fixes the roll); returns the dice. Raises ``GameError``,
        and :class:`~bgwidget.intents.IntentError` (reason ``"replaying"``) while a replay is shown."""
        guards.check(self, ("replaying",))
        rolled = self.game.roll(dice)
        self.turns.after_change()
        return rolled

    def play(self, notation: str) -> Play:
        """Play the roll in notation for the seat to move and pass the turn. Raises ``GameError``,
        and :class:`~bgwidget.intents.IntentError` (reason ``"replaying"``) while a replay is shown."""
        guards.check(self, ("replaying",))
        play = self.run_action(lambda: self.game.play(notation))
        self.turns.after_change()
        return play

    def new_game(self) -> None:
        """The next game of the match; a new match once it is over or while a game is in play.
        A set-up in progress is left (it was of the game before). Raises
        :class:`~bgwidget.intents.IntentError` (reason ``"replaying"``) while a replay is shown."""
        guards.check(self, ("replaying",))
        if self.game.result is None or self.match.is_over:
            self.new_match()
            return
        self.match.new_game()
        self.last_play, self.edit = None, None
        self.turns.after_change()

    def new_match(self) -> None:
        """A new match of the same rules and names, the score at 0-0 and the cube in the middle.
        A set-up in progress, or a replay shown, is left (it was of the match before)."""
        self.replay = None
        # The next match's dice follow from the board's seed too, so a seeded board replays.
        self._match_number += 1
        self.match = Match.with_rules(self.match.rules, f"{self._seed!s}/match {self._match_number}", names=self.names)
        self.last_play, self.edit = None, None
        self.turns.after_change()

    def set_position(self, position: Position, dice: tuple[int, int] | None = None) -> None:
        """Play on from ``position`` (its ``turn`` seat on roll), with ``dice`` already rolled if given.

        The cube, score and match stay as they are; a set-up in progress is left (*Play from here*
        would put back the position it was of). Raises :class:`~bgwidget.game.GameError`
        (a ``ValueError``) for a position already won or dice that are not dice, and
        :class:`~bgwidget.intents.IntentError` (reason ``"replaying"``) while a replay is shown.
        """
        guards.check(self, ("replaying",))
        self._play_from(position, dice)
        self.last_play, self.held, self.held_seat, self.edit = None, False, None, None
        self.turns.after_change()

    def follow(self, match: Match, seats: tuple[Seat, Seat]) -> None:
        """Show ``match`` played from ``seats``: a game server's room as its events make it (the
        :attr:`relay`), its names kept whatever the board's language."""
        self.match, self.seats, self.names, self._named = match, seats, match.names, True

    def hold(self, seat: int | None = None, *, until: str = "reset") -> None:
        """Hold the board as it is, seen from ``seat``'s side (by default the side that played
        last): no button is offered and every intent is refused (reason ``"held"``, or
        ``"held-card"``) until :meth:`set_position`. ``until`` says what the person presses to go
        on, in the status line and the refusal: ``"reset"``, an answered exercise's Reset
        (:mod:`bgwidget.exercise`), or ``"next"``, a drill's Next card (:mod:`bgwidget.drill_board`).
        Raises :class:`ValueError` for a seat other than 0, 1 or None, or another ``until``."""
        if seat is not None and (not is_int(seat) or seat not in (0, 1)):
            raise ValueError(f"a seat is 0 or 1, not {seat!r}")
        if until not in ("reset", "next"):
            raise ValueError(f"until is 'reset' or 'next', not {until!r}")
        self.held_until = until
        if seat is None and self.last_play is not None:
            seat = self.last_play[0]
        self.held, self.held_seat = True, seat
        self.publish()

    def on_play(self, callback: Callable[[int, Play], None]) -> None:
        """Call ``callback(seat, play)`` after each confirmed play (person or computer)."""
        self._callbacks.append(callback)

    def publish(self, refusing: bool = False) -> None:
        """Hand the view state to ``publish`` with a new revision (after a change of settings too);
        ``refusing``: it says a refusal (:meth:`refuse`). A stale intent's notice is said until the
        next state that is not a refusal (the computer's play, a rollout's numbers, a setting): the
        board has moved on again, and the notice would seem to be about it."""
        if not refusing and getattr(self.refusal, "reason", None) == "stale":
            self.refusal, self.refused_at = None, None
        self.revision += 1
        if not refusing:
            self._changed_at = self.revision
        if self._publish is not None:
            self._publish(view_state(self))

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
        self.turns.after_change()
        return None

    def _rollout_ended(self) -> None:
        """Publish the end of the hint's rollout, and drop a refusal that said it was running."""
        if getattr(self.refusal, "reason", None) == "rolling-out":
            self.refusal, self.refused_at = None, None
        self.publish()

    def refuse(self, error: IntentError | GameError | PositionError, intent: Any = None) -> str:
        """Refuse ``intent`` for ``error``: nothing changes but ``refused`` (and where its reason is
        shown), the state is published again; returns :attr:`refused`."""
        self.refusal, self.refused_at = error, shown_at(intent)
        self.publish(refusing=True)  # nothing changed: no computer's turn to start or advice to drop
        return self.refused

    def _apply(self, intent: Any) -> None:
        """Check ``intent`` against the board, then run its handler (see :meth:`_intent_routes`)."""
        kind = intent_type(intent)
        # A cancel names no position (and a running review publishes its progress ten times a
        # second), a step goes from what is shown: made on an older state, each means the same.
        made_on = intent.get("revision", self.revision)
        fresh = isinstance(made_on, int) and self._changed_at <= made_on <= self.revision
        if not fresh and not stands_on_any_state(kind, intent):
            raise IntentError(
                f"stale intent: it was made on revision {intent['revision']}, the board is at {self.revision}",
                reason="stale",
            )
        if self.held:
            reason = "held" if self.held_until == "reset" else "held-card"
            raise IntentError("the board is held: set a position to play on", reason=reason)
        if self.relay is not None and kind in self.relay.intents:  # the game server's room judges
            guards.check(self, guards.GAME)
            self.relay.act(kind, intent)
            return
        editing = kind.startswith("edit")
        if kind in TOOL_INTENTS or editing:
            guards.require_tools(self, kind)
        checked, handler = self._routes.get(kind) or ((guards.SETUP, self._edit) if editing else ((), self._unknown))
        guards.check(self, checked)
        handler(kind, intent)

    def _intent_routes(self) -> dict[str, tuple[tuple[str, ...], Callable[[str, dict], None]]]:
        """Every intent type (:mod:`bgwidget.intents`): the guards it must pass first
        (:mod:`bgwidget.guards`) and its handler, called with the type and the intent."""
        hints, reviews, loop, game = self.hints, self.reviews, self._loop, guards.GAME
        person = lambda seat, action: guards.require_person(self, seat, action)  # noqa: E731
        return {
            "export": ((), lambda kind, intent: self._export(intent.get("format"))),
            "review": (
                guards.REVIEW,
                lambda kind, intent: reviews.review(self.whole_match, intent.get("level", "expert"), self._loop()),
            ),
            "review-cancel": (game[:1], lambda kind, intent: reviews.cancel()),
            "review-go": (game[:1], lambda kind, intent: reviews.go(intent.get("to"))),
            "review-leave": (game[:1], lambda kind, intent: reviews.leave()),
            "replay": (game, lambda kind, intent: self.start_replay()),
            "replay-go": (guards.REPLAY, self._replay_go),
            "replay-play": (guards.REPLAY, lambda kind, intent: self.play_here()),
            **dict.fromkeys(("edit", "edit-done", "edit-cancel", *editor.EDITS), (guards.SETUP, self._edit)),
            "new-game": (game, self._new_game),
            "hint": (game, lambda kind, intent: hints.ask(self.game, person)),
            "hint-rollout": (game, lambda kind, intent: hints.roll_out(self.game, loop())),
            "hint-rollout-cancel": (game, lambda kind, intent: hints.stop_rollout()),
            **dict.fromkeys(actions.ACTIONS, (game, self._person_acts)),
            "resign": (game, lambda kind, intent: actions.resign(self.game, self.human, intent.get("points", 1))),
            "claim": (game, self._claim),
            "tutor-accept": (guards.TUTOR, lambda kind, intent: self.tutoring.accept(self.game, self.run_action)),
            "tutor-take-back": (guards.TUTOR, lambda kind, intent: self.tutoring.take_back(self.game)),
        }

    def _unknown(self, kind: str, intent: dict) -> None:
        raise IntentError(f"unknown intent type {kind!r}")

    def _claim(self, kind: str, intent: dict) -> None:
        raise IntentError("a match is claimed from an absent opponent in a game server's room", reason="not-online")

    def _new_game(self, kind: str, intent: dict) -> None:
        if self.game.result is None:
            raise IntentError("the game is still in play: a new game starts once it is over", reason="game-in-play")
        self.new_game()

    def _edit(self, kind: str, intent: dict) -> None:
        """The set-up's intents (:func:`bgwidget.editor.handle`); finished, it is played on from."""
        edit, finished = editor.handle(self.edit, self.game, kind, intent)
        if finished is not None:
            self._play_from(finished.position, tuple(finished.dice) or None)
            self.last_play = None
        self.edit = edit

    def _person_acts(self, kind: str, intent: dict) -> None:
        """A game intent (:data:`~bgwidget.actions.ACTIONS`) from a person at this board."""
        game = self.game
        if kind == "roll" and game.phase == "opening":
            if not any(self.human):
                raise IntentError("no person plays this game", reason="no-person")
        else:
            guards.require_person(self, game.turn, actions.VERBS.get(kind, kind))
        if self.tutoring.judges(game, kind):
            self.tutoring.act(game, game.turn, kind, intent, self.run_action)
        else:
            actions.apply(game, game.turn, kind, intent, self.run_action)

    def run_action(self, action: Callable[[], Any]) -> Any:
        """Run ``action()``, a change of :attr:`game` (a roll, a play...), and return what it returns:
        a play it ends becomes ``self.last_play`` and goes to the :meth:`on_play` callbacks, a dance
        it makes is said in ``message``."""
        result, played = actions.record(self.game, action, self.human, self.say)
        if played is not None:
            self.last_play = played
            for callback in self._callbacks:
                callback(played[0], played[2])
        return result

    def say(self, words: Words, before_roll: bool = False) -> None:
        """Add ``words`` (catalogue words, :data:`~bgwidget.words.Words`) to ``message`` until the
        next roll; ``before_roll``: said before a roll that comes at once (:meth:`~bgwidget.news.News.add`)."""
        self.tidy()
        self._news.add(self.game, words, before_roll)

    def export(self, format: str) -> tuple[str, str]:
        """The match as a file, ``(file name, text)``: :func:`bgwidget.exports.match_file`
        (the whole match of a replay shown)."""
        return exports.match_file(self.whole_match, format)

    def _export(self, format: Any) -> None:
        message = exports.download(self.whole_match, format)
        if self._send is not None:
            self._send(message)

    @property
    def whole_match(self) -> Match:
        """What Review and the exports cover: the replay's whole match while one is shown, else :attr:`match`."""
        return self.match if self.replay is None else self.replay.match

    def start_replay(self) -> None:
        """Step through the match played here once its game is over, from where it stands (its
        last stop). Raises :class:`~bgwidget.intents.IntentError` while the game is in play
        (reason ``"game-in-play"``), while the computer plays, a review runs or is shown, a
        replay is shown or the board is being set up, and on a board in a game server's room
        (reason ``"online"``: its match is the room's)."""
        guards.check(self, guards.GAME)
        if self.relay is not None:
            raise IntentError("this board plays in a game server's room: its match is the room's", reason="online")
        if self.game.result is None:
            raise IntentError("the game is still in play: it is replayed once it is over", reason="game-in-play")
        games = self.match.games
        confirm = not self.match.rules.auto_confirm
        self.replay = Replay(self.match, len(games), len(games[-1].record), seed=self.match.seed, confirm=confirm)
        self._show_stop()

    def play_here(self) -> None:
        """*Play from here*: the match as it stood at the replay's stop shown becomes the board's,
        played on under every rule (its cube, score and Crawford state; the dice from the
        replay's seed). Raises :class:`~bgwidget.intents.IntentError` (reason ``"not-replaying"``)
        when no replay is shown, or while a review runs or is shown."""
        guards.check(self, guards.REPLAY)
        self.match = self._named_match(self._replay().shown())
        self.replay, self.last_play = None, None
        self.turns.after_change()

    def _replay(self) -> Replay:
        if self.replay is None:
            raise IntentError("no replay is shown", reason="not-replaying")
        return self.replay

    def _named_match(self, match: Match) -> Match:
        match.set_names(self.names)  # the board's names, as given (or worded in its language)
        return match

    def _replay_go(self, kind: str, intent: dict) -> None:
        self._replay().go(intent.get("to"), intent.get("game"), intent.get("actions"))
        self._show_stop()

    def _show_stop(self) -> None:
        """Show the replay's stop: its match (the game there) and the play just made, if it is one."""
        replay = self._replay()
        self.match = self._named_match(replay.shown())
        game, (number, actions) = self.match.game, replay.at
        last = replay.match.games[number - 1].record[actions - 1] if actions else None
        play = game.last_play
        if last is not None and last["type"] == "move" and last.get("play") and play is not None:
            self.last_play = (last["seat"], Position(play.before, play.result.player, turn=last["seat"]), play)
        else:
            self.last_play = None

    def review(self, level: str = "expert") -> None:
        """Review the match at ``level`` and show it (see the module: off the event loop in the
        background, at once otherwise). Raises :class:`~bgwidget.intents.IntentError` while one
        runs or the computer plays, or on a board with no tools (reason ``"no-tools"``: its view
        could not step through the review or leave it), :class:`~bgwidget.ai.LevelError` for an
        unknown level."""
        if not isinstance(level, str) or level not in ai.LEVELS:
            raise LevelError(f"a review's level is one of {', '.join(ai.LEVELS)}, not {level!r}")
        guards.require_tools(self, "review")
        guards.check(self, guards.REVIEW)
        self.reviews.review(self.whole_match, level, self._loop())
        self.turns.after_change()

    def cancel_review(self) -> None:
        """Stop the review running in the background: the board stays as it was (the game, or the
        review shown before), and ``message`` says the review was cancelled. Its worker thread stops
        after the turn it is on; what it had reviewed is dropped. Raises
        :class:`~bgwidget.intents.IntentError` (reason ``"no-review-running"``) when none runs."""
        self.reviews.cancel()
        self.turns.after_change()

    def show_review(self, review: Review) -> None:
        """Show ``review`` (a :class:`~bgwidget.ai.review.Review`, such as one made in Python) at its
        first decision. Raises :class:`~bgwidget.intents.IntentError` for something else, while a
        review runs or on a board with no tools (as :meth:`review` does)."""
        guards.require_tools(self, "review")
        self.reviews.show(review)
        self.turns.after_change()

    def _play_from(self, position: Position, dice: Sequence[int] | None) -> None:
        """The game in play (or the next one) becomes one starting from ``position``; a roll given
        that cannot be played is a dance, said as at a roll."""
        if not isinstance(position, Position):
            raise ValueError(f"position must be a Position, not {type(position).__name__}")
        rolled: Any = tuple(dice) if dice else None  # checked by the game: two numbers 1..6
        actions.say_dances(self.match.play_from(position, rolled), 0, self.human, self.say)

    def tidy(self) -> None:
        """Drop the advice and the news that belong to an earlier decision or turn (the advice also
        once the tutor holds an action: the warning speaks for this decision then)."""
        self.hints.tidy(self.game, held=self.tutoring.warning(self.game) is not None)
        self._news.tidy(self.game)

    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop the background work goes to, None to work at once."""
        return background.running_loop() if self.background else None
