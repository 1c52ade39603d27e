"""The view state: one numbering at the boundary, the schema written once, golden fixtures.

The fixtures in js/test/fixtures/ are real states of real sessions, written here and read by the
node tests (js/test/fixtures.test.js), so both sides agree on one contract. This test writes them
afresh each run and fails when a committed one differed: commit the new files once the change is
meant.
"""

import json
import re
from pathlib import Path

import pytest

from bgwidget import Position, ai
from bgwidget.ai.analysis import LISTED
from bgwidget.position import mirror
from bgwidget.session import Replay, Session
from bgwidget.viewstate import ViewState, board_place, mover_point, view_state

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "js" / "test" / "fixtures"
STATE_JS = ROOT / "js" / "src" / "state.js"


def people(*rolls, **kw):
    """Two people at one screen, the dice fixed to ``rolls``."""
    session = Session(players=("human", "human"), seed=7, animation=0, **kw)
    session.game.dice.push(*rolls)
    return session


def test_board_numbering_helpers():
    assert [board_place(0, p) for p in (24, 13, 1, 25, 0)] == [24, 13, 1, "bar", "off"]
    assert [board_place(1, p) for p in (24, 13, 1, 25, 0)] == [1, 12, 24, "bar", "off"]
    for seat in (0, 1):
        assert [mover_point(seat, board_place(seat, p)) for p in range(26)] == list(range(26))
    assert mirror(mirror(5)) == 5 and mirror(1) == 24


def test_point_labels_are_read_from_the_persons_side():
    # Against the computer: the person's own numbering, whoever is to act (GNU Backgammon's habit).
    top_person = Session(players=("easy", "human"), seed=3, animation=0)
    assert view_state(top_person)["point_labels"][:3] == [24, 23, 22]
    assert view_state(Session(players=("human", "easy"), seed=3, animation=0))["point_labels"][:3] == [1, 2, 3]
    # Two people at one screen: the numbering of the seat to act.
    s = people((3, 1))
    s.roll()
    s.play("8/5 6/5")
    assert view_state(s)["turn"] == 1 and view_state(s)["point_labels"][0] == 24


def test_the_schema_is_written_once_for_both_sides():
    # The JSDoc @typedef ViewState lists exactly the keys of the TypedDict, and a real state has them.
    block = STATE_JS.read_text().split("@typedef {object} ViewState")[1].split("*/")[0]
    js_keys = re.findall(r"@property \{.*\} (\w+)", block)
    assert js_keys == list(ViewState.__annotations__)
    assert set(view_state(Session(animation=0))) == set(ViewState.__annotations__)


def test_steps_movable_and_moved_are_in_board_numbering_for_the_top_seat():
    s = people((3, 1), (6, 4))
    s.roll()
    s.play("8/5 6/5")
    s.roll()
    state = view_state(s)
    assert (state["turn"], state["phase"]) == (1, "move")
    # Seat 1 stands on board points 1 (2), 12 (5), 17 (3), 19 (5): its own 24, 13, 8, 6.
    assert sorted(state["movable"]) == [1, 12, 17, 19]
    # From its 24 (board 1): the 6 to board 7, on with the 4 to 11; the 4 alone would land on
    # board 5, the point 8/5 6/5 just made.
    assert {t["to"]: t["dice"] for t in state["steps"]["1"]} == {7: [6], 11: [6, 4]}
    assert s.handle({"type": "move", "from": 1, "to": 11}) is None
    state = view_state(s)  # both dice played: the turn has passed
    assert state["last_play"]["steps"] == [[1, 7, False], [7, 11, False]]
    assert state["last_play"]["text"] == "24/14" and state["turn"] == 0


def test_the_hint_shows_the_ply_each_play_reached():
    # The opening 4-3 has 17 legal plays: the Expert's move filter sends a few to 1-ply and the list
    # goes on with the best others at 0-ply, up to LISTED rows. The board says which is which.
    s = people()
    s.set_position(Position.initial(), dice=(4, 3))
    s.handle({"type": "hint"})
    rows = view_state(s)["hint"]["candidates"]
    expected = ai.analyse(s.game.start_position, (4, 3), level="expert", game=s.game)
    assert [(r["text"], r["ply"]) for r in rows] == [(c.notation, c.ply) for c in expected]
    plies = [r["ply"] for r in rows]
    assert len(plies) == LISTED < len(Position.initial().legal_plays(4, 3))
    assert plies[0] == 1 and plies[-1] == 0 and plies == sorted(plies, reverse=True)  # 1-ply first, then 0-ply
    assert all(type(p) is int for p in plies)


