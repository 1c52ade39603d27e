"""The game server's protocol: every message a ``TypedDict``, JSON text over a WebSocket.

Every message is a JSON object with ``"v"`` (:data:`PROTOCOL_VERSION`) and a ``"type"``; at most
:data:`MAX_MESSAGE_BYTES` bytes. Clients send intents; the server alone applies them, with the
rules of :mod:`bgwidget.game`, and answers each accepted action with an :class:`Event` to everyone in
the room, or the sender alone with an :class:`ErrorMessage` (nothing changed).

=============  =====================  ================================================================
from client    answered by            what it does
=============  =====================  ================================================================
``create``     ``created``            a room with :class:`CreateMessage`'s settings: its code, the two
                                      seat tokens, the spectator code, the dice commitment
``hello``      ``welcome``, events    joins a room: a seat by its token (or the free seat, whose new
                                      token the welcome gives), or as a spectator; then every event
                                      after ``since``
``act``        an event (or more)     an action of the seat (:data:`CLIENT_ACTIONS`), made on the
                                      room as of event ``seq``: a stale ``seq`` is refused, so an
                                      action resent after a dropped connection is never made twice
``sync``       ``snapshot``           the whole log again, to rebuild a copy that went out of step
                                      (as FIBS's ``oldboard``)
``download``   ``file``               the match as ``.mat``, SGF or JSON text (a finished room)
=============  =====================  ================================================================

The server also sends ``presence`` (who is connected, until when a dropped player's seat is held)
when it changes. Events are numbered from ``seq`` 1 without gaps; each carries the GNU Backgammon
Position ID and Match ID of the game after it (the synchronisation check: a client whose own copy
gives other IDs asks for a snapshot) and, in rooms with a clock, the clocks.

Event actions (``Event["action"]["type"]``): ``room`` (the settings and the dice ``commitment``,
always seq 1), ``seat`` (a seat taken: its ``name`` and client ``seed``), ``opening`` (the opening
roll's ``dice``, seat 0's die first, and every ``draws`` from draw ``k``, ties included), ``roll``
(``dice``, draw ``k``), ``move`` (``play`` in the mover's numbering, ``""`` never sent), ``double``,
``take``, ``pass``, ``beaver``, ``raccoon``, ``resign`` (``points``), ``accept``, ``decline``,
``stop`` (a money session ended between games), ``claim`` (a match claimed from an opponent away
past the hold), ``timeout`` (a clock ran out) and ``end`` (the room is over: ``winner``, ``reason``,
and the revealed ``server_seed`` that :func:`bgwidget.online.fairdice.verify` checks the dice with).
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypedDict

from bgwidget.checks import is_int
from bgwidget.errors import GameError, RoomError
from bgwidget.refusal import Refusal

__all__ = [
    "CLIENT_ACTIONS",
    "DOWNLOAD_FORMATS",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "ActMessage",
    "ClockState",
    "CreateMessage",
    "CreatedMessage",
    "DownloadMessage",
    "ErrorMessage",
    "Event",
    "FileMessage",
    "HelloMessage",
    "PresenceMessage",
    "ROOM_REASONS",
    "RoomError",
    "SeatPresence",
    "SnapshotMessage",
    "SyncMessage",
    "WelcomeMessage",
    "dumps",
    "parse",
    "refusal_of",
]

PROTOCOL_VERSION = 1
"""The version every message carries as ``"v"``; the server refuses another (reason ``"version"``)."""

MAX_MESSAGE_BYTES = 16 * 1024
"""The largest message a client may send; the server closes a connection that sends more."""

CLIENT_ACTIONS = (
    "roll",
    "move",
    "double",
    "take",
    "pass",
    "beaver",
    "raccoon",
    "resign",
    "accept",
    "decline",
    "stop",
    "claim",
)
"""The actions a seat may send in an ``act`` message."""

ROOM_REASONS = (
    "stale", "spectator", "room-over", "room-unknown", "seat-taken", "room-full", "bad-token",
    "waiting-opponent", "opponent-here", "claim-early", "stop-in-match", "bad-action", "bad-resign",
    "bad-name", "bad-seed", "not-joined", "too-many-rooms", "bad-message", "version", "out-of-sync",
    "bad-format", "room-in-play", "bad-spectate", "server-full", "room-too-long",
)  # fmt: skip
"""The reasons of the room's refusals (:class:`~bgwidget.errors.RoomError`); every other is the game's."""

DOWNLOAD_FORMATS = ("mat", "sgf", "json")
"""The formats a finished match can be downloaded in."""


# ---------------------------------------------------------------------- client to server


class _Language(TypedDict, total=False):
    language: str


class _Reply(TypedDict, total=False):
    reply_to: str


class CreateMessage(_Language):
    """Create a room. ``settings``: ``{"rules": Rules.to_dict() fields, "names": [seat 0, seat 1],
    "clock": {"delay": s, "reserve": s per point} or None, "hold": seconds}`` (all optional; see
    :class:`bgwidget.online.room.RoomSettings`)."""

    v: int
    type: Literal["create"]
    settings: dict[str, Any]


class _Joining(_Language, total=False):
    token: str | None
    spectate: str | None
    since: int
    name: str | None
    seed: str | None


class HelloMessage(_Joining):
    """Join ``room``: with a seat's ``token``; with neither token nor ``spectate`` the free seat
    (``name`` and client ``seed`` given when the seat is first taken); with the spectator code in
    ``spectate``, to watch. ``since``: the last ``seq`` the client has (0 for none). ``language``
    (``"en"``, ``"fr"``, ``"sv"``) is the refusals'."""

    v: int
    type: Literal["hello"]
    room: str


