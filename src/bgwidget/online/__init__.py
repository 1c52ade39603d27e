"""Online play: two people on two machines play one match through a game server of ours.

- :mod:`bgwidget.online.server`: the authoritative server (rooms, seats bound to tokens,
  spectators, clocks, every action stored in SQLite before it is sent); :mod:`bgwidget.online.launch`:
  ``bgwidget serve``, and :func:`~bgwidget.online.launch.start_server` for a server in this process.
- :mod:`bgwidget.online.client`: :func:`~bgwidget.online.client.create_room`,
  :func:`~bgwidget.online.client.connect`, :func:`~bgwidget.online.client.watch` and
  :class:`~bgwidget.online.client.OnlineRoom`, which plays like a board and lets any computer player
  sit in a seat; :mod:`bgwidget.online.connection`: the same client for asyncio code
  (:class:`~bgwidget.online.connection.RoomConnection`).
- :mod:`bgwidget.online.protocol`: the messages; :mod:`bgwidget.online.room`: a room as its events
  make it; :mod:`bgwidget.online.fairdice`: the dice, and :func:`verify` to check them after a match;
  :mod:`bgwidget.online.store`: where rooms are kept. :func:`~bgwidget.online.launch.start_server`
  runs a server in this process (a notebook, a test).

The server and the client need the ``websockets`` library: ``pip install "bgwidget[online]"``.
:func:`verify` and the protocol do not.
"""

from __future__ import annotations

from typing import Any

from bgwidget.online.fairdice import DiceProofError, verify

__all__ = [
    "DiceProofError",
    "OnlineRoom",
    "RoomConnection",
    "RoomTicket",
    "connect",
    "create_room",
    "start_server",
    "verify",
    "watch",
]

_CLIENT = ("OnlineRoom", "RoomConnection", "RoomTicket", "connect", "create_room", "start_server", "watch")


def __getattr__(name: str) -> Any:
    if name in _CLIENT:
        try:
            from bgwidget.online import client, connection, launch
        except ModuleNotFoundError as error:
            if error.name != "websockets":
                raise
            raise ImportError('online play needs the websockets library: pip install "bgwidget[online]"') from None
        return getattr(next(m for m in (client, connection, launch) if name in m.__all__), name)
    raise AttributeError(f"module 'bgwidget.online' has no attribute {name!r}")
