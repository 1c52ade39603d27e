"""A connection to one room of the game server, for asyncio code: the copy of the room it keeps in step.

:class:`RoomConnection` joins a room (a seat by its token, the free seat by the room code alone, or as a
spectator), applies every event of the server to its own :class:`~bgwidget.online.room.Room` and checks
the GNU Backgammon Position ID and Match ID after each (asking for the whole log when they differ),
sends a seat's actions made on its last event, lets a :class:`~bgwidget.ai.players.Player` play the
seat, and reconnects by itself when the connection drops, taking the seat back with its token and
receiving every event it missed. :func:`create_room_async` creates a room. The synchronous client,
for notebooks and scripts, is :mod:`bgwidget.online.client`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
from collections.abc import Callable
from typing import Any, NamedTuple

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bgwidget.ai.players import Player, get_player
from bgwidget.computer import decide
from bgwidget.errors import RoomError
from bgwidget.game import Game
from bgwidget.match import Match
from bgwidget.moves import Play
from bgwidget.online.protocol import PROTOCOL_VERSION, Event, SeatPresence, refusal_of
from bgwidget.online.room import Room
from bgwidget.refusal import Refusal

__all__ = ["ConnectionLost", "RoomConnection", "RoomTicket", "create_room_async"]


class RoomTicket(NamedTuple):
    """A room just created: the server's ``url``, the ``room`` code, the secret seat ``tokens``
    (seat 0, seat 1: give each player theirs), the ``spectate`` code and the dice ``commitment``."""

    url: str
    room: str
    tokens: tuple[str, str]
    spectate: str
    commitment: str


class ConnectionLost(ConnectionError):
    """The connection dropped before the server answered; the client reconnects and catches up,
    and an action sent again is refused as stale if the server had made it."""


async def _open(url: str, open_timeout: float) -> ClientConnection:
    try:
        return await ws_connect(url, max_size=None, open_timeout=open_timeout, ping_interval=20, ping_timeout=20)
    except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as error:
        raise ConnectionError(f"cannot reach the game server at {url}: {error}") from None


async def create_room_async(
    url: str, settings: dict[str, Any], language: str = "en", timeout: float = 10
) -> RoomTicket:
    """:func:`~bgwidget.online.client.create_room` for asyncio code, with the room's settings as the
    protocol writes them."""
    connection = await _open(url, timeout)
    try:
        await connection.send(
            json.dumps({"v": PROTOCOL_VERSION, "type": "create", "settings": settings, "language": language})
        )
        reply = json.loads(await asyncio.wait_for(connection.recv(), timeout))
    finally:
        await connection.close()
    if reply.get("type") == "error":
        raise refusal_of(reply)
    return RoomTicket(
        url, reply["room"], (reply["tokens"][0], reply["tokens"][1]), reply["spectate"], reply["commitment"]
    )


class RoomConnection:
    """One client's connection to a room, for asyncio code (the rest:
    :class:`~bgwidget.online.client.OnlineRoom`).

    Create it, then ``await open()``. ``room`` is the copy of the server's room, rebuilt from its
    events; ``seat`` is 0 or 1, or None for a spectator.
    """

    def __init__(
        self,
        url: str,
        room: str,
        *,
        token: str | None = None,
        spectate: str | None = None,
        name: str | None = None,
        seed: str | None = None,
        language: str = "en",
        timeout: float = 10.0,
        on_event: Callable[[Event], None] | None = None,
    ) -> None:
        self.url = url
        self.code = room
        self.token = token
        self.spectate = spectate
        self.name = name
        self.seed = seed if seed is not None else secrets.token_hex(16)
        """This client's seed for the dice (public; see :mod:`bgwidget.online.fairdice`)."""
        self.language = language
        self.timeout = timeout
        self.room = Room(room)
        self.seat: int | None = None
        self.presence: list[SeatPresence] = []
        """Each seat's name, whether it is taken and connected, and until when it is held."""
        self.in_sync = True
        """Whether the copy's last IDs equal the server's (False while a snapshot is awaited)."""
        self.resyncs = 0
        """How many times the copy was rebuilt from a snapshot."""
        self.reconnections = 0
        """How many times the client reconnected by itself after the connection dropped."""
        self.on_event = on_event
        """Called with each new event as it arrives, once the copy has applied it (a view's
        redraw, a benchmark's clock); events the copy holds, sent again after a reconnection, are not new."""
        self.connected = False
        """Whether the connection is open now."""
        self._connection: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._ids = itertools.count(1)
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._changed = asyncio.Event()
        self._welcome: asyncio.Future[dict[str, Any]] | None = None

    # ----------------------------------------------------------------- connection

    async def open(self) -> RoomConnection:
        """Connect and join; returns self once the copy has caught up with the server's log.
        Raises :class:`ConnectionError` when the server cannot be reached, or the server's refusal
        (a :class:`~bgwidget.errors.RoomError`: an unknown room, a bad token, the room full)."""
        await self._join()
        self._reader = asyncio.create_task(self._read_forever())
        return self

    async def _join(self) -> None:
        connection = await _open(self.url, self.timeout)
        if not self.in_sync:  # the snapshot asked for was lost with the connection: the whole log again
            self.room, self.in_sync = Room(self.code), True
            self.resyncs += 1
        self._welcome = asyncio.get_running_loop().create_future()
        hello: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "hello",
            "room": self.code,
            "since": self.room.seq,
            "language": self.language,
            "seed": self.seed,
            "name": self.name,
        }
        if self.spectate is not None:
            hello["spectate"] = self.spectate
        elif self.token is not None:
            hello["token"] = self.token
        try:
            await connection.send(json.dumps(hello))
            while not self._welcome.done():
                message = json.loads(await asyncio.wait_for(connection.recv(), self.timeout))
                if message.get("type") == "error":
                    await connection.close()
                    raise refusal_of(message)
                self._receive(message)
            self._connection = connection
            self.connected = True
            await self._caught_up(self._welcome.result()["seq"])
        except (ConnectionClosed, asyncio.TimeoutError):  # the server gone again while joining: retried
            await connection.close()
            raise ConnectionError(f"the game server at {self.url} closed before welcoming") from None

    async def _caught_up(self, seq: int) -> None:
        """Read until the copy holds event ``seq`` (the welcome's)."""
        assert self._connection is not None
        while self.room.seq < seq:
            self._receive(json.loads(await asyncio.wait_for(self._connection.recv(), self.timeout)))

    async def _read_forever(self) -> None:
        while not self._closing:
            try:
                assert self._connection is not None
                async for text in self._connection:
                    self._receive(json.loads(text))
            except ConnectionClosed:
                pass
            if self._closing:
                return
            self._lost()
            await self._reconnect()

    def _lost(self) -> None:
        self.connected = False
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionLost("the connection to the game server dropped"))
        self._pending.clear()
        self._notify()

    async def _reconnect(self) -> None:
        delay = 0.05
        while not self._closing:
            try:
                await self._join()
                self.reconnections += 1
                self._notify()
                return
            except (ConnectionError, OSError, RoomError, ValueError):
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)

    async def close(self) -> None:
        """Leave the room and close the connection (a player's seat stays theirs)."""
        self._closing = True
        self.connected = False
        if self._connection is not None:
            await self._connection.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # ----------------------------------------------------------------- messages

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "event":
            self._event(message)  # type: ignore[arg-type]
        elif kind == "welcome":
            self.seat, self.presence = message["seat"], message["seats"]
            if message.get("token"):
                self.token = message["token"]
            if self._welcome is not None and not self._welcome.done():
                self._welcome.set_result(message)
        elif kind == "presence":
            self.presence = message["seats"]
        elif kind == "snapshot":
            self._rebuild(message["events"])
        else:
            future = self._pending.pop(str(message.get("reply_to")), None)
            if future is not None and not future.done():
                if kind == "error":
                    future.set_exception(refusal_of(message))
                else:
                    future.set_result(message)
        self._notify()

    def _event(self, event: Event) -> None:
        if event["seq"] <= self.room.seq:
            return  # seen already (sent again after a reconnect)
        if self.in_sync:
            try:
                self.room.apply(event)
            except RoomError:
                self._ask_snapshot()
        if self.on_event is not None:
            self.on_event(event)
        future = self._pending.pop(event.get("reply_to", ""), None)
        if future is not None and not future.done():
            future.set_result(event)

    def _ask_snapshot(self) -> None:
        self.in_sync = False
        if self._connection is not None:
            asyncio.ensure_future(self._send({"v": PROTOCOL_VERSION, "type": "sync"}))

    def _rebuild(self, events: list[Event]) -> None:
        self.room = Room.replayed(self.code, events)  # the server's own log: a failure here is a bug, raised
        self.in_sync = True
        self.resyncs += 1

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def _send(self, message: dict[str, Any]) -> None:
        if self._connection is None:
            raise ConnectionLost("not connected to the game server")
        try:
            await self._connection.send(json.dumps(message))
        except ConnectionClosed:
            raise ConnectionLost("the connection to the game server dropped") from None

    async def _request(self, message: dict[str, Any]) -> Any:
        """Send ``message`` with a new ``id``; its answer (the event, file or error replying to it)."""
        key = str(next(self._ids))
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            await self._send({**message, "id": key})
        except ConnectionLost:
            self._pending.pop(key, None)  # never sent: no answer to wait for
            if future.done():
                future.exception()  # the drop already set it: read, so that it is not reported unread
            raise
        return await asyncio.wait_for(future, self.timeout)

    # ----------------------------------------------------------------- reading

    @property
    def match(self) -> Match:
        """The match (or money session) as the server's events have made it."""
        return self.room.match

    @property
    def game(self) -> Game:
        """The current game."""
        return self.room.match.game

    @property
    def ended(self) -> dict[str, Any] | None:
        """The room's end (``winner``, ``reason``, ``server_seed``), or None while it goes on."""
        return self.room.ended

    @property
    def events(self) -> list[Event]:
        """The room's log so far (what :func:`bgwidget.online.fairdice.verify` checks)."""
        return self.room.events

    async def changed(self, timeout: float | None = None) -> None:
        """Wait for the next message (an event, presence, a reconnection), at most ``timeout`` s."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    async def wait_until(self, condition: Callable[[RoomConnection], bool], timeout: float = 30.0) -> None:
        """Wait until ``condition(self)`` holds; raises ``TimeoutError`` after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not condition(self):
            if loop.time() >= end:
                raise TimeoutError(f"the room did not reach the state awaited in {timeout} s")
            await self.changed(end - loop.time())

    # ----------------------------------------------------------------- acting

    async def act(self, action: dict[str, Any]) -> Event:
        """Send one action (see :data:`~bgwidget.online.protocol.CLIENT_ACTIONS`) made on the copy's
        last event; returns its event once the server has stored and sent it. Raises the server's
        refusal (:class:`~bgwidget.errors.RoomError`, :class:`~bgwidget.errors.GameError`...) or
        :class:`ConnectionLost`."""
        if self._closing:
            raise ConnectionError("this client has left the room: connect again to go on")
        seq = self.room.seq
        try:
            await self._request({"v": PROTOCOL_VERSION, "type": "act", "seq": seq, "action": action})
        except RoomError as refusal:
            if refusal.reason == "stale":  # raised once the copy holds what it missed: the caller sees it
                last = refusal.facts.get("seq", 0)
                with contextlib.suppress(TimeoutError):
                    await self.wait_until(lambda c: c.in_sync and c.room.seq >= last, 5.0)
            raise
        # The reply comes with the last event the action made; a copy that went out of step is rebuilt first.
        await self.wait_until(lambda c: c.in_sync and c.room.seq > seq, self.timeout)
        return self.room.events[seq]

    async def download(self, fmt: str = "mat") -> str:
        """The finished match as ``"mat"``, ``"sgf"`` or ``"json"`` text."""
        reply = await self._request({"v": PROTOCOL_VERSION, "type": "download", "format": fmt})
        return str(reply["text"])

    async def play_with(self, player: str | Player, *, games: int | None = None) -> dict[str, Any] | None:
        """Let ``player`` (a level name or any :class:`~bgwidget.ai.players.Player`) play this seat
        until the room ends (or, in a money session, until ``games`` games are over: it then
        stops the session). Returns the room's end. Decisions are the computer's at a board
        (:func:`bgwidget.computer.decide`: always legal), made on this client's event loop."""
        if self.seat is None:
            raise RoomError(reason="spectator")
        chosen = get_player(player)
        while not self.room.ended:
            action = self._decision(chosen, games)
            if action is None:
                await self.changed(1.0)
                continue
            try:
                await self.act(action)
            except (Refusal, ConnectionLost, asyncio.TimeoutError):
                await self.changed(1.0)  # stale, or the connection dropped: decide again on the new state
        return self.room.ended

    def _decision(self, player: Player, games: int | None) -> dict[str, Any] | None:
        """The action ``player`` takes for this seat now, or None when it is not this seat's to act."""
        game = self.game
        if not self.in_sync or not all(self.room.seated):
            return None
        if game.phase in ("opening", "game-over"):
            finished = len(self.match.games) - (game.phase == "opening")
            if games is not None and finished >= games and self.match.rules.is_money:
                return {"type": "stop"}
            return {"type": "roll"}
        if game.turn != self.seat or game.phase not in ("roll", "move", "cube"):
            return None
        decision, _ = decide(game, player)
        if game.phase == "roll":
            return {"type": "double" if decision is True else "roll"}
        if game.phase == "move":
            assert isinstance(decision, Play)
            return {"type": "move", "play": str(decision)}
        if game.offer is not None and game.offer.kind == "resign":
            return {"type": "accept"}
        return {"type": decision if decision in ("pass", "beaver") else "take"}