class _Id(TypedDict, total=False):
    id: str


class ActMessage(_Id):
    """An action of the connection's seat, made on the room as of event ``seq``; ``id`` (any
    short string) comes back as the error's ``reply_to``, or on the last of the events it made
    (the action's, and the ``end`` event when it ends the room)."""

    v: int
    type: Literal["act"]
    seq: int
    action: dict[str, Any]


class SyncMessage(_Id):
    """Ask for the room's whole log (a :class:`SnapshotMessage`)."""

    v: int
    type: Literal["sync"]


class DownloadMessage(_Id):
    """Ask for the room's match as a file, ``format`` one of :data:`DOWNLOAD_FORMATS`."""

    v: int
    type: Literal["download"]
    format: str


# ---------------------------------------------------------------------- server to client


class ClockState(TypedDict):
    """The clocks after an event: each seat's ``reserves`` (seconds), the seat whose clock
    ``running`` (None between games), ``since`` when its turn began (seconds since the epoch;
    its reserve runs down once ``since + delay`` has passed)."""

    reserves: list[float]
    running: int | None
    since: float


class _Clocked(_Reply, total=False):
    clock: ClockState


class Event(_Clocked):
    """An accepted action, sent to everyone in the room (see the module docstring)."""

    v: int
    type: Literal["event"]
    room: str
    seq: int
    seat: int | None
    action: dict[str, Any]
    time: float
    position_id: str
    match_id: str


class CreatedMessage(TypedDict):
    """A room created: its ``room`` code, the seat ``tokens`` (seat 0, seat 1: secret, one for
    each player), the ``spectate`` code and the server's dice ``commitment``."""

    v: int
    type: Literal["created"]
    room: str
    tokens: list[str]
    spectate: str
    commitment: str


class SeatPresence(TypedDict):
    """One seat as the room sees it: taken, connected, and until when it is held once dropped."""

    name: str
    taken: bool
    connected: bool
    held_until: float | None


class WelcomeMessage(TypedDict):
    """Joined ``room`` as ``seat`` (None for a spectator) with ``token`` (the seat's; a new one when
    the free seat was taken). Every event after the hello's ``since`` follows, then live events."""

    v: int
    type: Literal["welcome"]
    room: str
    seat: int | None
    token: str | None
    seq: int
    seats: list[SeatPresence]


class PresenceMessage(TypedDict):
    """The seats' presence changed (a player connected or dropped)."""

    v: int
    type: Literal["presence"]
    room: str
    seats: list[SeatPresence]


class SnapshotMessage(TypedDict):
    """The room's whole log, ``events`` from seq 1."""

    v: int
    type: Literal["snapshot"]
    room: str
    events: list[Event]


class FileMessage(_Reply):
    """The match as a file: ``format`` and its ``text``."""

    v: int
    type: Literal["file"]
    room: str
    format: str
    text: str


class ErrorMessage(_Reply):
    """A refusal: ``code`` (a ``why.<code>`` key of the catalogue), its ``facts``, ``text`` (the
    sentence in the connection's language), ``refused`` (the message type) and ``reply_to``."""

    v: int
    type: Literal["error"]
    code: str
    facts: dict[str, Any]
    text: str
    refused: str | None


CLIENT_MESSAGES = ("create", "hello", "act", "sync", "download")
"""The types a client may send."""


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message as a dict of one of the client types, its version and type checked.

    Raises :class:`RoomError`: ``"bad-message"`` for what is not a JSON object with a known
    ``type`` (or is binary), ``"version"`` for another protocol version. The fields are checked
    by the server where they are used.
    """
    if isinstance(text, bytes):
        raise RoomError(reason="bad-message")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise RoomError(reason="bad-message") from None
    if not isinstance(message, dict) or message.get("type") not in CLIENT_MESSAGES:
        raise RoomError(reason="bad-message")
    if not is_int(message.get("v")) or message["v"] != PROTOCOL_VERSION:  # not True, not 1.0
        raise RoomError(reason="version", version=PROTOCOL_VERSION)
    return message


def dumps(message: Any) -> str:
    """A message as compact JSON text (no NaN: a clock is always a finite number)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def refusal_of(message: dict[str, Any]) -> Refusal:
    """The server's :class:`ErrorMessage` as a refusal: a :class:`~bgwidget.errors.RoomError` for a
    rule of the room, a :class:`~bgwidget.errors.GameError` for a rule of the game; ``str()`` of it
    is the server's sentence in the connection's language, ``explain(language)`` says it in another."""
    facts: dict[str, Any] = message["facts"] if isinstance(message.get("facts"), dict) else {}
    code = message.get("code")
    text = str(message.get("text", code))
    if not isinstance(code, str) or code == "invalid":
        return RoomError(text)
    kind = RoomError if code in ROOM_REASONS else GameError
    try:
        refusal = kind(reason=code, **facts)
    except (KeyError, TypeError):  # a code or facts this client's catalogue does not know: the server's words
        return kind(text)
    refusal.args = (text,)
    return refusal
