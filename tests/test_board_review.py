"""The board's move record, export and review mode (issue 14), driven through the Session and the widget.

Hand-checked positions and plays from the starting position; the review's own numbers come from
:func:`bgwidget.ai.review` (tested against GNU Backgammon in ``test_review.py``): here the board
must show exactly those, step through them, and leave the game as it was.
"""

import asyncio
import json
import re
import threading

import pytest

from bgwidget import Position, ai
from bgwidget.formats import from_json, from_mat, to_json
from bgwidget.labels import label
from bgwidget.session import IntentError, Session
from bgwidget.svg import board_arrays
from bgwidget.widget import BoardWidget
from helpers import from_view


def played(send=None, **settings) -> Session:
    """Two people, a 3-point match: 31 opening for seat 0 (8/5 6/5), 64 for seat 1 (24/14),
    seat 0 doubles, seat 1 takes, seat 0 rolls 21 and hits with 13/11* 6/5."""
    session = Session(players=("human", "human"), match_length=3, seed=7, animation=0, send=send, **settings)
    session.roll((3, 1))
    session.play("8/5 6/5")
    session.roll((6, 4))
    session.play("24/14")
    assert session.handle({"type": "double"}) is None
    assert session.handle({"type": "take"}) is None
    session.roll((2, 1))
    session.play("13/11* 6/5")
    return session


def test_the_record_is_numbered_as_a_mat_file_numbers_it():
    session = played()
    assert session.state()["record"] == [
        {"number": 1, "cells": ["", "31: 8/5 6/5"]},
        {"number": 2, "cells": ["64: 24/14", "Doubles to 2"]},
        {"number": 3, "cells": ["Takes", "21: 13/11* 6/5"]},
    ]
    # The .mat file of the same game has the same three numbered lines.
    mat_lines = [line for line in session.export("mat")[1].splitlines() if line.strip()[:2] in ("1)", "2)", "3)")]
    assert len(mat_lines) == 3 and "Doubles => 2" in mat_lines[1] and "Takes" in mat_lines[2]
    session.language = "fr"
    assert session.state()["record"][1]["cells"] == ["64: 24/14", "Double à 2"]
    session.language = "sv"
    assert session.state()["record"][2]["cells"][0] == "Tar"


def test_the_record_writes_each_roll_the_higher_die_first_as_the_status_does():
    """Issue 38: the record wrote "16" as rolled where the status said "6-1"; gnubg and XG write "61"."""
    session = Session(players=("human", "human"), match_length=3, seed=7, animation=0)
    session.roll((3, 1))
    session.play("8/5 6/5")
    session.roll((1, 6))  # seat 1 rolls the 6 second
    assert "6-1" in session.state()["status"]
    session.play("13/7 8/7")
    assert session.state()["record"][1]["cells"][0].startswith("61: ")


def test_export_sends_the_match_as_json_and_mat():
    sent: list = []
    session = played(send=sent.append)
    assert session.handle({"type": "export", "format": "json"}) is None
    assert session.handle({"type": "export", "format": "mat"}) is None
    (j, m) = sent
    assert (j["type"], j["name"], j["mime"]) == ("download", "Bottom-vs-Top.json", "application/json")
    assert from_json(j["text"]).games[0].record == session.match.games[0].record
    assert m["name"] == "Bottom-vs-Top.mat" and " 3 point match" in m["text"]
    back = from_mat(m["text"])
    plays = [e["play"] for e in back.games[0].record if e["type"] == "move"]
    assert plays == ["8/5 6/5", "24/14", "13/11* 6/5"]


def test_a_mat_of_a_game_set_up_from_a_position_says_why_and_sends_nothing():
    sent: list = []
    session = Session(
        players=("human", "human"), position=Position.from_position_id("4AAAsAAAAAAAAA"), send=sent.append
    )
    before = to_json(session.match)
    reason = session.handle({"type": "export", "format": "mat"})
    assert session.refusal.reason == "no-mat" and "JSON" in reason and sent == []
    assert to_json(session.match) == before
    assert session.handle({"type": "export", "format": "pdf"}) is not None and sent == []
    assert session.handle({"type": "export", "format": "json"}) is None and len(sent) == 1


@pytest.fixture(scope="module")
def reviewed():
    """A session in review mode of a short played game, and the review (at Medium: quick)."""
    session = played()
    before = session.state()
    assert session.handle({"type": "review", "level": "medium"}) is None
    return session, before


