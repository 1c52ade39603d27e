"""BoardWidget without a browser: every intent, valid and invalid, against the game layer.

Values are hand-checked from the starting position (seat 0 at the bottom moves 24 -> 1) and
the rules; each refused intent must leave the game exactly as it was and still republish.
"""

import asyncio
import gc
import time

import pytest
import traitlets

from bgwidget import Game, Position, ai
from bgwidget.svg import board_arrays
from bgwidget.widget import BoardWidget
from helpers import from_view

START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]


def people(**kw):
    """Two people at one screen; seat 0 wins the opening with 3-1."""
    w = BoardWidget(players=("human", "human"), seed=7, animation=0, **kw)
    w.game.dice.push((3, 1))
    assert w.intent({"type": "roll"}) is None
    return w


def snapshot(w):
    s = dict(w.state)
    for key in ("revision", "refused", "refusal", "status", "hint"):
        s.pop(key)
    return s, list(w.game.record), w.position


def refused(w, intent, *words):
    """Send an intent that must be refused: nothing changes, the state is republished. Each of
    ``words`` is in the sentence or is the refusal's reason."""
    before, revision = snapshot(w), w.revision
    reason = w.intent(intent)
    assert reason, f"{intent} was accepted"
    for word in words:
        assert word in reason or word == w.session.refusal.reason, (word, w.session.refusal.reason, reason)
    assert snapshot(w) == before
    assert w.revision == revision + 1 and w.state["revision"] == w.revision
    assert w.state["refused"] == reason
    return reason


def test_opening_state():
    w = BoardWidget(players=("human", "easy"), seed=1, animation=0)
    s = w.state
    assert (s["phase"], s["turn"], s["points"], s["bar"], s["off"]) == ("opening", 0, START, [0, 0], [0, 0])
    assert s["pips"] == [167, 167] and s["position_id"] == "4HPwATDgc/ABMA" == w.position_id
    assert (
        s["can"]["roll"]
        and not s["can"]["double"]
        and s["cube"] == {"value": 1, "owner": None, "offered": False, "offered_value": None, "disabled": False}
    )
    assert s["names"] == ["You", "Computer (Easy)"] and s["human"] == [True, False]


def test_opening_roll_gives_the_legal_step_map():
    w = people()
    s = w.state
    assert (s["phase"], s["turn"], s["dice"], s["dice_left"]) == ("move", 0, [3, 1], [3, 1])
    # From the start with 3-1: 13/12 is blocked by the opponent's five checkers on 12.
    reach = {int(k): sorted(t["to"] for t in v) for k, v in s["steps"].items()}
    assert reach == {24: [20, 21, 23], 13: [9, 10], 8: [4, 5, 7], 6: [2, 3, 5]}
    assert "8/5 6/5" in s["plays"] and len(s["plays"]) == 16


def test_move_steps_and_play_passes_the_turn():
    w = people()
    plays = []
    w.on_play(lambda widget, seat, play: plays.append((seat, str(play))))
    assert w.intent({"type": "move", "from": 8, "to": 5}) is None
    s = w.state
    assert s["moved"] == [[8, 5, False]] and s["dice_left"] == [1]
    assert s["points"][7] == 2 and s["points"][4] == 1 and s["can"]["undo"]
    assert w.intent({"type": "move", "from": "6", "to": 5}) is not None  # a point is a number
    assert w.intent({"type": "move", "from": 6, "to": 5}) is None
    s = w.state
    assert (s["phase"], s["turn"], s["dice"]) == ("roll", 1, [])
    assert s["last_play"]["text"] == "8/5 6/5" and s["last_play"]["seat"] == 0
    assert s["last_play"]["before"]["points"] == START
    assert s["last_roll"] == {"seat": 0, "dice": [3, 1]}
    assert plays == [(0, "8/5 6/5")]