def fixture_states() -> dict:
    """Real states: each a step of a real session (hand-checked in js/test/fixtures.test.js)."""
    states = {}
    s = Session(players=("human", "easy"), seed=1, animation=0)
    states["opening"] = view_state(s)

    s = people((3, 1))
    s.roll()
    s.handle({"type": "move", "from": 8, "to": 5})
    states["move-seat0"] = view_state(s)  # 8/5 made, the 1 to play

    # FORMATS.md: 4HPwATDgc/ABUA has the side on roll at 6:5 8:3 13:5 24:1 bar:1; here the top seat.
    s = people()
    s.set_position(Position.from_position_id("4HPwATDgc/ABUA", turn=1), dice=(4, 2))
    states["move-seat1-bar"] = view_state(s)  # seat 1 must enter first
    s.handle({"type": "move", "from": "bar", "to": 4})
    states["move-seat1"] = view_state(s)  # entered on board point 4 (its own 21), the 2 to play

    s = people((3, 1))
    s.roll()
    s.play("8/5 6/5")
    s.handle({"type": "double"})
    states["cube-offer"] = view_state(s)  # seat 1 offers 2, seat 0 to answer

    s = people((3, 1))
    s.roll()
    s.handle({"type": "resign", "points": 2})
    states["game-over"] = view_state(s)

    s = people((3, 1))
    s.roll()
    s.play("8/5 6/5")
    s.game.resign(2, seat=1)  # as a save restores it: at the board a resignation is answered at once
    states["resign-offer"] = view_state(s)  # seat 1 offers a gammon, seat 0 to accept or decline

    s = people((3, 1))
    s.roll()
    s.handle({"type": "edit"})
    s.handle({"type": "edit-move", "seat": 1, "from": 1, "to": "bar"})
    states["edit"] = view_state(s)

    s = Session(players=("human", "easy"), seed=11, animation=0)
    s.game.dice.push((3, 1))
    s.roll()
    s.handle({"type": "hint"})
    states["hint"] = view_state(s)

    # FORMATS.md: 4HPwATDgc/ABUA: the side on roll (here the bottom) has a checker on the bar.
    s = Session(players=("human", "easy"), seed=11, animation=0, teaching=True, language="fr")
    s.set_position(Position.from_position_id("4HPwATDgc/ABUA"), dice=(6, 4))
    s.handle({"type": "why", "from": 13})
    states["refused"] = view_state(s)  # a checker on the bar: the one on 13 may not move

    s = Session(players=("human", "easy"), seed=11, animation=0, tutor="bad")
    s.set_position(Position.initial(), dice=(5, 3))
    s.handle({"type": "play", "notation": "13/10 8/3"})
    states["tutor"] = view_state(s)  # a very bad play held: the Expert's 8/3 6/3 drawn dashed

    s = people((3, 1), (6, 4))
    s.roll()
    s.play("8/5 6/5")
    s.roll()
    s = Session(replay=Replay(s.match, 1, 1), players=("human", "human"), animation=0)
    states["replay"] = view_state(s)  # the replay of that game at its opening roll: 3-1 to play, nothing to move
    return states


@pytest.fixture(scope="module")
def states():
    return fixture_states()


def test_fixture_states_are_what_they_claim(states):
    assert states["opening"]["phase"] == "opening" and states["opening"]["can"]["roll"]
    assert states["move-seat0"]["moved"] == [[8, 5, False]] and states["move-seat0"]["dice_left"] == [1]
    assert states["move-seat1-bar"]["movable"] == ["bar"] and states["move-seat1-bar"]["turn"] == 1
    assert states["move-seat1"]["moved"] == [["bar", 4, False]]
    assert states["cube-offer"]["cube"]["offered_value"] == 2 and states["cube-offer"]["can"]["take"]
    assert states["game-over"]["result"] == {
        "winner": 1,
        "points": 2,
        "how": "resigned gammon",
        "kind": "gammon",
        "text": "Bottom resigns a gammon: Top wins 2 points",
    }
    assert states["edit"]["edit"] and states["edit"]["bar"] == [0, 1]
    offer = states["resign-offer"]
    assert offer["phase"] == "cube" and offer["turn"] == 0 and offer["can"]["accept"] and offer["can"]["decline"]
    assert not offer["cube"]["offered"] and offer["status"].startswith("Top offers to resign a gammon · ")
    refused = states["refused"]
    assert refused["teaching"] and refused["bar"] == [1, 0] and refused["movable"] == ["bar"]
    assert refused["refusal"] == {"reason": "bar-first", "text": refused["refused"], "point": 13}
    assert refused["refused"] not in refused["status"]  # the bubble says it, once (issue 38)
    tutor = states["tutor"]["tutor"]
    assert tutor["mark"] == "very bad" and tutor["made"] == "13/10 8/3" and tutor["best"] == "8/3 6/3"
    assert states["tutor"]["moved"] == [[8, 3, False], [13, 10, False]] and not any(states["tutor"]["can"].values())
    assert states["hint"]["hint"]["kind"] == "plays" and states["hint"]["hint"]["candidates"][0]["text"] == "8/5 6/5"
    replay = states["replay"]
    assert replay["phase"] == "move" and replay["dice"] == [3, 1] and replay["movable"] == [] and not replay["steps"]
    assert [key for key, can in replay["can"].items() if can] == ["review", "export"]
    assert replay["record"] == [{"number": 1, "cells": ["", "31: 8/5 6/5"]}]  # the game's whole record
    assert replay["replay"] == {
        "game": 1,
        "games": 1,
        "actions": 1,
        "index": 1,
        "count": 4,  # the start, the opening roll, the play, the second roll
        "step": 1,  # in the game, the match's only one
        "steps": 4,
        "start": False,
        "end": False,
        "line": 0,
        "lines": [[0, 2]],
        "text": "Replay: game 1 of 1",
    }
    assert replay["status"] == "Replay: game 1 of 1 · Bottom to play 3-1"  # a stop on the opening roll


def test_golden_fixtures_are_current(states):
    FIXTURES.mkdir(exist_ok=True)
    stale = []
    for name, state in states.items():
        path = FIXTURES / f"{name}.json"
        text = json.dumps(state, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        if not path.exists() or path.read_text() != text:
            stale.append(name)
            path.write_text(text)
    assert not stale, f"js/test/fixtures rewritten, commit them: {stale}"
