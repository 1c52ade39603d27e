"""Layer 6, the view's glue: ``BoardWidget``, an anywidget board that plays a match.

Python owns the truth. The widget wraps a :class:`~bgwidget.session.Session` (the match, the
seats, the intents, the computer's turns) and publishes its view state
(:class:`~bgwidget.viewstate.ViewState`) in the ``state`` traitlet after every change; the
browser view (``static/widget.js``, built from ``js/``) draws it and sends back *intents*, custom
messages such as ``{"type": "move", "from": 13, "to": 8, "revision": 12}``, which the session
checks and applies or refuses. Every point in the state and the intents is in board numbering
(1..24 from the bottom player's side, ``"bar"``, ``"off"``; see :mod:`bgwidget.viewstate`).

Inside a Jupyter kernel or a marimo notebook the computer thinks in a worker thread and its
decision is applied on the kernel's event loop, so the notebook stays free and its plays appear
one by one; elsewhere (a plain script, the tests) it plays at once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from bgwidget.ai.players import Player
from bgwidget.ai.review import Review
from bgwidget.game import Game
from bgwidget.labels import LANGUAGES, check_language
from bgwidget.match import Match, match_at_game
from bgwidget.moves import Play
from bgwidget.online.room import ClockSettings, RoomSettings
from bgwidget.online_play import OnlinePlay
from bgwidget.position import Position
from bgwidget.session import IntentError, Replay, Session, check_animation
from bgwidget.viewstate import ViewState

__all__ = ["VIEWS", "BoardWidget", "IntentError", "LANGUAGES"]


def _seconds(value: Any) -> float:
    check_animation(value)
    return float(value)


VIEWS = ("2d", "3d")
"""The board's faces: the SVG board, and the 3D loft (three.js, sent to the page on first use)."""

_LOFT = Path(__file__).parent / "static" / "loft.js"