def test_top_seat_moves_in_board_numbering():
    w = people()
    w.play("8/5 6/5")
    w.game.dice.push((6, 4))
    w.intent({"type": "roll"})
    # Seat 1's 24/18 is board point 1 -> 7, in the steps map and in the intent.
    assert {"to": 7, "dice": [6]} in w.state["steps"]["1"] and 1 in w.state["movable"]
    assert w.intent({"type": "move", "from": 1, "to": 7}) is None
    assert w.state["moved"] == [[1, 7, False]] and w.state["points"][0] == -1 and w.state["points"][6] == -1


def test_forged_and_impossible_moves_change_nothing():
    w = people()
    refused(w, {"type": "move", "from": 1, "to": 22}, "opponent-checker")  # the opponent's checkers stand there
    refused(w, {"type": "move", "from": 13, "to": 3}, "no-die")  # 10 pips: no die or sum of 3-1
    refused(w, {"type": "move", "from": 6, "to": "off"}, "not-all-home")  # bearing off is not allowed yet
    refused(w, {"type": "move", "from": 6, "to": 0}, "not a point")  # off is "off", 25 is no point
    refused(w, {"type": "move", "from": "x", "to": 3}, "not a point")
    refused(w, {"type": "move", "from": 26, "to": 3}, "not a point")
    refused(w, {"type": "fly"}, "unknown")
    refused(w, ["move"], "dict")
    refused(w, {"type": "roll"}, "already-rolled")
    refused(w, {"type": "double"}, "double-after-roll")
    refused(w, {"type": "take"}, "no-offer")
    refused(w, {"type": "undo"}, "nothing-to-undo")
    refused(w, {"type": "done"}, "play-incomplete")
    refused(w, {"type": "new-game"}, "game-in-play")
    refused(w, {"type": "play", "notation": "8/3"}, "no-die", "5 pips")  # no 5 among 3-1
    refused(w, {"type": "play", "notation": 13}, "notation")


def test_stale_intents_two_rapid_clicks_and_moves_after_done():
    w = people()
    revision = w.revision
    assert w.intent({"type": "move", "from": 8, "to": 5, "revision": revision}) is None
    # The second click of a fast double click was made on the old board.
    refused(w, {"type": "move", "from": 6, "to": 5, "revision": revision}, "stale")
    assert w.intent({"type": "move", "from": 6, "to": 5, "revision": w.revision}) is None
    # After the play is over, the same step is refused: the dice are gone.
    refused(w, {"type": "move", "from": 6, "to": 5, "revision": w.revision}, "not-rolled")


def test_fast_clicks_made_before_a_refusal_arrived_still_count():
    # Fast clicks: the first moves, the second (made on the board before it) is stale; the third,
    # made on the board after the first move but before the refusal arrived, acts on what it saw.
    w = people()
    before = w.revision
    assert w.intent({"type": "move", "from": 8, "to": 5, "revision": before}) is None
    moved = w.revision
    refused(w, {"type": "move", "from": 8, "to": 7, "revision": before}, "stale")
    assert w.intent({"type": "move", "from": 6, "to": 5, "revision": moved}) is None
    assert w.state["refused"] == "" and w.state["phase"] == "roll" and w.state["turn"] == 1


def test_a_stale_notice_goes_with_the_next_state_that_is_not_a_refusal():
    w = people()
    revision = w.revision
    assert w.intent({"type": "move", "from": 8, "to": 5, "revision": revision}) is None
    refused(w, {"type": "move", "from": 6, "to": 5, "revision": revision}, "stale")
    assert w.state["status"].startswith("The board changed meanwhile: try again. · ")
    w.language = "fr"  # a state the notebook's code publishes: newer than the notice
    assert w.state["refused"] == "" and w.state["status"].startswith("À ")
    refused(w, {"type": "play", "notation": "8/3"}, "no-die")  # any other refusal stays as it was
    w.language = "en"
    assert w.state["status"].startswith("No die of 3-1")


def test_an_empty_play_box_says_so_in_place_of_the_last_refusal():
    w = people()
    refused(w, {"type": "play", "notation": "25/1"}, "no-die")
    refused(w, {"type": "play", "notation": "  "}, "no-play-typed")
    assert w.state["status"].startswith("Type a play first, such as 13/8 6/5. · ")
    w.language = "sv"
    assert w.state["refused"] == "Skriv ett drag först, till exempel 13/8 6/5."


