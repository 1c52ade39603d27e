"""The game server: rooms of two players over WebSockets, nothing ever lost (run by ``bgwidget serve``,
:mod:`bgwidget.online.launch`).

One asyncio process on the ``websockets`` library (the ``online`` extra). Clients send the
messages of :mod:`bgwidget.online.protocol`; the server alone judges them with the rules of
:mod:`bgwidget.game` (through :class:`~bgwidget.online.room.Room`), rolls the dice
(:mod:`bgwidget.online.fairdice`), writes each accepted event to its store
(:mod:`bgwidget.online.store`) and only then sends it to the room. A refused message gets an error
message and changes nothing; the connection stays open, except for flooding (more than
:attr:`Limits.rate` messages a second beyond a burst of :attr:`Limits.burst`, or a message over
:data:`~bgwidget.online.protocol.MAX_MESSAGE_BYTES`), closed with code 1008 (or 1009).

Finished matches are also served over plain HTTP: ``GET /rooms/<code>.mat`` (``.sgf``, ``.json``).

TLS: run behind a reverse proxy that terminates it (nginx's ``proxy_pass`` with the ``Upgrade`` and
``Connection`` headers set, or Caddy's ``reverse_proxy``), or give the command ``--certfile`` and ``--keyfile``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from bgwidget import formats
from bgwidget.checks import is_int
from bgwidget.errors import GameError, RoomError
from bgwidget.labels import LANGUAGES
from bgwidget.match import Match
from bgwidget.online import fairdice
from bgwidget.online.protocol import (
    DOWNLOAD_FORMATS,
    PROTOCOL_VERSION,
    Event,
    SeatPresence,
    dumps,
    parse,
)
from bgwidget.online.room import Room, RoomSettings
from bgwidget.online.store import Store, StoredRoom, secret_hash
from bgwidget.refusal import Refusal

__all__ = ["GameServer", "Limits", "download", "rebuild"]

log = logging.getLogger("bgwidget.server")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a room code: no 0/O, 1/I/L to misread."""


@dataclass(frozen=True)
class Limits:
    """What one connection may do: ``rate`` messages a second after a ``burst`` (an accepted action
        costs nothing), ``rooms`` rooms created, ``queue`` characters waiting to be sent to it (a client
        that reads slower is dropped); and the server: ``open_rooms`` rooms in play at once, ``events``
    in a room's log (a money session of a thousand games is some 60,000)."""

    rate: float = 20.0
    burst: float = 60.0
    rooms: int = 5
    queue: int = 16 * 2**20
    open_rooms: int = 10_000
    events: int = 100_000


def rebuild(stored: StoredRoom) -> Room:
    """A room replayed from its stored log (raises :class:`RoomError` for a log that does not follow)."""
    return Room.replayed(stored.code, stored.events, stored.server_seed)


@dataclass(eq=False)
class _Member:
    """One connection: the room it joined, its seat (None: a spectator), its language, its
    queue of messages to send, its rate budget."""

    connection: ServerConnection
    queue: asyncio.Queue[str]
    room: str | None = None
    seat: int | None = None
    language: str = "en"
    created: int = 0
    queued: int = 0  # characters in the queue, not yet sent
    budget: float = 0.0
    checked: float = field(default_factory=time.monotonic)