def test_review_mode_shows_each_decision_as_the_review_has_it(reviewed):
    session, _ = reviewed
    review = session.reviewing.review
    decisions = review.decisions
    # 31 play, seat 1's cube and 64 play, seat 0's double, seat 1's take, 21 play
    assert [(d.kind, d.seat, d.made) for d in decisions] == [
        ("play", 0, "8/5 6/5"),
        ("double", 1, "no double"),
        ("play", 1, "24/14"),
        ("double", 0, "double"),
        ("take", 1, "take"),
        ("play", 0, "13/11* 6/5"),
    ]
    session.handle({"type": "review-go", "to": "first"})
    state = session.state()
    first = decisions[0]
    assert state["review"]["index"] == 0 and state["review"]["count"] == 6
    assert state["points"] == board_arrays(first.position)["points"] == board_arrays(Position.initial())["points"]
    assert state["dice"] == [3, 1] and state["last_play"]["text"] == "8/5 6/5"
    assert state["last_play"]["steps"] == [[8, 5, False], [6, 5, False]]
    assert [c["text"] for c in state["hint"]["candidates"]] == [c.notation for c in first.candidates]
    assert state["review"]["best"] == first.best == "8/5 6/5"  # the best opening 31
    assert state["review"]["error"] == 0 and state["review"]["mark"] == ""
    assert state["review"]["text"].startswith("Game 1, move 1: Bottom — played 8/5 6/5, best 8/5 6/5, error 0.000")
    assert state["status"] == state["review"]["text"]
    assert not any(state["can"][key] for key in ("roll", "move", "double", "hint", "edit", "resign", "review"))
    session.handle({"type": "review-go", "to": "next"})
    session.handle({"type": "review-go", "to": "next"})
    state = session.state()  # seat 1's 64, drawn from seat 1's side: its 24/14 is board 1 -> 11
    assert state["review"]["index"] == 2 and state["turn"] == 1
    assert state["last_play"]["steps"] == [[1, 7, False], [7, 11, False]]
    assert state["review"]["best_steps"] == [[a, b, h] for a, b, h in state["hint"]["candidates"][0]["steps"]]
    assert state["review"]["mwc"] == round(decisions[2].mwc, 3)


def test_the_review_names_who_decided_not_you(reviewed):
    """A review of two other players said "Your action, no double, is the right one"."""
    session, _ = reviewed
    session.handle({"type": "review-go", "to": "first"})
    session.handle({"type": "review-go", "to": "next"})  # Top's cube before its 64: no double (any opening)
    assert session.state()["review"]["explanation"][0] == "Top's action, no double, is the right one."
    session.language = "fr"
    assert (
        session.state()["review"]["explanation"][0] == "Haut a choisi « pas de double » : c’est la bonne décision."
    )  # "Top" in French
    session.language = "en"
    session.handle({"type": "review-go", "to": "first"})
    lines = []
    for _ in session.reviewing.review.decisions:
        lines += session.state()["review"]["explanation"]
        session.handle({"type": "review-go", "to": "next"})
    assert not any(word in line.lower() for line in lines for word in ("your", "you "))


def test_a_take_is_shown_with_the_double_on_offer_and_the_cube_numbers(reviewed):
    session, _ = reviewed
    session.handle({"type": "review-go", "to": "last"})
    session.handle({"type": "review-go", "to": "previous"})
    state = session.state()
    take = session.reviewing.review.decisions[4]
    assert state["review"]["kind"] == "take" and state["review"]["made"] == "take"
    assert state["cube"]["offered"] and state["cube"]["value"] == 1 and state["cube"]["offered_value"] == 2
    assert state["hint"]["kind"] == "cube" and state["hint"]["double_take"] == round(take.cube.double_take, 3)
    assert state["hint"]["match_play"] is True
    session.language = "fr"
    assert "joué prendre, meilleur prendre" in session.state()["review"]["text"]
    session.language = "en"


def test_stepping_stops_at_the_ends_and_next_error_finds_the_next_marked_decision(reviewed):
    session, _ = reviewed
    decisions = session.reviewing.review.decisions
    session.handle({"type": "review-go", "to": "first"})
    assert session.handle({"type": "review-go", "to": "previous"}) is None
    assert session.state()["review"]["index"] == 0
    session.handle({"type": "review-go", "to": "last"})
    session.handle({"type": "review-go", "to": "next"})
    assert session.state()["review"]["index"] == 5
    session.handle({"type": "review-go", "to": "first"})
    marked = [i for i, d in enumerate(decisions) if d.mark]
    for i in marked:
        assert session.handle({"type": "review-go", "to": "next-error"}) is None
        assert session.state()["review"]["index"] == i
    index = session.state()["review"]["index"]
    assert session.handle({"type": "review-go", "to": "next-error"}) == "No error after this decision."
    assert session.state()["review"]["index"] == index
    assert session.handle({"type": "review-go", "to": "sideways"}) is not None