def test_intents_for_the_computers_seat_are_refused():
    w = BoardWidget(players=("easy", "human"), seed=3, animation=0)
    w.game.dice.push((2, 1))
    # The person (seat 1) rolls the opening; seat 0 (the computer) wins it and plays at once.
    assert w.intent({"type": "roll"}) is None
    s = w.state
    assert s["last_play"]["seat"] == 0 and s["turn"] == 1 and s["phase"] == "roll"
    assert s["can"]["roll"] and s["can"]["double"]
    w.game.dice.push((6, 5))
    w.intent({"type": "roll"})
    w.play(w.state["plays"][0])  # the person's play; then the computer rolls and plays by itself
    assert w.game.turn == 1 and w.state["last_play"]["seat"] == 0
    # opening, the computer's play, the person's roll and play, the computer's roll and play
    assert [a["type"] for a in w.game.record] == ["opening", "move", "roll", "move", "roll", "move"]
    assert [a["seat"] for a in w.game.record[1:]] == [0, 1, 1, 0, 0]
    refused(w, {"type": "take"}, "no-offer")


def test_undo_and_done_with_confirm():
    w = people(confirm=True)
    start = w.position
    w.intent({"type": "move", "from": 24, "to": 20})  # one checker, both dice
    assert w.state["moved"] == [[24, 23, False], [23, 20, False]] and w.state["can"]["done"]
    assert w.intent({"type": "undo"}) is None
    assert w.position == start and w.state["moved"] == [] and w.state["dice_left"] == [3, 1]
    w.intent({"type": "move", "from": 8, "to": 5})
    w.intent({"type": "move", "from": 6, "to": 5})
    assert w.state["phase"] == "move" and w.state["can"]["done"] and not w.state["can"]["roll"]
    assert w.state["status"].startswith("Bottom: Done ends the play"), w.state["status"]  # not "to play 3-1"
    assert w.intent({"type": "done"}) is None
    assert w.state["phase"] == "roll" and w.state["turn"] == 1
    assert w.state["last_play"]["text"] == "8/5 6/5"


def test_move_by_one_die_when_it_matters():
    w = people()
    # 24 -> 20 with the 3 first passes through 21; "die" picks the step the view asked for.
    assert w.intent({"type": "move", "from": 24, "to": 21, "die": 3}) is None
    assert w.state["dice_left"] == [1]
    refused(w, {"type": "move", "from": 21, "to": 18, "die": 3}, "die-used")


def test_a_die_that_moves_the_checker_there_is_refused_by_the_rule_that_stops_it():
    w = people()  # the bottom on roll with 3-1 from the start; the top holds 12 with 5 checkers
    refused(w, {"type": "move", "from": 13, "to": 12, "die": 1}, "point-held", "Point 12 is blocked")
    assert w.intent({"type": "move", "from": 8, "to": 5}) is None
    # 6 to 2 is 3 + 1, a sum: the 3 is played, and the 1 left does not move a checker 4 pips
    refused(w, {"type": "move", "from": 6, "to": 2}, "dice-left", "Only one 1 of 3-1 is left")


def test_play_intent_in_notation():
    w = people()
    assert w.intent({"type": "play", "notation": "24/21 24/23"}) is None
    assert w.state["last_play"]["text"] == "24/23 24/21"
    assert w.state["points"][23] == 0 and w.state["points"][20] == 1 and w.state["points"][22] == 1


