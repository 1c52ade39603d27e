"""The rules exercises: a play made on the board is judged by the engine, in the board's language.

The exercises are driven as a learner drives them: intents sent to the board (through the
widget's message handler, as the view sends them, or ``Exercise.send``), plays typed in notation,
the Reset button clicked and the plays toggle pressed. The right and wrong plays and the rule each
refused move breaks are hand-checked from the positions (FORMATS.md's rule traps among them).
"""

from __future__ import annotations

import pytest

from bgwidget import Game, IllegalPlayError, Position, ai
from bgwidget.exercise import CubeExercise, Exercise, ExerciseError
from bgwidget.labels import LanguageError, label
from helpers import from_view as send

START = Position.initial()
WHY = "Two checkers make the point."
BETTER = "8/5 6/5 makes the 5-point."


def five_point(language="en", **kw):
    return Exercise(START, (3, 1), ["8/5 6/5"], WHY, better=BETTER, language=language, **kw)


def from_view(exercise, intent):
    """An intent as the page sends it: through every message handler of the board."""
    send(exercise.board, dict(intent, revision=exercise.board.revision))


def test_a_new_exercise_waits_for_the_play_on_a_teaching_board_with_the_dice_rolled():
    ex = five_point("sv")
    assert ex.board.players == (None, None) and ex.board.dice == (3, 1) and ex.board.position == START
    assert ex.board.language == "sv" and ex.board.teaching is True
    assert ex.verdict is None and ex.played is None
    assert ex.text == "Ditt slag: 3-1. Gör ditt drag på brädet."
    assert ex.reset_button.description == "Börja om" and ex.plays_button.description == "Visa dragen"


@pytest.mark.parametrize(
    "intent",
    [
        {"type": "hint"},
        {"type": "export", "format": "json"},
        {"type": "resign", "points": 1},
        {"type": "edit"},
        {"type": "edit-done"},
        {"type": "review"},
        {"type": "hint-rollout"},
    ],
)
def test_an_exercise_board_offers_only_the_play_and_refuses_forged_tool_intents(intent):
    ex = five_point("sv")
    state = ex.board.state
    assert state["tools"] is False
    assert not any(state["can"][k] for k in ("hint", "resign", "edit", "review", "export"))
    assert state["can"]["move"]
    before = (ex.board.position, ex.board.dice)
    from_view(ex, intent)  # as a page with its buttons forged would send it
    assert (ex.board.position, ex.board.dice) == before and ex.verdict == "refused"
    no_tools = label("sv", "why.no-tools")
    assert (
        ex.board.state["refused"] == no_tools and no_tools in ex.board.state["status"]
    )  # no checker: the status says it
    assert no_tools not in ex.text  # and only there (issue 38)
    from_view(ex, {"type": "move", "from": 8, "to": 5})  # playing goes on
    from_view(ex, {"type": "move", "from": 6, "to": 5})
    assert ex.verdict == "right"


def test_the_right_play_made_step_by_step_from_the_view():
    ex = five_point()
    from_view(ex, {"type": "move", "from": 8, "to": 5})
    assert ex.verdict is None and ex.text == "You have started: finish the play on the board."
    from_view(ex, {"type": "move", "from": 6, "to": 5})
    assert ex.verdict == "right" and str(ex.played) == "8/5 6/5"
    assert ex.text == f"Right: 8/5 6/5. {WHY}"
    assert 'data-verdict="right"' in ex.children[2].value


def test_a_legal_play_that_is_not_an_answer_says_what_the_right_one_is():
    ex = five_point("fr")
    ex.board.play("13/10 6/5")  # typed in notation
    assert ex.verdict == "wrong"
    assert ex.text == f"Pas celui-ci : 13/10 6/5. Une bonne réponse : 8/5 6/5. {WHY} {BETTER}"


