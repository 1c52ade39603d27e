"""Layer 6, a board that plays in a game server's room: the browser carries the messages, Python the game.

:meth:`BoardWidget.online <bgwidget.widget.BoardWidget.online>` gives its session an
:class:`OnlinePlay`. The connection lives in the browser: the view's module opens the WebSocket to
the server itself (``js/src/link.js``, one per widget model), because a Pyodide kernel (JupyterLite)
cannot open sockets, and relays both ways with custom messages:

- view to Python: ``{"type": "online-status", "open": bool, "token": the seat's token the page
  kept for this room, or null, "page": the page's id}`` when the socket opens or closes (a board shown
  in several pages has a socket in each, and plays through one), and ``{"type": "online-message", "page": id,
  "text": the JSON text the server sent}``;
- Python to view: ``{"type": "online-send", "page": id, "message": what to send}`` and ``{"type":
  "online-close", "page": id}`` when the server refused the board for good (an unknown room, a bad token).

So the protocol (:mod:`bgwidget.online.protocol`) is spoken here, once: :class:`OnlinePlay` creates
the room or joins it (a seat by its token, the free seat by the room code, or as a spectator),
keeps a copy of the room (:class:`~bgwidget.online.room.Room`, checking each event's Position ID and
Match ID, and asking for the whole log when they differ), and is the session's
:class:`~bgwidget.session.Relay`: a person's roll, cube action or resignation goes to the server as
an ``act`` and shows once its event comes back; the steps of a play are made on the board's copy,
so that the person sees them, and the whole play is sent when it is complete (at Done when the
room's rules want one). The session's match *is* the room's match, so that it can be reviewed and
saved once the room is over, when the dice are also verified (:func:`bgwidget.online.verify`).

The view relays what the server sends; a page that forged messages would fool only its own board:
the server judges every action, and the copy takes only events that follow the rules.
"""

from __future__ import annotations

import copy
import itertools
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from bgwidget import actions, guards
from bgwidget.errors import GameError, IllegalPlayError, RoomError
from bgwidget.intents import IntentError, place
from bgwidget.online.fairdice import DiceProofError, verify
from bgwidget.online.protocol import PROTOCOL_VERSION, Event, SeatPresence, refusal_of
from bgwidget.online.room import Room, check_name
from bgwidget.position import mover_point
from bgwidget.seats import Seat
from bgwidget.session import Session
from bgwidget.viewstate import Online, OnlineClock, OnlineEnd

__all__ = ["INTENTS", "OnlinePlay", "check_url"]

log = logging.getLogger("bgwidget.online")

INTENTS = frozenset({*actions.ACTIONS, "resign", "new-game", "claim"})
"""The intents a board in a room hands to :class:`OnlinePlay`: every game action (the rest, Hint,
set-up, review and export, stay the board's own, and the tools are off during play unless the room
allows them)."""

_STEPS = ("move", "why", "undo")  # on the board's copy: the person sees each step at once

_TOKENS: dict[tuple[str, str], str] = {}
"""The seats taken by this Python process, ``(url, room) -> token``: running a cell again takes the
seat back (the page keeps them too, for a kernel started again)."""


def check_url(url: object) -> str:
    """``url`` if it is a game server's address, ``ws://host:port`` or ``wss://...``; else ``ValueError``."""
    if not isinstance(url, str) or not url.startswith(("ws://", "wss://")) or len(url) > 2000:
        raise ValueError(f"a game server's address is ws://host:port or wss://..., not {url!r}")
    return url


