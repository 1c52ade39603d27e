"""The evaluator: shapes, consistency, exact finished games and bear-offs, and the shipped net."""

import gnubg_nn
import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai import evaluator
from bgwidget.ai.encoding import N_INPUTS, boards_from_positions, encode, is_race
from helpers import game_positions


def test_shapes_and_consistency():
    positions = game_positions(500, seed=1)
    p = evaluator.evaluate_positions(positions)
    assert p.shape == (500, 5)
    assert (p >= 0).all() and (p[:, 0] <= 1).all()
    assert (p[:, 1] <= p[:, 0] + 1e-12).all() and (p[:, 2] <= p[:, 1] + 1e-12).all()
    assert (p[:, 3] <= 1 - p[:, 0] + 1e-12).all() and (p[:, 4] <= p[:, 3] + 1e-12).all()
    assert evaluator.equity(p).shape == (500,)
    assert evaluator.evaluate_positions([]).shape == (0, 5)


def test_encoding_shape_and_race_flag():
    positions = game_positions(300, seed=2)
    boards = boards_from_positions(positions)
    assert encode(boards).shape == (300, N_INPUTS)
    assert list(is_race(boards)) == [p.is_race() for p in positions]


def test_equity_and_flip():
    p = np.array([0.6, 0.2, 0.05, 0.1, 0.01])
    assert evaluator.equity(p) == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.05 - 0.01)
    assert evaluator.equity(evaluator.flip(p)) == pytest.approx(-evaluator.equity(p))
    np.testing.assert_allclose(evaluator.flip(evaluator.flip(p)), p)


def test_finished_games_are_exact():
    # The side not on roll has borne off all: the player on roll has lost.
    single = Position.from_points({6: 3}, {})
    gammon = Position.from_points({6: 15}, {})
    backgammon = Position.from_points({6: 14, 20: 1}, {})
    on_bar = Position.from_points({6: 14, "bar": 1}, {})
    p = evaluator.evaluate_positions([single, gammon, backgammon, on_bar])
    np.testing.assert_array_equal(p, [[0, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 1], [0, 0, 0, 1, 1]])
    # The side on roll has none left (seen from the winner).
    won = Position.from_points({}, {6: 15})
    np.testing.assert_array_equal(evaluator.evaluate_positions([won]), [[1, 1, 0, 0, 0]])


def test_bearoff_positions_use_the_exact_database():
    pos = Position.from_points({1: 1}, {6: 2})  # the player on roll bears off at once
    np.testing.assert_allclose(evaluator.evaluate_positions([pos])[0], [1, 0, 0, 0, 0])
    pos = Position.from_points({6: 2}, {1: 1})  # wins only by rolling 66, 55, 44 or 33
    np.testing.assert_allclose(evaluator.evaluate_positions([pos])[0], [4 / 36, 0, 0, 0, 0], atol=1e-12)


def test_no_gammon_against_a_side_that_has_borne_off():
    # USBGF: a gammon is a loss with no checker borne off. Contact positions, so the net answers.
    ahead = Position.from_points({6: 2, 5: 2, 4: 2}, {24: 2, 13: 5, 8: 3})  # the other side has 5 off
    behind = Position.from_points({24: 2, 13: 5, 8: 3}, {6: 2, 5: 2, 4: 2})  # the side on roll has 5 off
    both = Position.from_points({24: 2, 13: 5, 8: 3}, {24: 1, 6: 7, 5: 7})  # 5 off against none off
    chances = evaluator.evaluate_positions([ahead, behind, both])
    assert not any(p.is_race() for p in (ahead, behind, both))
    np.testing.assert_array_equal(chances[0, 1:3], 0)
    np.testing.assert_array_equal(chances[1, 3:5], 0)
    np.testing.assert_array_equal(chances[2, 3:5], 0)
    assert chances[2, 1] > 0  # the other side, none off, can still be gammoned: the net's chance stays


def test_play_probabilities_are_from_the_movers_side():
    pos = Position.from_points({1: 1, 2: 1}, {6: 15})
    plays = {str(play): play for play in pos.legal_plays(2, 1)}
    assert set(plays) == {"2/off 1/off", "2/1 1/off"}
    p = evaluator.play_probabilities([plays["2/off 1/off"], plays["2/1 1/off"]])
    # Both off: a gammon. One left: the opponent (15 on its 6 point) saves the gammon with a 6,
    # 51, 42, 33 or 22 (17/36), so the gammon comes 19 times in 36.
    np.testing.assert_allclose(p, [[1, 1, 0, 0, 0], [1, 19 / 36, 0, 0, 0]], atol=1e-12)


def test_net_is_close_to_gnubg_on_game_positions():
    # A loose guard on the shipped weights (the benchmark measures accuracy properly): the
    # net's win chance for contact positions stays near GNU Backgammon's 0-ply.
    positions = [p for p in game_positions(600, seed=3) if not p.is_race()][:300]
    ours = evaluator.evaluate_positions(positions)
    theirs = np.array([gnubg_nn.probabilities(gnubg_nn.board_from_position_id(p.position_id()), 0) for p in positions])
    assert np.abs(ours[:, 0] - theirs[:, 0]).mean() < 0.06
    assert np.abs(evaluator.equity(ours) - evaluator.equity(theirs)).mean() < 0.2


def test_shipped_net_loads_and_a_mismatched_one_is_refused(tmp_path):
    from bgwidget.ai.net import WEIGHTS, Net

    assert WEIGHTS.stat().st_size < 3_000_000
    net = Net()
    assert net.layers[0][0].shape[0] == N_INPUTS
    bad = tmp_path / "bad.npz"
    np.savez(bad, n_inputs=np.array(N_INPUTS + 1), w0=np.zeros((N_INPUTS + 1, 5)), b0=np.zeros(5))
    with pytest.raises(ValueError, match="inputs"):
        Net(bad)