def test_a_note_on_one_wrong_play_is_shown_after_that_play_alone():
    # "Your play leaves the 5-point empty", said after every wrong play, was false of 13/10 6/5.
    note = "24/20 leaves the 5-point empty."
    notes = {"24/20": note}
    ex = Exercise(START, (3, 1), ["8/5 6/5"], WHY, better=notes)
    ex.board.play("13/10 6/5")  # a wrong play the note is not about
    assert ex.verdict == "wrong" and ex.text == f"Not this one: 13/10 6/5. A right answer: 8/5 6/5. {WHY}"
    ex.reset()
    ex.board.play("24/20")
    assert ex.text == f"Not this one: 24/20. A right answer: 8/5 6/5. {WHY} {note}"
    told = Exercise(START, (3, 1), ["8/5 6/5"], WHY, better=lambda play: f"{play} has {play.hits} hits.")
    assert told.note(START.parse_play("13/10 6/5", 3, 1)) == "13/10 6/5 has 0 hits."
    with pytest.raises(ExerciseError):
        Exercise(START, (3, 1), ["8/5 6/5"], WHY, better={"8/5 6/5": "a note on the answer"})
    with pytest.raises(IllegalPlayError):
        Exercise(START, (3, 1), ["8/5 6/5"], WHY, better={"24/18": "no such play"})
    assert notes == {"24/20": note}  # the mapping is read, not changed


def test_a_refused_move_is_explained_by_the_rule_in_the_boards_language_and_changes_nothing():
    ex = five_point("fr")
    before = ex.board.position
    from_view(ex, {"type": "move", "from": 13, "to": 12})  # 1 from the 13-point: the opponent's 13-point, 5 checkers
    assert ex.verdict == "refused" and ex.board.position == before and ex.board.dice == (3, 1)
    waiting = label("fr", "exercise.waiting", dice="3-1")
    try:
        START.parse_play("13/12 24/21", 3, 1)
    except IllegalPlayError as error:
        assert error.reason == "point-held"
        # said once (issue 38): in the board's bubble beside the checker, not in its status nor the box
        state = ex.board.state
        assert state["refusal"] == {"reason": "point-held", "text": error.explain("fr"), "point": 13}
        assert state["teaching"] and error.explain("fr") not in state["status"]
        assert ex.text == waiting
    assert ex.board.state["refusal"]["text"] == "La flèche 12 est fermée : votre adversaire y a 5 pions."
    ex.send({"type": "move", "from": 6, "to": 1})  # a 5 with 3-1
    assert ex.verdict == "refused" and ex.text == waiting and "5" in ex.board.state["refused"]
    ex.board.play("8/5 6/5")  # the learner finds it after all
    assert ex.verdict == "right" and ex.text.startswith("Juste : 8/5 6/5.")


def test_a_typed_play_the_rules_refuse_is_explained():
    ex = five_point("sv")
    assert ex.send({"type": "play", "notation": "13/8"}) is not None  # a 5 with 3-1
    assert ex.verdict == "refused" and ex.board.state["refused"] in ex.board.state["status"]
    assert ex.board.state["refusal"]["point"] is None and ex.text == label("sv", "exercise.waiting", dice="3-1")
    assert ex.board.position == START


def test_reset_puts_the_position_and_dice_back_without_running_the_cell_again():
    ex = five_point()
    ex.board.play("13/10 6/5")
    assert ex.verdict == "wrong" and ex.board.turn == 1 and ex.board.dice == ()
    ex.reset_button.click()
    assert ex.board.position == START and ex.board.dice == (3, 1) and ex.board.turn == 0
    assert ex.verdict is None and ex.played is None and ex.text == "Your roll: 3-1. Make your play on the board."
    ex.board.play("8/5 6/5")  # judged again, from the start
    assert ex.verdict == "right"
    ex.reset()
    from_view(ex, {"type": "move", "from": 8, "to": 5})
    ex.reset()  # a play half made is taken back too
    assert ex.board.position == START and ex.board.dice == (3, 1) and not ex.board.game.steps


