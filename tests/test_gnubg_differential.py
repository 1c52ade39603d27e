"""Differential test against GNU Backgammon's move generator (gnubg-nn, a test extra only).

Positions come from seeded random games from the start; for each one, all 21 rolls are played
and the set of resulting boards must equal gnubg's exactly (both are empty on a dance). The default run checks 5,000
positions (105,000 position-roll pairs); ``pytest -m slow`` checks 200,000 positions. Positions placed at random
with the mover near the bar or the bear-off add the cases where the order of the dice matters.
"""

import random

import pytest

from bgwidget import Position
from bgwidget.ai.engines import gnubg_board
from helpers import random_positions

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


def mismatches(gnubg_nn, positions, rolls=ROLLS):
    found = []
    for position in positions:
        board = gnubg_board(position)
        for d1, d2 in rolls:
            ours = {(play.result.player, play.result.opponent) for play in position.legal_plays(d1, d2)}
            # gnubg keeps the mover as board[1]; our result has the opponent on roll, so the
            # boards are the same pair of halves in the same order.
            theirs = {gnubg_nn.board_from_position_key(key) for key, _ in gnubg_nn.moves(board, d1, d2, 1)}
            if ours != theirs:
                found.append((position.position_id(), d1, d2, len(ours), len(theirs)))
    return found


def test_same_plays_as_gnubg(gnubg_nn):
    positions = random_positions(5_000, seed=2026)
    assert mismatches(gnubg_nn, positions) == []


@pytest.mark.slow
def test_same_plays_as_gnubg_long(gnubg_nn):
    positions = random_positions(200_000, seed=1993)
    assert mismatches(gnubg_nn, positions) == []


def edge_positions(count: int, seed: int, bar=(0, 0, 1, 2), outside=(0, 1, 1, 2)) -> list[Position]:
    """Positions placed at random where the dice's order matters: the mover has a number of
    checkers on the bar drawn from ``bar`` and outside the home board from ``outside`` (the rest
    home or off); the opponent holds points and leaves blots anywhere, the mover's home board
    included, and may be on the bar."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        mover = [0] * 25
        mover[24] = rng.choice(bar)
        for _ in range(rng.choice(outside)):
            mover[rng.randrange(6, 24)] += 1
        for _ in range(rng.randrange(16 - sum(mover))):
            mover[rng.randrange(6)] += 1
        theirs = [0] * 25  # in the mover's numbering, bar last
        theirs[24] = rng.choice((0, 0, 0, 1))
        while sum(theirs) < 15 and rng.random() < 0.9:
            point = rng.randrange(24)
            if not mover[point]:
                theirs[point] += rng.choice((1, 2))
        if not 0 < sum(theirs) <= 15 or not sum(mover):  # a side with none left has won
            continue
        found.append(Position(mover, theirs[23::-1] + theirs[24:], turn=rng.randint(0, 1)))
    return found


def test_same_plays_as_gnubg_near_the_bar_and_the_bear_off(gnubg_nn):
    positions = edge_positions(3_000, seed=38)
    assert sum(p.player[24] > 0 for p in positions) > 1_000
    assert sum(not any(p.player[6:]) for p in positions) > 300  # bearing off
    assert sum(sum(p.player[6:]) == 1 for p in positions) > 500  # one checker to bring home first
    assert mismatches(gnubg_nn, positions) == []


def test_same_doubles_as_gnubg_near_the_bar_and_the_bear_off(gnubg_nn):
    """Doubles: up to five checkers to enter (some of the four steps left after entering, or
    none), and up to three outside, so that bearing off starts within the roll or never does."""
    positions = edge_positions(4_000, seed=3838, bar=(0, 1, 2, 3, 4, 5), outside=(0, 1, 2, 3))
    assert sum(p.player[24] >= 3 for p in positions) > 1_000
    assert sum(0 < sum(p.player[6:]) < 4 for p in positions) > 1_500  # bearing off may start mid-roll
    doubles = [(die, die) for die in range(1, 7)]
    assert mismatches(gnubg_nn, positions, doubles) == []


def test_position_ids_match_gnubg(gnubg_nn):
    for position in random_positions(5_000, seed=7):
        board = gnubg_board(position)
        position_id = position.position_id()
        assert gnubg_nn.position_id(board) == position_id
        assert type(position).from_position_id(position_id, turn=position.turn) == position