class GameServer:
    """Rooms kept in ``store``; serve it with :meth:`handler` (see :func:`~bgwidget.online.launch.run`).

    ``now`` gives the time (seconds since the epoch); ``failures`` counts the messages whose
    handling raised an unexpected error (each logged; a hostile client must never cause one).
    """

    def __init__(self, store: Store, limits: Limits | None = None, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.now = now
        self.failures = 0
        self.rooms: dict[str, Room] = {}
        self._hashes: dict[str, tuple[list[str], str]] = {}
        self._members: dict[str, set[_Member]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._holds: dict[tuple[str, int], asyncio.TimerHandle] = {}  # a dropped seat's hold, one a seat
        self._handlers: dict[str, Callable[[_Member, dict[str, Any]], None]] = {
            "create": self._create,
            "hello": self._hello,
            "act": self._act,
            "sync": self._sync,
            "download": self._download,
        }
        for stored in store.open_rooms():
            room = rebuild(stored)
            room.resume(self.now())
            self._keep(room, stored)

    # ----------------------------------------------------------------- connections

    async def handler(self, connection: ServerConnection) -> None:
        """Serve one connection until it closes."""
        member = _Member(connection, asyncio.Queue(), budget=self.limits.burst)
        writer = asyncio.create_task(self._write(member))
        try:
            async for text in connection:
                if not self._allowed(member):
                    await connection.close(1008, "flooding")
                    break
                self._receive(member, text)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self._leave(member)

    def started(self) -> None:
        """Arm the clocks of the rooms resumed from the store (call once the event loop runs)."""
        for code in self.rooms:
            self._arm(code)

    def _allowed(self, member: _Member) -> bool:
        """Spend one message of the member's budget (a token bucket); False once it is spent."""
        now = time.monotonic()
        limits = self.limits
        member.budget = min(limits.burst, member.budget + (now - member.checked) * limits.rate) - 1
        member.checked = now
        return member.budget >= 0

    async def _write(self, member: _Member) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await member.queue.get()
                await member.connection.send(text)
                member.queued -= len(text)

    def _send(self, member: _Member, message: Any) -> None:
        self._send_text(member, dumps(message))

    def _send_text(self, member: _Member, text: str) -> None:
        # Counted in characters, not messages: a whole log sent at a hello or a sync is one message
        # a page, and a client that asks for it again and again without reading must not grow memory.
        if member.queued + len(text) > self.limits.queue:
            member.connection.transport.abort()  # reads slower than it asks or its room plays: dropped, may rejoin
            return
        member.queued += len(text)
        member.queue.put_nowait(text)

    def _receive(self, member: _Member, text: str | bytes) -> None:
        message: dict[str, Any] = {}
        try:
            message = parse(text)
            self._handlers[message["type"]](member, message)
            if message["type"] == "act":  # accepted: the game itself bounds how fast a seat acts
                member.budget = min(self.limits.burst, member.budget + 1)
        except Refusal as refusal:
            self._refuse(member, refusal, message)
            if message.get("type") == "hello":
                self._release(message.get("room"))
        except Exception:
            self.failures += 1
            log.exception("a message could not be handled")
            self._refuse(member, RoomError(reason="bad-message"), message)

    def _refuse(self, member: _Member, refusal: Refusal, message: dict[str, Any]) -> None:
        reply: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "error",
            "code": refusal.reason,
            "facts": refusal.facts,
            "text": refusal.explain(member.language),
            "refused": message.get("type"),
        }
        self._send(member, _replying(reply, message))

    # ----------------------------------------------------------------- messages

    def _create(self, member: _Member, message: dict[str, Any]) -> None:
        self._language(member, message)
        if member.created >= self.limits.rooms:
            raise RoomError(reason="too-many-rooms", count=self.limits.rooms)
        if len(self.rooms) >= self.limits.open_rooms:
            raise RoomError(reason="server-full")
        settings = RoomSettings.from_dict(message.get("settings", {}))
        tokens = [secrets.token_urlsafe(18), secrets.token_urlsafe(18)]
        spectate = secrets.token_urlsafe(9)
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
            room = Room(code, fairdice.new_server_seed())
            assert room.server_seed is not None
            first = room.start(settings, self.now())
            hashes = (secret_hash(tokens[0]), secret_hash(tokens[1]))
            stored = StoredRoom(code, room.server_seed, hashes, secret_hash(spectate), [first])
            if code not in self.rooms:
                with contextlib.suppress(KeyError):
                    self.store.create(stored)
                    break
        member.created += 1
        self._keep(room, stored)
        reply = {"type": "created", "room": code, "tokens": tokens, "spectate": spectate, "commitment": room.commitment}
        self._send(member, {"v": PROTOCOL_VERSION, **reply})

    def _hello(self, member: _Member, message: dict[str, Any]) -> None:
        self._language(member, message)
        code, token, spectate = message.get("room"), message.get("token"), message.get("spectate")
        room = self._room(code)
        hashes, spectate_hash = self._hashes[room.code]
        since = message.get("since", 0)
        if not is_int(since) or not 0 <= since <= room.seq:
            since = 0  # a client that knows more than the log: it gets the log again
        new_token = None
        if isinstance(spectate, str):
            if not secrets.compare_digest(secret_hash(spectate), spectate_hash):
                raise RoomError(reason="bad-spectate")
            seat = None
        elif isinstance(token, str):
            seat = next((s for s in (0, 1) if secrets.compare_digest(secret_hash(token), hashes[s])), None)
            if seat is None:
                raise RoomError(reason="bad-token")
        elif token is None:
            seat = next((s for s in (1, 0) if not room.seated[s]), None)  # seat 0 is the creator's, by custom
            if seat is None or room.ended:
                raise RoomError(reason="room-full")
            new_token = secrets.token_urlsafe(18)
        else:
            raise RoomError(reason="bad-token")
        if seat is not None and not room.seated[seat]:
            if room.ended:
                raise RoomError(reason="room-over")
            taken = room.take_seat(seat, message.get("name"), message.get("seed"), self.now())
            if new_token is not None:  # bound before the seat is taken: a crash between leaves it free
                hashes[seat] = secret_hash(new_token)
                self.store.set_token(room.code, seat, hashes[seat])
            self._commit(room, [taken])
        self._join(member, room, seat)
        welcome = {
            "type": "welcome",
            "room": room.code,
            "seat": seat,
            "token": new_token or (token if seat is not None else None),
            "seq": room.seq,
            "seats": self._presence(room),
        }
        self._send(member, {"v": PROTOCOL_VERSION, **welcome})
        for event in room.events[since:]:
            self._send(member, event)
        if seat is not None:  # a spectator changes no seat's presence: nothing to tell the room
            self._broadcast_presence(room)  # after the welcome, which the newcomer reads first

    def _act(self, member: _Member, message: dict[str, Any]) -> None:
        room = self._joined(member)
        if room.seq >= self.limits.events:  # a seat that lengthens its log for ever (resign, decline...)
            raise RoomError(reason="room-too-long", count=self.limits.events)
        events = room.act(member.seat, message.get("action"), message.get("seq"), self.now())
        reply_to = message.get("id")
        self._commit(room, events, member if isinstance(reply_to, str) else None, str(reply_to)[:64])

    def _sync(self, member: _Member, message: dict[str, Any]) -> None:
        room = self._joined(member)
        self._send(member, {"v": PROTOCOL_VERSION, "type": "snapshot", "room": room.code, "events": room.events})

    def _download(self, member: _Member, message: dict[str, Any]) -> None:
        room = self._joined(member)
        text = download(room, message.get("format"))
        reply = {"v": PROTOCOL_VERSION, "type": "file", "room": room.code, "format": message["format"], "text": text}
        self._send(member, _replying(reply, message))

    # ----------------------------------------------------------------- rooms

    def _language(self, member: _Member, message: dict[str, Any]) -> None:
        language = message.get("language", member.language)
        member.language = language if language in LANGUAGES else member.language

    def _room(self, code: object) -> Room:
        if not isinstance(code, str) or len(code) > 16:
            raise RoomError(reason="room-unknown")
        code = code.upper()
        if code not in self.rooms:
            stored = self.store.load(code)
            if stored is None:
                raise RoomError(reason="room-unknown")
            self._keep(rebuild(stored), stored)  # a finished room, for its log and files
        return self.rooms[code]

    def _keep(self, room: Room, stored: StoredRoom) -> None:
        self.rooms[room.code] = room
        self._hashes[room.code] = (list(stored.token_hashes), stored.spectate_hash)
        self._members.setdefault(room.code, set())

    def _joined(self, member: _Member) -> Room:
        if member.room is None or member.room not in self.rooms:
            raise RoomError(reason="not-joined")
        return self.rooms[member.room]

    def _join(self, member: _Member, room: Room, seat: int | None) -> None:
        self._leave(member)
        member.room, member.seat = room.code, seat
        self._members[room.code].add(member)
        if seat is not None:
            room.away_since[seat] = None
            self._unhold(room.code, seat)

    def _leave(self, member: _Member) -> None:
        code = member.room
        if code is None or code not in self.rooms:
            return
        members = self._members[code]
        members.discard(member)
        room = self.rooms[code]
        member.room = None
        if member.seat is not None and not any(m.seat == member.seat for m in members):
            room.away_since[member.seat] = self.now()
            if not room.ended:  # one timer a seat: a seat that comes and goes must not pile them up
                self._unhold(code, member.seat)
                hold = asyncio.get_running_loop().call_later(room.settings.hold, self._broadcast_presence, room)
                self._holds[(code, member.seat)] = hold  # at its end the claim is open
        if member.seat is not None:
            self._broadcast_presence(room)
        if not members and room.ended:
            self._forget(code)

    def _release(self, code: object) -> None:
        """Forget the finished room ``code`` if no connection holds it (loaded for a download or a
        refused hello): the store keeps it, and memory must not grow with every room ever looked at."""
        room = self.rooms.get(code.upper()) if isinstance(code, str) else None
        if room is not None and room.ended and not self._members.get(room.code):
            self._forget(room.code)

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self._hashes.pop(code, None)
        self._members.pop(code, None)
        timer = self._timers.pop(code, None)
        if timer:
            timer.cancel()
        for seat in (0, 1):
            self._unhold(code, seat)

    def _unhold(self, code: str, seat: int) -> None:
        hold = self._holds.pop((code, seat), None)
        if hold:
            hold.cancel()

    def _presence(self, room: Room) -> list[SeatPresence]:
        members = self._members.get(room.code, set())
        seats: list[SeatPresence] = []
        for seat in (0, 1):
            away = room.away_since[seat]
            taken = room.seated[seat]
            seats.append(
                {
                    "name": room.match.names[seat],
                    "taken": taken,
                    "connected": any(m.seat == seat for m in members),
                    "held_until": away + room.settings.hold if away is not None and taken else None,
                }
            )
        return seats

    def _broadcast_presence(self, room: Room) -> None:
        if room.code not in self._members:
            return
        message = {"v": PROTOCOL_VERSION, "type": "presence", "room": room.code, "seats": self._presence(room)}
        for member in self._members[room.code]:
            self._send(member, message)

    def _commit(self, room: Room, events: Sequence[Event], actor: _Member | None = None, reply_to: str = "") -> None:
        """Store ``events`` (already applied to ``room``), then send them to the room; arm its clock."""
        self.store.append(room.code, events, ended=room.ended is not None)
        for event in events:
            text = dumps(event)  # written once for the whole room
            for member in self._members[room.code]:
                if member is actor and event is events[-1]:  # the reply on the last: the actor's copy holds them all
                    self._send_text(member, f'{text[:-1]},"reply_to":{dumps(reply_to)}}}')
                else:
                    self._send_text(member, text)
        self._arm(room.code)

    def _arm(self, code: str) -> None:
        """Set the timer that ends the room when the running clock runs out."""
        timer = self._timers.pop(code, None)
        if timer:
            timer.cancel()
        deadline = self.rooms[code].deadline()
        if deadline is not None:
            loop = asyncio.get_running_loop()
            self._timers[code] = loop.call_later(max(0.0, deadline - self.now()) + 0.001, self._time_out, code)

    def _time_out(self, code: str) -> None:
        room = self.rooms.get(code)
        if room is None:
            return
        events = room.time_out(self.now())
        if events:
            self._commit(room, events)
        else:
            self._arm(code)

    # ----------------------------------------------------------------- HTTP

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Answer ``GET /rooms/<code>.<format>`` with a finished match's file; anything else goes
        on to the WebSocket handshake."""
        path = request.path.split("?", 1)[0]
        if not path.startswith("/rooms/"):
            return None
        code, _, fmt = path[len("/rooms/") :].partition(".")
        try:
            room = self._room(code)
            text = download(room, fmt)
        except RoomError as refusal:
            statuses = {"room-unknown": HTTPStatus.NOT_FOUND, "bad-format": HTTPStatus.BAD_REQUEST}
            status = statuses.get(refusal.reason, HTTPStatus.CONFLICT)
            return connection.respond(status, refusal.explain("en") + "\n")
        finally:
            self._release(code)
        response = connection.respond(HTTPStatus.OK, text)
        response.headers["Content-Type"] = "application/json" if fmt == "json" else "text/plain; charset=utf-8"
        response.headers["Content-Disposition"] = f'attachment; filename="{room.code}.{fmt}"'
        return response


def _replying(reply: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """``reply`` with the ``reply_to`` of ``message``'s ``id`` when it has one (text, cut at 64)."""
    if isinstance(message.get("id"), str):
        reply["reply_to"] = message["id"][:64]
    return reply


def download(room: Room, fmt: object) -> str:
    """The finished match of ``room`` as ``fmt`` text (:data:`DOWNLOAD_FORMATS`); raises
    :class:`RoomError` (``"bad-format"``, ``"room-in-play"``)."""
    if fmt not in DOWNLOAD_FORMATS:
        raise RoomError(reason="bad-format", formats=", ".join(DOWNLOAD_FORMATS))
    if not room.ended:
        raise RoomError(reason="room-in-play")
    writers: dict[str, Callable[[Match], str]] = {"mat": formats.to_mat, "sgf": formats.to_sgf, "json": formats.to_json}
    try:
        return writers[str(fmt)](room.match)
    except GameError as error:
        raise RoomError(f"the match cannot be written as {fmt}: {error}") from None
