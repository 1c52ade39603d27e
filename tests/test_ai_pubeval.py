"""Pubeval against GNU Backgammon's copy of Tesauro's function (gnubg-nn, an independent oracle)."""

import random

import gnubg_nn
import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai import pubeval
from bgwidget.ai.encoding import boards_from_positions
from bgwidget.ai.engines import gnubg_steps_result


def game_positions(n, seed):
    """``n`` (position, roll) pairs from seeded games of random legal plays."""
    rng = random.Random(seed)
    found = []
    while len(found) < n:
        pos = Position.initial()
        while pos.outcome() is None and len(found) < n:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            found.append((pos, dice))
            plays = pos.legal_plays(*dice)
            pos = rng.choice(plays).result if plays else pos.swap()
    return found


def gnubg_board(pos):
    return gnubg_nn.board_from_position_id(pos.position_id())


def test_scores_match_gnubg_on_positions_after_plays():
    positions = [pos for pos, _ in game_positions(3000, seed=11)]
    # gnubg-nn scores board[0], the side not on roll: the one that has just moved.
    ours = pubeval.scores(boards_from_positions(positions)[:, ::-1], np.array([p.is_race() for p in positions]))
    theirs = np.array([gnubg_nn.pub_eval_score(gnubg_board(p)) for p in positions])
    assert any(p.is_race() for p in positions) and not all(p.is_race() for p in positions)
    np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-4)


def test_initial_position_score():
    # Tesauro's contact weights on the starting position, as gnubg-nn computes them.
    score = pubeval.scores(boards_from_positions([Position.initial()]), False)[0]
    assert score == pytest.approx(gnubg_nn.pub_eval_score(gnubg_board(Position.initial())), abs=1e-5)


def test_best_play_matches_gnubg_pub_best_move_on_2000_positions():
    pairs = [(p, d) for p, d in game_positions(2600, seed=5) if p.legal_plays(*d)][:2000]
    assert len(pairs) == 2000
    ties = 0
    for pos, dice in pairs:
        ours = pubeval.best_play(pos, dice)
        flat = gnubg_nn.pub_best_move(gnubg_board(pos), *dice)
        theirs = gnubg_steps_result(pos, zip(flat[::2], flat[1::2]))
        if ours.result == theirs:
            continue
        # Only an exact tie of scores may make the two pick different plays.
        boards = np.array([[p.opponent, p.player] for p in (ours.result, theirs)], dtype=np.int8)
        a, b = pubeval.scores(boards, pos.is_race())
        assert a == pytest.approx(b, abs=1e-6), (pos.position_id(), dice, str(ours), flat)
        ties += 1
    assert ties <= 20


def test_no_play_gives_none():
    pos = Position.from_points({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert pubeval.best_play(pos, (6, 6)) is None
