"""ai.rollout: agrees with exact race values, its error is of the right size, seeded, luck-adjusted.

The exact value of a short race is computed here independently of the rollout: the expectation,
over every sequence of rolls, of the exact bear-off database value (:mod:`bgwidget.ai.bearoff`)
reached when Medium (the best play by the evaluator) plays both sides, by recursion over the 21
rolls. A rollout without truncation estimates that same number.
"""

from __future__ import annotations

import statistics
from functools import cache

import numpy as np
import pytest

from bgwidget import Position, PositionError, ai
from bgwidget.ai.evaluator import equity, evaluate_positions
from bgwidget.ai.rollout import Rollout, RolloutError, Rollouts, rollout
from bgwidget.ai.search import ROLLS
from bgwidget.moves import DiceError

# One checker outside each side's home: the trials play two to four plies before the database.
RACE = Position.from_points({12: 1, 4: 2, 2: 1}, {10: 1, 5: 1, 3: 2})
# Three checkers each still to come home: longer trials, for the size of the error.
LONG_RACE = Position.from_points({14: 1, 11: 1, 9: 1, 5: 2, 2: 2}, {13: 1, 12: 1, 8: 1, 6: 2, 3: 2})
CONTACT = Position.initial()


def _home(position: Position) -> bool:
    return not any(position.player[6:]) and not any(position.opponent[6:])


@cache
def _exact(position: Position) -> float:
    """Equity of the side on roll when Medium plays both sides until both are home (then the database)."""
    if position.outcome() is not None or _home(position):
        return float(equity(evaluate_positions([position]))[0])
    total = 0.0
    for d1, d2, weight in ROLLS:
        results = [play.result for play in position.legal_plays(d1, d2)] or [position.swap()]
        values = equity(evaluate_positions(results))
        total -= weight * _exact(results[int(np.argmin(values))])
    return total


@pytest.mark.parametrize("reduce", [True, False])
def test_race_agrees_with_the_exact_value(reduce):
    exact = _exact(RACE)
    result = rollout(RACE, trials=500, seed=3, variance_reduction=reduce, progress=False)
    assert isinstance(result, Rollout) and result.complete and result.trials == 500
    assert 0 < result.equity_se < 0.05
    assert abs(result.equity - exact) < 3 * result.equity_se, (result.equity, exact, result.equity_se)
    assert abs(result.probabilities[1]) < 1e-3 and abs(result.probabilities[3]) < 1e-3  # no gammon here
    assert result.equity == pytest.approx(float(equity(np.array(result.probabilities))), abs=1e-12)


def test_reported_error_matches_the_spread_of_seeds():
    runs = [rollout(LONG_RACE, trials=216, seed=s, variance_reduction=False, progress=False) for s in range(8)]
    spread = statistics.stdev(r.equity for r in runs)
    reported = statistics.fmean(r.equity_se for r in runs)
    # 8 runs: the sample deviation is within 0.45..1.55 of the true one 95% of the time; rotation
    # makes the reported error a little larger than the true one.
    assert 0.3 * reported < spread < 1.6 * reported, (spread, reported)


def test_settled_positions_are_exact():
    home = Position.from_points({4: 2, 2: 1}, {5: 1, 3: 2})
    result = rollout(home, trials=10, progress=False)
    assert result.equity == pytest.approx(float(equity(evaluate_positions([home]))[0]), abs=1e-12)
    assert result.equity_se == 0.0


def test_same_seed_same_result_whatever_the_batch():
    first = rollout(RACE, trials=90, seed=11, progress=False)
    again = rollout(RACE, trials=90, seed=11, progress=False)
    small = rollout(RACE, trials=90, seed=11, batch=7, progress=False)
    other = rollout(RACE, trials=90, seed=12, progress=False)
    assert first == again
    assert small.trials == first.trials == 90
    assert np.allclose(small.probabilities, first.probabilities, rtol=0, atol=1e-7)  # net rounding (float32)
    assert small.equity_se == pytest.approx(first.equity_se, abs=1e-7)
    assert other.equity != first.equity