def test_the_game_waits_while_reviewed_and_leaving_returns_to_it(reviewed):
    session, before = reviewed
    record = to_json(session.match)
    for intent in ({"type": "roll"}, {"type": "hint"}, {"type": "edit"}, {"type": "new-game"}):
        assert session.handle(intent) == "The board is showing a review: leave it to play on."
        assert session.refusal.reason == "reviewing"
    assert session.handle({"type": "review"}) is None  # already shown: nothing new
    assert to_json(session.match) == record
    assert session.handle({"type": "review-leave"}) is None
    after = session.state()
    ignore = ("revision",)
    assert {k: v for k, v in after.items() if k not in ignore} == {k: v for k, v in before.items() if k not in ignore}
    assert session.handle({"type": "review-go", "to": "next"}) == "No review is shown."


def test_review_before_any_play_says_there_is_nothing_to_review():
    session = Session(players=("human", "human"), animation=0)
    assert session.handle({"type": "review", "level": "easy"}) is None
    assert session.reviewing is None and "No decision to review yet." in session.state()["status"]
    assert session.handle({"type": "review", "level": "grandmaster"}) is not None


def test_the_review_runs_off_the_event_loop_and_the_board_says_so():
    async def run():
        states: list = []
        session = played(publish=states.append, background=True)
        session.handle({"type": "review", "level": "easy"})
        assert session.review_running and states[-1]["reviewing"]
        assert states[-1]["status"].startswith("Reviewing the match…") and not states[-1]["can"]["review"]
        assert session.handle({"type": "review-go", "to": "next"}) is not None  # not shown yet
        for _ in range(600):
            if not session.review_running:
                break
            await asyncio.sleep(0.05)
        return session, states

    session, states = asyncio.run(run())
    assert states[-1]["review"]["count"] == 6 and not states[-1]["reviewing"]


def test_hint_in_a_match_ranks_by_emg_with_mwc_and_money_play_has_none():
    session = Session(players=("human", "human"), match_length=3, seed=1, animation=0)
    session.roll((3, 1))
    session.handle({"type": "hint"})
    candidates = session.state()["hint"]["candidates"]
    expected = ai.analyse(session.game.start_position, (3, 1), level="expert", game=session.game)
    assert [c["text"] for c in candidates] == [c.notation for c in expected]
    assert candidates[0]["text"] == "8/5 6/5"
    assert [c["emg"] for c in candidates] == sorted((c["emg"] for c in candidates), reverse=True)
    assert all(0 < c["mwc"] < 1 for c in candidates) and candidates[0]["mwc"] == round(expected[0].mwc, 3)
    money = Session(players=("human", "human"), seed=1, animation=0)
    money.roll((3, 1))
    money.handle({"type": "hint"})
    assert all(c["mwc"] is None for c in money.state()["hint"]["candidates"])


def test_the_widget_reviews_shows_a_review_made_in_python_and_sends_downloads():
    review = ai.review(played().match, "easy", progress=False)
    widget = BoardWidget.from_review(review, animation=0, background=False)
    assert widget.state["review"]["index"] == 0 and widget.state["review"]["count"] == 6
    from_view(widget, {"type": "review-go", "to": "last"})
    assert widget.state["review"]["index"] == 5
    from_view(widget, {"type": "review-leave"})
    assert widget.state["review"] is None and widget.state["record"][-1]["cells"][1] == "21: 13/11* 6/5"
    sent: list = []
    widget.send = sent.append  # as the kernel would hand it to the view
    from_view(widget, {"type": "export", "format": "json"})
    assert json.loads(sent[0]["text"])["games"][0]["record"] == review.match.games[0].record
    board = BoardWidget(players=("human", "human"), match_length=3, seed=7, animation=0, background=False)
    board.roll((3, 1))
    board.play("8/5 6/5")
    board.review("easy")
    assert board.state["review"]["made"] == "8/5 6/5"
    with pytest.raises(ai.LevelError):
        board.review("grandmaster")
    with pytest.raises(ValueError):
        BoardWidget.from_review("not a review")


