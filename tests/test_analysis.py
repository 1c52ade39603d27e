"""Ranking plays at 0-ply and 1-ply, checked with GNU Backgammon's own evaluator plugged in.

With gnubg-nn's 0-ply net as the evaluator, our search must choose the plays GNU Backgammon
chooses with the same net: ``best_move(board, d1, d2, 0)`` and ``best_move(..., 1)``. This tests
the search (perspective flips, roll weights, reply choice, ranking) independently of our net.
"""

import random

import numpy as np
import pytest

from bgwidget import Position, ai
from bgwidget.ai.analysis import Analysis, analyse, evaluate
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.evaluator import equity, evaluate_positions, flip
from bgwidget.ai.players import Expert, Medium
from bgwidget.ai.search import ROLLS
from helpers import random_positions

# The levels' depths (GNU Backgammon's plies): Medium searches 0-ply, Expert 1-ply.
MEDIUM, EXPERT = 0, 1


@pytest.fixture(scope="module")
def gnubg_evaluator(gnubg_nn):
    def evaluator(positions):
        # Finished games are scored by the rules (our evaluator), the rest by gnubg's 0-ply net.
        return np.array(
            [
                evaluate_positions([p])[0] if p.outcome() else gnubg_nn.probabilities(gnubg_board(p), 0)
                for p in positions
            ]
        )

    return evaluator


def gnubg_choice(gnubg_nn, position, dice, ply):
    steps = gnubg_nn.best_move(gnubg_board(position), *dice, ply)
    return position.parse_play(" ".join(f"{a}/{b}" for a, b in steps), *dice)


def cases(count, seed):
    rng = random.Random(seed)
    for position in random_positions(count, seed):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(position.legal_plays(*dice)) > 1:
            yield position, dice


def test_rolls_are_the_21_with_their_chances():
    assert len(ROLLS) == 21
    assert sum(weight for _, _, weight in ROLLS) == pytest.approx(1.0)


def test_equity_and_flip():
    chances = np.array([[0.6, 0.2, 0.01, 0.1, 0.005]])
    assert equity(chances)[0] == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.01 - 0.005)
    assert equity(flip(chances))[0] == pytest.approx(-equity(chances)[0])


def test_medium_chooses_gnubgs_0ply_play(gnubg_nn, gnubg_evaluator):
    results = [
        Medium(gnubg_evaluator).choose_play(position, dice) == gnubg_choice(gnubg_nn, position, dice, 0)
        for position, dice in cases(80, seed=5)
    ]
    assert len(results) > 50 and sum(results) / len(results) >= 0.95


def test_expert_chooses_gnubgs_1ply_play(gnubg_nn, gnubg_evaluator):
    results = [
        Expert(gnubg_evaluator).choose_play(position, dice) == gnubg_choice(gnubg_nn, position, dice, 1)
        for position, dice in cases(50, seed=6)
    ]
    assert len(results) > 30 and sum(results) / len(results) >= 0.9


def test_candidates_are_ranked_with_errors(gnubg_evaluator):
    candidates = analyse(Position.initial(), (3, 1), EXPERT, gnubg_evaluator)
    assert isinstance(candidates, Analysis) and 1 <= len(candidates) <= 8
    assert str(candidates[0].play) == "8/5 6/5"
    assert candidates[0].error == 0.0
    assert all(a.equity >= b.equity for a, b in zip(candidates, candidates[1:]))
    assert all(c.error == pytest.approx(candidates[0].equity - c.equity) for c in candidates)
    for c in candidates:
        win, wg, wbg, lg, lbg = c.probabilities
        assert 0 <= wbg <= wg <= win <= 1 and 0 <= lbg <= lg <= 1 - win + 1e-9
    assert analyse(Position.initial(), (3, 1), MEDIUM, gnubg_evaluator)[0].ply == 0
    assert candidates == analyse(Position.initial(), (3, 1), EXPERT, gnubg_evaluator)  # deterministic


def test_table_text_html_and_dataframe(gnubg_evaluator):
    candidates = analyse(Position.initial(), (6, 5), MEDIUM, gnubg_evaluator)
    assert "24/13" in str(candidates).splitlines()[1]
    assert "<td>24/13</td>" in candidates._repr_html_()
    frame = candidates.to_dataframe()
    assert list(frame["play"])[0] == "24/13" and len(frame) == len(candidates)


def test_no_play_gives_no_candidates(gnubg_evaluator):
    closed = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    assert analyse(closed, (6, 5), EXPERT, gnubg_evaluator) == []


def test_evaluate_before_rolling_matches_gnubg(gnubg_nn, gnubg_evaluator):
    start = Position.initial()
    board = gnubg_board(start)
    assert evaluate(start, MEDIUM, gnubg_evaluator) == pytest.approx(gnubg_nn.probabilities(board, 0))
    assert evaluate(start, EXPERT, gnubg_evaluator) == pytest.approx(gnubg_nn.probabilities(board, 1), abs=0.01)


def test_finished_games_are_exact(gnubg_evaluator):
    gammon = Position.from_points({13: 15}, {}, turn=1)  # seat 0 has borne off all; seat 1 on roll
    assert evaluate(gammon, MEDIUM, gnubg_evaluator) == (0.0, 0.0, 0.0, 1.0, 0.0)


def test_levels_give_their_depth(gnubg_evaluator):
    start = Position.initial()
    for level, ply in (("easy", 0), ("medium", 0), ("expert", 1)):
        assert ai.analyse(start, (4, 2), level, gnubg_evaluator) == analyse(start, (4, 2), ply, gnubg_evaluator)
        assert ai.evaluate(start, level, gnubg_evaluator) == evaluate(start, ply, gnubg_evaluator)
    assert str(ai.analyse(start, (4, 2), "expert", gnubg_evaluator)[0].play) == "8/4 6/4"


def test_bad_level_ply_and_engine():
    with pytest.raises(ValueError, match="level"):
        ai.analyse(Position.initial(), (3, 1), "grandmaster")
    with pytest.raises(ValueError, match="level"):
        ai.evaluate(Position.initial(), "grandmaster")
    with pytest.raises(ValueError, match="ply"):
        analyse(Position.initial(), (3, 1), 2)
    with pytest.raises(ValueError, match="ply"):
        evaluate(Position.initial(), True)
    with pytest.raises(ValueError, match="engine"):
        ai.analyse(Position.initial(), (3, 1), engine="xg")