def test_cube_offer_take_and_pass():
    w = people()
    w.play("8/5 6/5")
    assert w.state["can"]["double"]
    assert w.intent({"type": "double"}) is None
    s = w.state
    assert (s["phase"], s["turn"], s["cube"]["offered"]) == ("cube", 0, True)
    assert s["can"]["take"] and s["can"]["pass"] and not s["can"]["roll"]
    refused(w, {"type": "roll"}, "offer")
    assert w.intent({"type": "take"}) is None
    s = w.state
    assert (s["phase"], s["turn"], s["cube"]["value"], s["cube"]["owner"]) == ("roll", 1, 2, 0)
    assert not s["can"]["double"]  # seat 0 owns the cube now
    refused(w, {"type": "double"}, "cube-owned")
    w.game.dice.push((5, 2))
    w.intent({"type": "roll"})
    w.play("13/8 13/11")
    w.intent({"type": "double"})  # seat 0 redoubles to 4; seat 1 passes
    assert w.intent({"type": "pass"}) is None
    s = w.state
    assert s["phase"] == "game-over" and s["result"] == {
        "winner": 0,
        "points": 2,
        "how": "pass",
        "kind": "single game",
        "text": "Top passes: Bottom wins 2 points",
    }
    assert s["score"] == [2, 0] and s["can"]["new_game"]
    assert w.intent({"type": "new-game"}) is None
    assert w.state["phase"] == "opening" and w.state["score"] == [2, 0] and w.state["cube"]["value"] == 1


def test_match_over_and_crawford():
    w = BoardWidget(players=("human", "human"), match_length=1, seed=2, animation=0)
    assert w.state["cube"]["disabled"]
    w.game.dice.push((3, 1))
    w.intent({"type": "roll"})
    w.intent({"type": "resign"})  # seat 0 resigns a single game; at one screen it is accepted
    s = w.state
    assert s["phase"] == "match-over" and s["match_winner"] == 1 and s["result"]["how"] == "resigned single game"


def test_resign_against_the_computer_and_hint():
    w = BoardWidget(seed=11, animation=0)
    w.game.dice.push((5, 2))
    w.intent({"type": "roll"})
    assert w.state["turn"] == 0 and w.state["phase"] == "move"
    assert w.intent({"type": "hint"}) is None
    hint = w.state["hint"]
    assert hint["kind"] == "plays" and hint["seat"] == 0
    texts = [c["text"] for c in hint["candidates"]]
    assert texts == [str(c.play) for c in ai.analyse(w.game.start_position, (5, 2), level="expert")]
    assert set(texts) <= set(w.state["plays"]) and hint["candidates"][0]["error"] == 0
    assert all(a["equity"] >= b["equity"] for a, b in zip(hint["candidates"], hint["candidates"][1:]))
    refused(w, {"type": "resign", "points": 4}, "1 (single)")
    assert w.intent({"type": "resign", "points": 2}) is None
    assert w.state["result"] == {
        "winner": 1,
        "points": 2,
        "how": "resigned gammon",
        "kind": "gammon",
        "text": "You resign a gammon: Computer (Easy) wins 2 points",
    }


def test_computer_against_computer_plays_a_legal_game():
    w = BoardWidget(players=("easy", "easy"), seed=5, animation=0)
    assert w.state["phase"] == "game-over"
    # Replaying the record in a fresh game reaches the same end: every action was legal.
    replay = Game(seed=0)
    for action in w.game.record:
        replay.apply(action)
    assert replay.result == w.game.result and replay.position == w.position
    assert w.position.outcome().winner == w.game.result.winner


def test_edit_mode_sets_up_a_position():
    w = people()
    refused(w, {"type": "edit-move", "seat": 0, "from": 24, "to": "bar"}, "start setting up")
    assert w.intent({"type": "edit"}) is None
    assert w.state["edit"] and not w.state["can"]["roll"]
    refused(w, {"type": "move", "from": 8, "to": 5}, "being set up")
    assert w.intent({"type": "edit-move", "seat": 0, "from": 24, "to": "bar"}) is None
    assert w.state["bar"] == [1, 0] and w.state["points"][23] == 1
    refused(w, {"type": "edit-move", "seat": 0, "from": 13, "to": 12}, "setup-occupied")  # seat 1 holds 12
    refused(w, {"type": "edit-move", "seat": 1, "from": "off", "to": 3}, "no checker off")
    assert w.intent({"type": "edit-move", "seat": 1, "from": 19, "to": "off"}) is None
    assert w.state["off"] == [0, 1]
    # FORMATS.md: 4HPwATDgc/ABUA has the side on roll at 6:5 8:3 13:5 24:1 bar:1, the other at the start.
    assert w.intent({"type": "edit-id", "id": "4HPwATDgc/ABUA"}) is None
    assert w.state["bar"] == [1, 0] and w.state["points"][23] == 1
    refused(w, {"type": "edit-id", "id": "nonsense"}, "14 characters")
    assert w.intent({"type": "edit-turn", "turn": 1}) is None
    assert w.state["turn"] == 1 and w.state["bar"] == [1, 0]
    refused(w, {"type": "edit-dice", "dice": [7, 1]}, "1..6")
    assert w.intent({"type": "edit-dice", "dice": [6, 5]}) is None
    assert w.state["position_id"] == Position.from_position_id("4HPwATDgc/ABUA").swap().position_id()
    assert w.intent({"type": "edit-done"}) is None
    s = w.state
    assert (s["edit"], s["phase"], s["turn"], s["dice"]) == (False, "move", 1, [6, 5])
    assert w.position == Position.from_position_id("4HPwATDgc/ABUA", turn=0).swap()


