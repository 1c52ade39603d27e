"""Running the game server: ``bgwidget serve``, :func:`run` in an event loop, :func:`start_server` in a thread.

:func:`run` serves a :class:`~bgwidget.online.server.GameServer` over WebSockets (the ``websockets``
library: the size limit, pings, origins, TLS, plain HTTP for the downloads) with its rooms in a
SQLite file; :func:`main` is the command line, :func:`start_server` a server in a background thread
of this process (a notebook, a test).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import ssl
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.server import Server, serve

from bgwidget.online.protocol import MAX_MESSAGE_BYTES
from bgwidget.online.server import GameServer, Limits
from bgwidget.online.store import SQLiteStore

__all__ = ["LocalServer", "main", "run", "start_server"]


async def run(
    host: str = "127.0.0.1",
    port: int = 8765,
    db: str = "bgwidget-server.db",
    *,
    certfile: str | None = None,
    keyfile: str | None = None,
    origins: Sequence[str] | None = None,
    limits: Limits | None = None,
    ping_interval: float = 20.0,
    ready: Callable[[Server, GameServer], None] | None = None,
) -> None:
    """Run the server until cancelled: rooms in the SQLite file ``db``, listening on ``host:port``
    (``port`` 0: a free port, which ``ready(server, game_server)`` can read from ``server.sockets``).

    ``origins``: the browser origins allowed (``None``: any); clients that send no ``Origin``
    (Python) are always allowed. ``certfile``/``keyfile``: serve ``wss://`` directly.
    """
    store = SQLiteStore(db)
    game_server = GameServer(store, limits)
    context = None
    if certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certfile, keyfile)
    allowed = None if origins is None else [None, *origins]
    try:
        async with serve(
            game_server.handler,
            host,
            port,
            ssl=context,
            origins=allowed,  # type: ignore[arg-type]
            max_size=MAX_MESSAGE_BYTES,
            compression=None,  # messages of a few hundred bytes: deflate cost CPU and memory, saved little
            ping_interval=ping_interval,
            ping_timeout=ping_interval,
            close_timeout=2.0,  # a flooder is no longer read, so its close frame is never seen: 2 s, not 10
            process_request=game_server.process_request,
        ) as server:
            game_server.started()
            if ready:
                ready(server, game_server)
            await asyncio.get_running_loop().create_future()  # until cancelled
    finally:
        store.close()


class LocalServer:
    """A game server running in a background thread of this process (see :func:`start_server`).

    ``url`` is its ``ws://`` address; ``game_server`` the :class:`GameServer` (its rooms, its
    ``failures``); :meth:`stop` shuts it down (its rooms stay in its database file).
    """

    def __init__(
        self, url: str, game_server: GameServer, loop: asyncio.AbstractEventLoop, task: asyncio.Task[None]
    ) -> None:
        self.url = url
        self.game_server = game_server
        self._loop = loop
        self._task = task

    def stop(self) -> None:
        """Stop serving: connections close, the database file is closed."""
        if not self._task.done():
            self._loop.call_soon_threadsafe(self._task.cancel)
        deadline = time.monotonic() + 10
        while not self._task.done() and time.monotonic() < deadline:
            time.sleep(0.01)

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<LocalServer {self.url} rooms={len(self.game_server.rooms)}>"


def start_server(host: str = "127.0.0.1", port: int = 0, db: str = ":memory:", **options: Any) -> LocalServer:
    """Start a game server in a background thread and return it once it listens (a notebook or a
    test: ``bgwidget serve`` is the way to run one for others). ``port`` 0 takes a free port;
    ``db`` ``":memory:"`` keeps nothing after :meth:`LocalServer.stop`. ``options`` are
    :func:`run`'s. Raises ``OSError`` when the address cannot be bound."""
    ready = threading.Event()
    found: dict[str, Any] = {}

    def on_ready(server: Server, game_server: GameServer) -> None:
        bound = server.sockets[0].getsockname()
        found.update(url=f"ws://{bound[0]}:{bound[1]}", game_server=game_server, loop=asyncio.get_running_loop())
        ready.set()

    def serve_here() -> None:
        loop = asyncio.new_event_loop()
        found["task"] = task = loop.create_task(run(host, port, db, ready=on_ready, **options))
        try:
            loop.run_until_complete(task)
        except asyncio.CancelledError:
            pass
        except BaseException as error:  # the address taken: say so to the caller
            found["error"] = error
            ready.set()
        finally:
            loop.close()

    threading.Thread(target=serve_here, name="bgwidget-server", daemon=True).start()
    ready.wait(30)
    if "error" in found:
        raise found["error"]
    if "url" not in found:
        raise TimeoutError("the game server did not start within 30 s")
    return LocalServer(found["url"], found["game_server"], found["loop"], found["task"])


def main(argv: Sequence[str] | None = None) -> None:
    """``bgwidget serve [--host H] [--port P] [--db PATH] [--certfile F --keyfile F] [--origin O ...]``."""
    parser = argparse.ArgumentParser(prog="bgwidget", description="bgwidget's commands")
    commands = parser.add_subparsers(dest="command", required=True)
    serve_ = commands.add_parser("serve", help="run the game server for online play")
    serve_.add_argument("--host", default="127.0.0.1", help="address to listen on (default: localhost only)")
    serve_.add_argument("--port", type=int, default=8765)
    serve_.add_argument("--db", default="bgwidget-server.db", help="the SQLite file that keeps every room")
    serve_.add_argument("--certfile", help="serve wss:// with this certificate (PEM)")
    serve_.add_argument("--keyfile", help="the certificate's private key (PEM)")
    serve_.add_argument("--origin", action="append", help="a browser origin allowed (repeat; default: any)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    scheme = "wss" if args.certfile else "ws"

    def ready(server: Server, game_server: GameServer) -> None:
        host, port = server.sockets[0].getsockname()[:2]
        print(f"bgwidget game server on {scheme}://{host}:{port}, rooms in {args.db}", flush=True)

    try:
        asyncio.run(
            run(
                args.host,
                args.port,
                args.db,
                certfile=args.certfile,
                keyfile=args.keyfile,
                origins=args.origin,
                ready=ready,
            )
        )
    except KeyboardInterrupt:
        pass
    except (OSError, sqlite3.Error, ssl.SSLError) as error:  # the port taken, the file not writable...
        sys.exit(f"bgwidget serve: {error}")


if __name__ == "__main__":
    main()
