"""Rollouts, batch analysis and reviews on executors give the serial run's numbers exactly.

Each is run serially and then on a process pool of two workers and on a Dask cluster of two
worker processes (``dask.distributed.LocalCluster``), with the same seed; every number must be
equal, not close: the work is cut by trial index, item or game, and each piece is computed
the same way wherever it runs. The runs are small (few trials, truncated) to keep them fast.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from bgwidget import DiceError, Position, PositionError, ai, play_match
from bgwidget.ai.evaluator import equity

RACE = Position.from_points({12: 1, 4: 2, 2: 1}, {10: 1, 5: 1, 3: 2})
CONTACT = Position.initial()
EXECUTORS = ["process pool", "dask"]


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as executor:
        yield executor


@pytest.fixture(scope="module")
def dask_client():
    from dask.distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture(params=EXECUTORS)
def executor(request):
    return request.getfixturevalue("pool" if request.param == "process pool" else "dask_client")


def test_rollouts_are_the_serial_ones(executor):
    serial = ai.rollout(CONTACT, trials=40, batch=10, truncate=3, seed=5, progress=False)
    assert ai.rollout(CONTACT, trials=40, batch=10, truncate=3, seed=5, progress=False, executor=executor) == serial
    assert serial.trials == 40 and serial.complete and 0 < serial.equity_se < 0.1
    plays = [CONTACT.parse_play("8/5 6/5", 3, 1), CONTACT.parse_play("24/23 13/10", 3, 1)]
    kwargs = {"trials": 20, "batch": 10, "truncate": 2, "seed": 1, "progress": False}
    ranked = ai.rollout(CONTACT, (3, 1), plays, **kwargs)
    assert ai.rollout(CONTACT, (3, 1), plays, executor=executor, **kwargs) == ranked
    cubeful = {**kwargs, "cubeful": True, "cube": ai.Context(cube=2, owner="opponent")}
    assert ai.rollout(CONTACT, (3, 1), plays, executor=executor, **cubeful) == ai.rollout(
        CONTACT, (3, 1), plays, **cubeful
    )
    other = ai.rollout(CONTACT, trials=40, batch=10, truncate=3, seed=6, progress=False, executor=executor)
    assert other.equity != serial.equity  # the seed, not the executor, decides the dice


def test_the_target_error_stops_at_the_serial_trial(executor):
    kwargs = {"trials": 1000, "batch": 36, "target_se": 0.05, "variance_reduction": False, "progress": False}
    serial = ai.rollout(RACE, **kwargs)
    assert 36 <= serial.trials < 1000
    assert ai.rollout(RACE, executor=executor, **kwargs) == serial


def test_cancelling_keeps_the_batches_done_in_order(executor):
    seen = []

    def stop(done, total):
        seen.append(done)
        if done >= 20:
            raise KeyboardInterrupt

    stopped = ai.rollout(RACE, trials=200, batch=10, progress=stop, executor=executor)
    assert seen == [10, 20] and not stopped.complete and stopped.trials == 20
    first = ai.rollout(RACE, trials=20, batch=10, progress=False)
    assert (stopped.equity, stopped.equity_se, stopped.probabilities) == (
        first.equity,
        first.equity_se,
        first.probabilities,
    )


ITEMS = [
    CONTACT,
    RACE,
    (CONTACT, (3, 1)),
    (CONTACT, (6, 5)),
    CONTACT.parse_play("8/5 6/5", 3, 1).result,
    (RACE, (6, 6)),
    (RACE.swap(), (1, 2)),  # written larger die first in the table
]


def test_analyse_many_is_each_item_judged_alone_wherever_it_runs(executor):
    serial = ai.analyse_many(ITEMS, "expert", chunk=3, progress=False)
    assert serial.complete and len(serial) == len(ITEMS)
    for item, result in zip(ITEMS, serial):  # the one-item functions, by themselves
        if isinstance(item, Position):
            assert result == ai.evaluate(item, "expert")
        else:
            assert result == ai.analyse(*item, "expert")
    assert list(ai.analyse_many(ITEMS, "expert", chunk=2, progress=False, executor=executor)) == list(serial)
    table = serial.to_dataframe()
    assert list(table["dice"]) == ["", "", "3-1", "6-5", "", "6-6", "2-1"]
    assert table["play"][2] == str(serial[2][0].play) and table["equity"][0] == pytest.approx(float(equity(serial[0])))


def test_analyse_many_stops_and_keeps_the_chunks_done():
    def stop(done, total):
        if done >= 4:
            raise KeyboardInterrupt

    stopped = ai.analyse_many(ITEMS, "medium", chunk=2, progress=stop)
    assert not stopped.complete and len(stopped) == 4 and stopped.items == ITEMS[:4]
    assert list(stopped) == list(ai.analyse_many(ITEMS[:4], "medium", progress=False))


def test_a_review_on_an_executor_is_the_serial_review(executor):
    match = play_match(("medium", "expert"), 3, seed=4)
    assert len(match.games) > 1  # split by game
    serial = ai.review(match, "medium", progress=False)
    seen = []
    split = ai.review(match, "medium", progress=lambda done, total: seen.append((done, total)), executor=executor)
    assert split.decisions == serial.decisions and split.complete
    assert seen[-1][0] == seen[-1][1] == sum(d.kind == "play" for d in serial.decisions)


@pytest.mark.parametrize("bad", ["pool", 3, ProcessPoolExecutor])
def test_an_executor_that_is_not_one_is_refused(bad):
    with pytest.raises(ai.RolloutError, match="concurrent.futures.Executor"):
        ai.rollout(RACE, trials=2, progress=False, executor=bad)
    with pytest.raises(ai.BatchError, match="concurrent.futures.Executor"):
        ai.analyse_many([RACE], progress=False, executor=bad)
    with pytest.raises(ai.ReviewError, match="concurrent.futures.Executor"):
        ai.review(play_match(("medium", "medium"), 1, seed=1), progress=False, executor=bad)


@pytest.mark.parametrize(
    ("items", "kwargs", "error"),
    [
        ("positions", {}, ai.BatchError),
        ([RACE, "4HPwATDgc/ABMA"], {}, PositionError),
        ([(RACE, (3, 7))], {}, DiceError),
        ([RACE], {"chunk": 0}, ai.BatchError),
        ([RACE], {"progress": "yes"}, ai.BatchError),
        ([RACE], {"level": "nobody"}, ai.LevelError),
    ],
)
def test_analyse_many_refuses_bad_input(items, kwargs, error):
    with pytest.raises(error):
        ai.analyse_many(items, **{"progress": False, **kwargs})