def test_variance_reduction_lowers_the_error_in_contact():
    reduced = rollout(CONTACT, trials=72, truncate=4, progress=False)
    plain = rollout(CONTACT, trials=72, truncate=4, variance_reduction=False, progress=False)
    assert reduced.equity_se < plain.equity_se / 3, (reduced.equity_se, plain.equity_se)
    assert abs(reduced.equity - plain.equity) < 3 * plain.equity_se


def test_plays_of_a_roll_ranked_with_the_same_dice():
    plays = [CONTACT.parse_play("8/5 6/5", 3, 1), CONTACT.parse_play("24/23 13/10", 3, 1)]
    result = rollout(CONTACT, (3, 1), plays, trials=36, truncate=2, progress=False)
    assert isinstance(result, Rollouts) and [r.notation for r in result] == ["8/5 6/5", "24/23 13/10"]
    assert result[0].equity > result[1].equity and result[0].trials == 36
    table = result.to_dataframe()
    assert list(table["play"]) == ["8/5 6/5", "24/23 13/10"] and "8/5 6/5" in str(result)
    assert "<table>" in result._repr_html_()
    default = rollout(CONTACT, (3, 1), trials=2, truncate=1, progress=False)
    assert len(default) == 5 and "8/5 6/5" in [r.notation for r in default]


def test_cancel_keeps_the_batches_done():
    seen = []

    def stop(done, total):
        seen.append((done, total))
        if done >= 20:
            raise KeyboardInterrupt

    result = rollout(RACE, trials=100, batch=10, progress=stop)
    assert seen == [(10, 100), (20, 100)]
    assert not result.complete and result.trials == 20
    full = rollout(RACE, trials=20, batch=10, progress=False)
    assert result.equity == full.equity  # the same trials 0..19


def test_progress_bar_shows_the_running_equity(capsys):
    result = rollout(RACE, trials=20, batch=10)
    shown = capsys.readouterr().err
    assert "rollout" in shown and "20/20" in shown and f"{result.equity:+.3f} ± {result.equity_se:.3f}" in shown


def test_target_error_stops_early():
    result = rollout(RACE, trials=1000, batch=36, target_se=0.05, variance_reduction=False, progress=False)
    assert result.complete and 36 <= result.trials < 1000 and result.equity_se < 0.05


# The side on roll bears off its last checker (on its 7-point) in one roll with 23 of the 36
# rolls (every roll of 7 pips or more, and 2-2, 3-3); otherwise the opponent, its last checker on
# its 1-point, is off next turn. Exact: the roller wins 23/36 of the games, all single.
LAST_ROLL = Position.from_points({7: 1}, {1: 1})
LAST_ROLL_WINS = 23 / 36


def claiming(win: float):
    """The net, except that it claims the roller of LAST_ROLL wins ``win`` (no gammons): what the cube acts on."""

    def evaluator(positions):
        chances = evaluate_positions(positions)
        chances[[p == LAST_ROLL for p in positions]] = [win, 0, 0, 0, 0]
        return chances

    return evaluator


def test_the_last_roll_by_counting_dice():
    wins = sum(w for d1, d2, w in ROLLS if any(p.result.outcome() for p in LAST_ROLL.legal_plays(d1, d2)))
    assert wins == pytest.approx(LAST_ROLL_WINS)


@pytest.mark.parametrize("reduce", [True, False])
def test_a_double_passed_ends_every_trial_with_the_cube(reduce):
    # at 90% Janowski's model says double, pass: every trial is settled at once for +1
    assert ai.cube_decision([0.9, 0, 0, 0, 0], efficiency=0.6).action == "double, pass"
    result = rollout(
        LAST_ROLL, trials=36, cubeful=True, evaluator=claiming(0.9), variance_reduction=reduce, progress=False
    )
    assert (result.cubeful_equity, result.cubeful_equity_se) == (1.0, 0.0)
    assert result.equity == pytest.approx(2 * LAST_ROLL_WINS - 1)  # the games are still played out, cubeless
    owned = rollout(
        LAST_ROLL,
        trials=36,
        cubeful=True,
        cube=ai.Context(cube=2, owner="player"),
        evaluator=claiming(0.9),
        variance_reduction=reduce,
        progress=False,
    )
    assert owned.cubeful_equity == 2.0  # a redouble passed: the cube's value