def test_a_board_without_tools_is_not_put_in_review_mode_from_python():
    # Its view could neither step through the review nor leave it (review-go, review-leave:
    # no-tools), and every play waits for the review to be left: the board would be stuck.
    session = played(tools=False)
    before = session.state()
    made = ai.review(played().match, "easy", progress=False)
    for start in (lambda: session.review("easy"), lambda: session.show_review(made)):
        with pytest.raises(IntentError) as refused:
            start()
        assert refused.value.reason == "no-tools"
        assert session.reviewing is None and not session.review_running
    assert session.state() == before
    with pytest.raises(IntentError):
        BoardWidget.from_review(made, tools=False, background=False)


def review_in_background(session, states, intents=(), until=lambda s: not s.review_running):
    """Start a review of ``session`` on a running loop, send ``intents`` once it has published its
    first turn, and wait (for states, never a fixed time) until ``until(session)``."""

    async def run():
        assert session.handle({"type": "review", "level": "easy"}) is None
        for _ in range(600):
            if states[-1]["review_progress"] is not None:
                break
            await asyncio.sleep(0.01)
        answers = [session.handle(intent) for intent in intents]
        for _ in range(600):
            if until(session):
                break
            await asyncio.sleep(0.01)
        return answers

    return asyncio.run(run())


def test_the_review_publishes_its_progress_turn_by_turn_in_the_boards_language():
    states: list = []
    session = played(publish=states.append, background=True, language="fr")
    review_in_background(session, states)
    running = [s for s in states if s["reviewing"]]
    progress = [(s["review_progress"]["done"], s["review_progress"]["total"]) for s in running if s["review_progress"]]
    # three turns in the match (8/5 6/5, 24/14, 13/11* 6/5); the last one is always published
    assert progress[-1] == (3, 3) and all(total == 3 for _, total in progress) and progress == sorted(progress)
    assert running[0]["review_progress"] is None and running[0]["status"].startswith("Analyse du match en cours… ·")
    last = next(s for s in running if s["review_progress"] == {"done": 3, "total": 3})
    assert last["status"].startswith("Analyse en cours… tour 3 sur 3 ·") and not last["can"]["review"]
    assert states[-1]["review"]["count"] == 6 and states[-1]["review_progress"] is None
    assert label("fr", "board.reviewProgress", done=1, total=63) == "Analyse en cours… tour 1 sur 63"  # not "1 tours"
    assert label("sv", "board.reviewProgress", done=42, total=180) == "Analyserar… 42 av 180 drag"
    assert label("en", "board.reviewProgress", done=42, total=180) == "Reviewing… 42 of 180 turns"


def test_cancel_stops_the_review_and_the_board_is_as_it_was(monkeypatch):
    real, seen, gate = ai.review, [], threading.Event()

    def spy(match, level, progress):  # the real review, held after its first turn until the cancel
        def watched(done, total):
            seen.append((done, total))
            progress(done, total)
            if done == 1:
                gate.wait(30)

        try:
            return real(match, level, progress=watched)
        except Exception as error:
            seen.append(type(error).__name__)
            raise

    monkeypatch.setattr(ai, "review", spy)
    states: list = []
    session = played(publish=states.append, background=True)
    before = session.state()
    record = to_json(session.match)
    answers = review_in_background(
        session,
        states,
        # made on the state before the review: its progress has published newer ones since
        intents=[{"type": "review-cancel", "revision": before["revision"]}],
        until=lambda s: gate.set() or "_ReviewCancelled" in seen,
    )
    assert answers == [None] and seen == [(1, 3), (2, 3), "_ReviewCancelled"]  # stopped at its next turn
    after = session.state()
    assert not after["reviewing"] and after["review"] is None and after["review_progress"] is None
    assert after["message"] == "Review cancelled: the board is as it was."
    same = ("revision", "message", "status")
    assert {k: v for k, v in after.items() if k not in same} == {k: v for k, v in before.items() if k not in same}
    assert to_json(session.match) == record and after["can"]["review"] and after["can"]["roll"]
    # nothing to cancel now: refused with its reason, and nothing changes
    assert session.handle({"type": "review-cancel"}) == "No review is running."
    assert session.refusal.reason == "no-review-running" and to_json(session.match) == record
    with pytest.raises(IntentError):
        session.cancel_review()
    monkeypatch.setattr(ai, "review", real)
    session.review("easy")  # a new review after a cancel runs to the end (here at once: no loop)
    assert session.reviewing.review.complete and len(session.reviewing.review.decisions) == 6


