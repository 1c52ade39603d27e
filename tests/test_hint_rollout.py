"""The board's Hint rolls out its best plays (issue 16), driven through the Session.

The numbers the board publishes must be exactly those of :func:`bgwidget.ai.rollout` of the same
plays with the same seed and trials (tested against exact race values in ``test_rollout.py``),
batch after batch; a stop keeps what is done, and the rollout goes when the decision changes.
"""

import asyncio
import threading

from bgwidget import Position, ai
from bgwidget.labels import label
from bgwidget.session import HINT_ROLLOUT, HintRollout, Session

SMALL = HINT_ROLLOUT._replace(trials=8, batch=4, truncate=2)


def hinted(**settings) -> Session:
    """Two people at the start, seat 0 to play 4-1, the Expert's hint shown, small rollouts."""
    session = Session(players=("human", "human"), position=Position.initial(), dice=(4, 1), **settings)
    session.hint_rollout_settings = SMALL
    assert session.handle({"type": "hint"}) is None
    return session


def direct(session: Session, trials: int) -> ai.Rollouts:
    """``ai.rollout`` of the hint's best three plays, as the board's settings say."""
    plays = [c.play for c in session.advice.candidates[:3]]
    return ai.rollout(Position.initial(), (4, 1), plays, trials=trials, seed=0, truncate=2, batch=4, progress=False)


def shown(state) -> dict:
    """The rolled out plays' (equity, se) as the hint shows them, and the trials done."""
    hint = state["hint"]
    rows = {c["text"]: (c["rollout"]["equity"], c["rollout"]["se"]) for c in hint["candidates"] if c["rollout"]}
    return {"trials": hint["rollout"]["trials"], "rows": rows}


def expected(result: ai.Rollouts) -> dict:
    rows = {r.notation: (round(r.equity, 3), round(r.equity_se, 3)) for r in result}
    return {"trials": result[0].trials, "rows": rows}


def test_the_numbers_shown_are_those_of_a_rollout_of_the_same_plays_batch_by_batch():
    states: list = []
    session = hinted(publish=states.append)
    first = session.state()["hint"]
    assert first["can_roll_out"] and first["rollout"] is None and all(c["rollout"] is None for c in first["candidates"])
    assert session.handle({"type": "hint-rollout"}) is None
    batches = [shown(s) for s in states if s["hint"] and s["hint"]["rollout"] and s["hint"]["rollout"]["trials"]]
    assert batches[0] == expected(direct(session, 4)) and batches[-1] == expected(direct(session, 8))
    assert list(session.hint_rollout.result) == list(direct(session, 8))  # number for number
    final = states[-1]["hint"]
    assert final["rollout"] == {"plays": 3, "trials": 8, "total": 8, "truncate": 2, "running": False}
    assert not final["can_roll_out"] and len(final["candidates"]) > 3 and final["candidates"][3]["rollout"] is None
    # done: a second rollout is refused with its reason, and nothing changes
    assert session.handle({"type": "hint-rollout"}) == "The hint's plays are rolled out already."
    assert session.refusal.reason == "rolled-out" and session.hint_rollout.trials == 8


def test_forged_rollouts_are_refused_with_a_reason():
    session = Session(players=("human", "human"), position=Position.initial(), dice=(4, 1))
    assert session.handle({"type": "hint-rollout"}) is not None and session.refusal.reason == "no-hint-plays"
    assert session.handle({"type": "hint-rollout-cancel"}) == "No rollout is running."
    session = Session(players=("human", "human"), position=Position.initial())  # before the roll: a cube hint
    assert session.handle({"type": "hint"}) is None and session.state()["hint"]["kind"] == "cube"
    assert session.handle({"type": "hint-rollout"}) is not None and session.refusal.reason == "no-hint-plays"
    session = hinted()
    session.handle({"type": "hint-rollout"})
    session.play("8/4 6/5")  # the game moved on: the hint and its rollout are gone
    assert session.hint_rollout is None and session.state()["hint"] is None
    assert session.handle({"type": "hint-rollout"}) is not None and session.refusal.reason == "no-hint-plays"
    assert session.refused == "A rollout is of the plays of a hint: ask for a hint after rolling first."
    session.language = "sv"
    assert session.refused == "En rollout gäller dragen i ett tips: be först om ett tips efter slaget."


def gated(monkeypatch):
    """HintRollout.step held before each batch until released: (released batches, gate, batches done)."""
    real, gate, done = HintRollout.step, threading.Semaphore(0), []

    def step(self, position):
        assert gate.acquire(timeout=30)
        result = real(self, position)
        done.append(result[0].trials)
        return result

    monkeypatch.setattr(HintRollout, "step", step)
    return gate, done


async def until(condition, what):
    for _ in range(3000):  # states, never a fixed time: at most 30 s
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never {what}")