def test_python_api_observe_and_set_position():
    w = BoardWidget(players=("human", "human"), seed=4, animation=0)
    seen = []
    w.observe(lambda change: seen.append(change["new"]), names="position_id")
    w.set_position(Position.from_position_id("4AAAsAAAAAAAAA"), dice=(6, 1))
    assert w.phase == "move" and w.dice == (6, 1) and seen == ["4AAAsAAAAAAAAA"]
    w.play("2/off 1/off")
    assert seen[-1] == w.position_id == w.position.position_id()
    with pytest.raises(ValueError):
        BoardWidget(players=("human", "grandmaster"))
    with pytest.raises(ValueError):
        BoardWidget(language="de")
    with pytest.raises(ValueError):
        w.language = "de"
    w.language = "sv"
    assert w.state["language"] == "sv"
    assert BoardWidget(language="fr", animation=0).state["names"] == ["Vous", "Ordinateur (Facile)"]


def test_board_arrays_of_a_position_with_the_top_side_on_roll():
    pos = Position.from_position_id("4HPwAVDgc/ABMA", turn=1)  # the side not on roll: 24:1 bar:1
    arrays = board_arrays(pos)
    assert arrays["bar"] == [1, 0] and arrays["points"][23] == 1 and arrays["turn"] == 1


def test_the_computer_runs_off_the_event_loop():
    async def main():
        w = BoardWidget(players=("human", "easy"), seed=9, animation=0, background=True)
        w.game.dice.push((1, 6))  # seat 1, the computer, wins the opening
        assert w.intent({"type": "roll"}) is None
        assert w.state["thinking"] and not w.state["can"]["roll"]
        refused(w, {"type": "roll"}, "computer is playing")
        for _ in range(200):
            if not w.state["thinking"]:
                break
            await asyncio.sleep(0.01)
        s = w.state
        assert not s["thinking"] and s["turn"] == 0 and s["phase"] == "roll" and s["last_play"]["seat"] == 1
        assert s["can"]["roll"]

    asyncio.run(main())


def test_without_a_kernel_the_computer_plays_at_once_even_inside_an_event_loop():
    async def main():
        w = BoardWidget(players=("human", "easy"), seed=9, animation=0)
        w.game.dice.push((1, 6))
        w.intent({"type": "roll"})
        assert not w.state["thinking"] and w.state["last_play"]["seat"] == 1

    asyncio.run(main())


def test_messages_from_the_view_go_through_the_same_checks():
    w = people()
    before = w.revision
    from_view(w, {"type": "move", "from": 8, "to": 5, "revision": w.revision})
    assert w.state["moved"] == [[8, 5, False]] and w.revision == before + 1
    from_view(w, "not a dict")
    assert "dict" in w.state["refused"] and w.state["moved"] == [[8, 5, False]]


