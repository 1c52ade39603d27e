"""The project's neural net, evaluated with numpy.

A multilayer perceptron: :data:`bgwidget.ai.encoding.N_INPUTS` inputs, hidden layers of rectified
linear units (two of 512 and 256 in the shipped net, one of 64 in the pruning net), and five
sigmoid outputs read as chained conditional chances (win; gammon given a win; backgammon given a
gammon win; gammon given a loss; backgammon given a gammon loss), so that the five probabilities
it returns are always consistent (gammons never above wins, backgammons never above gammons).
The weights (``data/net.npz``, ``data/prune.npz``) come from ``training/train.py``; the README
says what the nets learned from.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bgwidget.ai.encoding import N_INPUTS, checked_boards, checked_inputs, encode_checked

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

__all__ = ["Net", "PRUNING_WEIGHTS", "WEIGHTS", "default_net", "default_pruning_net"]

WEIGHTS = Path(__file__).parent / "data" / "net.npz"
"""The weights shipped with the package."""

PRUNING_WEIGHTS = Path(__file__).parent / "data" / "prune.npz"
"""The pruning net's weights: a small net taught to rank plays as :data:`WEIGHTS` does (GNU
Backgammon's pruning nets play the same part), so that a search sends the big net only the few
plays of a roll that could be the best (:func:`bgwidget.ai.search.best_replies`). It reads only
the encoding's units (:data:`~bgwidget.ai.encoding.UNITS`; its weights on the other inputs are
zero), so a search encodes the rest only for the plays the big net judges."""


class Net:
    """A trained net loaded from an ``.npz`` of layers ``w0, b0, w1, b1, ...``.

    Raises :class:`ValueError` when the file does not fit the current encoding.
    """

    def __init__(self, path: str | Path = WEIGHTS) -> None:
        with np.load(path) as data:
            if int(data["n_inputs"]) != N_INPUTS:
                raise ValueError(f"{path}: a net for {int(data['n_inputs'])} inputs, the encoding has {N_INPUTS}")
            self.layers = []
            k = 0
            while f"w{k}" in data:
                self.layers.append((data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)))
                k += 1

    def probabilities(self, boards: np.ndarray) -> np.ndarray:
        """(n, 5) float64 cubeless chances of the player on roll for (n, 2, 25) boards.

        Columns: win, win gammon, win backgammon, lose gammon, lose backgammon (gammons include
        backgammons). Meaningful for positions still in play; see :mod:`bgwidget.ai.evaluator`
        for finished games and bear-offs. Raises :class:`~bgwidget.position.PositionError` for
        boards :func:`~bgwidget.ai.encoding.checked_boards` refuses.
        """
        boards = checked_boards(boards)
        return self._chances(self._sums(boards, encode_checked))

    def outputs(self, inputs: np.ndarray, rows: np.ndarray | None = None) -> np.ndarray:
        """The chances of :meth:`probabilities` for (n, N_INPUTS) float32 inputs that
        :func:`~bgwidget.ai.encoding.encode` made: a caller that sends the same boards to two nets
        encodes them once. ``rows``: the indices of the rows to judge, in order (None: every
        row), the same chances as ``outputs(inputs[rows])`` without that copy. Raises
        :class:`ValueError` for an array of another shape or type, or inputs that are not finite
        (NaN or infinite inputs make the output layer's sums so)."""
        inputs = checked_inputs(inputs)
        if rows is None:
            z = self._sums(inputs, lambda part, _: part)
        else:  # each chunk's rows gathered into the chunk's own buffer, which stays in cache
            z = self._sums(rows, lambda part, buffer: np.take(inputs, part, axis=0, out=buffer))
        if not np.isfinite(z).all():
            raise ValueError("inputs are not finite")
        return self._chances(z)

    def _sums(self, rows: np.ndarray, inputs_of: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
        """The output layer's sums, (n, 5) float32, for ``rows`` (boards or inputs), _CHUNK rows at
        a time: ``inputs_of(part, buffer)`` gives a part's inputs, written into ``buffer`` or not.

        One BLAS thread: these products are small, and threads fighting over shared cores made a
        batch of 64 thirty times slower on a busy two-core machine.
        """
        w_out = self.layers[-1][0]
        z = np.empty((rows.shape[0], w_out.shape[1]), dtype=np.float32)
        with _blas().limit(limits=1, user_api="blas"):
            for start in range(0, rows.shape[0], _CHUNK):
                part = rows[start : start + _CHUNK]
                x, *hidden = _workspace(self.layers, part.shape[0])
                h = inputs_of(part, x)
                for (w, b), buffer in zip(self.layers[:-1], hidden):
                    h = np.matmul(h, w, out=buffer)
                    h += b
                    np.maximum(h, 0.0, out=h)
                np.matmul(h, w_out, out=z[start : start + _CHUNK])
        return z

    def _chances(self, z: np.ndarray) -> np.ndarray:
        """The five chained sigmoid outputs of the sums ``z`` turned into (n, 5) float64 chances."""
        z += self.layers[-1][1]
        s = 1.0 / (1.0 + np.exp(-z.astype(np.float64)))
        out = np.empty_like(s)
        out[:, 0] = s[:, 0]
        out[:, 1] = s[:, 0] * s[:, 1]
        out[:, 2] = out[:, 1] * s[:, 2]
        out[:, 3] = (1.0 - s[:, 0]) * s[:, 3]
        out[:, 4] = out[:, 3] * s[:, 4]
        return out


# Boards go through the net _CHUNK at a time, in arrays made once per thread and reused: fresh
# arrays of a few megabytes cost page faults on every call, and a chunk's layers stay in cache.
_CHUNK = 1024
_BUFFERS = threading.local()


def _workspace(layers: list[tuple[np.ndarray, np.ndarray]], rows: int) -> list[np.ndarray]:
    """Float32 arrays of ``rows`` rows for the inputs and each hidden layer of ``layers``."""
    widths = (layers[0][0].shape[0], *(w.shape[1] for w, _ in layers[:-1]))
    cache = _BUFFERS.__dict__.setdefault("by_widths", {})
    if widths not in cache:
        cache[widths] = [np.empty((_CHUNK, width), dtype=np.float32) for width in widths]
    return [buffer[:rows] for buffer in cache[widths]]


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    from threadpoolctl import ThreadpoolController  # imported by the net's first evaluation, not with the package

    return ThreadpoolController()


@lru_cache(maxsize=1)
def default_net() -> Net:
    """The net shipped with the package (loaded once)."""
    return Net()


@lru_cache(maxsize=1)
def default_pruning_net() -> Net:
    """The pruning net shipped with the package (:data:`PRUNING_WEIGHTS`, loaded once)."""
    return Net(PRUNING_WEIGHTS)