def test_an_answered_exercise_holds_its_board_on_the_learners_play_until_reset():
    ex = five_point()
    seat_0_numbering = ex.board.state["point_labels"]
    ex.board.play("13/10 6/5")
    state = ex.board.state
    # The play stays on the board, numbered from the learner's side, with its arrows; no game goes on.
    assert state["last_play"]["text"] == "13/10 6/5" and state["point_labels"] == seat_0_numbering
    assert not any(state["can"].values()) and state["status"].startswith(
        "Answered. Press Reset to put the position back"
    )
    held = ex.board.position
    for intent in ({"type": "roll"}, {"type": "double"}, {"type": "move", "from": 13, "to": 10}):
        assert ex.send(intent) == "This board is held on the answer given. Press Reset to put the position back."
        assert "Answered" not in ex.board.state["status"]  # the refusal says it once
    assert ex.board.position == held and ex.verdict == "wrong"
    ex.reset_button.click()
    assert ex.board.state["can"]["move"] and ex.board.state["status"] == "Your move: play 3-1"
    assert ex.board.state["names"] == ["You", "Opponent"]
    ex.board.play("8/5 6/5")
    assert ex.verdict == "right" and not any(ex.board.state["can"].values())


def test_the_plays_stay_hidden_until_asked():
    ex = five_point("fr")
    plays = START.legal_plays(3, 1)
    assert not ex.plays_shown and ex.plays_text == "" and ex.children[4].value == ""
    assert "bg-exercise-plays-hidden" in ex.get_state()["_dom_classes"]  # the board's own list of plays hidden too
    assert '.bg-exercise-plays-hidden [data-testid="plays"]' in ex.children[0].value
    ex.plays_button.value = True  # the toggle pressed
    listed = ", ".join(str(p) for p in plays)
    assert ex.plays_text == f"Coups légaux avec 3-1 ({len(plays)}) : {listed}"
    assert "8/5 6/5" in ex.children[4].value and ex.plays_button.description == "Cacher les coups"
    assert "bg-exercise-plays-hidden" not in ex.get_state()["_dom_classes"]
    ex.show_plays(False)
    assert ex.plays_text == "" and ex.children[4].value == "" and ex.plays_button.description == "Montrer les coups"
    assert "bg-exercise-plays-hidden" in ex.get_state()["_dom_classes"]


def test_answers_as_a_test_on_the_play_and_the_first_answer_shown_when_wrong():
    blot = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 16: 1, 13: 4, 8: 3, 6: 5})
    ex = Exercise(blot, (4, 2), lambda play: play.hits > 0, "Hit it.")
    assert all(p.hits for p in ex.right_plays) and len(ex.right_plays) > 1
    ex.board.play("13/11 6/2")
    assert ex.verdict == "wrong" and ex.text == f"Not this one: 13/11 6/2. A right answer: {ex.right_plays[0]}. Hit it."
    ex.reset()
    ex.board.play("13/9* 6/4")
    assert ex.verdict == "right" and ex.text == "Right: 13/9* 6/4. Hit it."


def test_the_authors_text_is_escaped_in_the_page():
    ex = Exercise(START, (3, 1), ["8/5 6/5"], "<b>bold</b> & more")
    ex.board.play("8/5 6/5")
    assert "<b>" not in ex.children[2].value and "&lt;b&gt;bold&lt;/b&gt; &amp; more" in ex.children[2].value