def test_set_position_after_a_game_starts_the_next_game_of_the_match():
    w = BoardWidget(players=("human", "human"), match_length=3, seed=2, animation=0)
    w.game.dice.push((3, 1))
    w.intent({"type": "roll"})
    w.intent({"type": "resign", "points": 2})  # seat 0 resigns a gammon: 0-2 in a 3-point match
    assert w.state["score"] == [0, 2] and w.phase == "game-over"
    w.set_position(Position.initial(), dice=(6, 5))
    assert len(w.match.games) == 2 and w.game.crawford  # seat 1 is 1-away: the Crawford game
    assert (w.phase, w.dice, w.state["score"]) == ("move", (6, 5), [0, 2])
    assert not w.state["can"]["double"]


def test_medium_computer_cube_decisions_follow_the_ai():
    # A race the bottom player wins easily: 4AAAsAAAAAAAAA has the side on roll at 1:2 2:1 and
    # the other at 6:3 (FORMATS.md), twelve off each; the computer (seat 0) is on roll.
    race = Position.from_position_id("4AAAsAAAAAAAAA")
    w = BoardWidget(players=("medium", "human"), seed=3, animation=0, position=race)
    # The computer doubles a sure win... and the person must answer.
    assert (w.phase, w.turn, w.state["cube"]["offered"]) == ("cube", 1, True)
    assert w.state["can"]["take"] and w.state["can"]["pass"]
    w.intent({"type": "pass"})
    assert (w.state["result"]["how"], w.state["result"]["winner"], w.state["result"]["points"]) == ("pass", 0, 1)
    assert w.state["result"]["text"] == "You pass: Computer (Medium) wins 1 point"
    # The same race with the person on roll: the person doubles and Medium passes.
    w = BoardWidget(players=("human", "medium"), seed=3, animation=0, position=race)
    assert w.intent({"type": "double"}) is None
    assert w.state["result"]["text"] == "Computer (Medium) passes: you win 1 point"
    assert (w.state["result"]["how"], w.state["result"]["winner"], w.state["result"]["points"]) == ("pass", 0, 1)
    # An even opening position: Medium takes.
    w = BoardWidget(players=("human", "medium"), seed=3, animation=0, position=Position.initial())
    w.intent({"type": "double"})
    assert (w.phase, w.state["cube"]["value"], w.state["cube"]["owner"]) == ("roll", 2, 1)


def test_easy_never_doubles_and_takes():
    race = Position.from_position_id("4AAAsAAAAAAAAA")
    w = BoardWidget(players=("easy", "human"), seed=3, animation=0, position=race)
    assert w.state["cube"]["value"] == 1 and w.game.record[0]["type"] == "roll"
    w = BoardWidget(players=("human", "easy"), seed=3, animation=0, position=race)
    w.intent({"type": "double"})
    assert w.state["cube"] == {"value": 2, "owner": 1, "offered": False, "offered_value": None, "disabled": False}


def test_hint_before_rolling_gives_the_cube_decision_and_clears_after():
    w = BoardWidget(seed=11, animation=0)
    w.game.dice.push((5, 2))
    w.intent({"type": "roll"})
    w.play(str(ai.choose_play(w.game.start_position, (5, 2), level="medium")))
    assert w.state["phase"] == "roll" and w.state["turn"] == 0 and w.state["can"]["hint"]
    w.intent({"type": "hint"})
    hint = w.state["hint"]
    decision = ai.cube_decision(ai.evaluate(w.game.start_position, "expert"))
    assert hint["kind"] == "cube" and hint["action"] == decision.action
    assert hint["no_double"] == round(decision.no_double, 3) and hint["double_pass"] == 1.0
    w.intent({"type": "roll"})
    assert w.state["hint"] is None  # advice belongs to the decision it was asked at


def test_hint_when_answering_a_double():
    # Two people: seat 1 doubles, seat 0 asks for advice on the take.
    w = BoardWidget(players=("human", "human"), seed=11, animation=0)
    w.game.dice.push((5, 2), (4, 1))
    w.intent({"type": "roll"})
    w.play(str(ai.choose_play(w.game.start_position, w.game.rolled, level="medium")))
    assert w.state["turn"] == 1 and w.state["phase"] == "roll"
    w.intent({"type": "double"})
    assert w.state["phase"] == "cube" and w.state["turn"] == 0 and w.state["can"]["hint"]
    w.intent({"type": "hint"})
    decision = ai.cube_decision(ai.evaluate(w.game.start_position, "expert"))
    assert w.state["hint"]["kind"] == "cube" and w.state["hint"]["take"] == decision.should_take
    w.intent({"type": "take"})
    assert w.state["hint"] is None


