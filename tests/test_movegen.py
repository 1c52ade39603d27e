"""The batch move generator (bgwidget.ai.movegen) against the rules core's, roll by roll.

The core's generator (:func:`bgwidget.plays.result_boards`) is checked against GNU Backgammon in
test_gnubg_differential.py and against the rules by hand in test_moves.py; the batch one must give
the same boards in the same order for every roll, since the searches and rollouts take the first
of equal plays (the same numbers, bit for bit, as before it came: benchmarks/rollout_same.py).
"""

import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai.movegen import roll_results
from bgwidget.plays import result_boards
from helpers import game_positions, random_positions

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]

# The rules' edge cases, each by hand (see test_moves.py for their plays).
EDGES = [
    Position.from_position_id("4P8DABgAEAAAAA"),  # one die only: the larger
    Position.from_position_id("4P8PAAAkAAAAAA"),  # bearing off with a higher die, from the highest point
    Position.from_position_id("22bABwDg/wMAYA"),  # two on the bar, one can enter
    Position.from_points({10: 1, "off": 14}, {21: 2, 2: 13}),
    Position.from_points({24: 1, 6: 14}, {7: 2, 6: 2, 2: 11}),  # blocked but for one die
    Position.from_points({"bar": 1, 6: 14}, {1: 15}),  # entering then a step, or the larger die alone
    Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3}),  # closed out
    Position.from_points({"bar": 1, 1: 14}, {10: 15}),
    Position.from_points({"bar": 4, 6: 11}, {1: 2, 3: 2, 21: 11}),  # four on the bar: a double may enter all
    Position.from_points({"bar": 5, 6: 10}, {21: 15}),  # five on the bar: four enter and the roll ends
    Position.from_points({"bar": 2, 8: 13}, {4: 2, 22: 13}),  # a double enters two, then moves on
    Position.from_points({7: 1, 5: 2, 1: 1, "off": 11}, {23: 15}),  # bears off once the last checker is home
    Position.from_points({6: 1, 2: 1, "off": 13}, {18: 1, "off": 14}),  # bearing off past a checker to hit
    Position.from_points({1: 1, "off": 14}, {23: 1, "off": 14}),
    Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 13: 5, 8: 3, 6: 5, 2: 1}),  # a blot to hit
]


def _core(position: Position, d1: int, d2: int) -> list[bytes]:
    """The core's results, or the board itself when the roll cannot be played (see roll_results)."""
    return result_boards(position, d1, d2) or [bytes(position.player + position.opponent)]


def _batch(positions: list[Position], rolls=ROLLS, sides=None) -> list[list[bytes]]:
    items = [(p, roll) for p in positions for roll in rolls]
    boards = np.frombuffer(b"".join(bytes(p.player + p.opponent) for p, _ in items), dtype=np.uint8).reshape(-1, 50)
    owner, index, distinct = roll_results(boards, np.array([roll for _, roll in items]), sides)
    assert np.all(np.diff(owner) >= 0) and len(distinct) == len(np.unique(distinct, axis=0))
    starts = np.searchsorted(owner, np.arange(len(items) + 1))
    return [[bytes(distinct[r]) for r in index[a:b]] for a, b in zip(starts, starts[1:])]


@pytest.mark.parametrize("position", EDGES, ids=lambda p: p.position_id())
def test_the_rules_edge_cases_as_the_core_plays_them(position):
    assert _batch([position]) == [_core(position, *roll) for roll in ROLLS]


def test_every_roll_of_game_positions_as_the_core_plays_it():
    positions = game_positions(300, seed=38) + random_positions(300, seed=38)
    got = _batch(positions)
    expected = [_core(p, *roll) for p in positions for roll in ROLLS]
    assert got == expected
    # The positions reach every kind of roll: doubles of four steps and of fewer, dances, the
    # larger die alone, entering, bearing off.
    assert sum(len(r) for r in got) > 100_000


def test_hand_counted_results():
    two_on_bar = Position.from_position_id("22bABwDg/wMAYA")
    result = two_on_bar.parse_play("bar/20", 5, 4).result  # the other checker stays on the bar
    assert _batch([two_on_bar], [(5, 4)]) == [[bytes(result.opponent + result.player)]]
    closed = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    assert _batch([closed], [(6, 6), (3, 1)]) == [[bytes(closed.player + closed.opponent)]] * 2


def test_sides_tell_the_same_board_apart():
    start = Position.initial()
    boards = np.frombuffer(bytes(start.player + start.opponent) * 2, dtype=np.uint8).reshape(2, 50)
    dice = np.array([(3, 1), (1, 3)])
    owner, index, distinct = roll_results(boards, dice)
    assert len(distinct) == 16 and list(index[owner == 0]) == list(index[owner == 1])
    owner, index, distinct = roll_results(boards, dice, np.array([0, 1]))
    assert len(distinct) == 32 and distinct.shape == (32, 51)
    assert set(distinct[index[owner == 1], 50]) == {1}


def test_an_empty_batch():
    owner, index, distinct = roll_results(np.zeros((0, 50), dtype=np.uint8), np.zeros((0, 2), dtype=int))
    assert owner.shape == index.shape == (0,) and distinct.shape == (0, 50)
