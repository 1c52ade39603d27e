"""The Python client of the game server: create a room, take a seat, play, watch.

:func:`create_room` makes a room and returns its :class:`~bgwidget.online.connection.RoomTicket`
(the room code, a secret token for each seat, the spectator code). :func:`connect` takes a seat with
its token, or the free seat with the room code alone, and :func:`watch` follows a room as a
spectator; both return an :class:`OnlineRoom`, which keeps a copy of the room in step with the
server's events (see :class:`~bgwidget.online.connection.RoomConnection`), plays like a board
(:meth:`~OnlineRoom.roll`, :meth:`~OnlineRoom.play`, :meth:`~OnlineRoom.double`...), lets any
:class:`~bgwidget.ai.players.Player` sit in the seat (:meth:`~OnlineRoom.play_with`), and
reconnects by itself when the connection drops.

:class:`OnlineRoom` is synchronous: it runs its connection on a background event loop of its own,
so it works in a notebook, whose own loop is busy running the cell.

With a server at hand (``bgwidget serve``)::

    ticket = create_room("ws://127.0.0.1:8765", length=3, names=("Ann", "Bob"))
    ann = connect(ticket.url, ticket.room, ticket.tokens[0])
    bob = connect(ticket.url, ticket.room, ticket.tokens[1])
    bob.play_with("expert", background=True)
    ann.roll()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from bgwidget.ai.players import Player
from bgwidget.game import Game
from bgwidget.match import Match
from bgwidget.moves import Play
from bgwidget.online.connection import RoomConnection, RoomTicket, create_room_async
from bgwidget.online.protocol import Event, SeatPresence
from bgwidget.refusal import Refusal
from bgwidget.svg import board_svg

__all__ = ["OnlineRoom", "connect", "create_room", "watch"]

T = TypeVar("T")


class _Loop:
    """One event loop in a daemon thread, shared by every :class:`OnlineRoom` of the process."""

    _loop: asyncio.AbstractEventLoop | None = None
    _lock = threading.Lock()

    @classmethod
    def get(cls) -> asyncio.AbstractEventLoop:
        with cls._lock:
            if cls._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="bgwidget-online", daemon=True).start()
                cls._loop = loop
            return cls._loop


def _run(coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
    """Run ``coroutine`` on the client's loop and wait; an interrupt (a notebook's stop button)
    cancels it, and a refusal or a lost connection is raised from here, without the loop's frames."""
    return _wait(asyncio.run_coroutine_threadsafe(coroutine, _Loop.get()), timeout)


def _wait(future: concurrent.futures.Future[T], timeout: float | None = None) -> T:
    try:
        return future.result(timeout)
    except (Refusal, ConnectionError) as error:
        raise error.with_traceback(None) from None
    except BaseException:
        future.cancel()
        raise