class LastPlay:
    """A Player of one's own: the last legal play; no cube methods (never doubles, always takes)."""

    name = "last play"

    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return plays[-1] if plays else None


def test_a_custom_player_plays_a_whole_game_against_itself_on_the_board():
    seen = []
    w = BoardWidget(players=(LastPlay(), LastPlay()), seed=5, animation=0)
    assert w.phase == "game-over" and w.state["players"] == ["last play", "last play"]
    # Every play was the last legal play of its roll, replayed from the record.
    replay = Game(seed=0)
    for action in w.game.record:
        if action["type"] == "move" and action["play"]:
            plays = replay.start_position.legal_plays(*replay.rolled)
            seen.append(action["play"] == str(plays[-1]))
        replay.apply(action)
    assert len(seen) > 10 and all(seen) and replay.result == w.game.result


def test_a_custom_player_against_a_person_on_the_board():
    bot = LastPlay()
    w = BoardWidget(players=("human", bot), seed=3, animation=0)
    assert w.players == (None, bot) and w.state["names"] == ["You", "Computer (last play)"]
    checked = []

    def check(widget, seat, play):
        _, before, _ = widget.session.last_play
        if seat == 1:
            checked.append(play == before.legal_plays(*widget.game.last_roll)[-1])

    w.on_play(check)
    for _ in range(400):  # the person makes the first legal play by intents; the player answers
        if w.phase == "game-over":
            break
        if w.phase in ("opening", "roll"):
            assert w.intent({"type": "roll"}) is None
        else:
            assert w.state["can"]["move"] and w.intent({"type": "play", "notation": w.state["plays"][0]}) is None
    assert w.phase == "game-over" and len(checked) > 10 and all(checked)


def test_a_refused_set_up_leaves_the_whole_match_as_it_was():
    # Issue 11's example: a finished game, then a set-up of a position already won is refused.
    from bgwidget.formats import to_json

    w = people()
    w.intent({"type": "resign"})
    assert w.phase == "game-over" and w.match.score == (0, 1)
    w.intent({"type": "edit"})
    assert w.intent({"type": "edit-id", "id": "AAAAAAAAAAAAAA"}) is None  # every checker borne off
    saved = to_json(w.match)
    reason = refused(w, {"type": "edit-done"}, "setup-won")
    assert reason and to_json(w.match) == saved and len(w.match.games) == 1
    assert (w.phase, w.state["edit"], w.match.score) == ("game-over", True, (0, 1))


def test_the_view_cannot_write_a_bad_setting_or_the_state():
    w = people()
    sent = []
    w.send_state = lambda key=None: sent.append(key)  # what goes back to the view
    before = dict(w.state)
    for name, value in [
        ("language", "xx"),
        ("language", None),
        ("animation", -5),
        ("animation", float("nan")),
        ("animation", float("inf")),
        ("animation", "1"),
        ("state", {"phase": "game-over"}),
    ]:
        w.set_state({name: value})  # as ipywidgets does for a message from the view
        assert sent[-1] == [name], name  # the view is sent Python's value back
    assert (w.language, w.animation) == ("en", 0.0) and w.state == before
    w.set_state({"language": "fr", "animation": 0.5})
    assert (w.state["language"], w.state["animation"]) == ("fr", 0.5)
    assert ["language"] not in sent[7:] and ["animation"] not in sent[7:]  # kept, not sent back
    # From Python: the same checks, as ValueErrors, and the value stays.
    for name, value in [("language", "xx"), ("language", 5), ("animation", -1), ("animation", float("nan"))]:
        with pytest.raises(ValueError):
            setattr(w, name, value)
    with pytest.raises(traitlets.TraitError):
        w.state = {}
    assert (w.language, w.animation) == ("fr", 0.5)
    for seconds in (float("inf"), 1e308, 10.01):  # a step of hours would hang the computer's turn
        with pytest.raises(ValueError, match="from 0 to 10"):
            BoardWidget(animation=seconds)
    assert BoardWidget(animation=10).animation == 10.0


