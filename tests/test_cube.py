"""Cube decisions with Janowski's model, on values worked out by hand from the formulas.

With no gammons (W = L = 1) the live-cube take point is 0.5 / 2.5 = 20% and the cash point
2 / 2.5 = 80%. With efficiency x, the taker's point is where 2 * E_opponent_owns(p) = 1:
x * (-1 + 2.5 (p - 0.2)) + (1 - x)(2p - 1) = 0.5, which for x = 0.68 gives p = 1.84 / 2.34.
"""

import pytest

from bgwidget.ai.cube import CubeError, cube_decision, race_efficiency

TAKE_POINT = 1 - 1.84 / 2.34  # 21.37%, the taker's side


def test_take_point_without_gammons():
    just_take = cube_decision((1 - TAKE_POINT - 0.002, 0, 0, 0, 0))
    just_pass = cube_decision((1 - TAKE_POINT + 0.002, 0, 0, 0, 0))
    assert just_take.should_take and not just_pass.should_take
    assert just_take.double_take == pytest.approx(1.0, abs=0.01)


def test_equities_at_even_chances():
    decision = cube_decision((0.5, 0, 0, 0, 0))
    assert decision.no_double == pytest.approx(0.0, abs=1e-9)
    # Dead: 0; live with the opponent owning a 2-cube: 2 * (-1 + 2 * 0.3 / 0.8) = -0.5.
    assert decision.double_take == pytest.approx(0.68 * -0.5 + 0.32 * 0.0)
    assert decision.action == "no double, take"


def test_actions():
    assert cube_decision((0.75, 0, 0, 0, 0)).action == "double, take"
    assert cube_decision((0.85, 0, 0, 0, 0)).action == "double, pass"
    # Many gammons and a near-certain win: playing on is worth more than the single point.
    assert cube_decision((0.92, 0.6, 0.05, 0.0, 0.0)).action == "too good to double, pass"
    assert cube_decision((0.5, 0, 0, 0, 0), owner="opponent").reason == "the opponent owns the cube"


def test_beaver_and_jacoby():
    early = cube_decision((0.4, 0, 0, 0, 0), beavers=True)
    assert early.beaver and early.action == "no double, beaver"
    # Jacoby: gammons do not count while the cube is centred, so playing on for them is worth less.
    gammonish = (0.8, 0.5, 0.02, 0.02, 0.0)
    assert cube_decision(gammonish, jacoby=True).no_double < cube_decision(gammonish).no_double


def test_match_play():
    crawford = cube_decision((0.8, 0, 0, 0, 0), match_length=5, away=(1, 3), crawford=True)
    assert crawford.action == "no double (Crawford game)"
    assert cube_decision((0.5, 0, 0, 0, 0), match_length=1, away=(1, 1)).reason
    # Post-Crawford, the trailer doubles at once: the leader's take costs nothing more.
    trailer = cube_decision((0.3, 0, 0, 0, 0), match_length=5, away=(3, 1), post_crawford=True)
    assert trailer.should_double and trailer.should_take
    # 3-away 3-away, 80% without gammons: a pass (the MET gives 3a-3a take point near 30%).
    assert cube_decision((0.8, 0, 0, 0, 0), match_length=5, away=(3, 3)).action == "double, pass"
    even = cube_decision((0.5, 0, 0, 0, 0), match_length=7, away=(7, 7))
    assert even.no_double == pytest.approx(0.5, abs=0.01)


def test_errors_and_efficiency():
    with pytest.raises(ValueError, match="gammons"):
        cube_decision((0.3, 0.4, 0, 0, 0))
    with pytest.raises(ValueError, match="owner"):
        cube_decision((0.5, 0, 0, 0, 0), owner="me")
    with pytest.raises(ValueError, match="away"):
        cube_decision((0.5, 0, 0, 0, 0), match_length=5, away=(6, 1))
    assert race_efficiency(40) == pytest.approx(0.6) and race_efficiency(100) == pytest.approx(0.675)
    assert race_efficiency(200) == 0.7


def test_matches_longer_than_the_table_judge_the_cube_as_money_play():
    chances = (0.7, 0.1, 0.0, 0.05, 0.0)
    long_match = cube_decision(chances, match_length=30, away=(30, 30))
    money = cube_decision(chances)
    assert not long_match.match_play and long_match.action == money.action
    assert long_match.no_double == money.no_double
    assert cube_decision(chances, match_length=30, away=(1, 28), crawford=True).reason == "Crawford game"
    # Once both sides are within the table, match equities again.
    assert cube_decision(chances, match_length=30, away=(20, 25)).match_play


