"""Where the game server keeps its rooms: an interface, and SQLite behind it.

The server writes every accepted event here **before** it sends it to anyone, in one transaction
with the room's state, so that a server killed at any moment (``kill -9``) and started again on the
same file resumes every room exactly: what a client saw was stored first.

:class:`SQLiteStore` uses the standard library's ``sqlite3`` in WAL mode with ``synchronous=NORMAL``:
a commit survives the process being killed (the operating system has the write), though not a power
cut in the instant after it (``synchronous=FULL`` would cost an ``fsync`` per action). Tokens and
the spectator code are kept as SHA-256 hashes, never as written.

Scaling out (``docs/ONLINE.md``): rooms are independent, so several server processes can share the
load behind a proxy that routes each room code to one process, all on one shared database. A
backend for that is a class with the methods of :class:`Store` over PostgreSQL (the same two tables;
``append`` an ``INSERT`` in a transaction); nothing else in the server changes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import NamedTuple, Protocol

from bgwidget.online.protocol import Event

__all__ = ["SQLiteStore", "Store", "StoredRoom", "secret_hash"]


def secret_hash(secret: str) -> str:
    """The hex SHA-256 of a token or spectator code, as a store keeps it."""
    return hashlib.sha256(secret.encode()).hexdigest()


class StoredRoom(NamedTuple):
    """A room as stored: its ``code``, secret ``server_seed``, the seats' ``token_hashes``,
    the ``spectate_hash``, and its ``events`` in ``seq`` order."""

    code: str
    server_seed: str
    token_hashes: tuple[str, str]
    spectate_hash: str
    events: list[Event]


class Store(Protocol):
    """What the server needs of its storage. Every method is synchronous and atomic."""

    def create(self, room: StoredRoom) -> None:
        """Keep a new room with its first events; raises ``KeyError`` when the code is taken."""

    def append(self, code: str, events: Sequence[Event], *, ended: bool = False) -> None:
        """Add events at the end of a room's log (and mark it over when ``ended``)."""

    def set_token(self, code: str, seat: int, token_hash: str) -> None:
        """Bind ``seat`` of a room to a new token (the free seat taken by a player)."""

    def load(self, code: str) -> StoredRoom | None:
        """One room, or None when there is no such room."""

    def open_rooms(self) -> Iterator[StoredRoom]:
        """Every room that is not over, to resume after a restart."""

    def close(self) -> None:
        """Release the storage."""


class SQLiteStore:
    """A :class:`Store` in one SQLite file (``":memory:"`` for a server that keeps nothing)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS rooms (
                code TEXT PRIMARY KEY, server_seed TEXT NOT NULL, token0 TEXT NOT NULL,
                token1 TEXT NOT NULL, spectate TEXT NOT NULL, ended INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS events (
                code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (code, seq));
            """
        )

    def create(self, room: StoredRoom) -> None:
        """See :meth:`Store.create`."""
        try:
            with self._transaction():
                self._db.execute(
                    "INSERT INTO rooms (code, server_seed, token0, token1, spectate) VALUES (?, ?, ?, ?, ?)",
                    (room.code, room.server_seed, *room.token_hashes, room.spectate_hash),
                )
                self._insert(room.code, room.events)
        except sqlite3.IntegrityError:
            raise KeyError(room.code) from None

    def append(self, code: str, events: Sequence[Event], *, ended: bool = False) -> None:
        """See :meth:`Store.append`."""
        with self._transaction():
            self._insert(code, events)
            if ended:
                self._db.execute("UPDATE rooms SET ended = 1 WHERE code = ?", (code,))

    def set_token(self, code: str, seat: int, token_hash: str) -> None:
        """See :meth:`Store.set_token`."""
        column = ("token0", "token1")[seat]
        with self._transaction():
            self._db.execute(f"UPDATE rooms SET {column} = ? WHERE code = ?", (token_hash, code))

    def load(self, code: str) -> StoredRoom | None:
        """See :meth:`Store.load`."""
        row = self._db.execute(
            "SELECT code, server_seed, token0, token1, spectate FROM rooms WHERE code = ?", (code,)
        ).fetchone()
        return None if row is None else self._room(row)

    def open_rooms(self) -> Iterator[StoredRoom]:
        """See :meth:`Store.open_rooms`."""
        rows = self._db.execute(
            "SELECT code, server_seed, token0, token1, spectate FROM rooms WHERE ended = 0"
        ).fetchall()
        for row in rows:
            yield self._room(row)

    def close(self) -> None:
        """See :meth:`Store.close`."""
        self._db.close()

    def _room(self, row: tuple[str, str, str, str, str]) -> StoredRoom:
        bodies = self._db.execute("SELECT body FROM events WHERE code = ? ORDER BY seq", (row[0],)).fetchall()
        return StoredRoom(row[0], row[1], (row[2], row[3]), row[4], [json.loads(body) for (body,) in bodies])

    def _insert(self, code: str, events: Sequence[Event]) -> None:
        self._db.executemany(
            "INSERT INTO events (code, seq, body) VALUES (?, ?, ?)",
            [(code, event["seq"], json.dumps(event, separators=(",", ":"))) for event in events],
        )

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN`` ... ``COMMIT``, or ``ROLLBACK`` when the block raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