def test_a_review_without_a_loop_publishes_its_first_turn_too():
    states: list = []
    session = played(publish=states.append)
    session.handle({"type": "review", "level": "easy"})
    assert {"done": 1, "total": 3} in [s["review_progress"] for s in states if s["reviewing"]]
    assert states[-1]["review"]["index"] == 0 and not states[-1]["reviewing"]


def test_the_widget_cancels_only_a_review_that_runs():
    board = BoardWidget(players=("human", "human"), match_length=3, seed=7, animation=0, background=False)
    revision = board.revision
    with pytest.raises(IntentError, match="No review is running"):
        board.cancel_review()
    assert board.revision == revision and board.state["review"] is None  # nothing changed, nothing published


def test_while_the_review_runs_no_button_offers_what_would_be_refused():
    async def run():
        states: list = []
        session = played(publish=states.append, background=True)
        session.handle({"type": "review", "level": "easy"})
        running = states[-1]
        refused = {kind: session.handle({"type": kind}) for kind in ("roll", "edit", "hint", "resign", "new-game")}
        session.cancel_review()
        await asyncio.sleep(0)
        return running, refused, session.state()

    running, refused, after = asyncio.run(run())
    assert running["reviewing"] and not any(running["can"].values())
    assert set(refused.values()) == {"A review is running: wait for it, or cancel it."}
    assert after["can"]["roll"] and after["can"]["review"] and after["can"]["edit"]


def test_a_review_of_a_finished_match_hides_its_result_banner_over_the_dice():
    session = played()
    session.handle({"type": "resign", "points": 1})  # Top (to roll) resigns at a 2-cube
    assert session.state()["result"] is not None
    session.handle({"type": "review", "level": "easy"})
    state = session.state()
    assert state["review"] is not None and state["result"] is None and state["dice"] == [3, 1]
    session.handle({"type": "review-leave"})
    assert session.state()["result"]["text"] == "Top resigns a single game: Bottom wins 2 points"


def test_long_and_odd_names_are_cut_on_the_board_but_kept_in_the_match():
    from bgwidget.svg import NAME_CHARS, board_svg

    long, odd = "X" * 200, "<script>alert(1)</script>"
    session = Session(players=("human", "human"), names=(odd, long), match_length=3, seed=7, animation=0)
    session.roll((3, 1))
    session.handle({"type": "resign", "points": 2})
    state = session.state()
    shown = "X" * (NAME_CHARS - 1) + "…"
    assert NAME_CHARS == 28 and len(odd) < NAME_CHARS  # "Ordinateur (Classe mondiale)", a default name, is whole
    assert state["names"] == [odd, shown] and session.match.names == (odd, long)
    assert state["result"]["text"] == f"{odd} resigns a gammon: {shown} wins 2 points"
    assert long not in state["status"] and shown in state["status"]
    assert session.export("json")[0] == "scriptalert1script-vs-" + "X" * 30 + ".json"  # file names: letters only
    svg = board_svg(Position.initial(), names=(odd, long))
    assert f">{shown}</text>" in svg and long not in svg and "&lt;script&gt;" in svg and "<script>" not in svg
    # too wide for the room left of the match label: squeezed into it; a short name is drawn as it is
    fifteen = board_svg(Position.initial(), names=(odd, long), match_length=15)
    squeezed = re.findall(r'<text [^>]*textLength="([\d.]+)"[^>]*data-name="(\d)"', fifteen)
    assert squeezed == [("309.3", "1")]  # 872 / 2 - len("15-point match") * 14 * 0.64 / 2 - 48 - 16


def test_a_one_point_match_is_said_in_the_singular():
    from bgwidget.svg import board_svg

    start = Position.initial()
    assert ">Match en 1 point</text>" in board_svg(start, match_length=1, language="fr")
    assert ">Match en 3 points</text>" in board_svg(start, match_length=3, language="fr")
    assert ">1-point match</text>" in board_svg(start, match_length=1)
    assert ">Match till 1 poäng</text>" in board_svg(start, match_length=1, language="sv")


