"""Differential test against GNU Backgammon's move generator (gnubg-nn, a test extra only).

Positions come from seeded random games from the start; for each one, all 21 rolls are played
and the set of resulting boards must equal gnubg's exactly (both are empty on a dance). The default run checks 5,000
positions (105,000 position-roll pairs); ``pytest -m slow`` checks 200,000 positions.
"""

import pytest

from bgwidget.ai.engines import gnubg_board
from helpers import random_positions

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


def mismatches(gnubg_nn, positions):
    found = []
    for position in positions:
        board = gnubg_board(position)
        for d1, d2 in ROLLS:
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


def test_position_ids_match_gnubg(gnubg_nn):
    for position in random_positions(5_000, seed=7):
        board = gnubg_board(position)
        position_id = position.position_id()
        assert gnubg_nn.position_id(board) == position_id
        assert type(position).from_position_id(position_id, turn=position.turn) == position
