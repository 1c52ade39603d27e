"""Work split in chunks, run here or on any :class:`concurrent.futures.Executor`, results in order.

Rollouts, batch analysis and reviews (:func:`bgwidget.ai.rollout`, :func:`bgwidget.ai.analyse_many`,
:func:`bgwidget.ai.review`) cut their work into tasks that do not depend on each other nor on how
the work is cut: a task is a top-level function and its arguments, so that a process pool can
pickle it. Each task's result is the same wherever it runs, so a run on an executor gives the
serial run's result exactly. An executor is a :class:`concurrent.futures.Executor` (a
:class:`~concurrent.futures.ProcessPoolExecutor` on one machine) or a ``dask.distributed.Client``,
whose ``get_executor()`` gives one (a cluster, when one machine is not enough).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Executor, Future
from itertools import islice
from typing import Any

__all__ = ["AHEAD", "as_executor", "in_order"]

AHEAD = 256
"""The most tasks waiting on an executor at once: enough to keep a pool or a cluster busy, few
enough that a rollout of a billion trials stopped after two batches has not queued millions first."""


def as_executor(executor: object, error: type[Exception]) -> Executor | None:
    """``executor`` as an :class:`~concurrent.futures.Executor` (a dask Client's ``get_executor()``), or None.

    Raises ``error`` for anything else, naming what is accepted.
    """
    if executor is None or isinstance(executor, Executor):
        return executor
    get = getattr(executor, "get_executor", None)  # dask.distributed.Client
    if callable(get):
        made = get()
        if isinstance(made, Executor):
            return made
    raise error(
        "executor is None, a concurrent.futures.Executor (such as a ProcessPoolExecutor) or a "
        f"dask.distributed Client, not {executor!r}"
    )


def in_order(
    function: Callable[..., Any], tasks: Iterable[tuple], executor: Executor | None
) -> Generator[Any, None, None]:
    """``function(*task)`` for each task, in the tasks' order.

    Without an executor each task runs here when its result is asked for; with one, the first
    :data:`AHEAD` tasks are submitted at once, another each time a result is taken, and the results
    are awaited in order. Closing the iterator (a loop left early, a KeyboardInterrupt while
    waiting) cancels the tasks not yet started.
    """
    if executor is None:
        for task in tasks:
            yield function(*task)
        return
    waiting = iter(tasks)
    futures: deque[Future] = deque(executor.submit(function, *task) for task in islice(waiting, AHEAD))
    try:
        while futures:
            result = futures.popleft().result()
            futures.extend(executor.submit(function, *task) for task in islice(waiting, 1))
            yield result
    finally:
        for future in futures:
            future.cancel()