@pytest.mark.parametrize("reduce", [True, False])
def test_a_double_taken_plays_for_twice_the_stakes(reduce):
    # at 75% the model says double, take; the 36 trials' first rolls are the 36 rolls once each
    assert ai.cube_decision([0.75, 0, 0, 0, 0], efficiency=0.6).action == "double, take"
    taken = rollout(
        LAST_ROLL, trials=36, cubeful=True, evaluator=claiming(0.75), variance_reduction=reduce, progress=False
    )
    assert taken.cubeful_equity == pytest.approx(2 * (2 * LAST_ROLL_WINS - 1))
    # the opponent owns a cube at 2: no double; the game is played for 2 whatever the roller thinks
    theirs = rollout(
        LAST_ROLL,
        trials=36,
        cubeful=True,
        cube=ai.Context(cube=2, owner="opponent"),
        evaluator=claiming(0.9),
        variance_reduction=reduce,
        progress=False,
    )
    assert theirs.cubeful_equity == pytest.approx(2 * (2 * LAST_ROLL_WINS - 1))
    assert (taken.cubeful_equity_se == pytest.approx(0.0, abs=1e-12)) == reduce  # luck-adjusted: each trial exact


def test_a_cubeful_rollout_keeps_the_cubeless_numbers():
    plain = rollout(CONTACT, trials=36, truncate=4, seed=2, progress=False)
    cubeful = rollout(CONTACT, trials=36, truncate=4, seed=2, cubeful=True, progress=False)
    assert (cubeful.equity, cubeful.probabilities, cubeful.equity_se) == (
        plain.equity,
        plain.probabilities,
        plain.equity_se,
    )
    assert plain.cubeful_equity is None and 0 < cubeful.cubeful_equity_se < 0.1
    # a centred cube is worth something to the side on roll, and far less than a point
    assert abs(cubeful.cubeful_equity - cubeful.equity) < 0.2
    assert "cubeful" in str(cubeful) and "cubeful" not in str(plain)
    assert list(cubeful.to_dataframe()["cubeful"]) == [cubeful.cubeful_equity]


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        ((RACE,), {"trials": 0}, RolloutError),
        ((RACE,), {"trials": 1.5}, RolloutError),
        ((RACE,), {"seed": -1}, RolloutError),
        ((RACE,), {"truncate": 0}, RolloutError),
        ((RACE,), {"target_se": -0.1}, RolloutError),
        ((RACE,), {"batch": 0}, RolloutError),
        ((RACE,), {"progress": "yes", "trials": 1}, RolloutError),
        ((RACE,), {"level": "expert"}, ai.LevelError),
        ((RACE,), {"evaluator": 3}, ai.LevelError),
        ((RACE,), {"cubeful": "yes"}, RolloutError),
        ((RACE,), {"cube": ai.Context(cube=2, owner="player")}, RolloutError),
        ((RACE,), {"cubeful": True, "cube": 2}, RolloutError),
        ((RACE,), {"cubeful": True, "cube": ai.Context(match_length=5, away=(5, 5))}, RolloutError),
        ((RACE,), {"cubeful": True, "cube": ai.Context(jacoby=True)}, RolloutError),
        ((RACE, None, []), {}, RolloutError),
        ((CONTACT, (3, 1), ["8/5 6/5"]), {}, RolloutError),
        ((CONTACT, (3, 1), [CONTACT.parse_play("8/5 6/5", 3, 1)] * 2), {}, RolloutError),
        ((CONTACT, (3, 1), [CONTACT.parse_play("13/7 8/7", 6, 1)]), {}, RolloutError),
        ((CONTACT, (3, 7)), {}, DiceError),
        (("start",), {}, PositionError),
        ((Position.from_points({}, {1: 1}),), {}, PositionError),
    ],
)
def test_bad_input_is_refused(args, kwargs, error):
    with pytest.raises(error):
        rollout(*args, **{"progress": False, **kwargs})