def test_forged_review_intents_are_refused_and_change_nothing():
    """What a hostile page could send: each refused with its reason, the match and the board unchanged."""
    session = played()
    record = to_json(session.match)
    forged = [
        ({"type": "review-go", "to": 99}, "not-reviewing"),
        ({"type": "review-go", "to": -1}, "not-reviewing"),
        ({"type": "review-go"}, "not-reviewing"),
        ({"type": "review-leave"}, "not-reviewing"),
        ({"type": "review-cancel"}, "no-review-running"),
        ({"type": "review", "level": 7}, "invalid"),
        ({"type": "review", "level": ["expert"]}, "invalid"),
        ({"type": "review", "level": "grandmaster"}, "invalid"),
        ({"type": "reviewx"}, "invalid"),
        ({"type": "export", "format": ["json"]}, "invalid"),
        ({"type": "review", "revision": -5}, "stale"),
    ]
    for intent, reason in forged:
        before = session.state()
        assert session.handle(intent) is not None, intent
        assert session.refusal.reason == reason, intent
        after = session.state()
        assert {k: v for k, v in after.items() if k not in ("revision", "refused", "refusal", "status")} == {
            k: v for k, v in before.items() if k not in ("revision", "refused", "refusal", "status")
        }
        assert to_json(session.match) == record and session.reviewing is None and not session.review_running
    # setting up a position: a review (of the match, not the board being set up) waits for the end of it
    assert session.handle({"type": "edit"}) is None
    assert session.handle({"type": "review", "level": "easy"}) is not None and session.refusal.reason == "setting-up"
    assert session.reviewing is None and session.state()["edit"]
    with pytest.raises(IntentError):
        session.review("easy")
    assert (
        session.handle({"type": "edit-cancel"}) is None and session.handle({"type": "review", "level": "easy"}) is None
    )
    # shown: out-of-range steps stay at the ends, a forged step is refused, the game's intents too
    assert session.handle({"type": "review-go", "to": "last"}) is None
    index = session.state()["review"]["index"]
    for intent, reason in (
        ({"type": "review-go", "to": 6}, "invalid"),
        ({"type": "review-go", "to": "next"}, None),  # already at the last: stays there
        ({"type": "review-go", "to": [1]}, "invalid"),
        ({"type": "move", "from": "bar", "to": [1]}, "reviewing"),
        ({"type": "undo"}, "reviewing"),
    ):
        assert (session.handle(intent) is None) == (reason is None), intent
        assert getattr(session.refusal, "reason", None) == reason and session.state()["review"]["index"] == index
    assert to_json(session.match) == record


def test_review_mode_shows_the_record_of_the_decisions_game():
    session = played()
    session.handle({"type": "resign", "points": 1})  # game 1 ends; game 2 starts with its own record
    session.new_game()
    session.roll((6, 5))
    session.play("24/13")
    game_two = session.state()["record"]
    assert game_two == [{"number": 1, "cells": ["", "65: 24/13"]}]
    session.handle({"type": "review", "level": "easy"})
    state = session.state()
    assert state["review"]["game"] == 1 and state["record"][2]["cells"] == ["Takes", "21: 13/11* 6/5"]
    session.handle({"type": "review-go", "to": "last"})
    assert session.state()["review"]["game"] == 2 and session.state()["record"] == game_two


def test_python_and_javascript_squeeze_a_long_name_and_word_a_one_point_match_alike(tmp_path):
    from bgwidget.svg import render, shown_names
    from test_svg import POSITIONS, elements, run_node, view_state

    states = {}
    for length, language in ((1, "fr"), (15, "sv"), (0, "en")):
        state = view_state("start", *POSITIONS["start"])
        state.update(names=list(shown_names(("<script>alert(1)</script>", "W" * 200))), match_length=length)
        state.update(language=language, crawford=length == 15)
        states[f"{length}-{language}"] = state
    js = run_node(
        tmp_path,
        'import { drawBoard } from "JS_SRC/draw.js";\n'
        f"const states = {json.dumps(states)};\n"
        "process.stdout.write(JSON.stringify(Object.fromEntries(\n"
        "  Object.entries(states).map(([name, s]) => [name, drawBoard(s, {}, 'ID')]))));\n",
    )
    for name, state in states.items():
        py = render(state)
        assert not elements(py) - elements(js[name]), name
        # squeezed where the estimate is wider than the room the match label leaves: both names beside
        # the long Swedish label, the 28 characters only beside the French one, none in money play
        assert py.count("textLength") == {"1-fr": 1, "15-sv": 2, "0-en": 0}[name] == js[name].count("textLength")
    assert ">Match en 1 point</text>" in js["1-fr"] and ">Match till 15 poäng · Crawford</text>" in js["15-sv"]
