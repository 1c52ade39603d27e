"""The board says when the kernel works on something that can take over half a second (issue 38):
``state["busy"]`` names it with a sentence in the board's language (and how far it is, where that
is counted) while it runs, and is None once it is done."""

import pytest

from bgwidget import Position
from bgwidget.ai import bearoff
from bgwidget.labels import label
from bgwidget.session import HINT_ROLLOUT, Session

RACE = Position.from_points({1: 3, 2: 2, 4: 2, 6: 1}, {1: 2, 3: 3, 5: 2, 6: 2})


@pytest.fixture
def no_tables(monkeypatch, tmp_path):
    """A fresh install: no tables in this process, none cached."""
    monkeypatch.setenv("BGWIDGET_CACHE", str(tmp_path))
    bearoff.database.cache_clear()
    yield
    bearoff.database.cache_clear()


@pytest.mark.parametrize("language", ["en", "fr", "sv"])
def test_a_race_hint_says_it_prepares_the_bear_off_tables_then_stops_saying_so(no_tables, language):
    states: list = []
    session = Session(players=("human", "human"), position=RACE, dice=(6, 2), language=language, publish=states.append)
    assert not bearoff.loaded() and session.state()["busy"] is None
    assert session.handle({"type": "hint"}) is None
    busy = [s for s in states if s["busy"] is not None]
    text = label(language, "board.preparingTables")
    assert [s["busy"] for s in busy] == [{"kind": "tables", "text": text, "done": None, "total": None}]
    assert busy[0]["status"].startswith(text) and busy[0]["hint"] is None  # said before the hint is worked out
    assert bearoff.loaded()
    last = states[-1]
    assert last["busy"] is None and text not in last["status"] and last["hint"]["candidates"]
    # Once the tables are there, a hint says nothing of them.
    states.clear()
    again = Session(players=("human", "human"), position=RACE, dice=(5, 4), publish=states.append)
    assert again.handle({"type": "hint"}) is None
    assert all(s["busy"] is None for s in states)


def test_a_hint_before_the_race_does_not_prepare_the_tables(no_tables):
    states: list = []
    session = Session(players=("human", "human"), position=Position.initial(), dice=(4, 1), publish=states.append)
    assert session.handle({"type": "hint"}) is None
    assert all(s["busy"] is None for s in states)


def test_a_rollout_counts_its_trials_while_it_runs():
    states: list = []
    session = Session(players=("human", "human"), position=Position.initial(), dice=(4, 1), publish=states.append)
    session.hint_rollout_settings = HINT_ROLLOUT._replace(trials=8, batch=4, truncate=2)
    assert session.handle({"type": "hint"}) is None
    states.clear()
    assert session.handle({"type": "hint-rollout"}) is None
    running = [s["busy"] for s in states if s["busy"] is not None]
    text = label("en", "board.rollingOut", done=4, total=8)
    assert running == [{"kind": "rollout", "text": text, "done": 4, "total": 8}]
    assert text in next(s["status"] for s in states if s["busy"] is not None)
    assert states[-1]["busy"] is None and states[-1]["hint"]["rollout"]["trials"] == 8


def test_the_computer_thinking_and_a_review_are_busy_states_with_the_status_words():
    session = Session(players=("human", "expert"), seed=3, animation=0)
    session.thinking = True
    state = session.state()
    assert state["busy"] == {"kind": "thinking", "text": state["status"], "done": None, "total": None}
    session.thinking = False
    assert session.state()["busy"] is None