def _stopped_at(trials: int):
    """A progress callback that stops the rollout once ``trials`` are done (the notebook's stop button)."""

    def stop(done, total):
        if done >= trials:
            raise KeyboardInterrupt

    return stop


def test_a_stopped_rollout_resumed_equals_one_run():
    stopped = rollout(RACE, trials=100, batch=20, seed=5, progress=_stopped_at(40))
    assert not stopped.complete and stopped.trials == 40
    resumed = rollout(RACE, trials=100, batch=20, seed=5, progress=False, resume=stopped)
    whole = rollout(RACE, trials=100, batch=20, seed=5, progress=False)
    assert resumed.complete and resumed == whole and resumed.trials == 100
    assert np.array_equal(resumed.trials_done.results, whole.trials_done.results)
    # a complete one goes on further: again the one run's numbers
    more = rollout(RACE, trials=140, batch=20, seed=5, progress=False, resume=resumed)
    assert more == rollout(RACE, trials=140, batch=20, seed=5, progress=False)
    assert resumed.trials == 100  # the earlier result is unchanged


def test_the_plays_of_a_roll_resumed_cubeful():
    plays = [CONTACT.parse_play("8/5 6/5", 3, 1), CONTACT.parse_play("24/23 13/10", 3, 1)]
    settings = {"trials": 72, "batch": 18, "seed": 4, "truncate": 3, "cubeful": True}
    stopped = rollout(CONTACT, (3, 1), plays, **settings, progress=_stopped_at(36))
    assert [r.trials for r in stopped] == [36, 36] and not stopped[0].complete
    # the plays are the earlier ones when not given again, whatever their order when given
    resumed = rollout(CONTACT, (3, 1), **settings, progress=False, resume=stopped)
    again = rollout(CONTACT, (1, 3), plays[::-1], **settings, progress=False, resume=stopped)
    whole = rollout(CONTACT, (3, 1), plays, **settings, progress=False)
    assert list(resumed) == list(whole) == list(again)
    assert resumed[0].cubeful_equity is not None and resumed[0].trials == 72 and resumed[0].complete


def test_a_resume_that_does_not_match_is_refused():
    earlier = rollout(RACE, trials=36, seed=1, truncate=3, progress=False)
    plays = rollout(CONTACT, (3, 1), [CONTACT.parse_play("8/5 6/5", 3, 1)], trials=2, truncate=1, progress=False)
    kept = {"trials": 72, "seed": 1, "truncate": 3, "progress": False}
    for args, changed, words in [
        ((LONG_RACE,), {}, "position"),
        ((RACE,), {"seed": 2}, "seed"),
        ((RACE,), {"truncate": None}, "truncate"),
        ((RACE,), {"variance_reduction": False}, "variance_reduction"),
        ((RACE,), {"cubeful": True}, "cube"),
        ((RACE,), {"evaluator": claiming(0.5)}, "evaluator"),
        ((RACE,), {"trials": 36}, "more trials than the 36 done"),
        ((RACE,), {"resume": "earlier"}, "result of an earlier rollout"),
        ((RACE,), {"resume": Rollouts()}, "result of an earlier rollout"),
        ((CONTACT, (3, 1)), {"resume": earlier}, "position, dice"),
        ((CONTACT, (3, 1), [CONTACT.parse_play("24/23 13/10", 3, 1)]), {"resume": plays, "truncate": 1}, "plays"),
        ((CONTACT, (4, 2)), {"resume": plays, "truncate": 1}, "dice"),
    ]:
        with pytest.raises(RolloutError, match=words):
            rollout(*args, **{**kept, "resume": earlier, **changed})
    with pytest.raises(ai.LevelError):
        rollout(RACE, **kept, level="expert", resume=earlier)