def test_a_stopped_rollout_keeps_its_trials_and_goes_on_in_the_background(monkeypatch):
    gate, done = gated(monkeypatch)
    states: list = []

    async def run():
        session = hinted(publish=states.append, background=True)
        before = session.revision
        assert session.handle({"type": "hint-rollout"}) is None
        running = session.state()["hint"]
        assert running["rollout"]["running"] and running["rollout"]["trials"] == 0 and not running["can_roll_out"]
        assert session.handle({"type": "hint-rollout"}) == "The hint's plays are being rolled out already."
        gate.release()
        await until(lambda: session.hint_rollout.trials == 4, "published the first batch")
        # a stop made on an older state still means this rollout
        assert session.handle({"type": "hint-rollout-cancel", "revision": before}) is None
        gate.release()  # the second batch, started before the stop, ends and is dropped
        await until(lambda: done == [4, 8], "ended the second batch")
        await asyncio.sleep(0)  # its done callback runs on the loop
        stopped = session.state()["hint"]
        assert stopped["rollout"] == {"plays": 3, "trials": 4, "total": 8, "truncate": 2, "running": False}
        assert stopped["can_roll_out"] and shown(session.state()) == expected(direct(session, 4))
        # going on: from trial 4, to the numbers of one run of 8
        assert session.handle({"type": "hint-rollout"}) is None
        gate.release()
        await until(lambda: not session.hint_rollout.running, "finished")
        return session

    session = asyncio.run(run())
    assert done == [4, 8, 8] and shown(session.state()) == expected(direct(session, 8))
    assert list(session.hint_rollout.result) == list(direct(session, 8))


def test_the_rollout_is_dropped_when_the_position_changes(monkeypatch):
    gate, done = gated(monkeypatch)
    states: list = []

    async def run():
        session = hinted(publish=states.append, background=True)
        assert session.handle({"type": "hint-rollout"}) is None
        assert session.handle({"type": "play", "notation": "8/4 6/5"}) is None  # the person plays meanwhile
        published = len(states)
        gate.release()
        await until(lambda: done == [4], "ended the batch")
        await asyncio.sleep(0.05)  # let a (wrong) publish of the dropped batch happen, if any would
        return session, published

    session, published = asyncio.run(run())
    assert session.hint_rollout is None and len(states) == published  # the batch was dropped unseen
    state = session.state()
    assert state["hint"] is None and state["turn"] == 1 and state["can"]["roll"]
    assert session.handle({"type": "roll"}) is None and session.state()["phase"] == "move"


def test_a_first_batch_of_one_trial_publishes_a_state_json_carries():
    """One trial measures no spread (an infinite standard error): the state says None, which
    JSON carries (Jupyter's messages refuse infinities), and the view writes it as ∞."""
    import json

    states: list = []
    session = hinted(publish=states.append)
    session.hint_rollout_settings = SMALL._replace(trials=2, batch=1)
    assert session.handle({"type": "hint-rollout"}) is None
    hints = [s["hint"] for s in states if s["hint"] and s["hint"]["rollout"]]
    first = next(hint for hint in hints if hint["rollout"]["trials"] == 1)
    assert [c["rollout"]["se"] for c in first["candidates"][:3]] == [None, None, None]
    for state in states:
        json.dumps(state, allow_nan=False)
    last = states[-1]["hint"]["candidates"][0]["rollout"]
    assert isinstance(last["se"], float) and isinstance(last["equity"], float)


def test_in_a_match_each_rolled_out_play_shows_the_match_winning_chance_its_chances_give():
    """Issue 33: the hint's rollout showed a money game's cubeless equity in a match too. In a
    5-point match at 0-0 each rolled-out play also shows the mover's cubeless match winning chance:
    the chance of each result (single, gammon, backgammon, won or lost) times the match equity
    table's value at the score it leads to."""
    from bgwidget.ai.met import match_winning_chance as met

    session = hinted(match_length=5)
    assert session.handle({"type": "hint-rollout"}) is None
    rows = {c["text"]: c["rollout"] for c in session.state()["hint"]["candidates"] if c["rollout"]}
    assert len(rows) == 3
    for rolled in session.hint_rollout.result:
        win, wg, wbg, lg, lbg = rolled.probabilities
        expected = (
            (win - wg) * met(4, 5) + (wg - wbg) * met(3, 5) + wbg * met(2, 5)
            + (1 - win - lg) * met(5, 4) + (lg - lbg) * met(5, 3) + lbg * met(5, 2)
        )  # fmt: skip
        assert abs(session.hint_rollout.mwc(rolled) - expected) < 1e-9
        assert rows[rolled.notation]["mwc"] == round(expected, 3)
    money = hinted()
    assert money.handle({"type": "hint-rollout"}) is None
    assert all(c["rollout"]["mwc"] is None for c in money.state()["hint"]["candidates"] if c["rollout"])


def test_a_refusal_of_the_rollout_running_is_not_shown_once_it_has_finished(monkeypatch):
    gate, done = gated(monkeypatch)
    busy = label("en", "why.rolling-out")

    async def run():
        session = hinted(background=True)
        assert session.handle({"type": "hint-rollout"}) is None
        assert session.handle({"type": "hint-rollout"}) == busy
        assert session.state()["status"].startswith(busy)
        gate.release()
        await until(lambda: done == [4], "ended the first batch")
        await asyncio.sleep(0.01)
        assert session.state()["status"].startswith(busy)  # still running: still true
        gate.release()
        await until(lambda: not session.hint_rollout.running, "finished")
        return session

    session = asyncio.run(run())
    assert busy not in session.state()["status"] and session.refusal is None