def test_the_message_handler_never_raises():
    w = people()

    def broken(*args, **kw):
        raise RuntimeError("a bug in the rules")

    w.game.undo = broken  # a bug, not a bad intent
    revision = w.revision
    from_view(w, {"type": "undo"})
    assert w.revision == revision + 1 and "internal error" in w.state["refused"]
    for content in (None, 3, [], {"type": None}, {"type": "move", "from": {}, "to": []}, {"revision": "x"}):
        from_view(w, content)
        assert w.state["refused"]


def test_a_thousand_hints_cost_one_analysis(monkeypatch):
    analyse, calls = ai.analyse, []
    monkeypatch.setattr(ai, "analyse", lambda *a, **k: calls.append(a) or analyse(*a, **k))
    w = BoardWidget(seed=11, animation=0)
    w.game.dice.push((5, 2))
    w.intent({"type": "roll"})
    w.intent({"type": "hint"})
    first = w.state["hint"]
    for _ in range(1000):
        from_view(w, {"type": "hint"})
    assert len(calls) == 1 and w.state["hint"] == first


def test_a_burst_of_intents_while_the_computer_thinks_starts_no_other_computation():
    class Counting:
        name = "counting"

        def __init__(self):
            self.calls, self.games = 0, []

        def choose_play(self, position, dice):
            self.calls += 1
            time.sleep(0.02)
            plays = position.legal_plays(*dice)
            return plays[0] if plays else None

        def offer_double(self, game):
            self.calls += 1
            self.games.append(game)
            return False

    bot = Counting()
    errors = []

    async def main():
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context))
        w = BoardWidget(players=("human", bot), seed=9, animation=0, background=True)
        w.game.dice.push((1, 6))  # the computer wins the opening
        w.intent({"type": "roll"})
        for _ in range(3):  # three of its turns, each met by a burst of 20 intents
            for i in range(20):
                from_view(w, {"type": ["roll", "hint", "double", "undo"][i % 4]})
                assert w.state["refused"]
            while w.state["thinking"]:
                await asyncio.sleep(0.005)
            w.intent({"type": "roll"})
            if w.state["can"]["move"]:
                w.intent({"type": "play", "notation": w.state["plays"][0]})
        while w.state["thinking"]:
            await asyncio.sleep(0.005)
        return w

    w = asyncio.run(main())
    gc.collect()  # a dropped future that held an exception would be reported now
    turns = [a for a in w.game.record if a.get("seat") == 1 and a["type"] == "move"]
    doubles_asked = sum(1 for a in w.game.record if a.get("seat") == 1 and a["type"] == "roll")
    assert bot.calls == len(turns) + doubles_asked and len(turns) >= 3 and not errors
    assert all(game is not w.game for game in bot.games)  # it thought on a copy of the game


def test_from_match_shows_a_game_of_a_loaded_match_and_plays_on():
    from pathlib import Path

    from bgwidget.formats import from_mat

    # A 7-point match GNU Backgammon played against itself (tests/data/sgf/); game 3 is the
    # Crawford game at 6-0, "root" in seat 0.
    match = from_mat(Path(__file__).parent / "data" / "sgf" / "gnubg-7pt.mat")
    w = BoardWidget.from_match(match, game=3, seed=2, animation=0)
    state = w.state
    assert (w.phase, state["score"], state["crawford"], state["match_length"]) == ("opening", [6, 0], True, 7)
    assert state["names"] == ["root", "gnubg"] and w.players == (None, None)
    assert w.position == Position.initial()
    assert w.intent({"type": "roll"}) == w.state["refused"] != "" and w.phase == "opening"  # a replay
    assert w.intent({"type": "replay-play"}) is None and w.state["replay"] is None
    assert w.intent({"type": "roll"}) is None and w.phase == "move"
    assert len(match.games) == 6 and match.games[2].result is not None  # the loaded match is unchanged
    with pytest.raises(ValueError):
        BoardWidget.from_match(match, game=7)
