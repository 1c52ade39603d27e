"""The project's neural net, evaluated with numpy.

A multilayer perceptron: :data:`bgwidget.ai.encoding.N_INPUTS` inputs, two hidden layers of
rectified linear units, and five sigmoid outputs read as chained conditional chances (win;
gammon given a win; backgammon given a gammon win; gammon given a loss; backgammon given a gammon
loss), so that the five probabilities it returns are always consistent (gammons never above
wins, backgammons never above gammons). The weights (``data/net.npz``) come from
``training/train.py``; the README says what the net learned from.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

from bgwidget.ai.encoding import N_INPUTS, encode

__all__ = ["Net", "WEIGHTS", "default_net"]

WEIGHTS = Path(__file__).parent / "data" / "net.npz"
"""The weights shipped with the package."""


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
        for finished games and bear-offs.
        """
        h = encode(boards)
        # One BLAS thread: these products are small, and threads fighting over shared cores
        # made a batch of 64 thirty times slower on a busy two-core machine.
        with _blas().limit(limits=1, user_api="blas"):
            for w, b in self.layers[:-1]:
                h = h @ w
                h += b
                np.maximum(h, 0.0, out=h)
            w, b = self.layers[-1]
            z = (h @ w + b).astype(np.float64)
        s = 1.0 / (1.0 + np.exp(-z))
        out = np.empty_like(s)
        out[:, 0] = s[:, 0]
        out[:, 1] = s[:, 0] * s[:, 1]
        out[:, 2] = out[:, 1] * s[:, 2]
        out[:, 3] = (1.0 - s[:, 0]) * s[:, 3]
        out[:, 4] = out[:, 3] * s[:, 4]
        return out


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


@lru_cache(maxsize=1)
def default_net() -> Net:
    """The net shipped with the package (loaded once)."""
    return Net()