class OnlineRoom:
    """A seat (or a spectator's place) in a room of a game server, used like a board's session.

    Read :attr:`match`, :attr:`game` (the room's current :class:`~bgwidget.game.Game`: phase, dice,
    position, cube), :attr:`seat`, :attr:`presence`, :attr:`ended`, :attr:`events` (the log) and
    :attr:`in_sync`. Act with :meth:`roll`, :meth:`play` (notation, in this seat's numbering),
    :meth:`double`, :meth:`take`, :meth:`pass_`, :meth:`beaver`, :meth:`raccoon`, :meth:`resign`,
    :meth:`accept`, :meth:`decline`, :meth:`stop` (a money session, between games) and
    :meth:`claim` (the match, from an opponent away longer than the room holds a seat). Each
    returns the event once the server has stored it, or raises the server's refusal (a
    :class:`~bgwidget.refusal.Refusal`: ``explain("fr")`` says it in French), nothing changed.
    """

    def __init__(self, connection: RoomConnection) -> None:
        self.connection = connection

    @property
    def match(self) -> Match:
        """The match (or money session) as the server's events have made it."""
        return self.connection.match

    @property
    def game(self) -> Game:
        """The current game, as this client's copy of the room has it: read it (phase, dice, position,
        cube, ``legal_plays``); act through this object's methods, which the server judges (a play
        made on this copy itself is not sent, and the copy is rebuilt at the next event)."""
        return self.connection.game

    @property
    def connected(self) -> bool:
        """Whether this client is connected to the server now (it reconnects by itself)."""
        return self.connection.connected

    @property
    def seat(self) -> int | None:
        """This client's seat, 0 or 1; None for a spectator."""
        return self.connection.seat

    @property
    def token(self) -> str | None:
        """The seat's secret token (keep it to take the seat back later)."""
        return self.connection.token

    @property
    def presence(self) -> list[SeatPresence]:
        """Each seat's name, whether it is taken and connected, and until when a dropped seat is held."""
        return self.connection.presence

    @property
    def ended(self) -> dict[str, Any] | None:
        """The room's end (``winner``, ``reason``, ``server_seed``), or None while it goes on."""
        return self.connection.ended

    @property
    def events(self) -> list[Event]:
        """The room's log so far, ``seq`` 1 first (see :func:`bgwidget.online.fairdice.verify`)."""
        return self.connection.events

    @property
    def in_sync(self) -> bool:
        """Whether this copy's Position ID and Match ID equal the server's last event's."""
        return self.connection.in_sync

    def act(self, action: dict[str, Any]) -> Event:
        """Send one action as the protocol writes it (see :meth:`RoomConnection.act`)."""
        return _run(self.connection.act(action))

    def roll(self) -> Event:
        """Roll the dice (the opening roll too, which either seat may make)."""
        return self.act({"type": "roll"})

    def play(self, play: str | Play) -> Event:
        """Play the roll: notation in this seat's numbering (``"8/5 6/5"``, ``"bar/22 13/9*"``) or a
        :class:`~bgwidget.moves.Play` (one of ``game.legal_plays``)."""
        return self.act({"type": "move", "play": str(play)})

    def double(self) -> Event:
        """Offer the cube."""
        return self.act({"type": "double"})

    def take(self) -> Event:
        """Take the cube offered."""
        return self.act({"type": "take"})

    def pass_(self) -> Event:
        """Pass the cube offered."""
        return self.act({"type": "pass"})

    def beaver(self) -> Event:
        """Beaver the double (money sessions with beavers)."""
        return self.act({"type": "beaver"})

    def raccoon(self) -> Event:
        """Raccoon the beaver."""
        return self.act({"type": "raccoon"})

    def resign(self, points: int = 1) -> Event:
        """Offer to resign 1 (single), 2 (gammon) or 3 (backgammon) points times the cube."""
        return self.act({"type": "resign", "points": points})

    def accept(self) -> Event:
        """Accept the resignation offered."""
        return self.act({"type": "accept"})

    def decline(self) -> Event:
        """Decline the resignation offered."""
        return self.act({"type": "decline"})

    def stop(self) -> Event:
        """End a money session (between games)."""
        return self.act({"type": "stop"})

    def claim(self) -> Event:
        """Claim the match from an opponent away longer than the room holds a seat."""
        return self.act({"type": "claim"})

    def download(self, fmt: str = "mat") -> str:
        """The finished match as ``"mat"``, ``"sgf"`` or ``"json"`` text."""
        return _run(self.connection.download(fmt))

    def wait_until(self, condition: Callable[[OnlineRoom], bool], timeout: float = 30.0) -> None:
        """Block until ``condition(self)`` holds (raises ``TimeoutError`` after ``timeout`` s)."""
        _run(self.connection.wait_until(lambda _: condition(self), timeout))

    def play_with(
        self, player: str | Player, *, games: int | None = None, background: bool = False
    ) -> dict[str, Any] | None | concurrent.futures.Future[dict[str, Any] | None]:
        """Let ``player`` play this seat until the room ends (see :meth:`RoomConnection.play_with`).
        Blocks and returns the room's end (interrupting it, as a notebook's stop button does, stops
        the player), or with ``background=True`` returns a future at once (``cancel()`` stops it)."""
        future = asyncio.run_coroutine_threadsafe(self.connection.play_with(player, games=games), _Loop.get())
        return future if background else _wait(future)

    def close(self) -> None:
        """Leave the room (a player's seat stays theirs: :func:`connect` with the token takes it back)."""
        _run(self.connection.close())

    def __enter__(self) -> OnlineRoom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _repr_svg_(self) -> str:
        """The game as a board draws it (seat 0 at the bottom): names, score, cube, dice, result."""
        game, match = self.game, self.match
        return board_svg(
            game.position,
            dice=game.rolled,
            cube=game.cube_value,
            cube_owner=game.cube_owner,
            names=match.names,
            score=match.score if game.result is None else game.score,
            match_length=match.length,
            language=self.connection.language,
            result=game.result,
        )

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"<OnlineRoom {self.connection.code} {who} seq={self.connection.room.seq} phase={self.game.phase!r}>"


def create_room(
    url: str,
    *,
    length: int = 0,
    names: tuple[str, str] = ("Player 1", "Player 2"),
    clock: tuple[float, float] | None = None,
    hold: float = 600.0,
    tools: bool = False,
    language: str = "en",
    **rules: Any,
) -> RoomTicket:
    """Create a room on the game server at ``url`` (``ws://host:port`` or ``wss://``).

    ``length``: the match length in points, 0 for a money session; further keyword arguments are
    :class:`~bgwidget.rules.Rules` fields (``crawford``, ``jacoby``, ``beavers``, ``cube``,
    ``max_cube``); ``names`` the players' ``(seat 0, seat 1)``; ``clock``: ``(delay, reserve)`` in
    seconds, the delay per move and the reserve per match point (Backgammon Galaxy's clock);
    ``hold``: how long a dropped player's seat is held; ``tools``: whether boards in the room offer
    Hint, rollouts and set-up during play. Raises :class:`ConnectionError` or the
    server's refusal (:class:`~bgwidget.errors.RoomError`).
    """
    settings = {
        "rules": {"match_length": length, **rules},
        "names": list(names),
        "clock": None if clock is None else {"delay": clock[0], "reserve": clock[1]},
        "hold": hold,
        "tools": tools,
    }
    return _run(create_room_async(url, settings, language))


def connect(
    url: str,
    room: str,
    token: str | None = None,
    *,
    name: str | None = None,
    seed: str | None = None,
    language: str = "en",
) -> OnlineRoom:
    """Take a seat in ``room``: the seat of ``token``, or with no token the free seat (whose new
    token is then :attr:`OnlineRoom.token`). ``name`` and ``seed`` (this player's seed for the dice;
    a random one by default) count when the seat is first taken. Raises :class:`ConnectionError` or
    the server's refusal (an unknown room, a bad token, no free seat)."""
    connection = RoomConnection(url, room, token=token, name=name, seed=seed, language=language)
    return OnlineRoom(_run(connection.open()))


def watch(url: str, room: str, spectate: str, *, language: str = "en") -> OnlineRoom:
    """Follow ``room`` as a spectator with its spectator code: everything is seen, nothing can be done."""
    return OnlineRoom(_run(RoomConnection(url, room, spectate=spectate, language=language).open()))