def check_view(value: Any) -> str:
    """``value`` if it is one of :data:`VIEWS`, else ``ValueError``."""
    if not isinstance(value, str) or value not in VIEWS:
        raise ValueError(f"view is '2d' or '3d', not {value!r}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"teaching is True or False, not {value!r}")
    return value


class _Checked(traitlets.TraitType):
    """A trait whose values pass ``check`` (which returns the value kept or raises ``ValueError``)."""

    def __init__(self, default: Any, check: Callable[[Any], Any]) -> None:
        self.check = check
        super().__init__(default)

    def validate(self, obj: Any, value: Any) -> Any:
        return self.check(value)


class BoardWidget(anywidget.AnyWidget):
    """A backgammon board in a notebook: play a match against the computer or another person.

    Parameters (keyword-only):

    ``players``
        Who plays seat 0 (bottom) and seat 1 (top): ``"human"``, a computer level
        (``"easy"``, ``"medium"``, ``"expert"``) or any :class:`~bgwidget.ai.players.Player`
        object (an object with a ``name`` and ``choose_play(position, dice)``). Default
        ``("human", "easy")``. Anything else (an unknown level, None or one name instead of two)
        raises :class:`~bgwidget.ai.LevelError`, a ``ValueError``.
    ``names``
        The two names shown (as text: markup is not interpreted); default by language. The board
        shows a name longer than 28 characters cut, with "…" (:func:`bgwidget.words.shown_names`);
        the match and its files keep it whole.
    ``match_length``
        Points to win the match; 0 (default) for money play.
    ``seed``
        Seeds the dice (and Easy's choices), so a game can be replayed.
    ``position``, ``dice``
        Start from this position (its ``turn`` seat on roll) instead of the opening, and with
        these dice already rolled.
    ``match``
        Play on in this :class:`~bgwidget.match.Match` instead of a new one (its rules, seed and
        names hold: no ``match_length``, ``seed`` or ``confirm``). :meth:`from_match` makes one
        that stands at any game of a loaded match.
    ``replay``
        Show this :class:`~bgwidget.replaying.Replay` instead of a ``match``: a whole match,
        stepped through stop by stop until *Play from here*. :meth:`from_match` makes one.
    ``language``
        ``"en"``, ``"fr"`` or ``"sv"``.
    ``animation``
        Seconds per checker step when the view shows the computer's play (0: no animation).
    ``confirm``
        True: each play waits for Done (Undo stays possible); False (default): the play ends by
        itself when its last die is played.
    ``teaching``
        True: the board explains what it refuses. A click or drop on a point that does not light,
        or on a checker that cannot move (the opponent's, or any while one is on the bar), is sent
        to Python, which refuses it with the rule's reason; the board shows the sentence next to
        the checker, in its language (see ``state["refusal"]``). False (default): such clicks do
        nothing, as before. A synced trait: it can be switched at any time.
    ``tools``
        False: a board that only plays, for exercises: no Hint, Resign, Set up, Review, file
        exports or move record (Python refuses their intents too). True (default): all of them.
    ``pips``
        False: the board shows no pip counts (a pip-counting drill): the view state publishes
        ``pips`` as ``[]`` and both faces draw none. True (default): each side's pip count.
    ``cube``
        False: money play without the doubling cube (no cube drawn, no Double button; the score
        still runs across games). Not with ``match``.
    ``auto_play_forced``
        True: a person's roll with exactly one legal play is played for them, and the status says so.
    ``tutor``
        None (default): off. ``"doubtful"``, ``"bad"`` or ``"very bad"`` (GNU Backgammon's marks):
        a person's play or cube action (double, take, pass, or a roll when doubling was right)
        whose error, judged by the Expert in the game's stakes, earns that mark or a worse one is
        not confirmed: the board shows the error and the better play's arrows and asks *Play
        anyway* or *Take back* (:mod:`bgwidget.tutoring`). Also the attribute :attr:`tutor`.
    ``view``
        ``"2d"`` (default): the SVG board; ``"3d"``: the loft, a three.js board on a table in a
        room, to orbit, zoom and walk around, played by the same clicks and intents (the page
        falls back to the 2D board with a message where WebGL is missing). A synced trait: the
        board's toggle switches it (an intent Python checks), and so can Python at any time.
    ``background``
        Whether the computer thinks in a worker thread and answers through the running asyncio
        event loop. Default: True inside a Jupyter kernel or a marimo notebook, False elsewhere.

    :meth:`online` plays the board in a room of a game server (``bgwidget serve``) against a person
    on another machine: the page opens the connection, the server makes the game, and the Python
    methods that would change the game (:meth:`roll`, :meth:`play`, :meth:`set_position`...) are
    refused there (reason ``"online"``).

    Read ``state`` (the whole view state), :attr:`position`, :attr:`game`, :attr:`match`; the
    traitlets ``position_id``, ``phase``, ``turn``, ``dice`` and ``revision`` follow each change
    and can be observed with ``widget.observe(callback, names=[...])``. :meth:`on_play`
    registers a callback called after each play. Raises :class:`ValueError` for bad settings.
    """

    _esm = Path(__file__).parent / "static" / "widget.js"
    _css = Path(__file__).parent / "static" / "widget.css"

    state = traitlets.Dict(read_only=True).tag(sync=True)
    """The whole view state, published by Python after each change (read-only, also for the view)."""
    language = _Checked("en", check_language).tag(sync=True)
    """One of :data:`LANGUAGES`; setting another raises :class:`~bgwidget.labels.LanguageError`."""
    animation = _Checked(0.3, _seconds).tag(sync=True)
    """Seconds per checker step of the computer's play: a finite number >= 0 (else ``ValueError``)."""
    teaching = _Checked(False, _flag).tag(sync=True)
    """Whether the board explains its refusals next to the checker: True or False (else ``ValueError``)."""

    view = _Checked("2d", check_view).tag(sync=True)
    """``"2d"`` or ``"3d"`` (else ``ValueError``): which face of the board the page shows."""
    _loft = traitlets.Unicode("").tag(sync=True)
    # The 3D face's code (three.js included, static/loft.js), sent once the 3D view is first
    # wanted, so that a 2D board does not carry it; the page imports it from a Blob URL.

    _online = traitlets.Dict({}).tag(sync=True)
    # Where the view's WebSocket goes ({"url", "room", "key"}; {} offline): the page opens it, and a
    # new "key" (another room) opens another (see bgwidget.online_play).

    position_id = traitlets.Unicode(read_only=True)
    """The GNU Backgammon Position ID of the board shown."""
    phase = traitlets.Unicode(read_only=True)
    turn = traitlets.Int(read_only=True)
    dice = traitlets.Tuple(read_only=True)
    """The dice being played, ``()`` when none are rolled."""
    revision = traitlets.Int(0, read_only=True)

    def __init__(
        self,
        *,
        players: Sequence[str | Player] = ("human", "easy"),
        names: Sequence[str] | None = None,
        match_length: int = 0,
        seed: Any = None,
        position: Position | None = None,
        dice: tuple[int, int] | None = None,
        language: str = "en",
        animation: float = 0.3,
        confirm: bool = False,
        teaching: bool = False,
        tools: bool = True,
        pips: bool = True,
        cube: bool = True,
        auto_play_forced: bool = False,
        tutor: str | None = None,
        background: bool | None = None,
        match: Match | None = None,
        replay: Replay | None = None,
        view: str = "2d",
    ) -> None:
        check_language(language)
        check_animation(animation)
        check_view(view)
        super().__init__(language=language, animation=float(animation), teaching=_flag(teaching), view=view)
        self._session = Session(
            players=players,
            names=names,
            match_length=match_length,
            seed=seed,
            position=position,
            dice=dice,
            confirm=confirm,
            cube=cube,
            auto_play_forced=auto_play_forced,
            tutor=tutor,
            teaching=teaching,
            tools=tools,
            pips=pips,
            match=match,
            replay=replay,
            language=language,
            animation=animation,
            background=_in_kernel() if background is None else bool(background),
            publish=self._publish,
            send=lambda message: self.send(message),  # the widget's send, as it is when called
        )
        self.on_msg(self._on_msg)

    @classmethod
    def from_match(
        cls,
        match: Match,
        game: int = 1,
        *,
        actions: int = 0,
        replay: bool = True,
        players: Sequence[str | Player] = ("human", "human"),
        seed: Any = None,
        confirm: bool = False,
        **settings: Any,
    ) -> BoardWidget:
        """A board showing ``match``, such as one read with :func:`~bgwidget.formats.from_mat`,
        at game ``game`` (1-based) after its first ``actions`` record entries (0: its opening
        roll still to come).

        ``replay`` (default): a replay of the whole match (:class:`~bgwidget.replaying.Replay`):
        the move record beside the board holds the game shown; First, Previous, Next, Last, the
        game before or after (``replay-go`` intents, the arrow keys) step through every action
        with the board, dice, cube and score following; Review reviews the whole match; *Play
        from here* (``replay-play``) plays on from the position shown. False: the board plays on
        from there at once. Either way the match played on is a copy
        (:func:`~bgwidget.match.match_at_game`): the games before, as played, then that game
        through that entry; the same rules, names, score and Crawford state, the dice from
        there on from ``seed``. ``players`` defaults to two people; ``settings`` are the
        constructor's others (``names``, ``language``, ``animation``, ``background``).

        >>> from bgwidget import Match
        >>> w = BoardWidget.from_match(Match(length=5, names=("Ann", "Bo")), game=1, animation=0)
        >>> w.names, w.phase, w.match.length, w.state["replay"]["game"]
        (('Ann', 'Bo'), 'opening', 5, 1)

        Raises :class:`~bgwidget.game.GameError` (a ``ValueError``) for a game number or an
        ``actions`` count the match does not have.
        """
        if replay:
            shown = Replay(match, game, actions, seed=seed, confirm=confirm)
            return cls(replay=shown, players=players, **settings)
        started = match_at_game(match, game, actions=actions, seed=seed, confirm=confirm)
        return cls(match=started, players=players, **settings)

    @classmethod
    def from_review(cls, review: Review, **settings: Any) -> BoardWidget:
        """A board showing ``review`` (a :class:`~bgwidget.ai.review.Review` made with
        :func:`bgwidget.ai.review`) at its first decision; leaving the review shows its match
        where it ended. ``settings`` are :meth:`from_match`'s (``players``, ``language``...).

        Raises :class:`~bgwidget.session.IntentError` (a ``ValueError``) for something else, and
        with ``tools=False`` (reason ``"no-tools"``).
        """
        if not isinstance(review, Review):
            raise IntentError(f"a review to show is a Review, not {type(review).__name__}")
        games = review.match.games
        board = cls.from_match(review.match, len(games), actions=len(games[-1].record), **settings)
        board.session.show_review(review)
        return board

    # ----------------------------------------------------------------- Python API

    def online(
        self,
        url: str,
        room: str | None = None,
        *,
        token: str | None = None,
        spectate: str | None = None,
        name: str | None = None,
        clock: tuple[float, float] | None = None,
        hold: float = 600.0,
        tools: bool = False,
    ) -> BoardWidget:
        """Play this board in a room of the game server at ``url`` (``bgwidget serve``'s
        ``ws://host:port``, or ``wss://``); returns the board, to show it.

        With no ``room``, create one with this board's rules (its match length, cube, Crawford,
        Jacoby... as made with ``match_length=`` and the rest) and take its seat 0: the board shows
        the room's code and the line to send a friend, ``BoardWidget().online(url, room="K7QF2M")``,
        which takes the free seat. ``token``: a seat's token (:attr:`online_play` ``.token``; the
        page and this Python process keep the seats taken, so that running the cell again or
        reloading the page takes the same seat back); ``spectate``: the spectators' code, to watch.
        ``name``: the person's name in the room (1 to 40 characters). A created room's ``clock``:
        ``(delay, reserve)`` seconds, the delay per move and the reserve per match point (Backgammon
        Galaxy's); ``hold``: seconds a dropped player's seat is held; ``tools``: whether both boards
        offer Hint, rollouts and set-up during play (after the match: review and export always).

        The page opens the connection (so it works in JupyterLite and marimo too): nothing is
        sent from here. The server makes the game; the board's :attr:`match` is its copy, kept in
        step event by event (the synchronisation mark says so). Raises :class:`ValueError` for an
        address, code or name that is not one.
        """
        timer = None if clock is None else ClockSettings(clock[0], clock[1])
        names = (name or RoomSettings.names[0], RoomSettings.names[1])
        settings = RoomSettings(self.match.rules, names, timer, hold, tools).to_dict()  # checked by the server
        place = {"room": room, "token": token, "spectate": spectate, "name": name}
        play = OnlinePlay(self._session, lambda message: self.send(message), url, settings=settings, **place)
        self._online = play.config()
        return self

    def _offline(self) -> None:
        """Refuse a change of the game from Python on a board in a room (reason ``"online"``): the
        server makes that game, and a change made here would leave the board out of step with it."""
        if self.online_play is not None:
            raise IntentError("this board plays in a game server's room: play on the board", reason="online")

    @property
    def online_play(self) -> OnlinePlay | None:
        """The game server's room this board plays in (:meth:`online`), None when offline: its
        ``room`` (the copy of the server's :class:`~bgwidget.online.room.Room`: ``code``,
        ``events``, ``ended``), ``seat``, ``token``, ``spectate_code``, ``verified``."""
        relay = self._session.relay
        return relay if isinstance(relay, OnlinePlay) else None

    def review(self, level: str = "expert") -> None:
        """Review the match at ``level`` (:func:`bgwidget.ai.review`) and show its decisions on
        the board: buttons and the arrow keys step through them, the next-error button jumps
        to the next marked one, and leaving the review returns to the game as it was. Inside a
        kernel the review runs in a worker thread: meanwhile the board shows its progress (turns
        reviewed of the turns in all, ``state["review_progress"]``) and a Cancel button
        (:meth:`cancel_review`). The review shown is ``session.reviewing.review``.

        Raises :class:`~bgwidget.ai.LevelError` for an unknown level,
        :class:`~bgwidget.session.IntentError` while the computer plays or a review runs, or on a
        board made with ``tools=False`` (reason ``"no-tools"``: it could not leave the review).
        """
        self._session.review(level)

    def play_here(self) -> None:
        """*Play from here*, as the board's button does: the replay shown (:meth:`from_match`)
        ends, and the match as it stood at the position shown is played on, under its cube,
        score and Crawford rule. Raises :class:`~bgwidget.session.IntentError` (reason
        ``"not-replaying"``) when no replay is shown."""
        self._session.play_here()

    def cancel_review(self) -> None:
        """Stop the review running in the background (as the board's Cancel does): the board stays
        as it was. Raises :class:`~bgwidget.session.IntentError` (reason ``"no-review-running"``)
        when none runs."""
        self._session.cancel_review()

    @property
    def session(self) -> Session:
        """The session behind the board (the match, the seats, the intents)."""
        return self._session

    @property
    def tutor(self) -> str | None:
        """The tutor's mark: None (off), ``"doubtful"``, ``"bad"`` or ``"very bad"`` (see the
        class's ``tutor``). Setting another raises :class:`~bgwidget.errors.TutorError`."""
        return self._session.tutor

    @tutor.setter
    def tutor(self, value: str | None) -> None:
        self._session.tutor = value
        self._session.publish()

    @property
    def match(self) -> Match:
        """The match being played."""
        return self._session.match

    @property
    def game(self) -> Game:
        """The game being played (the last one once the match is over)."""
        return self._session.game

    @property
    def players(self) -> tuple[Player | None, Player | None]:
        """The player of each seat, ``None`` for a person."""
        return self._session.players

    @property
    def names(self) -> tuple[str, str]:
        return self._session.names

    @property
    def position(self) -> Position:
        """The board now (with the steps of the play in progress); set it to start from a position."""
        return self.game.position

    @position.setter
    def position(self, position: Position) -> None:
        self.set_position(position)

    def set_position(self, position: Position, dice: tuple[int, int] | None = None) -> None:
        """Play on from ``position`` (its ``turn`` seat on roll), with ``dice`` already rolled if given.

        The cube, score and match stay as they are. Raises :class:`~bgwidget.game.GameError`
        (a ``ValueError``) for a position already won or dice that are not dice.
        """
        self._offline()
        self._session.set_position(position, dice)

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll for the seat on roll (``dice`` fixes the roll); returns the dice. Raises ``GameError``."""
        self._offline()
        return self._session.roll(dice)

    def play(self, notation: str) -> Play:
        """Play the roll in notation for the seat to move (``"13/8 13/10"``) and pass the turn.

        Raises :class:`~bgwidget.game.GameError` when the text is not a legal play.
        """
        self._offline()
        return self._session.play(notation)

    def new_game(self) -> None:
        """The next game of the match; a new match once it is over or while a game is in play."""
        self._offline()
        self._session.new_game()

    def new_match(self) -> None:
        """A new match of the same rules and names, the score at 0-0 and the cube in the middle."""
        self._offline()
        self._session.new_match()

    def on_play(self, callback: Callable[[BoardWidget, int, Play], None]) -> None:
        """Call ``callback(widget, seat, play)`` after each confirmed play (person or computer)."""
        self._session.on_play(lambda seat, play: callback(self, seat, play))

    def intent(self, intent: dict) -> str | None:
        """Handle one intent as if the view had sent it; returns the reason it was refused, or None.

        A refused intent changes nothing; the state is published again either way. The board's
        2D/3D toggle, ``{"type": "view", "view": "3d"}``, sets :attr:`view` (the game's state is
        not involved: it is taken at any revision).
        """
        if isinstance(intent, dict) and intent.get("type") == "view":
            try:
                self.view = intent.get("view")
            except ValueError as error:  # a forged toggle: refused as any malformed intent
                return self._session.refuse(IntentError(str(error)), intent)
            return None
        return self._session.handle(intent)

    # ----------------------------------------------------------------- glue

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """An intent from the view, or what its connection to a game server relays. Never raises:
        a bad intent is refused, and a bug (after the session republished, saying so in
        ``refused``) goes to the kernel's log."""
        try:
            kind = content.get("type") if isinstance(content, dict) else None
            play = self.online_play
            if kind in ("online-status", "online-message"):
                if play is not None:  # else a socket of a room the board has left: nothing to do
                    if kind == "online-status":
                        play.status(content.get("open") is True, content.get("token"), content.get("page"))
                    else:
                        play.receive(content.get("text"), content.get("page"))
                return
            self.intent(content)
        except Exception:
            self.log.exception("bgwidget: an intent from the view failed")

    def set_state(self, sync_data: dict) -> None:
        """A write from the view (ipywidgets calls this): ``language``, ``animation``,
        ``teaching`` and ``view`` are checked, and a bad value, or a write to ``state`` or
        ``_loft`` or ``_online`` (Python's alone), is not kept: the view is sent the value Python holds."""
        kept, reverted = {}, []
        for name, value in sync_data.items():
            if name in ("state", "_loft", "_online") or (name in _SETTINGS and not _SETTINGS[name](value)):
                reverted.append(name)
            else:
                kept[name] = value
        if kept:
            super().set_state(kept)
        if reverted:
            self.send_state(reverted)

    def _publish(self, state: ViewState) -> None:
        self.set_trait("state", dict(state))
        # The Python-side traitlets follow, revision last: an observer of it sees the new state.
        self.set_trait("position_id", state["position_id"])
        self.set_trait("phase", state["phase"])
        self.set_trait("turn", state["turn"])
        self.set_trait("dice", tuple(state["dice"]))
        self.set_trait("revision", state["revision"])

    @traitlets.observe("view")
    def _view_changed(self, change: dict) -> None:
        if change["new"] == "3d" and not self._loft:
            self._loft = _LOFT.read_text(encoding="utf-8")

    @traitlets.observe("language", "animation", "teaching")
    def _settings_changed(self, change: dict) -> None:
        session = getattr(self, "_session", None)
        if session is not None:
            setattr(session, change["name"], change["new"])
            session.publish()


def _accepts(check: Callable[[Any], Any]) -> Callable[[Any], bool]:
    def accepts(value: Any) -> bool:
        try:
            check(value)
        except ValueError:
            return False
        return True

    return accepts


_SETTINGS = {
    "language": _accepts(check_language),
    "animation": _accepts(_seconds),
    "teaching": _accepts(_flag),
    "view": _accepts(check_view),
}
"""The settings the view may write, each with whether a value is one to keep."""


def _in_kernel() -> bool:
    """True inside a Jupyter kernel (IPython with a kernel attached) or a marimo notebook's
    kernel: both run an asyncio event loop that stays free between cells and messages."""
    marimo = sys.modules.get("marimo")  # imported by the notebook itself: never imported here
    if marimo is not None and marimo.running_in_notebook():
        return True
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
