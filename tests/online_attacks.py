"""A hostile client of the game server, for tests/test_online_hostile.py and benchmarks/online_fuzz.py.

:class:`Raw` is a bare WebSocket connection that sends whatever it is given (text, bytes, a dict)
and reads the server's answer to it, as an attacker's script would, with none of the checks of
:mod:`bgwidget.online.client`. :func:`table` makes a room whose two seats are taken and whose
opening roll is made, so that every rule of the game can be attacked; :func:`state` is what a
refused message must leave as it was.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any, NamedTuple

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bgwidget.online.room import Room

V = 1  # the protocol version, written here from the protocol's docstring rather than imported

ABNORMAL = 1006
"""The close code of a connection that ended without a close frame (RFC 6455 section 7.1.5)."""

REPLIES = ("error", "created", "welcome", "snapshot", "file")
"""The messages that answer a client's message (an accepted ``act`` is answered by its event)."""


class Closed(Exception):
    """The server closed the connection: ``code`` is its close code (1008 flooding, 1009 too big)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed with code {code}")
        self.code = code


class Raw:
    """One WebSocket connection that sends anything; ``room`` and ``seat`` are what the last
    welcome said (None before one)."""

    def __init__(self, url: str, **options: Any) -> None:
        self._stack = contextlib.ExitStack()  # websockets 17.1 wants its connection entered as a context
        options = {"max_size": None, "open_timeout": 10, "close_timeout": 1, "compression": None, **options}
        self.ws = self._stack.enter_context(connect(url, **options))
        self.room: str | None = None
        self.seat: int | None = None
        self.closed: int | None = None
        """The close code once the connection has closed."""

    def send(self, message: Any) -> None:
        """Send ``message``: bytes as a binary frame, a str as it is, anything else as JSON text."""
        payload = message if isinstance(message, (str, bytes)) else json.dumps(message)
        try:
            self.ws.send(payload)
        except ConnectionClosed as closed:
            self.closed = closed.rcvd.code if closed.rcvd else ABNORMAL
            raise Closed(self.closed) from None

    def read(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message from the server; raises :class:`Closed` once it has closed."""
        try:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except ConnectionClosed as closed:
            self.closed = closed.rcvd.code if closed.rcvd else ABNORMAL
            raise Closed(self.closed) from None
        if message.get("type") == "welcome":
            self.room, self.seat = message["room"], message["seat"]
        return message

    def answer(self, message: Any, after: int | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """Send ``message`` and return the server's answer to it: an error, ``created``, ``welcome``,
        ``snapshot``, ``file``, or for an accepted act the event that replies to it (a new event of
        this connection's room, ``seq`` over ``after``). Presence and earlier events are skipped."""
        self.send(message)
        deadline = time.monotonic() + timeout
        reply_to = message.get("id") if isinstance(message, dict) else None
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {str(message)[:200]}")
            reply = self.read(left)
            if reply["type"] in REPLIES or (reply["type"] == "event" and self._answers(reply, reply_to, after)):
                return reply

    def _answers(self, event: dict[str, Any], reply_to: object, after: int | None) -> bool:
        """Whether ``event`` answers an act with id ``reply_to`` made on event ``after``."""
        if event["room"] != self.room:
            return False
        return (isinstance(reply_to, str) and event.get("reply_to") == reply_to[:64]) or (
            after is not None and event["seq"] > after
        )

    def refused(self, message: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Send ``message`` that must be refused; its error message (an AssertionError otherwise)."""
        reply = self.answer(message, timeout=timeout)
        assert reply["type"] == "error", reply
        return reply

    def hello(self, room: str, **fields: Any) -> dict[str, Any]:
        """Join ``room`` (``token=``, ``spectate=``, ``name=``, ``seed=``...); the welcome."""
        reply = self.answer({"v": V, "type": "hello", "room": room, **fields})
        assert reply["type"] == "welcome", reply
        return reply

    def act(self, seq: int, action: dict[str, Any], key: str = "a") -> dict[str, Any]:
        """Send an action made on event ``seq``; the event (or the error) answering it."""
        return self.answer({"v": V, "type": "act", "seq": seq, "action": action, "id": key}, after=seq)

    def drain(self) -> list[dict[str, Any]]:
        """The messages the server has sent that are not read yet (events, presence, answers not
        waited for), read so that its queue for this connection never fills; stops at a close."""
        read: list[dict[str, Any]] = []
        with contextlib.suppress(TimeoutError, Closed):
            while True:
                read.append(self.read(timeout=0))
        return read

    def close(self) -> None:
        self._stack.close()


class Table(NamedTuple):
    """A room in play: its ``code``, the seat ``tokens``, the ``spectate`` code, a connection
    on each seat (``seats``), the ``opening`` dice (seat 0's die first) and the seat ``on_roll``."""

    code: str
    tokens: tuple[str, str]
    spectate: str
    seats: tuple[Raw, Raw]
    opening: tuple[int, int]
    on_roll: int


def create(url: str, length: int = 3, **settings: Any) -> dict[str, Any]:
    """Create a room on a connection of its own (the ``created`` message)."""
    maker = Raw(url)
    try:
        created = maker.answer({"v": V, "type": "create", "settings": {"rules": {"match_length": length}, **settings}})
    finally:
        maker.close()
    assert created["type"] == "created", created
    return created


def table(url: str, length: int = 3) -> Table:
    """A room whose seats are taken (seeds ``"s0"`` and ``"s1"``) and whose opening roll is made:
    the seat with the higher die is on roll (it moves the opening dice), as the rules of backgammon say."""
    created = create(url, length)
    code, tokens = created["room"], (created["tokens"][0], created["tokens"][1])
    seats = (Raw(url), Raw(url))
    for seat in (0, 1):
        seats[seat].hello(code, token=tokens[seat], seed=f"s{seat}")
    opening = seats[0].act(3, {"type": "roll"})  # seq 1 the room, 2 and 3 the seats
    assert opening["action"]["type"] == "opening", opening
    dice = (opening["action"]["dice"][0], opening["action"]["dice"][1])
    return Table(code, tokens, created["spectate"], seats, dice, 0 if dice[0] > dice[1] else 1)


def state(room: Room) -> tuple[int, int, str, str]:
    """What a refused message must not change: the last event's ``seq``, the dice draws made,
    the Position ID and the Match ID."""
    return (room.seq, room.draws, *room.ids())
