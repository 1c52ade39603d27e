"""Layer 6, work off the event loop: the one flow behind the computer's turn, a review and a rollout.

A Jupyter or marimo kernel runs an asyncio event loop that must stay free to answer the view. Long
work (the computer choosing, a review, a batch of rollout trials) runs in a worker thread of that
loop's executor; its result comes back to the loop's own thread, where it is applied only if it
still belongs to what the board shows (else it is dropped, or :func:`run`'s ``stale`` runs), and a
failure is said on the board and reported to the loop's exception handler, so the board goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

__all__ = ["run", "running_loop", "short"]

T = TypeVar("T")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio event loop running in this thread (a kernel's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def run(
    loop: asyncio.AbstractEventLoop,
    work: Callable[[], T],
    *,
    current: Callable[[], bool],
    apply: Callable[[T], None],
    failed: Callable[[Exception], None],
    what: str,
    stale: Callable[[], None] | None = None,
) -> asyncio.Future[T]:
    """Run ``work()`` in ``loop``'s executor; then, on the loop's thread, ``apply`` its result.

    When it ends, ``current()`` says whether the result still belongs to the board: if not, it is
    dropped (its error retrieved, so that asyncio does not log it) and ``stale()`` runs, if given.
    An error from ``work`` or ``apply`` goes to ``failed(error)`` (which says it on the board), then
    to the loop's exception handler as ``"<what> failed"``. Returns the future of ``work``.
    """
    future = loop.run_in_executor(None, work)

    def done(fut: asyncio.Future[T]) -> None:  # on the loop's own thread
        if not current():
            if not fut.cancelled():
                fut.exception()
            if stale is not None:
                stale()
            return
        try:
            apply(fut.result())
        except Exception as error:  # a bug: shown, reported, and the board goes on
            failed(error)
            loop.call_exception_handler({"message": f"{what} failed", "exception": error})

    future.add_done_callback(done)
    return future


def short(error: BaseException) -> str:
    """An error in one short line for the status: its type and the start of its message."""
    text = str(error).splitlines()[0] if str(error) else ""
    text = text if len(text) <= 120 else text[:117] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