class OnlinePlay:
    """The room a board plays in: see the module. Made by :meth:`BoardWidget.online
    <bgwidget.widget.BoardWidget.online>`, whose parameters these are: ``url``; ``room`` (None: create
    one with ``settings``, a :class:`~bgwidget.online.room.RoomSettings` dict); ``token`` of a seat;
    ``spectate`` code; the person's ``name``. ``send`` hands a message to the view."""

    intents = INTENTS

    def __init__(
        self,
        session: Session,
        send: Callable[[dict], None],
        url: str,
        *,
        room: str | None = None,
        token: str | None = None,
        spectate: str | None = None,
        name: str | None = None,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self.url = check_url(url)
        if room is not None and (not isinstance(room, str) or not room.isalnum() or len(room) > 16):
            raise ValueError(f"a room's code is the few letters and digits its creator was given, not {room!r}")
        if name is not None:
            name = check_name(name)
        self.session, self._send = session, send
        self.room = Room(room or "")
        """The board's copy of the server's room, rebuilt from its events."""
        self.token = token if token is not None else _TOKENS.get((url, room or ""))
        self.spectate = spectate
        self.name = name
        self.settings = settings
        self.seed = secrets.token_hex(16)
        """This board's seed for the dice (public; see :mod:`bgwidget.online.fairdice`)."""
        self.seat: int | None = None
        self.presence: list[SeatPresence] = []
        self.spectate_code = spectate or ""
        self.connected = self.joined = False
        self.in_sync = True
        self.verified: bool | None = None
        self.pending: str | None = None  # the id of the action sent, until its event or refusal
        self._starting = False  # the action pending is a roll that starts a game (either player may)
        self.page: str | None = None
        """The page whose socket the board plays through (its view's id), None while none is open."""
        self._pages: list[str] = []  # the pages whose socket is open, the last opened last
        self._ids = (f"{secrets.token_hex(3)}.{n}" for n in itertools.count(1))
        session.relay = self
        session.tools = False  # until the room says it allows them, or is over
        session.auto_play_forced = False  # a forced play is the server's to take, as any other
        session.last_play, session.edit, session.held = None, None, False
        self._follow()

    # ----------------------------------------------------------------- the view's messages

    def status(self, is_open: bool, token: Any = None, page: Any = None) -> None:
        """The socket of the view ``page`` opened (``token``: the seat's token the page kept for this
        room) or closed. A board shown in several pages (two tabs, a restored workspace) plays
        through the page that opened last (a reloaded page's old one may be gone without a word),
        and when that page's socket closes, through the one open before it."""
        page = str(page)
        self._pages = [p for p in self._pages if p != page] + ([page] if is_open else [])
        if not is_open and page != self.page:
            return  # an idle page's socket
        if is_open and self.token is None and isinstance(token, str) and self.spectate is None:
            self.token = token
        self.page = self._pages[-1] if self._pages else None
        # a socket opened says hello (or create) again, and the board is joined once welcomed
        self.connected, self.pending, self.joined = self.page is not None, None, False
        if self.connected and not self.room.code:
            self._message({"type": "create", "settings": self.settings or {}, "language": self.session.language})
        elif self.connected:
            self._hello()
            if not self.in_sync:  # the snapshot asked for was lost with the connection: ask again
                self._message({"type": "sync"})
        self._publish()

    def receive(self, text: Any, page: Any = None) -> None:
        """A message from the server, relayed by the view ``page`` as the JSON text the server sent;
        one that is not the protocol's, or comes through another page than the board plays through,
        is logged and dropped. Parsed here, not in the page: a kernel may not hand a JavaScript
        object over as JSON would (Pyodide's makes each null ``jsnull``, not None)."""
        if str(page) != self.page:
            return
        try:
            message = json.loads(text) if isinstance(text, str) else None
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict) or message.get("v") != PROTOCOL_VERSION:
            log.warning("bgwidget: a message that is not the game server's: %.200r", text)
            return
        handler = self._handlers.get(str(message.get("type")))
        if handler is None:
            return  # a file, or a type of a later server: nothing a board shows
        try:
            handler(self, message)
        except (KeyError, TypeError, ValueError) as error:
            log.warning("bgwidget: a malformed %s message from the game server: %s", message.get("type"), error)
        if self.room.ended and self.verified is None:  # the end event, or a snapshot of an ended room
            self.verified = _verified(self.room.events)
        self._publish()

    def _created(self, message: dict[str, Any]) -> None:
        if self.room.code:
            return  # a board creates one room: another "created" is not an answer to it
        self.room = Room(str(message["room"]))
        self.token, self.spectate_code = str(message["tokens"][0]), str(message["spectate"])
        self._hello()

    def _welcome(self, message: dict[str, Any]) -> None:
        if self.joined:
            return  # welcomed already: not an answer to this board's hello
        if message["seat"] not in (0, 1, None) or isinstance(message["seat"], bool):
            raise ValueError(f"a seat is 0, 1 or None (a spectator), not {message['seat']!r}")
        self.seat, self.presence, self.joined = message["seat"], _presence_of(message["seats"]), True
        if message.get("token"):
            self.token = str(message["token"])
            _TOKENS[(self.url, self.room.code)] = self.token

    def _presence(self, message: dict[str, Any]) -> None:
        self.presence = _presence_of(message["seats"])

    def _event(self, event: Event) -> None:
        if event["seq"] <= self.room.seq or not self.in_sync:
            return  # seen already (sent again after a reconnection), or a snapshot is on its way
        if self.pending is not None and event.get("reply_to") == self.pending:
            self.pending = None
        try:
            self.session.run_action(lambda: self.room.apply(event))  # the last play, dances, on_play
        except RoomError:
            self.in_sync = False
            self._message({"type": "sync"})

    def _snapshot(self, message: dict[str, Any]) -> None:
        if self.in_sync:
            return  # not asked for: the copy that follows the events stays
        self.room = Room.replayed(self.room.code, message["events"])
        self.in_sync, self.session.last_play = True, None

    def _error(self, message: dict[str, Any]) -> None:
        refusal = refusal_of(message)
        # the room cannot be joined (an answer to the board's hello or create): said, and the view stops
        if message.get("refused") in ("hello", "create") and not self.joined:
            self._send({"type": "online-close", "page": self.page})
            self.connected = False
        elif message.get("reply_to") != self.pending:
            return  # an answer to an action this board no longer waits for
        self.pending = None
        if refusal.reason == "stale" and self._starting:
            return  # both players rolled to start the game, and the other's came first: it has started
        self.session.refusal, self.session.refused_at = refusal, None

    _handlers: dict[str, Callable[[OnlinePlay, Any], None]] = {
        "created": _created,
        "welcome": _welcome,
        "presence": _presence,
        "event": _event,
        "snapshot": _snapshot,
        "error": _error,
    }

    def _hello(self) -> None:
        # The last event is asked for again: the page, which may be new (reloaded), reads its IDs.
        hello: dict[str, Any] = {"type": "hello", "room": self.room.code, "since": max(0, self.room.seq - 1)}
        hello |= {"language": self.session.language, "seed": self.seed, "name": self.name}
        if self.spectate is not None:
            hello["spectate"] = self.spectate
        elif self.token is not None:
            hello["token"] = self.token
        self._message(hello)

    def _message(self, message: dict[str, Any]) -> None:
        self._send({"type": "online-send", "page": self.page, "message": {"v": PROTOCOL_VERSION, **message}})

    # ----------------------------------------------------------------- the person's intents

    def act(self, kind: str, intent: dict) -> None:
        """A person's game intent (one of :data:`INTENTS`): a step made on the board's copy, or an
        action sent to the server. Raises the refusal (an :class:`~bgwidget.intents.IntentError`,
        the room's reasons among them, or a :class:`~bgwidget.errors.GameError`) with nothing
        changed or sent."""
        self._check_can_act()
        game = self.session.game
        if kind in _STEPS:  # made for this board's seat: out of its turn, the game's own refusal
            if kind == "move":
                self._move(intent)
            else:  # a take-back, or a click the board explains: as at any board
                assert self.seat is not None  # _check_can_act
                actions.apply(game, self.seat, kind, intent, self.session.run_action)
            return
        self._send_action(self._action(kind, intent))

    def _move(self, intent: dict) -> None:
        """A step made on the copy (its play in progress), never confirmed there: once the play is
        complete it goes to the server, unless the room's rules want Done."""
        game, seat = self.session.game, self.seat
        assert seat is not None  # _check_can_act
        frm, to = mover_point(seat, place(intent.get("from"))), mover_point(seat, place(intent.get("to")))
        die = intent.get("die")
        refusal = game.check_move(frm, to, die=die, seat=seat)
        if refusal is not None:
            raise refusal
        partial = game.partial_play
        assert partial is not None  # check_move found the play in progress
        partial.step(frm, to, die)
        if partial.is_complete and game.rules.auto_confirm:
            self._send_action({"type": "move", "play": str(partial.play)})

    def _action(self, kind: str, intent: dict) -> dict[str, Any]:
        """The ``act`` action of a person's intent: checked first as far as the board's copy can."""
        game, seat = self.session.game, self.seat
        assert seat is not None  # _check_can_act
        if kind == "new-game":
            if game.result is None:
                raise IntentError("the game is still in play", reason="game-in-play")
            return {"type": "roll"}  # the server starts the next game with its opening roll
        if kind == "resign":
            points = intent.get("points", 1)
            return {"type": "resign", "points": points}
        if kind in ("done", "play"):
            guards.require_person(self.session, game.turn, actions.VERBS.get(kind, kind))
            return {"type": "move", "play": str(self._play(kind, intent))}
        if kind in actions.ACTIONS:  # a roll, the cube's, an answer: tried on a copy, for the game's refusal
            actions.apply(copy.deepcopy(game), seat, kind, intent, lambda change: change())
        return {"type": kind}

    def _play(self, kind: str, intent: dict) -> Any:
        """The play of a ``done`` or ``play`` intent (the steps made, or the notation), checked."""
        game = self.session.game
        partial = game.partial_play
        if partial is None:
            game.confirm(seat=self.seat)  # raises the turn's own refusal
        assert partial is not None
        try:
            if kind == "done":
                return partial.play
            notation = intent.get("notation")
            if not isinstance(notation, str):
                raise IntentError(f"a play intent carries 'notation' text, not {notation!r}")
            return game.start_position.parse_play(notation, *partial.dice)
        except IllegalPlayError as error:
            raise GameError(error.detail, reason=error.reason, **error.facts) from None

    def _send_action(self, action: dict[str, Any]) -> None:
        self.pending = next(self._ids)
        self._starting = action["type"] == "roll" and self.session.game.phase in ("opening", "game-over")
        self._message({"type": "act", "seq": self.room.seq, "action": action, "id": self.pending})

    def _check_can_act(self) -> None:
        reason = self._why_not()
        if reason is not None:  # an IntentError, which the session refuses (a RoomError would escape it)
            raise IntentError(f"online: {reason}", reason=reason)

    def _why_not(self) -> str | None:
        """Why a person at this board cannot act now, or None."""
        if not self.connected:
            return "online-offline"
        if not self.joined:
            return "not-joined"
        if self.seat is None:
            return "spectator"
        if self.room.ended:
            return "room-over"
        if not all(self.room.seated):
            return "waiting-opponent"
        if not self.in_sync:
            return "out-of-sync"
        return "online-pending" if self.pending is not None else None

    # ----------------------------------------------------------------- what the board shows

    def _follow(self) -> None:
        """The session shows the room: its match, and this board's seat as the one a person plays."""
        seats = tuple(Seat("person" if seat == self.seat else "remote") for seat in (0, 1))
        self.session.follow(self.room.match, (seats[0], seats[1]))
        self.session.tools = self.room.settings.tools or self.room.ended is not None

    def _publish(self) -> None:
        self._follow()
        self.session.turns.after_change() if self.session.refusal is None else self.session.publish()

    def view(self) -> Online:
        """The room as the view shows it (:class:`~bgwidget.viewstate.Online`)."""
        room, settings = self.room, self.room.settings
        clock: OnlineClock | None = None
        if room.clock is not None and settings.clock is not None:
            clock = {**room.clock, "reserves": list(room.clock["reserves"]), "delay": settings.clock.delay}
        ended: OnlineEnd | None = None
        if room.ended is not None:
            ended = {"winner": room.ended.get("winner"), "reason": str(room.ended.get("reason"))}
        free = self.joined and not all(room.seated)
        return {
            "url": self.url,
            "room": room.code,
            "seat": self.seat,
            "invite": f"BoardWidget().online({self.url!r}, room={room.code!r})" if free else "",
            "spectate": self.spectate_code,
            "connected": self.connected,
            "joined": self.joined,
            "in_sync": self.in_sync,
            "ids": list(room.ids()),
            "pending": self.pending is not None,
            "can_act": self._why_not() is None,
            # taken as the events say: the presence message that says it may come after the event
            "seats": [{**seat, "taken": taken} for seat, taken in zip(self.presence, room.seated)],
            "clock": clock,
            "commitment": room.commitment,
            "verified": self.verified,
            "ended": ended,
            "tools": settings.tools,
        }

    def config(self) -> dict[str, Any]:
        """What the view needs to open the connection: the ``url`` and the ``room`` code ("" until created)."""
        return {"url": self.url, "room": self.room.code, "key": self.seed}


def _presence_of(seats: Any) -> list[SeatPresence]:
    """``seats`` if it is the two seats' :class:`~bgwidget.online.protocol.SeatPresence` (the view
    shows them); ``ValueError`` for anything else a relay handed over."""
    ok = isinstance(seats, list) and len(seats) == 2
    for seat in seats if ok else ():
        ok = ok and isinstance(seat, dict) and isinstance(seat.get("name"), str)
        ok = ok and isinstance(seat.get("taken"), bool) and isinstance(seat.get("connected"), bool)
        held = seat.get("held_until") if isinstance(seat, dict) else None
        ok = ok and (held is None or (isinstance(held, (int, float)) and not isinstance(held, bool)))
    if not ok:
        raise ValueError(f"not the two seats' presence: {seats!r:.200}")
    return list(seats)


def _verified(events: list[Event]) -> bool:
    try:
        verify(events)
    except DiceProofError:
        return False
    return True
