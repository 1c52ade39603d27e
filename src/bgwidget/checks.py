"""Layer 0, plain-value checks shared by every layer.

Python's ``bool`` is an ``int`` (``True == 1``), so a count, a seat or a die given as ``True``
would pass ``isinstance(value, int)``; every check of a whole number in the package goes
through :func:`is_int`, which refuses it.
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["is_int"]


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` and not a ``bool`` (a numpy integer is not an ``int``).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)
