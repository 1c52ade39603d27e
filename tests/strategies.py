"""Hostile and plausible argument values for fuzz tests, as hypothesis strategies and for seeded walks.

``anything()`` draws any value a caller might pass by mistake or malice: ints (huge ones too),
floats (NaN, infinities), bools, None, strings, bytes, nested lists, tuples and dicts, mixed with
values that are almost right (a die of 3.0, a seat of True, a roll of three dice), so that the
checks behind the first one are reached too. ``hostile(rng)`` draws from the same kinds with a
:class:`random.Random`, for seeded random walks.
"""

import math
import random

from hypothesis import strategies as st

from bgwidget import Position
from helpers import random_positions

POSITIONS = random_positions(200, seed=5)
"""Positions from seeded random games (none finished)."""

FINISHED = Position.from_points({}, {6: 3})  # the player on roll has borne off every checker

NEAR_MISSES: tuple = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    24,
    25,
    26,
    -1,
    64,
    2**63,
    -(2**70),
    10**40,
    0.0,
    1.0,
    3.0,
    0.5,
    -0.0,
    1e-9,
    1 + 1e-12,
    math.nan,
    math.inf,
    -math.inf,
    True,
    False,
    None,
    "",
    "0",
    "1",
    "3",
    "bar",
    "off",
    "expert",
    "easy",
    "medium",
    "sage",
    "human",
    "centre",
    "player",
    "opponent",
    "8/5 6/5",
    "13/8 6/5",
    "24/18 13/9*",
    "bar/22",
    "6/off",
    "4HPwATDgc/ABMA",
    "\x00",
    "é" * 3,
    b"\x00\xff",
    bytearray(b"ab"),
    (3, 1),
    [6, 5],
    (4, 4),
    (3,),
    (1, 2, 3),
    (0, 7),
    (3.0, 1),
    (True, 1),
    ("3", "1"),
    (None, None),
    (0.6, 0.1, 0.0, 0.1, 0.0),
    (1.0000000000000002, 0, 0, 0, 0),
    (0.5, 0.6, 0, 0, 0),
    [0.5] * 4,
    (0, 0),
    (1, 3),
    (3, 1, 0),
    ("a", "b"),
    ["Ann", "Bo"],
    "ab",
    (),
    [],
    {},
    {"type": "roll"},
    {"type": "roll", "dice": [3, 1]},
    {"type": "move", "play": "8/5 6/5"},
    {"type": "resign", "points": 2.0},
    {"type": "double", "seat": 0.0},
    {"seed": 1, "state": [3, [1] * 3, None]},
    {"match_length": 3},
    FINISHED,
)
"""Values that are right in some place and wrong in most."""


def anything() -> st.SearchStrategy:
    """Any value: scalars of every kind, near misses, positions, and containers of them."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=6),
        st.binary(max_size=4),
        st.sampled_from(NEAR_MISSES),
        st.sampled_from(POSITIONS),
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.tuples(children, children),
            st.dictionaries(st.one_of(st.text(max_size=4), st.integers(-2, 30)), children, max_size=4),
        ),
        max_leaves=8,
    )


def hostile(rng: random.Random, depth: int = 0):
    """One value of the kinds :func:`anything` draws, from ``rng`` (for seeded walks)."""
    kind = rng.randrange(8 if depth < 2 else 6)
    if kind == 0:
        return rng.choice(NEAR_MISSES)
    if kind == 1:
        return rng.choice((rng.randint(-3, 30), rng.randint(-(2**70), 2**70)))
    if kind == 2:
        return rng.choice((rng.uniform(-2, 30), math.nan, math.inf, float(rng.randint(0, 25))))
    if kind == 3:
        return "".join(rng.choice("0123456789/*() barofx\n") for _ in range(rng.randint(0, 8)))
    if kind == 4:
        return rng.choice(POSITIONS)
    if kind == 5:
        return rng.choice((None, True, False, b"", ()))
    if kind == 6:
        return [hostile(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(("type", "seat", "dice", "play", "points", "x")): hostile(rng, depth + 1) for _ in range(2)}
