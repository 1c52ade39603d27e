"""Layer 1, the dice: a seeded generator whose whole state can be saved and restored.

One :class:`Dice` serves one game. A match derives each game's generator from its own seed and
the game's number (:meth:`Dice.for_game`), so the dice of game 3 do not depend on how long games 1
and 2 lasted, and the ``k``-th roll of a game is the same whatever the players chose before it
(a double, a take or a play never consumes a die). The computer's own randomness lives elsewhere.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterable
from typing import Any

from bgwidget.checks import is_int
from bgwidget.errors import DiceError, DiceStateError

__all__ = ["Dice", "DiceError", "DiceStateError", "Seed", "check_roll", "check_seed"]

Seed = int | str | float | bytes | bytearray
"""What seeds a generator: any value :class:`random.Random` accepts."""


def check_seed(seed: object) -> Seed | None:
    """``seed`` when it can seed a repeatable generator: ``None``, an int, a str, bytes, or a finite float.

    (A NaN's hash, which :class:`random.Random` would seed from, changes from one run to the next.)
    Raises :class:`DiceStateError` for anything else (a list, a bool, a NaN...).
    """
    if seed is None or isinstance(seed, (str, bytes, bytearray)):
        return seed
    if is_int(seed):
        return seed
    if isinstance(seed, float) and math.isfinite(seed):
        return seed
    raise DiceStateError(f"a seed is an int, a str, bytes or a finite float, not {seed!r}")


def check_roll(dice: Any) -> tuple[int, int]:
    """``dice`` as a roll ``(d1, d2)`` of two ints from 1 to 6; the one check of dice everywhere.

    Raises :class:`DiceError` for anything else (a float, a bool, one die, three, a 7).

    >>> check_roll([6, 5])
    (6, 5)
    """
    try:
        die1, die2 = dice
    except (TypeError, ValueError):
        raise DiceError(f"a roll is two dice, not {dice!r}") from None
    for die in (die1, die2):
        if not is_int(die) or not 1 <= die <= 6:
            raise DiceError(f"a die shows 1 to 6, not {die!r}")
    return die1, die2


def _check_roll(roll: object) -> tuple[int, int]:
    """:func:`check_roll`, raising :class:`DiceStateError`."""
    try:
        return check_roll(roll)
    except DiceError as error:
        raise DiceStateError(f"{error} (in {roll!r})") from None


class Dice:
    """Dice from a seeded :class:`random.Random` (Mersenne Twister), plus a queue of fixed rolls.

    ``seed`` is any value :class:`random.Random` accepts (``None`` draws one from the system and
    keeps it, so the game can still be replayed). ``fixed`` is a sequence of rolls ``(d1, d2)``
    handed out first, for teaching and tests; they do not consume the generator. Raises
    :class:`DiceStateError` for a seed :func:`check_seed` refuses or fixed rolls that are not rolls.

    >>> Dice(seed=42).roll() == Dice(seed=42).roll()
    True
    >>> Dice(seed=1, fixed=[(6, 5)]).roll()
    (6, 5)
    """

    def __init__(self, seed: Seed | None = None, fixed: Iterable[tuple[int, int]] = ()) -> None:
        check_seed(seed)
        if isinstance(fixed, (str, bytes)) or not isinstance(fixed, Iterable):
            raise DiceStateError(f"fixed rolls are a sequence of (d1, d2), not {fixed!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = seed
        self._rng = random.Random(seed)
        self._fixed: deque[tuple[int, int]] = deque(_check_roll(r) for r in fixed)

    @classmethod
    def for_game(cls, seed: Seed, game_number: int) -> Dice:
        """The generator of game ``game_number`` (1, 2, ...) of a match or session seeded ``seed``.

        Raises :class:`DiceStateError` for a seed :func:`check_seed` refuses or a game number below 1.
        """
        if seed is None or check_seed(seed) is None:
            raise DiceStateError("the games of a match need the match's seed, not None")
        if not is_int(game_number) or game_number < 1:
            raise DiceStateError(f"games are numbered 1, 2, ..., not {game_number!r}")
        return cls(seed=f"{seed!s}/game {game_number}")

    def push(self, *rolls: object) -> None:
        """Queue fixed rolls ``(d1, d2)`` to be handed out before the generator's own.

        For the opening roll a fixed ``(d1, d2)`` is seat 0's die then seat 1's; it must not be a
        tie. Raises :class:`DiceStateError` for anything that is not two dice from 1 to 6.
        """
        checked = [_check_roll(r) for r in rolls]
        self._fixed.extend(checked)

    def roll(self) -> tuple[int, int]:
        """Two dice, in the order rolled."""
        if self._fixed:
            return self._fixed.popleft()
        return self._rng.randint(1, 6), self._rng.randint(1, 6)

    def opening(self) -> tuple[int, int]:
        """The opening roll: one die for seat 0, one for seat 1; ties are rolled again."""
        if self._fixed:
            roll = self._fixed[0]
            if roll[0] == roll[1]:
                raise DiceStateError(f"a fixed opening roll cannot be a tie, {roll!r} is")
            return self._fixed.popleft()
        while True:
            roll = self._rng.randint(1, 6), self._rng.randint(1, 6)
            if roll[0] != roll[1]:
                return roll

    # ----------------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the seed, the generator's exact state, the fixed rolls still queued."""
        version, internal, gauss = self._rng.getstate()
        seed = self.seed if isinstance(self.seed, (int, str)) else repr(self.seed)
        return {
            "seed": seed,
            "state": [version, list(internal), gauss],
            "fixed": [list(r) for r in self._fixed],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Dice:
        """Restore what :meth:`to_dict` saved; the next roll is the one the saved dice would give.

        Raises :class:`DiceStateError` when ``data`` is not such a dict.
        """
        try:
            version, internal, gauss = data["state"]
            dice = cls(seed=data["seed"], fixed=data.get("fixed", ()))
            if len(internal) != 625 or not all(isinstance(x, int) for x in internal):
                raise ValueError("the Mersenne Twister state is 625 integers")
            dice._rng.setstate((version, tuple(internal), gauss))
        except DiceStateError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise DiceStateError(f"not a saved dice state: {error}") from None
        return dice

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dice):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"