# ---------------------------------------------------------------------- issue 11: rounding and bad settings


def test_rounding_errors_are_accepted_and_clamped():
    # A sure win averaged over 21 rolls once came to 1.0000000000000002 and froze the computer.
    sure = cube_decision((1.0, 0, 0, 0, 0), cube=2, owner="player")
    assert cube_decision((1.0000000000000002, 0, 0, 0, 0), cube=2, owner="player") == sure
    assert cube_decision((0.6, 0.6 + 1e-12, 0.0, 0.4 + 1e-12, 0.0)) == cube_decision((0.6, 0.6, 0.0, 0.4, 0.0))
    assert cube_decision((-1e-12, 0, 0, 1.0, 1e-12)) == cube_decision((0.0, 0, 0, 1.0, 1e-12))
    assert cube_decision((0.5, 0.2, 0.2 + 1e-10, 0.1, -1e-10)) == cube_decision((0.5, 0.2, 0.2, 0.1, 0.0))


@pytest.mark.parametrize(
    "chances",
    [
        (1.01, 0, 0, 0, 0),
        (-0.01, 0, 0, 0, 0),
        (0.5, 0.6, 0, 0, 0),  # gammons above the wins
        (0.5, 0.1, 0.2, 0, 0),  # backgammons above the gammons
        (0.7, 0, 0, 0.4, 0),  # lost gammons above the losses
        (0.5, 0, 0, 0.1, 0.2),
        (float("nan"), 0, 0, 0, 0),
        (float("inf"), 0, 0, 0, 0),
        (0.5, 0, 0, 0),
        (0.5, 0, 0, 0, 0, 0),
        None,
        "abcde",
        (0.5, "x", 0, 0, 0),
    ],
)
def test_real_inconsistency_is_refused(chances):
    with pytest.raises(CubeError):
        cube_decision(chances)


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"cube": 0, "match_length": 5, "away": (3, 3)}, "cube"),  # divided by zero before
        ({"cube": 0}, "cube"),
        ({"cube": 3}, "cube"),  # accepted before
        ({"cube": True}, "cube"),
        ({"cube": 2.0}, "cube"),
        ({"cube": -2}, "cube"),
        ({"owner": "me"}, "owner"),
        ({"owner": ["centre"]}, "owner"),
        ({"efficiency": 1.5}, "efficiency"),
        ({"efficiency": "high"}, "efficiency"),
        ({"efficiency": float("nan")}, "efficiency"),
        ({"match_length": -1, "away": (1, 1)}, "match_length"),
        ({"match_length": 2.5, "away": (1, 1)}, "match_length"),
        ({"match_length": 5, "away": None}, "away"),
        ({"match_length": 5, "away": "ab"}, "away"),
        ({"match_length": 5, "away": (0, 3)}, "away"),
        ({"match_length": 5, "away": (3.0, 3)}, "away"),
        ({"crawford": "yes"}, "crawford"),
        ({"beavers": 1}, "beavers"),
    ],
)
def test_bad_settings_are_refused_with_their_name(settings, named):
    with pytest.raises(CubeError, match=named) as info:
        cube_decision((0.6, 0.1, 0.0, 0.1, 0.0), **settings)
    assert isinstance(info.value, ValueError)


def test_normalised_equity_maps_a_single_win_to_plus_one_and_a_loss_to_minus_one():
    # GNU Backgammon's mwc2eq: at 3-away 5-away with the cube at 2, winning the game leaves
    # 1-away 5-away and losing it 3-away 3-away; those two MWCs are +1 and -1 EMG.
    from bgwidget.ai.context import Context
    from bgwidget.ai.met import match_winning_chance

    context = Context(cube=2, match_length=7, away=(3, 5))
    win, lose = context.single_game()
    assert (win, lose) == (match_winning_chance(1, 5), match_winning_chance(3, 3))
    assert context.emg(win) == pytest.approx(1.0)
    assert context.emg(lose) == pytest.approx(-1.0)
    assert context.emg((win + lose) / 2) == pytest.approx(0.0)
    assert context.swap().away == (5, 3)
    with pytest.raises(CubeError):
        Context().single_game()  # money play has no match winning chances
