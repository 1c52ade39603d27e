"""The page's part of an online board, in Python, for tests without a browser.

:class:`Page` does what ``js/src/link.js`` does for a :class:`~bgwidget.widget.BoardWidget` whose
:meth:`~bgwidget.widget.BoardWidget.online` was called: it opens the WebSocket to the game server,
tells the board when it opens or closes, relays each message the server sends to the board and
each ``online-send`` of the board to the server. The board's side runs on the test's thread only
(:meth:`Page.pump`), as in a kernel, where messages from the page arrive one at a time.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from typing import Any

from websockets.asyncio.client import connect

from bgwidget import BoardWidget


class Page:
    """The page of ``board`` (already :meth:`~bgwidget.widget.BoardWidget.online`): ``pump`` it."""

    def __init__(self, board: BoardWidget) -> None:
        play = board.online_play
        assert play is not None, "call board.online(...) first"
        self.board, self.url = board, play.url
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.sent: list[dict] = []  # every message the board had sent to the server, in order
        self.closed_by_board = False
        self.loop = asyncio.new_event_loop()
        self.socket: Any = None
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        board.send = self.from_board  # type: ignore[method-assign]  # the comm a page would be
        self.open()

    def open(self) -> None:
        """Open the WebSocket, as the page does when it shows the board (or reconnects)."""
        asyncio.run_coroutine_threadsafe(self._read(), self.loop).result(10)

    async def _read(self) -> None:
        self.socket = await connect(self.url, max_size=None)
        self.inbox.put(("status", True))
        asyncio.ensure_future(self._forward(self.socket))

    async def _forward(self, socket: Any) -> None:
        try:
            async for text in socket:
                self.inbox.put(("message", text))  # relayed as the page does: the JSON text
        except Exception:  # the connection dropped: said as a close, as the page does
            pass
        self.inbox.put(("status", False))

    def drop(self) -> None:
        """Close the WebSocket as a network cut would."""
        asyncio.run_coroutine_threadsafe(self.socket.close(), self.loop).result(10)

    def from_board(self, content: dict, buffers: Any = None) -> None:
        if content.get("type") == "online-send":
            self.sent.append(content["message"])
            socket = self.socket
            asyncio.run_coroutine_threadsafe(socket.send(json.dumps(content["message"])), self.loop).result(10)
        elif content.get("type") == "online-close":
            self.closed_by_board = True
            self.drop()

    def pump(self, until: Any = None, timeout: float = 20.0) -> None:
        """Hand the board what arrived, one message at a time, until ``until(board)`` holds (or,
        with no condition, until nothing more comes for a moment). Raises ``TimeoutError``."""
        end = time.monotonic() + timeout
        while True:
            if until is not None and until(self.board):
                return
            left = end - time.monotonic()
            if left <= 0:
                if until is None:
                    return
                raise TimeoutError("the board did not reach the state awaited")
            try:
                kind, value = self.inbox.get(timeout=min(left, 0.3 if until is None else left))
            except queue.Empty:
                if until is None:
                    return
                continue
            play = self.board.online_play
            assert play is not None
            if kind == "status":
                play.status(value)
            else:
                play.receive(value)

    def close(self) -> None:
        if self.socket is not None:
            asyncio.run_coroutine_threadsafe(self.socket.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
