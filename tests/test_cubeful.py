"""Cube decisions searched cubefully (bgwidget.ai.cubeful) against GNU Backgammon's own analysis."""

import numpy as np
import pytest

from bgwidget import Game, Position, PositionError, Rules, ai
from bgwidget.ai.analysis import evaluate
from bgwidget.ai.context import Context
from bgwidget.ai.cubeful import searched_cube_decision
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.errors import CubeError, LevelError
from bgwidget.ai.evaluator import evaluate_positions
from bgwidget.formats.matchid import from_gnubg_id
from helpers import random_positions

# GNU Backgammon 1.07's ``analyse match`` (its defaults: 2-ply, cubeful) of three doubles in
# benchmarks/review.py's matches, from its ``export match text``: the ID, then its cubeful
# equities (EMG) of no double and of double, take.
GNUBG_CUBE_ANALYSES = [
    ("yOtpAAxwtw0BYA:cAngAAAAEAAE", 0.567, 0.494),  # 7-point match, 2-0, cube 1 centred
    ("mGfwCSDge4PBAA:MAHgAAAAAAAE", 0.578, 0.543),  # 0-0
    ("j/cYAEDbbQCwAQ:AQHgAAAAEAAE", 0.685, 0.649),  # 0-2, the roller owns the cube at 2
]


@pytest.fixture(scope="module")
def gnubg_net(gnubg_nn):
    def evaluator(positions):
        # Finished games are scored by the rules (our evaluator), the rest by gnubg's 0-ply net.
        gnubg = gnubg_nn.probabilities
        return np.array([evaluate_positions([p])[0] if p.outcome() else gnubg(gnubg_board(p), 0) for p in positions])

    return evaluator


@pytest.mark.parametrize(("gnubg_id", "no_double", "double_take"), GNUBG_CUBE_ANALYSES)
def test_gnubgs_2_ply_cube_analysis_is_reproduced_with_its_own_net(gnubg_net, gnubg_id, no_double, double_take):
    game = from_gnubg_id(gnubg_id)
    context = Context.of(game, game.turn)
    decision = searched_cube_decision(game.start_position, context, 2, gnubg_net)
    ours = context.emg(decision.no_double), context.emg(decision.double_take)
    assert ours == pytest.approx((no_double, double_take), abs=0.006)
    assert ours[0] - ours[1] == pytest.approx(no_double - double_take, abs=0.004)  # the error gnubg marks
    assert not decision.should_double and decision.should_take
    # Janowski's model on the 2-ply chances alone misses the double's error by more.
    janowski = context.decision(evaluate(game.start_position, 2, gnubg_net), game.start_position)
    assert abs(context.emg(janowski.no_double) - context.emg(janowski.double_take) - (no_double - double_take)) > 0.008


def test_without_a_search_or_a_cube_to_turn_it_is_janowskis_decision():
    crawford = Context(match_length=5, away=(3, 1), crawford=True)
    for position in random_positions(4, 11):
        for context, ply in [(Context(), 0), (Context(cube=2, owner="opponent"), 1), (crawford, 1)]:
            searched = searched_cube_decision(position, context, ply, evaluate_positions)
            assert searched == context.decision(evaluate(position, ply), position)


def test_money_numbers_are_per_cube_of_1_whatever_the_cube():
    for position in random_positions(3, 12):
        one = searched_cube_decision(position, Context(), 1, evaluate_positions)
        four = searched_cube_decision(position, Context(cube=4), 1, evaluate_positions)
        assert (four.no_double, four.double_take) == pytest.approx((one.no_double, one.double_take), abs=1e-12)
        assert one.double_pass == four.double_pass == 1.0
        assert one.should_double == (min(one.double_take, 1.0) > one.no_double)


def test_a_sure_single_win_is_double_pass():
    # The roller bears off its last two checkers (on its ace point) with any roll; the opponent has
    # borne off five, so no gammon: a single win without the cube, two if taken. Hand-checked.
    player = (2,) + (0,) * 24
    opponent = (0,) * 5 + (10,) + (0,) * 19
    position = Position(player, opponent)
    for ply in (1, 2):
        decision = searched_cube_decision(position, Context(), ply, evaluate_positions)
        assert (decision.no_double, decision.double_take, decision.double_pass) == pytest.approx((1.0, 2.0, 1.0))
        assert decision.action == "double, pass"  # a tie: the double is made, as GNU Backgammon makes it


def test_the_trailer_doubles_at_once_after_crawford():
    # 5-point match, 0-4 after the Crawford game: the trailer's double costs nothing (the leader
    # wins the match with any game), so the trailer doubles at its first turn and the leader takes.
    # The search values no double and double alike there (the leaves count the double made next
    # turn); the tie goes to the double.
    game = Game(position=Position.initial(), rules=Rules(match_length=5), score=(0, 4))
    for level in ("expert", "world-class"):
        assert ai.game_cube_decision(game, level).action == "double, take"
    assert ai.offers_double(ai.get_player("expert"), game)


def test_bad_arguments_are_refused_before_any_work():
    position = Position.initial()
    for ply in (-1, 5, True, 1.0):
        with pytest.raises(LevelError):
            searched_cube_decision(position, Context(), ply, evaluate_positions)
    with pytest.raises(CubeError):
        searched_cube_decision(position, None, 1, evaluate_positions)
    with pytest.raises(PositionError):
        searched_cube_decision("start", Context(), 1, evaluate_positions)


def test_the_games_cube_limits_hold_the_double():
    # A position the roller doubles out (the hostile pass's): the game's own rules can forbid it.
    position = Position.from_position_id("4OfgAyCMZ/ABMA", turn=1)
    free = Game(position=position, rules=Rules(match_length=11), score=(9, 1), cube_value=2, cube_owner=1)
    assert ai.game_cube_decision(free).action == "double, pass"  # the cash, not a tie kept
    capped = Game(position=position, rules=Rules(match_length=11, max_cube=2), score=(9, 1), cube_value=2, cube_owner=1)
    assert ai.game_cube_decision(capped).action == "no double (the cube is at its limit)"
    last_roll = Position((2,) + (0,) * 24, (0,) * 5 + (10,) + (0,) * 19)  # a sure single win: double, pass
    assert ai.game_cube_decision(Game(position=last_roll)).action == "double, pass"
    none = Game(position=last_roll, rules=Rules(cube=False))
    assert ai.game_cube_decision(none).reason == "no-cube"