def test_bad_exercises_are_refused():
    closed = Position.from_points({"bar": 1, 13: 4, 8: 4, 6: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    with pytest.raises(ExerciseError):
        Exercise(closed, (6, 6), lambda play: True, "A dance has no play to make.")
    with pytest.raises(ExerciseError):
        Exercise(START, (3, 1), lambda play: False, "No play is right.")
    with pytest.raises(ExerciseError):
        Exercise(START, (3, 1), "8/5 6/5", "A string is not a list of answers.")
    with pytest.raises(IllegalPlayError):
        Exercise(START, (3, 1), ["13/8"], "Not a legal play of 3-1.")
    with pytest.raises(LanguageError):
        Exercise(START, (3, 1), ["8/5 6/5"], "x", language="de")
    assert isinstance(ExerciseError("x"), ValueError)


# a race, the doubler (on roll) 7 pips ahead
RACE_7 = Position.from_points({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 2})


def test_cube_exercise_take_and_pass_with_the_numbers():
    chances = ai.evaluate(RACE_7, "medium")
    # GNU Backgammon's race efficiency, 0.55 + 0.00125 per pip of the doubler (57 pips)
    decision = ai.cube_decision(chances, efficiency=0.55 + 0.00125 * 57)
    assert decision.action == "double, take"  # a take the learner may find tempting to pass
    ex = CubeExercise(RACE_7, "take", "A quarter of the races.", language="fr")
    assert ex.board.phase == "cube" and ex.board.game.offer.seat == 1  # the doubler at the top offers
    assert ex.board.state["names"] == ["Vous", "Adversaire"]  # the learner, who answers, at the bottom
    assert ex.board.state["status"] == "Adversaire propose le videau à 2"
    assert ex.text == "Votre adversaire double. Accepter ou refuser ? Répondez avec les boutons du plateau."
    assert ex.answer("pass") is None and ex.board.phase == "game-over"
    assert ex.board.session.held and not any(ex.board.state["can"].values())  # answered: held until Reset
    assert ex.board.state["point_labels"][:3] == [1, 2, 3]  # still numbered from the learner's side
    numbers = label(
        "fr",
        "exercise.cubeNumbers",
        win=f"{100 * chances[0]:.1f}\u00a0%".replace(".", ","),  # a no-break space: 54,8 and % on one line
        gammon=f"{100 * chances[1]:.1f}\u00a0%".replace(".", ","),
        take=f"{decision.double_take:.2f}".replace(".", ","),
        passed="1,00",
    )
    assert ex.verdict == "wrong" and ex.text == f"Pas cette réponse : refuser. A quarter of the races. {numbers}"
    ex.reset_button.click()
    assert ex.verdict is None and ex.board.phase == "cube" and ex.board.game.cube_value == 1
    assert ex.board.state["score"] == [0, 0]  # the point the pass lost is not carried over
    from_view(ex, {"type": "take"})
    assert ex.verdict == "right" and ex.text == f"Juste : accepter. A quarter of the races. {numbers}"
    assert ex.board.state["point_labels"][:3] == [1, 2, 3]
    ex.reset()  # after a take the cube was the taker's: a fresh game puts it back in the middle
    assert ex.board.phase == "cube" and ex.board.game.cube_owner is None and ex.verdict is None


def test_bad_cube_exercises_are_refused():
    with pytest.raises(ExerciseError):
        CubeExercise(RACE_7, "drop", "x")
    with pytest.raises(LanguageError):
        CubeExercise(RACE_7, "take", "x", language="de")


def test_a_click_on_a_checker_that_cannot_move_is_explained():
    two_back = Position.from_points({"bar": 2, 13: 5, 8: 3, 6: 5}, {6: 3, 5: 2, 24: 2, 13: 5, 8: 3})
    ex = Exercise(two_back, (6, 3), ["bar/22"], "Only the 3 enters.", language="sv")
    from_view(ex, {"type": "why", "from": 13})  # the teaching board asks why a checker does not move
    game = Game(position=two_back)
    game.roll((6, 3))
    rule = game.check_move(13)
    assert rule.reason == "bar-first"
    assert ex.verdict == "refused" and ex.board.state["refusal"]["text"] == rule.explain("sv")
    assert ex.text == label("sv", "exercise.waiting", dice="6-3")  # the board says why, the box keeps the question
    assert ex.board.position == two_back


def test_every_step_taken_back_the_exercise_waits_again_and_drops_a_refusal_no_longer_true():
    ex = five_point()
    waiting = label("en", "exercise.waiting", dice="3-1")
    from_view(ex, {"type": "move", "from": 8, "to": 5})  # the 3
    from_view(ex, {"type": "move", "from": 24, "to": 21})  # a second 3: refused, the 3 is played
    assert ex.verdict == "refused" and "The 3 of 3-1 has already been played." in ex.board.state["refused"]
    assert ex.text == label("en", "exercise.started")  # the box keeps what it said: the board says why
    from_view(ex, {"type": "undo"})  # the 3 is back: that refusal is no longer true
    assert ex.verdict is None and ex.text == waiting
    from_view(ex, {"type": "move", "from": 8, "to": 5})
    assert ex.text == label("en", "exercise.started")
    ex.send({"type": "undo"})
    assert ex.verdict is None and ex.text == waiting
