"""Board conversions for external engines, checked against the engines' own code."""

import random

import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai.engines import (
    bgsage_board,
    bgsage_board_after,
    bgsage_board_from_sides,
    gnubg_board,
    gnubg_steps_result,
    position_from_bgsage,
    sides_from_bgsage,
)
from helpers import random_positions


def test_gnubg_board_is_gnubgs_own(gnubg_nn):
    for position in random_positions(500, seed=21):
        assert gnubg_board(position) == gnubg_nn.board_from_position_id(position.position_id())


def test_gnubg_steps_reach_gnubgs_plays(gnubg_nn):
    rng = random.Random(22)
    for position in random_positions(300, seed=22):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = {play.result for play in position.legal_plays(*dice)}
        # best_move gives 1-based (from, to) steps, 25 the bar and 0 off.
        steps = [(a - 1, b - 1) for a, b in gnubg_nn.best_move(gnubg_board(position), *dice)]
        if results:
            assert gnubg_steps_result(position, steps) in results
    hit = Position.from_points({8: 1}, {19: 1})  # the opponent's blot on our 6-point
    after = gnubg_steps_result(hit, [(7, 5)])
    assert after.player[24] == 1 and after.opponent[5] == 1 and after.turn == 1


def test_bgsage_boards_are_bgsages_own():
    bgsage = pytest.importorskip("bgsage", reason="bgsage is the sage extra")
    assert bgsage_board(Position.initial()) == list(bgsage.STARTING_BOARD)
    rng = random.Random(23)
    for position in random_positions(300, seed=23):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        board = bgsage_board(position)
        # bgsage lists the board unchanged when no checker can move.
        ours = sorted(bgsage_board_after(play) for play in position.legal_plays(*dice)) or [board]
        assert ours == sorted(bgsage.possible_moves(board, *dice))
        assert bgsage_board(position.swap()) == bgsage.flip_board(bgsage_board(position))


def test_bgsage_round_trip():
    for position in random_positions(1000, seed=24):
        board = bgsage_board(position)
        assert position_from_bgsage(board, position.turn) == position
        assert sides_from_bgsage(board) == (position.player, position.opponent)
        sides = np.array([position.player, position.opponent], dtype=np.int8)  # the training files' layout
        assert bgsage_board_from_sides(*sides) == board
    with pytest.raises(ValueError, match="26"):
        sides_from_bgsage([0] * 25)
