"""Batch analysis: many positions judged, or many rolls' plays ranked, here or on an executor.

:func:`analyse_many` cuts its items into chunks, each one task of :mod:`bgwidget.ai.parallel`:
run here one after the other, or on a process pool or a Dask cluster. Every item is judged on
its own (no search cache is shared between items), so the results do not depend on the chunks
nor on where they run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bgwidget.ai.errors import LevelError
from bgwidget.ai.parallel import as_executor, in_order
from bgwidget.ai.players import Player, check_turn, evaluator_or_net, level_ply
from bgwidget.checks import is_int
from bgwidget.errors import BatchError
from bgwidget.moves import roll_text
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:  # numpy's modules are imported by a batch's first use
    import pandas

    from bgwidget.ai.analysis import Analysis
    from bgwidget.ai.search import Evaluator

__all__ = ["Analyses", "BatchError", "analyse_many"]

Item = Position | tuple[Position, tuple[int, int]]


class Analyses(list):
    """The results of :func:`analyse_many`, in the order of its items.

    Each is the five cubeless chances (a tuple) of an item that is a position, or the ranked
    :class:`~bgwidget.ai.analysis.Analysis` of an item that is a (position, dice) pair.
    ``items``: the items judged (as many as the results); ``complete``: False when the batch was
    interrupted before its end (the results are then those of the first items).
    """

    COLUMNS = ("position", "dice", "play", "equity", "win", "win g", "win bg", "lose g", "lose bg")

    def __init__(self, items: Sequence[Item], results: Sequence[tuple[float, ...] | Analysis], complete: bool) -> None:
        super().__init__(results)
        self.items = list(items)
        self.complete = complete

    def to_dataframe(self) -> pandas.DataFrame:
        """One row per item: its Position ID, dice (``""`` before the roll), the best play (``""``
        for a position; none for a roll without a legal play, whose numbers are NaN), the
        cubeless equity (points per game) and the five chances of the player on roll."""
        import pandas

        from bgwidget.ai.evaluator import equity

        rows = []
        for item, result in zip(self.items, self):
            if isinstance(item, Position):
                rows.append((item.position_id(), "", "", float(equity(result)), *result))
                continue
            position, dice = item
            best = result[0] if result else None
            numbers = (best.equity, *best.probabilities) if best else (float("nan"),) * 6
            rows.append((position.position_id(), roll_text(dice), best.notation if best else "", *numbers))
        return pandas.DataFrame(rows, columns=self.COLUMNS)


def analyse_many(
    items: Sequence[Item],
    level: str | Player = "expert",
    *,
    executor: object = None,
    chunk: int = 64,
    progress: bool | Callable[[int, int], object] = True,
    evaluator: Evaluator | None = None,
) -> Analyses:
    """Judge many items at ``level``'s depth: an :class:`Analyses`, in the order of ``items``.

    An item is a :class:`~bgwidget.position.Position` (before the roll: its five cubeless chances
    as :func:`bgwidget.ai.evaluate` gives them) or a ``(position, dice)`` pair (the candidate
    plays, best first, as :func:`bgwidget.ai.analyse` ranks them). ``chunk`` items make one task
    (a positive int); ``executor``: None to run the tasks here, or a
    :class:`concurrent.futures.Executor` or a ``dask.distributed.Client`` to run them there
    (:mod:`bgwidget.ai.parallel`); the results are the same either way. ``progress``: True shows
    a progress bar (``tqdm.auto``) of the items, False nothing; a callable is called as
    ``progress(done, total)`` after each chunk. A KeyboardInterrupt (the notebook's stop button,
    or raised by ``progress``) ends the batch: the chunks done are returned, ``complete`` False.
    ``evaluator``: the function from positions to chances (None: the net); on an executor it
    must pickle.

    Raises :class:`bgwidget.PositionError` or :class:`bgwidget.DiceError` for an item that is
    not one (a pair in a finished game included), :class:`~bgwidget.ai.errors.LevelError` for a
    level without a depth or an evaluator that is not one, :class:`BatchError` for the other
    arguments, :class:`ImportError` without numpy; nothing is computed before the checks pass.
    """
    ply = level_ply(level)
    evaluator = evaluator_or_net(evaluator, "a batch analysis")
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")
    if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
        raise BatchError(f"items are a sequence of positions and (position, dice) pairs, not {type(items).__name__}")
    checked = [_item(item) for item in items]
    if not is_int(chunk) or chunk < 1:
        raise BatchError(f"chunk is a positive int, not {chunk!r}")
    if not isinstance(progress, bool) and not callable(progress):
        raise BatchError(f"progress is True, False or a callable progress(done, total), not {progress!r}")
    pool = as_executor(executor, BatchError)
    from tqdm.auto import tqdm

    results: list = []
    complete = True
    bar = tqdm(total=len(checked), disable=progress is not True, desc="analysis", unit="item")
    tasks = ((checked[first : first + chunk], ply, evaluator) for first in range(0, len(checked), chunk))
    chunks = in_order(analyse_chunk, tasks, pool)
    try:
        for done in chunks:
            results.extend(done)
            bar.update(len(done))
            if callable(progress):
                progress(len(results), len(checked))
    except KeyboardInterrupt:
        complete = False
    finally:
        chunks.close()  # the chunks not started are cancelled
        bar.close()
    return Analyses(checked[: len(results)], results, complete)


def analyse_chunk(items: Sequence[Item], ply: int, evaluator: Evaluator) -> list[tuple[float, ...] | Analysis]:
    """One task of :func:`analyse_many`: each item's chances or ranked plays, at ``ply``."""
    from bgwidget.ai import analysis

    return [
        analysis.evaluate(item, ply, evaluator)
        if isinstance(item, Position)
        else analysis.analyse(item[0], item[1], ply, evaluator)
        for item in items
    ]


def _item(item: object) -> Item:
    if isinstance(item, Position):
        return item
    if isinstance(item, tuple) and len(item) == 2:
        position, dice = item
        return check_turn(position, dice), (dice[0], dice[1])
    raise PositionError(f"an item is a Position or a (position, dice) pair, not {item!r}")
